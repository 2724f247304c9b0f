/**
 * Prepared statements cached per database handle, so hot lookups do not
 * re-prepare their SQL, and the SQL fragments every question shares.
 */
import type { Statement } from 'better-sqlite3'
import type { Crdb } from './database.js'

const cache = new WeakMap<Crdb, Map<string, Statement>>()

/** The prepared form of `sql` on `db`, prepared once. */
export function prepared(db: Crdb, sql: string): Statement {
  let statements = cache.get(db)
  if (!statements) cache.set(db, (statements = new Map()))
  let statement = statements.get(sql)
  if (!statement) statements.set(sql, (statement = db.prepare(sql)))
  return statement
}

/** The SQL of every statement prepared through {@link prepared} on `db`, in the order first prepared (for plan checks). */
export function listPreparedSql(db: Crdb): string[] {
  return [...(cache.get(db)?.keys() ?? [])]
}

/** SQL: version `v` is in force in the edition bound to `@edition`. */
export function inForceAt(v: string): string {
  return `${v}.first_date <= @edition AND ${v}.last_date >= @edition`
}

/** SQL: the day version `v` stopped being in force (the next edition after its last), NULL while in force. */
export function validToOf(v: string): string {
  return `(SELECT MIN(e.effective_date) FROM editions e WHERE e.effective_date > ${v}.last_date)`
}

/** What every version row carries: its interval and where its text was read. */
export interface VersionRowBase {
  key: string
  text: string
  /** The effective date of its first edition. */
  firstDate: string
  /** The effective date of its last edition. */
  lastDate: string
  /** The day a different text (or none) took over; `null` while in force. */
  validTo: string | null
  /** Provenance: the source's uri and sha256, and the line the text was read from. */
  uri: string
  sha256: string
  line: number
}
