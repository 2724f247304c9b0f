/**
 * Fault injection for the crash tests: with `CRDB_KILL_AT=<point>:<n>` in its
 * environment, a build kills itself with SIGKILL the n-th time it passes the
 * named point, each just after a transaction commits, so a test can stop a
 * build at every boundary between its writes, whatever the machine's speed.
 * Without the variable, passing a point costs one environment lookup.
 */

/** The boundaries a build passes: after an edition, lineage, a dump stored, a dump reconciled. */
export type FaultPoint = 'edition' | 'lineage' | 'dump' | 'reconcile'

const passed = new Map<FaultPoint, number>()

/** Count a pass of `point`, and kill this process there when `CRDB_KILL_AT` names this pass. */
export function passFaultPoint(point: FaultPoint): void {
  const wanted = process.env.CRDB_KILL_AT
  if (!wanted) return
  const count = (passed.get(point) ?? 0) + 1
  passed.set(point, count)
  if (wanted === `${point}:${count}`) process.kill(process.pid, 'SIGKILL')
}
