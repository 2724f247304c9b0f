/**
 * The `crdb` command as a user runs it: the compiled bin in a child process,
 * against a real database file.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectRoot, temporaryFolder, writeEdition } from './helpers.js'

const bin = join(projectRoot, 'bin/crdb.js')

function crdb(args: string[], env: Record<string, string> = {}): { code: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, ...env } })
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr }
}

describe('crdb command line', () => {
  let folder: ReturnType<typeof temporaryFolder>
  let archive: string
  let db: string

  beforeAll(() => {
    if (!existsSync(join(projectRoot, 'dist/src/cli.js'))) throw new Error('run `npm run build` first (npm test does it)')
    folder = temporaryFolder()
    archive = join(folder.dir, 'archive')
    mkdirSync(archive)
    const rules = { '1': 'Game Concepts', '100': 'General', '100.1': 'These Magic rules apply to any Magic game.', '704.5j': 'The legend rule, first wording.' }
    writeEdition(archive, '2020-01-01.txt', { date: '2020-01-01', rules, examples: { '100.1': ['A game of two players.'] } })
    writeEdition(archive, '2021-01-01.txt', { date: '2021-01-01', rules: { ...rules, '704.5j': 'The legend rule, second wording.' } })
    writeFileSync(join(archive, 'manifest.json'), '{}')
    db = join(folder.dir, 'crdb.sqlite')
  })
  afterAll(() => folder?.cleanup())

  it('builds, printing a line per edition and a summary', () => {
    const result = crdb(['--db', db, 'build', '--no-corpus', '--archive', archive])
    expect(result.code).toBe(0)
    const lines = result.stdout.trim().split('\n')
    expect(lines).toHaveLength(3)
    expect(lines[0]).toMatch(/^2020-01-01 .* 4 rules .* 1 examples/)
    expect(lines[2]).toMatch(/^2 stored, 0 unchanged, 0 rejected/)
    expect(crdb(['--db', db, 'build', '--no-corpus', '--archive', archive]).stdout).toMatch(/0 stored, 2 unchanged, 0 rejected/)
  })

  it('lists editions, as text and as JSON', () => {
    expect(crdb(['--db', db, 'editions']).stdout).toMatch(/2021-01-01 +4 +0 +1/)
    const editions = JSON.parse(crdb(['--db', db, '--json', 'editions']).stdout)
    expect(editions.map((e: { effectiveDate: string }) => e.effectiveDate)).toEqual(['2020-01-01', '2021-01-01'])
  })

  it('gets a rule by date or edition, and takes the database from CRDB_DB', () => {
    const old = JSON.parse(crdb(['--json', 'get', 'CR 704.5J', '--date', '2020-06-30'], { CRDB_DB: db }).stdout)
    expect(old).toMatchObject({ number: '704.5j', text: 'The legend rule, first wording.', validFrom: '2020-01-01', validTo: '2021-01-01' })
    const text = crdb(['--db', db, 'get', '100.1', '--edition', '2020-01-01']).stdout
    expect(text).toContain('100.1 These Magic rules apply to any Magic game.')
    expect(text).toContain('Example: A game of two players.')
  })

  it('prints its version', () => {
    const version = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')).version
    for (const option of ['--version', '-V']) {
      const result = crdb([option])
      expect(result.code, option).toBe(0)
      expect(result.stdout.trim(), option).toBe(version)
    }
    // With a command that is not a query command, the whole program still answers it.
    expect(crdb(['-V', 'build']).stdout.trim()).toBe(version)
  })

  it('answers bad input with one line naming it, and a non-zero exit', () => {
    const cases: Array<[string[], number, RegExp]> = [
      [['get', '70x.5'], 1, /^crdb: E_BAD_NUMBER: "70x.5" is not a rule number/],
      [['get', '704.5j', '--date', '2021-02-30'], 1, /^crdb: E_BAD_DATE: "2021-02-30" is not a real day/],
      [['get', '704.5j', '--edition', '2020-06-01'], 1, /^crdb: E_NOT_FOUND: no edition dated 2020-06-01/],
      [['get', '704.6'], 1, /^crdb: E_NOT_FOUND: rule 704.6 is not in the edition of 2021-01-01 \(nearest: .*704.5j/],
      [['editions', '--messages', '2020-02-30'], 1, /^crdb: E_BAD_DATE: "2020-02-30" is not a real day/],
      [['editions', '--messages', '2020-02-01'], 1, /^crdb: E_NOT_FOUND: no edition dated 2020-02-01 \(nearest: 2020-01-01/],
      [['build', '--no-corpus'], 2, /^crdb: E_USAGE: nothing to build/],
      [['build', '--archive', join(folder.dir, 'nope')], 1, /^crdb: E_IO: .*nope: cannot read archive folder/],
      [['get', '704.5j', '--bogus'], 2, /^crdb: E_USAGE: unknown option '--bogus' \(see crdb --help\)\n/],
      [['frob'], 2, /^crdb: E_USAGE: unknown command 'frob'/],
      [['get'], 2, /^crdb: E_USAGE: missing required argument 'number'/],
      [['blame', '--era', '2009', '--edition', '2020-01-01'], 2, /^crdb: E_USAGE: give one of --date, --edition or --era, not --edition and --era\n/]
    ]
    for (const [args, code, message] of cases) {
      const result = crdb(['--db', db, ...args])
      expect(result.code, args.join(' ')).toBe(code)
      expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1)
      expect(result.stderr, args.join(' ')).toMatch(message)
    }
    expect(crdb(['--db', join(folder.dir, 'absent.sqlite'), 'editions']).stderr).toMatch(/^crdb: E_DB: .*absent.sqlite: cannot open database/)
    expect(crdb(['frobnicate']).code).toBe(2)
  })

  it('exits 1 when a source is rejected, and still stores the others', () => {
    const mixed = join(folder.dir, 'mixed')
    mkdirSync(mixed)
    writeFileSync(join(mixed, 'garbage.txt'), Buffer.from([0, 1, 2, 3, 0xff, 0, 0, 9]))
    writeEdition(mixed, 'good.txt', { date: '2022-01-01', rules: { '1': 'Game Concepts', '100': 'General', '100.1': 'A rule.' } })
    const result = crdb(['--db', join(folder.dir, 'mixed.sqlite'), 'build', '--no-corpus', '--archive', mixed])
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(/rejected +.*garbage.txt: not a text file/)
    expect(result.stdout).toMatch(/1 stored, 0 unchanged, 1 rejected/)
  })
})
