/**
 * Opening the store: a SQLite file in WAL mode, migrated to the schema this
 * code knows. Pending migrations run in one transaction; a database written by
 * a newer crdb is refused rather than misread, and so is a SQLite file that
 * belongs to something else. Read-only files (and folders) can be queried.
 */
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
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
import { CrdbError } from '../vocabulary/errors.js'
import { packageRoot } from '../vocabulary/paths.js'

// better-sqlite3 reads this once, when its addon loads (at the first open): it lets
// a read-only database in a read-only folder be opened `immutable` (see openReadonly).
process.env.SQLITE_USE_URI ??= '1'

/** An open crdb database (a better-sqlite3 handle). */
export type CrdbDatabase = Database.Database

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
  migration011
]

/** The schema version this code writes. */
export const schemaVersion = migrations.length

/**
 * Where the database lives unless `--db` or `CRDB_DB` says otherwise, whatever
 * the working folder: the project's `db/crdb.sqlite` when crdb runs from its
 * source folder (a checkout, `npm link`), else `$XDG_DATA_HOME/crdb/crdb.sqlite`
 * (`~/.local/share/crdb/crdb.sqlite` by default) for an installed package.
 */
export const defaultDatabasePath = resolveDefaultDatabasePath()

function resolveDefaultDatabasePath(): string {
  try {
    const root = packageRoot()
    if (existsSync(join(root, 'db', 'migrations'))) return join(root, 'db', 'crdb.sqlite')
  } catch {
    // No package root: fall through to the per-user folder.
  }
  const data = process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share')
  return join(resolve(data), 'crdb', 'crdb.sqlite')
}

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
 *   `E_DB` when it cannot be opened (a missing file with a hint to build it), is not a database,
 *   or cannot be written for a build.
 */
export function openDatabase(path: string, options: OpenDatabaseOptions = {}): CrdbDatabase {
  const readonly = options.readonly ?? false
  const memory = path === ':memory:'
  if (readonly && !memory && !existsSync(path)) {
    throw new CrdbError('E_DB', `${path}: cannot open database (no such file); run crdb build to create it, or give --db FILE`)
  }
  if (!readonly && !memory) checkWritable(path)
  let db: CrdbDatabase
  try {
    db = readonly && !memory ? openReadonly(path) : new Database(path, addonOptions)
  } catch (error) {
    if (error instanceof CrdbError) throw error
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
    return db
  } catch (error) {
    db.close()
    if (error instanceof CrdbError) throw error
    throw new CrdbError('E_DB', `${path}: not a crdb database (${(error as Error).message})`)
  }
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
 * SQLite cannot create in a read-only folder: such a file (shipped in a
 * package, on a CD) is opened `immutable`, as nothing can be writing it.
 */
function openReadonly(path: string): CrdbDatabase {
  const db = new Database(path, { ...addonOptions, readonly: true, fileMustExist: true })
  try {
    db.pragma('user_version', { simple: true })
    return db
  } catch (error) {
    db.close()
    const code = (error as { code?: string }).code ?? ''
    if (!/^SQLITE_(READONLY|CANTOPEN)/.test(code)) throw error
  }
  return new Database(pathToFileURL(resolve(path)).href + '?immutable=1', { ...addonOptions, readonly: true, fileMustExist: true })
}

/** Refuse a SQLite file with tables that are not crdb's: never add tables to someone else's database. */
function checkOwnTables(db: CrdbDatabase, path: string, version: number): void {
  const tables = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name`)
    .pluck()
    .all() as string[]
  if (tables.length === 0 || (version > 0 && tables.includes('editions') && tables.includes('versions'))) return
  const shown = tables.slice(0, 5).join(', ') + (tables.length > 5 ? `, ... (${tables.length} tables)` : '')
  throw new CrdbError('E_DB_FOREIGN', `${path}: a SQLite database that is not crdb's (tables: ${shown}); left untouched, give --db a new file`)
}

function migrate(db: CrdbDatabase, from: number): void {
  if (from === schemaVersion) return
  db.transaction(() => {
    // Read again under the write lock: another process may have migrated it meanwhile.
    const current = db.pragma('user_version', { simple: true }) as number
    for (let index = current; index < schemaVersion; index++) db.exec(migrations[index].sql)
    db.pragma(`user_version = ${schemaVersion}`)
  }).immediate()
}
