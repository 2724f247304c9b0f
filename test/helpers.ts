/**
 * Shared test helpers: temporary databases, the shared archive, and small
 * official-format documents built in the test.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Hono } from 'hono'
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest'
import { openRules, type EraRules } from '../src/engine/rules.js'
import { listEditions } from '../src/query/editions.js'
import { createApp } from '../src/server/app.js'
import { openDatabase, type Crdb } from '../src/store/database.js'
import { CrdbError } from '../src/vocabulary/errors.js'

/** The project root. */
export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** The archive of official editions beside the project (`../shared/corpus/cr`). */
export const archiveDir = process.env.CRDB_ARCHIVE ?? resolve(projectRoot, '../shared/corpus/cr')

/**
 * Whether the archive is present. Where it is absent, tests that need it skip
 * with a message, except in CI, where its absence is a failure.
 */
export function archiveAvailable(): boolean {
  const present = existsSync(join(archiveDir, 'manifest.json'))
  if (!present && process.env.CI) throw new Error(`CI is set but the archive is missing at ${archiveDir}`)
  if (!present) console.warn(`skipping archive tests: no archive at ${archiveDir} (set CRDB_ARCHIVE or put ../shared beside the project)`)
  return present
}

/** A fresh temporary folder, removed by the returned cleanup. */
export function temporaryFolder(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'crdb-test-'))
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Rules and glossary of a small edition built for a test. */
export interface EditionSpec {
  date: string
  rules: Record<string, string>
  examples?: Record<string, string[]>
  glossary?: Record<string, string>
  /** The rule numbers in document order, where the keys' own order will not do (integer-like keys such as `100` and `704` always come first in an object). */
  order?: string[]
}

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** The text of an official-format document (2009+ layout) with these rules. */
export function editionText(spec: EditionSpec): string {
  const [year, month, day] = spec.date.split('-').map(Number)
  const lines = [
    'Magic: The Gathering Comprehensive Rules',
    '',
    `These rules are effective as of ${monthNames[month - 1]} ${day}, ${year}.`,
    '',
    'Introduction',
    '',
    'Contents',
    '',
    '1. Game Concepts',
    '100. General',
    'Glossary',
    'Credits',
    ''
  ]
  for (const [number, text] of spec.order ? spec.order.map((key) => [key, spec.rules[key]] as const) : Object.entries(spec.rules)) {
    lines.push(/^\d{3}$|^\d$/.test(number) ? `${number}. ${text}` : /^\d{3}\.\d+$/.test(number) ? `${number}. ${text}` : `${number} ${text}`, '')
    for (const example of spec.examples?.[number] ?? []) lines.push(`Example: ${example}`, '')
  }
  lines.push('Glossary', '')
  for (const [term, definition] of Object.entries(spec.glossary ?? { Ability: 'Text on an object that explains what that object does or can do.' })) {
    lines.push(term, definition, '')
  }
  lines.push('Credits', '', 'Magic: The Gathering Original Game Design: Richard Garfield', '')
  return lines.join('\r\n')
}

/** Write an edition document into `dir` under `name` and return its path. */
export function writeEdition(dir: string, name: string, spec: EditionSpec): string {
  const path = join(dir, name)
  writeFileSync(path, editionText(spec))
  return path
}

/**
 * Open the database built from the whole archive by the global setup
 * (read-only), or `undefined` where the archive is absent (after
 * {@link archiveAvailable} has warned, or failed in CI).
 */
export function openArchiveDatabase(): Crdb | undefined {
  const path = inject('archiveDatabase')
  if (!path) return undefined
  return openDatabase(path, { readonly: true })
}

/** The CrdbError that `action` throws (fails the test when it throws nothing, or something else). */
export function thrown(action: () => unknown): CrdbError {
  try {
    action()
  } catch (error) {
    if (error instanceof CrdbError) return error
    throw error
  }
  throw new Error('expected a CrdbError')
}

/** A database file of its own for each test, and the folder it is in. */
export interface FreshDatabase {
  /** The open database of the running test. */
  readonly db: Crdb
  /** Its folder, removed after the test with everything in it. */
  readonly dir: string
  /** Close the database (if open) and open its file again, as a new process would. */
  reopen: () => Crdb
}

/**
 * Give each test of the enclosing `describe` a new, empty database in a new
 * temporary folder (`name` in it), closed and removed after the test.
 */
export function useFreshDatabase(name = 'crdb.sqlite'): FreshDatabase {
  let folder: ReturnType<typeof temporaryFolder> | undefined
  let db: Crdb | undefined
  beforeEach(() => {
    folder = temporaryFolder()
    db = openDatabase(join(folder.dir, name))
  })
  afterEach(() => {
    if (db?.open) db.close()
    folder?.cleanup()
  })
  return {
    get db() {
      if (!db) throw new Error('useFreshDatabase: no test is running')
      return db
    },
    get dir() {
      if (!folder) throw new Error('useFreshDatabase: no test is running')
      return folder.dir
    },
    reopen() {
      if (!folder) throw new Error('useFreshDatabase: no test is running')
      if (db?.open) db.close()
      db = openDatabase(join(folder.dir, name))
      return db
    }
  }
}

