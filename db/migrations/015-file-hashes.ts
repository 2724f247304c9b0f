/**
 * Migration 15: the hashes of the files a build has read, by the file's
 * identity on disk. A re-run of `crdb build` over an archive must know each
 * file's sha256 to tell what is new; reading and hashing the 67 MB archive was
 * a fifth of adding one edition. A file whose device, inode, size, modification
 * and change times are those recorded has the hash recorded (as git's index
 * trusts a file's stat); any other is read and hashed again.
 *
 * Frozen: never edit a released migration; add the next number instead.
 */

/** The SQL of migration 15. */
export const sql = `
CREATE TABLE IF NOT EXISTS file_hashes (
  file TEXT PRIMARY KEY,     -- 'device:inode' of the file (a link's target)
  stamp TEXT NOT NULL,       -- 'size:mtime_ns:ctime_ns' when it was hashed
  sha256 TEXT NOT NULL,
  hashed_at TEXT NOT NULL    -- ISO 8601
) STRICT, WITHOUT ROWID;
`
