/**
 * Prepared statements cached per database handle, so hot lookups do not
 * re-prepare their SQL, and the SQL fragments every question shares. On a
 * read-only handle the statements of one synchronous run of code read in one
 * transaction.
 */
import type { Statement } from 'better-sqlite3'
import { driverOf, type Crdb } from './handle.js'

/** Bind parameters as a statement's methods take them: a tuple of positional values, or one object of named ones. */
type Bound<Params> = Params extends unknown[] ? Params : [Params]

/** A statement prepared by {@link prepared}: its rows typed, and its parameters. */
export type Prepared<Params extends unknown[] | object, Row> = Statement<Bound<Params>, Row>

const cache = new WeakMap<Crdb, Map<string, Statement<unknown[], unknown>>>()

/**
 * The prepared form of `sql` on `db`, prepared once. `Params` are its bind
 * parameters (a tuple of positional values, or an object of named ones),
 * `Row` a row as it comes back: with `.pluck()` the first column's value, with
 * `.raw()` a tuple; a statement that returns no rows leaves it out. A given
 * `sql` is always used in one mode (the statement is shared), so its types are
 * declared once, next to it.
 */
export function prepared<Params extends unknown[] | object = unknown[], Row = never>(db: Crdb, sql: string): Prepared<Params, Row> {
  const statements = statementsOf(db)
  // A read-only handle reads each run of code in one transaction (see holdSnapshot).
  if (!inSnapshot.has(db) && db.readonly) holdSnapshot(db, statements)
  return preparedIn(db, statements, sql)
}

/**
 * {@link prepared}, for a statement that may be a run's only one (the server's answer cache reads `data_version`
 * for every answer it keeps): it begins no transaction, and reads in the run's when one is begun already.
 */
export function preparedAlone<Params extends unknown[] | object = unknown[], Row = never>(db: Crdb, sql: string): Prepared<Params, Row> {
  return preparedIn(db, statementsOf(db), sql)
}

function statementsOf(db: Crdb): Map<string, Statement<unknown[], unknown>> {
  let statements = cache.get(db)
  if (!statements) cache.set(db, (statements = new Map()))
  return statements
}

function preparedIn<Params extends unknown[] | object, Row>(
  db: Crdb,
  statements: Map<string, Statement<unknown[], unknown>>,
  sql: string
): Prepared<Params, Row> {
  let statement = statements.get(sql)
  if (!statement) statements.set(sql, (statement = driverOf(db).prepare(sql)))
  return statement as unknown as Prepared<Params, Row>
}

/** The read-only handles whose current run of code reads in a transaction {@link holdSnapshot} began. */
const inSnapshot = new WeakSet<Crdb>()

/**
 * Begin a read transaction on read-only handle `db`, ended when the current synchronous run of code ends (a
 * microtask). Outside a transaction SQLite takes and gives back the WAL's read lock for every statement (about
 * 2 µs each, as much as an indexed lookup); a page asks about twenty. The run's statements then also read one
 * snapshot: a build committing meanwhile is seen whole by the next run, never half by this one. A handle in a
 * transaction of its caller's is left alone.
 */
function holdSnapshot(db: Crdb, statements: Map<string, Statement<unknown[], unknown>>): void {
  const driver = driverOf(db)
  if (driver.inTransaction) return
  let begin = statements.get('BEGIN')
  let commit = statements.get('COMMIT')
  try {
    if (!begin) statements.set('BEGIN', (begin = driver.prepare('BEGIN')))
    if (!commit) statements.set('COMMIT', (commit = driver.prepare('COMMIT')))
    begin.run()
  } catch {
    // A file SQLite cannot read: each statement reads alone, as before, and reports what it meets.
    return
  }
  inSnapshot.add(db)
  const end = commit
  queueMicrotask(() => {
    inSnapshot.delete(db)
    if (!driver.open || !driver.inTransaction) return
    try {
      end.run()
    } catch {
      // Ending a read loses nothing, but it must end: a snapshot held on would hide every later commit.
      try {
        driver.exec('ROLLBACK')
      } catch {
        // Nothing is left to end.
      }
    }
  })
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
