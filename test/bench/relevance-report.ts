/**
 * The relevance figures a tuner reads: the judged fixture, the tuning part of the real questions
 * (with its misses), and the held-out part's figures only with --held-out (its questions are never printed), each
 * beside a plain BM25. Not a test, not the bench: `npx tsx test/bench/relevance-report.ts [--misses] [--held-out]`.
 */
import { driverOf, openDatabase } from '../../src/store/database.js'
import { search } from '../../src/query/search.js'
import { resolveDatabasePath } from '../../src/store/database-path.js'
import { measureRelevance } from './relevance.js'
import { keyOfHit, measureRealQuestions, plainBm25, readRealQuestions, type RealQuestionsReport, type Searcher } from './real-questions.js'

const db = openDatabase(resolveDatabasePath(), { readonly: true })
const showMisses = process.argv.includes('--misses')
const crdb: Searcher = (query, asked) => search(db, query, { at: { date: asked }, limit: 10 }).hits.map(keyOfHit)
const bm25 = plainBm25(driverOf(db))

const percent = (value: number): string => `${(100 * value).toFixed(1)}%`
const line = (name: string, report: RealQuestionsReport, base: RealQuestionsReport): void => {
  console.log(
    `${name}: ${report.questions} questions, recall@5 ${percent(report.recallAt5)} (bm25 ${percent(base.recallAt5)}), MRR@10 ${percent(report.mrrAt10)} (bm25 ${percent(base.mrrAt10)})`
  )
  for (const [type, figures] of Object.entries(report.byClass)) {
    const other = base.byClass[type]
    console.log(
      `  ${type.padEnd(9)} ${String(figures.questions).padStart(3)}  recall@5 ${percent(figures.recallAt5).padStart(6)} (bm25 ${percent(other.recallAt5).padStart(6)})  MRR@10 ${percent(figures.mrrAt10).padStart(6)} (bm25 ${percent(other.mrrAt10).padStart(6)})`
    )
  }
}

const fixture = measureRelevance(db)
console.log(`judged fixture: ${fixture.queries} queries, recall@5 ${percent(fixture.recallAt5)}, MRR@10 ${percent(fixture.mrrAt10)}`)
if (showMisses) for (const miss of fixture.misses) console.log(`  miss [${miss.era}] ${miss.query} -> ${miss.rank ?? '-'}: ${miss.top.join(' ')}`)
// The held-out figures only when asked: a tuner reads the tuning part.
for (const split of process.argv.includes('--held-out') ? (['tune', 'held-out'] as const) : (['tune'] as const)) {
  const questions = readRealQuestions(split)
  if (questions.length === 0) continue
  const report = measureRealQuestions(crdb, questions)
  line(`real questions (${split})`, report, measureRealQuestions(bm25, questions))
  if (showMisses && split === 'tune') {
    for (const miss of report.misses)
      console.log(
        `  miss [${miss.class} ${miss.asked}] ${miss.query.slice(0, 160).replace(/\s+/g, ' ')}\n     -> ${miss.rank ?? '-'}: ${miss.top.join(' ')}   want ${miss.answers.join(' ')}`
      )
  }
}
db.close()
