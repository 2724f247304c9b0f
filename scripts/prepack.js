/**
 * `npm pack` and `npm publish` run this first (the `prepack` script): a clean build of the code, then the
 * knowledge base the package ships, `dist/crdb.sqlite`, built from the official editions (`$CRDB_ARCHIVE`,
 * else `../shared/corpus/cr` beside the project) and the project's corpus of dumps. An installed package
 * answers from it with no archive and no network (see resolveDatabasePath); `crdb build` makes the user's own.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import Database from 'better-sqlite3'

const archive = resolve(process.env.CRDB_ARCHIVE ?? '../shared/corpus/cr')
if (!existsSync(join(archive, 'manifest.json'))) {
  console.error(
    `prepack: no archive of official editions at ${archive} (no manifest.json): the package ships a database built from it; ` +
      'put the shared corpus beside the project (../shared/corpus/cr) or set CRDB_ARCHIVE'
  )
  process.exit(1)
}

/** Run a command; stop the pack where it fails. */
function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' })
  if (result.status !== 0) {
    console.error(`prepack: ${[command, ...args].join(' ')} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`)
    process.exit(1)
  }
}

// From nothing: a file left in dist/ by a source since moved or deleted must not ship.
rmSync('dist', { recursive: true, force: true })
run('npm', ['run', 'build'])
const database = join('dist', 'crdb.sqlite')
run(process.execPath, ['bin/crdb.js', '--db', database, 'build', '--archive', archive])

// Shipped read-only: a rollback journal rather than WAL (a WAL file would want a -shm file beside it, in a
// folder that may not be writable), and compacted.
const db = new Database(database)
db.pragma('journal_mode = DELETE')
db.exec('VACUUM')
db.close()
