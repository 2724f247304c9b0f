/**
 * The corpus manifest (`corpus/manifest.json`): every official edition crdb
 * knows, with the digest that verifies a copy and the set it came with.
 */
import { readFileSync } from 'node:fs'
import { parseDate } from '../../src/vocabulary/dates.js'
import { CrdbError } from '../../src/vocabulary/errors.js'

/** One official edition as the corpus manifest lists it. */
export interface ManifestEdition {
  /** The effective date the document states. */
  effectiveDate: string
  /** The file name in the archive and in the cache. */
  file: string
  /** The date the archive files it under, when it differs from the stated one. */
  fileDate?: string
  /** Where Wizards of the Coast published it; null when no official URL is known. */
  url: string | null
  sha256: string
  bytes: number
  /** The set (or mid-cycle update) the edition came with: `{ code: 'M10', name: 'Magic 2010' }`. */
  set?: { code: string; name: string; basis?: string }
  /** The numbered rules and glossary terms crdb parses from the file: the structure a re-encoded copy must have. */
  rules?: number
  terms?: number
}

/** The corpus manifest (`corpus/manifest.json`). */
export interface Manifest {
  note?: string
  editions: ManifestEdition[]
}

/**
 * Read and check a manifest.
 *
 * @throws {CrdbError} `E_IO` when it cannot be read, `E_FORMAT` naming the file and entry when it is not one.
 */
export function readManifest(path: string): Manifest {
  let data: unknown
  try {
    data = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code) throw new CrdbError('E_IO', `${path}: cannot read manifest (${code})`)
    throw new CrdbError('E_FORMAT', `${path}: manifest is not JSON (${(error as Error).message})`)
  }
  const editions = (data as { editions?: unknown }).editions
  if (!Array.isArray(editions)) throw new CrdbError('E_FORMAT', `${path}: manifest has no "editions" list`)
  editions.forEach((entry: Partial<ManifestEdition>, index) => {
    const where = `${path}: editions[${index}]`
    if (typeof entry.file !== 'string' || /[/\\]|^\.\.?$/.test(entry.file)) throw new CrdbError('E_FORMAT', `${where}: "file" must be a plain file name`)
    if (typeof entry.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(entry.sha256))
      throw new CrdbError('E_FORMAT', `${where} (${entry.file}): "sha256" must be 64 hex digits`)
    if (entry.url !== null && typeof entry.url !== 'string') throw new CrdbError('E_FORMAT', `${where} (${entry.file}): "url" must be a URL or null`)
    if (entry.set !== undefined && (typeof entry.set?.code !== 'string' || !/^[A-Za-z0-9]{2,5}(?:_\d)?$/.test(entry.set.code)))
      throw new CrdbError('E_FORMAT', `${where} (${entry.file}): "set.code" must be a set code such as M10 or IKO_2`)
    for (const count of ['rules', 'terms'] as const) {
      if (entry[count] !== undefined && !Number.isInteger(entry[count]))
        throw new CrdbError('E_FORMAT', `${where} (${entry.file}): "${count}" must be a whole number`)
    }
    try {
      parseDate(String(entry.effectiveDate))
    } catch {
      throw new CrdbError('E_FORMAT', `${where} (${entry.file}): "effectiveDate" must be YYYY-MM-DD`)
    }
  })
  return data as Manifest
}
