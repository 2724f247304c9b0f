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
import { CrdbError, quoteInput } from './errors.js'
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
 * Check a selector: an object with at most one of `date`, `edition` and `era`,
 * each a well-formed string. An era is resolved to the day it stands for. The
 * one check every library function, command and route goes through, so that a
 * caller's mistake (a bare string, a misspelt key) is an error, never a quiet
 * answer about the newest edition.
 *
 * @param caller The library function asking (`'getRule'`), named in the error
 *   so that a JavaScript caller without type checks sees where it went wrong.
 * @throws {CrdbError} `E_USAGE` when the selector is not an object, has a key
 *   other than date, edition and era, a value that is not a string, or names
 *   more than one of them; `E_BAD_DATE` for a malformed date; `E_BAD_ERA` for an
 *   unknown era.
 */
export function checkSelector(selector: EditionSelector = {}, caller?: string): CheckedSelector {
  if (typeof selector !== 'object' || selector === null || Array.isArray(selector)) throw badShape(caller, selector)
  // The common case, one field or none, without building the list of those given.
  const count = (selector.date !== undefined ? 1 : 0) + (selector.edition !== undefined ? 1 : 0) + (selector.era !== undefined ? 1 : 0)
  for (const key in selector) {
    if (key !== 'date' && key !== 'edition' && key !== 'era' && (selector as Record<string, unknown>)[key] !== undefined)
      throw new CrdbError('E_USAGE', `${prefix(caller)}the edition selector has an unknown key ${quoteInput(key)}; use date, edition or era`)
  }
  const given = count > 1 ? selectorFields.filter((name) => selector[name] !== undefined) : []
  if (given.length > 1) throw new CrdbError('E_USAGE', `${prefix(caller)}give one of date, edition or era, not ${given.join(' and ')}`)
  try {
    if (selector.date !== undefined) return { by: 'date', date: parseDate(readField(selector, 'date', caller)) }
    // A set code (`M10`, `dom`) names the edition that came with the set.
    if (selector.edition !== undefined) {
      const edition = readField(selector, 'edition', caller)
      return { by: 'edition', edition: looksLikeSetCode(edition) ? resolveSetCode(readSetTable(), edition) : parseDate(edition) }
    }
    if (selector.era !== undefined) {
      const era = readField(selector, 'era', caller)
      return { by: 'era', era: era.trim(), date: eraDate(era) }
    }
  } catch (error) {
    // Name the function whose selector it was; the CLI and server check theirs first, without a caller.
    if (caller && error instanceof CrdbError && !error.message.startsWith(`${caller}: `)) throw new CrdbError(error.code, `${caller}: ${error.message}`)
    throw error
  }
  return { by: 'newest' }
}

function prefix(caller: string | undefined): string {
  return caller ? `${caller}: ` : ''
}

function readField(selector: EditionSelector, name: keyof EditionSelector, caller: string | undefined): string {
  const value: unknown = selector[name]
  if (typeof value !== 'string')
    throw new CrdbError('E_USAGE', `${prefix(caller)}the selector's ${name} must be a string such as '2009-10-01', not ${describeValue(value)}`)
  return value
}

function badShape(caller: string | undefined, selector: unknown): CrdbError {
  return new CrdbError(
    'E_USAGE',
    `${prefix(caller)}an edition selector is an object such as { date: '2009-10-01' }, { edition: 'M10' } or { era: '2009' }, not ${describeValue(selector)}`
  )
}

function describeValue(value: unknown): string {
  if (typeof value === 'string') return `the string ${quoteInput(value)}`
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') return 'an object'
  return `${typeof value} ${quoteInput(String(value))}`
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
