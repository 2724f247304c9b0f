/**
 * Checking citations: each rule number a text cites, read in the edition in
 * force on the day it was written, followed through the lineage to the newest
 * edition. A citation is `ok` (same rule, same words), `moved` (the rule has
 * another number now), `changed-since` (its words changed after that day),
 * `removed` (no longer in force), `never-existed` (no such rule that day), or
 * `ambiguous` (it became several rules); `moved` and `changed-since` go together.
 */
import { findNextEdition } from '../../store/cite.js'
import type { Crdb } from '../../store/database.js'
import { listContinuations } from '../../store/diff.js'
import { findEditionInForce, findNewestEdition, findOldestEdition } from '../../store/editions.js'
import { findLineageOf, findLineageVersionAt, type LineageVersionRow } from '../../store/history.js'
import { parseDate } from '../../vocabulary/dates.js'
import { CrdbError } from '../../vocabulary/errors.js'
import { nearestNumbers } from '../get.js'
import { findWhereabouts } from '../moved.js'
import { differsOnlyInReferences, differsOnlyInTypography, diffWords, type WordChange } from '../word-diff.js'
import { type Citation, findCitations } from './find.js'

/** What a cited number turned out to be. */
export type FindingKind = 'ok' | 'moved' | 'changed-since' | 'removed' | 'never-existed' | 'ambiguous'

/** Every finding kind, in the order they are documented. */
export const findingKinds: readonly FindingKind[] = ['ok', 'moved', 'changed-since', 'removed', 'never-existed', 'ambiguous']

/** A quote next to a cited number, compared with the rule's words. */
export interface QuoteCheck {
  /** The quote as written. */
  text: string
  /** Whether the rule's text on the day of writing holds the quote (`null`: there was no such rule). */
  matchesThen: boolean | null
  /** Whether the rule's text now holds it (any of the rules it became; `null`: none now). */
  matchesNow: boolean | null
}

/** One cited number, checked. */
export interface CiteFinding {
  /** Line, from 1. */
  line: number
  /** Column of the number (or of its citation, for a number inside a range), from 1, in characters. */
  column: number
  /** The citation the number belongs to, as written (`rules 702.19b-c`). */
  citation: string
  /** The number cited. */
  number: string
  /** The day the citation was written (as given or from blame). */
  asOf: string
  /** The edition in force that day, whose numbering the number is read in. */
  edition: string
  /** What it turned out to be: `ok`, or one or more of the other kinds. */
  kinds: FindingKind[]
  /** The rule's text in that edition (absent when there was no such rule). */
  textThen?: string
  /** The rule(s) the number leads to in the newest edition: one, several (`ambiguous`) or none. */
  now: Array<{ number: string; text: string }>
  /** The words changed since (`changed-since`, one rule now). */
  changes?: WordChange[]
  /** For `removed`: its last edition, the day it stopped, its last text, and what it continued as. */
  removed?: { lastInForce: string; endedOn: string | null; lastText: string; continuesAs: Array<{ number: string; edition: string; kind: string }> }
  /** For `never-existed`: the numbers of that edition nearest to it. */
  nearest?: string[]
  /** The number to write instead: only for a `moved` rule that is one rule now. */
  fix?: string
  /** Whether the number, as written, can be rewritten in place (not part of a range). */
  fixable: boolean
  /** The quote next to it, compared. */
  quote?: QuoteCheck
  /** Said plainly, in one line. */
  message: string
}

/** The findings of a text. */
export interface CiteReport {
  /** The newest edition, against which "now" is read. */
  edition: string
  findings: CiteFinding[]
}

/** Options of {@link citeText}. */
export interface CiteOptions {
  /** The day the text was written, `YYYY-MM-DD` (default: today). */
  asOf?: string
  /** The day line `line` (from 1) was written, where known (from `git blame`); else `asOf`. */
  lineDates?: (line: number) => string | undefined
}

/**
 * The CR citations in `text` (see {@link findCitations}), each number checked
 * against the edition in force on the day it was written and followed to the
 * newest edition.
 *
 * @throws {CrdbError} `E_BAD_DATE` for a malformed `asOf`; `E_NOT_FOUND` for an empty store.
 */
export function citeText(db: Crdb, text: string, options: CiteOptions = {}): CiteReport {
  const checker = createCiteChecker(db)
  return { edition: checker.edition, findings: checker.check(findCitations(text), options) }
}

/** Checks citations against one database, remembering each number's answer per edition. */
export interface CiteChecker {
  /** The newest edition. */
  edition: string
  /** Check citations found in one text. */
  check: (citations: Citation[], options?: CiteOptions) => CiteFinding[]
}

/**
 * A checker for many texts (a tree of files) on one database: each (number,
 * edition) is looked up once.
 *
 * @throws {CrdbError} `E_NOT_FOUND` for an empty store.
 */
