/**
 * The store and the CLI against a hostile world (issue 26, items 1-7): a
 * damaged database, a full disk, unreadable archive entries, endless inputs,
 * `--db` naming what is not a database file, `editions --remove`, and a build
 * killed inside its editions' transaction. Real SQLite files in temporary
 * folders, and real child processes of `bin/crdb.js` where the CLI is the subject.
 */
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process'
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { ingestPaths, listArchive } from '../ingest/ingest.js'
import { maxBodyBytes } from '../src/server/openapi.js'
import { openDatabase } from '../src/store/database.js'
import { maxStateBytes } from '../src/vocabulary/bounded-read.js'
import { archiveAvailable, archiveDir, type EditionSpec, projectRoot, temporaryFolder, writeEdition } from './helpers.js'
import { canonicalContent, hashTables } from './store-snapshot.js'

const bin = join(projectRoot, 'bin/crdb.js')

interface Run {
  status: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/** Run `crdb ...args` as a child process (never longer than 60 s: a hang fails the test instead of stalling it). */
function crdb(args: string[], options: { cwd?: string; env?: Record<string, string>; stdin?: number } = {}): Run {
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd: options.cwd,
    encoding: 'utf8',
    env: { ...process.env, CRDB_KILL_AT: '', CRDB_FAULT_MAX_PAGES: '', ...options.env },
    stdio: [options.stdin ?? 'ignore', 'pipe', 'pipe'],
    timeout: 60_000
  })
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr }
}

/** One line on stderr, `crdb: CODE: ...`, no stack trace. */
function oneLine(code: string): RegExp {
  return new RegExp(`^crdb: ${code}: [^\\n]+\\n$`)
}

/** An edition with `count` numbered rules whose texts are its own (so that each edition adds pages to the file). */
function bigEdition(date: string, count: number): EditionSpec {
  const rules: Record<string, string> = { '100': 'General' }
  for (let index = 1; index <= count; index++) rules[`100.${index}`] = `Rule ${index} as the edition of ${date} words it, with some text of its own.`
  return { date, rules, glossary: { Ability: 'Text on an object that explains what that object does or can do.' } }
}

/** The rows of every table of a database file as a build would write them, ids replaced by what they stand for. */
function storeRows(path: string): Record<string, string[]> {
  const db = new Database(path, { readonly: true, fileMustExist: true })
  const lines = (sql: string): string[] => (db.prepare(sql).raw().all() as unknown[][]).map((row) => JSON.stringify(row)).sort()
  try {
    return {
      ...canonicalContent(path),
      searchNames: lines('SELECT c.hash, n.name FROM search_names n JOIN contents c ON c.id = n.content_id'),
      searchStems: lines('SELECT stem, docs FROM search_stems')
    }
  } finally {
    db.close()
  }
}

/** The tables {@link storeRows} compares, and those it leaves out on purpose. */
const comparedTables = [
  'sources',
  'editions',
  'messages',
  'contents',
  'examples',
  'contents_fts',
  'versions',
  'lineage_links',
  'lineages',
  'term_aliases',
  'dumps',
  'attestations',
  'quarantined_editions',
  'derived_state',
  'search_names',
  'search_stems'
]
const tablesLeftOut = [
  // The ids a store once gave out and where they lead now: kept on purpose, so that old links keep working.
  'lineage_aliases',
  // What a build knows of the files it read (not of the rules): which files were hashed differs from store to store.
  'file_hashes',
  // FTS5's own storage, compared through the index's rows (`search`) and its vocabulary (`search_stems`).
  'contents_fts_config',
  'contents_fts_data',
  'contents_fts_docsize',
  'contents_fts_idx',
  'contents_fts_vocabulary'
]

