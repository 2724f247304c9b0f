/**
 * The reference state-based-action engine: the same states under the 2003, 2009
 * and 2024 rules, with the outcomes and citations each era gives
 * (test/fixtures/engine/*.state.json beside *.expected.json), and the checks of
 * later editions one by one.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openRules } from '../src/engine/rules.js'
import { checkStateBasedActions, defaultChoice, type ChoiceRequest, type SbaResult } from '../src/engine/sba.js'
import { parseState, validateState, type GameState, type ObjectState } from '../src/engine/state.js'
import { getRule } from '../src/query/get.js'
import { archiveAvailable, projectRoot, usePresetEras } from './helpers.js'

const available = archiveAvailable()
const fixtures = join(projectRoot, 'test/fixtures/engine')
const scenarios = readdirSync(fixtures)
  .filter((name) => name.endsWith('.state.json'))
  .map((name) => name.replace(/\.state\.json$/, ''))
  .sort()

interface Expected {
  description: string
  eras: Record<
    string,
    {
      edition: string
      passes: number
      events: string[]
      notes: string[]
      after: Record<string, string | null>
      counters?: Record<string, Record<string, number>>
      lost: string[]
      gameOver: string[] | null
    }
  >
}

/** An event as the fixtures write it: `pass action subject check=number,...`. */
function brief(result: SbaResult): string[] {
  return result.events.map(
    (event) => `${event.pass} ${event.action} ${event.subject.id} ${event.checks.map((check, i) => `${check}=${event.rules[i].number}`).join(',')}`
  )
}

function where(result: SbaResult, id: string): string | null {
  const object = result.state.permanents.find((o) => o.id === id)
  return object ? (object.phasedOut ? 'phased-out' : (object.zone ?? 'battlefield')) : null
}

const player = (id: string, extra: object = {}) => ({ id, life: 20, ...extra })
const creature = (id: string, extra: Partial<ObjectState> = {}): ObjectState => ({
  id,
  name: id,
  types: ['Creature'],
  controller: 'alice',
  power: 2,
  toughness: 2,
  ...extra
})
const board = (permanents: ObjectState[], extra: Partial<GameState> = {}): GameState =>
  validateState({ players: [player('alice'), player('bob')], permanents, ...extra })

