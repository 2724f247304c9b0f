/**
 * Benchmark of search relevance and speed, on the judged fixture (`test/fixtures/search/relevance.json`,
 * queries written by reading the rules) and on the real questions (`real-questions.json`, asked in
 * public, each searched in the edition in force the day it was asked): recall@5 and MRR@10, the real
 * questions' by split and by class beside a plain BM25 over the same texts, and the 95th percentile
 * time of each set's queries (after two warm-up passes, as a server would answer them). It never
 * asserts; `run.ts` prints it.
 *
 *   const results = await benchSearch('db/crdb.sqlite', 5)
 *   // [{ name: 'search recall@5 (128 judged queries)', median: 93.8, unit: '%', target: '>= 93 %' }, ...]
 */
import Database from 'better-sqlite3'
import { loadShipped } from './library.js'
import { keyOfHit, measureRealQuestions, plainBm25, readRealQuestions, type RealQuestion } from './real-questions.js'
import { measureRelevance, readRelevanceQueries } from './relevance.js'

/** One measured figure. */
export interface SearchBenchResult {
  name: string
  median: number
  unit: string
  target: string
}

const classes: Array<RealQuestion['class']> = ['long', 'old-era', 'name', 'typo', 'citation']

/** The median of some values. */
function medianOf(values: number[]): number {
  return [...values].sort((a, b) => a - b)[values.length >> 1]
}

/** The 95th percentile of some times. */
function p95Of(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]
}

/** Measure relevance once (it does not vary) and each set's search times `runs` times. */
export async function benchSearch(dbPath: string, runs: number): Promise<SearchBenchResult[]> {
  const { openDatabase, search } = (await loadShipped()).crdb
  const db = openDatabase(dbPath, { readonly: true })
  const driver = new Database(dbPath, { readonly: true })
  try {
    const judged = readRelevanceQueries()
    const report = measureRelevance(db, judged)
    const results: SearchBenchResult[] = [
      { name: `search recall@5 (${report.queries} judged queries)`, median: report.recallAt5 * 100, unit: '%', target: '>= 93 %' },
      { name: `search MRR@10 (${report.queries} judged queries)`, median: report.mrrAt10 * 100, unit: '%', target: '>= 70 %' }
    ]

    const real = readRealQuestions()
    const crdb = (query: string, asked: string): string[] => search(db, query, { at: { date: asked }, limit: 10 }).hits.map(keyOfHit)
    const bm25 = plainBm25(driver)
    for (const split of ['held-out', 'tune'] as const) {
      const questions = real.filter((question) => question.split === split)
      const ours = measureRealQuestions(crdb, questions)
      const base = measureRealQuestions(bm25, questions)
      const label = `real questions, ${split} (${questions.length})`
      results.push(
        { name: `search recall@5, ${label}`, median: ours.recallAt5 * 100, unit: '%', target: `>= 85 %, bm25 ${(base.recallAt5 * 100).toFixed(1)} %` },
        { name: `search MRR@10, ${label}`, median: ours.mrrAt10 * 100, unit: '%', target: `>= 70 %, bm25 ${(base.mrrAt10 * 100).toFixed(1)} %` }
      )
      for (const type of classes) {
        const figures = ours.byClass[type]
        if (!figures) continue
        const floor = type === 'long' ? '>= 70 %, ' : ''
        results.push({
          name: `search recall@5, ${split} ${type} (${figures.questions})`,
          median: figures.recallAt5 * 100,
          unit: '%',
          target: `${floor}>= bm25 ${(base.byClass[type].recallAt5 * 100).toFixed(1)} %`
        })
      }
    }

    // Times: each set in its editions, after two warm-up passes.
    const sets = [
      {
        name: `search p95 (${judged.length} judged queries)`,
        target: '<= 3 ms',
        asks: judged.map((query) => ({ query: query.query, at: { era: query.era } }))
      },
      {
        name: `search p95 (${real.length} real questions)`,
        target: '<= 10 ms',
        asks: real.map((question) => ({ query: question.query, at: { date: question.asked } }))
      }
    ]
    let sink = 0
    for (const set of sets) {
      for (let pass = 0; pass < 2; pass++) for (const ask of set.asks) sink += search(db, ask.query, { at: ask.at }).total
      const p95: number[] = []
      const slowest: number[] = []
      for (let run = 0; run < runs; run++) {
        const times: number[] = []
        for (const ask of set.asks) {
          const started = performance.now()
          sink += search(db, ask.query, { at: ask.at }).total
          times.push(performance.now() - started)
        }
        p95.push(p95Of(times))
        slowest.push(Math.max(...times))
      }
      results.push(
        { name: set.name, median: medianOf(p95), unit: 'ms', target: set.target },
        { name: set.name.replace('p95', 'slowest'), median: medianOf(slowest), unit: 'ms', target: 'none' }
      )
    }
    // A pasted page of words the rules do not hold (3.5 kB), new words each time: none is in the corrections already made.
    const unknownTimes: number[] = []
    for (let run = 0; run < runs * 5; run++) {
      const query = unknownWords(run + 1, 3500)
      const started = performance.now()
      sink += search(db, query).total
      unknownTimes.push(performance.now() - started)
    }
    results.push({ name: 'search of 3.5 kB of words the rules do not hold, new words each time', median: medianOf(unknownTimes), unit: 'ms', target: 'none' })
    if (sink < 0) console.log(sink) // keep the results alive
    return results
  } finally {
    driver.close()
    db.close()
  }
}

/** About `length` characters of made-up lower-case words (four to ten letters), the same for the same `seed`. */
function unknownWords(seed: number, length: number): string {
  let state = seed
  const next = (): number => {
    state = (state * 1103515245 + 12345) % 2 ** 31
    return state / 2 ** 31
  }
  const words: string[] = []
  for (let size = 0; size < length; ) {
    const word = Array.from({ length: 4 + Math.floor(next() * 7) }, () => String.fromCharCode(97 + Math.floor(next() * 26))).join('')
    words.push(word)
    size += word.length + 1
  }
  return words.join(' ')
}
