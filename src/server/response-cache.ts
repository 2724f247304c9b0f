/**
 * The answers already given: every 200 answer to a GET (or HEAD) is kept,
 * encoded, with its final headers, keyed by its path and query (never its
 * host: no answer names the host it was asked on), for as long as the
 * database stays as it was (any commit to the file drops them all). The least
 * recently used go first past a byte budget. A page or a rule asked for again
 * costs a map lookup instead of SQL, rendering and encoding; and since the
 * database is read-only to the server, the same URL always gets the same
 * bytes until the file changes.
 *
 * Answers to free-text URLs (a search, anything with a parameter of no fixed
 * set of values) are kept in a small share of their own, so that endless
 * unique URLs evict only each other; an answer marked `Cache-Control:
 * no-store` (`/healthz`) is not kept.
 *
 * This middleware also gives every GET answer its `Cache-Control`, every 200
 * its ETag, and 304 to a matching `If-None-Match`.
 */
import type { MiddlewareHandler } from 'hono'
import { readAnswerBytes } from './answer-text.js'
import type { ContentState } from './content-tag.js'
import { stripBasePath } from './public-urls.js'

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
  /** The base path requests may carry, left out of the keys. */
  basePath?: string
  /** The share of free-text answers: which keys (path and query) are, and what they may take (within `maxBytes`). */
  freeText?: { maxBytes: number; matches: (key: string) => boolean }
}

/** Keys longer than this (a URL of kilobytes of query) are not kept. */
const maxKeyLength = 1024

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
   * The answer to a GET or HEAD of `pathAndQuery` (as the request line has
   * it, `/rules/704.5j?edition=2024-11-08`, with or without the base path)
   * with the request's `If-None-Match`, when the cache holds it for the
   * database as it is now; otherwise undefined.
   */
  lookup: (pathAndQuery: string, ifNoneMatch: string | undefined) => CachedAnswer | undefined
}

/** A cache of answers for one app. */
export function cacheResponses(options: ResponseCacheOptions): ResponseCache {
  const { cacheControl, maxEntryBytes, freeText } = options
  const basePath = options.basePath ?? ''
  const freeShare = createShare(freeText?.maxBytes ?? 0)
  const main = createShare(options.maxBytes - (freeText?.maxBytes ?? 0))
  const shareOf = (key: string): Share => (freeText?.matches(key) ? freeShare : main)
  let cachedFor: ContentState | undefined

  /** The content now, after dropping every answer kept for another. */
  const current = (): ContentState => {
    const content = options.content()
    if (content !== cachedFor) {
      main.clear()
      freeShare.clear()
      cachedFor = content
    }
    return content
  }

  const notModified = (tag: string): CachedAnswer => ({
    status: 304,
    headers: { etag: tag, 'cache-control': cacheControl, 'access-control-allow-origin': '*', 'x-content-type-options': 'nosniff' }
  })

  /** The content now, or undefined when the database cannot say (a damaged file): then nothing is kept or answered from the cache. */
  const currentIfReadable = (): ContentState | undefined => {
    try {
      return current()
    } catch {
      return undefined // The routes answer (or fail, 503) on their own; this lookup may run outside the app's error handler.
    }
  }

  const find = (key: string, ifNoneMatch: string | undefined): CachedAnswer | undefined => {
    if (!currentIfReadable()) return undefined
    const hit = shareOf(key).get(key)
    if (!hit) return undefined
    return matchesTag(ifNoneMatch, hit.tag) ? notModified(hit.tag) : { status: 200, headers: hit.headers, body: hit.body }
  }

  const toResponse = (answer: CachedAnswer): Response => new Response(answer.body ?? null, { status: answer.status, headers: answer.headers })

  const middleware: MiddlewareHandler = async (c, next) => {
    const method = c.req.method
    if (method !== 'GET' && method !== 'HEAD') return next()
    // The path and query as the client wrote them (the host left out: no answer depends on it).
    const key = stripBasePath(pathAndQueryOf(c.req.url), basePath)
    const hit = find(key, c.req.header('if-none-match'))
    if (hit) return toResponse(hit)
    const content = currentIfReadable()
    await next()
    if (c.res.headers.get('cache-control') === 'no-store') return
    if (c.res.status !== 200 || !content) {
      c.header('Cache-Control', cacheControl)
      return
    }
    // The body the route or the worker kept (see answer-text.ts), or the Response read back.
    const body = readAnswerBytes(c.req.raw) ?? new Uint8Array(await c.res.arrayBuffer())
    const headers: Record<string, string> = {}
    for (const [name, value] of c.res.headers) headers[name] = value
    headers['content-length'] = String(body.byteLength)
    headers['cache-control'] = cacheControl
    headers.etag = content.tag
    const answer: Answer = { body, headers, tag: content.tag, bytes: body.byteLength + key.length * 2 + entryOverhead }
    // Kept under the content read before it was made. Made from a newer snapshot (a build committed meanwhile), it is
    // dropped with every other answer by the next lookup, which reads the file again and finds the content changed.
    if (answer.bytes <= maxEntryBytes && key.length <= maxKeyLength) shareOf(key).keep(key, answer)
    // Unset first: assigning over an answer would copy its headers into yet another Response.
    c.res = undefined
    c.res = toResponse(matchesTag(c.req.header('if-none-match'), content.tag) ? notModified(content.tag) : { status: 200, headers, body })
  }

  return { middleware, lookup: (pathAndQuery, ifNoneMatch) => find(stripBasePath(pathAndQuery, basePath), ifNoneMatch) }
}

/** The path and query of a whole URL (`http://host/rules/1?edition=x` → `/rules/1?edition=x`), as written. */
function pathAndQueryOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  return start < 0 ? '/' : url.slice(start)
}

/** A part of the cache with its own byte budget, least recently used first out. */
interface Share {
  get: (key: string) => Answer | undefined
  keep: (key: string, answer: Answer) => void
  clear: () => void
}

function createShare(maxBytes: number): Share {
  // A Map iterates in insertion order: re-inserting on a hit makes its first key the least recently used.
  const answers = new Map<string, Answer>()
  let bytes = 0
  return {
    get: (key) => {
      const hit = answers.get(key)
      if (hit) {
        answers.delete(key)
        answers.set(key, hit)
      }
      return hit
    },
    keep: (key, answer) => {
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
    },
    clear: () => {
      answers.clear()
      bytes = 0
    }
  }
}

/** Whether an `If-None-Match` header names `tag` (or any, `*`), weakly or strongly. */
function matchesTag(header: string | undefined, tag: string): boolean {
  if (!header) return false
  return header.split(',').some((candidate) => {
    const value = candidate.trim()
    return value === '*' || value === tag || value === `W/${tag}`
  })
}
