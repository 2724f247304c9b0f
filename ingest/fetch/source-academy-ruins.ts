/**
 * Source 2: Academy Ruins' archive of raw Comprehensive Rules documents, by
 * set code. Its routes: `/file/cr/{SET}?format=txt` (the document, UTF-8:
 * older editions are re-encoded, so their bytes rarely match the manifest),
 * `/metadata/cr` (every set code it has, with name and date, newest first) and
 * `/link/cr` (a redirect to Wizards' current rules file).
 */
import { CrdbError } from '../../src/vocabulary/errors.js'
import type { Fetcher } from './http.js'
import type { ManifestEdition } from '../../src/vocabulary/corpus-files.js'
import type { Location } from './location.js'

/** Academy Ruins' copy of `edition`, by its set code. */
export function locateInAcademyRuins(edition: ManifestEdition, base: string): Location | undefined {
  if (!edition.set?.code) return undefined
  return { kind: 'url', url: academyRuinsFileUrl(base, edition.set.code) }
}

/** The URL of Academy Ruins' text of the edition of set `code`. */
export function academyRuinsFileUrl(base: string, code: string): string {
  return `${base}/file/cr/${encodeURIComponent(code.toUpperCase())}?format=txt`
}

/** The URL that redirects to Wizards' current rules file. */
export function currentRulesLink(base: string): string {
  return `${base}/link/cr`
}

/** One edition Academy Ruins lists. */
export interface AcademyRuinsEdition {
  /** The day Academy Ruins added it (near the effective date, not always equal). */
  creationDay: string
  setCode: string
  setName: string
}

/**
 * The editions Academy Ruins lists (`/metadata/cr`), newest first.
 *
 * @throws {CrdbError} as {@link Fetcher.get}; `E_FORMAT` when the answer is not the list expected.
 */
export async function listAcademyRuinsEditions(fetcher: Fetcher, base: string): Promise<AcademyRuinsEdition[]> {
  const url = `${base}/metadata/cr`
  const result = await fetcher.get(url)
  let data: unknown
  try {
    data = JSON.parse(Buffer.from(result.bytes).toString('utf8'))
  } catch {
    throw new CrdbError('E_FORMAT', `${url}: not JSON`)
  }
  const list = (data as { data?: unknown }).data
  if (!Array.isArray(list)) throw new CrdbError('E_FORMAT', `${url}: no "data" list`)
  return list
    .filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null)
    .map((entry) => ({
      creationDay: String(entry.creationDay ?? entry.creation_day ?? ''),
      setCode: String(entry.setCode ?? entry.set_code ?? ''),
      setName: String(entry.setName ?? entry.set_name ?? '')
    }))
    .filter((entry) => /^\d{4}-\d{2}-\d{2}/.test(entry.creationDay) && /^[A-Za-z0-9]{2,5}(?:_\d)?$/.test(entry.setCode))
    .map((entry) => ({ ...entry, creationDay: entry.creationDay.slice(0, 10) }))
    .sort((a, b) => b.creationDay.localeCompare(a.creationDay))
}
