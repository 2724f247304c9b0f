/**
 * What the server keeps between requests: a rule's history is traced once for
 * every wording on its way, and let go when the server is left alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ruleHistory } from '../src/query/history.js'
import { createState } from '../src/server/state.js'
import type { Crdb } from '../src/store/database.js'
import { archiveAvailable, openArchiveDatabase } from './helpers.js'

describe.skipIf(!archiveAvailable())('the server state on the archive', () => {
  let db: Crdb
  beforeAll(() => {
    db = openArchiveDatabase()!
  })
  afterAll(() => db?.close())

  it('answers every wording on a history’s way, before and after the one asked, from one trace', () => {
    const state = createState(db, 'test')
    const whole = ruleHistory(db, '704.5j', { at: { edition: '2015-01-23' } }).steps
    expect(whole.length).toBeGreaterThan(4)
    const middle = whole[Math.floor(whole.length / 2)]!
    const asked = state.history({ number: middle.number, validFrom: middle.validFrom })
    for (const step of [whole[0]!, whole.at(-1)!]) {
      const other = state.history({ number: step.number, validFrom: step.validFrom })
      // The same steps, not a second trace: and what a trace from that wording gives.
      expect(other.steps).toBe(asked.steps)
      expect(other).toEqual(ruleHistory(db, step.number, { at: { edition: step.validFrom } }))
    }
  })

  it('lets the histories go at rest, and traces them again when asked', () => {
    const state = createState(db, 'test')
    const wording = { number: '704.5j', validFrom: '2017-09-29' }
    const before = state.history(wording)
    expect(state.history(wording)).toBe(before)
    state.rest()
    const after = state.history(wording)
    expect(after).not.toBe(before)
    expect(after).toEqual(before)
  })
})
