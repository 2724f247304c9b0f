/**
 * The answers already given: every 200 answer to a GET (or HEAD) is kept,
 * encoded, with its final headers, keyed by its URL, for as long as the
 * database stays as it was (any commit to the file drops them all). The least
 * recently used go first past a byte budget. A page or a rule asked for again
 * costs a map lookup instead of SQL, rendering and encoding; and since the
 * database is read-only to the server, the same URL always gets the same
 * bytes until the file changes.
 *
 * This middleware also gives every GET answer its `Cache-Control`, every 200
 * its ETag, and 304 to a matching `If-None-Match`.
 */
import type { MiddlewareHandler } from 'hono'
import type { ContentState } from './content-tag.js'

/** Options of {@link cacheResponses}. */
export interface ResponseCacheOptions {
  /** The database's content now: the cache holds answers for one content only. */
  content: () => ContentState
  /** The `Cache-Control` of every GET answer. */
  cacheControl: string
  /** The bytes the cache may hold, bodies and keys (an estimate, not counting V8's overhead). */
  maxBytes: number
  /** Answers larger than this are not kept. */
  maxEntryBytes: number
}

/** One kept answer: its encoded body and final headers (shared by every response made from it; never mutated). */
interface Answer {
  body: Uint8Array<ArrayBuffer>
  headers: Record<string, string>
  tag: string
  /** What it counts against the budget. */
  bytes: number
}

/** Bytes counted per entry besides its body and key: the headers and the map's bookkeeping, roughly. */
const entryOverhead = 400

/** An answer from the cache: a 200 with its body, or a 304. */
interface CachedAnswer {
  status: 200 | 304
  headers: Record<string, string>
  /** The body of a 200 (none for a 304). */
  body?: Uint8Array<ArrayBuffer>
}

/** The cache of answers: a Hono middleware, and the lookup that a server may also call before Hono. */
export interface ResponseCache {
  /**
   * The middleware: answer from the cache when it can; otherwise let the
   * routes answer, stamp the answer's headers and keep it.
   */
  middleware: MiddlewareHandler
  /**
   * The answer to a GET or HEAD of `url` (the whole URL, as Hono's request
   * has it) with the request's `If-None-Match`, when the cache holds it for
   * the database as it is now; otherwise undefined.
   */
  lookup: (url: string, ifNoneMatch: string | undefined) => CachedAnswer | undefined
}

/** A cache of answers for one app. */
export function cacheResponses(options: ResponseCacheOptions): ResponseCache {
  const { cacheControl, maxBytes, maxEntryBytes } = options
  // A Map iterates in insertion order: re-inserting on a hit makes its first key the least recently used.
  const answers = new Map<string, Answer>()
  let bytes = 0
  let cachedFor: ContentState | undefined

  /** The content now, after dropping every answer kept for another. */
  const current = (): ContentState => {
    const content = options.content()
    if (content !== cachedFor) {
      answers.clear()
      bytes = 0
      cachedFor = content
    }
    return content
  }

  const keep = (key: string, answer: Answer): void => {
    const previous = answers.get(key)
    if (previous) {
      answers.delete(key)
      bytes -= previous.bytes
    }
    answers.set(key, answer)
    bytes += answer.bytes
    for (const [oldest, dropped] of answers) {
      if (bytes <= maxBytes) break
      answers.delete(oldest)
      bytes -= dropped.bytes
    }
  }

  const notModified = (tag: string): CachedAnswer => ({
    status: 304,
    headers: { etag: tag, 'cache-control': cacheControl, 'access-control-allow-origin': '*' }
  })

  /** The content now, or undefined when the database cannot say (a damaged file): then nothing is kept or answered from the cache. */
  const currentIfReadable = (): ContentState | undefined => {
    try {
      return current()
    } catch {
      return undefined // The routes answer (or fail, 503) on their own; this lookup may run outside the app's error handler.
    }
  }

  const lookup = (url: string, ifNoneMatch: string | undefined): CachedAnswer | undefined => {
    if (!currentIfReadable()) return undefined
    const hit = answers.get(url)
    if (!hit) return undefined
    answers.delete(url)
    answers.set(url, hit)
    return matchesTag(ifNoneMatch, hit.tag) ? notModified(hit.tag) : { status: 200, headers: hit.headers, body: hit.body }
  }

  const toResponse = (answer: CachedAnswer): Response => new Response(answer.body ?? null, { status: answer.status, headers: answer.headers })

  const middleware: MiddlewareHandler = async (c, next) => {
    const method = c.req.method
    if (method !== 'GET' && method !== 'HEAD') return next()
    // The whole URL: the feed's links name the host it was asked on.
    const key = c.req.url
    const hit = lookup(key, c.req.header('if-none-match'))
    if (hit) return toResponse(hit)
    const content = currentIfReadable()
    await next()
    if (c.res.status !== 200 || !content) {
      c.header('Cache-Control', cacheControl)
      return
    }
    const body = new Uint8Array(await c.res.arrayBuffer())
    const headers: Record<string, string> = {}
    for (const [name, value] of c.res.headers) headers[name] = value
    headers['content-length'] = String(body.byteLength)
    headers['cache-control'] = cacheControl
    headers.etag = content.tag
    const answer: Answer = { body, headers, tag: content.tag, bytes: body.byteLength + key.length * 2 + entryOverhead }
    // Kept only if the database did not change while it was made.
    if (answer.bytes <= maxEntryBytes && currentIfReadable() === content) keep(key, answer)
    // Unset first: assigning over an answer would copy its headers into yet another Response.
    c.res = undefined
    c.res = toResponse(matchesTag(c.req.header('if-none-match'), content.tag) ? notModified(content.tag) : { status: 200, headers, body })
  }

  return { middleware, lookup }
}

/** Whether an `If-None-Match` header names `tag` (or any, `*`), weakly or strongly. */
function matchesTag(header: string | undefined, tag: string): boolean {
  if (!header) return false
  return header.split(',').some((candidate) => {
    const value = candidate.trim()
    return value === '*' || value === tag || value === `W/${tag}`
  })
}
