/**
 * Every bad input answered: the compiled `crdb` in a child process, fed each
 * kind of bad input, must exit with the right code, print one line naming the
 * input with its stable code, and leave the stored content byte-for-byte as it
 * was (a hash of every table before and after).
 */
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process'
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeSource } from '../ingest/decode.js'
import { normalizeEdition } from '../ingest/normalize.js'
import { parseOfficialText } from '../ingest/parse/official-text.js'
import { EditionWriter } from '../ingest/store.js'
import { driverOf, openDatabase } from '../src/store/database.js'
import { editionText, projectRoot, temporaryFolder, writeEdition } from './helpers.js'
import { canonicalContent, hashTables } from './store-snapshot.js'

const bin = join(projectRoot, 'bin/crdb.js')

interface Run {
  code: number
  stdout: string
  stderr: string
}

function crdb(args: string[], options: SpawnSyncOptions & { asNobody?: boolean } = {}): Run {
  const command = options.asNobody ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', process.execPath] : [process.execPath]
  const result = spawnSync(command[0], [...command.slice(1), bin, ...args], { encoding: 'utf8', ...options, env: { ...process.env, ...options.env } })
  return { code: result.status ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) }
}

/** Read-only files stop only other users: as root, run the command as nobody (or skip where that is impossible). */
const root = process.getuid?.() === 0
// nobody must also be able to reach the project (a clone under a private temporary folder is not).
const canDropRoot =
  root &&
  spawnSync('setpriv', ['--version']).status === 0 &&
  spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'test', '-r', join(projectRoot, 'bin', 'crdb.js')]).status === 0

const rules = { '1': 'Game Concepts', '100': 'General', '100.1': 'These Magic rules apply to any Magic game.', '704.5j': 'The legend rule, first wording.' }
const glossary = { Ability: 'Text on an object that explains what that object does or can do.', Legend: 'A supertype.' }

function fileHash(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex')
}

