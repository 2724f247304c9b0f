/**
 * The HTTP app: the JSON API under `/v1`, `/openapi.json`, and the web pages,
 * all read from one database handle. Web-standard requests, so tests call
 * `app.request()` in-process and `crdb serve` runs it on Node's HTTP server.
 */
import { Hono, type Context } from 'hono'
import { cors } from 'hono/cors'
import { methodNotAllowed } from 'hono/method-not-allowed'
import type { CrdbDatabase } from '../store/database.js'
import { CrdbError } from '../vocabulary/errors.js'
import { registerApi } from './api.js'
import { registerFeed } from './feed.js'
import { errorBody, statusOf, type HttpErrorCode } from './errors.js'
import { renderErrorPage } from './html.js'
import { openApiDocument } from './openapi.js'
import { cachePages } from './page-cache.js'
import { registerPages } from './pages/index.js'
import { createState } from './state.js'
import { stylesheet } from './style.js'

/** Options of {@link createApp}. */
export interface AppOptions {
  /** The database, opened read-only. */
  db: CrdbDatabase
  /** crdb's version, part of every ETag. */
  version?: string
  /** Where to write one line per request; none logs nothing. */
  log?: (line: string) => void
}

/** How long clients and caches may reuse an answer before revalidating it with its ETag. */
const cacheControl = 'public, max-age=60'

/** Build the app serving `options.db`. */
export function createApp(options: AppOptions): Hono {
  const state = createState(options.db, options.version ?? 'dev')
  const app = new Hono()
  const log = options.log

  if (log) {
    app.use(async (c, next) => {
      const started = performance.now()
      await next()
      log(`${c.req.method} ${new URL(c.req.url).pathname} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`)
    })
  }
  app.use(async (c, next) => {
    await next()
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return
    c.header('Cache-Control', cacheControl)
    if (c.res.status !== 200) return
    const tag = state.tag()
    c.header('ETag', tag)
    if (matchesTag(c.req.header('if-none-match'), tag)) {
      c.res = new Response(null, { status: 304, headers: { ETag: tag, 'Cache-Control': cacheControl, 'Access-Control-Allow-Origin': '*' } })
    }
  })
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
  const heavy = cachePages(state.tag, 8)
  app.use('/cr', heavy)
  app.use('/diff', heavy)
  registerPages(app, state)

  app.notFound((c) => failure(c, 'E_NO_ROUTE', `no such page: ${clipPath(new URL(c.req.url).pathname)}`))
  app.onError((error, c) => {
    if (error instanceof CrdbError) return failure(c, error.code, error.message)
    log?.(`error: ${c.req.method} ${c.req.url}: ${error.stack ?? error}`)
    return failure(c, 'E_INTERNAL', 'internal error')
  })
  return app
}

/** An error answer: JSON under `/v1`, an HTML page elsewhere. */
function failure(c: Context, code: HttpErrorCode, message: string, headers: Record<string, string> = {}): Response {
  const status = statusOf(code)
  const path = new URL(c.req.url).pathname
  if (path.startsWith('/v1/') || path === '/v1' || path === '/openapi.json') return c.json(errorBody(code, message), status, headers)
  return c.html(renderErrorPage(status, code, message), status, headers)
}

function matchesTag(header: string | undefined, tag: string): boolean {
  if (!header) return false
  return header.split(',').some((candidate) => {
    const value = candidate.trim()
    return value === '*' || value === tag || value === `W/${tag}`
  })
}

function clipPath(path: string): string {
  return path.length > 80 ? path.slice(0, 80) + '…' : path
}
