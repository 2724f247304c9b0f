/**
 * Words as search reads them: the index's tokens (letters and digits, lower
 * case, accents dropped) and their Porter stems, the stop words and question
 * words a ranked query leaves out, and numbers written as words.
 */
import { stemmer } from 'stemmer'

/** One word of a text: where it is, and its stem. */
export interface Token {
  /** Offsets of the word in the text: `[start, end)`. */
  start: number
  end: number
  /** The word folded: lower case, no accents. */
  word: string
  stem: string
}

const stems = new Map<string, string>()

/** The Porter stem of a folded word (as SQLite FTS5's porter tokenizer gives it), memoized. */
export function stemOf(word: string): string {
  let stem = stems.get(word)
  if (stem === undefined) {
    // Digits and mixed tokens (704, 5j) are not English words.
    stem = /^[a-z]+$/.test(word) ? stemmer(word) : word
    if (stems.size > 200_000) stems.clear()
    stems.set(word, stem)
  }
  return stem
}

/** Lower case without accents (`Dandân` -> `dandan`, `Æther` -> `æther`). */
export function foldWord(word: string): string {
  const lower = word.toLowerCase()
  return /^[a-z0-9]*$/.test(lower) ? lower : lower.normalize('NFKD').replace(/\p{M}/gu, '')
}

const wordCharacter = /^[\p{L}\p{N}]$/u
const nonAscii = new Map<number, boolean>()

/** Whether a code point is a letter or a digit (a word's), ASCII answered without a regular expression. */
function isWordCharacter(code: number): boolean {
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57)
  let known = nonAscii.get(code)
  if (known === undefined) {
    known = wordCharacter.test(String.fromCodePoint(code))
    if (nonAscii.size > 10_000) nonAscii.clear()
    nonAscii.set(code, known)
  }
  return known
}

/**
 * Where the words of `text` are, as the index splits them (runs of letters and digits,
 * `/[\p{L}\p{N}]+/u`): `[start, end)` of each word, one after the other in one array.
 */
export function wordSpans(text: string): number[] {
  const spans: number[] = []
  let start = -1
  for (let at = 0; at < text.length; ) {
    const code = text.codePointAt(at)!
    const width = code > 0xffff ? 2 : 1
    if (isWordCharacter(code)) {
      if (start < 0) start = at
    } else if (start >= 0) {
      spans.push(start, at)
      start = -1
    }
    at += width
  }
  if (start >= 0) spans.push(start, text.length)
  return spans
}

/** The words of `text` in order, as the index splits them (`can't` is `can`, `t`; `704.5j` is `704`, `5j`). */
export function tokenize(text: string): Token[] {
  const spans = wordSpans(text)
  const tokens: Token[] = []
  for (let index = 0; index < spans.length; index += 2) {
    const word = foldWord(text.slice(spans[index], spans[index + 1]))
    tokens.push({ start: spans[index], end: spans[index + 1], word, stem: stemOf(word) })
  }
  return tokens
}

/**
 * Words that say nothing about which rule is meant: articles, pronouns,
 * auxiliaries, and the words of a question ("what happens if", "how does ...
 * work", "can I"). A ranked query leaves them out unless it has nothing else.
 */
export const stopWords: ReadonlySet<string> = new Set(
  (
    'a an the and or of to in on at by for from with as into onto about than then so such ' +
    'is are was were be been being am do does did doing done has have had having ' +
    'i me my you your we our us he she him her his it its they them their this that these those there here ' +
    'what which who whom whose when where why how whether if can could may might must shall should will would ' +
    'happen happens happened work works mean means meaning rule rules say says said get gets got ' +
    'just also very really any some thing things way anyway please tell explain question t s not ' +
    'dont doesnt didnt cant wont isnt arent wasnt im ive id youre thats theres whats hes shes'
  ).split(' ')
)

/**
 * Words that are stop words only in a question, not in a name: "rule" is
 * noise in "what does the rule say" but the point of "legend rule".
 */
export const weakStopWords: ReadonlySet<string> = new Set(['rule', 'rules', 'work', 'works', 'mean', 'means'])

const numberWords = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty'
]
const numberOfWord = new Map(numberWords.map((word, value) => [word, String(value)]))
numberOfWord.set('thirty', '30')
numberOfWord.set('forty', '40')
numberOfWord.set('fifty', '50')
numberOfWord.set('hundred', '100')
const wordOfNumber = new Map([...numberOfWord].map(([word, value]) => [value, word]))
// "No loyalty", "no cards in hand": the rules say loyalty 0 (one way only: a 0 is not "no").
numberOfWord.set('no', '0')

/** The other way to write a number: `10` <-> `ten`, `0` <-> `zero`; `undefined` for other words. */
export function numberTwin(word: string): string | undefined {
  return numberOfWord.get(word) ?? wordOfNumber.get(word)
}

/**
 * Irregular forms of the verbs the rules use, which no stemmer joins: a question's "leaves the
 * battlefield" is the rules' "has left the battlefield", its "deals damage" their "damage dealt".
 * Each line is one verb's forms.
 */
const irregularVerbs = [
  'leave leaves leaving left',
  'deal deals dealing dealt',
  'choose chooses choosing chose chosen',
  'pay pays paying paid',
  'draw draws drawing drew drawn',
  'take takes taking took taken',
  'give gives giving gave given',
  'lose loses losing lost',
  'win wins winning won',
  'come comes coming came',
  'become becomes becoming became',
  'fight fights fighting fought',
  'keep keeps keeping kept',
  'find finds finding found',
  'spend spends spending spent',
  'strike strikes striking struck',
  'steal steals stealing stole stolen',
  'begin begins beginning began begun',
  'lay lays laying laid',
  'bring brings bringing brought',
  'send sends sending sent',
  'hide hides hiding hid hidden',
  'write writes writing wrote written',
  'see sees seeing saw seen',
  'fall falls falling fell fallen',
  'forget forgets forgetting forgot forgotten',
  'make makes making made',
  'mean means meaning meant',
  'sell sells selling sold',
  'tell tells telling told'
].map((line) => line.split(' '))

const formsOfVerb = new Map<string, readonly string[]>()
for (const forms of irregularVerbs) for (const form of forms) formsOfVerb.set(form, forms)

/**
 * The other forms of an irregular verb whose stems differ from this word's (`leaves` -> `left`;
 * `left` -> `leave`), as folded words; none for any other word.
 */
export function irregularTwins(word: string): string[] {
  const forms = formsOfVerb.get(word)
  if (!forms) return []
  const stem = stemOf(word)
  const seen = new Set([stem])
  const twins: string[] = []
  for (const form of forms) {
    const other = stemOf(form)
    if (seen.has(other)) continue
    seen.add(other)
    twins.push(form)
  }
  return twins
}