describe('bad inputs: exit code, one line with its code, nothing stored changed', () => {
  let folder: ReturnType<typeof temporaryFolder>
  let dir: string
  let db: string
  let inputs: string

  beforeAll(() => {
    folder = temporaryFolder()
    dir = folder.dir
    inputs = join(dir, 'inputs')
    mkdirSync(inputs)
    const archive = join(dir, 'archive')
    mkdirSync(archive)
    writeEdition(archive, '2020-01-01.txt', { date: '2020-01-01', rules, glossary })
    writeEdition(archive, '2021-01-01.txt', { date: '2021-01-01', rules: { ...rules, '704.5j': 'The legend rule, second wording.' }, glossary })
    db = join(dir, 'crdb.sqlite')
    const built = crdb(['--db', db, 'build', '--no-corpus', '--archive', archive])
    expect(built.code, built.stderr).toBe(0)

    const full = editionText({ date: '2021-01-01', rules: { ...rules, '704.5j': 'The legend rule, second wording.' }, glossary })
    writeFileSync(join(inputs, 'cut-2021-01-01.txt'), full.slice(0, full.indexOf('704.5j')))
    writeFileSync(join(inputs, 'garbage.txt'), Buffer.from(Array.from({ length: 4000 }, (_, index) => (index * 7919) % 256)))
    writeFileSync(join(inputs, 'empty.txt'), '')
    writeFileSync(join(inputs, 'undated.txt'), 'Magic: The Gathering Comprehensive Rules\r\n\r\n100. General\r\n\r\n100.1. A rule.\r\n')
    writeFileSync(join(inputs, 'unknown.txt'), 'Shopping list\neggs\nflour\n')
    writeFileSync(join(inputs, 'other-name.txt'), full.replace('second wording', 'another wording'))
    copyFileSync(join(archive, '2020-01-01.txt'), join(inputs, 'copy-of-2020.txt'))
    const foreign = new Database(join(dir, 'foreign.sqlite'))
    foreign.exec(`CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('mine')`)
    foreign.close()
    writeFileSync(join(dir, 'garbage.sqlite'), Buffer.from(Array.from({ length: 8192 }, (_, index) => (index * 31) % 251)))
  })
  afterAll(() => folder?.cleanup())

  const cases: Array<{ name: string; args: () => string[]; code: number; message: RegExp; database?: () => string }> = [
    // Sources a build rejects (item 9: on stderr, with their code).
    {
      name: 'garbage bytes',
      args: () => ['build', '--no-corpus', '--archive', join(inputs, 'garbage.txt')],
      code: 1,
      message: /^crdb: E_DECODE: .*garbage\.txt: not a text file/
    },
    {
      name: 'empty file',
      args: () => ['build', '--no-corpus', '--archive', join(inputs, 'empty.txt')],
      code: 1,
      message: /^crdb: E_DECODE: .*empty\.txt: file is empty/
    },
    {
      name: 'undated edition',
      args: () => ['build', '--no-corpus', '--archive', join(inputs, 'undated.txt')],
      code: 1,
      message: /^crdb: E_NO_DATE: .*undated\.txt: states no effective date/
    },
    {
      name: 'unknown format',
      args: () => ['build', '--no-corpus', '--archive', join(inputs, 'unknown.txt')],
      code: 1,
      message: /^crdb: E_FORMAT: .*unknown\.txt: unknown format/
    },
    {
      name: 'another file stating a stored date',
      args: () => ['build', '--no-corpus', '--archive', join(inputs, 'other-name.txt')],
      code: 1,
      message: /^crdb: E_DUPLICATE_EDITION: .*other-name\.txt: an edition dated 2021-01-01 is already stored from .*2021-01-01\.txt/
    },
    // Item 1: a truncated copy never replaces a complete edition.
    {
      name: 'truncated copy of a complete edition',
      args: () => ['build', '--no-corpus', '--archive', join(inputs, 'cut-2021-01-01.txt')],
      code: 1,
      message:
        /^crdb: E_DUPLICATE_EDITION: .*cut-2021-01-01\.txt: an edition dated 2021-01-01 is already stored .*\(complete; a truncated copy never replaces it\)$/
    },
    {
      name: 'remove an edition that is not stored',
      args: () => ['editions', '--remove', '2019-05-05'],
      code: 1,
      message: /^crdb: E_NOT_FOUND: no edition dated 2019-05-05 is stored$/
    },
    {
      name: 'remove a date that is not one',
      args: () => ['editions', '--remove', '2021-02-30'],
      code: 1,
      message: /^crdb: E_BAD_DATE: "2021-02-30" is not a real day$/
    },
    {
      name: 'replace with garbage',
      args: () => ['editions', '--replace', join(inputs, 'garbage.txt')],
      code: 1,
      message: /^crdb: E_DECODE: .*garbage\.txt: not a text file/
    },
    {
      name: 'replace with the same bytes',
      args: () => ['editions', '--replace', join(inputs, 'copy-of-2020.txt')],
      code: 1,
      message: /^crdb: E_DUPLICATE_EDITION: .*copy-of-2020\.txt: these bytes are already stored/
    },
    // Queries: bad numbers, dates and eras; echoed input cut to a readable length (item 9).
    { name: 'bad rule number', args: () => ['get', '704.5jj'], code: 1, message: /^crdb: E_BAD_NUMBER: "704\.5jj" is not a rule number/ },
    {
      name: '10,000-character rule number',
      args: () => ['get', '7'.repeat(10_000)],
      code: 1,
      message: /^crdb: E_BAD_NUMBER: "7{59}…" \(10000 characters\) is not a rule number .{0,120}$/
    },
    { name: 'bad date', args: () => ['get', '704.5j', '--date', '2020-13-01'], code: 1, message: /^crdb: E_BAD_DATE: "2020-13-01" is not a real day$/ },
    { name: 'bad era', args: () => ['get', '704.5j', '--era', '1850'], code: 1, message: /^crdb: E_BAD_ERA: "1850" is not an era/ },
    { name: 'conflicting selectors', args: () => ['get', '704.5j', '--date', '2020-06-01', '--era', '2024'], code: 2, message: /^crdb: E_USAGE: / },
    // Database files (items 6 and 8).
    {
      name: 'missing database',
      args: () => ['--db', join(dir, 'absent.sqlite'), 'get', '100.1'],
      code: 1,
      message: /^crdb: E_DB: .*absent\.sqlite: cannot open database \(no such file\); run crdb build to create it/
    },
    {
      name: 'foreign SQLite database, built on',
      args: () => ['--db', join(dir, 'foreign.sqlite'), 'build', '--no-corpus', '--archive', join(dir, 'archive')],
      code: 1,
      message: /^crdb: E_DB_FOREIGN: .*foreign\.sqlite: a SQLite database that is not crdb's \(tables: notes\); left untouched/,
      database: () => join(dir, 'foreign.sqlite')
    },
    {
      name: 'foreign SQLite database, queried',
      args: () => ['--db', join(dir, 'foreign.sqlite'), 'get', '100.1'],
      code: 1,
      message: /^crdb: E_DB_FOREIGN: /,
      database: () => join(dir, 'foreign.sqlite')
    },
    {
      name: 'garbage database file, queried',
      args: () => ['--db', join(dir, 'garbage.sqlite'), 'get', '100.1'],
      code: 1,
      message: /^crdb: E_DB: .*garbage\.sqlite: .*not a database/,
      database: () => join(dir, 'garbage.sqlite')
    },
    {
      name: 'garbage database file, built on',
      args: () => ['--db', join(dir, 'garbage.sqlite'), 'build', '--no-corpus', '--archive', join(dir, 'archive')],
      code: 1,
      message: /^crdb: E_DB: .*garbage\.sqlite: .*not a database/,
      database: () => join(dir, 'garbage.sqlite')
    }
  ]

  for (const testCase of cases) {
    it(testCase.name, () => {
      const database = testCase.database?.() ?? db
      const withDb = testCase.args()[0] === '--db' ? testCase.args() : ['--db', database, ...testCase.args()]
      const isCrdb = database === db
      const before = isCrdb ? hashTables(database) : fileHash(database)
      const run = crdb(withDb)
      expect(run.code, run.stderr).toBe(testCase.code)
      const errors = run.stderr.split('\n').filter((line) => line.startsWith('crdb: E_'))
      expect(errors, run.stderr).toHaveLength(1)
      expect(errors[0]).toMatch(testCase.message)
      expect(errors[0].length).toBeLessThan(400)
      expect(isCrdb ? hashTables(database) : fileHash(database)).toEqual(before)
    })
  }

  it('read-only database file and folder: queries answer, openDatabase writes nothing, build gives one E_DB line', () => {
    if (root && !canDropRoot) {
      console.warn('skipping the read-only case: running as root without setpriv, or nobody cannot read the project, so file permissions cannot be tried')
      return
    }
    const shelf = join(dir, 'shelf')
    mkdirSync(shelf)
    const shipped = join(shelf, 'crdb.sqlite')
    copyFileSync(db, shipped)
    chmodSync(shipped, 0o444)
    chmodSync(shelf, 0o555)
    chmodSync(dir, 0o755)
    const before = fileHash(shipped)
    const asNobody = canDropRoot
    const get = crdb(['--db', shipped, 'get', '704.5j'], { asNobody })
    expect(get.stderr).toBe('')
    expect(get.code).toBe(0)
    expect(get.stdout).toMatch(/^704\.5j The legend rule, second wording\./)
    const build = crdb(['--db', shipped, 'build', '--no-corpus', '--archive', join(dir, 'archive')], { asNobody })
    expect(build.code).toBe(1)
    expect(build.stderr).toMatch(/^crdb: E_DB: .*crdb\.sqlite: the database (file|folder) is read-only; queries work on it/)
    expect(build.stderr.trim().split('\n')).toHaveLength(1)
    expect(fileHash(shipped)).toBe(before)
    if (!root) {
      // In-process too: the library's read-only open.
      const opened = openDatabase(shipped, { readonly: true })
      expect(driverOf(opened).prepare('SELECT COUNT(*) FROM editions').pluck().get()).toBe(2)
      opened.close()
    }
    expect(existsSync(shipped + '-wal') || existsSync(shipped + '-shm')).toBe(false)
    chmodSync(shelf, 0o755)
  })
})

