/**
 * `readGeneration` (src/store/search.ts), the value the read side's caches are kept under: a read-only handle's is
 * read once per synchronous run of code, and another connection's commit is seen by the next run; a writing handle
 * sees its own writes at once.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { driverOf, openDatabase } from '../src/store/database.js'
import { readGeneration } from '../src/store/search.js'
import { useFreshDatabase } from './helpers.js'

describe('readGeneration', () => {
  const fresh = useFreshDatabase()

  it("is one value for a read-only handle within a run, and the next run sees another connection's commit", async () => {
    const writer = fresh.db
    const reader = openDatabase(join(fresh.dir, 'crdb.sqlite'), { readonly: true })
    try {
      const before = readGeneration(reader)
      driverOf(writer).prepare(`UPDATE derived_state SET changed_at = ? WHERE name = 'lineage'`).run(new Date().toISOString())
      // The same run: the value it started with.
      expect(readGeneration(reader)).toBe(before)
      await Promise.resolve()
      const after = readGeneration(reader)
      expect(after).not.toBe(before)
      expect(readGeneration(reader)).toBe(after)
    } finally {
      reader.close()
    }
  })

  it('changes at once for the handle that writes', () => {
    const writer = fresh.db
    const before = readGeneration(writer)
    driverOf(writer).prepare(`UPDATE derived_state SET changed_at = ? WHERE name = 'lineage'`).run(new Date().toISOString())
    expect(readGeneration(writer)).not.toBe(before)
  })
})
