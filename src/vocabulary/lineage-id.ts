/**
 * Lineage ids: the stable name of a lineage (a rule followed through its
 * renumberings, or a glossary term), derived from the data alone.
 *
 * A lineage is named by where it starts: the effective date of the first
 * edition of its first version and the number (or term) that version had.
 *
 * - a rule: `1999-04-23_420.5e` (the legend rule, 704.5j today);
 * - a glossary term: `1999-04-23_term.last_known_information`: the term key
 *   with a space written `_`, `a`-`z`, `0`-`9` and `-` as they are, and every
 *   other character as `~` and two hex digits per UTF-8 byte
 *   (`control, controller` -> `control~2c_controller`), so that two keys never
 *   share an id.
 *
 * Every character of an id is unreserved in a URL (`A-Z a-z 0-9 - . _ ~`), so an
 * id goes into a path as it is. The same data gives the same ids whatever order
 * the editions were stored in and whatever row ids the database gave them; an
 * id changes only when the lineage starts elsewhere (better matching, an
 * edition added before its start), and then the old id is kept as an alias.
 */
import { CrdbError, quoteInput } from './errors.js'
import type { VersionKind } from './kinds.js'
import { splitRuleNumber } from './rule-number.js'

/** What a lineage id says: the kind, the first edition's date and the first key. */
export interface LineageIdParts {
  kind: VersionKind
  /** Effective date of the edition the lineage starts in (YYYY-MM-DD). */
  date: string
  /** The rule number (`420.5e`) or term key (`last known information`) it starts with. */
  key: string
}

const termMarker = 'term.'
const idPattern = /^(\d{4})-(\d{2})-(\d{2})_(.+)$/
const slugPattern = /^(?:[a-z0-9_-]|~[0-9a-f]{2})+$/

/** The id of the lineage that starts with `key` in the edition dated `date`. */
export function formatLineageId(parts: LineageIdParts): string {
  return `${parts.date}_${parts.kind === 'term' ? termMarker + slugOf(parts.key) : parts.key}`
}

/**
 * Read a lineage id (upper or lower case) into its parts.
 *
 * @throws {CrdbError} `E_USAGE` naming the id when it is not one.
 */
export function parseLineageId(id: string): LineageIdParts {
  const text = id.trim().toLowerCase()
  const match = idPattern.exec(text)
  const bad = (why: string): CrdbError =>
    new CrdbError('E_USAGE', `${quoteInput(id)} is not a lineage id (${why}; expected DATE_NUMBER like 1999-04-23_420.5e, or DATE_term.TERM)`)
  if (!match) throw bad('no YYYY-MM-DD_ at its start')
  const [, year, month, day, rest] = match
  const date = `${year}-${month}-${day}`
  const parsed = new Date(`${date}T00:00:00Z`)
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) throw bad(`${date} is not a day`)
  let parts: LineageIdParts
  if (rest.startsWith(termMarker)) {
    const slug = rest.slice(termMarker.length)
    if (!slugPattern.test(slug)) throw bad('a term is written with a-z, 0-9, -, _ for a space and ~XX for any other byte')
    parts = { kind: 'term', date, key: keyOf(slug) }
  } else {
    if (!splitRuleNumber(rest)) throw bad(`${quoteInput(rest)} is not a rule number`)
    parts = { kind: 'rule', date, key: rest }
  }
  // One spelling per id: `~61` for `a`, or a byte sequence that is not UTF-8, is not an id.
  if (formatLineageId(parts) !== text) throw bad('not written the one way an id is written')
  return parts
}

function slugOf(key: string): string {
  let slug = ''
  for (const character of key) {
    if (/[a-z0-9-]/.test(character)) slug += character
    else if (character === ' ') slug += '_'
    else for (const byte of Buffer.from(character, 'utf8')) slug += `~${byte.toString(16).padStart(2, '0')}`
  }
  return slug
}

function keyOf(slug: string): string {
  const bytes: number[] = []
  for (let index = 0; index < slug.length; index++) {
    const character = slug[index]
    if (character === '~') {
      bytes.push(Number.parseInt(slug.slice(index + 1, index + 3), 16))
      index += 2
    } else bytes.push(character === '_' ? 0x20 : character.charCodeAt(0))
  }
  return Buffer.from(bytes).toString('utf8')
}

/** Whether `input` has the shape of a lineage id (`1999-04-23_420.5e`), rather than a rule number or a name. */
export function looksLikeLineageId(input: string): boolean {
  return /^\s*\d{4}-\d{2}-\d{2}_\S/.test(input)
}
