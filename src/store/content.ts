/**
 * What the database holds, for caches and ETags: SQLite's data_version (which
 * changes when another connection commits) and a digest-ready summary of the
 * content.
 */
import { driverOf, type Crdb } from './handle.js'
import { prepared } from './statements.js'

/** SQLite's `data_version` of this connection: it changes when another connection commits to the file. */
export function readDataVersion(db: Crdb): number {
  // A pragma always answers one row.
  return prepared<[], number>(db, 'PRAGMA data_version').pluck().get()!
}

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
