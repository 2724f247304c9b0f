/**
 * The `cursor` of a paged `/v1/diff`: where the next page starts, and which
 * diff it belongs to (so that a cursor given with other editions or another
 * section is refused, not read as an offset into the wrong list). Opaque to
 * clients: base64url of a small JSON object.
 */
import { CrdbError } from '../vocabulary/errors.js'

/** A decoded cursor: the first change of the page, and the diff (editions, section) it pages. */
export interface DiffCursor {
  offset: number
  from: string
  to: string
  section?: string
}

/** The cursor text for `cursor`. */
export function encodeDiffCursor(cursor: DiffCursor): string {
  return Buffer.from(JSON.stringify({ o: cursor.offset, f: cursor.from, t: cursor.to, s: cursor.section ?? null })).toString('base64url')
}

/**
 * The cursor `text` stands for.
 *
 * @throws {CrdbError} `E_USAGE` when it is not a cursor a diff page gave.
 */
export function decodeDiffCursor(text: string): DiffCursor {
  const bad = new CrdbError('E_USAGE', `cursor=${text.length > 40 ? `${text.slice(0, 40)}…` : text}: not a cursor a page of this diff gave (use its next)`)
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    throw bad
  }
  if (typeof value !== 'object' || value === null) throw bad
  const { o, f, t, s } = value as Record<string, unknown>
  if (typeof o !== 'number' || !Number.isInteger(o) || o < 0 || typeof f !== 'string' || typeof t !== 'string' || (s !== null && typeof s !== 'string'))
    throw bad
  return { offset: o, from: f, to: t, ...(s === null ? {} : { section: s }) }
}
