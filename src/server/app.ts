/**
 * The HTTP app: the JSON API under `/v1`, `/openapi.json`, and the web pages,
 * all read from one database handle. Web-standard requests, so tests call
 * `app.request()` in-process and `crdb serve` runs it on Node's HTTP server.
 */
import { basename } from 'node:path'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import { methodNotAllowed } from 'hono/method-not-allowed'
import { getPath } from 'hono/utils/url'
import type { Crdb } from '../store/database.js'
import { AmbiguousNumberError } from '../query/get.js'
import { AmbiguousNameError } from '../query/names.js'
import { RuleMovedError } from '../query/moved.js'
import { explainError } from '../query/answer-flags.js'
import { explainStoreError } from '../store/store-errors.js'
import { CrdbError } from '../vocabulary/errors.js'
import { registerApi } from './api.js'
import { createCostBound, type CostBound, type CostBoundOptions } from './cost-bound.js'
import { registerFeed } from './feed.js'
import { errorBody, statusOf, type HttpErrorCode } from './errors.js'
import { renderErrorPage } from './html.js'
import { openApiDocument } from './openapi.js'
import { registerPages } from './pages/index.js'
import { registerHealth } from './health.js'
import { prefixLinks, readPublicUrls, stripBasePath } from './public-urls.js'
import { cacheResponses, type ResponseCache } from './response-cache.js'
import { secureHeaders } from './secure-headers.js'
import { createState, type ServerState } from './state.js'
import { stylesheet } from './style.js'

/** Options of {@link createApp}. */
export interface AppOptions {
  /** The database, opened read-only. */
  db: Crdb
  /** crdb's version, part of every ETag. */
  version?: string
  /** Where to write one line per request; none logs nothing. */
  log?: (line: string) => void
  /**
   * The handler of `/mcp` for this app's state (`crdb/mcp`'s `mountMcp`), which the command line
   * gives: the MCP server is a layer above the server, whose state and answers it reads.
   */
  mcp?: McpMount
  /** The public base URL absolute links (feeds, citations) start with (`https://rules.example.org`); none: root-relative links. */
  baseUrl?: string
  /** The path prefix the server is reached under behind a reverse proxy (`/crdb`): every link carries it. */
  basePath?: string
  /** How many costly answers are made at once, how many the worker holds, and how many wait (see {@link createCostBound}). */
  bound?: Pick<CostBoundOptions, 'concurrency' | 'offloadConcurrency' | 'queue'>
  /** Where costly GET answers are made instead of in-process (a worker thread: see `answer-workers.ts`). */
  offload?: CostBoundOptions['offload']
  /**
   * The app as the answer worker runs it: the routes only, no answer cache,
   * headers, link prefix or bound (the server's thread applies those to what
   * the worker answers).
   */
  worker?: boolean
}

/** Builds the handler of `/mcp` (any method) for an app's state. */
export type McpMount = (state: ServerState) => (c: Context) => Promise<Response>

/** How long clients and caches may reuse an answer before revalidating it with its ETag. */
const cacheControl = 'public, max-age=60'

/**
 * What the answers kept in memory may take: enough for thousands of rules and
 * pages and a few whole editions and diffs, well inside the server's 200 MB.
 */
const cacheBytes = 48 * 1024 * 1024

/** The largest answer kept: a whole edition's page (about 2 MB) fits, several times over. */
const cacheEntryBytes = 12 * 1024 * 1024

/**
 * What answers to free-text URLs (a search, a watch feed of a query, the
 * changes since any day, unknown parameters) may take of the cache: a client
 * asking for endless unique ones evicts only each other.
 */
const freeTextCacheBytes = 6 * 1024 * 1024

/** The query parameters whose values are few (dates, editions, numbers, flags): a URL with only these is kept in the main share. */
const structuredParameters = new Set([
  'edition',
  'date',
  'era',
  'from',
  'to',
  'section',
  'include',
  'limit',
  'offset',
  'cursor',
  'summary',
  'kind',
  'mode',
  'all',
  'numbered_as',
  'direction',
  'only',
  'history',
  'rule',
  'term'
])

/**
 * CORS for any origin. Preflights (`OPTIONS`) are Hono's `cors` middleware's; other requests get
 * `Access-Control-Allow-Origin: *` as a prepared header, which the route's answer is made with. Hono's `cors`
 * sets it on `c.res` before the route runs instead, which makes a placeholder answer that the route's answer is
 * then copied over: on Node that turns every answer into a stream (about a tenth of an uncached rule's CPU).
 * Answers not made through the context (the worker's) get the header after.
 */
function allowAnyOrigin(preflight: MiddlewareHandler): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next)
    c.header('Access-Control-Allow-Origin', '*')
    await next()
    if (!c.res.headers.has('Access-Control-Allow-Origin')) c.res.headers.set('Access-Control-Allow-Origin', '*')
  }
}

/** The app, and its cache of answers for a server to look in before the app. */
export interface ServerApp {
  app: Hono
  /** The kept answer to a GET or HEAD of a path and query, if any (see {@link ResponseCache.lookup}). */
  lookup: ResponseCache['lookup']
  /** The bound on costly answers: `bound.limit` bounds any route it is applied to (see {@link CostBound}). */
  bound: CostBound
  /** The base path requests may carry (`''` for none). */
  basePath: string
  /** Let go of what a burst of requests made and the next can make again: for a server left alone (see {@link ServerState.rest}). */
  rest: () => void
}

