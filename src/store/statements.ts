/**
 * Prepared statements cached per database handle, so hot lookups do not
 * re-prepare their SQL.
 */
import type { Statement } from 'better-sqlite3'
import type { CrdbDatabase } from './database.js'

const cache = new WeakMap<CrdbDatabase, Map<string, Statement>>()

/** The prepared form of `sql` on `db`, prepared once. */
export function prepared(db: CrdbDatabase, sql: string): Statement {
  let statements = cache.get(db)
  if (!statements) cache.set(db, (statements = new Map()))
  let statement = statements.get(sql)
  if (!statement) statements.set(sql, (statement = db.prepare(sql)))
  return statement
}
