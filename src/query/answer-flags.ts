/**
 * The flags an answer carries about where it comes from, decided here once for
 * the CLI and the HTTP API alike: `truncated: true` when it is read from a
 * truncated edition, `stale: true` when derived data it depends on (lineage,
 * reconciliation of the dumps) was left out of date by an interrupted build;
 * each with the warning that says why. The CLI prints the warnings and adds the
 * flags to its `--json`; the HTTP API adds the flags to its `/v1` answers.
 */
import type { Crdb } from '../store/database.js'
import { readDerivedState, type DerivedData } from '../store/derived-state.js'
import { explainMissing, listTruncations, truncationNote, type Truncation } from '../store/edition-flags.js'
import { CrdbError } from '../vocabulary/errors.js'
import { describeDayGap, describeSpanGap, findMissingBetween } from './gaps.js'
import { rememberPerContent } from '../store/per-content.js'

export type { DerivedData } from '../store/derived-state.js'

/** The flags beside an answer's own fields; absent when they do not apply. */
export interface AnswerFlags {
  /** Derived data the answer depends on is out of date (a build was interrupted). */
  stale?: true
  /** The answer comes from a truncated edition: what the edition lost is missing from it. */
  truncated?: true
  /**
   * Editions not held that the answer's interval crosses (a diff's two editions, or the day asked and the held
   * edition answering for it), oldest first: a change may have come with one of them.
   */
  notHeld?: string[]
}

/** What an answer is read from: an edition, derived data, or both. */
export interface AnswerBasis {
  /** The effective date of the edition the answer comes from. */
  edition?: string
  /** The derived data the answer depends on. */
  needs?: DerivedData
  /** The day asked about (a date or an era's day), when the answer is the edition in force on it. */
  asked?: string
  /** The two editions an answer compares (a diff). */
  span?: { from: string; to: string }
}

/** The flags of an answer and the warnings that explain them, one line each. */
export interface AnswerNotes {
  flags: AnswerFlags
  /** One line per flag set, without a `warning:` prefix. */
  warnings: string[]
}

/** An answer with its flags among its fields, and the warnings that explain them. */
export interface FlaggedAnswer<T> {
  answer: T & AnswerFlags
  warnings: string[]
}

/** The truncated editions by date, read once per content of the file (every answer asks about its edition). */
const readTruncations = rememberPerContent((db: Crdb): ReadonlyMap<string, Truncation> => new Map(listTruncations(db).map((row) => [row.edition, row])))

/** The flags and warnings of an answer read from `basis`. */
export function readAnswerNotes(db: Crdb, basis: AnswerBasis): AnswerNotes {
  const flags: AnswerFlags = {}
  const warnings: string[] = []
  if (basis.needs !== undefined && readDerivedState(db)[basis.needs]) {
    flags.stale = true
    warnings.push(
      `the ${basis.needs === 'lineage' ? 'lineage (renumberings and history)' : 'reconciliation of secondary dumps'} is out of date (a build was interrupted); run crdb build to bring it up to date`
    )
  }
  const truncation = basis.edition === undefined ? undefined : readTruncations(db).get(basis.edition)
  if (truncation) {
    flags.truncated = true
    warnings.push(truncationNote(truncation))
  }
  // Editions not held inside the interval: the day asked after the edition answering, or between two compared.
  const notHeld: string[] = []
  if (basis.asked !== undefined && basis.edition !== undefined) {
    const missing = findMissingBetween(db, basis.edition, basis.asked)
    if (missing.length) warnings.push(describeDayGap(basis.asked, basis.edition, missing))
    notHeld.push(...missing)
  }
  if (basis.span !== undefined) {
    const [from, to] = basis.span.from <= basis.span.to ? [basis.span.from, basis.span.to] : [basis.span.to, basis.span.from]
    const missing = findMissingBetween(db, from, to)
    if (missing.length) warnings.push(describeSpanGap(from, to, missing))
    notHeld.push(...missing.filter((date) => !notHeld.includes(date)))
  }
  if (notHeld.length) flags.notHeld = notHeld.sort()
  return { flags, warnings }
}

/**
 * `answer` with the flags of `basis` added to its fields (the same object when
 * none applies), and the warnings that explain them.
 */
export function flagAnswer<T extends object>(db: Crdb, answer: T, basis: AnswerBasis): FlaggedAnswer<T> {
  const { flags, warnings } = readAnswerNotes(db, basis)
  return { answer: warnings.length === 0 ? answer : { ...answer, ...flags }, warnings }
}

/**
 * An error as the answer to a question gives it: a rule or term missing from a
 * truncated edition says that the edition is cut short (what was asked for may
 * be in the part cut off). Any other error as it was.
 */
export function explainError<E>(db: Crdb, error: E): E | CrdbError {
  if (!(error instanceof CrdbError) || error.code !== 'E_NOT_FOUND') return error
  const explained = explainMissing(db, error.message)
  return explained === error.message ? error : new CrdbError('E_NOT_FOUND', explained)
}
