/**
 * A rule number is a label, not an identity: a number read in one edition's
 * numbering names a rule, and that rule may carry another number (or several,
 * or none) in another edition. Following the lineage links from the version
 * the number named to the versions in force in the edition asked translates
 * it: 704.5j (today) was 420.5e in 2003; 420.5e (2003) is 704.5j today.
 */
import { describeGap, findMissingBetween } from './gaps.js'
import type { Crdb } from '../store/database.js'
import { listContinuations } from '../store/diff.js'
import { findNewestVersion, findVersionInForce, type LinkedVersion, listPredecessors } from '../store/renumbering.js'
import { listEditionDates } from '../store/editions.js'
import { CrdbError } from '../vocabulary/errors.js'
import { parseRuleNumber } from '../vocabulary/rule-number.js'
import type { EditionSelector } from '../vocabulary/selector.js'
import { resolveEdition } from './editions.js'

/**
 * How a number's rule stands in the edition asked:
 * - `same`: the edition has the rule under the same number;
 * - `renumbered`: under another number;
 * - `split`: the rule became several (the edition is later), or was several
 *   (`merged`: the edition is earlier);
 * - `not-yet`: the rule did not exist yet in that edition;
 * - `gone`: it no longer existed.
 */
export type TranslationStatus = 'same' | 'renumbered' | 'split' | 'merged' | 'not-yet' | 'gone'

/** A rule number read in one edition's numbering, translated into another edition. */
export interface NumberTranslation {
  /** The number asked about. */
  number: string
  /** The edition whose numbering the number was read in. */
  numberedAs: string
  /** The edition it was translated into. */
  edition: string
  status: TranslationStatus
  /** The rule's number(s) in `edition`, in document order (empty for `not-yet` and `gone`). */
  numbers: string[]
  /** For `not-yet`: the first edition the rule was in force in, and its number there. */
  began?: { edition: string; number: string }
  /** For `gone`: the last edition the rule was in force in (before `edition`), and its number there. */
  ended?: { edition: string; number: string }
  /** One plain line saying so ("704.5j was numbered 420.5e in the edition of 2003-12-01"); empty for `same`. */
  note: string
}

/** Options of {@link translateNumber}. */
export interface TranslateOptions {
  /**
   * The edition whose numbering `number` comes from. Default: the edition asked
   * when it has the number, else the newest edition that had it (a number means
   * the rule it named last).
   */
  numberedAs?: EditionSelector
}

/** A walk never visits more versions than this (a lineage has a few dozen). */
const maxVisited = 10_000

/**
 * The rule numbered `number` in the numbering of `options.numberedAs`, as it
 * stood in the edition `to` selects: under which number(s), or why under none.
 *
 * @throws {CrdbError} `E_BAD_NUMBER`; `E_BAD_DATE`, `E_USAGE` for a bad selector;
 *   `E_NOT_FOUND` when no edition had the number (or the `numberedAs` edition does not have it).
 */
export function translateNumber(db: Crdb, number: string, to: EditionSelector = {}, options: TranslateOptions = {}): NumberTranslation {
  const key = parseRuleNumber(number)
  const edition = resolveEdition(db, to, 'translateNumber')
  let start: LinkedVersion | undefined
  let numberedAs: string
  if (options.numberedAs !== undefined) {
    numberedAs = resolveEdition(db, options.numberedAs, 'translateNumber')
    start = findVersionInForce(db, key, numberedAs)
    if (!start) throw new CrdbError('E_NOT_FOUND', `rule ${key} is not in the edition of ${numberedAs}, whose numbering it was said to come from`)
  } else {
    start = findVersionInForce(db, key, edition) ?? findNewestVersion(db, key)
    if (!start) throw new CrdbError('E_NOT_FOUND', `no edition has a rule ${key}`)
    numberedAs = start.firstDate <= edition && edition <= start.lastDate ? edition : start.lastDate
  }
  return translateVersion(db, key, start, numberedAs, edition)
}

/** A section, rule or subrule given as a scope (`--section 704`), as an edition that numbers it otherwise numbers it. */
export interface SectionNumbering {
  /** The section asked. */
  asked: string
  /** The edition it was read in. */
  edition: string
  /** Its number(s) there (`['420']` for 704 in 2003); the number asked where its rule was not in force then. */
  numbers: string[]
  /** One plain line: `704 was numbered 420 in the edition of 2003-12-01`, or why it has no number there. */
  note: string
}

/**
 * The section, rule or subrule `section` (`7`, `704`, `704.5`) as the edition that answers `at` numbers it, for a
 * scope such as a search's or a diff's section: `undefined` where the edition has a rule of that number (the
 * section is its own) or no edition had one; else the number(s) its rule had there through the lineage, as
 * {@link translateNumber} reads a number (the rule it named last: 704 in 2003 is 420; 420 today is 704), or the
 * number asked kept with why it had none (not in force yet, removed).
 *
 * @throws {CrdbError} `E_BAD_NUMBER` for a bad section; `E_BAD_DATE`, `E_BAD_ERA`, `E_USAGE`, `E_NOT_FOUND` from `at`.
 */
