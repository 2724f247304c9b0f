/**
 * Opening the store: a SQLite file in WAL mode, migrated to the schema this
 * code knows. Pending migrations run in one transaction; a database written by
 * a newer crdb is refused rather than misread.
 */
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import * as migration001 from '../../db/migrations/001-initial.js'
import * as migration002 from '../../db/migrations/002-lineage.js'
import * as migration003 from '../../db/migrations/003-attestations.js'
import { CrdbError } from '../vocabulary/errors.js'

/** An open crdb database (a better-sqlite3 handle). */
export type CrdbDatabase = Database.Database

/** Migrations in order; `user_version` is the number of those applied. */
const migrations: ReadonlyArray<{ sql: string }> = [migration001, migration002, migration003]

/** The schema version this code writes. */
export const schemaVersion = migrations.length

/** Where the database lives unless `--db` or `CRDB_DB` says otherwise. */
export const defaultDatabasePath = 'db/crdb.sqlite'

/** Options for {@link openDatabase}. */
export interface OpenDatabaseOptions {
  /** Open read-only: no migration, and the file must exist. */
  readonly?: boolean
}

/**
 * Open (creating if needed) and migrate the database at `path`.
 *
 * @throws {CrdbError} `E_DB_NEWER` when the file's schema is newer than this code,
 *   `E_DB` when it cannot be opened or is not a crdb database.
 */
export function openDatabase(path: string, options: OpenDatabaseOptions = {}): CrdbDatabase {
  let db: CrdbDatabase
  try {
    if (!options.readonly && path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
    db = new Database(path, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false })
  } catch (error) {
    throw new CrdbError('E_DB', `${path}: cannot open database (${(error as Error).message})`)
  }
  try {
    const version = db.pragma('user_version', { simple: true }) as number
    if (version > schemaVersion) {
      throw new CrdbError('E_DB_NEWER', `${path}: database schema ${version} is newer than this crdb (schema ${schemaVersion}); upgrade crdb`)
    }
    if (!options.readonly) {
      db.pragma('journal_mode = WAL')
      db.pragma('synchronous = NORMAL')
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

function migrate(db: CrdbDatabase, from: number): void {
  if (from === schemaVersion) return
  db.transaction(() => {
    for (let index = from; index < schemaVersion; index++) db.exec(migrations[index].sql)
    db.pragma(`user_version = ${schemaVersion}`)
  }).immediate()
}