describe('cases that hold with exit 0', () => {
  let folder: ReturnType<typeof temporaryFolder>
  beforeAll(() => (folder = temporaryFolder()))
  afterAll(() => folder?.cleanup())

  it('a truncated edition alone is stored, marked, and answers from it say so; a complete copy replaces it', () => {
    const archive = join(folder.dir, 'truncated')
    mkdirSync(archive)
    writeEdition(archive, '2020-01-01.txt', { date: '2020-01-01', rules, glossary })
    const full = editionText({ date: '2021-01-01', rules: { ...rules, '704.5j': 'The legend rule, second wording.' }, glossary })
    writeFileSync(join(archive, 'cut.txt'), full.slice(0, full.indexOf('704.5j')))
    const db = join(folder.dir, 'truncated.sqlite')
    const built = crdb(['--db', db, 'build', '--no-corpus', '--archive', archive])
    expect(built.code).toBe(0)
    expect(built.stdout).toMatch(/2021-01-01 .*cut\.txt .*TRUNCATED/)
    const answer = crdb(['--db', db, 'get', '100.1'])
    expect(answer.code).toBe(0)
    expect(answer.stderr).toMatch(/^crdb: warning: the edition of 2021-01-01 is truncated \(.*cut\.txt: it stops at line \d+/)
    expect(JSON.parse(crdb(['--db', db, '--json', 'get', '100.1']).stdout).truncated).toBe(true)
    const missing = crdb(['--db', db, 'get', '704.5j'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/^crdb: E_NOT_FOUND: rule 704\.5j is not in the edition of 2021-01-01 .*; the edition of 2021-01-01 is truncated/)
    const term = crdb(['--db', db, 'glossary', 'legend'])
    expect(term.code).toBe(1)
    expect(term.stderr).toMatch(/no glossary term "legend" in the edition of 2021-01-01.*truncated/)

    // The complete copy replaces it: the same content as a clean build of the complete editions.
    const complete = join(folder.dir, 'complete-2021.txt')
    writeFileSync(complete, full)
    const replaced = crdb(['--db', db, 'build', '--no-corpus', '--archive', complete])
    expect(replaced.code).toBe(0)
    expect(replaced.stdout).toMatch(/replaces the truncated copy .*cut\.txt/)
    expect(crdb(['--db', db, 'get', '704.5j']).stdout).toMatch(/^704\.5j The legend rule, second wording\./)
    const clean = join(folder.dir, 'clean.sqlite')
    expect(crdb(['--db', clean, 'build', '--no-corpus', '--archive', join(archive, '2020-01-01.txt'), '--archive', complete]).code).toBe(0)
    expect(canonicalContent(db)).toEqual(canonicalContent(clean))

    // editions --remove and --replace, explicitly.
    const removed = crdb(['--db', db, 'editions', '--remove', '2021-01-01'])
    expect(removed.code, removed.stderr).toBe(0)
    const single = join(folder.dir, 'single.sqlite')
    expect(crdb(['--db', single, 'build', '--no-corpus', '--archive', join(archive, '2020-01-01.txt')]).code).toBe(0)
    expect(canonicalContent(db)).toEqual(canonicalContent(single))
    expect(crdb(['--db', db, 'editions', '--replace', complete]).code).toBe(0)
    expect(canonicalContent(db)).toEqual(canonicalContent(clean))
  })

  it('an edition stored without its lineage: history warns and flags stale until a build', () => {
    const archive = join(folder.dir, 'stale')
    mkdirSync(archive)
    writeEdition(archive, '2020-01-01.txt', { date: '2020-01-01', rules, glossary })
    const db = join(folder.dir, 'stale.sqlite')
    expect(crdb(['--db', db, 'build', '--no-corpus', '--archive', archive]).code).toBe(0)
    expect(crdb(['--db', db, 'history', '704.5j']).stderr).toBe('')
    // What a build killed between storing an edition and deriving its lineage leaves.
    const path = writeEdition(archive, '2021-01-01.txt', { date: '2021-01-01', rules: { ...rules, '704.5j': 'The legend rule, second wording.' }, glossary })
    const handle = openDatabase(db)
    const decoded = decodeSource(readFileSync(path), path)
    const parsed = parseOfficialText(decoded.text, path)
    new EditionWriter(handle).write({ uri: path, format: 'official-text', decoded, parsed, entries: normalizeEdition(parsed), messages: [] })
    handle.close()
    const history = crdb(['--db', db, 'history', '704.5j'])
    expect(history.code).toBe(0)
    expect(history.stderr).toMatch(/^crdb: warning: the lineage .* is out of date .*; run crdb build/)
    expect(history.stderr.trim().split('\n')).toHaveLength(1)
    expect(JSON.parse(crdb(['--db', db, '--json', 'history', '704.5j']).stdout).stale).toBe(true)
    expect(crdb(['--db', db, 'diff', '2020-01-01', '2021-01-01', '--summary']).stderr).toMatch(/warning: the lineage/)
    expect(crdb(['--db', db, 'build', '--no-corpus', '--archive', archive]).code).toBe(0)
    const after = crdb(['--db', db, 'history', '704.5j'])
    expect(after.stderr).toBe('')
    expect(JSON.parse(crdb(['--db', db, '--json', 'history', '704.5j']).stdout).stale).toBeUndefined()
  })

  it('the default database is found from any folder, and a missing one gets a hint', () => {
    // CRDB_DB unset (an empty one is a usage error: test/database-path.test.ts).
    delete (process.env as Record<string, string | undefined>).CRDB_DB
    const env = {}
    const help = crdb(['--help'], { cwd: folder.dir, env })
    expect(help.stdout).toContain(join(projectRoot, 'db', 'crdb.sqlite').slice(0, 20))
    const answer = crdb(['get', '100.1'], { cwd: folder.dir, env: { ...env, XDG_DATA_HOME: folder.dir } })
    if (!existsSync(join(projectRoot, 'db', 'crdb.sqlite'))) {
      expect(answer.stderr).toMatch(
        new RegExp(
          `^crdb: E_DB: ${join(projectRoot, 'db', 'crdb.sqlite').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: cannot open database \\(no such file\\); run crdb build`
        )
      )
    } else {
      // A database is there (a developer's build): it is the one found, whatever the working folder.
      expect(answer.stderr).not.toMatch(/directory does not exist|no such file/)
    }
  })

  it('--archive takes a file, and a subfolder it does not read is named', () => {
    const archive = join(folder.dir, 'nested')
    mkdirSync(join(archive, 'older'), { recursive: true })
    writeEdition(archive, '2020-01-01.txt', { date: '2020-01-01', rules, glossary })
    writeEdition(join(archive, 'older'), '2019-01-01.txt', { date: '2019-01-01', rules, glossary })
    const db = join(folder.dir, 'nested.sqlite')
    const built = crdb(['--db', db, 'build', '--no-corpus', '--archive', archive])
    expect(built.code).toBe(0)
    expect(built.stderr).toMatch(/^crdb: note: .*older: subfolder not read \(give it with --archive to build it\)$/m)
    expect(built.stdout).toMatch(/; 1 edition, /)
    const file = crdb(['--db', db, 'build', '--no-corpus', '--archive', join(archive, 'older', '2019-01-01.txt')])
    expect(file.code).toBe(0)
    expect(file.stdout).toMatch(/^1 stored, 0 unchanged, 0 rejected .*; 2 editions, /m)
  })

  it('two builds at once: the second waits for the first, no false rejection', async () => {
    const archive = join(folder.dir, 'twice')
    mkdirSync(archive)
    for (let year = 2010; year < 2016; year++)
      writeEdition(archive, `${year}-01-01.txt`, { date: `${year}-01-01`, rules: { ...rules, '100.1': `Wording of ${year}.` }, glossary })
    const db = join(folder.dir, 'twice.sqlite')
    // A build in progress elsewhere: a live process holds the lock.
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)'])
    writeFileSync(db + '.lock', String(holder.pid))
    const run = (): Promise<Run> =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [bin, '--db', db, 'build', '--no-corpus', '--archive', archive])
        let stdout = ''
        let stderr = ''
        child.stdout.on('data', (chunk) => (stdout += chunk))
        child.stderr.on('data', (chunk) => (stderr += chunk))
        child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }))
      })
    const [first, second] = await Promise.all([run(), run()])
    for (const result of [first, second]) {
      expect(result.code, result.stderr).toBe(0)
      expect(result.stdout).not.toMatch(/rejected +E_/)
      expect(result.stderr).toMatch(/^crdb: waiting: another build \(process \d+\) holds /)
    }
    const stored = [first, second].map((result) => /^(\d+) stored, (\d+) unchanged, 0 rejected/m.exec(result.stdout)!.slice(1).map(Number))
    expect(stored.map(([count]) => count).sort()).toEqual([0, 6])
    expect(existsSync(db + '.lock')).toBe(false)
    // A lock left by a killed build (its process gone) is taken over.
    writeFileSync(db + '.lock', '999999999')
    expect(crdb(['--db', db, 'build', '--no-corpus', '--archive', archive]).code).toBe(0)
  }, 60_000)
})