export function readSectionAt(db: Crdb, section: string, at: EditionSelector): SectionNumbering | undefined {
  const key = parseRuleNumber(section)
  const edition = resolveEdition(db, at, 'readSectionAt')
  if (findVersionInForce(db, key, edition)) return undefined
  const start = findNewestVersion(db, key)
  if (!start) return undefined
  const translation = translateVersion(db, key, start, start.lastDate, edition)
  return { asked: key, edition, numbers: translation.numbers.length > 0 ? translation.numbers : [key], note: translation.note }
}

/** Translate from a known starting version (see {@link translateNumber}). */
export function translateVersion(db: Crdb, key: string, start: LinkedVersion, numberedAs: string, edition: string): NumberTranslation {
  const base = { number: key, numberedAs, edition }
  if (start.firstDate <= edition && edition <= start.lastDate) return { ...base, status: 'same', numbers: [key], note: '' }
  const forward = edition > start.lastDate
  const found = new Map<number, LinkedVersion>()
  // Where a walk stopped short of the edition: the last (or, backward, first) wording on each path.
  const ends: LinkedVersion[] = []
  const seen = new Set<number>([start.id])
  const queue: LinkedVersion[] = [start]
  while (queue.length > 0 && seen.size < maxVisited) {
    const current = queue.shift()!
    const next = forward ? listContinuations(db, current.id) : listPredecessors(db, current.id)
    let onward = false
    for (const version of next) {
      if (seen.has(version.id)) continue
      seen.add(version.id)
      if (version.firstDate <= edition && edition <= version.lastDate) {
        found.set(version.id, version)
        onward = true
      } else if (forward ? version.lastDate < edition : version.firstDate > edition) {
        queue.push(version)
        onward = true
      }
    }
    if (!onward) ends.push(current)
  }
  const numbers = [...new Set([...found.values()].map((version) => version.key))]
  if (numbers.length === 1) {
    const status = numbers[0] === key ? 'same' : 'renumbered'
    // Forward, the number changed after its last held edition: an edition not held in between may be where.
    const gap = status === 'renumbered' && forward ? gapAfter(db, start.lastDate) : ''
    return { ...base, status, numbers, note: status === 'same' ? '' : renumberedNote(key, numbers[0], numberedAs, edition, forward) + gap }
  }
  if (numbers.length > 1) {
    const status = forward ? 'split' : 'merged'
    const list = joinNumbers(numbers)
    const note = forward
      ? `${key} (edition of ${numberedAs}) was split: in the edition of ${edition} it is ${list}`
      : `${key} (edition of ${numberedAs}) was several rules in the edition of ${edition}: ${list}`
    return { ...base, status, numbers, note }
  }
  if (forward) {
    // The path that lasted longest says when the rule ended.
    const last = ends.reduce((best, version) => (version.lastDate > best.lastDate ? version : best), start)
    const ended = { edition: last.lastDate, number: last.key }
    const after = nextEditionAfter(db, last.lastDate)
    const as = last.key === key ? '' : ` (as ${last.key})`
    return {
      ...base,
      status: 'gone',
      numbers: [],
      ended,
      note: `${key} (edition of ${numberedAs}) was no longer in force in the edition of ${edition}: last in force in the edition of ${last.lastDate}${as}${after ? `, removed from ${after}` : ''}${gapAfter(db, last.lastDate)}`
    }
  }
  const first = ends.reduce((best, version) => (version.firstDate < best.firstDate ? version : best), start)
  const began = { edition: first.firstDate, number: first.key }
  const as = first.key === key ? '' : ` as ${first.key}`
  return {
    ...base,
    status: 'not-yet',
    numbers: [],
    began,
    note: `${key} (edition of ${numberedAs}) did not exist yet in the edition of ${edition}: it began in the edition of ${first.firstDate}${as}`
  }
}

function renumberedNote(key: string, other: string, numberedAs: string, edition: string, forward: boolean): string {
  return forward
    ? `${key} (edition of ${numberedAs}) is numbered ${other} in the edition of ${edition}`
    : `${key} was numbered ${other} in the edition of ${edition}`
}

function joinNumbers(numbers: string[]): string {
  return numbers.length <= 2 ? numbers.join(' and ') : `${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`
}

/** `; changed between the editions of A and B (X not held)` when editions not held follow the held edition `last`, else `''`. */
function gapAfter(db: Crdb, last: string): string {
  const next = nextEditionAfter(db, last)
  const missing = next === undefined ? [] : findMissingBetween(db, last, next)
  return missing.length ? `; ${describeGap(last, next!, missing)}` : ''
}

function nextEditionAfter(db: Crdb, date: string): string | undefined {
  return listEditionDates(db).find((day) => day > date)
}
