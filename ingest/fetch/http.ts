/**
 * The HTTP client of every fetch: politely, through a local cache.
 *
 * - One request at a time (per fetcher; requests queue), with a pause between
 *   two requests to the same host, a `User-Agent` naming crdb, and a timeout.
 * - Retries with exponential back-off (honouring `Retry-After`) for timeouts,
 *   connections reset, `429` and `5xx`. Never for what another try cannot
 *   fix: a name that does not resolve, a refused connection, an unreachable
 *   network, or another `4xx`. A host found unreachable is not asked again in
 *   the same run, so an offline machine fails in moments.
 * - A cap on every body (`maxBytes`, 50 MB by default): a `Content-Length`
 *   over it is refused before the body is read, and a body is read as a
 *   stream and dropped at the cap, so memory stays bounded (`E_TOO_LARGE`).
 * - A cache keyed by URL: a body with its `ETag` and `Last-Modified`, so a
 *   second fetch of the same URL is a conditional request (`304 Not Modified`
 *   reuses the cached body).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { CrdbError } from '../../src/vocabulary/errors.js'
import { sha256Of } from '../../src/vocabulary/hash.js'

export { sha256Of }

/** The largest body a fetch reads by default: 50 MB (an edition is under 1 MB, a wiki page a few). */
const defaultMaxBytes = 50 * 1024 * 1024

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
  /** Pause between two requests to the same host, in milliseconds (default 1000). */
  delayMs?: number
  userAgent?: string
  /** The largest body read, in bytes (default 50 MB); a larger one is `E_TOO_LARGE`. */
  maxBytes?: number
  /** Called before each attempt (for progress lines and tests). */
  onRequest?: (request: { url: string; attempt: number; conditional: boolean }) => void
}

/** What a fetch returned. */
export interface FetchResult {
  url: string
  bytes: Uint8Array
  contentType: string | undefined
  /** The URL that answered, after redirects. */
  finalUrl: string
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
  finalUrl?: string
}

/** Network failures that another attempt cannot fix: names that do not resolve, refused connections, unreachable networks, bad certificates. */
const unfixableCodes =
  /^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL|ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|ENETDOWN|EHOSTDOWN|EPROTO|ERR_TLS_CERT_ALTNAME_INVALID|CERT_\w+|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_\w+)$/

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Write a file atomically (a temporary file, then a rename): readers see the old file or the new, never a part. */
export function writeAtomic(path: string, data: Uint8Array | string): void {
  const temporary = `${path}.${process.pid}.${Date.now()}.part`
  writeFileSync(temporary, data)
  renameSync(temporary, path)
}

/** Fetches URLs one at a time, politely, through a cache keyed by URL. */
export class Fetcher {
  readonly options: Required<Omit<FetcherOptions, 'onRequest'>> & Pick<FetcherOptions, 'onRequest'>
  #queue: Promise<unknown> = Promise.resolve()
  /** When the last request to each host was sent. */
  #lastRequest = new Map<string, number>()
  /** Hosts that could not be reached in this run, with the error they gave. */
  #unreachable = new Map<string, Unreachable>()

