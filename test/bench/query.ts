/**
 * Benchmark of the query layer, in-process on a built database: `getRule`,
 * `getSubtree`, `getTerm`, and `search` over about fifty varied queries (words,
 * phrases, prefixes, operators; one edition and every version). It never asserts
 * timing; `run.ts` prints what it returns.
 *
 *   const results = await benchQuery('db/crdb.sqlite', 5)
 *   // [{ name: 'get in-process', median: 6.1, unit: 'us', target: '<= 50 us' }, ...]
 *
 * Each figure is the median over `runs` runs; a search run times every query
 * once (after two warm-up passes, so the per-edition caches are built) and
 * keeps the 95th percentile.
 */
import type { SearchOptions } from '../../src/query/search.js'
import { driverOf } from '../../src/store/database.js'
import { loadShipped } from './library.js'

/** One measured figure. */
export interface QueryBenchResult {
  name: string
  median: number
  unit: string
  target: string
}

/** The searches timed: what people type, from one rare word to very common ones. */
export const benchQueries: ReadonlyArray<[string, SearchOptions?]> = [
  ['"legend rule"'],
  ['legend rule'],
  ['legend*'],
  ['first strike'],
  ['"first strike"'],
  ['double strike'],
  ['deathtouch'],
  ['trample'],
  ['hexproof'],
  ['indestructible'],
  ['"state-based actions"'],
  ['mana ability'],
  ['"mana abilities"'],
  ['token'],
  ['commander'],
  ['"combat damage"'],
  ['planeswalker OR battle'],
  ['(exile OR graveyard) AND token'],
  ['counter NOT spell'],
  ['"end of turn"'],
  ['cleanup step'],
  ['priority'],
  ['"the stack"'],
  ['cast*'],
  ['morph OR manifest OR disguise'],
  ['"face down"'],
  ['copy NOT token'],
  ['split second'],
  ['storm'],
  ['sacrifice'],
  ['poison counters'],
  ['"two-headed giant"'],
  ['mulligan'],
  ['"replacement effect"'],
  ['layer* dependency'],
  ['timestamp'],
  ['Dandân'],
  ['Æther'],
  ['704.5j'],
  ['"can\'t"'],
  ['creature'],
  ['player'],
  ['damage'],
  ['legend rule', { at: { era: '2009' } }],
  ['"state-based effects"', { at: { era: '2003' } }],
  ['interrupt', { at: { era: '2003' } }],
  ['legend rule', { all: true }],
  ['"mana burn"', { all: true }],
  ['legend*', { all: true, section: '4' }],
  ['trample', { section: '702' }],
  ['graveyard', { kinds: ['example'] }],
  ['obsolete', { kinds: ['term'] }]
]

const targets = { getMicroseconds: 50, subtreeMicroseconds: 1000, termMicroseconds: 200, searchMilliseconds: 10 }

/** Measure the query layer on the database at `dbPath`, `runs` times each. */
export async function benchQuery(dbPath: string, runs: number): Promise<QueryBenchResult[]> {
  const { openDatabase, getRule, getSubtree, getTerm, search } = (await loadShipped()).crdb
  const db = openDatabase(dbPath, { readonly: true })
  try {
    // Lookups spread evenly over every rule version, each asked about on its first day.
    const all = driverOf(db).prepare(`SELECT key, first_date AS date FROM versions WHERE kind = 'rule' ORDER BY id`).all() as Array<{
      key: string
      date: string
    }>
    const want = Math.min(200, all.length)
    const pairs = Array.from({ length: want }, (_, index) => all[Math.floor((index * all.length) / want)])
    const terms = driverOf(db).prepare(`SELECT label, first_date AS date FROM versions WHERE kind = 'term' ORDER BY id`).all() as Array<{
      label: string
      date: string
    }>
    const termPairs = Array.from({ length: Math.min(100, terms.length) }, (_, index) => terms[Math.floor((index * terms.length) / Math.min(100, terms.length))])
    const subtrees = ['704.5', '702.19', '601.2', '613', '100', '420.5', '509.1', '117']

    let sink = 0
    const perCall = (calls: () => number): number => {
      // Repeat for at least 200 ms and return microseconds per call.
      let count = 0
      const started = performance.now()
      let elapsed = 0
      do {
        count += calls()
        elapsed = performance.now() - started
      } while (elapsed < 200)
      return (elapsed * 1000) / count
    }
    const safely = (action: () => number): number => {
      try {
        return action()
      } catch {
        return 1
      }
    }

    const get: number[] = []
    const subtree: number[] = []
    const term: number[] = []
    const searchP95: number[] = []
    const searchMedian: number[] = []
    for (const pair of pairs) sink += safely(() => getRule(db, pair.key, { date: pair.date }).text.length)
    // Twice: a scope is loaded whole on its second search (see search.ts).
    for (let pass = 0; pass < 2; pass++) for (const [query, options] of benchQueries) sink += search(db, query, options).total
    for (let run = 0; run < runs; run++) {
      get.push(
        perCall(() => {
          for (const pair of pairs) sink += safely(() => getRule(db, pair.key, { date: pair.date }).text.length)
          return pairs.length
        })
      )
      subtree.push(
        perCall(() => {
          for (const number of subtrees) sink += safely(() => getSubtree(db, number, { era: number.startsWith('420') ? '2003' : '2024' }).length)
          return subtrees.length
        })
      )
      term.push(
        perCall(() => {
          for (const pair of termPairs) sink += safely(() => getTerm(db, pair.label, { date: pair.date }).definition.length)
          return termPairs.length
        })
      )
      const times: number[] = []
      for (const [query, options] of benchQueries) {
        const started = performance.now()
        sink += search(db, query, options).total
        times.push(performance.now() - started)
      }
      searchP95.push(percentile(times, 0.95))
      searchMedian.push(percentile(times, 0.5))
    }
    if (sink < 0) console.log(sink) // keep the results alive
    return [
      { name: `get in-process (${pairs.length} rules)`, median: median(get), unit: 'us', target: `<= ${targets.getMicroseconds} us` },
      { name: `getSubtree in-process (${subtrees.length} rules)`, median: median(subtree), unit: 'us', target: `<= ${targets.subtreeMicroseconds} us` },
      { name: `getTerm in-process (${termPairs.length} terms)`, median: median(term), unit: 'us', target: `<= ${targets.termMicroseconds} us` },
      { name: `search p95 (${benchQueries.length} queries)`, median: median(searchP95), unit: 'ms', target: `<= ${targets.searchMilliseconds} ms` },
      { name: `search median (${benchQueries.length} queries)`, median: median(searchMedian), unit: 'ms', target: `<= ${targets.searchMilliseconds} ms` }
    ]
  } finally {
    db.close()
  }
}

function median(values: number[]): number {
  return percentile(values, 0.5)
}

/** The `p` quantile by the nearest-rank method (the median of an even count: the mean of the middle two). */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return NaN
  if (p === 0.5 && sorted.length % 2 === 0) return (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]
}
