/**
 * `readGeneration` (src/store/search.ts), the value the read side's caches are kept under, and `readDataVersion`
 * (src/store/content.ts), which it and the server's content tag share: a read-only handle's are read once per
 * synchronous run of code, and another connection's commit is seen by the next run; a writing handle sees its own
 * writes at once, and another's at every call.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { driverOf, openDatabase } from '../src/store/database.js'
import { readDataVersion } from '../src/store/content.js'
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

  it('shares one read of data_version per run between the generation and the content tag', async () => {
    const writer = fresh.db
    const reader = openDatabase(join(fresh.dir, 'crdb.sqlite'), { readonly: true })
    try {
      await Promise.resolve()
      const version = readDataVersion(reader)
      driverOf(writer).prepare(`UPDATE derived_state SET changed_at = ? WHERE name = 'lineage'`).run(new Date().toISOString())
      // The generation made after the commit, in the same run, is made of the version the run read first.
      expect(readGeneration(reader).split(':')[0]).toBe(String(version))
      expect(readDataVersion(reader)).toBe(version)
      await Promise.resolve()
      const next = readDataVersion(reader)
      expect(next).not.toBe(version)
      expect(readGeneration(reader).split(':')[0]).toBe(String(next))
    } finally {
      reader.close()
    }
  })

  it("reads a writing handle's data_version at every call: another connection's commit is seen at once", () => {
    const other = openDatabase(join(fresh.dir, 'crdb.sqlite'))
    try {
      const before = readDataVersion(fresh.db)
      driverOf(other).prepare(`UPDATE derived_state SET changed_at = ? WHERE name = 'lineage'`).run(new Date().toISOString())
      expect(readDataVersion(fresh.db)).not.toBe(before)
    } finally {
      other.close()
    }
  })

  it('changes at once for the handle that writes', () => {
    const writer = fresh.db
    const before = readGeneration(writer)
    driverOf(writer).prepare(`UPDATE derived_state SET changed_at = ? WHERE name = 'lineage'`).run(new Date().toISOString())
    expect(readGeneration(writer)).not.toBe(before)
  })
})
