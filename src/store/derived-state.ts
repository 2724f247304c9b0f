/**
 * Whether the data derived from the editions (lineage, reconciliation of the
 * secondary dumps) is current. Writing or removing an edition marks both stale
 * in the same transaction; a build marks each current after recomputing it.
 */
import type { Crdb } from './database.js'
import { prepared } from './statements.js'

/** A kind of derived data. */
export type DerivedData = 'lineage' | 'reconciliation'

/** Which derived data is stale (out of date with the editions stored). */
export interface DerivedState {
  lineage: boolean
  reconciliation: boolean
}

/** Mark derived data stale, all of it by default (call inside the transaction that changes what it derives from). */
export function markDerivedStale(db: Crdb, names: readonly DerivedData[] = ['lineage', 'reconciliation']): void {
  const mark = prepared<[string, DerivedData]>(db, `UPDATE derived_state SET stale = 1, changed_at = ? WHERE name = ? AND stale = 0`)
  for (const name of names) mark.run(new Date().toISOString(), name)
}

/** Mark `name` current, after recomputing it. */
export function markDerivedCurrent(db: Crdb, name: DerivedData): void {
  prepared<[string, DerivedData]>(db, `UPDATE derived_state SET stale = 0, changed_at = ? WHERE name = ? AND stale = 1`).run(new Date().toISOString(), name)
}

/** Which derived data is stale. */
export function readDerivedState(db: Crdb): DerivedState {
  const rows = prepared<[], { name: DerivedData; stale: number }>(db, 'SELECT name, stale FROM derived_state').all()
  const state: DerivedState = { lineage: false, reconciliation: false }
  for (const row of rows) state[row.name] = row.stale === 1
  return state
}
