/**
 * Opening the store: a SQLite file in WAL mode, migrated to the schema this
 * code knows. Pending migrations run in one transaction; a database written by
 * a newer crdb is refused rather than misread, and so is a SQLite file that
 * belongs to something else. Read-only files (and folders) can be queried.
 */
import { accessSync, constants, existsSync, mkdirSync, readFileSync, statSync, type Stats } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { createRequire } from 'node:module'
import Database from 'better-sqlite3'
import * as migration001 from '../../db/migrations/001-initial.js'
import * as migration002 from '../../db/migrations/002-lineage.js'
import * as migration003 from '../../db/migrations/003-attestations.js'
import * as migration004 from '../../db/migrations/004-search.js'
import * as migration005 from '../../db/migrations/005-lineage-links.js'
import * as migration006 from '../../db/migrations/006-robustness.js'
import * as migration007 from '../../db/migrations/007-hot-indexes.js'
import * as migration008 from '../../db/migrations/008-external-search-content.js'
import * as migration009 from '../../db/migrations/009-attestation-dump-key.js'
import * as migration010 from '../../db/migrations/010-term-aliases-by-key.js'
import * as migration011 from '../../db/migrations/011-lineage-ids.js'
import * as migration012 from '../../db/migrations/012-quarantine.js'
import * as migration013 from '../../db/migrations/013-link-evidence.js'
import * as migration014 from '../../db/migrations/014-messages-by-rule.js'
import * as migration015 from '../../db/migrations/015-file-hashes.js'
import * as migration016 from '../../db/migrations/016-sort-key-dates.js'
import { CrdbError } from '../vocabulary/errors.js'
import { driverOf, toCrdb, type Crdb, type Driver } from './handle.js'
import { explainStoreError } from './store-errors.js'

export { driverOf, isCrdb, type Crdb } from './handle.js'

// better-sqlite3's addon, named outright where an install puts it: the `bindings` package it uses otherwise
// probes a dozen paths (a good part of a `crdb get`'s start-up), and cannot find it from the bundled CLI.
const addonPath = join(dirname(createRequire(import.meta.url).resolve('better-sqlite3')), '..', 'build', 'Release', 'better_sqlite3.node')
const addonOptions: Database.Options = existsSync(addonPath) ? { nativeBinding: addonPath } : {}

/**
 * Migrations in order; `user_version` is the number of those applied.
 */
const migrations: ReadonlyArray<{ sql: string }> = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
  migration007,
  migration008,
  migration009,
  migration010,
  migration011,
  migration012,
  migration013,
  migration014,
  migration015,
  migration016
]

/** The schema version this code writes. */
export const schemaVersion = migrations.length

/** Options for {@link openDatabase}. */
export interface OpenDatabaseOptions {
  /** Open read-only: no migration, nothing written (not even the WAL index); the file must exist. */
  readonly?: boolean
}

/**
 * Open (creating if needed) and migrate the database at `path`.
 *
 * @throws {CrdbError} `E_DB_NEWER` when the file's schema is newer than this code,
 *   `E_DB_FOREIGN` when it is a SQLite database that is not crdb's (left untouched),
 *   `E_DB` when it cannot be opened (a missing file with a hint to build it; a FIFO, folder or device,
 *   refused before it is opened), is not a database, or cannot be written for a build;
 *   `E_DB_CORRUPT` when its schema cannot be read back, `E_DISK_FULL` when there is no room to open or migrate it.
 */
export function openDatabase(path: string, options: OpenDatabaseOptions = {}): Crdb {
  const readonly = options.readonly ?? false
  const memory = path === ':memory:'
  if (!memory) checkRegularFile(path)
  if (readonly && !memory && !existsSync(path)) {
    throw new CrdbError('E_DB', `${path}: cannot open database (no such file); run crdb build to create it, or give --db FILE`)
  }
  if (!readonly && !memory) checkWritable(path)
  let db: Driver
  try {
    db = readonly && !memory ? openReadonly(path) : new Database(fileNameOf(path), addonOptions)
  } catch (error) {
    if (error instanceof CrdbError) throw error
    const explained = explainStoreError(error, path)
    if (explained instanceof CrdbError && explained.code === 'E_DISK_FULL') throw explained
    throw new CrdbError('E_DB', `${path}: cannot open database (${(error as Error).message})`)
  }
  try {
    // The version and the tables in one read: a build creating the file meanwhile commits both at once.
    const version = db.transaction(() => {
      const found = db.pragma('user_version', { simple: true }) as number
      checkOwnTables(db, path, found)
      return found
    })()
    if (version > schemaVersion) {
      throw new CrdbError('E_DB_NEWER', `${path}: database schema ${version} is newer than this crdb (schema ${schemaVersion}); upgrade crdb`)
    }
    if (!readonly) {
      // A new file keeps a map of its pages, so a build can give back the pages it freed
      // (rebuilt indexes, rewritten lineage) without rewriting the file: see checkpointDatabase.
      if (version === 0 && !memory) db.pragma('auto_vacuum = INCREMENTAL')
      db.pragma('journal_mode = WAL')
      db.pragma('synchronous = NORMAL')
      // A build writes every index of a 25 MB file in one transaction: keep its pages in memory (the default is 2 MB).
      db.pragma('cache_size = -32768')
      db.pragma('foreign_keys = ON')
      migrate(db, version)
    } else if (version < schemaVersion) {
      throw new CrdbError('E_DB', `${path}: database schema ${version} is older than this crdb (schema ${schemaVersion}); run crdb build to migrate it`)
    }
    return toCrdb(db, path)
  } catch (error) {
    db.close()
    if (error instanceof CrdbError) throw error
    // A damaged file (its schema's pages overwritten) or a full disk while migrating; a file that is not SQLite is E_DB.
    const explained = (error as { code?: string }).code === 'SQLITE_NOTADB' ? error : explainStoreError(error, path)
    if (explained !== error) throw explained
    throw new CrdbError('E_DB', `${path}: not a crdb database (${(error as Error).message})`)
  }
}

