/**
 * The app on Node's HTTP server: what `crdb serve` runs, and what the browser
 * tests and benchmarks start on `127.0.0.1:0`.
 */
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { openDatabase, type Crdb } from '../store/database.js'
import { watchFileReplacement } from '../store/file-replacement.js'
import { packageRoot } from '../vocabulary/paths.js'
import { createServerApp, formatLogLine, type AppOptions, type ServerApp } from './app.js'
import { startAnswerWorker, type AnswerWorker } from './answer-workers.js'
import { compactHeap } from './compact-heap.js'
import { watchIdle } from './idle-watch.js'
import { readPublicUrls } from './public-urls.js'

/** Options of {@link startServer}. */
export interface StartServerOptions {
  /** The database file, opened read-only. */
  databasePath: string
  port?: number
  host?: string
  /** Where to write one line per request; none logs nothing. */
  log?: (line: string) => void
  /** The handler of `/mcp` (see {@link AppOptions.mcp}); none serves no `/mcp`. */
  mcp?: AppOptions['mcp']
  /** The public base URL of absolute links (`--base-url`). */
  baseUrl?: string
  /** The path prefix behind a reverse proxy (`--base-path`). */
  basePath?: string
  /** The bound on costly answers (see {@link AppOptions.bound}). */
  bound?: AppOptions['bound']
}

/** How long the server waits without a request before it gives memory back (see {@link compactHeap}). */
const restMs = 10_000

/** A running server. */
export interface RunningServer {
  /** `http://HOST:PORT` with the port actually bound. */
  url: string
  port: number
  /** Stop accepting connections, finish the open ones, close the database. */
  close: () => Promise<void>
}

/** What serves one database file: its read-only handle, the answer worker and the app over them. */
interface Served {
  db: Crdb
  worker: AnswerWorker | undefined
  served: ServerApp
  listener: ReturnType<typeof getRequestListener>
  /** Requests the app has not finished answering. */
  open: number
  /** Replaced by another file: closed once its last request is answered. */
  retired: boolean
}

/**
 * Open the database read-only and serve the app on `host:port` (default `127.0.0.1:8080`; port 0 picks a free one).
 * A database file replaced under the running server (another moved over it, or it deleted and built again) is opened
 * anew within a second, with a new answer worker, cache and state; one updated in place is followed at once, by
 * SQLite's `data_version`.
 *
 * @throws {CrdbError} `E_DB` when the database cannot be opened, `E_USAGE` for a bad base URL or path.
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { baseUrl, basePath, databasePath } = options
  // Read before anything starts: the worker's app reads the same options.
  readPublicUrls(baseUrl, basePath)
  const version = readVersion()
  const host = options.host ?? '127.0.0.1'
  const open = (): Served => {
    const db = openDatabase(databasePath, { readonly: true })
    const worker = startAnswerWorker({ databasePath, version, baseUrl, basePath }, options.log)
    try {
      const served = createServerApp({ db, version, log: options.log, baseUrl, basePath, bound: options.bound, offload: worker?.answer, mcp: options.mcp })
      return { db, worker, served, listener: getRequestListener(served.app.fetch, { hostname: host }), open: 0, retired: false }
    } catch (error) {
      db.close()
      void worker?.close()
      throw error
    }
  }
  const close = (done: Served): Promise<void> => {
    done.db.close()
    return done.worker?.close() ?? Promise.resolve()
  }
  // Made before the file is opened (see watchFileReplacement).
  const replacement = watchFileReplacement(
    databasePath,
    () => {
      const replaced = current
      current = open()
      replaced.retired = true
      if (replaced.open === 0) void close(replaced)
    },
    options.log
  )
  let current = open()
  // Left alone, the server gives back what a burst of requests grew its heap to.
  const rest = watchIdle({
    idleMs: restMs,
    onIdle: () => {
      current.served.rest()
      compactHeap()
    }
  })
  const server: Server = createServer((request, response) => {
    rest.touch()
    replacement.check()
    const serving = current
    if (answerFromCache(serving.served, request, response, options.log)) return
    serving.open++
    response.once('close', () => {
      if (--serving.open === 0 && serving.retired) void close(serving)
    })
    void serving.listener(request, response)
  })
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', (error) => {
      void close(current)
      reject(error)
    })
    server.listen(options.port ?? 8080, host, () => resolve((server.address() as AddressInfo).port))
  })
  const shown = host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${shown}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rest.stop()
          void close(current).then(() => resolve())
        })
        server.closeIdleConnections()
      })
  }
}

/**
 * Answer a GET or HEAD that the app's cache holds straight from Node's
 * request, without making a web-standard Request and Response for it: the
 * same bytes and headers the app would give, at a fraction of the cost.
 * Whatever the cache does not hold goes to the app.
 */
function answerFromCache(served: ServerApp, request: IncomingMessage, response: ServerResponse, log?: (line: string) => void): boolean {
  const method = request.method
  if (method !== 'GET' && method !== 'HEAD') return false
  const started = log ? performance.now() : 0
  // The path and query of an origin-form request line; an absolute-form one (`GET http://host/...`) goes to the app.
  const target = request.url
  if (!target?.startsWith('/')) return false
  const answer = served.lookup(target, request.headers['if-none-match'])
  if (!answer) return false
  response.writeHead(answer.status, answer.headers)
  response.end(answer.body)
  if (log) log(formatLogLine(method, request.url!.replace(/\?.*/s, ''), answer.status, started))
  return true
}

/** crdb's version, from its package.json (`dev` where it cannot be read). */
export function readVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version
  } catch {
    return 'dev'
  }
}
