/**
 * One order for the database path, in the library and on the command line:
 * `--db` > `$CRDB_DB` > the checkout's `db/crdb.sqlite` > the user's own build >
 * the database shipped in the package; an empty `--db` or `CRDB_DB` is a usage error.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openRules } from '../src/engine/rules.js'
import { resolveDatabasePath } from '../src/store/database-path.js'
import { runsFromCheckout, userFolder } from '../src/vocabulary/paths.js'
import { projectRoot, temporaryFolder, thrown, writeEdition } from './helpers.js'

const bin = join(projectRoot, 'bin', 'crdb.js')

function crdb(args: string[], env: Record<string, string | undefined>, cwd?: string): { code: number; stdout: string; stderr: string } {
  const { CRDB_DB: _unset, ...inherited } = process.env
  const result = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', cwd, env: { ...inherited, ...env } })
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr }
}

describe('resolveDatabasePath', () => {
  let folder: ReturnType<typeof temporaryFolder>
  /** A package as npm installs it: no db/ folder, the shipped database in dist/. */
  let installed: string
  let shipped: string
  /** A checkout: its sources' db/migrations, and a shipped database a `npm pack` left in dist/. */
  let checkout: string
  let data: string
  beforeAll(() => {
    folder = temporaryFolder()
    installed = join(folder.dir, 'installed')
    shipped = join(installed, 'dist', 'crdb.sqlite')
    mkdirSync(join(installed, 'dist'), { recursive: true })
    writeFileSync(shipped, '')
    checkout = join(folder.dir, 'checkout')
    mkdirSync(join(checkout, 'db', 'migrations'), { recursive: true })
    mkdirSync(join(checkout, 'dist'), { recursive: true })
    writeFileSync(join(checkout, 'dist', 'crdb.sqlite'), '')
    data = join(folder.dir, 'data')
  })
  afterAll(() => folder?.cleanup())

  it('takes the path given first, then $CRDB_DB', () => {
    expect(resolveDatabasePath({ db: 'given.sqlite', env: { CRDB_DB: 'env.sqlite' }, root: installed })).toBe('given.sqlite')
    expect(resolveDatabasePath({ env: { CRDB_DB: 'env.sqlite' }, root: installed })).toBe('env.sqlite')
    expect(resolveDatabasePath({ env: { CRDB_DB: 'env.sqlite' }, root: installed, purpose: 'write' })).toBe('env.sqlite')
  })

  it('refuses an empty path given or an empty $CRDB_DB, naming it, rather than falling back to the default', () => {
    const empty = thrown(() => resolveDatabasePath({ db: '', env: { CRDB_DB: 'env.sqlite' }, root: installed }))
    expect(empty.code).toBe('E_USAGE')
    expect(empty.message).toMatch(/^--db is empty/)
    const emptyEnv = thrown(() => resolveDatabasePath({ env: { CRDB_DB: '' }, root: installed }))
    expect(emptyEnv.code).toBe('E_USAGE')
    expect(emptyEnv.message).toMatch(/^CRDB_DB is set but empty/)
    // The library's `db` option goes through the same function.
    const previous = process.env.CRDB_DB
    process.env.CRDB_DB = ''
    try {
      expect(thrown(() => openRules({ era: '2009' })).code).toBe('E_USAGE')
    } finally {
      if (previous === undefined) delete process.env.CRDB_DB
      else process.env.CRDB_DB = previous
    }
  })

  it("in a checkout, is the checkout's db/crdb.sqlite, for reading and building, never a shipped one", () => {
    const env = { XDG_DATA_HOME: data }
    expect(resolveDatabasePath({ env, root: checkout })).toBe(join(checkout, 'db', 'crdb.sqlite'))
    expect(resolveDatabasePath({ env, root: checkout, purpose: 'write' })).toBe(join(checkout, 'db', 'crdb.sqlite'))
    // This code runs from the project's checkout.
    expect(resolveDatabasePath({ env })).toBe(join(projectRoot, 'db', 'crdb.sqlite'))
  })

  it("in an installed package, reads the shipped database until the user builds their own, and builds the user's own", () => {
    const env = { XDG_DATA_HOME: data }
    const own = join(data, 'crdb', 'crdb.sqlite')
    expect(resolveDatabasePath({ env, root: installed })).toBe(shipped)
    expect(resolveDatabasePath({ env, root: installed, purpose: 'write' })).toBe(own)
    mkdirSync(join(data, 'crdb'), { recursive: true })
    writeFileSync(own, '')
    expect(resolveDatabasePath({ env, root: installed })).toBe(own)
    // An empty XDG_DATA_HOME is unset (the XDG specification): the home folder's.
    expect(resolveDatabasePath({ env: { XDG_DATA_HOME: '' }, root: installed, purpose: 'write' })).toMatch(/\/\.local\/share\/crdb\/crdb\.sqlite$/)
  })

  it('names where a build will put the database when an installed package has none', () => {
    const bare = join(folder.dir, 'bare')
    mkdirSync(bare)
    expect(resolveDatabasePath({ env: { XDG_DATA_HOME: join(folder.dir, 'nothing') }, root: bare })).toBe(join(folder.dir, 'nothing', 'crdb', 'crdb.sqlite'))
  })
})

