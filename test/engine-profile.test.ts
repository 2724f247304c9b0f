/**
 * Era profiles: every switch resolves in every stored edition, from the text of
 * the rule in force, and changes value exactly where the rules changed; the diff
 * of two eras lists the switches that differ; `crdb era --profile` and `crdb era diff`.
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Crdb } from '../src/store/database.js'
import { diffProfiles, switchTable, type SwitchValue } from '../src/engine/profile.js'
import { openRules, switchTimeline } from '../src/engine/rules.js'
import { listEditions } from '../src/query/editions.js'
import { getRule } from '../src/query/get.js'
import { listTerms } from '../src/query/glossary.js'
import { search } from '../src/query/search.js'
import { archiveAvailable, openArchiveDatabase, projectRoot } from './helpers.js'

const available = archiveAvailable()

// For each switch, the editions where its value changes (the first edition, then each change), read
// against the sources: mana burn ends with Magic 2010 (2009-07-11); damage assignment order runs from
// then to Foundations (2024-11-08); the London mulligan begins in July 2019; the commander goes to the
// command zone as a state-based action from 2020-07-03; the Vancouver mulligan (look at the top card, may put it on
// the bottom) runs from Battle for Zendikar (2015-09-26) to the London mulligan; a Two-Headed Giant team starts at 40
// life by 606.4a in the first Two-Headed Giant rules (2005-10-01), at 30 from Future Sight (101.3a, 2007-05-01). The poison threshold is null in the
// two 1999 editions: neither states one (see the test below).
const changes: Record<string, Array<[string, SwitchValue]>> = {
  mulligan: [
    ['1999-04-23', 'one-fewer'],
    ['2015-09-26', 'scry'],
    ['2019-07-12', 'bottom']
  ],
  'multiplayer-free-mulligan': [
    ['1999-04-23', false],
    ['2007-07-13', true]
  ],
  'starting-hand-size': [['1999-04-23', 7]],
  'maximum-hand-size': [['1999-04-23', 7]],
  'first-player-skips-draw': [['1999-04-23', true]],
  'starting-life': [['1999-04-23', 20]],
  'starting-life-two-headed-giant': [
    ['1999-04-23', null],
    ['2005-10-01', 40],
    ['2007-05-01', 30]
  ],
  'starting-life-commander': [
    ['1999-04-23', null],
    ['2009-10-01', 40]
  ],
  'mana-empties': [
    ['1999-04-23', 'phase'],
    ['2009-07-11', 'step']
  ],
  'mana-burn': [
    ['1999-04-23', true],
    ['2009-07-11', false]
  ],
  'combat-damage-on-stack': [
    ['1999-04-23', true],
    ['2009-07-11', false]
  ],
  'damage-assignment-order': [
    ['1999-04-23', false],
    ['2009-07-11', true],
    ['2024-11-08', false]
  ],
  attackable: [
    ['1999-04-23', 'players'],
    ['2007-10-01', 'players-planeswalkers'],
    ['2023-04-14', 'players-planeswalkers-battles']
  ],
  'battles-attackable': [
    ['1999-04-23', false],
    ['2023-04-14', true]
  ],
  'planeswalker-damage-redirection': [
    ['1999-04-23', false],
    ['2007-10-01', true],
    ['2018-07-13', false]
  ],
  lifelink: [
    ['1999-04-23', null],
    ['2007-05-01', 'triggered'],
    ['2009-07-11', 'static']
  ],
  deathtouch: [
    ['1999-04-23', null],
    ['2007-05-01', 'triggered'],
    ['2009-07-11', 'static']
  ],
  'indestructible-keyword': [
    ['1999-04-23', false],
    ['2013-07-13', true]
  ],
  'regeneration-shields': [['1999-04-23', true]],
  'legend-rule': [
    ['1999-04-23', 'earliest-timestamp'],
    ['2001-07-23', 'longest'],
    ['2004-10-01', 'all'],
    ['2013-07-13', 'controller-chooses']
  ],
  'legend-rule-scope': [
    ['1999-04-23', 'battlefield'],
    ['2013-07-13', 'controller']
  ],
  'legend-rule-tie': [
    ['1999-04-23', 'all-go'],
    ['2004-10-01', 'none']
  ],
  'planeswalker-uniqueness': [
    ['1999-04-23', null],
    ['2007-10-01', 'subtype-all'],
    ['2013-07-13', 'subtype-controller'],
    ['2017-09-29', null]
  ],
  'poison-threshold': [
    ['1999-04-23', null],
    ['2001-07-23', 10]
  ],
  'poison-threshold-two-headed-giant': [
    ['1999-04-23', null],
    ['2011-04-01', 15]
  ],
  'deathtouch-state-based': [
    ['1999-04-23', false],
    ['2009-07-11', true]
  ],
  'counter-annihilation': [
    ['1999-04-23', false],
    ['2006-10-01', true]
  ],
  'limited-range-legend': [
    ['1999-04-23', false],
    ['2005-10-01', true],
    ['2013-07-13', false]
  ],
  'limited-range-world': [
    ['1999-04-23', false],
    ['2005-10-01', true]
  ],
  'limited-range-aura': [
    ['1999-04-23', false],
    ['2005-10-01', true]
  ],
  // 104.2a overrides "all effects that would prevent that player from winning" from Worldwake (2010-02-01); "preclude" from 2017-09-29.
  'win-overrides-cant-win': [
    ['1999-04-23', false],
    ['2010-02-01', true]
  ],
  'commander-damage': [
    ['1999-04-23', null],
    ['2009-10-01', 21]
  ],
  'commander-zone-change': [
    ['1999-04-23', null],
    ['2009-10-01', 'replacement'],
    ['2020-07-03', 'state-based']
  ],
  'commander-hand-library-replacement': [
    ['1999-04-23', false],
    ['2015-07-17', true]
  ],
  companion: [
    ['1999-04-23', false],
    ['2020-04-17', true]
  ],
  'day-night': [
    ['1999-04-23', false],
    ['2021-11-19', true]
  ],
  monarch: [
    ['1999-04-23', false],
    ['2016-09-30', true]
  ],
  initiative: [
    ['1999-04-23', false],
    ['2022-06-10', true]
  ],
  speed: [
    ['1999-04-23', false],
    ['2025-02-07', true]
  ],
  'battlefield-name': [
    ['1999-04-23', 'in play'],
    ['2009-07-11', 'battlefield']
  ],
  'exile-name': [
    ['1999-04-23', 'removed from the game'],
    ['2009-07-11', 'exile']
  ]
}

function crdb(args: string[]): { code: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [join(projectRoot, 'bin/crdb.js'), ...args], { encoding: 'utf8' })
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr }
}

describe.skipIf(!available)('era profiles over the whole archive', () => {
  let db: Crdb

  beforeAll(() => {
    db = openArchiveDatabase()!
  }, 300_000)
  afterAll(() => db?.close())

  it('has an expectation for every switch, and ids are unique', () => {
    const ids = switchTable.map((entry) => entry.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(Object.keys(changes).sort()).toEqual([...ids].sort())
  })

  it.each(switchTable.map((entry) => entry.id))('resolves %s in every edition and changes where the rules did', (id) => {
    const line = switchTimeline(db, id)
    const editions = listEditions(db).map((edition) => edition.effectiveDate)
    expect(line.map((point) => point.edition)).toEqual(editions)
    for (const point of line) expect(point.value, `${id} ${point.edition}`).not.toBeUndefined()
    const got: Array<[string, SwitchValue]> = []
    line.forEach((point, index) => {
      if (index === 0 || point.value !== line[index - 1].value) got.push([point.edition, point.value])
    })
    expect(got).toEqual(changes[id])
  })

  it('reads the Vancouver mulligan from 103.4 and finds no poison threshold in the 1999 editions', () => {
    const line = switchTimeline(db, 'mulligan')
    const at = (edition: string) => line.find((point) => point.edition === edition)!
    expect(at('2015-07-17')).toMatchObject({ value: 'one-fewer', number: '103.4' })
    expect(at('2015-09-26')).toMatchObject({ value: 'scry', number: '103.4' })
    expect(getRule(db, '103.4', { edition: '2015-09-26' }).text).toMatch(
      /may look at the top card of his or her library\. If a player does, that player may put that card on the bottom/
    )
    expect(at('2019-05-03')).toMatchObject({ value: 'scry', number: '103.4' })
    expect(at('2019-07-12')).toMatchObject({ value: 'bottom', number: '103.4' })
    // The 1999 editions state no poison threshold: 1999-04-23 never says "poison"; 1999-11-01 says it once, in the
    // glossary's Counter entry, which refers to a "Poison Counters" entry that edition does not have. From 2001 420.5h
    // says "ten or more poison counters".
    const poison = switchTimeline(db, 'poison-threshold')
    for (const edition of ['1999-04-23', '1999-11-01']) expect(poison.find((point) => point.edition === edition)).toMatchObject({ value: null, number: null })
    expect(poison.find((point) => point.edition === '2001-07-23')).toMatchObject({ value: 10, number: '420.5h' })
    expect(search(db, 'poison', { at: { edition: '1999-04-23' } }).hits).toEqual([])
    const hits = search(db, 'poison', { at: { edition: '1999-11-01' } }).hits
    expect(hits.map((hit) => [hit.kind, hit.term])).toEqual([['term', 'Counter']])
    expect(hits[0].snippet).toMatch(/See "Poison Counters" in this Glossary/)
    expect(listTerms(db, { edition: '1999-11-01' }).filter((entry) => /poison/i.test(entry.term))).toEqual([])
  })

  it('gives each preset a profile whose citations are the rules the knowledge base holds', () => {
    for (const era of ['2003', '2009', '2024']) {
      const rules = openRules(db, { era })
      const profile = rules.profile()
      expect(profile.edition).toBe(rules.edition)
      expect(profile.switches.map((entry) => entry.id)).toEqual(switchTable.map((entry) => entry.id))
      for (const entry of profile.switches) {
        if (entry.rule) expect(entry.rule.text, `${era} ${entry.id}`).toBe(getRule(db, entry.rule.number, { edition: rules.edition }).text)
        expect(entry.since <= rules.edition).toBe(true)
      }
    }
    const p2003 = openRules(db, { era: '2003' }).profile()
    expect(p2003.get('mana-burn')).toMatchObject({ value: true, rule: { number: '300.3', check: 'mana-burn' } })
    expect(p2003.get('mulligan')).toMatchObject({ value: 'one-fewer', since: '1999-04-23' })
    expect(p2003.get('legend-rule')).toMatchObject({ value: 'longest', since: '2001-07-23' })
    const p2024 = openRules(db, { era: '2024' }).profile()
    expect(p2024.get('mulligan')).toMatchObject({ value: 'bottom', since: '2019-07-12' })
    expect(p2024.get('damage-assignment-order')).toMatchObject({ value: false, rule: null, since: '2024-11-08' })
    expect(p2024.get('commander-zone-change')).toMatchObject({ value: 'state-based', rule: { number: '704.6d' } })
  })

  it('lists what differs between two eras, with both citations', () => {
    const [a, b] = [openRules(db, { era: '2003' }).profile(), openRules(db, { era: '2024' }).profile()]
    const differences = diffProfiles(a, b)
    const ids = differences.map((difference) => difference.id)
    expect(ids).toEqual(
      expect.arrayContaining([
        'mulligan',
        'mana-empties',
        'mana-burn',
        'combat-damage-on-stack',
        'lifelink',
        'deathtouch',
        'legend-rule',
        'attackable',
        'battlefield-name',
        'exile-name',
        'companion',
        'monarch'
      ])
    )
    expect(ids).not.toContain('maximum-hand-size')
    for (const difference of differences) expect(difference.from.value).not.toBe(difference.to.value)
    expect(differences.find((d) => d.id === 'mana-burn')).toMatchObject({ from: { value: true, rule: { number: '300.3' } }, to: { value: false, rule: null } })
    // The engine-relevant content of Magic 2010.
    const release = diffProfiles(openRules(db, { date: '2009-05-01' }).profile(), openRules(db, { date: '2009-07-11' }).profile())
    expect(release.map((difference) => difference.id)).toEqual([
      'mana-empties',
      'mana-burn',
      'combat-damage-on-stack',
      'damage-assignment-order',
      'lifelink',
      'deathtouch',
      'deathtouch-state-based',
      'battlefield-name',
      'exile-name'
    ])
  })

  it('prints the profile and the diff (text and JSON)', () => {
    const database = inject('archiveDatabase')!
    const text = crdb(['--db', database, 'era', '2009', '--profile'])
    expect(text.code).toBe(0)
    expect(text.stdout).toMatch(/^era 2009: edition 2009-10-01/)
    expect(text.stdout).toMatch(/^ {2}mana-burn +no +since 2009-07-11 +- +no rule of this edition$/m)
    expect(text.stdout).toMatch(/^ {2}damage-assignment-order +yes +since 2009-07-11 +509\.2 /m)
    const json = JSON.parse(crdb(['--db', database, '--json', 'era', '2024', '--profile']).stdout)
    expect(json.switches.find((entry: { id: string }) => entry.id === 'legend-rule')).toMatchObject({ value: 'controller-chooses', rule: { number: '704.5j' } })
    const diff = crdb(['--db', database, 'era', 'diff', '2003', '2024'])
    expect(diff.code).toBe(0)
    expect(diff.stdout).toMatch(/^era 2003, edition 2003-12-01 -> era 2024, edition 2024-11-08: \d+ switches differ/)
    expect(diff.stdout).toMatch(/^ {2}mana-burn \(mana burn\): yes -> no\n {4}2003-12-01 {2}300\.3 .*\n {4}2024-11-08 {2}no rule of this edition$/m)
    const release = JSON.parse(crdb(['--db', database, '--json', 'era', 'diff', '2009-05-01', '2009-07-11']).stdout)
    expect(release.from.edition).toBe('2009-05-01')
    expect(release.differences.map((d: { id: string }) => d.id)).toContain('combat-damage-on-stack')
    expect(crdb(['--db', database, 'era', 'diff', '2003', '2010']).stderr).toMatch(/^crdb: E_BAD_ERA: "2010" is not an era/)
  })
})
