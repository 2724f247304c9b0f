/**
 * The app on Node's HTTP server: what `crdb serve` runs, and what the browser
 * tests and benchmarks start on `127.0.0.1:0`.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { serve, type ServerType } from '@hono/node-server'
import { openDatabase } from '../store/database.js'
import { packageRoot } from '../vocabulary/paths.js'
import { createApp } from './app.js'

/** Options of {@link startServer}. */
export interface StartServerOptions {
  /** The database file, opened read-only. */
  databasePath: string
  port?: number
  host?: string
  /** Where to write one line per request; none logs nothing. */
  log?: (line: string) => void
}

/** A running server. */
export interface RunningServer {
  /** `http://HOST:PORT` with the port actually bound. */
  url: string
  port: number
  /** Stop accepting connections, finish the open ones, close the database. */
  close: () => Promise<void>
}

/**
 * Open the database read-only and serve the app on `host:port` (default
 * `127.0.0.1:8080`; port 0 picks a free one).
 *
 * @throws {CrdbError} `E_DB` when the database cannot be opened.
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const db = openDatabase(options.databasePath, { readonly: true })
  const app = createApp({ db, version: readVersion(), log: options.log })
  const host = options.host ?? '127.0.0.1'
  let server: ServerType
  const port = await new Promise<number>((resolve, reject) => {
    server = serve({ fetch: app.fetch, port: options.port ?? 8080, hostname: host }, (info) => resolve(info.port))
    server.once('error', (error) => {
      db.close()
      reject(error)
    })
  })
  const shown = host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${shown}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          db.close()
          resolve()
        })
        if ('closeIdleConnections' in server) server.closeIdleConnections()
      })
  }
}

function readVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version
  } catch {
    return 'dev'
  }
}
