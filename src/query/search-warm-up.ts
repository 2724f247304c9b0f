/**
 * Warming a handle's searches before anyone waits for one. A search reads some
 * things once per handle (which rules cite which, the index's words and the
 * English word list for typo correction, names, informal words, each edition's
 * texts and stems), and V8 compiles its code to machine code only once the code
 * has run often, for the kinds of input it has seen: a long question, a typo, a
 * name or a rule number first met later costs that search its compilation, on a
 * core the searches need. A long-lived process warms its handle when it has
 * nothing else to do (the server's answer worker, as the server starts).
 *
 * A few questions are not enough: what a search reads once per handle is read per word, and V8 compiles for the
 * variety it has seen. Asked of the whole archive after the fixed questions below, 800 questions composed of the
 * newest edition's own words (its glossary terms and rule titles) took the judged fixture's first searches from
 * about 2.1-2.3 ms to 1.0-1.2 ms each (3.8 to 1.2-1.4 ms of CPU with the compiler's threads); the fixed questions
 * asked twelve times over did not (2.0 ms).
 */
import type { Crdb } from '../store/database.js'
import { resolveEdition } from '../store/editions.js'
import { eraPresets } from '../vocabulary/era-presets.js'
import { CrdbError } from '../vocabulary/errors.js'
import { readEditionText } from './export.js'
import { search, type SearchOptions } from './search.js'

/**
 * The questions a warm-up asks: one of each kind a search reads differently (a keyword, a phrase, a question in a
 * person's words, long ones with cards' names and typos, a pasted sentence of the rules, a typo, an informal word, a
 * rule number, the boolean syntax, a prefix, quoted words in a sentence, a word in two of its forms). None is a
 * question of the judged fixture or of the real-question set (a test checks): those measure search, and must find it
 * as a person's first question would.
 */
export const warmUpQuestions: readonly string[] = [
  'If I attack with a creature that has trample and deathtouch and my opponent blocks with Llanowar Elves, how much damage do I have to asign to the blocker before the rest goes to the player?',
  'reach',
  'phasing',
  'combat damage step',
  'what happens when two copies of the same legendary planeswalker are on the battlefield',
  'can a player concede at any time during the game',
  'does a spell with no legal targets get countered on resolution',
  'If a creature with infect deals damage to a player, that player gets poison counters instead of losing life',
  'I control a creature with hexproof and my opponent casts a spell that says each creature gets -2/-2 until end of turn, does my creature die even though it cannot be targeted?',
  'My friend says that when Wrath of God destroys all creatures, the ones with regenerate can be saved if I pay the regeneration cost first, but the card says they cannot be regenerated, so who is right?',
  'when does Grizzly Bears deal its damage if Serra Angel blocks it',
  'enchantmnet',
  'protecion from red',
  'LTB',
  '701.3',
  '"first strike" AND damage',
  'attack*',
  // A card's words quoted in a sentence (read as text, its quotes marked), and a word in two of its forms (`dealt` and
  // `deals`, `2` and `two`: one word of a text is then two of the query's terms). Without them V8 compiled search for
  // the questions it had met, and compiled it again at the first such question.
  'My card says "sacrifice it at the beginning of the next end step", so when exactly does that happen?',
  'When a creature that was dealt damage deals damage back, does the player who lost 2 life lose two more?'
]

/** How many questions {@link composeWarmUpQuestions} makes for a warm-up. */
export const composedQuestionCount = 800

/**
 * `count` questions made of the words of the newest edition of `db`: two of its glossary terms, or a term and a
 * rule's title, in the shapes people ask in (a pair of names, a question, a long one about cards, typos, the boolean
 * syntax), the same ones for the same edition, each once (fewer where the edition has few words). None is a term or
 * a title alone.
 */
export function composeWarmUpQuestions(db: Crdb, count = composedQuestionCount): string[] {
  const edition = readEditionText(db, resolveEdition(db, {}))
  const terms = edition.terms.map((term) => term.term.toLowerCase())
  const titles = edition.rules.filter((rule) => /^\d{3}$/.test(rule.number)).map((rule) => rule.text.toLowerCase())
  if (terms.length === 0 || titles.length === 0) return []
  let seed = 7
  const pick = <T>(list: readonly T[]): T => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return list[seed % list.length]
  }
  // Two letters swapped inside the word: what the typo correction reads.
  const misspell = (words: string): string => words.replace(/[a-z]{5,}/, (word) => word[0] + word[2] + word[1] + word.slice(3))
  const questions = new Set<string>()
  // A small glossary repeats itself: at most ten tries a question.
  for (let index = 0; questions.size < count && index < count * 10; index++) {
    const [term, other, title] = [pick(terms), pick(terms), pick(titles)]
    const shapes = [
      `${term} and ${other}`,
      `what happens with ${term} during the ${title}`,
      `If I control a creature with ${term} and my opponent uses ${other}, does it still work when Serra Angel blocks Grizzly Bears?`,
      `${misspell(term)} ${misspell(title)}`,
      `how does ${title} interact with ${other}`,
      `"${term}" OR ${other.split(' ')[0]}`
    ]
    questions.add(shapes[index % shapes.length])
  }
  return [...questions]
}

/**
 * Warm the searches of `db`: each of {@link warmUpQuestions} asked of the newest edition and then of each era, then
 * {@link composeWarmUpQuestions}' questions, each of one of those in turn; one question a step, so that a caller with
 * other work (requests) does it between steps. `ask` asks one (by default `search`); each step yields what it returned
 * (a server asks through its routes, and waits for the answer before the next step). An era the database holds no
 * edition of is left out. The whole takes about 2 s of one thread on the full archive.
 *
 * @throws {CrdbError} as `search` does (a database that cannot answer, or holds no edition).
 */
export function* warmSearch(
  db: Crdb,
  ask: (question: string, options: SearchOptions) => unknown = (question, options) => search(db, question, options)
): Generator<unknown, void, void> {
  // A store without editions throws here, as its first search would.
  resolveEdition(db, {})
  const held: SearchOptions[] = [{}]
  for (const preset of eraPresets) {
    try {
      resolveEdition(db, { era: preset.name }, 'search')
      held.push({ at: { era: preset.name } })
    } catch (error) {
      // An era before the database's first edition: nothing of it to warm.
      if (!(error instanceof CrdbError && error.code === 'E_NOT_FOUND')) throw error
    }
  }
  for (const options of held) for (const question of warmUpQuestions) yield ask(question, options)
  for (const [index, question] of composeWarmUpQuestions(db).entries()) yield ask(question, held[index % held.length])
}
