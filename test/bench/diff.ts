/**
 * Benchmark module: diffs and history on a built database.
 */
import { driverOf } from '../../src/store/database.js'
import { loadShipped } from './library.js'

/** One measured figure. */
export interface BenchFigure {
  name: string
  median: number
  unit: string
  target: string
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * Time the July 2009 diff (with move detection), every neighbouring pair of
 * editions (the slowest pair's median), and one rule history.
 */
export async function benchDiff(dbPath: string, runs: number): Promise<BenchFigure[]> {
  const { openDatabase, diffEditions, ruleHistory } = (await loadShipped()).crdb
  const db = openDatabase(dbPath, { readonly: true })
  try {
    const time = (action: () => unknown): number => {
      const started = performance.now()
      action()
      return performance.now() - started
    }
    const renumbering = Array.from({ length: runs }, () => time(() => diffEditions(db, { edition: '2009-05-01' }, { edition: '2009-07-11' })))
    const dates = driverOf(db).prepare('SELECT effective_date FROM editions ORDER BY effective_date').pluck().all() as string[]
    const perPair = new Map<string, number[]>()
    for (let run = 0; run < runs; run++) {
      for (let index = 1; index < dates.length; index++) {
        if (dates[index] === '2009-07-11') continue // Measured above.
        const pair = `${dates[index - 1]} -> ${dates[index]}`
        const samples = perPair.get(pair) ?? []
        samples.push(time(() => diffEditions(db, { edition: dates[index - 1] }, { edition: dates[index] })))
        perPair.set(pair, samples)
      }
    }
    const [slowestPair, slowest] = [...perPair].map(([pair, samples]) => [pair, median(samples)] as const).sort((a, b) => b[1] - a[1])[0]
    const history = Array.from({ length: runs }, () => time(() => ruleHistory(db, '704.5j')))
    return [
      { name: 'diff 2009-05-01 -> 2009-07-11 (moves)', median: median(renumbering), unit: 'ms', target: '<= 1000 ms' },
      { name: `slowest neighbouring diff (${slowestPair})`, median: slowest, unit: 'ms', target: '<= 200 ms' },
      { name: 'history 704.5j', median: median(history), unit: 'ms', target: '-' }
    ]
  } finally {
    db.close()
  }
}
