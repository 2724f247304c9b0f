/**
 * The glossary: a term as it stood in one edition, found by any of its names.
 */
import type { Crdb } from '../store/database.js'
import { CrdbError, quoteInput } from '../vocabulary/errors.js'
import { termKey } from '../vocabulary/term-key.js'
import { resolveEdition } from './editions.js'
import type { EditionSelector } from '../vocabulary/selector.js'
import { findReferences } from './get.js'
import { findTermAt, findTermsNamed, listAliases, listAliasesOf, listTermNamesAt, listTermsAt, type TermRow } from '../store/terms.js'
import { AmbiguousNameError, type NameRead, readName } from './names.js'

/** A glossary term as one edition has it. */
export interface GlossaryTerm {
  /** The term as printed: `Life, Life Total`. */
  term: string
  /** The stored key: the term in lower case, without `(Obsolete)`. */
  key: string
  /** Every name the term is found by, in lower case: `['life', 'life total', 'life, life total']`. */
  aliases: string[]
  /** Marked obsolete by the glossary (`Legend (Obsolete)`, or "An obsolete ..."). */
  obsolete: boolean
  /** The definition as printed, senses and notes on their own lines. */
  definition: string
  /**
   * The numbered senses of the definition, without their numbers: for `1. Text on an
   * object ...\n2. An activated or triggered ability ...` the two texts. Empty when
   * the definition is not numbered.
   */
  senses: string[]
  /** Rule and section numbers the definition cites, in order (`['704.5j']`). */
  references: string[]
  /** The edition asked about. */
  edition: string
  /** First day this definition was in force. */
  validFrom: string
  /** The day a different definition (or none) took over; `null` while still in force. */
  validTo: string | null
  /** The last edition that has this definition. */
  lastEdition: string
  /** Provenance: the source this definition was read from, and its line there. */
  source: { uri: string; sha256: string; line: number }
  /**
   * How the name asked was read, where the edition does not print it as asked
   * (`mana abilities`: `{ asked: 'mana abilities', by: 'inflection' }`); absent
   * for a name found as typed.
   */
  read?: NameRead
}

/** A glossary entry in a list of terms. */
export interface GlossaryEntry {
  term: string
  key: string
  aliases: string[]
  obsolete: boolean
  validFrom: string
  validTo: string | null
}

/**
 * Glossary term `term` in the edition that answers `at` (default: the newest),
 * found by any of its names, case-insensitive: `life total`, `Life`, `LIFE, LIFE TOTAL`.
 * A name shared by two terms (`legend` for `Legend` and `Legend, Legendary`) finds
 * the term of that exact name first. A name the edition does not print is read
 * the way people type names (plurals, inflections, abbreviations, informal and other eras' names: `mana abilities`, `cda`,
 * `state based actions`, `mana value` in 2009), and the answer says how in `read`.
 *
 * @throws {CrdbError} `E_NOT_FOUND` (naming up to three close terms), `E_BAD_DATE`, `E_USAGE`;
 *   {@link AmbiguousNameError} (`E_AMBIGUOUS`) for a name read as several terms (`source`).
 */
export function getTerm(db: Crdb, term: string, at: EditionSelector = {}): GlossaryTerm {
  const name = termKey(term)
  if (name === '') throw new CrdbError('E_NOT_FOUND', 'no glossary term given')
  const edition = resolveEdition(db, at, 'getTerm')
  const rows = findTermsNamed(db, name, edition)
  let row: TermRow | undefined = rows[0]
  let read: NameRead | undefined
  if (!row) {
    // Older headings list their names with a slash ('Life/Life Total'); read any heading's parts.
    const names = listTermNamesAt(db, edition)
    const heading = names.find((candidate) => namesOf(candidate.key).includes(name))
    if (heading) row = findTermAt(db, heading.key, edition)
    if (!row) {
      const reading = readName(db, term, edition, ['term'])
      if (reading && reading.targets.length > 1)
        throw new AmbiguousNameError(
          term,
          edition,
          reading.targets.map((target) => target.label)
        )
      if (reading) {
        row = findTermAt(db, reading.targets[0].key, edition)
        read = reading.read
      }
    }
    if (!row) {
      const close = closeTerms(db, names, name)
      throw new CrdbError(
        'E_NOT_FOUND',
        `no glossary term ${quoteInput(term.trim())} in the edition of ${edition}${close.length ? ` (close: ${close.map((label) => `"${label}"`).join(', ')})` : ''}`
      )
    }
  }
  const definition = row.text
  return {
    term: row.label,
    key: row.key,
    aliases: aliasesOf(db, row.key),
    obsolete: row.obsolete,
    definition,
    senses: sensesOf(definition),
    references: [...new Set(findReferences(definition).flatMap((c) => (c.to ? [c.from, c.to] : [c.from])))],
    edition,
    validFrom: row.firstDate,
    validTo: row.validTo,
    lastEdition: row.lastDate,
    source: { uri: row.uri, sha256: row.sha256, line: row.line },
    ...(read ? { read } : {})
  }
}

