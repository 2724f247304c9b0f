/**
 * The hashes of files a build has read (migration 15), by the file's identity
 * on disk: a re-run trusts a recorded hash while the file's stat is as it was,
 * and reads and hashes it otherwise. Only `crdb build` reads and writes them.
 */
import { driverOf, type Crdb } from './handle.js'

/** A file's recorded hash. */
export interface FileHash {
  /** `device:inode` of the file (a link's target). */
  file: string
  /** `size:mtime_ns:ctime_ns` when it was hashed. */
  stamp: string
  sha256: string
}

/** Every recorded hash, by `file`. */
export function readFileHashes(db: Crdb): Map<string, FileHash> {
  const rows = driverOf(db).prepare('SELECT file, stamp, sha256 FROM file_hashes').all() as FileHash[]
  return new Map(rows.map((row) => [row.file, row]))
}

/** Record `hashes` (replacing what was recorded of the same files), in one transaction. */
export function recordFileHashes(db: Crdb, hashes: readonly FileHash[]): void {
  if (hashes.length === 0) return
  const driver = driverOf(db)
  const upsert = driver.prepare(
    'INSERT INTO file_hashes (file, stamp, sha256, hashed_at) VALUES (?, ?, ?, ?) ON CONFLICT (file) DO UPDATE SET stamp = excluded.stamp, sha256 = excluded.sha256, hashed_at = excluded.hashed_at'
  )
  const now = new Date().toISOString()
  driver.transaction(() => {
    for (const hash of hashes) upsert.run(hash.file, hash.stamp, hash.sha256, now)
  })()
}
