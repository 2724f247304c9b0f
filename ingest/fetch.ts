/**
 * Stage 1 for sources on the web: fetching, politely, into a local cache.
 *
 * - One request at a time (per fetcher; requests queue), with a pause between
 *   them, a `User-Agent` naming crdb, and a timeout.
 * - Retries with exponential back-off (honouring `Retry-After`) for timeouts,
 *   network errors, `429` and `5xx`; never for other answers such as `404`.
 * - A cache keyed by URL: a body with its `ETag` and `Last-Modified`, so a
 *   second fetch of the same URL is a conditional request (`304 Not Modified`
 *   reuses the cached body).
 *
 * Also the official editions listed in the corpus manifest: downloaded from
 * their official URL (or copied from a mirror folder or URL), checked against
 * the sha256 the manifest lists, and kept in `<cache>/editions/<file>`.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseDate } from '../src/vocabulary/dates.js'
import { CrdbError } from '../src/vocabulary/errors.js'
import { sha256Of } from '../src/vocabulary/hash.js'

/** crdb's `User-Agent`. */
export const userAgent = 'crdb/0.1 (Magic: The Gathering Comprehensive Rules archive; one request at a time)'

/** Options for a {@link Fetcher}. */
export interface FetcherOptions {
  /** The cache folder (pages go in `<cacheDir>/http/`). */
  cacheDir: string
  /** Milliseconds allowed for one request, answer and body (default 30 000). */
  timeoutMs?: number
  /** Retries after the first attempt (default 3). */
  retries?: number
  /** The first back-off in milliseconds, doubled at each retry (default 1000). */
  backoffMs?: number
  /** The longest wait a `Retry-After` may ask for (default 60 000). */
  maxBackoffMs?: number
  /** Pause between two requests in milliseconds (default 1000). */
  delayMs?: number
  userAgent?: string
  /** Called before each attempt (for progress lines and tests). */
  onRequest?: (request: { url: string; attempt: number; conditional: boolean }) => void
}

/** What a fetch returned. */
export interface FetchResult {
  url: string
  bytes: Uint8Array
  contentType: string | undefined
  /** `network`: a fresh 200; `revalidated`: a 304 answered from the cache. */
  from: 'network' | 'revalidated'
  sha256: string
  /** Where the body is cached. */
  path: string
}

interface CacheMeta {
  url: string
  etag?: string
  lastModified?: string
  contentType?: string
  sha256: string
  bytes: number
  fetchedAt: string
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Write a file atomically (a temporary file, then a rename). */
function writeAtomic(path: string, data: Uint8Array | string): void {
  const temporary = `${path}.${process.pid}.${Date.now()}.part`
  writeFileSync(temporary, data)
  renameSync(temporary, path)
}

/** Fetches URLs one at a time, politely, through a cache keyed by URL. */
export class Fetcher {
  readonly options: Required<Omit<FetcherOptions, 'onRequest'>> & Pick<FetcherOptions, 'onRequest'>
  #queue: Promise<unknown> = Promise.resolve()
  #lastRequest = 0

  constructor(options: FetcherOptions) {
    this.options = {
      timeoutMs: 30_000,
      retries: 3,
      backoffMs: 1000,
      maxBackoffMs: 60_000,
      delayMs: 1000,
      userAgent,
      ...options
    }
  }

  /** The cache files of a URL: `<cacheDir>/http/<sha256 of the URL>.{body,json}`. */
  cachePaths(url: string): { body: string; meta: string } {
    const key = sha256Of(Buffer.from(url, 'utf8'))
    const folder = join(this.options.cacheDir, 'http')
    return { body: join(folder, `${key}.body`), meta: join(folder, `${key}.json`) }
  }

  /**
   * Fetch `url` (queued behind any request under way).
   *
   * @throws {CrdbError} `E_HTTP` for an answer that is not a success (after retries for 429/5xx),
   *   `E_TIMEOUT` when no complete answer came in time, `E_FETCH` for network errors and bad URLs.
   */
  get(url: string): Promise<FetchResult> {
    const run = this.#queue.then(() => this.#get(url))
    this.#queue = run.catch(() => undefined)
    return run
  }

