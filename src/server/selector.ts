/**
 * The edition selector of every route: `date`, `edition` or `era` (at most one)
 * read from the query string. The one place the server touches the library's
 * selector, so that it follows the library when that changes.
 */
import { resolveEdition } from '../query/editions.js'
import type { Crdb } from '../store/database.js'
import { checkSelector, parseSelector, selectorFields, type EditionSelector } from '../vocabulary/selector.js'

/** Which edition a route reads (the library's selector). */
export type At = EditionSelector

/**
 * The selector that a request's query parameters give. An empty value counts as
 * absent, so that a form's empty field selects nothing.
 *
 * @throws {CrdbError} `E_USAGE` when more than one is given; `E_BAD_DATE`, `E_BAD_ERA` for a malformed one.
 */
export function readSelector(query: (name: string) => string | undefined): At {
  const at: At = {}
  for (const name of selectorFields) {
    const value = query(name)?.trim()
    if (value) at[name] = value
  }
  checkSelector(at)
  return at
}

/**
 * The effective date of the edition `at` selects (the newest when empty).
 *
 * @throws {CrdbError} `E_BAD_DATE`, `E_BAD_ERA`, `E_NOT_FOUND`.
 */
export function editionOf(db: Crdb, at: At): string {
  return resolveEdition(db, at)
}

/**
 * One side of a diff as people write it: an edition's or any day's date, or an era's year.
 *
 * @throws {CrdbError} `E_BAD_DATE` for anything else.
 */
export function readPoint(text: string): At {
  return parseSelector(text)
}
