/**
 * Eras: presets, days and editions resolve to one edition, in the library and in
 * `crdb eras`, `crdb era`, `crdb check` and `crdb sba`.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { ingestPaths } from '../ingest/ingest.js'
import { openDatabase, type Crdb } from '../src/store/database.js'
import { listEras } from '../src/query/eras.js'
import { resolveEdition as resolveEra } from '../src/query/editions.js'
import { eraPresets } from '../src/vocabulary/era-presets.js'
import { archiveAvailable, projectRoot, temporaryFolder, writeEdition } from './helpers.js'

const bin = join(projectRoot, 'bin/crdb.js')

function crdb(args: string[], input?: string): { code: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', input })
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr }
}

describe('resolving an era (small editions)', () => {
  let folder: ReturnType<typeof temporaryFolder>
  let db: Crdb

  beforeAll(() => {
    folder = temporaryFolder()
    const rules = { '1': 'Game Concepts', '100': 'General', '100.1': 'These Magic rules apply to any Magic game.' }
    const paths = ['2003-06-01', '2003-12-01', '2004-03-01', '2009-10-01', '2024-11-08', '2025-02-07'].map((date) =>
      writeEdition(folder.dir, `${date}.txt`, { date, rules })
    )
    db = openDatabase(join(folder.dir, 'crdb.sqlite'))
    ingestPaths(db, paths)
  })
  afterAll(() => {
    db?.close()
    folder?.cleanup()
  })

  it('reads a preset as the newest edition on or before 31 December of its year', () => {
    expect(eraPresets.map((preset) => [preset.name, preset.date])).toEqual([
      ['2003', '2003-12-31'],
      ['2009', '2009-12-31'],
      ['2024', '2024-12-31']
    ])
    expect(resolveEra(db, { era: '2003' })).toBe('2003-12-01')
    expect(resolveEra(db, { era: ' 2009 ' })).toBe('2009-10-01')
    expect(resolveEra(db, { era: '2024' })).toBe('2024-11-08')
  })

  it('takes a day (as --era or --date) or an edition, and the newest edition by default', () => {
    expect(resolveEra(db, { era: '2004-01-15' })).toBe('2003-12-01')
    expect(resolveEra(db, { date: '2004-03-01' })).toBe('2004-03-01')
    expect(resolveEra(db, { edition: '2003-06-01' })).toBe('2003-06-01')
    expect(resolveEra(db)).toBe('2025-02-07')
  })

  it('refuses what is not an era, with a stable code', () => {
    expect(() => resolveEra(db, { era: '2010' })).toThrow(
      expect.objectContaining({ code: 'E_BAD_ERA', message: expect.stringMatching(/presets: 2003, 2009, 2024/) })
    )
    expect(() => resolveEra(db, { era: 'modern' })).toThrow(expect.objectContaining({ code: 'E_BAD_ERA' }))
    expect(() => resolveEra(db, { era: '2003-02-30' })).toThrow(expect.objectContaining({ code: 'E_BAD_DATE' }))
    expect(() => resolveEra(db, { date: '2001-01-01' })).toThrow(expect.objectContaining({ code: 'E_NOT_FOUND' }))
    expect(() => resolveEra(db, { edition: '2003-07-01' })).toThrow(
      expect.objectContaining({ code: 'E_NOT_FOUND', message: expect.stringMatching(/nearest: 2003-06-01/) })
    )
    expect(() => resolveEra(db, { era: '2003', date: '2003-01-01' })).toThrow(expect.objectContaining({ code: 'E_USAGE' }))
  })

  it('lists the presets with their editions, and every edition with its range', () => {
    const listing = listEras(db)
    expect(listing.presets.map((preset) => [preset.name, preset.edition, preset.validTo])).toEqual([
      ['2003', '2003-12-01', '2004-03-01'],
      ['2009', '2009-10-01', '2024-11-08'],
      ['2024', '2024-11-08', '2025-02-07']
    ])
    expect(listing.editions.map((edition) => [edition.edition, edition.validTo, edition.presets])).toEqual([
      ['2003-06-01', '2003-12-01', []],
      ['2003-12-01', '2004-03-01', ['2003']],
      ['2004-03-01', '2009-10-01', []],
      ['2009-10-01', '2024-11-08', ['2009']],
      ['2024-11-08', '2025-02-07', ['2024']],
      ['2025-02-07', null, []]
    ])
  })
})

const available = archiveAvailable()

describe.skipIf(!available)('crdb eras, era, check and sba over the whole archive', () => {
  let database: string
  const fixtures = join(projectRoot, 'test/fixtures/engine')

  beforeAll(() => {
    if (!existsSync(join(projectRoot, 'dist/src/cli.js'))) throw new Error('run `npm run build` first (npm test does it)')
    database = inject('archiveDatabase')!
  })

  it('lists the presets and every edition', () => {
    const result = crdb(['--db', database, 'eras'])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^2003 +2003-12-01 +2003-12-01 to 2004-02-01 /m)
    expect(result.stdout).toMatch(/^2009 +2009-10-01 +2009-10-01 to 2010-02-01 /m)
    expect(result.stdout).toMatch(/^2024 +2024-11-08 +2024-11-08 to 2025-02-07 /m)
    expect(result.stdout).toMatch(/^1999-04-23 +1999-11-01$/m)
    expect(result.stdout).toMatch(/^2026-01-16 +now$/m)
    const json = JSON.parse(crdb(['--db', database, '--json', 'eras']).stdout)
    expect(json.editions).toHaveLength(108)
    expect(json.presets.map((p: { edition: string }) => p.edition)).toEqual(['2003-12-01', '2009-10-01', '2024-11-08'])
  })

  it('prints an era with its checks', () => {
    const result = crdb(['--db', database, 'era', '2003', '--checks'])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^era 2003: edition 2003-12-01 \(in force 2003-12-01 to 2004-02-01\)/)
    expect(result.stdout).toMatch(/^ {2}legend-rule +420\.5e +If two or more permanents with the same name/m)
    expect(result.stdout).toMatch(/^ {2}planeswalker-uniqueness +- +not in force: first in force from 2007-10-01 as 420\.5q/m)
    expect(result.stdout).toMatch(/^ {2}mana-burn +300\.3 /m)
    const json = JSON.parse(crdb(['--db', database, 'era', '--date', '2010-01-01', '--checks', '--json']).stdout)
    expect(json.edition).toBe('2009-10-01')
    expect(json.checks.find((c: { id: string }) => c.id === 'legend-rule')).toMatchObject({ number: '704.5k', inForce: true })
    const summary = crdb(['--db', database, 'era', '2024'])
    expect(summary.stdout).toMatch(/legend rule +each controller keeps one of their own \(704\.5j\)/)
    expect(summary.stdout).toMatch(/mana burn +no/)
  })

  it('prints one check in an era, or when it began or ended', () => {
    const result = crdb(['--db', database, 'check', 'legend-rule', '--era', '2009'])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(
      /^legend-rule \(legend rule\) in the edition of 2009-10-01 \(era 2009\): 704\.5k\n704\.5k If two or more legendary permanents/
    )
    const json = JSON.parse(crdb(['--db', database, '--json', 'check', 'legend-rule', '--era', '2024']).stdout)
    expect(json).toMatchObject({ id: 'legend-rule', number: '704.5j', edition: '2024-11-08', inForce: true })
    const absent = crdb(['--db', database, 'check', 'mana-burn', '--edition', '2024-11-08', '--history'])
    expect(absent.code).toBe(0)
    expect(absent.stdout).toMatch(
      /not in force\n {2}mana-burn is not in force in the edition of 2024-11-08: last in force in the edition of 2009-05-01 as 300\.3, gone from 2009-07-11/
    )
    expect(absent.stdout).toMatch(/history:\n {2}1999-04-23 to 2009-07-11 {2}300\.4, 300\.3/)
  })

  it('runs the state-based actions of a state file in an era', () => {
    const state = join(fixtures, 'worked-example.state.json')
    const result = crdb(['--db', database, 'sba', state, '--era', '2003'])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^era 2003: edition 2003-12-01 \(in force 2003-12-01 to 2004-02-01\): 2 events in 3 checks/)
    expect(result.stdout).toMatch(
      /Kamahl, Pit Fighter \(kamahl-copy\) is put into its owner's graveyard, kept Kamahl, Pit Fighter \(kamahl\) {2}\[legend-rule 420\.5e\]/
    )
    expect(result.stdout).toMatch(/^ {2}420\.5e If two or more permanents with the same name have the subtype Legend/m)
    expect(result.stdout).toMatch(/^ {2}in play: Kamahl, Pit Fighter \(kamahl\) 6\/1/m)
    const json = JSON.parse(crdb(['--db', database, '--json', 'sba', state, '--era', '2009']).stdout)
    expect(json.edition).toBe('2009-10-01')
    expect(json.events.map((e: { rules: Array<{ number: string }> }) => e.rules[0].number)).toEqual(['704.5k', '704.5k', '704.5r', '704.5d'])
    const piped = crdb(
      ['--db', database, '--json', 'sba', '-', '--date', '2025-01-01'],
      JSON.stringify({
        players: [
          { id: 'a', life: 0 },
          { id: 'b', life: 1 }
        ],
        permanents: []
      })
    )
    expect(JSON.parse(piped.stdout).gameOver).toEqual({ winners: ['b'] })
  })

  it('answers bad input with one line and a non-zero exit', () => {
    const folder = temporaryFolder()
    try {
      const bad = join(folder.dir, 'bad.json')
      writeFileSync(
        bad,
        JSON.stringify({ players: [{ id: 'a', life: 20 }], permanents: [{ id: 'x', name: 'X', types: ['Creature'], controller: 'a', tougness: 1 }] })
      )
      const notJson = join(folder.dir, 'not.json')
      writeFileSync(notJson, '{ players: ')
      const cases: Array<[string[], number, RegExp]> = [
        [['era', '2010'], 1, /^crdb: E_BAD_ERA: "2010" is not an era/],
        [['era', '2003', '--date', '2003-01-01'], 2, /^crdb: E_USAGE: give one of --date, --edition or --era, not --date and --era/],
        [['check', 'legend'], 1, /^crdb: E_NOT_FOUND: no check "legend" in the catalog \(did you mean: legend-rule\?\)/],
        [['check', 'legend-rule', '--era', '1998-01-01'], 1, /^crdb: E_NOT_FOUND: no edition in force on 1998-01-01/],
        [['sba', bad, '--era', '2024'], 1, /^crdb: E_BAD_STATE: .*bad\.json: state\.permanents\[0\]\.tougness: unknown field \(did you mean toughness\?\)/],
        [['sba', notJson], 1, /^crdb: E_BAD_STATE: .*not\.json: not JSON/],
        [['sba', join(folder.dir, 'absent.json')], 1, /^crdb: E_IO: .*absent\.json: cannot read the state file/],
        [['sba'], 2, /missing required argument/]
      ]
      for (const [args, code, message] of cases) {
        const result = crdb(['--db', database, ...args])
        expect(result.code, args.join(' ')).toBe(code)
        expect(result.stderr, args.join(' ')).toMatch(message)
        if (result.stderr.startsWith('crdb:')) expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1)
      }
    } finally {
      folder.cleanup()
    }
  })
})
