/**
 * The engine on many random boards (a seeded generator, so a failure repeats):
 * what it does agrees with the rules worked out here object by object, the
 * state it returns is settled, and what it reports comes in board order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Crdb } from '../src/store/database.js'
import { toughnessOf } from '../src/engine/checks.js'
import { openRules, type EraRules } from '../src/engine/rules.js'
import { checkStateBasedActions } from '../src/engine/sba.js'
import type { GameState, ObjectState } from '../src/engine/state.js'
import { archiveAvailable, openArchiveDatabase } from './helpers.js'

const available = archiveAvailable()

/** mulberry32: a small seeded generator. */
function generator(seed: number): (n: number) => number {
  let a = seed >>> 0
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n)
  }
}

/** A board of creatures, legends, Auras, Equipment, planeswalkers and counted artifacts, in random states. */
function randomBoard(seed: number): GameState {
  const pick = generator(seed)
  const size = 20 + pick(60)
  const players = ['alice', 'bob']
  const permanents: ObjectState[] = []
  for (let index = 0; index < size; index++) {
    const id = `o${index}`
    const controller = players[pick(2)]
    const counters: Record<string, number> = {}
    if (pick(3) === 0) counters['+1/+1'] = pick(3)
    if (pick(3) === 0) counters['-1/-1'] = pick(4)
    const some = Object.keys(counters).length ? { counters } : {}
    switch (pick(6)) {
      case 0:
      case 1:
        permanents.push({
          id,
          name: pick(4) === 0 ? `Legend ${pick(5)}` : `Bear ${index}`,
          types: ['Creature'],
          ...(pick(4) === 0 ? { supertypes: ['Legendary'] } : {}),
          controller,
          power: 2,
          toughness: pick(4),
          damage: pick(4),
          ...(pick(5) === 0 ? { abilities: ['indestructible'] } : {}),
          ...some
        })
        break
      case 2:
        permanents.push({
          id,
          name: `Aura ${index}`,
          types: ['Enchantment'],
          subtypes: ['Aura'],
          enchant: [pick(2) ? 'creature' : 'land'],
          attachedTo: pick(5) === 0 ? `missing${index}` : `o${pick(size)}`,
          controller
        })
        break
      case 3:
        permanents.push({ id, name: `Sword ${index}`, types: ['Artifact'], subtypes: ['Equipment'], attachedTo: `o${pick(size)}`, controller })
        break
      case 4:
        permanents.push({
          id,
          name: `Walker ${index}`,
          types: ['Planeswalker'],
          supertypes: ['Legendary'],
          subtypes: [`Type${pick(6)}`],
          controller,
          counters: { loyalty: pick(3) }
        })
        break
      default:
        permanents.push({ id, name: `Relic ${index}`, types: ['Artifact'], controller, counters: { charge: pick(5) }, counterLimits: { charge: 3 } })
    }
  }
  // Attachments to ids past the end of the list point at nothing: keep them, as Auras attached to a missing object.
  return {
    players: players.map((player) => ({ id: player, life: 20 })),
    permanents: permanents.map((object, index) => ({ ...object, timestamp: index + 1 }))
  }
}

describe.skipIf(!available)('the engine on random boards', () => {
  let db: Crdb
  const eras: Record<string, EraRules> = {}

  beforeAll(() => {
    db = openArchiveDatabase()!
    for (const era of ['2003', '2009', '2024']) eras[era] = openRules(db, { era })
  }, 300_000)
  afterAll(() => db?.close())

  it('acts on exactly the creatures and planeswalkers the rules name, settles, and reports in board order', () => {
    let acted = 0
    let notes = 0
    for (let seed = 1; seed <= 150; seed++) {
      const board = randomBoard(seed)
      for (const [era, rules] of Object.entries(eras)) {
        const label = `seed ${seed}, era ${era}`
        const result = checkStateBasedActions(board, rules)
        const first = result.events.filter((event) => event.pass === 1)
        acted += first.length
        // Creatures with toughness 0 or less, worked out here: exactly those the first check puts into the graveyard for it.
        const weak = board.permanents.filter((object) => object.types.includes('Creature') && toughnessOf(object) <= 0).map((object) => object.id)
        const byToughness = first.filter((event) => event.checks.includes('toughness-zero')).map((event) => event.subject.id)
        expect(byToughness, label).toEqual(weak)
        // Planeswalkers with no loyalty, where the era has the rule.
        if (rules.citation('planeswalker-zero-loyalty')) {
          const spent = board.permanents.filter((object) => object.types.includes('Planeswalker') && (object.counters?.loyalty ?? 0) === 0)
          const byLoyalty = first.filter((event) => event.checks.includes('planeswalker-zero-loyalty')).map((event) => event.subject.id)
          expect(byLoyalty, label).toEqual(spent.map((object) => object.id))
        }
        // Auras attached to no object at all go, in every era.
        const unattached = board.permanents.filter(
          (object) => object.subtypes?.includes('Aura') && !board.permanents.some((other) => other.id === object.attachedTo)
        )
        const byAura = new Set(first.filter((event) => event.checks.includes('aura-illegal')).map((event) => event.subject.id))
        for (const aura of unattached) expect(byAura.has(aura.id), `${label}: ${aura.id}`).toBe(true)
        // Each check: its events in board order.
        for (let pass = 1; pass <= result.passes; pass++) {
          const positions = result.events.filter((event) => event.pass === pass).map((event) => board.permanents.findIndex((o) => o.id === event.subject.id))
          expect(positions, label).toEqual([...positions].sort((a, b) => a - b))
        }
        // Notes the object checks make name their objects in board order, as a loop over the objects makes them
        // (before Time Spiral, objects with both +1/+1 and -1/-1 counters; before Lorwyn, planeswalkers at 0 loyalty).
        const named = result.notes
          .filter((note) => note.includes('+1/+1 and') || note.includes('has loyalty 0'))
          .map((note) => /\((o\d+)\)/.exec(note)?.[1])
          .filter((id): id is string => id !== undefined)
        const noted = named.map((id) => board.permanents.findIndex((o) => o.id === id))
        expect(noted, label).toEqual([...noted].sort((a, b) => a - b))
        if (era === '2003') notes += noted.length
        // The state returned is settled: checking it again does nothing.
        const again = checkStateBasedActions(result.state, rules)
        expect(again.events, label).toEqual([])
        expect(again.passes, label).toBe(1)
      }
    }
    // The boards do make the engine act (the assertions above are not about empty results).
    expect(acted).toBeGreaterThan(1000)
    expect(notes).toBeGreaterThan(100)
  })
})