/** The archive's database and the rules of the preset eras (`2003`, `2009`, `2024`, and `newest`). */
export interface PresetEras {
  /** The archive's database (read-only), open while the enclosing `describe` runs. */
  readonly db: Crdb
  /** The rules of each preset era, and of the newest edition as `newest`. */
  readonly eras: Record<string, EraRules>
}

/**
 * Open the archive's database and the preset eras' rules once for the
 * enclosing `describe` (use it in a `describe.skipIf(!archiveAvailable())`).
 */
export function usePresetEras(): PresetEras {
  let db: Crdb | undefined
  const eras: Record<string, EraRules> = {}
  beforeAll(() => {
    db = openArchiveDatabase()
    if (!db) throw new Error('usePresetEras: the archive database was not built')
    for (const era of ['2003', '2009', '2024']) eras[era] = openRules(db, { era })
    eras.newest = openRules(db)
  }, 300_000)
  afterAll(() => db?.close())
  return {
    get db() {
      if (!db) throw new Error('usePresetEras: the archive database is not open')
      return db
    },
    eras
  }
}

/** The archive's database, open while the enclosing `describe` runs, and its newest edition. */
export interface ArchiveDatabase {
  readonly db: Crdb
  /** The effective date of the newest edition. */
  readonly newest: string
}

/**
 * Open the archive's database (read-only) once for the enclosing `describe`
 * (use it in a `describe.skipIf(!archiveAvailable())`).
 */
export function useArchiveDatabase(): ArchiveDatabase {
  let db: Crdb | undefined
  let newest = ''
  beforeAll(() => {
    db = openArchiveDatabase()
    if (!db) throw new Error('useArchiveDatabase: the archive database was not built')
    newest = listEditions(db).at(-1)?.effectiveDate ?? ''
  })
  afterAll(() => db?.close())
  return {
    get db() {
      if (!db) throw new Error('useArchiveDatabase: the archive database is not open')
      return db
    },
    get newest() {
      return newest
    }
  }
}

/** The archive's database and an app over it, for the enclosing `describe`. */
export interface ArchiveApp {
  readonly db: Crdb
  readonly app: Hono
  /** The text of the page (or answer) at `path`, which must answer `status`. */
  page: (path: string, status?: number) => Promise<string>
}

/**
 * Open the archive's database (read-only) and an app over it once for the enclosing `describe`
 * (use it in a `describe.skipIf(!archiveAvailable())`); requests go through `app.request()`.
 */
export function useArchiveApp(): ArchiveApp {
  let db: Crdb | undefined
  let app: Hono | undefined
  beforeAll(() => {
    db = openArchiveDatabase()
    if (!db) throw new Error('useArchiveApp: the archive database was not built')
    app = createApp({ db, version: 'test' })
  })
  afterAll(() => db?.close())
  const opened = (): { db: Crdb; app: Hono } => {
    if (!db || !app) throw new Error('useArchiveApp: the archive database is not open')
    return { db, app }
  }
  return {
    get db() {
      return opened().db
    },
    get app() {
      return opened().app
    },
    page: async (path, status = 200) => {
      const response = await opened().app.request(path)
      expect(response.status, path).toBe(status)
      return response.text()
    }
  }
}

/** A `crdb serve` started by {@link startCrdbServe}. */
export interface CrdbServe {
  child: ChildProcess
  /** `http://127.0.0.1:PORT`, the port it bound. */
  url: string
  /** What it has written to standard error so far (its log, without `--quiet`). */
  stderr: () => string
}

/** Start `crdb serve --port 0` (the built CLI) on `database` with `args` besides; resolve once it listens. */
export function startCrdbServe(database: string, args: string[] = ['--quiet']): Promise<CrdbServe> {
  const child = spawn(process.execPath, [join(projectRoot, 'bin/crdb.js'), '--db', database, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let out = ''
  let err = ''
  child.stderr!.on('data', (chunk) => (err += chunk))
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      out += chunk
      const match = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(out)
      if (match) resolve({ child, url: match[1], stderr: () => err })
    })
    child.once('exit', (code) => reject(new Error(`crdb serve exited ${code}: ${err}`)))
  })
}

/** Stop `serve` with SIGTERM (which it answers by stopping cleanly); its exit code, or null when it had stopped. */
export async function stopCrdbServe(serve: CrdbServe | undefined): Promise<number | null> {
  if (!serve || serve.child.exitCode !== null) return serve?.child.exitCode ?? null
  const exited = new Promise<number | null>((resolve) => serve.child.once('exit', resolve))
  serve.child.kill('SIGTERM')
  return exited
}
