/**
 * A read-only handle reads each synchronous run of code in one transaction (`prepared` in
 * src/store/statements.ts): the run's statements see one snapshot, the transaction ends with the run, a transaction
 * the caller began is left alone, and `data_version` read alone begins none.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { driverOf, openDatabase } from '../src/store/database.js'
import { readDataVersion } from '../src/store/content.js'
import { prepared } from '../src/store/statements.js'
import { useFreshDatabase } from './helpers.js'

const stampSql = `SELECT changed_at FROM derived_state WHERE name = 'lineage'`

describe('a read-only handle, run by run', () => {
  const fresh = useFreshDatabase()

  /** Commit a new stamp through the writing handle, and return it. */
  function stamp(value: string): string {
    driverOf(fresh.db).prepare(`UPDATE derived_state SET changed_at = ? WHERE name = 'lineage'`).run(value)
    return value
  }
  const read = (db: typeof fresh.db): string => prepared<[], string>(db, stampSql).pluck().get()!

  it("reads one snapshot in a run, and the next run sees another connection's commit", async () => {
    const reader = openDatabase(join(fresh.dir, 'crdb.sqlite'), { readonly: true })
    try {
      await Promise.resolve()
      const before = read(reader)
      expect(driverOf(reader).inTransaction).toBe(true)
      const after = stamp('2001-01-01T00:00:00.000Z')
      // The same run: the snapshot it began with, in every statement.
      expect(read(reader)).toBe(before)
      expect(prepared<[string], number>(reader, `SELECT COUNT(*) FROM derived_state WHERE changed_at = ?`).pluck().get(after)).toBe(0)
      await Promise.resolve()
      expect(driverOf(reader).inTransaction).toBe(false)
      expect(read(reader)).toBe(after)
    } finally {
      reader.close()
    }
  })

  it("begins no transaction for a run that only reads data_version (the server's answer cache)", async () => {
    const reader = openDatabase(join(fresh.dir, 'crdb.sqlite'), { readonly: true })
    try {
      await Promise.resolve()
      readDataVersion(reader)
      expect(driverOf(reader).inTransaction).toBe(false)
      // A later statement of the run begins it.
      read(reader)
      expect(driverOf(reader).inTransaction).toBe(true)
    } finally {
      reader.close()
    }
  })

  it('lets a checkpoint of the writer through once the run has ended', async () => {
    const reader = openDatabase(join(fresh.dir, 'crdb.sqlite'), { readonly: true })
    try {
      read(reader)
      stamp('2002-02-02T00:00:00.000Z')
      await Promise.resolve()
      // busy = 0: no reader held the old snapshot, so the WAL was written back whole and truncated.
      const [result] = driverOf(fresh.db).pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number; log: number }>
      expect(result).toMatchObject({ busy: 0, log: 0 })
    } finally {
      reader.close()
    }
  })

  it('leaves a transaction the caller began alone', async () => {
    const reader = openDatabase(join(fresh.dir, 'crdb.sqlite'), { readonly: true })
    try {
      await Promise.resolve()
      const driver = driverOf(reader)
      const counted = driver.transaction(() => {
        const value = read(reader)
        expect(driver.inTransaction).toBe(true)
        return value
      })()
      // The caller's transaction ended as it returned, and no run's snapshot was begun in it.
      expect(driver.inTransaction).toBe(false)
      expect(counted).toBe(read(reader))
      await Promise.resolve()
      expect(driver.inTransaction).toBe(false)
    } finally {
      reader.close()
    }
  })

  it('reads a writing handle statement by statement: its own writes, and no transaction left open', () => {
    read(fresh.db)
    expect(driverOf(fresh.db).inTransaction).toBe(false)
    const written = stamp('2003-03-03T00:00:00.000Z')
    expect(read(fresh.db)).toBe(written)
  })

  it('leaves no transaction open on a handle closed within the run', async () => {
    const reader = openDatabase(join(fresh.dir, 'crdb.sqlite'), { readonly: true })
    read(reader)
    reader.close()
    // The run's end finds the handle closed, and does nothing (no error escapes the microtask).
    await Promise.resolve()
    expect(reader.open).toBe(false)
  })
})
