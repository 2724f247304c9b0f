/**
 * Set codes as edition selectors: `M10`, `dom`, `IKO_2` name the edition that
 * came with that set (or mid-cycle update). Pure lookups over a table of
 * editions; {@link readSetTable} loads the project's table (the corpus manifest).
 */
import { readProjectManifest } from './corpus-files.js'
import { CrdbError } from './errors.js'

/** One edition with the set it came with. */
export interface SetEdition {
  /** The set code as published (`M10`, `IKO_2`). */
  code: string
  name: string
  effectiveDate: string
}

// Codes are 2-5 letters or digits, with `_2` for a mid-cycle update; never a year or a date.
const codePattern = /^[A-Za-z0-9]{2,5}(?:_\d)?$/

/** Whether `input` has the shape of a set code (and not of a year or date). */
export function looksLikeSetCode(input: string): boolean {
  const text = input.trim()
  return codePattern.test(text) && !/^\d+$/.test(text)
}

/** The edition whose set code (or exact set name) is `input`, case-insensitively. */
export function findSetEdition(table: readonly SetEdition[], input: string): SetEdition | undefined {
  const wanted = input.trim().toUpperCase()
  return table.find((entry) => entry.code.toUpperCase() === wanted) ?? table.find((entry) => entry.name.toUpperCase() === wanted)
}

/** The set that came with the edition dated `effectiveDate`, else `undefined`. */
export function findSetOfEdition(table: readonly SetEdition[], effectiveDate: string): SetEdition | undefined {
  return table.find((entry) => entry.effectiveDate === effectiveDate)
}

/** Codes one edit away from `input` (or sharing its letters in another order), best first. */
export function suggestSetCodes(table: readonly SetEdition[], input: string, limit = 3): string[] {
  const wanted = input.trim().toUpperCase()
  const sorted = (text: string): string => [...text].sort().join('')
  return table
    .map((entry) => {
      const code = entry.code.toUpperCase()
      const score = editDistance(wanted, code)
      return {
        code: entry.code,
        score: score <= 1 ? score : sorted(code) === sorted(wanted) ? 1.5 : entry.name.toUpperCase().startsWith(wanted) && wanted.length >= 3 ? 1.8 : Infinity
      }
    })
    .filter((candidate) => candidate.score !== Infinity)
    .sort((a, b) => a.score - b.score)
    .slice(0, limit)
    .map((candidate) => candidate.code)
}

/**
 * The effective date of the edition that came with set `input`.
 *
 * @throws {CrdbError} `E_NOT_FOUND` naming the input, with "did you mean" on a near miss.
 */
export function resolveSetCode(table: readonly SetEdition[], input: string): string {
  const found = findSetEdition(table, input)
  if (found) return found.effectiveDate
  const near = suggestSetCodes(table, input)
  const shown = input.trim().slice(0, 40)
  throw new CrdbError(
    'E_NOT_FOUND',
    `no edition came with a set coded "${shown}"${near.length ? ` (did you mean ${near.join(', ')}?)` : ''}; crdb editions lists the set codes`
  )
}

/** Levenshtein distance (small strings only). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    previous = current
  }
  return previous[b.length]
}

let projectTable: SetEdition[] | undefined

/**
 * The project's set table: each edition of `corpus/manifest.json` with its set
 * code and name (read once). An unreadable manifest gives an empty table, so
 * that dates keep working.
 */
export function readSetTable(): readonly SetEdition[] {
  if (projectTable) return projectTable
  projectTable = (readProjectManifest()?.editions ?? []).flatMap((edition) =>
    edition.set ? [{ code: edition.set.code, name: edition.set.name, effectiveDate: edition.effectiveDate }] : []
  )
  return projectTable
}
