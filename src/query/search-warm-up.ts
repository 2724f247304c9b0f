/**
 * Warming a handle's searches before anyone waits for one. A search reads some
 * things once per handle (which rules cite which, the index's words and the
 * English word list for typo correction, names, informal words, each edition's
 * texts and stems), and V8 compiles its code to machine code only once the code
 * has run often, for the kinds of input it has seen: a long question, a typo, a
 * name or a rule number first met later costs that search its compilation, on a
 * core the searches need. A long-lived process warms its handle when it has
 * nothing else to do (the server's answer worker, as the server starts).
 */
import type { Crdb } from '../store/database.js'
import { eraPresets } from '../vocabulary/era-presets.js'
import { CrdbError } from '../vocabulary/errors.js'
import { search, type SearchOptions } from './search.js'

/**
 * The questions a warm-up asks: one of each kind a search reads differently (a keyword, a phrase, a question in a
 * person's words, long ones with cards' names and typos, a pasted sentence of the rules, a typo, an informal word, a
 * rule number, the boolean syntax, a prefix). None is a question of the judged fixture or of the real-question set
 * (a test checks): those measure search, and must find it as a person's first question would.
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
  'attack*'
]

/**
 * Warm the searches of `db`: each of {@link warmUpQuestions} asked of the newest edition and then of each era, one
 * search a step, so that a caller with other work (requests) does it between steps. An era the database holds no
 * edition of is left out. The whole takes about 0.6 s of one thread on the full archive.
 *
 * @throws {CrdbError} as `search` does (a database that cannot answer, or holds no edition).
 */
export function* warmSearch(db: Crdb): Generator<void, void, void> {
  const scopes: SearchOptions[] = [{}, ...eraPresets.map((preset) => ({ at: { era: preset.name } }))]
  for (const options of scopes) {
    for (const question of warmUpQuestions) {
      try {
        search(db, question, options)
      } catch (error) {
        // An era before the database's first edition: nothing of it to warm.
        if (error instanceof CrdbError && error.code === 'E_NOT_FOUND' && options.at) break
        throw error
      }
      yield
    }
  }
}
