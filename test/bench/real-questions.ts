/**
 * Relevance of search on real questions (`test/fixtures/search/real-questions.json`): questions
 * people asked in public, as they wrote them, each searched in the edition in force on the day it
 * was asked, with the rules an expert would cite. Beside crdb's search, a plain BM25 over the same
 * texts (stemmed by the index, every word OR'ed, nothing else) is measured on the same questions:
 * the extras must add to the basics.
 *
 * A hit answers a question when it is one of its answers, or of the same rule (a rule counts for
 * its lettered subrules and the reverse: 702.19 answers 702.19b).
 *
 *   const report = measureRealQuestions(plainBm25(new Database(path)), readRealQuestions('tune'))
 *   // { questions: 85, recallAt5: 0.88, mrrAt10: 0.74, byClass: {...}, misses: [...] }
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type Database from 'better-sqlite3'
import { packageRoot } from '../../src/vocabulary/paths.js'
import type { SearchHit } from '../../src/query/search.js'
import { tokenize } from '../../src/query/search/words.js'

/** One real question. */
export interface RealQuestion {
  query: string
  source: string
  /** The day it was asked: it is searched in the edition in force then. */
  asked: string
  class: 'long' | 'old-era' | 'name' | 'typo' | 'citation'
  /** Rule numbers (numbered as on `asked`) and glossary terms as `term:KEY`. */
  answers: string[]
  /** `tune`: looked at while tuning; `held-out`: measured, never looked at. */
  split: 'tune' | 'held-out'
  note?: string
}

/** What a measurement found. */
export interface RealQuestionsReport {
  questions: number
  recallAt5: number
  mrrAt10: number
  byClass: Record<string, { questions: number; recallAt5: number; mrrAt10: number }>
  /** Questions with no answer in the top five: where the first answer was, and what came instead. */
  misses: Array<{ query: string; asked: string; class: string; rank: number | null; top: string[]; answers: string[] }>
}

/** A function that answers a question with its hits' keys (`702.19b`, `term:trample`), best first. */
export type Searcher = (query: string, asked: string) => string[]

/** The real questions of one split (or both). */
export function readRealQuestions(split?: RealQuestion['split']): RealQuestion[] {
  const path = join(packageRoot(), 'test', 'fixtures', 'search', 'real-questions.json')
  const all = (JSON.parse(readFileSync(path, 'utf8')) as { questions: RealQuestion[] }).questions
  return split === undefined ? all : all.filter((question) => question.split === split)
}

/** A hit as the fixtures name answers. */
export function keyOfHit(hit: SearchHit): string {
  return hit.kind === 'term' ? `term:${hit.key}` : hit.key
}

/** The rule a key belongs to (`702.19b` -> `702.19`), or the key itself (a section, a term). */
function ruleOf(key: string): string {
  const match = /^(\d{3}\.\d+)[a-z]?$/.exec(key)
  return match ? match[1] : key
}

/** Whether `key` answers a question with these answers. */
export function answers(key: string, expected: readonly string[]): boolean {
  const rule = ruleOf(key)
  return expected.some((answer) => answer === key || ruleOf(answer) === rule)
}

/** Measure `searcher` on `questions`: recall@5 and MRR@10, overall and by class. */
export function measureRealQuestions(searcher: Searcher, questions: RealQuestion[]): RealQuestionsReport {
  const byClass: RealQuestionsReport['byClass'] = {}
  const misses: RealQuestionsReport['misses'] = []
  let found = 0
  let reciprocal = 0
  for (const question of questions) {
    let keys: string[]
    try {
      keys = searcher(question.query, question.asked).slice(0, 10)
    } catch (error) {
      // A question search cannot read answers nothing (and is a miss); its error is kept, not thrown.
      keys = [`error: ${(error as { code?: string }).code ?? 'unknown'}`]
    }
    const index = keys.findIndex((key) => answers(key, question.answers))
    const rank = index < 0 ? null : index + 1
    const type = (byClass[question.class] ??= { questions: 0, recallAt5: 0, mrrAt10: 0 })
    type.questions++
    if (rank !== null && rank <= 5) {
      found++
      type.recallAt5++
    } else misses.push({ query: question.query, asked: question.asked, class: question.class, rank, top: keys.slice(0, 5), answers: question.answers })
    if (rank !== null) {
      reciprocal += 1 / rank
      type.mrrAt10 += 1 / rank
    }
  }
  for (const type of Object.values(byClass)) {
    type.recallAt5 /= type.questions
    type.mrrAt10 /= type.questions
  }
  const count = Math.max(1, questions.length)
  return { questions: questions.length, recallAt5: found / count, mrrAt10: reciprocal / count, byClass, misses }
}

/**
 * A plain BM25 searcher over the same texts: the question's words (as the index splits them), OR'ed,
 * ranked by FTS5's bm25 with every field weighing the same, in the edition in force on the day asked.
 */
export function plainBm25(driver: Database.Database): Searcher {
  const edition = driver.prepare('SELECT MAX(effective_date) FROM editions WHERE effective_date <= ?').pluck()
  const first = driver.prepare('SELECT MIN(effective_date) FROM editions').pluck()
  const statement = driver.prepare(
    `SELECT v.kind, v.key FROM (SELECT rowid, bm25(contents_fts) AS score FROM contents_fts WHERE contents_fts MATCH ?) m
       JOIN versions v ON v.content_id = m.rowid
      WHERE v.first_date <= ? AND v.last_date >= ?
      ORDER BY m.score, v.key LIMIT 10`
  )
  return (query, asked) => {
    const words = [...new Set(tokenize(query).map((token) => token.word))]
    if (words.length === 0) return []
    const day = (edition.get(asked) as string | null) ?? (first.get() as string)
    const rows = statement.all(words.map((word) => `"${word}"`).join(' OR '), day, day) as Array<{ kind: string; key: string }>
    return rows.map((row) => (row.kind === 'term' ? `term:${row.key}` : row.key))
  }
}
