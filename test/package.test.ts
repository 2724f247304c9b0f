/**
 * The package npm packs answers on its own: packed from a copy of the project (its `prepack` builds the code
 * and the database it ships, from the archive given by `CRDB_ARCHIVE`), installed into a temporary prefix,
 * and asked from a temporary folder, with a temporary home, no `CRDB_DB`, no archive beside it and, where
 * the system can take it away (`unshare -n`), no network.
 *
 * One file does the pack and the install once: the install compiles better-sqlite3 where npm finds no
 * prebuilt binary for it (about two minutes on two cores), so this file has a long timeout. The install takes
 * what npm's cache has and asks the registry for the rest (`--prefer-offline`): npm resolves a tarball's
 * dependencies from full registry documents, which an `npm ci` does not cache.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { cpSync, createReadStream, existsSync, mkdirSync, readdirSync, statSync, symlinkSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { dirname, join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { archiveAvailable, archiveDir, projectRoot, temporaryFolder, writeEdition } from './helpers.js'

/** What the package's copy leaves out: what git ignores, the tests, and git itself. */
const notCopied = new Set(['node_modules', 'dist', 'coverage', '.cache', '.git', 'scratch', 'test-results', 'test'])

/** The most the packed package may weigh. */
const maxPackedBytes = 25e6

