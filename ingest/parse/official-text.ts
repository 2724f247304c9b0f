/**
 * Stage 3 of the pipeline for official editions: decoded text -> rules,
 * examples and glossary, with positioned messages.
 *
 * Handles every layout published since 1999: the hard-wrapped 70-105 column
 * editions (rejoined into whole paragraphs), the one-paragraph-per-line
 * editions, tables of contents, underlined headings, the glossary with its
 * aliases, obsolete terms and numbered senses, and the sources' own slips
 * (`702. 37a`, `606. 8b`, `119.1d.`, a missing period, double spaces).
 */
import { CrdbError } from '../../src/vocabulary/errors.js'
import { sortKeyOf } from '../../src/vocabulary/rule-number.js'
import type { SourceMessage } from '../../src/vocabulary/messages.js'
import { parseGlossary, type ParsedTerm } from './glossary.js'
import { examplePattern, toParagraphs, type Paragraph } from './paragraphs.js'

export type { ParsedTerm } from './glossary.js'

/** One numbered rule as it stands in a document. */
export interface ParsedRule {
  /** Canonical number: `7`, `704`, `704.5`, `704.5j`. */
  number: string
  /** The rule's text; for sections and three-digit rules, their title. Paragraphs are joined by `\n`. */
  text: string
  /** Examples in document order, without their `Example:` prefix. */
  examples: string[]
  /** 1-based line where the rule starts. */
  line: number
}

/** Everything read from one official edition. */
export interface ParsedEdition {
  /** The effective date the document states, `YYYY-MM-DD`. */
  effectiveDate: string
  /** The phrase (or header) that states it: `effective as of November 8, 2024`. */
  dateStatement: string
  dateLine: number
  rules: ParsedRule[]
  glossary: ParsedTerm[]
  /** True when the document stops before its end (no Credits section). */
  truncated: boolean
  /** True when the document is hard-wrapped and paragraphs were rejoined. */
  wrapped: boolean
  /**
   * Numbered paragraphs whose printed number breaks the sequence or lacks its
   * subrule: the ones the next edition may decide (see `NextEdition`).
   */
  misprints: number
  messages: SourceMessage[]
}

/**
 * The rules of the edition after the one being read, as evidence for its
 * misprinted numbers: where a number breaks the sequence, the number the next
 * edition prints the same text under decides the repair when it fits (it
 * follows the rule before and no rule of this edition carries it).
 */
export interface NextEdition {
  /** Its effective date, named in the messages of the repairs it decides. */
  date: string
  /** Its numbered rules; only the first paragraph of each text is compared. */
  rules: ReadonlyArray<{ number: string; text: string }>
}

/** Options for {@link parseOfficialText}. */
export interface ParseOptions {
  /** The next edition of the archive, when it has one. */
  nextEdition?: NextEdition
}

const months = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']

