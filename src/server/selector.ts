/**
 * The edition selector of every route: `date`, `edition` or `era` (at most one)
 * read from the query string. The one place the server touches the library's
 * selector (`At`, `checkAt`, `resolveAt`), so that it follows the library when
 * that changes.
 */
import type { CrdbDatabase } from '../database.js'
import { CrdbError } from '../errors.js'
import { parseAt, resolveAt, type At } from '../query/at.js'

export type { At }

/** The names of the selector's query parameters. */
export const selectorNames = ['date', 'edition', 'era'] as const

/**
 * The selector that a request's query parameters give. An empty value counts as
 * absent, so that a form's empty field selects nothing.
 *
 * @throws {CrdbError} `E_USAGE` when more than one is given.
 */
export function readSelector(query: (name: string) => string | undefined): At {
  const at: At = {}
  for (const name of selectorNames) {
    const value = query(name)?.trim()
    if (value) at[name] = value
  }
  const given = Object.keys(at)
  if (given.length > 1) throw new CrdbError('E_USAGE', `give one of date, edition or era, not ${given.join(' and ')}`)
  return at
}

/**
 * The effective date of the edition `at` selects (the newest when empty).
 *
 * @throws {CrdbError} `E_BAD_DATE`, `E_BAD_ERA`, `E_NOT_FOUND`.
 */
export function editionOf(db: CrdbDatabase, at: At): string {
  return resolveAt(db, at)
}

/** The query string that selects `at` (`?era=2009`), or `''` for the newest edition. */
export function selectorQuery(at: At): string {
  for (const name of selectorNames) {
    const value = at[name]
    if (value) return `?${name}=${encodeURIComponent(value)}`
  }
  return ''
}

/**
 * One side of a diff as people write it: an edition's or any day's date, or an era's year.
 *
 * @throws {CrdbError} `E_BAD_DATE` for anything else.
 */
export function readPoint(text: string): At {
  return parseAt(text)
}