const network = spawnSync('unshare', ['-n', 'true']).status === 0

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options })
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${result.status ?? result.signal}:\n${result.stderr}${result.stdout}`.slice(-4000))
  return result
}

function sha256(path: string): Promise<string> {
  return new Promise((done, fail) => {
    const hash = createHash('sha256')
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => done(hash.digest('hex')))
      .on('error', fail)
  })
}

describe.skipIf(!archiveAvailable())('the packed package', () => {
  let folder: ReturnType<typeof temporaryFolder>
  let tarball: string
  let files: string[]
  let installed: string
  let shipped: string
  let home: string
  let cwd: string

  /** Run the installed `crdb` as a user would: a fresh home, a working folder of its own, nothing of crdb's in the environment. */
  const crdb = (args: string[], env: Record<string, string> = {}): { code: number; stdout: string; stderr: string } => {
    const command = [join(folder.dir, 'prefix', 'bin', 'crdb'), ...args]
    const path = [join(folder.dir, 'prefix', 'bin'), dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':')
    const result = spawnSync(network ? 'unshare' : command[0], network ? ['-n', ...command] : command.slice(1), {
      encoding: 'utf8',
      cwd,
      env: { PATH: path, HOME: home, LANG: 'C.UTF-8', ...env }
    })
    return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr }
  }

  beforeAll(() => {
    folder = temporaryFolder()
    // A copy of the project, away from ../shared: prepack must take the archive from CRDB_ARCHIVE, and
    // building there leaves this checkout's dist/ (which the other test files run) alone.
    const copy = join(folder.dir, 'project')
    cpSync(projectRoot, copy, {
      recursive: true,
      filter: (source) => {
        const path = relative(projectRoot, source)
        return !notCopied.has(path.split('/')[0]) && !/^db\/crdb\.sqlite/.test(path)
      }
    })
    symlinkSync(join(projectRoot, 'node_modules'), join(copy, 'node_modules'))
    run('npm', ['pack', '--pack-destination', folder.dir], { cwd: copy, env: { ...process.env, CRDB_ARCHIVE: archiveDir } })
    const [name] = readdirSync(folder.dir).filter((file) => file.endsWith('.tgz'))
    tarball = join(folder.dir, name)
    files = run('tar', ['tzf', tarball], { cwd: folder.dir })
      .stdout.split('\n')
      .filter((line) => line && !line.endsWith('/'))
      .map((line) => line.replace(/^package\//, ''))
    run(
      'npm',
      ['install', '--global', '--prefix', join(folder.dir, 'prefix'), '--prefer-offline', '--allow-scripts=better-sqlite3', '--no-audit', '--no-fund', tarball],
      { cwd: folder.dir }
    )
    installed = join(folder.dir, 'prefix', 'lib', 'node_modules', 'crdb')
    shipped = join(installed, 'dist', 'crdb.sqlite')
    home = join(folder.dir, 'home')
    cwd = join(folder.dir, 'cwd')
    mkdirSync(home)
    mkdirSync(cwd)
  }, 1_200_000)
  afterAll(() => folder?.cleanup())

  it(`weighs under ${maxPackedBytes / 1e6} MB packed, and ships the code, the corpus and the database, without tests or source maps`, () => {
    const bytes = statSync(tarball).size
    console.log(`crdb package: ${(bytes / 1e6).toFixed(1)} MB packed, ${files.length} files`)
    expect(bytes).toBeLessThan(maxPackedBytes)
    expect(files).toEqual(expect.arrayContaining(['bin/crdb.js', 'dist/bundle/cli.cjs', 'dist/src/index.js', 'dist/crdb.sqlite', 'corpus/manifest.json']))
    expect(files.filter((file) => /\.map$|^test\/|^src\/|^ingest\/|^db\/|^scripts\//.test(file))).toEqual([])
  })

  it('answers crdb get 704.5j from the database it ships', () => {
    expect(existsSync(join(installed, '..', 'shared'))).toBe(false)
    const answer = crdb(['get', '704.5j'])
    expect(answer.stderr).toBe('')
    expect(answer.code).toBe(0)
    expect(answer.stdout).toMatch(
      /^704\.5j If two or more legendary permanents with the same name are controlled by the same player, that player chooses one of them, and the rest are put into their owners’ graveyards\. This is called the “legend rule\.”\n/
    )
    const json = JSON.parse(crdb(['--json', 'get', '704.5j']).stdout) as { number: string; text: string }
    expect(json.number).toBe('704.5j')
    // Every edition of the archive is in it, and nothing was written in the user's home.
    const editions = JSON.parse(crdb(['--json', 'editions']).stdout) as unknown[]
    const archived = readdirSync(archiveDir).filter((file) => /^\d{4}-\d{2}-\d{2}\./.test(file))
    expect(archived.length).toBeGreaterThan(100)
    expect(editions).toHaveLength(archived.length)
    expect(readdirSync(home)).toEqual([])
  })

  it("crdb build makes the user's own database, which then answers, and leaves the shipped one as it was", async () => {
    const before = await sha256(shipped)
    const archive = join(folder.dir, 'mine')
    mkdirSync(archive)
    writeEdition(archive, '2030-01-01.txt', {
      date: '2030-01-01',
      rules: { '1': 'Game Concepts', '100': 'General', '100.1': 'These Magic rules apply to any Magic game.', '704.5j': 'The legend rule, in my own build.' }
    })
    const data = join(home, 'data')
    const build = crdb(['build', '--no-corpus', '--archive', archive], { XDG_DATA_HOME: data })
    expect(build.stderr).toBe('')
    expect(build.code).toBe(0)
    expect(existsSync(join(data, 'crdb', 'crdb.sqlite'))).toBe(true)
    expect(crdb(['get', '704.5j'], { XDG_DATA_HOME: data }).stdout).toMatch(/^704\.5j The legend rule, in my own build\./)
    expect(await sha256(shipped)).toBe(before)
    // Without the user's own, the shipped one again.
    expect(crdb(['get', '704.5j']).stdout).toMatch(/^704\.5j If two or more legendary permanents/)
  })

  it("crdb fetch caches the editions in the user's cache folder, not in the package", () => {
    const newest = readdirSync(archiveDir)
      .filter((file) => /^\d{4}-\d{2}-\d{2}\.txt$/.test(file))
      .sort()
      .at(-1)!
    const cache = join(home, 'cache')
    const fetched = crdb(['fetch', '--mirror', archiveDir, '--edition', newest.slice(0, 10)], { XDG_CACHE_HOME: cache })
    expect(fetched.stderr).toBe('')
    expect(fetched.code).toBe(0)
    expect(fetched.stdout).toContain(`${join(cache, 'crdb', 'editions')} (build with: crdb build --archive ${join(cache, 'crdb', 'editions')})`)
    expect(readdirSync(join(cache, 'crdb', 'editions'))).toContain(newest)
    expect(existsSync(join(installed, '.cache'))).toBe(false)
  })
})