export function createCiteChecker(db: Crdb): CiteChecker {
  const newest = findNewestEdition(db)
  const oldest = findOldestEdition(db)
  if (newest === undefined || oldest === undefined) throw new CrdbError('E_NOT_FOUND', 'the database holds no edition')
  const editions = new Map<string, { edition: string; upcoming?: string }>()
  const editionOn = (day: string): { edition: string; upcoming?: string } => {
    let found = editions.get(day)
    if (found === undefined) {
      const edition = findEditionInForce(db, day) ?? oldest
      const upcoming = findUpcomingEdition(db, edition, day)
      editions.set(day, (found = upcoming === undefined ? { edition } : { edition, upcoming }))
    }
    return found
  }
  const answers = new Map<string, Answer>()
  const answerFor = (number: string, day: { edition: string; upcoming?: string }): Answer => {
    const key = `${number} ${day.edition} ${day.upcoming ?? ''}`
    let answer = answers.get(key)
    if (!answer) answers.set(key, (answer = resolveNumber(db, number, day.edition, day.upcoming, newest)))
    return answer
  }
  return {
    edition: newest,
    check: (citations, options = {}) => {
      const today = options.asOf === undefined ? new Date().toISOString().slice(0, 10) : parseDate(options.asOf)
      const findings: CiteFinding[] = []
      for (const citation of citations) {
        const asOf = options.lineDates?.(citation.line) ?? today
        const day = editionOn(asOf)
        for (const number of citation.numbers) {
          const answer = answerFor(number, day)
          const written = citation.written.find((entry) => entry.number === number)
          const finding: CiteFinding = {
            line: citation.line,
            column: written?.column ?? citation.column,
            citation: citation.text,
            asOf,
            ...answer,
            fixable: written !== undefined
          }
          if (citation.quote !== undefined) finding.quote = quoteCheckOf(citation.quote, answer)
          findings.push(finding)
        }
      }
      return findings
    }
  }
}

/** What a number in an edition is now: the finding without where it was written. */
type Answer = Omit<CiteFinding, 'line' | 'column' | 'citation' | 'asOf' | 'fixable' | 'quote'>

/**
 * How long before an edition takes effect its text is out (and cited): a number
 * the edition in force lacks is read in the next edition when that one takes
 * effect within this many days of the writing.
 */
const publicationLeadDays = 45

/** The edition after `edition` that takes effect within {@link publicationLeadDays} after `day`, if any. */
function findUpcomingEdition(db: Crdb, edition: string, day: string): string | undefined {
  const limit = new Date(Date.parse(`${day}T00:00:00Z`) + publicationLeadDays * 86_400_000).toISOString().slice(0, 10)
  return findNextEdition(db, edition, limit)
}

/**
 * Follow `number` of `edition` to the newest edition `newest`; a number `edition`
 * lacks is read in `upcoming` (the edition published by then) when it has it.
 */
