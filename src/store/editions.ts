/**
 * The store's editions: listing them with their intervals, and finding the one
 * a selector names.
 */
import { CrdbError } from '../vocabulary/errors.js'
import { checkSelector, type EditionSelector } from '../vocabulary/selector.js'
import type { Crdb } from './database.js'
import { prepared } from './statements.js'

/** An edition row with its source, counts and interval. */
export interface EditionRow {
  effectiveDate: string
  /** The effective date of the next edition; `null` for the newest. */
  validTo: string | null
  dateStatement: string
  ruleCount: number
  exampleCount: number
  glossaryCount: number
  truncated: boolean
  uri: string
  sha256: string
  encoding: string
  lineEnding: string
  bytes: number
  errors: number
  warnings: number
  infos: number
}

/** A positioned message stored with a source. */
export interface MessageRow {
  line: number
  rule: string | null
  severity: 'error' | 'warning' | 'info'
  code: string
  text: string
}

/** Every edition, oldest first, with its interval and message counts. */
export function listEditionRows(db: Crdb): EditionRow[] {
  const rows = prepared<[], Omit<EditionRow, 'truncated'> & { truncated: number }>(
    db,
    `SELECT e.effective_date AS effectiveDate, LEAD(e.effective_date) OVER (ORDER BY e.effective_date) AS validTo,
            e.date_statement AS dateStatement, e.rule_count AS ruleCount, e.example_count AS exampleCount,
            e.glossary_count AS glossaryCount, e.truncated, s.uri, s.sha256, s.encoding, s.line_ending AS lineEnding, s.bytes,
            (SELECT COUNT(*) FROM messages m WHERE m.source_id = s.id AND m.severity = 'error') AS errors,
            (SELECT COUNT(*) FROM messages m WHERE m.source_id = s.id AND m.severity = 'warning') AS warnings,
            (SELECT COUNT(*) FROM messages m WHERE m.source_id = s.id AND m.severity = 'info') AS infos
     FROM editions e JOIN sources s ON s.id = e.source_id
     ORDER BY e.effective_date`
  ).all()
  return rows.map((row) => ({ ...row, truncated: row.truncated === 1 }))
}

/** The effective dates of every edition, oldest first. */
export function listEditionDates(db: Crdb): string[] {
  return prepared<[], string>(db, 'SELECT effective_date FROM editions ORDER BY effective_date').pluck().all()
}

/** The messages of the source of the edition dated `effectiveDate`, in line order. */
export function listEditionMessageRows(db: Crdb, effectiveDate: string): MessageRow[] {
  return prepared<[string], MessageRow>(
    db,
    `SELECT m.line, m.rule, m.severity, m.code, m.text FROM messages m
     JOIN editions e ON e.source_id = m.source_id WHERE e.effective_date = ? ORDER BY m.line, m.id`
  ).all(effectiveDate)
}

/** The edition dated exactly `date`, or `undefined`. */
export function findEditionDated(db: Crdb, date: string): string | undefined {
  return prepared<[string], string>(db, 'SELECT effective_date FROM editions WHERE effective_date = ?').pluck().get(date)
}

/** The edition in force on `date` (the newest that took effect on or before it), or `undefined`. */
export function findEditionInForce(db: Crdb, date: string): string | undefined {
  return prepared<[string], string | null>(db, 'SELECT MAX(effective_date) FROM editions WHERE effective_date <= ?').pluck().get(date) ?? undefined
}

/** The `limit` editions whose dates are closest to `date`. */
function listNearestEditions(db: Crdb, date: string, limit: number): string[] {
  return prepared<[string, number], string>(db, 'SELECT effective_date FROM editions ORDER BY ABS(julianday(effective_date) - julianday(?)) LIMIT ?')
    .pluck()
    .all(date, limit)
}

/** The newest edition, or `undefined` for an empty store. */
export function findNewestEdition(db: Crdb): string | undefined {
  return prepared<[], string | null>(db, 'SELECT MAX(effective_date) FROM editions').pluck().get() ?? undefined
}

/** The oldest edition, or `undefined` for an empty store. */
export function findOldestEdition(db: Crdb): string | undefined {
  return prepared<[], string | null>(db, 'SELECT MIN(effective_date) FROM editions').pluck().get() ?? undefined
}

/**
 * The effective date of the edition a selector names: the edition dated
 * `edition`, the one in force on `date` (or on the day an `era` stands for), or
 * the newest. The one resolver every query, command and route uses; `caller`
 * (a library function's name) is named in its errors.
 *
 * @throws {CrdbError} `E_USAGE` when the selector names more than one of date,
 *   edition and era; `E_BAD_DATE` for a malformed date; `E_BAD_ERA` for an
 *   unknown era; `E_NOT_FOUND` when no edition fits.
 */
export function resolveEdition(db: Crdb, selector: EditionSelector = {}, caller?: string): string {
  const checked = checkSelector(selector, caller)
  if (checked.by === 'edition') {
    const found = findEditionDated(db, checked.edition)
    if (found) return found
    const near = listNearestEditions(db, checked.edition, 2)
    throw new CrdbError('E_NOT_FOUND', `no edition dated ${checked.edition}${near.length ? ` (nearest: ${near.join(', ')})` : ''}`)
  }
  if (checked.by === 'date' || checked.by === 'era') {
    const found = findEditionInForce(db, checked.date)
    if (found) return found
    const oldest = findOldestEdition(db)
    throw new CrdbError('E_NOT_FOUND', oldest ? `no edition in force on ${checked.date} (the oldest stored took effect ${oldest})` : emptyStore)
  }
  const newest = findNewestEdition(db)
  if (!newest) throw new CrdbError('E_NOT_FOUND', emptyStore)
  return newest
}

const emptyStore = 'the database holds no editions; run crdb build first'
