/**
 * The edition selector: which edition a question reads. Every library
 * function, CLI command and HTTP route takes one and checks it here.
 *
 * - `{ date: 'YYYY-MM-DD' }`: the edition in force on that day;
 * - `{ edition: 'YYYY-MM-DD' }`: the edition with that effective date (or
 *   `{ edition: 'M10' }`: the edition that came with the set of that code);
 * - `{ era: '2003' | '2009' | '2024' }`: the rules in force on 31 December of
 *   that year (a `YYYY-MM-DD` day is accepted as an era too);
 * - nothing: the newest edition.
 */
import { parseDate } from './dates.js'
import { CrdbError } from './errors.js'
import { eraDate, eraPresets } from './era-presets.js'
import { looksLikeSetCode, readSetTable, resolveSetCode } from './set-codes.js'

/** Which edition to read: at most one of `date`, `edition` and `era`; none for the newest. */
export interface EditionSelector {
  date?: string
  edition?: string
  era?: string
}

/** The names of the selector's fields, in the order they are listed. */
export const selectorFields = ['date', 'edition', 'era'] as const

/** A selector once checked: which field was given, its value validated. */
export type CheckedSelector = { by: 'newest' } | { by: 'date'; date: string } | { by: 'edition'; edition: string } | { by: 'era'; era: string; date: string }

/**
 * Check a selector: at most one field, each well formed. An era is resolved to
 * the day it stands for.
 *
 * @throws {CrdbError} `E_USAGE` when it names more than one of date, edition and
 *   era; `E_BAD_DATE` for a malformed date; `E_BAD_ERA` for an unknown era.
 */
export function checkSelector(selector: EditionSelector = {}): CheckedSelector {
  // The common case, one field or none, without building the list of those given.
  const count = (selector.date !== undefined ? 1 : 0) + (selector.edition !== undefined ? 1 : 0) + (selector.era !== undefined ? 1 : 0)
  const given = count > 1 ? selectorFields.filter((name) => selector[name] !== undefined) : []
  if (given.length > 1) throw new CrdbError('E_USAGE', `give one of date, edition or era, not ${given.join(' and ')}`)
  if (selector.date !== undefined) return { by: 'date', date: parseDate(selector.date) }
  // A set code (`M10`, `dom`) names the edition that came with the set.
  if (selector.edition !== undefined)
    return { by: 'edition', edition: looksLikeSetCode(selector.edition) ? resolveSetCode(readSetTable(), selector.edition) : parseDate(selector.edition) }
  if (selector.era !== undefined) return { by: 'era', era: selector.era.trim(), date: eraDate(selector.era) }
  return { by: 'newest' }
}

/**
 * Read a selector the way people write one: a year that names an era preset
 * (`'2009'` -> `{ era: '2009' }`), a day (`'2010-01-01'` -> `{ date: '2010-01-01' }`)
 * or a set code (`'M10'` -> `{ edition: 'M10' }`).
 *
 * @throws {CrdbError} `E_BAD_DATE` for anything else, `E_BAD_ERA` for a year that is not a preset.
 */
export function parseSelector(input: string): EditionSelector {
  const text = input.trim()
  if (/^\d{4}$/.test(text)) {
    eraDate(text) // throws for a year that is not a preset
    return { era: text }
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return { date: parseDate(text) }
  if (looksLikeSetCode(text)) return { edition: text }
  throw new CrdbError(
    'E_BAD_DATE',
    `"${input}" is neither a date (YYYY-MM-DD) nor an era (${eraPresets.map((p) => p.name).join(', ')}) nor a set code (M10, DOM)`
  )
}