// `100.1.`, `100.1a`, `702. 37a` (slip), `119.1d.` (slip), `100.1 Text` (missing period).
const subrulePattern = /^(\d{3})\.( ?)(\d{1,3})([a-z]?)(\.?)(?=\s)\s+(.*)$/
// `305.3.After` (slip: no space after the number)
const gluedPattern = /^(\d{3})\.(\d{1,3})([a-z]?)\.(?=[A-Z"“])(.*)$/
// `306.b If` (slip: the subrule number is missing; the rule before tells it)
const letterOnlyPattern = /^(\d{3})\.([a-z])\s+(.*)$/
// `100. General`
const rulePattern = /^(\d{3})\.\s+(\S.*)$/
// `1. Game Concepts`
const sectionPattern = /^(\d)\.\s+(\S.*)$/

/**
 * Parse the text of an official Comprehensive Rules edition.
 *
 * @throws {CrdbError} `E_NO_DATE` when the document states no effective date,
 *   `E_FORMAT` when it has no numbered rules at all.
 */
export function parseOfficialText(text: string, name: string, options: ParseOptions = {}): ParsedEdition {
  const lines = text.split('\n')
  const messages: SourceMessage[] = []
  const { date, statement, line: dateLine } = findEffectiveDate(lines, name)

  const firstSubrule = lines.findIndex((line) => /^\s*100\.1[.a-z]?\s/.test(line))
  if (firstSubrule < 0) throw new CrdbError('E_FORMAT', `${name}: no numbered rules found (no rule 100.1)`)
  let bodyStart = firstSubrule
  for (let index = firstSubrule - 1; index >= 0 && index > firstSubrule - 40; index--) {
    if (/^\s*1\.\s+\S/.test(lines[index])) {
      bodyStart = index
      break
    }
  }

  let glossaryStart = -1
  for (let index = lines.length - 1; index > bodyStart; index--) {
    if (lines[index].trim() === 'Glossary') {
      glossaryStart = index
      break
    }
  }
  let glossaryEnd = -1
  if (glossaryStart >= 0) {
    glossaryEnd = lines.findIndex((line, index) => index > glossaryStart && /^(Credits|Index)$/.test(line.trim()))
  }
  const truncated = glossaryStart < 0 || glossaryEnd < 0
  const bodyEnd = glossaryStart >= 0 ? glossaryStart : lines.length
  const wrapped = isHardWrapped(lines)

  const { rules, misprints } = parseRules(lines, bodyStart, bodyEnd, wrapped, messages, options.nextEdition)
  const damagedQuotes = hasDamagedQuotes(text)
  if (damagedQuotes) {
    // Which of ' " ’ “ ” — each ? stood for the text does not say: the neighbouring editions may (source-damage.ts). Reported once.
    const first = lines.findIndex((line) => damagedQuoteAt.test(line))
    messages.push({
      line: first + 1,
      severity: 'error',
      code: 'damaged-quotes',
      text: `the document prints its apostrophes, quotes and dashes as "?" (${(text.match(damagedQuotePattern) ?? []).length} times, first at line ${first + 1}); each is restored where the editions before and after agree, else kept as printed`
    })
  }
  const glossary =
    glossaryStart >= 0 ? parseGlossary(lines, glossaryStart + 1, glossaryEnd < 0 ? lines.length : glossaryEnd, { wrapped, damagedQuotes }, messages) : []

  if (truncated) {
    const last = lastNonBlankLine(lines)
    const where =
      glossaryStart < 0 ? `in the rules (after rule ${rules.at(-1)?.number ?? 'none'})` : `in the glossary (after "${glossary.at(-1)?.term ?? 'none'}")`
    messages.push({
      line: last + 1,
      severity: 'error',
      code: 'truncated',
      text: `document is truncated: it stops at line ${last + 1} ${where} without the ${glossaryStart < 0 ? 'Glossary and ' : ''}Credits section`
    })
  }
  return { effectiveDate: date, dateStatement: statement, dateLine, rules, glossary, truncated, wrapped, misprints, messages }
}

/**
 * Name the rule or glossary term each message is about, from its line: the
 * entry that starts at or before it (decoding reports lines, not rules).
 * Messages that already name one, or fall before the first rule, are kept as they are.
 */
export function attributeToEntries(parsed: ParsedEdition, messages: SourceMessage[]): SourceMessage[] {
  const starts = [
    ...parsed.rules.map((rule) => ({ line: rule.line, name: rule.number })),
    ...parsed.glossary.map((term) => ({ line: term.line, name: term.term }))
  ].sort((a, b) => a.line - b.line)
  return messages.map((message) => {
    if (message.rule !== undefined) return message
    let entry: { line: number; name: string } | undefined
    for (const start of starts) {
      if (start.line > message.line) break
      entry = start
    }
    return entry ? { ...message, rule: entry.name } : message
  })
}

/**
 * The date the official edition `text` states, as {@link parseOfficialText} reads it (from its first 120 lines),
 * without parsing the rest: a build orders its editions by it before parsing them.
 *
 * @throws {CrdbError} `E_NO_DATE` when the document states none, as {@link parseOfficialText} would.
 */
export function readEffectiveDate(text: string, name: string): string {
  let end = -1
  for (let count = 0; count < 121; count++) {
    end = text.indexOf('\n', end + 1)
    if (end < 0) break
  }
  return findEffectiveDate((end < 0 ? text : text.slice(0, end)).split('\n'), name).date
}

function findEffectiveDate(lines: string[], name: string): { date: string; statement: string; line: number } {
  const head = lines.slice(0, 120)
  for (let index = 0; index < head.length; index++) {
    // The sentence may be wrapped over two lines in the oldest editions.
    const window = (head[index] + ' ' + (head[index + 1] ?? '')).replace(/\s+/g, ' ')
    const match = /(?:current|effective) as of ([A-Z][a-z]+) (\d{1,2}), (\d{4})/.exec(window)
    if (match && match.index < head[index].length) {
      const month = months.indexOf(match[1].toLowerCase()) + 1
      if (month > 0) return { date: isoDate(Number(match[3]), month, Number(match[2]), name), statement: match[0], line: index + 1 }
    }
    const header = /COMPREHENSIVE RULES\s+(\d{2})\/(\d{2})\/(\d{2})\b/i.exec(head[index])
    if (header) {
      const year = Number(header[3]) + (Number(header[3]) < 90 ? 2000 : 1900)
      return { date: isoDate(year, Number(header[1]), Number(header[2]), name), statement: header[0].replace(/\s+/g, ' '), line: index + 1 }
    }
  }
  throw new CrdbError('E_NO_DATE', `${name}: states no effective date (no "current as of" or "effective as of" sentence)`)
}

function isoDate(year: number, month: number, day: number, name: string): string {
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new CrdbError('E_NO_DATE', `${name}: states an impossible date ${year}-${month}-${day}`)
  }
  return date.toISOString().slice(0, 10)
}

/** Hard-wrapped editions keep every line short; the others put a paragraph on one long line. */
function isHardWrapped(lines: string[]): boolean {
  let long = 0
  let nonBlank = 0
  for (const line of lines) {
    if (line.trim() === '') continue
    nonBlank++
    if (line.length > 130) long++
  }
  return nonBlank > 0 && long / nonBlank < 0.005
}

interface NumberedLine {
  number: string
  text: string
  slip?: string
  /** True when the number had to be guessed, not just read through a typo. */
  guessed?: boolean
}

/**
 * Recognise a numbered rule at the start of a paragraph. `previous` is the
 * number of the rule before, used to restore a subrule number the source lost.
 */
function readNumber(trimmed: string, previous?: string): NumberedLine | undefined {
  // Every pattern below starts with a digit: most lines and paragraphs are turned away here, by one character.
  const first = trimmed.charCodeAt(0)
  if (!(first >= 48 && first <= 57)) return undefined
  // These three patterns match apart (a subrule's number is followed by a blank, a glued one's by a letter or quote,
  // one that lacks its subrule has a letter after the dot): the common one is tried first.
  const sub = subrulePattern.exec(trimmed)
  if (sub) {
    const [, rule, space, subrule, letter, period, text] = sub
    const number = `${rule}.${Number(subrule)}${letter}`
    let slip: string | undefined
    if (space) slip = `space inside the number "${rule}. ${subrule}${letter}"`
    else if (letter && period) slip = `stray period after "${number}"`
    else if (!letter && !period) slip = `missing period after "${number}"`
    return { number, text, slip }
  }
  const glued = gluedPattern.exec(trimmed)
  if (glued) {
    const number = `${glued[1]}.${Number(glued[2])}${glued[3]}`
    return { number, text: glued[4], slip: `no space after the number "${number}."` }
  }
  const letterOnly = letterOnlyPattern.exec(trimmed)
  if (letterOnly) {
    const before = previous ? /^(\d{3})\.(\d{1,3})[a-z]?$/.exec(previous) : null
    if (before && before[1] === letterOnly[1]) {
      const number = `${before[1]}.${before[2]}${letterOnly[2]}`
      return {
        number,
        text: letterOnly[3],
        slip: `number "${letterOnly[1]}.${letterOnly[2]}" lacks its subrule; read as ${number} after ${previous}`,
        guessed: true
      }
    }
  }
  const rule = rulePattern.exec(trimmed)
  if (rule) return { number: rule[1], text: rule[2] }
  const section = sectionPattern.exec(trimmed)
  if (section) return { number: section[1], text: section[2] }
  return undefined
}

function parseRules(
  lines: string[],
  start: number,
  end: number,
  wrapped: boolean,
  messages: SourceMessage[],
  nextEdition: NextEdition | undefined
): { rules: ParsedRule[]; misprints: number } {
  const rules: ParsedRule[] = []
  const seen = new Set<string>()
  let lastKey = ''
  let misprints = 0
  const numberInNext = nextEdition ? indexNextEdition(nextEdition) : undefined

  // In wrapped text a cross-reference can land at the start of a line ("see rule\n420.5d.");
  // a number starts a rule only if it comes later in document order than the last rule
  // begun so far and the line before ended a sentence.
  let lastKeyWhileGrouping = ''
  // Each paragraph's number as read without the rule before (`readNumber(text)`), read once: in unwrapped text a
  // paragraph is whole when it starts; in wrapped text, once it is whole.
  const readAlone = new Map<Paragraph, NumberedLine | undefined>()
  const paragraphs = toParagraphs(
    lines,
    start,
    end,
    wrapped,
    (trimmed, _previous, previousLine) => {
      if (examplePattern.test(trimmed)) return true
      const numbered = readNumber(trimmed)
      return numbered !== undefined && sortKeyOf(numbered.number) > lastKeyWhileGrouping && /[.:;)"”’]$/.test(previousLine)
    },
    (paragraph) => {
      const numbered = readNumber(paragraph.text)
      if (!wrapped) readAlone.set(paragraph, numbered)
      if (numbered && sortKeyOf(numbered.number) > lastKeyWhileGrouping) lastKeyWhileGrouping = sortKeyOf(numbered.number)
    }
  )
  const numberAlone = (paragraph: Paragraph): NumberedLine | undefined => {
    if (readAlone.has(paragraph)) return readAlone.get(paragraph)
    const numbered = readNumber(paragraph.text)
    readAlone.set(paragraph, numbered)
    return numbered
  }

  // The number printed on each numbered paragraph, and where each number is printed: a repair
  // looks both ways, so that it never takes a number a correctly printed rule carries later.
  const printed: Array<string | undefined> = paragraphs.map((paragraph) => numberAlone(paragraph)?.number)
  const printedAt = new Map<string, number[]>()
  printed.forEach((number, index) => {
    if (number) printedAt.set(number, [...(printedAt.get(number) ?? []), index])
  })
  const nextNumbers: Array<string | undefined> = new Array(paragraphs.length)
  let following: string | undefined
  for (let index = paragraphs.length - 1; index >= 0; index--) {
    nextNumbers[index] = following
    if (printed[index]) following = printed[index]
  }

  for (const [index, paragraph] of paragraphs.entries()) {
    const current = rules.at(-1)
    // The rule before changes only how a number that lacks its subrule (`704.j`) reads, which reads as none without it.
    const numbered = numberAlone(paragraph) ?? (current ? readNumber(paragraph.text, current.number) : undefined)
    if (numbered) {
      const twice = readNumber(numbered.text)
      if (twice && twice.number === numbered.number) {
        // `702.30d 702.30d If part...`: the number printed twice.
        messages.push({
          line: paragraph.line,
          rule: numbered.number,
          severity: 'warning',
          code: 'number-repeated',
          text: `number "${numbered.number}" is printed twice at the start of the rule; the second is removed from its text`
        })
        numbered.text = twice.text
      }
      const printedNumber = numbered.number
      const printedLater = (number: string): boolean => (printedAt.get(number) ?? []).some((at) => at > index)
      const taken = (number: string): boolean => seen.has(number) || printedLater(number)
      // The next edition decides a number that follows the rule before, when it prints this text under it.
      const decidedByNext = (): string | undefined => {
        const number = numberInNext?.(numbered.text)
        return number !== undefined && current !== undefined && successorsOf(current.number).includes(number) && !taken(number) ? number : undefined
      }
      if (numbered.guessed) {
        // A number guessed from the rule before: the next edition can confirm it (it decides only breaks, below).
        misprints++
        if (decidedByNext() === numbered.number) numbered.slip += `, as the edition of ${nextEdition!.date} numbers this text`
      }
      let key = sortKeyOf(numbered.number)
      if (numbered.slip) {
        messages.push({
          line: paragraph.line,
          rule: numbered.number,
          severity: numbered.guessed ? 'warning' : 'info',
          code: 'number-slip',
          text: numbered.slip
        })
      }
      const nextNumber = nextNumbers[index]
      const next = nextNumber === undefined ? undefined : sortKeyOf(nextNumber)
      const jumpsAhead = next !== undefined && key > next && lastKey < next
      let repaired = false
      if (current && (seen.has(numbered.number) || key <= lastKey || jumpsAhead)) {
        // A typo in the source (432.2b for 423.2b, 501.2 for 510.2, a letter repeated):
        // read it as a number that follows the rule before and leads to the next one,
        // the one the next edition gives this text when it has one that fits.
        misprints++
        const local = repairNumber(numbered.number, current.number, nextNumber, taken)
        const decided = decidedByNext()
        const repair = decided !== undefined ? { number: decided, guessed: false } : local
        if (repair) {
          const localReason =
            local && `${local.guessed ? 'the only number between' : 'the rule after'} ${current.number}${local.guessed ? ` and ${nextNumber}` : ''}`
          let reason: string
          if (decided === undefined) {
            reason = `${localReason}${nextEdition ? ` (the edition of ${nextEdition.date} gives this text no number that fits)` : ''}`
          } else {
            const byNext = `the number the edition of ${nextEdition!.date} gives this text`
            reason = local?.number === decided ? `${byNext}, and ${localReason}` : `${byNext} (after ${current.number})`
          }
          messages.push({
            line: paragraph.line,
            rule: repair.number,
            severity: 'warning',
            code: 'number-slip',
            text: `number "${numbered.number}" read as ${repair.number}, ${reason}`
          })
          numbered.number = repair.number
          key = sortKeyOf(repair.number)
          repaired = true
        } else if (wrapped && key <= lastKey && !seen.has(numbered.number)) {
          // A cross-reference that begins a paragraph of its own: keep it with the rule.
          current.text += '\n' + paragraph.text
          continue
        }
      }
      if (seen.has(numbered.number) && current) {
        // Never lose the text: keep it, with its printed number, after the rule before.
        messages.push({
          line: paragraph.line,
          rule: numbered.number,
          severity: 'error',
          code: 'duplicate-number',
          text: `rule ${numbered.number} appears again and no other number fits; its text is kept as a paragraph of rule ${current.number}`
        })
        current.text += '\n' + paragraph.text
        continue
      }
      if (key <= lastKey) {
        messages.push({
          line: paragraph.line,
          rule: numbered.number,
          severity: 'warning',
          code: 'out-of-order',
          text: `rule ${numbered.number} comes after rule ${current?.number ?? 'none'}`
        })
      } else if (jumpsAhead && !repaired) {
        // Kept as printed, but it must not make the correctly numbered rules after it look out of order.
        messages.push({
          line: paragraph.line,
          rule: printedNumber,
          severity: 'warning',
          code: 'out-of-order',
          text: `rule ${printedNumber} breaks the sequence between ${current?.number ?? 'the start'} and ${nextNumber}; kept as printed`
        })
      } else {
        lastKey = key
      }
      seen.add(numbered.number)
      rules.push({ number: numbered.number, text: numbered.text, examples: [], line: paragraph.line })
      continue
    }
    if (!current) continue // Headings of the document before the first rule.
    if (/^[a-z]$/.test(paragraph.text)) {
      messages.push({
        line: paragraph.line,
        rule: current.number,
        severity: 'warning',
        code: 'stray-text',
        text: `stray "${paragraph.text}" on a line of its own after rule ${current.number} is dropped`
      })
      continue
    }
    if (examplePattern.test(paragraph.text)) {
      current.examples.push(paragraph.text.replace(examplePattern, ''))
      continue
    }
    current.text += '\n' + paragraph.text
  }
  return { rules, misprints }
}

/** Words of a text for comparing editions: lower case, typography folded away. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? []
}

/**
 * Find the number the next edition prints a text under: the rule whose first
 * paragraph has the same words, else the one clearly most alike (a reworded
 * rule), else none. Numbers of rules printed twice there are ambiguous: none.
 */
function indexNextEdition(next: NextEdition): (text: string) => string | undefined {
  // Built on first use, the bags only when a text has no exact match: most editions ask a few texts, if any.
  let exact: Map<string, string | null> | undefined
  let bags: Array<{ number: string; words: Set<string> }> | undefined
  let words: string[][] = []
  return (text) => {
    if (!exact) {
      exact = new Map()
      words = next.rules.map((rule) => wordsOf(rule.text.split('\n')[0]))
      for (const [index, rule] of next.rules.entries()) {
        const joined = words[index].join(' ')
        exact.set(joined, exact.has(joined) ? null : rule.number)
      }
    }
    const textWords = wordsOf(text)
    const found = exact.get(textWords.join(' '))
    if (found !== undefined) return found ?? undefined
    if (textWords.length < 4) return undefined
    bags ??= next.rules.map((rule, index) => ({ number: rule.number, words: new Set(words[index]) }))
    const bag = new Set(textWords)
    let best: { number: string; score: number } | undefined
    let second = 0
    for (const candidate of bags) {
      let shared = 0
      for (const word of bag) if (candidate.words.has(word)) shared++
      const score = (2 * shared) / (bag.size + candidate.words.size)
      if (score > (best?.score ?? 0)) {
        second = best?.score ?? 0
        best = { number: candidate.number, score }
      } else if (score > second) second = score
    }
    return best && best.score >= 0.6 && best.score - second >= 0.1 ? best.number : undefined
  }
}

const subruleLetters = 'abcdefghijkmnpqrstuvwxyz' // The CR skips l and o.

/** The numbers that may follow a subrule: its next letter (or first letter), then the next subrule. */
function successorsOf(number: string): string[] {
  const match = /^(\d{3})\.(\d{1,3})([a-z]?)$/.exec(number)
  if (!match) return []
  const [, rule, subrule, letter] = match
  const successors: string[] = []
  if (letter) {
    const next = subruleLetters[subruleLetters.indexOf(letter) + 1]
    if (next) successors.push(`${rule}.${subrule}${next}`)
  } else {
    successors.push(`${rule}.${subrule}a`)
  }
  successors.push(`${rule}.${Number(subrule) + 1}`)
  return successors
}

/**
 * The number a misprinted one stands for, given the rules printed before and
 * after it. A candidate follows the rule before and is not taken (`taken`: seen
 * already, or printed on a later rule). It is accepted when the misprint has
 * its characters (a transposition), repeats the number before, or differs only
 * in its subrule number; a candidate that also leads to the next printed number
 * is preferred. Failing that, the one number that fits between the two
 * neighbours, in the misprint's form, is a guess.
 */
function repairNumber(
  printed: string,
  previous: string,
  next: string | undefined,
  taken: (number: string) => boolean
): { number: string; guessed: boolean } | undefined {
  const match = /^(\d{3})\.(\d{1,3})([a-z]?)$/.exec(previous)
  if (!match) return undefined
  const [, rule, subrule] = match
  const candidates = successorsOf(previous).filter((candidate) => !taken(candidate))
  const sorted = (text: string): string => [...text].sort().join('')
  const readable = (candidate: string): boolean => {
    if (sorted(candidate) === sorted(printed)) return true
    if (printed === previous && candidate.startsWith(`${rule}.${subrule}`) && candidate !== `${rule}.${subrule}`) return true
    // Only the subrule number is wrong (306.1c for 306.3c, 502.35b for 502.36b).
    const a = /^(\d{3})\.\d{1,3}([a-z])$/.exec(candidate)
    const b = /^(\d{3})\.\d{1,3}([a-z])$/.exec(printed)
    return a !== null && b !== null && a[1] === b[1] && a[2] === b[2]
  }
  const leadsToNext = (candidate: string): boolean => next === undefined || !/^\d{3}\.\d/.test(next) || successorsOf(candidate).includes(next)
  const found = candidates.find((candidate) => readable(candidate) && leadsToNext(candidate)) ?? candidates.find(readable)
  if (found) return { number: found, guessed: false }
  const sameForm = (candidate: string): boolean => /[a-z]$/.test(candidate) === /[a-z]$/.test(printed) && candidate.slice(0, 3) === printed.slice(0, 3)
  const between = candidates.filter((candidate) => next !== undefined && successorsOf(candidate).includes(next) && sameForm(candidate))
  return between.length === 1 ? { number: between[0], guessed: true } : undefined
}

/**
 * An edition whose apostrophes and quotes were all turned into `?` (`don?t`,
 * `?as though?`): such `?` outnumber the quotes left in the text.
 */
const damagedQuotePattern = /(^|[ (])\?[A-Za-z]|[A-Za-z.,]\?($|[ ).,])|[a-z]\?[a-z]/gm
const damagedQuoteAt = new RegExp(damagedQuotePattern.source)

function hasDamagedQuotes(text: string): boolean {
  // Each damaged quote holds one "?": count those first (cheap), and run the pattern only when they could be enough.
  let marks = 0
  for (let at = text.indexOf('?'); at >= 0; at = text.indexOf('?', at + 1)) marks++
  if (marks < 3) return false
  let quotes = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === 34 || code === 39 || code === 0x201c || code === 0x201d || code === 0x2018 || code === 0x2019) quotes++ // " ' “ ” ‘ ’
  }
  if (marks <= 2 * quotes) return false
  const damaged = (text.match(damagedQuotePattern) ?? []).length
  return damaged >= 3 && damaged > 2 * quotes
}

function lastNonBlankLine(lines: string[]): number {
  for (let index = lines.length - 1; index >= 0; index--) if (lines[index].trim() !== '') return index
  return 0
}
