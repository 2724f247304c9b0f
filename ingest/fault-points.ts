/**
 * Fault injection for the crash tests: with `CRDB_KILL_AT=<point>:<n>` in its
 * environment, a build kills itself with SIGKILL the n-th time it passes the
 * named point, so a test can stop a build at every boundary between its
 * writes, whatever the machine's speed. Without the variable, passing a point
 * costs one environment lookup. With `CRDB_FAULT_MAX_PAGES=<n>`, a build's
 * connection may not grow the file past n pages (SQLite's `max_page_count`):
 * its writes then fail as on a full disk. With `CRDB_FAULT_MISDATE=<file name>=<date>`, a cold build reads that
 * date from the start of that file, whatever it states: its parse then finds the misreading.
 */
import type { Crdb } from '../src/store/handle.js'
import { limitPageCount } from '../src/store/totals.js'

/**
 * The boundaries a build passes: after an edition is written (inside the one transaction of the run's
 * editions, not yet committed), after that transaction commits (`editions`), after lineage, a dump stored,
 * a dump reconciled (each committed).
 */
export type FaultPoint = 'edition' | 'editions' | 'lineage' | 'dump' | 'reconcile'

const passed = new Map<FaultPoint, number>()

/** Count a pass of `point`, and kill this process there when `CRDB_KILL_AT` names this pass. */
export function passFaultPoint(point: FaultPoint): void {
  const wanted = process.env.CRDB_KILL_AT
  if (!wanted) return
  const count = (passed.get(point) ?? 0) + 1
  passed.set(point, count)
  if (wanted === `${point}:${count}`) process.kill(process.pid, 'SIGKILL')
}

/** Limit the file `db` may grow to when `CRDB_FAULT_MAX_PAGES` says so: a full disk, for the tests. */
export function applyFaultLimits(db: Crdb): void {
  const pages = Number(process.env.CRDB_FAULT_MAX_PAGES)
  if (Number.isInteger(pages) && pages > 0) limitPageCount(db, pages)
}

/** The date `CRDB_FAULT_MISDATE` makes a cold build read from the start of the file `uri`, if it names that file. */
export function misdateFault(uri: string): string | undefined {
  const wanted = process.env.CRDB_FAULT_MISDATE
  if (!wanted) return undefined
  const at = wanted.lastIndexOf('=')
  return at > 0 && (uri === wanted.slice(0, at) || uri.endsWith(`/${wanted.slice(0, at)}`)) ? wanted.slice(at + 1) : undefined
}