  constructor(options: FetcherOptions) {
    this.options = {
      timeoutMs: 30_000,
      retries: 3,
      backoffMs: 1000,
      maxBackoffMs: 60_000,
      delayMs: 1000,
      userAgent,
      maxBytes: defaultMaxBytes,
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
   *   `E_TOO_LARGE` for a body over the cap (never retried), `E_TIMEOUT` when no complete answer came in time, `E_FETCH` for network errors and bad URLs
   *   ({@link Unreachable} when the host cannot be reached at all).
   */
  get(url: string): Promise<FetchResult> {
    const run = this.#queue.then(() => this.#get(url))
    this.#queue = run.catch(() => undefined)
    return run
  }

  /** The hosts found unreachable so far, each with the network error it gave (`ENOTFOUND`...). */
  unreachableHosts(): Array<{ host: string; cause: string }> {
    return [...this.#unreachable.values()].map((error) => ({ host: error.host, cause: error.reason }))
  }

  async #get(url: string): Promise<FetchResult> {
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      throw new CrdbError('E_FETCH', `${url}: not a URL`)
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new CrdbError('E_FETCH', `${url}: only http and https URLs can be fetched`)
    const known = this.#unreachable.get(parsed.host)
    if (known) throw new Unreachable(`${url}: request failed (${known.reason}; ${parsed.host} did not answer earlier in this run)`, parsed.host, known.reason)
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
    const host = new URL(url).host
    const wait = (this.#lastRequest.get(host) ?? 0) + this.options.delayMs - Date.now()
    if (wait > 0) await sleep(wait)
    this.#lastRequest.set(host, Date.now())
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
      bytes = await readCapped(response, url, this.options.maxBytes, controller)
    } catch (error) {
      if (error instanceof CrdbError) throw error
      if (controller.signal.aborted) throw new Retryable('E_TIMEOUT', `${url}: no complete answer within ${this.options.timeoutMs} ms`)
      const cause = (error as { cause?: { code?: string; message?: string } }).cause
      const reason = cause?.code ?? cause?.message ?? (error as Error).message
      if (cause?.code && unfixableCodes.test(cause.code)) {
        // Retrying cannot fix it, and other requests to the host would fail the same way.
        const unreachable = new Unreachable(`${url}: request failed (${cause.code})`, host, cause.code)
        this.#unreachable.set(host, unreachable)
        throw unreachable
      }
      throw new Retryable('E_FETCH', `${url}: request failed (${reason})`)
    } finally {
      clearTimeout(timer)
      // The pause counts from the end of this answer: a slow server gets the full pause too.
      this.#lastRequest.set(host, Date.now())
    }

    if (response.status === 304 && cached) {
      const body = new Uint8Array(readFileSync(paths.body))
      writeAtomic(paths.meta, JSON.stringify({ ...cached, fetchedAt: new Date().toISOString() }, null, 2))
      return {
        url,
        finalUrl: cached.finalUrl ?? url,
        bytes: body,
        contentType: cached.contentType,
        from: 'revalidated',
        sha256: cached.sha256,
        path: paths.body
      }
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
      fetchedAt: new Date().toISOString(),
      finalUrl: response.url || url
    }
    mkdirSync(join(this.options.cacheDir, 'http'), { recursive: true })
    writeAtomic(paths.body, bytes)
    writeAtomic(paths.meta, JSON.stringify(meta, null, 2))
    return { url, finalUrl: meta.finalUrl!, bytes, contentType: meta.contentType, from: 'network', sha256, path: paths.body }
  }
}

/** `bytes` in MB for messages (`50 MB`, `0.5 MB`). */
export function describeMegabytes(bytes: number): string {
  return `${Number((bytes / (1024 * 1024)).toFixed(2))} MB`
}

/**
 * The body of `response`, read as a stream and refused at `maxBytes`: a larger
 * `Content-Length` before a byte is read, a longer body at the chunk that
 * passes the cap (the request aborted, so no more is downloaded).
 *
 * @throws {CrdbError} `E_TOO_LARGE`.
 */
async function readCapped(response: Response, url: string, maxBytes: number, controller: AbortController): Promise<Uint8Array> {
  const tooLarge = (what: string): CrdbError => {
    controller.abort()
    return new CrdbError('E_TOO_LARGE', `${url}: ${what}, over the cap of ${describeMegabytes(maxBytes)} (--max-size); not downloaded`)
  }
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined)
    throw tooLarge(`the answer says it is ${describeMegabytes(declared)}`)
  }
  if (!response.body) return new Uint8Array(0)
  const chunks: Uint8Array[] = []
  let total = 0
  const reader = response.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.length
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge(`the body passed ${describeMegabytes(maxBytes)}`)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, total)
}

/** An error worth another attempt. */
class Retryable extends CrdbError {}

/** `E_FETCH` for a host that cannot be reached (its name does not resolve, it refuses connections...): never retried. */
export class Unreachable extends CrdbError {
  constructor(
    message: string,
    /** The host (and port) that could not be reached. */
    readonly host: string,
    /** The network error: `ENOTFOUND`, `ECONNREFUSED`... */
    readonly reason: string
  ) {
    super('E_FETCH', message)
  }
}

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
