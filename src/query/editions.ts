/**
 * Editions: listing them, and finding the one in force on a date.
 */
import type { CrdbDatabase } from '../store/database.js'
import { parseDate } from '../vocabulary/dates.js'
import { CrdbError } from '../vocabulary/errors.js'
import { eraDate } from '../vocabulary/era-presets.js'
import { prepared } from '../store/statements.js'
import { findSetOfEdition, looksLikeSetCode, readSetTable, resolveSetCode } from '../vocabulary/set-codes.js'

/** A stored edition with its source and counts. */
export interface EditionSummary {
  effectiveDate: string
  /** The set (or mid-cycle update) the edition came with, from the corpus manifest; `null` when unknown. */
  set: { code: string; name: string } | null
  /** The date the next edition took effect; `null` for the newest. */
  validTo: string | null
  source: { uri: string; sha256: string; encoding: string; lineEnding: string; bytes: number }
  dateStatement: string
  rules: number
  examples: number
  terms: number
  truncated: boolean
  messages: { error: number; warning: number; info: number }
}

/** A positioned message kept with an edition's source. */
export interface EditionMessage {
  line: number
  rule: string | null
  severity: 'error' | 'warning' | 'info'
  code: string
  text: string
}

/** Every stored edition, oldest first. */
export function listEditions(db: CrdbDatabase): EditionSummary[] {
  const rows = prepared(
      db,
      `SELECT e.effective_date, e.date_statement, e.rule_count, e.example_count, e.glossary_count, e.truncated,
              s.uri, s.sha256, s.encoding, s.line_ending, s.bytes,
              LEAD(e.effective_date) OVER (ORDER BY e.effective_date) AS valid_to,
              (SELECT COUNT(*) FROM messages m WHERE m.source_id = s.id AND m.severity = 'error') AS errors,
              (SELECT COUNT(*) FROM messages m WHERE m.source_id = s.id AND m.severity = 'warning') AS warnings,
              (SELECT COUNT(*) FROM messages m WHERE m.source_id = s.id AND m.severity = 'info') AS infos
       FROM editions e JOIN sources s ON s.id = e.source_id
       ORDER BY e.effective_date`
    )
    .all() as Array<Record<string, any>>
  const sets = readSetTable()
  return rows.map((row) => ({
    effectiveDate: row.effective_date,
    set: setOf(sets, row.effective_date),
    validTo: row.valid_to,
    source: { uri: row.uri, sha256: row.sha256, encoding: row.encoding, lineEnding: row.line_ending, bytes: row.bytes },
    dateStatement: row.date_statement,
    rules: row.rule_count,
    examples: row.example_count,
    terms: row.glossary_count,
    truncated: row.truncated === 1,
    messages: { error: row.errors, warning: row.warnings, info: row.infos }
  }))
}

function setOf(sets: ReturnType<typeof readSetTable>, effectiveDate: string): { code: string; name: string } | null {
  const found = findSetOfEdition(sets, effectiveDate)
  return found ? { code: found.code, name: found.name } : null
}

/** The messages stored with the edition of `effectiveDate`, in line order. */
export function listEditionMessages(db: CrdbDatabase, effectiveDate: string): EditionMessage[] {
  return prepared(
      db,
      `SELECT m.line, m.rule, m.severity, m.code, m.text FROM messages m
       JOIN editions e ON e.source_id = m.source_id WHERE e.effective_date = ? ORDER BY m.line, m.id`
    )
    .all(effectiveDate) as EditionMessage[]
}

/**
 * Where to look: a day (the edition in force then), an edition by its date or set code, or
 * an era preset (`'2003'`, `'2009'`, `'2024'`: the rules in force on 31 December
 * of that year). Give one of them; none means the newest edition.
 */
export interface At {
  date?: string
  edition?: string
  era?: string
}

/**
 * The effective date of the edition that answers `at`: the edition dated
 * `at.edition` (or that came with the set coded `at.edition`), the one in force on `at.date` (or on the day of `at.era`), or the newest.
 * {@link resolveAt} (`at.ts`) also refuses an `at` that names more than one.
 *
 * @throws {CrdbError} `E_BAD_DATE` for a malformed date, `E_NOT_FOUND` when no edition fits.
 */
export function resolveEdition(db: CrdbDatabase, at: At = {}): string {
  if (at.era !== undefined && at.date === undefined && at.edition === undefined) return resolveEdition(db, { date: eraDate(at.era) })
  if (at.edition !== undefined) {
    // A set code (`M10`, `dom`) names the edition that came with the set.
    const date = looksLikeSetCode(at.edition) ? resolveSetCode(readSetTable(), at.edition) : parseDate(at.edition)
    const row = prepared(db, 'SELECT effective_date FROM editions WHERE effective_date = ?').get(date) as { effective_date: string } | undefined
    if (row) return row.effective_date
    const near = prepared(db, 
        `SELECT effective_date FROM editions ORDER BY ABS(julianday(effective_date) - julianday(?)) LIMIT 2`
      )
      .all(date) as Array<{ effective_date: string }>
    throw new CrdbError('E_NOT_FOUND', `no edition dated ${date}${near.length ? ` (nearest: ${near.map((n) => n.effective_date).join(', ')})` : ''}`)
  }
  if (at.date !== undefined) {
    const date = parseDate(at.date)
    const row = prepared(db, 'SELECT MAX(effective_date) AS date FROM editions WHERE effective_date <= ?').get(date) as { date: string | null }
    if (row.date) return row.date
    const first = prepared(db, 'SELECT MIN(effective_date) AS date FROM editions').get() as { date: string | null }
    throw new CrdbError('E_NOT_FOUND', first.date ? `no edition in force on ${date} (the oldest stored took effect ${first.date})` : 'the database holds no editions; run crdb build first')
  }
  const newest = prepared(db, 'SELECT MAX(effective_date) AS date FROM editions').get() as { date: string | null }
  if (!newest.date) throw new CrdbError('E_NOT_FOUND', 'the database holds no editions; run crdb build first')
  return newest.date
}