describe("the user's folders (an installed crdb's database and fetch cache)", () => {
  it('follow the XDG variables, an empty one counting as unset', () => {
    expect(userFolder('data', { XDG_DATA_HOME: '/data' })).toBe('/data/crdb')
    expect(userFolder('cache', { XDG_CACHE_HOME: '/cache', XDG_DATA_HOME: '/data' })).toBe('/cache/crdb')
    expect(userFolder('cache', { XDG_CACHE_HOME: '' })).toBe(join(homedir(), '.cache', 'crdb'))
    expect(userFolder('data', {})).toBe(join(homedir(), '.local', 'share', 'crdb'))
  })

  it('are not used from a checkout, which this project is', () => {
    expect(runsFromCheckout()).toBe(true)
    expect(runsFromCheckout(join(projectRoot, 'corpus'))).toBe(false)
  })
})

describe('the database path on the command line', () => {
  let folder: ReturnType<typeof temporaryFolder>
  let db: string
  beforeAll(() => {
    folder = temporaryFolder()
    const archive = join(folder.dir, 'archive')
    mkdirSync(archive)
    writeEdition(archive, '2020-01-01.txt', {
      date: '2020-01-01',
      rules: { '1': 'Game Concepts', '100': 'General', '100.1': 'These Magic rules apply to any Magic game.', '704.5j': 'The legend rule, as built.' }
    })
    db = join(folder.dir, 'built.sqlite')
    const build = crdb(['--db', db, 'build', '--no-corpus', '--archive', archive], {})
    expect(build.code, build.stderr).toBe(0)
  })
  afterAll(() => folder?.cleanup())

  it('--db wins over $CRDB_DB', () => {
    const result = crdb(['--db', db, 'get', '704.5j'], { CRDB_DB: join(folder.dir, 'missing.sqlite') })
    expect(result.stderr).toBe('')
    expect(result.stdout).toMatch(/^704\.5j The legend rule, as built\./)
  })

  it('$CRDB_DB is read without --db', () => {
    expect(crdb(['get', '704.5j'], { CRDB_DB: db }).stdout).toMatch(/^704\.5j The legend rule, as built\./)
  })

  it('an empty --db or $CRDB_DB is a usage error naming it, in one line', () => {
    const emptyFlag = crdb(['--db', '', 'get', '704.5j'], { CRDB_DB: db })
    expect(emptyFlag.code).toBe(2)
    expect(emptyFlag.stdout).toBe('')
    expect(emptyFlag.stderr).toMatch(/^crdb: E_USAGE: --db is empty: [^\n]*\n$/)
    const emptyEnv = crdb(['get', '704.5j'], { CRDB_DB: '' })
    expect(emptyEnv.code).toBe(2)
    expect(emptyEnv.stderr).toMatch(/^crdb: E_USAGE: CRDB_DB is set but empty: [^\n]*\n$/)
    // A build is refused the same way, before anything is written.
    const build = crdb(['build', '--no-corpus', '--archive', folder.dir], { CRDB_DB: '' }, folder.dir)
    expect(build.code).toBe(2)
    expect(build.stderr).toMatch(/^crdb: E_USAGE: CRDB_DB is set but empty/)
  })

  it("without either, from any folder, is the checkout's db/crdb.sqlite (named in --help)", () => {
    const help = crdb(['--help'], { XDG_DATA_HOME: folder.dir }, folder.dir)
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(`(default: $CRDB_DB, else ${join(projectRoot, 'db', 'crdb.sqlite')})`)
  })
})