/** Build the app serving `options.db`. */
export function createApp(options: AppOptions): Hono {
  return createServerApp(options).app
}

/** Build the app serving `options.db`, with its cache of answers. */
export function createServerApp(options: AppOptions): ServerApp {
  const urls = readPublicUrls(options.baseUrl, options.basePath)
  const state = createState(options.db, options.version ?? 'dev', urls)
  const answers = cacheResponses({
    content: state.content,
    cacheControl,
    maxBytes: cacheBytes,
    maxEntryBytes: cacheEntryBytes,
    basePath: urls.basePath,
    freeText: { maxBytes: freeTextCacheBytes, matches: isFreeText }
  })
  // Requests are routed without the base path, whether the proxy passes it on or strips it.
  const app = new Hono({ getPath: (request) => stripBasePath(getPath(request), urls.basePath) })
  const log = options.log
  const bound = createCostBound({
    ...options.bound,
    offload: options.offload,
    onBusy: (c, retryAfter) => failure(c, 'E_BUSY', `the server is busy with costly answers; retry in ${retryAfter} s`, { 'Retry-After': String(retryAfter) })
  })

  if (log) {
    app.use(async (c, next) => {
      const started = performance.now()
      await next()
      log(formatLogLine(c.req.method, c.req.path, c.res.status, started))
    })
  }
  if (!options.worker) {
    app.use(answers.middleware)
    app.use(secureHeaders)
    if (options.mcp) {
      // MCP before the link prefix and CORS: JSON-RPC has no links, and browsers are held to its Origin check.
      // A tool call (a POST) waits its turn with the other costly answers.
      const mcp = options.mcp(state)
      app.post('/mcp', bound.limit, mcp)
      app.all('/mcp', mcp)
    }
    app.use(prefixLinks(urls.basePath))
    app.use(allowAnyOrigin(cors({ origin: '*', allowMethods: ['GET', 'HEAD'] })))
    app.use(bound.costly)
  }
  app.use(
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) =>
        failure(c, 'E_METHOD', `${c.req.method} is not allowed here; use ${methods.join(' or ')}`, { Allow: methods.join(', ') })
    })
  )

  registerHealth(app, state, bound)
  registerApi(app, state)
  const openApi = urls.linkBase ? { ...openApiDocument, servers: [{ url: urls.linkBase }] } : openApiDocument
  app.get('/openapi.json', (c) => c.json(openApi))
  registerFeed(app, state)
  app.get('/style.css', (c) => c.body(stylesheet, 200, { 'Content-Type': 'text/css; charset=utf-8' }))
  registerPages(app, state)

  app.notFound((c) => failure(c, 'E_NO_ROUTE', `no such page: ${clipPath(c.req.path)}`))
  app.onError((thrown, c) => {
    // A damaged store (or a full disk) fails the answers that read it, 503 with a code; the server goes on.
    const error = explainStoreError(thrown, state.db.path, basename(state.db.path))
    if (error !== thrown) log?.(`error: ${c.req.method} ${c.req.path}: ${error.message}`)
    if (error instanceof CrdbError) return failure(c, error.code, explainError(state.db, error).message, {}, extraOf(error))
    log?.(`error: ${c.req.method} ${c.req.path}: ${error.stack ?? error}`)
    return failure(c, 'E_INTERNAL', 'internal error')
  })
  return { app, lookup: answers.lookup, bound, basePath: urls.basePath, rest: state.rest }
}

/** Whether the answer to `key` (a path and query) goes in the cache's small free-text share. */
function isFreeText(key: string): boolean {
  const start = key.indexOf('?')
  if (start < 0) return false
  for (const [name] of new URLSearchParams(key.slice(start + 1))) if (!structuredParameters.has(name)) return true
  return false
}

/** What an error answer carries beside the error: where a moved rule went, the candidates of an ambiguous number or name. */
function extraOf(error: CrdbError): Record<string, unknown> | undefined {
  if (error instanceof RuleMovedError) return { whereabouts: error.whereabouts }
  if (error instanceof AmbiguousNumberError) return { translation: error.translation }
  if (error instanceof AmbiguousNameError) return { candidates: error.candidates }
  return undefined
}

/**
 * An error answer: JSON under `/v1` and on `/mcp` (with `extra` beside the error, as `crdb
 * --json` prints it), an HTML page elsewhere.
 */
function failure(c: Context, code: HttpErrorCode, message: string, headers: Record<string, string> = {}, extra?: Record<string, unknown>): Response {
  const status = statusOf(code)
  const path = c.req.path
  if (path.startsWith('/v1/') || path === '/v1' || path === '/openapi.json' || path === '/mcp')
    return c.json({ ...errorBody(code, message), ...extra }, status, headers)
  return c.html(renderErrorPage(status, code, message), status, headers)
}

/** The log line of one request: method, path, status and time taken since `started` (a `performance.now()`). */
export function formatLogLine(method: string, path: string, status: number, started: number): string {
  return `${method} ${path} ${status} ${(performance.now() - started).toFixed(1)}ms`
}

function clipPath(path: string): string {
  return path.length > 80 ? path.slice(0, 80) + '…' : path
}
