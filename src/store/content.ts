/**
 * What the database holds, for caches and ETags: SQLite's data_version (which
 * changes when another connection commits) and a digest-ready summary of the
 * content.
 */
import { driverOf, type Crdb } from './handle.js'
import { prepared, preparedAlone } from './statements.js'

/**
 * SQLite's `data_version` of this connection: it changes when another connection commits to the file (not when this
 * one does). A read-only handle's is read once per synchronous run of code: the caches and the route of one answer
 * all ask (the server's content tag, the read side's generation), this connection cannot change it, and another's
 * commit is seen by the next run (an `await` later, or the next request). A writing handle's is read at every call.
 */
export function readDataVersion(db: Crdb): number {
  const known = runVersions.get(db)
  if (known !== undefined) return known
  // A pragma always answers one row. Read alone, in no transaction of its own: a kept answer needs nothing else of the
  // store. A run's later statements may then read a newer snapshot than this version: what is kept under it is made
  // again when the next run reads the newer version.
  const version = preparedAlone<[], number>(db, 'PRAGMA data_version').pluck().get()!
  if (driverOf(db).readonly) {
    runVersions.set(db, version)
    queueMicrotask(() => runVersions.delete(db))
  }
  return version
}

const runVersions = new WeakMap<Crdb, number>()

/** The database's content as one string: the schema version, every source's digest, and the lineage links. */
export function readContentSummary(db: Crdb): string {
  // Aggregates: one row each, always.
  const sources = prepared<[], string | null>(db, `SELECT group_concat(id || ':' || sha256, ',') FROM (SELECT id, sha256 FROM sources ORDER BY id)`)
    .pluck()
    .get()
  const lineage = prepared<[], string>(db, `SELECT COUNT(*) || ':' || COALESCE(SUM(from_version), 0) || ':' || COALESCE(SUM(to_version), 0) FROM lineage_links`)
    .pluck()
    .get()
  return `${driverOf(db).pragma('user_version', { simple: true })};${sources ?? ''};${lineage}`
}
