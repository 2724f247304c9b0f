/**
 * The search warm-up (src/query/search-warm-up.ts): its questions, fixed and composed of the newest edition's words,
 * are none of those that measure search, and it asks the fixed ones of the newest edition and of each era the
 * database holds, then the composed ones of each in turn, a search a step.
 */
import { describe, expect, it } from 'vitest'
import { benchQueries } from './bench/query.js'
import { readRealQuestions } from './bench/real-questions.js'
import { readRelevanceQueries } from './bench/relevance.js'
import { composedQuestionCount, composeWarmUpQuestions, warmSearch, warmUpQuestions } from '../src/query/search-warm-up.js'
import { eraPresets } from '../src/vocabulary/era-presets.js'
import { listTerms } from '../src/query/glossary.js'
import { ingestPaths } from '../ingest/ingest.js'
import { archiveAvailable, useArchiveDatabase, useFreshDatabase, writeEdition } from './helpers.js'

const normalize = (question: string): string => question.toLowerCase().replace(/\s+/g, ' ').trim()

/** The questions that measure search: the judged fixture's, the real questions and the bench's, normalized. */
function readMeasuredQuestions(): Set<string> {
  return new Set(
    [...readRelevanceQueries().map(({ query }) => query), ...readRealQuestions().map(({ query }) => query), ...benchQueries.map(([query]) => query)].map(
      normalize
    )
  )
}

describe('the search warm-up', () => {
  it('asks none of the questions that measure search (the judged fixture, the real questions, the bench)', () => {
    const measured = readMeasuredQuestions()
    expect(measured.size).toBeGreaterThan(300)
    expect(warmUpQuestions.filter((question) => measured.has(normalize(question)))).toEqual([])
  })

  const fresh = useFreshDatabase()

  it('leaves out the eras a database holds no edition of', () => {
    const rules = { '1': 'Game Concepts', '100': 'General', '100.1': 'These Magic rules apply to any Magic game with two or more players.' }
    ingestPaths(fresh.db, [writeEdition(fresh.dir, '2010-07-16.txt', { date: '2010-07-16', rules })])
    // The one edition is of 2010, after the ends of 2003 and 2009: the newest edition and 2024's (that edition) are warmed.
    expect(eraPresets.map((preset) => preset.name)).toEqual(['2003', '2009', '2024'])
    // One glossary term and two titles: a few composed questions, each once.
    const composed = composeWarmUpQuestions(fresh.db)
    expect(composed.length).toBeGreaterThan(0)
    expect(composed.length).toBeLessThan(50)
    expect(new Set(composed).size).toBe(composed.length)
    expect([...warmSearch(fresh.db)].length).toBe(warmUpQuestions.length * 2 + composed.length)
  })

  it('asks through `ask` when given one, each question in the scope it would search, and yields what it returned', () => {
    const rules = { '1': 'Game Concepts', '100': 'General', '100.1': 'These Magic rules apply to any Magic game with two or more players.' }
    ingestPaths(fresh.db, [writeEdition(fresh.dir, '2010-07-16.txt', { date: '2010-07-16', rules })])
    const asked: Array<[string, string | undefined]> = []
    const yielded = [
      ...warmSearch(fresh.db, (question, options) => {
        asked.push([question, options.at && 'era' in options.at ? options.at.era : undefined])
        return asked.length
      })
    ]
    const composed = composeWarmUpQuestions(fresh.db)
    expect(yielded).toEqual(asked.map((_, index) => index + 1))
    // The fixed questions of the newest edition, then of 2024's (the only era it holds), then the composed ones in turn.
    expect(asked).toEqual([
      ...warmUpQuestions.map((question) => [question, undefined]),
      ...warmUpQuestions.map((question) => [question, '2024']),
      ...composed.map((question, index) => [question, index % 2 === 0 ? undefined : '2024'])
    ])
  })
})

describe.skipIf(!archiveAvailable())('the search warm-up on the whole archive', () => {
  const archive = useArchiveDatabase()

  it('searches each fixed question of the newest edition and of every era, then the composed ones, one a step', () => {
    let steps = 0
    for (const _ of warmSearch(archive.db)) steps++
    expect(steps).toBe(warmUpQuestions.length * (1 + eraPresets.length) + composedQuestionCount)
  })

  it("composes its questions of the newest edition's terms and titles, none of them alone nor a question that measures search", () => {
    const questions = composeWarmUpQuestions(archive.db)
    expect(questions).toHaveLength(composedQuestionCount)
    // The same edition, the same questions; and varied ones.
    expect(composeWarmUpQuestions(archive.db)).toEqual(questions)
    const measured = readMeasuredQuestions()
    expect(questions.filter((question) => measured.has(normalize(question)))).toEqual([])
    const names = new Set([...listTerms(archive.db).map((term) => term.term.toLowerCase())])
    expect(questions.filter((question) => names.has(question.toLowerCase()))).toEqual([])
    // Each is made of the edition's words: a term of its glossary is in every question but the misspelled ones.
    const withTerm = questions.filter((question) => [...names].some((name) => question.toLowerCase().includes(name)))
    expect(withTerm.length).toBeGreaterThanOrEqual(Math.floor((composedQuestionCount * 5) / 6))
  })
})
