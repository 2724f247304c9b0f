/**
 * `GET /healthz`: whether the server answers, the database's schema version,
 * how many editions it holds, and what the bound on costly answers is doing.
 * Cheap (the editions are read once per database content) and never cached.
 */
import type { Hono } from 'hono'
import { schemaVersion } from '../store/database.js'
import type { CostBound } from './cost-bound.js'
import type { ServerState } from './state.js'

/** Register `GET /healthz`. */
export function registerHealth(app: Hono, state: ServerState, bound: CostBound): void {
  app.get('/healthz', (c) => {
    const { running, queued } = bound.stats()
    return c.json({ ok: true, schema: schemaVersion, editions: state.editions().length, costly: { running, queued } }, 200, { 'Cache-Control': 'no-store' })
  })
}
