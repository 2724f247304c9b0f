/**
 * "At": which edition a query reads. Every query takes one of
 *
 * - `{ date: 'YYYY-MM-DD' }`: the edition in force on that day;
 * - `{ edition: 'YYYY-MM-DD' }`: the edition with that effective date;
 * - `{ era: '2003' | '2009' | '2024' }`: the rules in force on 31 December of
 *   that year (editions 2003-12-01, 2009-10-01 and 2024-11-08);
 *
 * or nothing, for the newest edition.
 */
import type { CrdbDatabase } from '../store/database.js'
import { parseDate } from '../vocabulary/dates.js'
import { CrdbError } from '../vocabulary/errors.js'
import { eraDate, eraPresets } from '../vocabulary/era-presets.js'
import { looksLikeSetCode } from '../vocabulary/set-codes.js'
import { resolveEdition, type At } from './editions.js'

export type { At }

/** The names of the era presets, oldest first. */
export type EraName = '2003' | '2009' | '2024'

/**
 * The effective date of the edition that answers `at` (default: the newest).
 *
 * @throws {CrdbError} `E_USAGE` when `at` names more than one of date, edition
 *   and era; `E_BAD_DATE` for a malformed date or an unknown era; `E_NOT_FOUND`
 *   when no edition fits.
 */
export function resolveAt(db: CrdbDatabase, at: At = {}): string {
  checkAt(at)
  return resolveEdition(db, at)
}

/**
 * Read "at" the way people write it: a year that names an era preset
 * (`'2009'` -> `{ era: '2009' }`), a day (`'2010-01-01'` -> `{ date: '2010-01-01' }`)
 * or a set code (`'M10'` -> `{ edition: 'M10' }`, the edition that came with the set).
 *
 * @throws {CrdbError} `E_BAD_DATE` for anything else (including a year that is not a preset).
 */
export function parseAt(input: string): At {
  const text = input.trim()
  if (/^\d{4}$/.test(text)) {
    eraDate(text) // throws for a year that is not a preset
    return { era: text }
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return { date: parseDate(text) }
  if (looksLikeSetCode(text)) return { edition: text }
  throw new CrdbError('E_BAD_DATE', `"${input}" is neither a date (YYYY-MM-DD) nor an era (${eraPresets.map((p) => p.name).join(', ')}) nor a set code (M10, DOM)`)
}

/**
 * Check that `at` names at most one of date, edition and era.
 *
 * @throws {CrdbError} `E_USAGE` when it names more.
 */
export function checkAt(at: At): void {
  const given = (['date', 'edition', 'era'] as const).filter((name) => at[name] !== undefined)
  if (given.length > 1) throw new CrdbError('E_USAGE', `give one of --date, --edition or --era, not ${given.map((name) => `--${name}`).join(' and ')}`)
}