/**
 * Every glossary term of the edition that answers `at` (default: the newest), in
 * alphabetical order of their keys.
 *
 * @throws {CrdbError} `E_BAD_DATE`, `E_USAGE`, or `E_NOT_FOUND` when no edition fits.
 */
export function listTerms(db: Crdb, at: EditionSelector = {}): GlossaryEntry[] {
  const edition = resolveEdition(db, at, 'listTerms')
  const aliases = new Map<string, string[]>()
  for (const { alias, key } of listAliases(db)) {
    let list = aliases.get(key)
    if (!list) aliases.set(key, (list = []))
    list.push(alias)
  }
  return listTermsAt(db, edition).map((row) => ({
    term: row.label,
    key: row.key,
    aliases: aliases.get(row.key) ?? [row.key],
    obsolete: row.obsolete,
    validFrom: row.firstDate,
    validTo: row.validTo
  }))
}

/** The numbered senses of a definition (`1. ...`, `2. ...`), without their numbers. */
export function sensesOf(definition: string): string[] {
  const senses: string[] = []
  for (const line of definition.split('\n')) {
    // Only a run numbered from 1 counts: "2." alone is not a sense.
    const match = /^(\d{1,2})\.\s+(.*)$/.exec(line.trim())
    if (match && Number(match[1]) === senses.length + 1) senses.push(match[2])
  }
  return senses
}

function aliasesOf(db: Crdb, key: string): string[] {
  const stored = listAliasesOf(db, key)
  return [...new Set([...stored, ...namesOf(key)])].sort()
}

/** The names a heading lists: `life/life total` -> `life/life total`, `life`, `life total`. */
function namesOf(key: string): string[] {
  return [key, ...key.split(/\s*[/,]\s*/).filter((part) => part !== '')]
}

/**
 * Up to three terms of the edition with a name close to `name`: one that starts
 * with it, then one that contains it, then those sharing the most words with it
 * (a word matches a word it starts, or one typing slip away), then a name one or
 * two slips away.
 */
function closeTerms(db: Crdb, terms: Array<{ key: string; label: string }>, name: string): string[] {
  const labels = new Map(terms.map((row) => [row.key, row.label]))
  const aliases = listAliases(db).filter((a) => labels.has(a.key))
  const candidates = new Map<string, { name: string; key: string }>()
  for (const candidate of [
    ...terms.flatMap((row) => namesOf(row.key).map((n) => ({ name: n, key: row.key }))),
    ...aliases.map((a) => ({ name: a.alias, key: a.key }))
  ]) {
    candidates.set(candidate.key + '\u0000' + candidate.name, candidate)
  }
  const words = name.split(/[\s/,]+/).filter((word) => word.length >= 2)
  const wordMatches = (word: string, part: string): boolean =>
    part.startsWith(word) || (part.length >= 4 && word.startsWith(part)) || (word.length >= 4 && withinDistance(part, word, 1))
  const score = (candidate: string): number => {
    if (candidate.startsWith(name)) return 5
    if (candidate.includes(name)) return 4
    const parts = candidate.split(/[\s/,]+/)
    const matched = words.filter((word) => parts.some((part) => wordMatches(word, part))).length
    if (matched > 0) return 2 + matched / words.length - (parts.length - matched) / 100
    return withinDistance(candidate, name, Math.max(1, Math.floor(name.length / 4))) ? 1 : 0
  }
  const best = new Map<string, number>()
  for (const candidate of candidates.values()) {
    const value = score(candidate.name)
    if (value > (best.get(candidate.key) ?? 0)) best.set(candidate.key, value)
  }
  return [...best]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 3)
    .map(([key]) => labels.get(key) ?? key)
}

/** Whether `a` becomes `b` in at most `limit` one-letter edits (insert, delete, change). */
function withinDistance(a: string, b: string, limit: number): boolean {
  if (Math.abs(a.length - b.length) > limit) return false
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (current[j] < best) best = current[j]
    }
    if (best > limit) return false
    previous = current
  }
  return previous[b.length] <= limit
}
