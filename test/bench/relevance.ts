/**
 * Relevance of search, measured on the fixture `test/fixtures/search/relevance.json`
 * (queries written by reading the rules, each with the answers an expert would
 * accept): recall@5 (share of queries with an answer in the top five) and
 * MRR@10 (mean reciprocal rank of the first answer in the top ten).
 *
 *   const report = measureRelevance(db)
 *   // { queries: 128, recallAt5: 0.9, mrrAt10: 0.8, misses: [...] }
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Crdb } from '../../src/store/database.js'
import { packageRoot } from '../../src/vocabulary/paths.js'
import { search, type SearchHit } from '../../src/query/search.js'

/** One judged query. */
export interface RelevanceQuery {
  query: string
  /** The era preset it is asked in. */
  era: string
  type: string
  /** Rule numbers, and glossary terms as `term:KEY`. */
  answers: string[]
}

/** What {@link measureRelevance} found. */
export interface RelevanceReport {
  queries: number
  recallAt5: number
  mrrAt10: number
  /** By query type: recall@5 and MRR@10. */
  byType: Record<string, { queries: number; recallAt5: number; mrrAt10: number }>
  /** Queries with no answer in the top five: what came instead. */
  misses: Array<{ query: string; era: string; rank: number | null; top: string[] }>
}

/** The judged queries of the fixture. */
export function readRelevanceQueries(): RelevanceQuery[] {
  const path = join(packageRoot(), 'test', 'fixtures', 'search', 'relevance.json')
  return (JSON.parse(readFileSync(path, 'utf8')) as { queries: RelevanceQuery[] }).queries
}

/** A hit as the fixture names its answers. */
export function answerOf(hit: SearchHit): string {
  return hit.kind === 'term' ? `term:${hit.key}` : hit.key
}

/** Search every judged query on `db` and score the answers. */
export function measureRelevance(db: Crdb, queries: RelevanceQuery[] = readRelevanceQueries()): RelevanceReport {
  const byType: RelevanceReport['byType'] = {}
  const misses: RelevanceReport['misses'] = []
  let found = 0
  let reciprocal = 0
  for (const judged of queries) {
    const hits = search(db, judged.query, { at: { era: judged.era }, limit: 10 }).hits
    const answers = new Set(judged.answers)
    const index = hits.findIndex((hit) => answers.has(answerOf(hit)))
    const rank = index < 0 ? null : index + 1
    const type = (byType[judged.type] ??= { queries: 0, recallAt5: 0, mrrAt10: 0 })
    type.queries++
    if (rank !== null && rank <= 5) {
      found++
      type.recallAt5++
    } else misses.push({ query: judged.query, era: judged.era, rank, top: hits.slice(0, 5).map(answerOf) })
    if (rank !== null) {
      reciprocal += 1 / rank
      type.mrrAt10 += 1 / rank
    }
  }
  for (const type of Object.values(byType)) {
    type.recallAt5 /= type.queries
    type.mrrAt10 /= type.queries
  }
  return { queries: queries.length, recallAt5: found / queries.length, mrrAt10: reciprocal / queries.length, byType, misses }
}
