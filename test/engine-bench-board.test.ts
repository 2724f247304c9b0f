/**
 * The benchmark's boards behave as the benchmark assumes (its speed figures are
 * printed by `npm run bench`, never asserted by a test).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Crdb } from '../src/store/database.js'
import { openRules } from '../src/engine/rules.js'
import { checkStateBasedActions } from '../src/engine/sba.js'
import { archiveAvailable, openArchiveDatabase } from './helpers.js'
import { benchBoard } from './bench/engine.js'

const available = archiveAvailable()

describe.skipIf(!available)('the benchmark boards', () => {
  let db: Crdb

  beforeAll(() => {
    db = openArchiveDatabase()!
  }, 300_000)
  afterAll(() => db?.close())

  it('builds a quiet board of 1,000 permanents where every check has work and nothing applies', () => {
    const board = benchBoard(1000)
    expect(board.permanents).toHaveLength(1000)
    for (const era of ['2003', '2009', '2024']) {
      const result = checkStateBasedActions(board, openRules(db, { era }))
      expect(result).toMatchObject({ events: [], passes: 1, notes: [] })
    }
    const busy = checkStateBasedActions(benchBoard(1000, true), openRules(db, { era: '2024' }))
    expect(busy.events).toHaveLength(200)
    expect(busy.passes).toBe(3)
  })
})
