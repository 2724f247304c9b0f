/**
 * Bring the manifest's editions into `<cache>/editions/`: each from the first
 * source that has it (a mirror, Academy Ruins by set code, the Wayback
 * Machine's replay of the official URL, Wizards' current link for the newest),
 * verified by sha256 (a copy whose bytes differ is refused, and the next
 * source asked), and recorded in `origins.json`. A file is written only once it is accepted
 * (atomically), and nothing already there is removed: a failed fetch changes
 * nothing stored.
 */
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { CrdbError } from '../../src/vocabulary/errors.js'
import { Fetcher, Unreachable, describeMegabytes, sha256Of, writeAtomic, type FetcherOptions } from './http.js'
import type { Manifest, ManifestEdition } from '../../src/vocabulary/corpus-files.js'
import { recordOrigin } from './origins.js'
import { isMirrorUrl } from './source-mirror.js'
import type { Location } from './location.js'
import { locateEdition, resolveSourceBases, sourceOrder, type SourceBases, type SourceName } from './sources.js'
import { verifyEditionBytes, type Verification } from './verify.js'

/** One source asked for an edition, and what went wrong. */
interface FetchAttempt {
  source: SourceName
  /** The path or URL asked. */
  location: string
  code: string
  error: string
  /** The host could not be reached at all (offline, refused). */
  unreachable: boolean
}

/** What happened to one edition of the manifest. */
export type EditionFetchOutcome =
  | {
      status: 'cached' | 'fetched' | 'revalidated' | 'copied'
      edition: ManifestEdition
      path: string
      /** The path or URL the bytes came from (after redirects). */
      from: string
      /** The source that had it (`cache`: the file was already in the editions folder). */
      source: SourceName | 'cache'
      verified: boolean
      /** Why an unverified file was accepted. */
      warning?: string
      /** Sources asked before, that lacked it. */
      tried: FetchAttempt[]
    }
  | { status: 'skipped'; edition: ManifestEdition; reason: string }
  | { status: 'failed'; edition: ManifestEdition; code: string; error: string; tried: FetchAttempt[]; unreachable: boolean }

/** Options for {@link fetchEditions}. */
export interface FetchEditionsOptions extends Omit<FetcherOptions, 'cacheDir'> {
  cacheDir: string
  /** Ask this folder (or base URL) first, before the web sources. */
  mirror?: string
  /** Only these editions: effective dates, file names or set codes. */
  only?: string[]
  /** Only these sources (default: all, in {@link sourceOrder}). */
  sources?: SourceName[]
  /** Base URLs of the web sources (default: the environment, else the public services). */
  bases?: Partial<SourceBases>
  /** A fetcher to share (default: a new one with these options). */
  fetcher?: Fetcher
  /** Called once per edition as soon as its outcome is known (for progress lines). */
  onOutcome?: (outcome: EditionFetchOutcome) => void
}

/** The result of {@link fetchEditions}. */
export interface FetchEditionsReport {
  outcomes: EditionFetchOutcome[]
  /** `<cacheDir>/editions`: a folder `crdb build --archive` reads. */
  folder: string
  failed: number
  /** Hosts that could not be reached at all, with their network error. */
  unreachable: Array<{ host: string; cause: string }>
}

/** Whether `edition` is one that `only` names (by date, file name or set code). */
function editionSelected(edition: ManifestEdition, only: readonly string[] | undefined): boolean {
  if (!only) return true
  return only.some(
    (wanted) =>
      wanted === edition.effectiveDate || wanted === edition.file || (edition.set !== undefined && wanted.toUpperCase() === edition.set.code.toUpperCase())
  )
}

/**
 * Fetch the manifest's editions (see the module comment). One edition failing
 * does not stop the others.
 *
 * @throws {CrdbError} `E_IO` when the mirror folder does not exist.
 */
