/**
 * The HTTP app: the JSON API under `/v1`, `/openapi.json`, and the web pages,
 * all read from one database handle. Web-standard requests, so tests call
 * `app.request()` in-process and `crdb serve` runs it on Node's HTTP server.
 */
import { basename } from 'node:path'
import { Hono, type Context } from 'hono'
import { cors } from 'hono/cors'
import { methodNotAllowed } from 'hono/method-not-allowed'
import type { Crdb } from '../store/database.js'
import { AmbiguousNumberError } from '../query/get.js'
import { AmbiguousNameError } from '../query/names.js'
import { RuleMovedError } from '../query/moved.js'
import { explainError } from '../query/answer-flags.js'
import { explainStoreError } from '../store/store-errors.js'
import { CrdbError } from '../vocabulary/errors.js'
import { registerApi } from './api.js'
import { registerFeed } from './feed.js'
import { errorBody, statusOf, type HttpErrorCode } from './errors.js'
import { renderErrorPage } from './html.js'
import { openApiDocument } from './openapi.js'
import { registerPages } from './pages/index.js'
import { cacheResponses, type ResponseCache } from './response-cache.js'
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

/** The app, and its cache of answers for a server to look in before the app. */
export interface ServerApp {
  app: Hono
  /** The kept answer to a GET or HEAD of a whole URL, if any (see {@link ResponseCache.lookup}). */
  lookup: ResponseCache['lookup']
}

/** Build the app serving `options.db`. */
export function createApp(options: AppOptions): Hono {
  return createServerApp(options).app
}

/** Build the app serving `options.db`, with its cache of answers. */
export function createServerApp(options: AppOptions): ServerApp {
  const state = createState(options.db, options.version ?? 'dev')
  const answers = cacheResponses({ content: state.content, cacheControl, maxBytes: cacheBytes, maxEntryBytes: cacheEntryBytes })
  const app = new Hono()
  const log = options.log

  if (log) {
    app.use(async (c, next) => {
      const started = performance.now()
      await next()
      log(formatLogLine(c.req.method, new URL(c.req.url).pathname, c.res.status, started))
    })
  }
  // MCP before the answer cache and CORS: its POSTs are never cached, and browsers are held to its Origin check.
  if (options.mcp) app.all('/mcp', options.mcp(state))
  app.use(answers.middleware)
  app.use(cors({ origin: '*', allowMethods: ['GET', 'HEAD'] }))
  app.use(
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) =>
        failure(c, 'E_METHOD', `${c.req.method} is not allowed here; use ${methods.join(' or ')}`, { Allow: methods.join(', ') })
    })
  )

  registerApi(app, state)
  app.get('/openapi.json', (c) => c.json(openApiDocument))
  registerFeed(app, state)
  app.get('/style.css', (c) => c.body(stylesheet, 200, { 'Content-Type': 'text/css; charset=utf-8' }))
  registerPages(app, state)

  app.notFound((c) => failure(c, 'E_NO_ROUTE', `no such page: ${clipPath(new URL(c.req.url).pathname)}`))
  app.onError((thrown, c) => {
    // A damaged store (or a full disk) fails the answers that read it, 503 with a code; the server goes on.
    const error = explainStoreError(thrown, state.db.path, basename(state.db.path))
    if (error !== thrown) log?.(`error: ${c.req.method} ${c.req.url}: ${error.message}`)
    if (error instanceof CrdbError) return failure(c, error.code, explainError(state.db, error).message, {}, extraOf(error))
    log?.(`error: ${c.req.method} ${c.req.url}: ${error.stack ?? error}`)
    return failure(c, 'E_INTERNAL', 'internal error')
  })
  return { app, lookup: answers.lookup }
}

/** What an error answer carries beside the error: where a moved rule went, the candidates of an ambiguous number or name. */
function extraOf(error: CrdbError): Record<string, unknown> | undefined {
  if (error instanceof RuleMovedError) return { whereabouts: error.whereabouts }
  if (error instanceof AmbiguousNumberError) return { translation: error.translation }
  if (error instanceof AmbiguousNameError) return { candidates: error.candidates }
  return undefined
}

/**
 * An error answer: JSON under `/v1` (with `extra` beside the error, as `crdb
 * --json` prints it), an HTML page elsewhere.
 */
function failure(c: Context, code: HttpErrorCode, message: string, headers: Record<string, string> = {}, extra?: Record<string, unknown>): Response {
  const status = statusOf(code)
  const path = new URL(c.req.url).pathname
  if (path.startsWith('/v1/') || path === '/v1' || path === '/openapi.json') return c.json({ ...errorBody(code, message), ...extra }, status, headers)
  return c.html(renderErrorPage(status, code, message), status, headers)
}

/** The log line of one request: method, path, status and time taken since `started` (a `performance.now()`). */
export function formatLogLine(method: string, path: string, status: number, started: number): string {
  return `${method} ${path} ${status} ${(performance.now() - started).toFixed(1)}ms`
}

function clipPath(path: string): string {
  return path.length > 80 ? path.slice(0, 80) + '…' : path
}