describe.skipIf(!available)('state-based actions by era', () => {
  const archive = usePresetEras()
  const { eras } = archive

  it('has the scenarios the issue asks for', () => {
    expect(scenarios).toEqual(
      expect.arrayContaining([
        'legend-rule',
        'deathtouch-damage',
        'counters',
        'zero-toughness-damage',
        'aura-illegal',
        'token-graveyard',
        'world-rule',
        'life-and-poison',
        'empty-library',
        'worked-example'
      ])
    )
  })

  describe.each(scenarios)('scenario %s', (scenario) => {
    const state = parseState(readFileSync(join(fixtures, `${scenario}.state.json`), 'utf8'), scenario)
    const expected = JSON.parse(readFileSync(join(fixtures, `${scenario}.expected.json`), 'utf8')) as Expected

    it.each(['2003', '2009', '2024'])('under the %s rules', (era) => {
      const want = expected.eras[era]
      const result = checkStateBasedActions(state, eras[era])
      expect(result.edition).toBe(want.edition)
      expect(brief(result)).toEqual(want.events)
      expect(result.passes).toBe(want.passes)
      for (const note of want.notes)
        expect(
          result.notes.some((n) => n.startsWith(note)),
          `note "${note}" in ${JSON.stringify(result.notes)}`
        ).toBe(true)
      expect(result.notes).toHaveLength(want.notes.length)
      for (const [id, zone] of Object.entries(want.after)) expect(where(result, id), id).toBe(zone)
      for (const [id, counters] of Object.entries(want.counters ?? {})) expect(result.state.permanents.find((o) => o.id === id)?.counters, id).toEqual(counters)
      expect(result.state.players.filter((p) => p.lost).map((p) => p.id)).toEqual(want.lost)
      expect(result.gameOver?.winners ?? null).toEqual(want.gameOver)
      // Every citation is the rule as the knowledge base has it in that edition.
      for (const event of result.events) {
        for (const rule of event.rules) expect(rule.text).toBe(getRule(archive.db, rule.number, { edition: want.edition }).text)
      }
    })

    it('gives different outcomes or citations in the three eras', () => {
      const outcomes = ['2003', '2009', '2024'].map((era) =>
        JSON.stringify({ events: expected.eras[era].events, after: expected.eras[era].after, notes: expected.eras[era].notes })
      )
      expect(new Set(outcomes).size, expected.description).toBeGreaterThan(1)
    })
  })

  it('gives three different outcomes for the worked example and the legend rule', () => {
    for (const scenario of ['worked-example', 'legend-rule']) {
      const state = parseState(readFileSync(join(fixtures, `${scenario}.state.json`), 'utf8'))
      const outcomes = ['2003', '2009', '2024'].map((era) =>
        JSON.stringify(checkStateBasedActions(state, eras[era]).state.permanents.map((o) => [o.id, o.zone ?? 'battlefield']))
      )
      expect(new Set(outcomes).size, scenario).toBe(3)
    }
  })

  it('asks the controller which legendary permanent to keep in 2024, and takes the default otherwise', () => {
    const state = parseState(readFileSync(join(fixtures, 'legend-rule.state.json'), 'utf8'))
    const requests: ChoiceRequest[] = []
    const result = checkStateBasedActions(state, eras['2024'], (request) => {
      requests.push(request)
      return request.kind === 'legend-rule' ? 'karn-a1' : undefined
    })
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({ kind: 'legend-rule', player: 'alice', name: 'Karn, Silver Golem' })
    expect(requests[0].kind === 'legend-rule' && requests[0].candidates.map((c) => c.id)).toEqual(['karn-a1', 'karn-a2'])
    expect(brief(result)).toEqual(['1 put-into-graveyard karn-a2 legend-rule=704.5j'])
    expect(defaultChoice(requests[0])).toBe('karn-a2')
    // No choice in 2003 or 2009: the rule decides.
    const asked: string[] = []
    checkStateBasedActions(state, eras['2003'], (request) => void asked.push(request.kind))
    checkStateBasedActions(state, eras['2009'], (request) => void asked.push(request.kind))
    expect(asked).toEqual([])
    expect(() => checkStateBasedActions(state, eras['2024'], () => 'karn-b')).toThrow(expect.objectContaining({ code: 'E_USAGE' }))
  })

  it('finds the one shared name among 300 legends, and keeps names alike but not equal (same length, same first, middle and last letters)', () => {
    const many = Array.from({ length: 300 }, (_, i) => creature(`l${i}`, { name: `Legend ${i}`, supertypes: ['Legendary'], timestamp: i + 10 }))
    const alike = [
      creature('jace', { name: 'Jace Beleren', supertypes: ['Legendary'], timestamp: 1 }),
      creature('jack', { name: 'Jack Beleren', supertypes: ['Legendary'], timestamp: 2 })
    ]
    expect(brief(checkStateBasedActions(board([...alike, ...many]), eras['2024']))).toEqual([])
    const twice = board([...alike, ...many, creature('jace2', { name: 'Jace Beleren', supertypes: ['Legendary'], timestamp: 3 })])
    expect(brief(checkStateBasedActions(twice, eras['2024']))).toEqual(['1 put-into-graveyard jace legend-rule=704.5j'])
  })

  it('puts all tied legends into the graveyard in 2003, and keeps the earliest in 1999', () => {
    const tied = board([
      creature('a', { name: 'Mirri', supertypes: ['Legendary'], timestamp: 1, legendarySince: 5 }),
      creature('b', { name: 'Mirri', supertypes: ['Legendary'], timestamp: 2, legendarySince: 5 })
    ])
    expect(brief(checkStateBasedActions(tied, eras['2003']))).toEqual([
      '1 put-into-graveyard a legend-rule=420.5e',
      '1 put-into-graveyard b legend-rule=420.5e'
    ])
    // 1999: the earliest timestamp stays; the creature type Legend counts.
    const legends = board([
      creature('a', { name: 'Mirri', subtypes: ['Legend'], timestamp: 2 }),
      creature('b', { name: 'Mirri', subtypes: ['Legend'], timestamp: 1 })
    ])
    const rules1999 = openRules(archive.db, { date: '1999-06-01' })
    expect(rules1999.semantics.legendRule).toBe('earliest-timestamp')
    expect(brief(checkStateBasedActions(legends, rules1999))).toEqual(['1 put-into-graveyard a legend-rule=420.5e'])
    // From October 2004 the subtype Legend no longer counts.
    expect(checkStateBasedActions(legends, eras['2009']).events).toEqual([])
  })

  it('puts all worlds into the graveyard on a tie for newest', () => {
    const worlds = board([
      { id: 'w1', name: 'W1', types: ['Enchantment'], supertypes: ['World'], controller: 'alice', timestamp: 1, worldSince: 4 },
      { id: 'w2', name: 'W2', types: ['Enchantment'], supertypes: ['World'], controller: 'bob', timestamp: 2, worldSince: 4 }
    ])
    for (const era of ['2003', '2009', '2024']) expect(checkStateBasedActions(worlds, eras[era]).events.map((e) => e.subject.id)).toEqual(['w1', 'w2'])
  })

  it('repeats the check until nothing happens: an Aura whose creature died goes next', () => {
    const state = board([
      creature('bear', { damage: 2, controller: 'bob' }),
      { id: 'rancor', name: 'Rancor', types: ['Enchantment'], subtypes: ['Aura'], enchant: ['creature'], attachedTo: 'bear', controller: 'bob' },
      { id: 'sword', name: 'Short Sword', types: ['Artifact'], subtypes: ['Equipment'], attachedTo: 'bear', controller: 'bob' }
    ])
    const result = checkStateBasedActions(state, eras['2024'])
    expect(brief(result)).toEqual([
      '1 destroyed bear lethal-damage=704.5g',
      '2 put-into-graveyard rancor aura-illegal=704.5m',
      '2 unattached sword equipment-illegal=704.5n'
    ])
    expect(result.passes).toBe(3)
    // Last known information: the bear as it was before the check that destroyed it.
    expect(result.events[0].lastKnown).toMatchObject({ id: 'bear', damage: 2 })
    expect(result.events[0].lastKnown?.zone).toBeUndefined()
    expect(result.state.permanents[0]).toMatchObject({ id: 'bear', zone: 'graveyard' })
    expect(result.loop.map((rule) => rule.number)).toEqual(['704.3', '704.3', '704.7', '704.8'])
    expect(checkStateBasedActions(state, eras['2003']).loop.map((rule) => rule.number)).toEqual(['420.3', '420.3'])
  })

  it('does not change the state it is given', () => {
    const state = parseState(readFileSync(join(fixtures, 'worked-example.state.json'), 'utf8'))
    const copy = structuredClone(state)
    for (const era of ['2003', '2009', '2024']) checkStateBasedActions(state, eras[era])
    expect(state).toEqual(copy)
    const stable = board([creature('bear')])
    const result = checkStateBasedActions(stable, eras['2024'])
    expect(result).toMatchObject({ events: [], passes: 1, notes: [], gameOver: null })
    expect(result.state.permanents).toEqual(stable.permanents)
  })

  it('reads a state changed in place between two calls as it is now', () => {
    // The same objects, lists and arrays, changed in place: the second call must see every change.
    const state = board([
      creature('bear', { damage: 1 }),
      creature('elk', { toughness: 3 }),
      { id: 'aura', name: 'Pacifism', types: ['Enchantment'], subtypes: ['Aura'], enchant: ['creature'], attachedTo: 'bear', controller: 'alice' },
      { id: 'sword', name: 'Sword', types: ['Artifact'], subtypes: ['Equipment'], attachedTo: 'elk', controller: 'alice' }
    ])
    const rules = eras['2024']
    for (let i = 0; i < 3; i++) expect(checkStateBasedActions(state, rules).events).toEqual([])
    const [bear, elk, aura] = state.permanents
    bear.damage = 2
    elk.types.length = 0
    elk.types.push('Land')
    aura.attachedTo = 'elk'
    state.permanents.push({ ...elk, id: 'elk-2', types: ['Creature'], toughness: 0, timestamp: 5 })
    state.players[1].life = 0
    const result = checkStateBasedActions(state, rules)
    expect(result.events.map((event) => `${event.action} ${event.subject.id}`).sort()).toEqual([
      'destroyed bear',
      'loses-game bob',
      'put-into-graveyard aura',
      'put-into-graveyard elk-2',
      'unattached sword'
    ])
    // And back: the first answer again, from the same objects.
    bear.damage = 0
    elk.types[0] = 'Creature'
    aura.attachedTo = 'bear'
    state.permanents.pop()
    state.players[1].life = 20
    expect(checkStateBasedActions(state, rules).events).toEqual([])
  })

  it('clears "since the last check" flags after a check', () => {
    const state = board([creature('bear', { deathtouchDamage: true, abilities: ['indestructible'] })])
    const result = checkStateBasedActions(state, eras['2024'])
    expect(result.events).toEqual([])
    expect(result.notes).toEqual(['bear (bear) is indestructible: deathtouch-damage destroys nothing'])
    expect(result.state.permanents[0].deathtouchDamage).toBe(false)
  })

  it('names deathtouch as a triggered ability where it was one (2007-2009)', () => {
    const state = board([creature('bear', { damage: 1, deathtouchDamage: true })])
    const rules = openRules(archive.db, { date: '2008-06-01' })
    const result = checkStateBasedActions(state, rules)
    expect(result.events).toEqual([])
    expect(result.notes[0]).toMatch(/^bear \(bear\) was dealt deathtouch damage: in this edition deathtouch is a triggered ability \(502\.63a\)/)
  })

  it('performs the checks of the newest editions', () => {
    const rules = eras.newest
    const state = validateState({
      players: [player('alice', { speed: null, dungeon: { name: 'Lost Mine of Phandelver', onBottommostRoom: true } }), player('bob')],
      permanents: [
        { id: 'saga', name: 'The Eldest Reborn', types: ['Enchantment'], subtypes: ['Saga'], controller: 'alice', counters: { lore: 3 }, finalChapter: 3 },
        {
          id: 'saga-waiting',
          name: 'History of Benalia',
          types: ['Enchantment'],
          subtypes: ['Saga'],
          controller: 'alice',
          counters: { lore: 3 },
          finalChapter: 3,
          triggeredAbilityPending: true
        },
        {
          id: 'battle',
          name: 'Invasion of Zendikar',
          types: ['Battle'],
          subtypes: ['Siege'],
          controller: 'alice',
          counters: { defense: 3 },
          protector: 'alice'
        },
        { id: 'beaten', name: 'Invasion of Ikoria', types: ['Battle'], subtypes: ['Siege'], controller: 'alice', counters: { defense: 0 }, protector: 'bob' },
        { id: 'unprotected', name: 'Invasion of Kaldheim', types: ['Battle'], subtypes: ['Siege'], controller: 'bob', counters: { defense: 4 } },
        creature('host'),
        {
          id: 'role-old',
          name: 'Cursed Role',
          types: ['Enchantment'],
          subtypes: ['Aura', 'Role'],
          controller: 'alice',
          attachedTo: 'host',
          token: true,
          timestamp: 10
        },
        {
          id: 'role-new',
          name: 'Monster Role',
          types: ['Enchantment'],
          subtypes: ['Aura', 'Role'],
          controller: 'alice',
          attachedTo: 'host',
          token: true,
          timestamp: 11
        },
        { id: 'racer', name: 'Racer', types: ['Artifact'], controller: 'alice', abilities: ['start your engines!'] },
        { id: 'sculptor', name: 'Sculptor', types: ['Artifact'], controller: 'bob', abilities: ['space sculptor'] },
        { id: 'charged', name: 'Charged', types: ['Artifact'], controller: 'bob', counters: { charge: 5 }, counterLimits: { charge: 3 } },
        creature('riding', { attachedTo: 'host' })
      ]
    })
    const result = checkStateBasedActions(state, rules, (request) => (request.kind === 'sector' ? 'gamma' : undefined))
    const byCheck = new Map(result.events.map((event) => [`${event.subject.id} ${event.action}`, event.rules.map((r) => r.number).join(',')]))
    expect(Object.fromEntries(byCheck)).toEqual({
      'saga sacrificed': '704.5s',
      'battle protector-chosen': '704.5x',
      'beaten put-into-graveyard': '704.5v',
      'unprotected protector-chosen': '704.5w',
      'role-old put-into-graveyard': '704.5y',
      'charged counters-removed': '704.5r',
      'riding unattached': '704.5p',
      'host sector-chosen': '704.5u',
      'riding sector-chosen': '704.5u',
      'alice dungeon-removed': '704.5t',
      'alice speed-set': '704.5z',
      'role-old ceases-to-exist': '704.5d'
    })
    const after = (id: string) => result.state.permanents.find((o) => o.id === id)
    expect(after('battle')?.protector).toBe('bob')
    expect(after('unprotected')?.protector).toBe('alice')
    expect(after('host')?.sector).toBe('gamma')
    expect(after('saga-waiting')?.zone ?? 'battlefield').toBe('battlefield')
    expect(after('charged')?.counters).toEqual({ charge: 3 })
    expect(result.state.players[0]).toMatchObject({ speed: 1, dungeon: null })
    // None of these exist in 2009.
    const old = checkStateBasedActions(state, eras['2009'])
    expect(old.events.map((e) => `${e.subject.id} ${e.action} ${e.rules[0].number}`)).toEqual(['charged counters-removed 704.5s', 'riding unattached 704.5q'])
    expect(old.notes).toContain(
      `alice's dungeon is complete: dungeon-complete is not in force in the edition of 2009-10-01: first in force from 2021-07-23 as 704.5t`
    )
  })

  it('performs the variant checks of their variants only', () => {
    const commander = validateState({
      variant: 'commander',
      players: [player('alice'), player('bob')],
      permanents: [
        {
          id: 'cmdr',
          name: 'Atraxa',
          types: ['Creature'],
          supertypes: ['Legendary'],
          controller: 'alice',
          power: 4,
          toughness: 4,
          zone: 'graveyard',
          commander: true,
          enteredZoneSinceLastCheck: true
        }
      ]
    })
    expect(brief(checkStateBasedActions(commander, eras['2024']))).toEqual(['1 to-command-zone cmdr commander-to-command-zone=704.6d'])
    expect(brief(checkStateBasedActions(commander, eras['2024'], () => false))).toEqual([])
    expect(checkStateBasedActions({ ...commander, variant: 'normal' }, eras['2024']).events).toEqual([])
    expect(checkStateBasedActions(commander, eras['2009']).notes[0]).toMatch(
      /^commander Atraxa is in the graveyard: commander-to-command-zone is not in force .* first in force from 2020-07-03 as 704\.6d/
    )

    const archenemy = validateState({
      variant: 'archenemy',
      players: [player('alice'), player('bob')],
      permanents: [
        { id: 'scheme', name: 'Feed the Machine', types: ['Scheme'], controller: 'alice', zone: 'command', faceUp: true },
        { id: 'ongoing', name: 'Ongoing Scheme', types: ['Scheme'], supertypes: ['Ongoing'], controller: 'alice', zone: 'command', faceUp: true }
      ]
    })
    expect(brief(checkStateBasedActions(archenemy, eras['2024']))).toEqual(['1 scheme-to-bottom scheme archenemy-scheme=704.6e'])

    const planechase = validateState({
      variant: 'planechase',
      players: [player('alice', { planarController: true }), player('bob')],
      permanents: [{ id: 'phenomenon', name: 'Chaotic Aether', types: ['Phenomenon'], controller: 'alice', zone: 'command', faceUp: true }]
    })
    const planeswalk = checkStateBasedActions(planechase, eras['2024'])
    expect(brief(planeswalk)).toEqual(['1 planeswalked phenomenon planechase-phenomenon=704.6f'])
    expect(planeswalk.events[0].detail).toMatch(/^alice planeswalks/)

    const giant = validateState({
      variant: 'two-headed-giant',
      players: [player('a1', { team: 't1', poison: 8 }), player('a2', { team: 't1', poison: 7 }), player('b1', { team: 't2' }), player('b2', { team: 't2' })],
      teams: [
        { id: 't1', life: 12 },
        { id: 't2', life: 0 }
      ],
      permanents: []
    })
    const result = checkStateBasedActions(giant, eras['2024'])
    expect(brief(result)).toEqual(['1 loses-game t1 team-poison-2hg=704.6b', '1 loses-game t2 team-zero-life-2hg=704.6a'])
    expect(result.gameOver).toEqual({ winners: [] })
  })
})
