/**
 * Values the read side derives from the whole database (the edition calendar, the editions not held, where source
 * damage is, rule titles), remembered per handle until its content changes: another connection's commit, or this
 * one's write, as {@link readGeneration} tells.
 */
import type { Crdb } from './database.js'
import { readGeneration } from './search.js'

/** `read`, remembered per database handle and made again when the database's content has changed. */
export function rememberPerContent<T>(read: (db: Crdb) => T): (db: Crdb) => T {
  const known = new WeakMap<Crdb, { generation: string; value: T }>()
  return (db) => {
    const generation = readGeneration(db)
    const held = known.get(db)
    if (held?.generation === generation) return held.value
    const value = read(db)
    known.set(db, { generation, value })
    return value
  }
}
