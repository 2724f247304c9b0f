/**
 * The bound on costly answers. A whole diff, a whole edition, a search, the
 * changes since a day or a citation check costs tens to hundreds of
 * milliseconds of synchronous SQLite and rendering on the server's one
 * thread; a rule costs well under one. Unbounded, a few clients asking for
 * unique costly URLs (none of them in the answer cache) hold every other
 * request behind them. So costly answers are made one at a time (by
 * default). One made on this thread waits first for a turn of the event loop
 * in which every request that arrived meanwhile is taken in: a cheap one is
 * answered then, at once; a costly one joins the queue. One made on the
 * worker (`offload`) is handed over at once: it holds nothing here; and the
 * worker holds the next one too (two in hand, by default), which it begins as
 * soon as it has sent the last (handed over only after, the worker waited
 * about 0.2-0.5 ms between two searches of about a millisecond each). Waiting
 * requests go in the order they came. Past the queue's length, a costly
 * request is refused at once with 503, `Retry-After` and the code `E_BUSY`.
 * Answers the answer cache holds never get here: asking again for a costly
 * URL is cheap.
 */
import type { Context, MiddlewareHandler } from 'hono'

/** Options of {@link createCostBound}. */
export interface CostBoundOptions {
  /** Costly answers made at once (default 1: the handlers are synchronous, a second one would only wait). */
  concurrency?: number
  /**
   * Costly answers in the worker's hands at once, with `offload` (default 2: the one it makes and the next, waiting
   * in its queue). One made here starts only while fewer than `concurrency` costly answers are being made here or held
   * by the worker: by default, none.
   */
  offloadConcurrency?: number
  /** Costly requests that may wait beyond those being made; past this, 503 (default 32: each of 32 clients may wait its turn). */
  queue?: number
  /** The answer to a request refused for want of room: a 503 carrying `retryAfter` (seconds) in `Retry-After`. */
  onBusy: (c: Context, retryAfter: number) => Response
  /** Where a costly GET or HEAD is answered instead of by the rest of the chain (a worker thread), if anywhere. */
  offload?: (request: Request) => Promise<Response>
}

/** What the bound is doing now. */
interface CostBoundStats {
  /** Costly answers being made. */
  running: number
  /** Costly requests waiting. */
  queued: number
  /** Costly requests refused with 503 since the start. */
  refused: number
}

/** A bound on costly answers, for any route. */
export interface CostBound {
  /**
   * A middleware that bounds every request it is applied to (`app.use('/mcp', bound.limit)`):
   * the rest of the chain runs when the bound gives it a turn, or the request is answered 503.
   */
  limit: MiddlewareHandler
  /** A middleware that bounds the requests {@link isCostly} names and lets the others through. */
  costly: MiddlewareHandler
  stats: () => CostBoundStats
}

/** Build a bound (one per app: requests of one app share it). */
export function createCostBound(options: CostBoundOptions): CostBound {
  const concurrency = Math.max(1, options.concurrency ?? 1)
  const offloadConcurrency = Math.max(1, options.offloadConcurrency ?? 2)
  const maxQueue = Math.max(0, options.queue ?? 32)
  let running = 0
  let refused = 0
  // In the order they came; each starts when there is room for its kind (made here, or handed to the worker).
  const waiting: Array<{ offloaded: boolean; start: () => void }> = []
  // The mean time of a costly answer lately (ms), for Retry-After.
  let meanMs = 200

  const roomFor = (offloaded: boolean): boolean => running < (offloaded ? offloadConcurrency : concurrency)
  // The first waiting request starts when there is room for it; those behind it wait their turn.
  const admit = (): void => {
    while (waiting.length > 0 && roomFor(waiting[0]!.offloaded)) {
      running++
      waiting.shift()!.start()
    }
  }

  const limit: MiddlewareHandler = async (c, next) => {
    const method = c.req.method
    const offload = method === 'GET' || method === 'HEAD' ? options.offload : undefined
    if (waiting.length > 0 || !roomFor(offload !== undefined)) {
      if (waiting.length >= maxQueue) {
        refused++
        // An answer handed over with another in the worker's hands took the time of both.
        const seconds = Math.max(1, Math.ceil(((waiting.length + running) * meanMs) / (offload ? offloadConcurrency : concurrency) / 1000))
        return options.onBusy(c, seconds)
      }
      // Counted as running by the request that lets it start.
      await new Promise<void>((start) => waiting.push({ offloaded: offload !== undefined, start }))
    } else {
      running++
    }
    try {
      // Made here, it would hold this thread: first take in every request that arrived meanwhile. Made on the worker,
      // it holds nothing here, and a turn of the loop would only leave the worker idle.
      if (!offload) await turnOfTheLoop()
      // A client that went away while its request waited gets nothing made for it.
      if (c.req.raw.signal?.aborted) return options.onBusy(c, 1)
      const started = performance.now()
      if (offload) c.res = await offload(c.req.raw)
      else await next()
      meanMs = meanMs * 0.8 + (performance.now() - started) * 0.2
    } finally {
      running--
      admit()
    }
  }

  return {
    limit,
    costly: (c, next) => (isCostly(c.req.method, c.req.path, (name) => c.req.query(name)) ? limit(c, next) : next()),
    stats: () => ({ running, queued: waiting.length, refused })
  }
}

/**
 * Wait for a whole turn of the event loop, past its poll phase: two
 * `setImmediate`s, since one scheduled from a poll callback (where requests
 * are taken in) runs in the same turn's check phase, before the requests that
 * arrived meanwhile are read.
 */
function turnOfTheLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)))
}

/** The query parameters that make a watch feed (each follows a subject through every edition). */
const watchParameters = ['rule', 'section', 'term', 'q']

/**
 * Whether a request is one of the costly kinds: the diffs (`/v1/diff`,
 * `/diff`, `/eras/diff`), whole editions (`/cr`), searches (`/v1/search`,
 * `/search`), the changes since a day (`/changes`), citation checks
 * (`/v1/cite`, `POST /cite`) and watch feeds (`/feed.xml?q=...`). `path` is
 * the request's path without the base path.
 */
function isCostly(method: string, path: string, query: (name: string) => string | undefined): boolean {
  switch (path) {
    case '/v1/diff':
    case '/diff':
    case '/eras/diff':
    case '/cr':
    case '/v1/search':
    case '/search':
    case '/v1/cite':
      return true
    case '/changes':
      return Boolean(query('since'))
    case '/cite':
      return method === 'POST'
    case '/feed.xml':
      return watchParameters.some((name) => query(name))
    default:
      return false
  }
}