  async #get(url: string): Promise<FetchResult> {
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      throw new CrdbError('E_FETCH', `${url}: not a URL`)
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new CrdbError('E_FETCH', `${url}: only http and https URLs can be fetched`)
    const paths = this.cachePaths(url)
    const cached = readMeta(paths.meta, paths.body)
    const { retries, backoffMs, maxBackoffMs } = this.options
    let lastError: CrdbError | undefined
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) {
        const retryAfter = lastError instanceof RetryAfter ? lastError.waitMs : undefined
        await sleep(Math.min(maxBackoffMs, retryAfter ?? backoffMs * 2 ** (attempt - 1)))
      }
      try {
        return await this.#attempt(url, attempt, cached, paths)
      } catch (error) {
        if (!(error instanceof CrdbError)) throw error
        lastError = error
        if (!(error instanceof Retryable)) throw error
      }
    }
    const tries = `${retries + 1} attempt${retries === 0 ? '' : 's'}`
    throw new CrdbError(lastError!.code, `${lastError!.message} (gave up after ${tries})`)
  }

  async #attempt(url: string, attempt: number, cached: CacheMeta | undefined, paths: { body: string; meta: string }): Promise<FetchResult> {
    const wait = this.#lastRequest + this.options.delayMs - Date.now()
    if (wait > 0) await sleep(wait)
    this.#lastRequest = Date.now()
    const headers: Record<string, string> = { 'user-agent': this.options.userAgent, accept: 'text/html, text/plain;q=0.9, text/markdown;q=0.9, */*;q=0.5' }
    if (cached?.etag) headers['if-none-match'] = cached.etag
    if (cached?.lastModified) headers['if-modified-since'] = cached.lastModified
    this.options.onRequest?.({ url, attempt, conditional: cached !== undefined })

    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs)
    let response: Response
    let bytes: Uint8Array
    try {
      response = await fetch(url, { headers, signal: controller.signal, redirect: 'follow' })
      bytes = new Uint8Array(await response.arrayBuffer())
    } catch (error) {
      if (controller.signal.aborted) throw new Retryable('E_TIMEOUT', `${url}: no complete answer within ${this.options.timeoutMs} ms`)
      const cause = (error as { cause?: { code?: string; message?: string } }).cause
      throw new Retryable('E_FETCH', `${url}: request failed (${cause?.code ?? cause?.message ?? (error as Error).message})`)
    } finally {
      clearTimeout(timer)
    }

    if (response.status === 304 && cached) {
      const body = new Uint8Array(readFileSync(paths.body))
      writeAtomic(paths.meta, JSON.stringify({ ...cached, fetchedAt: new Date().toISOString() }, null, 2))
      return { url, bytes: body, contentType: cached.contentType, from: 'revalidated', sha256: cached.sha256, path: paths.body }
    }
    if (response.status === 429 || response.status >= 500) {
      const message = `${url}: HTTP ${response.status} ${response.statusText}`.trim()
      const after = retryAfterMs(response.headers.get('retry-after'))
      throw after !== undefined ? new RetryAfter('E_HTTP', message, after) : new Retryable('E_HTTP', message)
    }
    if (!response.ok) {
      const hint = response.status === 404 ? ' (no such page)' : response.status === 403 ? ' (forbidden)' : ''
      throw new CrdbError('E_HTTP', `${url}: HTTP ${response.status} ${response.statusText}${hint}`.trim())
    }
    const sha256 = sha256Of(bytes)
    const meta: CacheMeta = {
      url,
      etag: response.headers.get('etag') ?? undefined,
      lastModified: response.headers.get('last-modified') ?? undefined,
      contentType: response.headers.get('content-type') ?? undefined,
      sha256,
      bytes: bytes.length,
      fetchedAt: new Date().toISOString()
    }
    mkdirSync(join(this.options.cacheDir, 'http'), { recursive: true })
    writeAtomic(paths.body, bytes)
    writeAtomic(paths.meta, JSON.stringify(meta, null, 2))
    return { url, bytes, contentType: meta.contentType, from: 'network', sha256, path: paths.body }
  }
}

/** An error worth another attempt. */
class Retryable extends CrdbError {}

/** A retryable answer that said how long to wait. */
class RetryAfter extends Retryable {
  constructor(
    code: ConstructorParameters<typeof CrdbError>[0],
    message: string,
    readonly waitMs: number
  ) {
    super(code, message)
  }
}

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}

