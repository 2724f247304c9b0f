/**
 * The conformance suite's library and commands in-process (where
 * `conformance.test.ts` runs them as child processes): generating and writing
 * the suite, crdb's answerer judged on every case, and the runner driving an
 * engine child process, with its text, JSON and JUnit reports. Their code is
 * counted by the coverage floor.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { XMLParser } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { runCli } from '../src/cli.js'
import {
  conformanceCaseSchema,
  createCrdbAnswerer,
  formatJunit,
  formatReport,
  generateSuite,
  judgeAnswer,
  readSuite,
  runSuite,
  writeSuite,
  type ConformanceCase
} from '../src/conformance/index.js'
import type { Crdb } from '../src/store/database.js'
import { archiveAvailable, openArchiveDatabase, projectRoot, temporaryFolder } from './helpers.js'

const bin = join(projectRoot, 'bin/crdb.js')

async function crdb(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const code = await runCli(['--db', inject('archiveDatabase')!, ...args], { out: (text) => (out += text), err: (text) => (err += text) })
  return { code, out, err }
}

/** A case where an engine must say something: a switch's value, or an event. */
const expectsAnswer = (item: ConformanceCase): boolean => item.kind === 'switch' || item.expect.events.length > 0

describe.skipIf(!archiveAvailable())('the conformance suite in-process', { timeout: 120_000 }, () => {
  let db: Crdb
  let cases: ConformanceCase[]
  const folder = temporaryFolder()

  beforeAll(() => {
    db = openArchiveDatabase()!
    cases = generateSuite(db)
  })
  afterAll(() => {
    db?.close()
    folder.cleanup()
  })

  it('generates valid cases, writes and reads them back the same', () => {
    expect(cases.length).toBeGreaterThanOrEqual(300)
    for (const item of cases) expect(conformanceCaseSchema.safeParse(item).success, item.id).toBe(true)
    const dir = join(folder.dir, 'library-suite')
    const index = writeSuite(dir, cases)
    expect(index.cases.length).toBe(cases.length)
    expect(readSuite(dir)).toEqual(cases)
  })

  it("judges crdb's answers right on every case, and a wrong answer wrong", () => {
    const answer = createCrdbAnswerer(db)
    let failed = 0
    for (const item of cases) if (judgeAnswer(item, answer(item)).length > 0) failed++
    expect(failed).toBe(0)
    // Nothing happening is wrong wherever something should.
    const eventful = cases.filter(expectsAnswer)
    expect(eventful.length).toBeGreaterThan(100)
    for (const item of eventful.slice(0, 50)) expect(judgeAnswer(item, { id: item.id, events: [], after: {} } as never).length, item.id).toBeGreaterThan(0)
    // The legend rule flipped: its cases of the eras where it keeps one fail.
    const flipped = createCrdbAnswerer(db, { legendRule: 'all' })
    const legend = cases.filter((item) => item.check === 'legend-rule')
    expect(legend.filter((item) => judgeAnswer(item, flipped(item)).length > 0).length).toBeGreaterThan(0)
  })

  it('asks each switch at both sides of each change; crdb passes, a flipped value or a wrong rule fails', () => {
    const switches = cases.filter((item) => item.kind === 'switch')
    expect(new Set(switches.map((item) => item.check))).toEqual(
      new Set([
        'mana-burn',
        'mana-empties',
        'combat-damage-on-stack',
        'starting-life',
        'starting-life-commander',
        'starting-life-two-headed-giant',
        'mulligan',
        'multiplayer-free-mulligan',
        'damage-assignment-order',
        'poison-threshold',
        'deathtouch-state-based',
        'counter-annihilation',
        'poison-threshold-two-headed-giant',
        'limited-range-world',
        'limited-range-aura',
        'win-overrides-cant-win',
        'commander-damage',
        'commander-zone-change',
        'commander-hand-library-replacement',
        'companion',
        'day-night',
        'monarch',
        'initiative',
        'speed',
        'legend-rule',
        'legend-rule-scope',
        'legend-rule-tie',
        'limited-range-legend',
        'planeswalker-uniqueness',
        'deathtouch',
        'starting-hand-size',
        'first-player-skips-draw',
        'maximum-hand-size',
        'attackable',
        'battles-attackable',
        'planeswalker-damage-redirection',
        'lifelink',
        'indestructible-keyword',
        'regeneration-shields',
        'battlefield-name',
        'exile-name'
      ])
    )
    const valuesOf = (name: string) => switches.filter((item) => item.check === name).map((item) => [item.edition, item.expect.value, item.expect.rule])
    const burn = valuesOf('mana-burn')
    expect(burn).toContainEqual(['2009-05-01', true, '300.3'])
    expect(burn).toContainEqual(['2009-07-11', false, null])
    // Two-Headed Giant teams start at 40 in the first rules of the variant (606.4a), at 30 from Future Sight.
    const team = valuesOf('starting-life-two-headed-giant')
    expect(team).toContainEqual(['2005-02-01', null, null])
    expect(team).toContainEqual(['2005-10-01', 40, '606.4a'])
    expect(team).toContainEqual(['2007-02-01', 40, '606.4a'])
    expect(team).toContainEqual(['2007-05-01', 30, '101.3a'])
    // Damage assignment order from Magic 2010 to Foundations; the Vancouver and London mulligans.
    expect(valuesOf('damage-assignment-order')).toEqual([
      ['1999-04-23', false, null],
      ['2009-05-01', false, null],
      ['2009-07-11', true, '509.2'],
      ['2024-07-30', true, '509.2'],
      ['2024-11-08', false, null],
      ['2026-01-16', false, null]
    ])
    const mulligan = valuesOf('mulligan')
    expect(mulligan).toContainEqual(['2015-07-17', 'one-fewer', '103.4'])
    expect(mulligan).toContainEqual(['2015-09-26', 'scry', '103.4'])
    expect(mulligan).toContainEqual(['2019-05-03', 'scry', '103.4'])
    expect(mulligan).toContainEqual(['2019-07-12', 'bottom', '103.4'])
    expect(valuesOf('legend-rule-scope')).toContainEqual(['2013-07-13', 'controller', '704.5k'])
    // Before planeswalkers, 306.3 of 2003-07-01 names the player being attacked; regeneration is decided by the rule that
    // defines it (419.6b, 614.8); planeswalker redirection ends with Dominaria, first held in 2018-07-13; exile is named in Magic 2010.
    const attackable = valuesOf('attackable')
    expect(attackable).toContainEqual(['2003-03-15', 'players', null])
    expect(attackable).toContainEqual(['2003-07-01', 'players', '306.3'])
    expect(attackable).toContainEqual(['2007-10-01', 'players-planeswalkers', '306.3'])
    expect(attackable).toContainEqual(['2023-04-14', 'players-planeswalkers-battles', '506.3'])
    expect(valuesOf('regeneration-shields')).toContainEqual(['1999-04-23', true, '419.6b'])
    expect(valuesOf('regeneration-shields')).toContainEqual(['2026-01-16', true, '614.8'])
    expect(valuesOf('planeswalker-damage-redirection')).toContainEqual(['2017-09-29', true, '306.7'])
    expect(valuesOf('planeswalker-damage-redirection')).toContainEqual(['2018-07-13', false, null])
    expect(valuesOf('exile-name')).toEqual([
      ['1999-04-23', 'removed from the game', '217.1'],
      ['2009-05-01', 'removed from the game', '217.1'],
      ['2009-07-11', 'exile', '400.1'],
      ['2026-01-16', 'exile', '400.1']
    ])
    // Winning overrides "can't win" from Worldwake (104.2a); the commander goes to the command zone as a state-based action from Core Set 2021.
    expect(valuesOf('win-overrides-cant-win')).toContainEqual(['2009-10-01', false, null])
    expect(valuesOf('win-overrides-cant-win')).toContainEqual(['2010-02-01', true, '104.2a'])
    expect(valuesOf('commander-zone-change')).toContainEqual(['2020-06-01', 'replacement', '903.9'])
    expect(valuesOf('commander-zone-change')).toContainEqual(['2020-07-03', 'state-based', '704.6d'])
    expect(valuesOf('poison-threshold-two-headed-giant')).toContainEqual(['2011-04-01', 15, '704.5u'])
    const answer = createCrdbAnswerer(db)
    for (const item of switches) {
      expect(judgeAnswer(item, answer(item)), item.id).toEqual([])
      const right = answer(item)
      // Mana burn kept after Magic 2010, or 21 (20 for commander damage's 21): a flipped value fails.
      const flipped =
        typeof right.value === 'boolean' ? !right.value : right.value === 'phase' ? 'step' : right.value === 'step' ? 'phase' : right.value === 21 ? 20 : 21
      expect(judgeAnswer(item, { ...right, value: flipped }).length, item.id).toBeGreaterThan(0)
      if (item.expect.rule !== null)
        expect(judgeAnswer(item, { ...right, rule: '100.1' }), item.id).toEqual([`${item.check} cites 100.1, expected ${item.expect.rule}`])
    }
  })

  it('holds scenarios translated from XMage’s tests, each naming its test and commit; crdb passes them, nothing happening fails them', () => {
    const xmage = cases.filter((item) => item.id.startsWith('scenario/xmage-'))
    expect(xmage.map((item) => item.id)).toEqual([
      'scenario/xmage-legend-rule-regular',
      'scenario/xmage-world-rule-two-world-enchantments',
      'scenario/xmage-protection-sheds-attachments',
      'scenario/xmage-attach-non-attachable'
    ])
    const answer = createCrdbAnswerer(db)
    for (const item of xmage) {
      expect(item.source.quote, item.id).toMatch(/^XMage \w+Test\.\w+ \(commit [0-9a-f]{40}\), under 70[24]\./)
      expect(item.edition).toBe('2026-01-16')
      expect(judgeAnswer(item, answer(item)), item.id).toEqual([])
      expect(judgeAnswer(item, { id: item.id }).length, item.id).toBeGreaterThan(0)
    }
  })

  it('holds scenarios translated from Forge’s ComprehensiveRulesSection104, naming the test and commit; crdb passes them', () => {
    const forge = cases.filter((item) => item.id.startsWith('scenario/forge-'))
    expect(forge.map((item) => item.id)).toEqual([
      'scenario/forge-104-zero-life',
      'scenario/forge-104-less-than-zero-life',
      'scenario/forge-104-ten-poison',
      'scenario/forge-104-more-than-ten-poison',
      'scenario/forge-104-2a-cant-lose'
    ])
    const answer = createCrdbAnswerer(db)
    for (const item of forge) {
      expect(item.source.quote, item.id).toMatch(
        /^Forge ComprehensiveRulesSection104\.test_104_\w+ \(commit 072ad06164b2c0bc610c33385597bb5e5550a4af\), under 704\.5[abc]/
      )
      expect(judgeAnswer(item, answer(item)), item.id).toEqual([])
    }
    // The four that expect player2 to lose fail when nothing happens; a loss where the player can't lose fails too.
    for (const item of forge.slice(0, 4)) expect(judgeAnswer(item, { id: item.id }).length, item.id).toBeGreaterThan(0)
    const cantLose = forge[4]
    expect(judgeAnswer(cantLose, { id: cantLose.id, events: [{ action: 'loses-game', subject: 'player2', rule: '704.5b' }] })).toEqual([
      'unexpected: player2 loses-game (704.5b)'
    ])
  })

  it('runs an engine child process over the suite and reports as text, JSON and JUnit', async () => {
    const some = cases.filter((item) => item.check === 'legend-rule' || item.check === 'poison' || item.check === 'mana-burn')
    const engine = `"${process.execPath}" "${bin}" --db "${inject('archiveDatabase')!}" conformance engine`
    const report = await runSuite(engine, some, { timeout: 20_000 })
    expect(report.passed).toBe(some.length)
    expect(formatReport(report)).toContain(`${some.length}`)
    const junit = new XMLParser({ ignoreAttributes: false }).parse(formatJunit(report))
    expect(junit).toBeTypeOf('object')
    const nothing = await runSuite(`"${process.execPath}" "${join(projectRoot, 'test/fixtures/conformance/nothing-happens.js')}"`, some, { timeout: 20_000 })
    expect(nothing.failed).toBe(some.filter(expectsAnswer).length)
  })

  it('crdb conformance export and run, in-process', async () => {
    const dir = join(folder.dir, 'cli-suite')
    const exported = await crdb('conformance', 'export', dir, '--checks', 'legend-rule,poison')
    expect(exported.code, exported.err).toBe(0)
    const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as { cases: string[] }
    expect(index.cases.length).toBeGreaterThan(10)
    const junit = join(folder.dir, 'report.xml')
    const engine = `"${process.execPath}" "${bin}" --db "${inject('archiveDatabase')!}" conformance engine`
    const ran = await crdb('--json', 'conformance', 'run', '--engine', engine, '--suite', dir, '--junit', junit)
    expect(ran.code, ran.err).toBe(0)
    expect(JSON.parse(ran.out).failed).toBe(0)
    expect(readFileSync(junit, 'utf8')).toContain('<testsuite')
    const text = await crdb(
      'conformance',
      'run',
      '--engine',
      `"${process.execPath}" "${join(projectRoot, 'test/fixtures/conformance/nothing-happens.js')}"`,
      '--suite',
      dir
    )
    expect(text.code).not.toBe(0)
    expect(text.out).toMatch(/fail/i)
    expect((await crdb('conformance', 'run', '--engine', engine, '--timeout', 'soon', '--suite', dir)).code).toBe(2)
  })
})
