/**
 * What SQLite's own failures mean to crdb: a damaged file, a full disk, a
 * failing device. The driver throws them (`SqliteError` with a `code` such as
 * `SQLITE_CORRUPT`) from wherever a statement runs; the places that report
 * errors (the CLI's database access, the server's error handler) turn them
 * into one {@link CrdbError} here, so no query has to.
 */
import { statfsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { CrdbError } from '../vocabulary/errors.js'

/** SQLite's result codes (extended ones included, `SQLITE_IOERR_WRITE`) and what each is to crdb. */
const meanings: ReadonlyArray<{ pattern: RegExp; code: 'E_DB_CORRUPT' | 'E_DISK_FULL' | 'E_IO'; says: string }> = [
  { pattern: /^SQLITE_(CORRUPT|NOTADB)/, code: 'E_DB_CORRUPT', says: 'the database file is damaged' },
  // A damaged record can state a length of gigabytes: SQLite then runs out of memory (or past its limits) reading it.
  { pattern: /^SQLITE_(NOMEM|TOOBIG)/, code: 'E_DB_CORRUPT', says: 'the database file cannot be read back (a damaged record, most likely)' },
  { pattern: /^SQLITE_FULL/, code: 'E_DISK_FULL', says: 'no room left to write (the disk, or the file size limit, is full)' },
  { pattern: /^SQLITE_IOERR/, code: 'E_IO', says: 'the database file cannot be read or written' }
]

/** What to do about each. */
const remedies: Record<'E_DB_CORRUPT' | 'E_DISK_FULL' | 'E_IO', string> = {
  E_DB_CORRUPT: 'restore a copy, or build a new file with crdb build --db NEW',
  E_DISK_FULL: 'nothing of this write was kept; free some space and run it again',
  E_IO: 'check the disk and the file'
}

/**
 * `error` as crdb reports it: SQLite's failure of the store at `path` (a
 * damaged file, a full disk, an I/O error) as a one-line {@link CrdbError}
 * (`E_DB_CORRUPT`, `E_DISK_FULL`, `E_IO`) that names the file as `shown`
 * (the server names no folder); any other error as it is.
 */
export function explainStoreError<E>(error: E, path: string, shown = path): E | CrdbError {
  if (error instanceof CrdbError || !(error instanceof Error)) return error
  const sqliteCode = (error as { code?: unknown }).code
  if (typeof sqliteCode !== 'string') return error
  const meaning = meanings.find((candidate) => candidate.pattern.test(sqliteCode))
  if (!meaning) return error
  // SQLite says only "disk I/O error" when it cannot even grow its WAL index on a full disk.
  const code = meaning.code === 'E_IO' && isFull(path) ? 'E_DISK_FULL' : meaning.code
  const says = code === meaning.code ? meaning.says : meanings.find((candidate) => candidate.code === code)!.says
  return new CrdbError(code, `${shown}: ${says} (${error.message}); ${remedies[code]}`)
}

/** Whether the file system that holds `path` has no room left for this user. */
function isFull(path: string): boolean {
  try {
    return statfsSync(dirname(resolve(path))).bavail === 0
  } catch {
    return false
  }
}