function resolveNumber(db: Crdb, number: string, edition: string, upcoming: string | undefined, newest: string): Answer {
  const base = { number, edition }
  let version = findLineageVersionAt(db, number, edition)
  let note = ''
  let readIn = edition
  if (!version) {
    // Already gone that day: the citation was stale when written; follow its last version.
    // Not yet in force: written from the edition published before it took effect.
    version = upcoming === undefined ? undefined : findLineageVersionAt(db, number, upcoming)
    if (version && upcoming) {
      readIn = upcoming
      note = ` (not yet in force on that day: read in the edition of ${upcoming}, published by then)`
    }
    const where = version ? undefined : findWhereabouts(db, number, edition)
    if (where) {
      version = findLineageVersionAt(db, number, where.lastInForce)
      readIn = where.lastInForce
      note = ` (already not in force on that day: last in force in the edition of ${where.lastInForce})`
    }
  }
  if (!version) {
    const nearest = nearestNumbers(db, number, edition)
    return {
      ...base,
      kinds: ['never-existed'],
      now: [],
      nearest,
      message: `${number} never existed in the edition of ${edition}${nearest.length ? ` (nearest: ${nearest.join(', ')})` : ''}`
    }
  }
  const textThen = version.text
  const { now, ends, steps } = followToNewest(db, version, newest)
  if (now.length === 0) {
    const last = ends.sort((a, b) => (a.lastDate < b.lastDate ? 1 : -1))[0] ?? version
    const endedOn = findNextEdition(db, last.lastDate) ?? null
    const continuesAs = steps.filter((step) => step.number !== number)
    const went = continuesAs.length ? `; it had continued as ${continuesAs.map((step) => `${step.number} (${step.edition})`).join(', ')}` : ''
    return {
      ...base,
      kinds: ['removed'],
      textThen,
      now: [],
      removed: { lastInForce: last.lastDate, endedOn, lastText: last.text, continuesAs },
      message: `${number} was removed${endedOn ? ` on ${endedOn}` : ''}: last in force as ${last.key} in the edition of ${last.lastDate}${went}${note}`
    }
  }
  const nowRules = now.map((row) => ({ number: row.key, text: row.text }))
  if (now.length > 1) {
    return {
      ...base,
      kinds: ['ambiguous'],
      textThen,
      now: nowRules,
      message: `${number} became ${now.length} rules: ${now.map((row) => row.key).join(', ')}${note}`
    }
  }
  const [current] = now
  const kinds: FindingKind[] = []
  const parts: string[] = []
  const answer: Answer = { ...base, kinds, textThen, now: nowRules, message: '' }
  if (current.key !== number) {
    kinds.push('moved')
    answer.fix = current.key
    const reused = findLineageVersionAt(db, number, newest)
    parts.push(`${number} is now ${current.key}${reused ? ` (${number} now names another rule)` : ''}`)
  }
  const changed = normalizeSpace(current.text) !== normalizeSpace(textThen)
  // Curly quotes for straight ones are not a change of wording.
  const typography = changed && differsOnlyInTypography(textThen, current.text)
  if (changed && !typography) {
    kinds.push('changed-since')
    answer.changes = diffWords(textThen, current.text)
    const only = differsOnlyInReferences(textThen, current.text) ? ' (only the numbers it cites)' : ''
    parts.push(`${kinds.length > 1 ? 'its' : `${number}'s`} wording changed since the edition of ${readIn}${only}`)
  }
  if (kinds.length === 0) {
    kinds.push('ok')
    parts.push(`${number} is the same rule with the same words${typography ? ' (typography aside)' : ''}`)
  }
  answer.message = parts.join('; ') + note
  return answer
}

/** The rule versions `version` leads to in force in `newest`, and the versions where the trail ended. */
function followToNewest(
  db: Crdb,
  version: LineageVersionRow,
  newest: string
): { now: LineageVersionRow[]; ends: LineageVersionRow[]; steps: Array<{ number: string; edition: string; kind: string }> } {
  const steps: Array<{ number: string; edition: string; kind: string }> = []
  if (version.lastDate >= newest) return { now: [version], ends: [], steps }
  const now = new Map<string, LineageVersionRow>()
  const ends: LineageVersionRow[] = []
  const seen = new Set<number>([version.id])
  const walk = (row: { id: number; key: string; lastDate: string }): void => {
    const next = listContinuations(db, row.id).filter((step) => !seen.has(step.id))
    if (next.length === 0) {
      const full = findLineageVersionAt(db, row.key, row.lastDate)
      if (full) ends.push(full)
    }
    for (const step of next) {
      seen.add(step.id)
      if (step.key !== row.key) steps.push({ number: step.key, edition: step.firstDate, kind: step.kind })
      if (step.lastDate >= newest) {
        const full = findLineageVersionAt(db, step.key, newest)
        if (full) now.set(full.key, full)
      } else walk(step)
    }
  }
  walk(version)
  // No link but the same lineage still in force under the same number: it carried on.
  if (now.size === 0) {
    const same = findLineageVersionAt(db, version.key, newest)
    const lineage = findLineageOf(db, version.id)
    if (same && lineage !== null && findLineageOf(db, same.id) === lineage) now.set(same.key, same)
  }
  return { now: [...now.values()], ends, steps }
}

// A quote is compared with an answer's texts once, however often the two meet.
const quoteChecks = new WeakMap<Answer, Map<string, QuoteCheck>>()

function quoteCheckOf(quote: string, answer: Answer): QuoteCheck {
  let checks = quoteChecks.get(answer)
  if (!checks) quoteChecks.set(answer, (checks = new Map()))
  let check = checks.get(quote)
  if (!check) checks.set(quote, (check = checkQuote(quote, answer)))
  return check
}

/** Compare a quote with the rule's text then and now. */
function checkQuote(quote: string, answer: Answer): QuoteCheck {
  return {
    text: quote,
    matchesThen: answer.textThen === undefined ? null : holdsQuote(answer.textThen, quote),
    matchesNow: answer.now.length === 0 ? null : answer.now.some((rule) => holdsQuote(rule.text, quote))
  }
}

/**
 * Whether `text` holds `quote`: compared in lower case without punctuation; an
 * ellipsis (`...`, `…`) in the quote stands for any words, the parts in order.
 */
export function holdsQuote(text: string, quote: string): boolean {
  const haystack = normalizeWords(text)
  let from = 0
  for (const part of quote.split(/\.{3}|…/)) {
    const needle = normalizeWords(part)
    if (needle === '') continue
    const at = haystack.indexOf(needle, from)
    if (at === -1) return false
    from = at + needle.length
  }
  return true
}

function normalizeWords(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .trim()} `.replace(/^ {2}$/, '')
}

function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}