function readMeta(metaPath: string, bodyPath: string): CacheMeta | undefined {
  if (!existsSync(metaPath) || !existsSync(bodyPath)) return undefined
  try {
    const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as CacheMeta
    return meta.etag || meta.lastModified ? meta : undefined
  } catch {
    return undefined
  }
}

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
    if (typeof entry.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(entry.sha256)) throw new CrdbError('E_FORMAT', `${where} (${entry.file}): "sha256" must be 64 hex digits`)
    if (entry.url !== null && typeof entry.url !== 'string') throw new CrdbError('E_FORMAT', `${where} (${entry.file}): "url" must be a URL or null`)
    try {
      parseDate(String(entry.effectiveDate))
    } catch {
      throw new CrdbError('E_FORMAT', `${where} (${entry.file}): "effectiveDate" must be YYYY-MM-DD`)
    }
  })
  return data as Manifest
}

/** What happened to one edition of the manifest. */
export type EditionFetchOutcome =
  | { status: 'cached' | 'fetched' | 'revalidated' | 'copied'; edition: ManifestEdition; path: string; from: string }
  | { status: 'skipped'; edition: ManifestEdition; reason: string }
  | { status: 'failed'; edition: ManifestEdition; code: string; error: string }

/** Options for {@link fetchEditions}. */
export interface FetchEditionsOptions extends Omit<FetcherOptions, 'cacheDir'> {
  cacheDir: string
  /** Take the files from this folder (or base URL) instead of their official URLs. */
  mirror?: string
  /** Only the editions with these effective dates. */
  only?: string[]
  /** A fetcher to share (default: a new one with these options). */
  fetcher?: Fetcher
  onOutcome?: (outcome: EditionFetchOutcome) => void
}

/** The result of {@link fetchEditions}. */
export interface FetchEditionsReport {
  outcomes: EditionFetchOutcome[]
  /** `<cacheDir>/editions`: a folder `crdb build --archive` reads. */
  folder: string
  failed: number
}

/**
 * Bring the manifest's editions into `<cacheDir>/editions/`, each checked
 * against its sha256: files already there and right are kept (`cached`);
 * others are downloaded from their official URL (or from the mirror). A file
 * whose bytes do not match is not kept (`E_CHECKSUM`). One edition failing
 * does not stop the others.
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
  const mirrorIsUrl = options.mirror !== undefined && /^https?:\/\//i.test(options.mirror)
  if (options.mirror !== undefined && !mirrorIsUrl && !existsSync(options.mirror)) {
    throw new CrdbError('E_IO', `${options.mirror}: mirror folder does not exist`)
  }
  for (const edition of manifest.editions) {
    if (options.only && !options.only.includes(edition.effectiveDate) && !options.only.includes(edition.file)) continue
    const target = join(folder, edition.file)
    try {
      if (existsSync(target) && sha256Of(readFileSync(target)) === edition.sha256) {
        report({ status: 'cached', edition, path: target, from: target })
        continue
      }
      let bytes: Uint8Array
      let status: 'fetched' | 'revalidated' | 'copied'
      let from: string
      if (options.mirror !== undefined && !mirrorIsUrl) {
        from = join(options.mirror, edition.file)
        try {
          bytes = new Uint8Array(readFileSync(from))
        } catch (error) {
          throw new CrdbError('E_IO', `${from}: cannot read mirror file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
        }
        status = 'copied'
      } else {
        from = mirrorIsUrl ? `${options.mirror!.replace(/\/+$/, '')}/${encodeURIComponent(edition.file)}` : (edition.url ?? '')
        if (!from) {
          report({ status: 'skipped', edition, reason: 'no official URL is known; use --mirror DIR' })
          continue
        }
        const result = await fetcher.get(from)
        bytes = result.bytes
        status = result.from === 'revalidated' ? 'revalidated' : 'fetched'
      }
      const actual = sha256Of(bytes)
      if (actual !== edition.sha256) {
        throw new CrdbError('E_CHECKSUM', `${from}: sha256 ${actual.slice(0, 12)}… is not the manifest's ${edition.sha256.slice(0, 12)}… for ${edition.file} (${bytes.length} bytes, ${edition.bytes} expected); not kept`)
      }
      writeAtomic(target, bytes)
      report({ status, edition, path: target, from })
    } catch (error) {
      if (!(error instanceof CrdbError)) throw error
      if (error.code === 'E_CHECKSUM' && existsSync(target) && sha256Of(readFileSync(target)) !== edition.sha256) rmSync(target)
      report({ status: 'failed', edition, code: error.code, error: error.message })
    }
  }
  return { outcomes, folder, failed: outcomes.filter((outcome) => outcome.status === 'failed').length }
}
