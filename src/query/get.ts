/**
 * Looking up one rule as it stood in one edition.
 */
import type { CrdbDatabase } from '../database.js'
import { CrdbError } from '../errors.js'
import { parseRuleNumber, sortKeyOf } from '../rule-number.js'
import { resolveEdition, type At } from './editions.js'
import { prepared } from './statements.js'

/** A rule version as the store holds it. */
export interface RuleVersion {
  number: string
  text: string
  examples: string[]
  /** The edition asked about. */
  edition: string
  /** First day this text was in force (the effective date of its first edition). */
  validFrom: string
  /** The day a different text (or none) took over; `null` while still in force. */
  validTo: string | null
  /** The last edition that has this text. */
  lastEdition: string
  /** Provenance: the source this text was read from, and its line there. */
  source: { uri: string; sha256: string; line: number }
}

/**
 * The text of rule `number` in the edition that answers `at` (default: the newest).
 *
 * @throws {CrdbError} `E_BAD_NUMBER`, `E_BAD_DATE`, or `E_NOT_FOUND` (with the nearest numbers).
 */
export function getRule(db: CrdbDatabase, number: string, at: At = {}): RuleVersion {
  const key = parseRuleNumber(number)
  const edition = resolveEdition(db, at)
  const row = prepared(
    db,
      `SELECT v.id, v.key, v.content_id, c.text, v.first_date, v.last_date, v.line, s.uri, s.sha256,
              (SELECT MIN(e.effective_date) FROM editions e WHERE e.effective_date > v.last_date) AS valid_to
       FROM versions v JOIN contents c ON c.id = v.content_id JOIN sources s ON s.id = v.source_id
       WHERE v.kind = 'rule' AND v.key = ? AND v.first_date <= ? AND v.last_date >= ?`
  ).get(key, edition, edition) as Record<string, any> | undefined
  if (!row) {
    const near = nearestNumbers(db, key, edition)
    throw new CrdbError('E_NOT_FOUND', `rule ${key} is not in the edition of ${edition}${near.length ? ` (nearest: ${near.join(', ')})` : ''}`)
  }
  const examples = prepared(db, 'SELECT text FROM examples WHERE content_id = ? ORDER BY ordinal').pluck().all(row.content_id) as string[]
  return {
    number: row.key,
    text: row.text,
    examples,
    edition,
    validFrom: row.first_date,
    validTo: row.valid_to,
    lastEdition: row.last_date,
    source: { uri: row.uri, sha256: row.sha256, line: row.line }
  }
}

/** The rule numbers of an edition closest to `key` in document order: two before, two after. */
export function nearestNumbers(db: CrdbDatabase, key: string, edition: string): string[] {
  const target = sortKeyOf(key)
  const before = prepared(
    db,
    `SELECT key FROM versions WHERE kind = 'rule' AND first_date <= @edition AND last_date >= @edition AND sort_key < @target ORDER BY sort_key DESC LIMIT 2`
  ).pluck().all({ edition, target }) as string[]
  const after = prepared(
    db,
    `SELECT key FROM versions WHERE kind = 'rule' AND first_date <= @edition AND last_date >= @edition AND sort_key > @target ORDER BY sort_key LIMIT 2`
  ).pluck().all({ edition, target }) as string[]
  return [...before.reverse(), ...after]
}