describe('a store and a CLI in a hostile world', () => {
  let folder: ReturnType<typeof temporaryFolder>
  let archive: string
  let database: string
  beforeAll(() => {
    folder = temporaryFolder()
    archive = join(folder.dir, 'archive')
    mkdirSync(archive)
    writeEdition(archive, 'a.txt', {
      date: '2010-01-01',
      rules: { '100': 'General', '100.1': 'These Magic rules apply to any Magic game.', '704': 'State-Based Actions', '704.1': 'Checks happen.' },
      glossary: { Ability: 'Text on an object that explains what that object does or can do.' }
    })
    writeEdition(archive, 'b.txt', {
      date: '2011-01-01',
      rules: {
        '100': 'General',
        '100.1': 'These Magic rules apply to any Magic game with two players.',
        '704': 'State-Based Actions',
        '704.1': 'Checks happen.'
      },
      glossary: { Ability: 'Text on an object that explains what that object does or can do.' }
    })
    database = join(folder.dir, 'good.sqlite')
    const db = openDatabase(database)
    ingestPaths(db, [join(archive, 'a.txt'), join(archive, 'b.txt')])
    db.close()
  })
  afterAll(() => folder?.cleanup())

  describe('1. a damaged database file', () => {
    let corrupt: string
    beforeAll(() => {
      corrupt = join(folder.dir, 'corrupt.sqlite')
      copyFileSync(database, corrupt)
      // Every page of the versions table overwritten (past the header): what a bad block or a stray write leaves.
      overwriteTable(corrupt, 'versions')
    })

    it.each([
      ['get', ['get', '100.1']],
      ['diff', ['diff', '2010-01-01', '2011-01-01']],
      ['history', ['history', '100.1']],
      ['blame', ['blame']],
      ['search', ['search', 'magic rules']],
      ['build', ['build', '--no-corpus', '--archive', 'NEW']]
    ])('crdb %s: one E_DB_CORRUPT line, exit 1, no stack', (_name, args) => {
      const next = join(folder.dir, 'next')
      mkdirSync(next, { recursive: true })
      writeEdition(next, 'c.txt', bigEdition('2012-01-01', 5))
      const run = crdb(['--db', corrupt, ...args.map((arg) => (arg === 'NEW' ? next : arg))])
      expect(run.stderr).toMatch(oneLine('E_DB_CORRUPT'))
      expect(run.stderr).toContain('corrupt.sqlite')
      expect(run.status).toBe(1)
    })

    it.each([1, 2, 3])('random blocks overwritten past the header (seed %i): every command answers or says one line with a code', (seed) => {
      const path = join(folder.dir, `random-${seed}.sqlite`)
      copyFileSync(database, path)
      const random = seededRandom(seed)
      const fd = openSync(path, 'r+')
      try {
        const size = statSync(path).size
        for (let block = 0; block < 8; block++) {
          const bytes = Buffer.from(Array.from({ length: 4096 }, () => Math.floor(random() * 256)))
          writeSync(fd, bytes, 0, bytes.length, 4096 + Math.floor(random() * (size - 4096 - bytes.length)))
        }
      } finally {
        closeSync(fd)
      }
      for (const args of [['get', '100.1'], ['diff', '2010-01-01', '2011-01-01'], ['history', '100.1'], ['search', 'magic'], ['blame'], ['editions']]) {
        const run = crdb(['--db', path, ...args])
        if (run.status !== 0) expect(run.stderr, args.join(' ')).toMatch(/^crdb: E_[A-Z_]+: [^\n]+\n$/)
        expect(run.stderr, args.join(' ')).not.toMatch(/internal error|\n\s+at /)
      }
    })

    it('crdb serve answers 503 (JSON under /v1, a page elsewhere) and keeps serving what it can', async () => {
      const child = spawn(process.execPath, [bin, '--db', corrupt, 'serve', '--port', '0', '--quiet'], { env: { ...process.env } })
      try {
        const url = await serverUrl(child)
        const api = await fetch(`${url}/v1/rules/100.1`)
        expect(api.status).toBe(503)
        expect(await api.json()).toMatchObject({ error: { code: 'E_DB_CORRUPT' } })
        const page = await fetch(`${url}/rules/100.1`)
        expect(page.status).toBe(503)
        expect(page.headers.get('content-type')).toMatch(/text\/html/)
        expect(await page.text()).toContain('E_DB_CORRUPT')
        // The same URL again (the answer cache's lookup runs first, outside the app), then what needs no versions.
        expect((await fetch(`${url}/v1/rules/100.1`)).status).toBe(503)
        expect((await fetch(`${url}/style.css`)).status).toBe(200)
        expect((await fetch(`${url}/openapi.json`)).status).toBe(200)
        expect(child.exitCode).toBeNull()
      } finally {
        child.kill('SIGTERM')
      }
    }, 30_000)

    it('crdb serve survives a store whose content cannot be summed up (the answer cache looks first, outside the app)', async () => {
      const path = join(folder.dir, 'corrupt-links.sqlite')
      copyFileSync(database, path)
      // The answer cache keys its answers by the content, which reads the lineage links: all of their pages overwritten.
      overwriteTable(path, 'lineage_links')
      const child = spawn(process.execPath, [bin, '--db', path, 'serve', '--port', '0', '--quiet'], { env: { ...process.env } })
      try {
        const url = await serverUrl(child)
        for (const route of ['/v1/rules/100.1', '/v1/rules/100.1', '/rules/100.1', '/v1/editions']) {
          const answer = await fetch(`${url}${route}`)
          // Answered without the cache, or 503 where the route itself reads what is damaged; never a dropped connection.
          expect([200, 503], route).toContain(answer.status)
          if (answer.status === 503) expect(await answer.text()).toContain('E_DB_CORRUPT')
        }
        expect((await fetch(`${url}/style.css`)).status).toBe(200)
        expect(child.exitCode).toBeNull()
      } finally {
        child.kill('SIGTERM')
      }
    }, 30_000)
  })

  it('2. a full disk during a build: one E_DISK_FULL line, the previous database as it was', () => {
    const path = join(folder.dir, 'full.sqlite')
    copyFileSync(database, path)
    const next = join(folder.dir, 'full-archive')
    mkdirSync(next)
    for (const [name, date] of [
      ['c.txt', '2012-01-01'],
      ['d.txt', '2013-01-01']
    ])
      writeEdition(next, name, bigEdition(date, 400))
    const pages = (() => {
      const db = new Database(path, { readonly: true })
      try {
        return db.pragma('page_count', { simple: true }) as number
      } finally {
        db.close()
      }
    })()
    const before = hashTables(path)
    // SQLite's max_page_count on the build's connection: its writes fail as on a full disk (SQLITE_FULL).
    const run = crdb(['--db', path, 'build', '--no-corpus', '--archive', next], { env: { CRDB_FAULT_MAX_PAGES: String(pages + 2) } })
    expect(run.stderr).toMatch(oneLine('E_DISK_FULL'))
    expect(run.status).toBe(1)
    expect(hashTables(path)).toEqual(before)
    // With room, the same build goes through.
    const again = crdb(['--db', path, 'build', '--no-corpus', '--archive', next])
    expect(again.status, again.stderr).toBe(0)
    expect(again.stdout).toMatch(/2 stored/)
  })

  it('2. a full disk, for real (a 2 MB tmpfs, where this user may mount one): one E_DISK_FULL line, nothing left behind', (context) => {
    const disk = join(folder.dir, 'tmpfs')
    mkdirSync(disk)
    if (process.getuid?.() !== 0 || spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', disk]).status !== 0) {
      console.warn('skipping the tmpfs case: cannot mount one here (not root, or no mount); the injected SQLITE_FULL covers the build')
      context.skip()
    }
    try {
      const path = join(disk, 'crdb.sqlite')
      copyFileSync(database, path)
      const next = join(folder.dir, 'tmpfs-archive')
      mkdirSync(next)
      writeEdition(next, 'c.txt', bigEdition('2012-01-01', 400))
      const before = hashTables(path)
      // Fill the disk to its last byte.
      const filler = join(disk, 'filler')
      const fd = openSync(filler, 'w')
      try {
        for (;;) writeSync(fd, Buffer.alloc(16 * 1024))
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC')
      } finally {
        closeSync(fd)
      }
      const run = crdb(['--db', path, 'build', '--no-corpus', '--archive', next])
      expect(run.stderr).toMatch(oneLine('E_DISK_FULL'))
      expect(run.status).toBe(1)
      expect(existsSync(`${path}.lock`)).toBe(false)
      rmSync(filler)
      expect(hashTables(path)).toEqual(before)
      const again = crdb(['--db', path, 'build', '--no-corpus', '--archive', next])
      expect(again.status, again.stderr).toBe(0)
    } finally {
      spawnSync('umount', [disk])
    }
  })

  it('3. a symlink loop, a dangling link and a FIFO in an archive folder: each rejected alone, the files beside them stored', () => {
    const mixed = join(folder.dir, 'mixed')
    mkdirSync(mixed)
    copyFileSync(join(archive, 'a.txt'), join(mixed, 'a.txt'))
    copyFileSync(join(archive, 'b.txt'), join(mixed, 'b.txt'))
    symlinkSync('loop-b', join(mixed, 'loop-a.txt'))
    symlinkSync('loop-a.txt', join(mixed, 'loop-b'))
    symlinkSync('nowhere.txt', join(mixed, 'dangling.txt'))
    expect(spawnSync('mkfifo', [join(mixed, 'pipe.txt')]).status).toBe(0)
    const path = join(folder.dir, 'mixed.sqlite')
    const run = crdb(['--db', path, 'build', '--no-corpus', '--archive', mixed])
    expect(run.status).toBe(1)
    const errors = run.stderr.trimEnd().split('\n').sort()
    expect(errors).toEqual([
      expect.stringMatching(/^crdb: E_IO: .*dangling\.txt: cannot read file \(ENOENT\)$/),
      expect.stringMatching(/^crdb: E_IO: .*loop-a\.txt: cannot read file \(ELOOP\)$/),
      expect.stringMatching(/^crdb: E_IO: .*loop-b: cannot read file \(ELOOP\)$/),
      expect.stringMatching(/^crdb: E_IO: .*pipe\.txt: cannot read file \(not a regular file\)$/)
    ])
    expect(run.stdout).toMatch(/^rejected +E_IO: .*loop-a\.txt/m)
    expect(run.stdout).toMatch(/2 stored, 0 unchanged, 4 rejected/)
    expect(readEditions(path)).toEqual(['2010-01-01', '2011-01-01'])
  })

  describe('4. bounded reads', () => {
    it('a state file is read up to the server body limit, 1 MB', () => {
      expect(maxStateBytes).toBe(maxBodyBytes)
    })

    it.each([
      ['crdb sba /dev/zero', ['sba', '/dev/zero'], undefined],
      ['crdb sba - < /dev/zero', ['sba', '-'], '/dev/zero'],
      ['crdb cite /dev/zero', ['cite', '/dev/zero'], undefined],
      ['crdb cite - < /dev/zero', ['cite', '-'], '/dev/zero']
    ])('%s: one E_TOO_LARGE line', (_name, args, stdin) => {
      const fd = stdin ? openSync(stdin, 'r') : undefined
      try {
        const run = crdb(['--db', database, ...args], { stdin: fd })
        expect(run.stderr).toMatch(oneLine('E_TOO_LARGE'))
        expect(run.status).toBe(1)
      } finally {
        if (fd !== undefined) closeSync(fd)
      }
    })

    it('a state file of 1 MB and a byte is refused before it is parsed', () => {
      const path = join(folder.dir, 'large-state.json')
      writeFileSync(path, ' '.repeat(maxStateBytes) + '{')
      const run = crdb(['--db', database, 'sba', path])
      expect(run.stderr).toMatch(/^crdb: E_TOO_LARGE: .*large-state\.json: more than 1 MB \(1048576 bytes\)/)
    })
  })

  describe('5. --db naming what is not a database file', () => {
    it.each([
      ['a FIFO', 'fifo', /a FIFO/],
      ['a folder', 'folder', /a folder/],
      ['a device', '/dev/null', /a device/]
    ])('%s: one E_DB line, for a query and for a build, without hanging', (_name, target, says) => {
      const path = target.startsWith('/') ? target : join(folder.dir, `db-${target}`)
      if (target === 'fifo' && !existsSync(path)) expect(spawnSync('mkfifo', [path]).status).toBe(0)
      if (target === 'folder') mkdirSync(path, { recursive: true })
      for (const args of [
        ['get', '100.1'],
        ['build', '--no-corpus', '--archive', archive]
      ]) {
        const run = crdb(['--db', path, ...args])
        expect(run.signal).toBeNull()
        expect(run.stderr).toMatch(oneLine('E_DB'))
        expect(run.stderr).toMatch(says)
        expect(run.status).toBe(1)
      }
      if (target === 'folder') expect(readdirSync(path)).toEqual([])
    })

    it("'file:...?mode=memory' is a plain file name, never an SQLite URI", () => {
      const cwd = join(folder.dir, 'uri')
      mkdirSync(cwd)
      const name = 'file:u.sqlite?mode=memory'
      const build = crdb(['--db', name, 'build', '--no-corpus', '--archive', archive], { cwd })
      expect(build.status, build.stderr).toBe(0)
      expect(statSync(join(cwd, name)).isFile()).toBe(true)
      expect(readdirSync(cwd).filter((entry) => !entry.startsWith(name))).toEqual([])
      const get = crdb(['--db', name, 'get', '100.1'], { cwd })
      expect(get.status, get.stderr).toBe(0)
      expect(get.stdout).toContain('two players')
    })

    it("--db '' is a usage error, not the default", () => {
      const run = crdb(['--db', '', 'get', '100.1'])
      expect(run.stderr).toMatch(oneLine('E_USAGE'))
      expect(run.status).toBe(2)
    })
  })

  it('6. editions --remove leaves the database a build without that edition makes, table by table', () => {
    const editions = join(folder.dir, 'remove-archive')
    mkdirSync(editions)
    const glossary = { Ability: 'Text on an object that explains what that object does or can do.' }
    const first = writeEdition(editions, '1.txt', {
      date: '2010-01-01',
      rules: { '100': 'General', '100.1': 'These Magic rules apply to any Magic game.' },
      glossary
    })
    // The middle edition is the first to print a text (under a heading the next one words otherwise) and a heading with aliases.
    writeEdition(editions, '2.txt', {
      date: '2010-06-01',
      rules: { '100': 'General', '100.1': 'These Magic rules apply to any Magic game.', '100.2': 'A new rule.', '101': 'The Magic Golden Rules' },
      glossary: { ...glossary, 'Legend, Legendary': 'A legendary permanent.', 'Widget Action': 'An action the game takes on its own.' }
    })
    const last = writeEdition(editions, '3.txt', {
      date: '2011-01-01',
      rules: { '100': 'General', '100.1': 'These Magic rules apply to any Magic game.', '100.2': 'A new rule.', '101': 'The Magic Golden Rules' },
      glossary: { ...glossary, 'Widget Actions': 'An action the game takes on its own.' }
    })
    const removed = join(folder.dir, 'removed.sqlite')
    const all = crdb(['--db', removed, 'build', '--no-corpus', '--archive', editions])
    expect(all.status, all.stderr).toBe(0)
    const remove = crdb(['--db', removed, 'editions', '--remove', '2010-06-01'])
    expect(remove.status, remove.stderr).toBe(0)

    const clean = join(folder.dir, 'without.sqlite')
    const db = openDatabase(clean)
    ingestPaths(db, [first, last])
    db.close()

    const tables = new Database(clean, { readonly: true })
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`)
      .pluck()
      .all() as string[]
    expect(tables.filter((table) => !comparedTables.includes(table) && !tablesLeftOut.includes(table))).toEqual([])
    const expected = storeRows(clean)
    const actual = storeRows(removed)
    for (const table of Object.keys(expected)) expect(actual[table], table).toEqual(expected[table])
    expect(actual.aliases).not.toContain(JSON.stringify(['legendary', 'legend, legendary']))
    expect(actual.searchNames.some((row) => row.includes('"Widget Actions"'))).toBe(true)
  })

  it('7. a build killed inside its editions’ transaction leaves the database as it was; killed after, keeps them all; the next build recovers', () => {
    const editions = join(folder.dir, 'kill-archive')
    mkdirSync(editions)
    for (const date of ['2012-01-01', '2013-01-01', '2014-01-01']) writeEdition(editions, `${date}.txt`, bigEdition(date, 30))
    const path = join(folder.dir, 'killed.sqlite')
    copyFileSync(database, path)
    const before = hashTables(path)

    // Killed (SIGKILL) after the second edition is written, before the transaction of all three commits.
    const inside = crdb(['--db', path, 'build', '--no-corpus', '--archive', editions], { env: { CRDB_KILL_AT: 'edition:2' } })
    expect(inside.signal).toBe('SIGKILL')
    expect(hashTables(path)).toEqual(before)

    // Killed just after it commits: every edition of the run is kept, lineage left stale for the next build.
    const after = crdb(['--db', path, 'build', '--no-corpus', '--archive', editions], { env: { CRDB_KILL_AT: 'editions:1' } })
    expect(after.signal).toBe('SIGKILL')
    expect(readEditions(path)).toEqual(['2010-01-01', '2011-01-01', '2012-01-01', '2013-01-01', '2014-01-01'])
    expect(canonicalContent(path).derived).toContain(JSON.stringify(['lineage', 1]))

    const finish = crdb(['--db', path, 'build', '--no-corpus', '--archive', editions])
    expect(finish.status, finish.stderr).toBe(0)
    const clean = join(folder.dir, 'kill-clean.sqlite')
    copyFileSync(database, clean)
    const reference = crdb(['--db', clean, 'build', '--no-corpus', '--archive', editions])
    expect(reference.status, reference.stderr).toBe(0)
    const expected = storeRows(clean)
    const actual = storeRows(path)
    for (const table of Object.keys(expected)) expect(actual[table], table).toEqual(expected[table])
  }, 120_000)
})

describe.runIf(archiveAvailable())('6. in the whole archive', () => {
  it('editions --remove 2009-07-11 leaves the database a build without it makes, table by table', () => {
    const folder = temporaryFolder()
    try {
      const removed = join(folder.dir, 'removed.sqlite')
      copyFileSync(inject('archiveDatabase')!, removed)
      const remove = crdb(['--db', removed, 'editions', '--remove', '2009-07-11'])
      expect(remove.status, remove.stderr).toBe(0)
      const clean = join(folder.dir, 'without.sqlite')
      const db = openDatabase(clean)
      ingestPaths(
        db,
        listArchive(archiveDir).filter((path) => !path.endsWith('2009-07-11.txt'))
      )
      db.close()
      const expected = storeRows(clean)
      const actual = storeRows(removed)
      for (const table of Object.keys(expected)) expect(actual[table], table).toEqual(expected[table])
    } finally {
      folder.cleanup()
    }
  }, 300_000)
})

/** Overwrite every page of `table` and its indexes in the database file at `path` with 0xff bytes (SQLite then reads them as damaged). */
function overwriteTable(path: string, table: string): void {
  const db = new Database(path, { readonly: true })
  let pageSize: number
  let pages: number[]
  try {
    pageSize = db.pragma('page_size', { simple: true }) as number
    pages = db.prepare('SELECT pageno FROM dbstat WHERE name IN (SELECT name FROM sqlite_master WHERE tbl_name = ?)').pluck().all(table) as number[]
  } finally {
    db.close()
  }
  expect(pages.length).toBeGreaterThan(0)
  expect(pages).not.toContain(1)
  const fd = openSync(path, 'r+')
  try {
    for (const page of pages) writeSync(fd, Buffer.alloc(pageSize, 0xff), 0, pageSize, (page - 1) * pageSize)
  } finally {
    closeSync(fd)
  }
}

/** A small seeded generator (mulberry32): the same blocks for the same seed. */
function seededRandom(state: number): () => number {
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The dates of the editions stored in the file at `path`. */
function readEditions(path: string): string[] {
  const db = new Database(path, { readonly: true, fileMustExist: true })
  try {
    return db.prepare('SELECT effective_date FROM editions ORDER BY effective_date').pluck().all() as string[]
  } finally {
    db.close()
  }
}

/** The URL `crdb serve` prints on stdout once it listens. */
function serverUrl(child: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const found = /crdb serve: (http:\/\/\S+?)\/ /.exec(out)
      if (found) resolve(found[1])
    })
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.on('exit', (code) => reject(new Error(`crdb serve exited (${code}): ${err}`)))
  })
}