/**
 * Let SQLite keep at most `kib` KiB of `db`'s pages in memory (the default is 16 MB a handle). For a handle whose
 * reader keeps what it reads in caches of its own (the server's answer worker): the allocator keeps what the page
 * cache grew to after the handle is closed.
 */
export function limitPageCache(db: Crdb, kib: number): void {
  driverOf(db).pragma(`cache_size = -${Math.max(1, Math.floor(kib))}`)
}

/**
 * The name SQLite is given: a file's absolute path, so a name such as
 * `file:x.sqlite?mode=memory` is a plain file name, never read as a URI (even
 * where SQLite interprets URIs because `SQLITE_USE_URI` is set).
 */
function fileNameOf(path: string): string {
  return path === ':memory:' || path === '' ? path : resolve(path)
}

/**
 * A database is a regular file (or none yet): a FIFO would block the open forever, and a folder or a device
 * is no database. Checked before SQLite opens anything.
 */
function checkRegularFile(path: string): void {
  let stats: Stats | undefined
  try {
    stats = statSync(path, { throwIfNoEntry: false })
  } catch (error) {
    throw new CrdbError('E_DB', `${path}: cannot open database (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
  if (!stats || stats.isFile()) return
  const kind = stats.isDirectory()
    ? 'a folder'
    : stats.isFIFO()
      ? 'a FIFO (named pipe)'
      : stats.isCharacterDevice() || stats.isBlockDevice()
        ? 'a device'
        : stats.isSocket()
          ? 'a socket'
          : 'not a regular file'
  throw new CrdbError('E_DB', `${path}: cannot open database (${kind}); give --db a database file`)
}

/** A build writes the file, its WAL beside it, and a lock file: the file and its folder must be writable. */
function checkWritable(path: string): void {
  const folder = dirname(resolve(path))
  try {
    mkdirSync(folder, { recursive: true })
  } catch (error) {
    throw new CrdbError('E_DB', `${path}: cannot create the database folder (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
  for (const target of existsSync(path) ? [path, folder] : [folder]) {
    try {
      accessSync(target, constants.W_OK)
    } catch {
      throw new CrdbError(
        'E_DB',
        `${path}: the database ${target === path ? 'file' : 'folder'} is read-only; queries work on it, a build needs write access to the file and its folder`
      )
    }
  }
}

/**
 * Open read-only. A WAL database needs its shared-memory index (`-shm`), which
 * SQLite cannot create in a read-only folder, and only a URI (`immutable=1`)
 * could tell it to do without, which would take a process-wide setting: such a
 * file (shipped in a package, on a CD) is read into memory instead, marked as
 * a rollback-journal database there (header bytes 18 and 19), as nothing can
 * be writing it. A database meant to be shipped read-only opens at no cost in
 * rollback-journal mode (`PRAGMA journal_mode = DELETE`).
 */
function openReadonly(path: string): Driver {
  const db = new Database(fileNameOf(path), { ...addonOptions, readonly: true, fileMustExist: true })
  try {
    db.pragma('user_version', { simple: true })
    return db
  } catch (error) {
    db.close()
    const code = (error as { code?: string }).code ?? ''
    if (!/^SQLITE_(READONLY|CANTOPEN)/.test(code)) throw error
    const bytes = readFileSync(path)
    if (bytes[18] !== 2 || bytes[19] !== 2) throw error
    bytes[18] = bytes[19] = 1
    return new Database(bytes, { ...addonOptions, readonly: true })
  }
}

/** Refuse a SQLite file with tables that are not crdb's: never add tables to someone else's database. */
function checkOwnTables(db: Driver, path: string, version: number): void {
  const tables = db
    .prepare<[], string>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name`)
    .pluck()
    .all()
  if (tables.length === 0 || (version > 0 && tables.includes('editions') && tables.includes('versions'))) return
  const shown = tables.slice(0, 5).join(', ') + (tables.length > 5 ? `, ... (${tables.length} tables)` : '')
  throw new CrdbError('E_DB_FOREIGN', `${path}: a SQLite database that is not crdb's (tables: ${shown}); left untouched, give --db a new file`)
}

function migrate(db: Driver, from: number): void {
  if (from === schemaVersion) return
  db.transaction(() => {
    // Read again under the write lock: another process may have migrated it meanwhile.
    const current = db.pragma('user_version', { simple: true }) as number
    for (let index = current; index < schemaVersion; index++) db.exec(migrations[index].sql)
    db.pragma(`user_version = ${schemaVersion}`)
  }).immediate()
}
