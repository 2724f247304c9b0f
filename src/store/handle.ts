/**
 * The store's handle (`Crdb`) and the way from it to the SQL driver, apart from
 * opening (`database.ts`): the store's modules and ingest's writers need only
 * these, and this module loads neither the driver nor the migrations, so that
 * `import 'crdb/ingest'` does not load them either.
 */
import type Database from 'better-sqlite3'

declare const crdbHandle: unique symbol

/**
 * An open crdb database, as {@link openDatabase} returns it and every question
 * of the library takes it. Close it when done. The SQL driver behind it is not
 * part of the API.
 */
export interface Crdb {
  /** The file it was opened from, as given to {@link openDatabase} (`:memory:` for a database in memory). */
  readonly path: string
  /** Opened read-only: nothing is written through it. */
  readonly readonly: boolean
  /** Not closed yet. */
  readonly open: boolean
  /** Close it; later questions on it throw. */
  close(): void
  /** Only {@link openDatabase} makes one. */
  readonly [crdbHandle]: true
}

/** The driver's handle under a {@link Crdb}. */
export type Driver = Database.Database

// The mark openDatabase puts on the drivers it hands out. A registered symbol, not a WeakSet of them nor
// `instanceof` the driver's class (which would load the driver): a handle opened by one copy of crdb (the compiled
// library, the bundled CLI, the sources) is one to another.
const handleMark = Symbol.for('crdb.handle')

/**
 * The driver behind `db`, for the store's modules and ingest's writers only
 * (the library does not re-export it). A handle is the driver's own object
 * typed down, so this is a checked cast, not an indirection.
 *
 * @throws {TypeError} when `db` is not a handle {@link openDatabase} returned.
 */
export function driverOf(db: Crdb): Driver {
  if (!isCrdb(db)) throw new TypeError('not a crdb database: open one with openDatabase()')
  return db as unknown as Driver
}

/** Whether `value` is a handle {@link openDatabase} returned (open or closed). */
export function isCrdb(value: unknown): value is Crdb {
  return typeof value === 'object' && value !== null && (value as { [handleMark]?: unknown })[handleMark] === true
}

/** The driver's handle as a {@link Crdb}, with the path it was opened from: for {@link openDatabase} only. */
export function toCrdb(driver: Driver, path: string): Crdb {
  Object.defineProperty(driver, handleMark, { value: true })
  return Object.defineProperty(driver, 'path', { value: path, enumerable: true }) as unknown as Crdb
}
