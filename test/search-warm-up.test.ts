/**
 * The search warm-up (src/query/search-warm-up.ts): its questions are none of those that measure search, and it
 * asks each of them of the newest edition and of each era the database holds, a search a step.
 */
import { describe, expect, it } from 'vitest'
import { benchQueries } from './bench/query.js'
import { readRealQuestions } from './bench/real-questions.js'
import { readRelevanceQueries } from './bench/relevance.js'
import { warmSearch, warmUpQuestions } from '../src/query/search-warm-up.js'
import { eraPresets } from '../src/vocabulary/era-presets.js'
import { ingestPaths } from '../ingest/ingest.js'
import { archiveAvailable, useArchiveDatabase, useFreshDatabase, writeEdition } from './helpers.js'

const normalize = (question: string): string => question.toLowerCase().replace(/\s+/g, ' ').trim()

describe('the search warm-up', () => {
  it('asks none of the questions that measure search (the judged fixture, the real questions, the bench)', () => {
    const measured = new Set(
      [...readRelevanceQueries().map(({ query }) => query), ...readRealQuestions().map(({ query }) => query), ...benchQueries.map(([query]) => query)].map(
        normalize
      )
    )
    expect(measured.size).toBeGreaterThan(300)
    expect(warmUpQuestions.filter((question) => measured.has(normalize(question)))).toEqual([])
  })

  const fresh = useFreshDatabase()

  it('leaves out the eras a database holds no edition of', () => {
    const rules = { '1': 'Game Concepts', '100': 'General', '100.1': 'These Magic rules apply to any Magic game with two or more players.' }
    ingestPaths(fresh.db, [writeEdition(fresh.dir, '2010-07-16.txt', { date: '2010-07-16', rules })])
    // The one edition is of 2010, after the ends of 2003 and 2009: the newest edition and 2024's (that edition) are warmed.
    expect(eraPresets.map((preset) => preset.name)).toEqual(['2003', '2009', '2024'])
    expect([...warmSearch(fresh.db)].length).toBe(warmUpQuestions.length * 2)
  })
})

describe.skipIf(!archiveAvailable())('the search warm-up on the whole archive', () => {
  const archive = useArchiveDatabase()

  it('searches each question of the newest edition and of every era, one a step', () => {
    let steps = 0
    for (const _ of warmSearch(archive.db)) steps++
    expect(steps).toBe(warmUpQuestions.length * (1 + eraPresets.length))
  })
})
