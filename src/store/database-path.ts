/**
 * Which database file crdb opens: one order for the CLI, the server and the
 * library, so that `--db`, `$CRDB_DB` and the defaults mean the same thing
 * wherever a path is taken.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { CrdbError } from '../vocabulary/errors.js'
import { packageRoot, runsFromCheckout, userFolder } from '../vocabulary/paths.js'

/** Where the database comes from, for {@link resolveDatabasePath}. */
export interface DatabasePathOptions {
  /** The path given outright (`--db`, the library's `db` option); `undefined` when none was given. */
  db?: string
  /** The environment read for `CRDB_DB` and `XDG_DATA_HOME` (default: `process.env`). */
  env?: Readonly<Record<string, string | undefined>>
  /**
   * `'read'` (the default) may answer from the database shipped in the package;
   * `'write'` (a build) never does: a build makes the user's own.
   */
  purpose?: 'read' | 'write'
  /** The package's folder, a checkout or an installed package (default: the one this code runs from). */
  root?: string
}

/**
 * The database file to open, in this order: the path given (`--db`), else
 * `$CRDB_DB`, else, running from a checkout (a source folder, `npm link`), its
 * `db/crdb.sqlite`; else, in an installed package, the user's own build
 * (`$XDG_DATA_HOME/crdb/crdb.sqlite`, `~/.local/share/crdb/crdb.sqlite` by default)
 * where it exists, else the database shipped in the package (`dist/crdb.sqlite`,
 * built by `npm pack`). A build (`purpose: 'write'`) never takes the shipped one.
 *
 * @throws {CrdbError} `E_USAGE` when the path given or `$CRDB_DB` is empty: an
 *   empty value is a mistake (a variable that expanded to nothing), not a request for the default.
 */
export function resolveDatabasePath(options: DatabasePathOptions = {}): string {
  const env = options.env ?? process.env
  if (options.db !== undefined) {
    if (options.db === '') throw new CrdbError('E_USAGE', '--db is empty: give a database file, or leave --db out for the default')
    return options.db
  }
  const fromEnv = env.CRDB_DB
  if (fromEnv !== undefined) {
    if (fromEnv === '') throw new CrdbError('E_USAGE', 'CRDB_DB is set but empty: give it a database file, or unset it for the default')
    return fromEnv
  }
  const root = options.root ?? findPackageRoot()
  // A checkout keeps its sources' db/ folder (an installed package ships only dist/): its database is db/crdb.sqlite.
  if (root !== undefined && runsFromCheckout(root)) return join(root, 'db', 'crdb.sqlite')
  const own = join(userFolder('data', env), 'crdb.sqlite')
  if (options.purpose === 'write' || existsSync(own) || root === undefined) return own
  const shipped = join(root, 'dist', 'crdb.sqlite')
  // Neither: the user's path, so that the error names where `crdb build` will put it.
  return existsSync(shipped) ? shipped : own
}

function findPackageRoot(): string | undefined {
  try {
    return packageRoot()
  } catch {
    return undefined
  }
}
