/**
 * What a build reports and leaves behind: row totals, unfinished derived
 * work, and a checkpoint that folds the write-ahead log into the file.
 */
import { driverOf, type Crdb } from './handle.js'
import { prepared } from './statements.js'

/** How many rows the main tables hold. */
export interface StoreTotals {
  editions: number
  versions: number
  contents: number
  dumps: number
  attestations: number
}

/** Count the editions, versions, distinct texts, dumps and attestations stored. */
export function countTotals(db: Crdb): StoreTotals {
  // Counts: one row, always.
  return prepared<[], StoreTotals>(
    db,
    `SELECT (SELECT COUNT(*) FROM editions) AS editions, (SELECT COUNT(*) FROM versions) AS versions, (SELECT COUNT(*) FROM contents) AS contents,
            (SELECT COUNT(*) FROM dumps) AS dumps, (SELECT COUNT(*) FROM attestations) AS attestations`
  ).get()!
}

/** True when some version has no lineage yet (a build stopped before deriving it). */
export function hasVersionsWithoutLineage(db: Crdb): boolean {
  return prepared<[], number>(db, 'SELECT EXISTS (SELECT 1 FROM versions WHERE lineage_id IS NULL)').pluck().get() === 1
}

/** True when some lineage link was kept by migration 5 from the matcher before it (a build recomputes them). */
export function hasLinksFromOlderMatcher(db: Crdb): boolean {
  return prepared<[], number>(db, `SELECT EXISTS (SELECT 1 FROM lineage_links WHERE reason = 'computed before migration 5')`).pluck().get() === 1
}

/** True when some dump was never reconciled, or was reconciled before the newest edition arrived. */
export function hasUnreconciledDumps(db: Crdb): boolean {
  return (
    prepared<[], number>(
      db,
      `SELECT EXISTS (SELECT 1 FROM dumps d WHERE d.reconciled_at IS NULL
         OR d.reconciled_at < (SELECT MAX(s.ingested_at) FROM sources s JOIN editions e ON e.source_id = s.id))`
    )
      .pluck()
      .get() === 1
  )
}

/**
 * After a build: give the pages the build freed back to the file system (a file
 * created with `auto_vacuum = INCREMENTAL`; a no-op for older files), then fold
 * the write-ahead log into the database file and truncate it.
 */
export function checkpointDatabase(db: Crdb): void {
  const driver = driverOf(db)
  driver.pragma('incremental_vacuum')
  driver.pragma('wal_checkpoint(TRUNCATE)')
}

/**
 * Let the connection `db` grow the file to at most `pages` pages (SQLite's
 * `max_page_count`): past that its writes fail as on a full disk. For the
 * tests' injected full disk only.
 */
export function limitPageCount(db: Crdb, pages: number): void {
  driverOf(db).pragma(`max_page_count = ${Math.trunc(pages)}`)
}
