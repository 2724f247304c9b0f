/**
 * Benchmark of search relevance and speed on the relevance fixture
 * (`test/fixtures/search/relevance.json`): recall@5 and MRR@10, and the 95th
 * percentile time of its queries (each in its era, after two warm-up passes,
 * as a server would answer them). It never asserts; `run.ts` prints it.
 *
 *   const results = await benchSearch('db/crdb.sqlite', 5)
 *   // [{ name: 'search recall@5 (128 queries)', median: 92.2, unit: '%', target: '>= 85 %' }, ...]
 */
import { loadShipped } from './library.js'
import { measureRelevance, readRelevanceQueries } from './relevance.js'

/** One measured figure. */
export interface SearchBenchResult {
  name: string
  median: number
  unit: string
  target: string
}

/** Measure relevance once (it does not vary) and the fixture's search times `runs` times. */
export async function benchSearch(dbPath: string, runs: number): Promise<SearchBenchResult[]> {
  const { openDatabase, search } = (await loadShipped()).crdb
  const db = openDatabase(dbPath, { readonly: true })
  try {
    const queries = readRelevanceQueries()
    const report = measureRelevance(db, queries)
    let sink = 0
    for (let pass = 0; pass < 2; pass++) for (const judged of queries) sink += search(db, judged.query, { at: { era: judged.era } }).total
    const p95: number[] = []
    const slowest: number[] = []
    for (let run = 0; run < runs; run++) {
      const times: number[] = []
      for (const judged of queries) {
        const started = performance.now()
        sink += search(db, judged.query, { at: { era: judged.era } }).total
        times.push(performance.now() - started)
      }
      times.sort((a, b) => a - b)
      p95.push(times[Math.min(times.length - 1, Math.ceil(0.95 * times.length) - 1)])
      slowest.push(times[times.length - 1])
    }
    if (sink < 0) console.log(sink) // keep the results alive
    const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]
    return [
      { name: `search recall@5 (${report.queries} judged queries)`, median: report.recallAt5 * 100, unit: '%', target: '>= 85 %' },
      { name: `search MRR@10 (${report.queries} judged queries)`, median: report.mrrAt10 * 100, unit: '%', target: '>= 70 %' },
      { name: `search p95 (${report.queries} judged queries)`, median: median(p95), unit: 'ms', target: '<= 10 ms' },
      { name: `search slowest (${report.queries} judged queries)`, median: median(slowest), unit: 'ms', target: 'none' }
    ]
  } finally {
    db.close()
  }
}
