/**
 * Benchmark of the state-based-action engine: full checks per second of
 * `checkStateBasedActions` on a board of 1,000 permanents, for each preset era
 * (target: at least 10,000 per second, median of the runs).
 *
 * A "full check" is one call on a board where every check has work to look at
 * (creatures with damage, counters, legendary permanents, Auras, Equipment,
 * planeswalkers, worlds, counter limits) and nothing applies, so the call reads
 * every object once and returns. A second metric times a busy board, where a
 * tenth of the creatures have lethal damage: 100 are destroyed, their 100
 * Equipment become unattached in the next check, and a third check finds nothing.
 * A third metric calls it on a new board each time, one object of which is a
 * new object (as an engine's next state shares all but what changed); the
 * engine reads every object on every call either way. A last one times `profile()`.
 *
 *   import { benchEngine } from './engine.js'; await benchEngine(dbPath, 5)
 */
import type { EraRules } from '../../src/engine/rules.js'
import type { SbaResult } from '../../src/engine/sba.js'
import type { GameState, ObjectState } from '../../src/engine/state.js'
import { loadShipped } from './library.js'

/**
 * A deterministic board of `size` permanents controlled by two players. With
 * `busy`, one permanent in ten is in a state some state-based action acts on.
 */
export function benchBoard(size = 1000, busy = false): GameState {
  const permanents: ObjectState[] = []
  const players = ['alice', 'bob']
  for (let index = 0; index < size; index++) {
    const controller = players[index % 2]
    const id = `p${index}`
    const timestamp = index + 1
    const trip = busy && index % 10 === 0
    switch (index % 10) {
      case 0:
      case 1:
      case 2:
      case 3:
        permanents.push({
          id,
          name: `Soldier ${index}`,
          types: ['Creature'],
          subtypes: ['Human', 'Soldier'],
          controller,
          power: 2,
          toughness: 3,
          damage: trip ? 3 : index % 3,
          timestamp
        })
        break
      case 4:
        permanents.push({
          id,
          name: `Legend ${index}`,
          types: ['Creature'],
          supertypes: ['Legendary'],
          controller,
          power: 3,
          toughness: 3,
          counters: { '+1/+1': 1 },
          timestamp
        })
        break
      case 5:
        // An Aura on the creature just before it.
        permanents.push({
          id,
          name: `Aura ${index}`,
          types: ['Enchantment'],
          subtypes: ['Aura'],
          enchant: ['creature'],
          attachedTo: `p${index - 1}`,
          controller,
          timestamp
        })
        break
      case 6:
        permanents.push({ id, name: `Equipment ${index}`, types: ['Artifact'], subtypes: ['Equipment'], attachedTo: `p${index - 6}`, controller, timestamp })
        break
      case 7:
        permanents.push({
          id,
          name: `Walker ${index}`,
          types: ['Planeswalker'],
          supertypes: ['Legendary'],
          subtypes: [`Type${index}`],
          controller,
          counters: { loyalty: 3 },
          timestamp
        })
        break
      case 8:
        permanents.push({
          id,
          name: `Relic ${index}`,
          types: ['Artifact'],
          controller,
          counters: { charge: 2 },
          counterLimits: { charge: 3 },
          token: index % 4 === 0,
          timestamp
        })
        break
      default:
        permanents.push({
          id,
          name: index === 9 ? 'World Enchantment' : `Land ${index}`,
          types: index === 9 ? ['Enchantment'] : ['Land'],
          supertypes: index === 9 ? ['World'] : ['Basic'],
          controller,
          timestamp
        })
    }
  }
  return {
    players: [
      { id: 'alice', life: 20 },
      { id: 'bob', life: 20 }
    ],
    permanents
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** The engine's entry point timed (the compiled one: see library.ts). */
type CheckStateBasedActions = (state: GameState, rules: EraRules) => SbaResult

/** Calls per second of `check(board, rules)`, timed for about `ms` milliseconds. */
export function checksPerSecond(check: CheckStateBasedActions, board: GameState, rules: EraRules, ms = 300): number {
  let calls = 0
  let sink = 0
  const started = performance.now()
  let elapsed = 0
  do {
    for (let i = 0; i < 50; i++) sink += check(board, rules).passes
    calls += 50
    elapsed = performance.now() - started
  } while (elapsed < ms)
  if (sink < 0) throw new Error('unreachable')
  return calls / (elapsed / 1000)
}

/** The engine's metrics over `runs` runs on the database at `dbPath` (medians). */
export async function benchEngine(dbPath: string, runs: number): Promise<Array<{ name: string; median: number; unit: string; target: string }>> {
  const { crdb, engine } = await loadShipped()
  const { openRules, checkStateBasedActions } = engine
  const db = crdb.openDatabase(dbPath, { readonly: true })
  const results: Array<{ name: string; median: number; unit: string; target: string }> = []
  try {
    const opened: number[] = []
    const eras: Array<[string, EraRules]> = []
    for (const era of ['2003', '2009', '2024']) {
      const started = performance.now()
      eras.push([era, openRules(db, { era })])
      opened.push(performance.now() - started)
    }
    const quiet = benchBoard(1000)
    const busy = benchBoard(1000, true)
    for (const [era, rules] of eras) {
      checksPerSecond(checkStateBasedActions, quiet, rules, 100) // warm-up
      const samples = Array.from({ length: runs }, () => checksPerSecond(checkStateBasedActions, quiet, rules))
      results.push({ name: `engine: full checks, 1,000 permanents, era ${era}`, median: Math.round(median(samples)), unit: 'checks/s', target: '>= 10000' })
    }
    const rules = eras[2][1]
    // A new state per call: the permanents list is new and one object in it changed (its damage).
    const changed = (): GameState => {
      const permanents = [...quiet.permanents]
      const index = Math.floor(Math.random() * 100) * 10 + 1
      permanents[index] = { ...permanents[index], damage: (permanents[index].damage ?? 0) === 1 ? 0 : 1 }
      return { ...quiet, permanents }
    }
    checksPerSecond(checkStateBasedActions, changed(), rules, 50)
    const changing = Array.from({ length: runs }, () => {
      let calls = 0
      const started = performance.now()
      while (performance.now() - started < 300) {
        checkStateBasedActions(changed(), rules)
        calls++
      }
      return calls / ((performance.now() - started) / 1000)
    })
    results.push({
      name: 'engine: full checks of a new state (new list, one object changed) each call, era 2024',
      median: Math.round(median(changing)),
      unit: 'checks/s',
      target: 'none (for comparison)'
    })
    checksPerSecond(checkStateBasedActions, busy, rules, 100)
    const samples = Array.from({ length: runs }, () => checksPerSecond(checkStateBasedActions, busy, rules))
    results.push({
      name: 'engine: busy board (200 actions in 3 checks), 1,000 permanents, era 2024',
      median: Math.round(median(samples)),
      unit: 'calls/s',
      target: 'none (for comparison)'
    })
    results.push({
      name: 'engine: openRules per preset era (median of the three; the first also builds the index)',
      median: Math.round(median(opened) * 10) / 10,
      unit: 'ms',
      target: '<= 500'
    })
    // profile() on a freshly opened era (its first call assembles the record), median over many.
    const profiles = Array.from({ length: 50 }, (_, i) => {
      const fresh = openRules(db, { era: ['2003', '2009', '2024'][i % 3] })
      const started = performance.now()
      fresh.profile()
      return performance.now() - started
    })
    results.push({ name: 'engine: profile() of an era, first call', median: Math.round(median(profiles) * 1000) / 1000, unit: 'ms', target: '< 5' })
  } finally {
    db.close()
  }
  return results
}
