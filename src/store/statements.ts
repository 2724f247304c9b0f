/**
 * Prepared statements cached per database handle, so hot lookups do not
 * re-prepare their SQL, and the SQL fragments every question shares.
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

/** SQL: version `v` is in force in the edition bound to `@edition`. */
export function inForceAt(v: string): string {
  return `${v}.first_date <= @edition AND ${v}.last_date >= @edition`
}

/** SQL: the day version `v` stopped being in force (the next edition after its last), NULL while in force. */
export function validToOf(v: string): string {
  return `(SELECT MIN(e.effective_date) FROM editions e WHERE e.effective_date > ${v}.last_date)`
}