export async function fetchEditions(manifest: Manifest, options: FetchEditionsOptions): Promise<FetchEditionsReport> {
  const folder = join(options.cacheDir, 'editions')
  mkdirSync(folder, { recursive: true })
  const fetcher = options.fetcher ?? new Fetcher(options)
  const outcomes: EditionFetchOutcome[] = []
  const report = (outcome: EditionFetchOutcome): void => {
    outcomes.push(outcome)
    options.onOutcome?.(outcome)
  }
  if (options.mirror !== undefined && !isMirrorUrl(options.mirror) && !existsSync(options.mirror)) {
    throw new CrdbError('E_IO', `${options.mirror}: mirror folder does not exist`)
  }
  const context = {
    bases: resolveSourceBases(options.bases),
    mirror: options.mirror,
    newest:
      manifest.editions
        .map((edition) => edition.effectiveDate)
        .sort()
        .at(-1) ?? ''
  }
  for (const edition of manifest.editions) {
    if (!editionSelected(edition, options.only)) continue
    const target = join(folder, edition.file)
    const present = existsSync(target) ? sha256Of(readFileSync(target)) : undefined
    if (present === edition.sha256) {
      report({ status: 'cached', edition, path: target, from: target, source: 'cache', verified: true, tried: [] })
      continue
    }
    // A file whose sha256 is not the manifest's (an unverified copy an older crdb accepted) is fetched again.
    const candidates = locateEdition(edition, context, options.sources ?? sourceOrder)
    if (candidates.length === 0) {
      report({ status: 'skipped', edition, reason: 'no source can have it (no set code, no official URL); use --mirror DIR' })
      continue
    }
    const tried: FetchAttempt[] = []
    let done = false
    for (const { source, location } of candidates) {
      const shown = location.kind === 'file' ? location.path : location.url
      try {
        const got = await readLocation(fetcher, location)
        const verification: Verification = verifyEditionBytes(got.bytes, edition, got.from)
        writeAtomic(target, got.bytes)
        const warning = verification.verified ? undefined : verification.warning
        recordOrigin(folder, edition.file, {
          effectiveDate: edition.effectiveDate,
          set: edition.set ? { code: edition.set.code, name: edition.set.name } : null,
          source,
          from: got.from,
          sha256: sha256Of(got.bytes),
          verified: verification.verified,
          warning,
          fetchedAt: new Date().toISOString()
        })
        report({ status: got.status, edition, path: target, from: got.from, source, verified: verification.verified, warning, tried })
        done = true
        break
      } catch (error) {
        if (!(error instanceof CrdbError)) throw error
        tried.push({ source, location: shown, code: error.code, error: error.message, unreachable: error instanceof Unreachable })
      }
    }
    if (!done) {
      const decisive = tried.find((attempt) => attempt.code === 'E_CHECKSUM') ?? tried.at(-1)!
      report({
        status: 'failed',
        edition,
        code: decisive.code,
        error: tried.length === 1 ? tried[0].error : tried.map((attempt) => `${attempt.source}: ${attempt.error}`).join('; '),
        tried,
        // Offline: every web source was unreachable (a mirror lacking the file does not count against it).
        unreachable:
          tried.some((attempt) => attempt.unreachable) &&
          tried.every((attempt) => attempt.unreachable || (attempt.source === 'mirror' && attempt.code === 'E_IO'))
      })
    }
  }
  return { outcomes, folder, failed: outcomes.filter((outcome) => outcome.status === 'failed').length, unreachable: fetcher.unreachableHosts() }
}

/**
 * The bytes at a location, a mirror's file held to the fetcher's cap as a download is.
 *
 * @throws {CrdbError} `E_IO` for an unreadable file, `E_TOO_LARGE` for a file over the cap, else as {@link Fetcher.get}.
 */
async function readLocation(fetcher: Fetcher, location: Location): Promise<{ bytes: Uint8Array; from: string; status: 'copied' | 'fetched' | 'revalidated' }> {
  if (location.kind === 'file') {
    const cap = fetcher.options.maxBytes
    const size = statSafe(location.path)
    if (size !== undefined && size > cap)
      throw new CrdbError('E_TOO_LARGE', `${location.path}: ${describeMegabytes(size)}, over the cap of ${describeMegabytes(cap)} (--max-size); not read`)
    try {
      return { bytes: new Uint8Array(readFileSync(location.path)), from: location.path, status: 'copied' }
    } catch (error) {
      throw new CrdbError('E_IO', `${location.path}: cannot read mirror file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
    }
  }
  const result = await fetcher.get(location.url)
  return { bytes: result.bytes, from: result.finalUrl, status: result.from === 'revalidated' ? 'revalidated' : 'fetched' }
}

/** The size of a regular file, or `undefined` (missing, not a file: reading it says why). */
function statSafe(path: string): number | undefined {
  try {
    const stat = statSync(path)
    return stat.isFile() ? stat.size : undefined
  } catch {
    return undefined
  }
}
