/**
 * What following a rule number across editions reads: a number's version in an
 * edition, its newest version, and the lineage links into a version (those out of
 * one are `listContinuations` of `diff.ts`).
 */
import type { Crdb } from './database.js'
import { inForceAt, prepared } from './statements.js'

/** A rule version as a walk along lineage links sees it. */
export interface LinkedVersion {
  id: number
  key: string
  firstDate: string
  lastDate: string
  /** How the link reached it (`moved`, `split`...); absent for where a walk starts. */
  kind?: string
}

const columns = 'v.id, v.key, v.first_date AS firstDate, v.last_date AS lastDate'

/** Rule `key`'s version in force in `edition`, or `undefined`. */
export function findVersionInForce(db: Crdb, key: string, edition: string): LinkedVersion | undefined {
  return prepared<{ key: string; edition: string }, LinkedVersion>(
    db,
    `SELECT ${columns} FROM versions v WHERE v.kind = 'rule' AND v.key = @key AND ${inForceAt('v')}`
  ).get({
    key,
    edition
  })
}

/** Rule `key`'s newest version (the rule the number named last), or `undefined` when no edition had it. */
export function findNewestVersion(db: Crdb, key: string): LinkedVersion | undefined {
  return prepared<[string], LinkedVersion>(db, `SELECT ${columns} FROM versions v WHERE v.kind = 'rule' AND v.key = ? ORDER BY v.first_date DESC LIMIT 1`).get(
    key
  )
}

/**
 * When rule `key` in `edition` belongs to another lineage than the rule the
 * number names in its newest version (the number was given to another rule):
 * that newest version, and the numbers its lineage had in `edition` (more than
 * one only where the lineage had split by then). `undefined` when the number
 * names the same rule in both.
 */
export function findNumberReuse(db: Crdb, key: string, edition: string): { newest: LinkedVersion; numbers: string[] } | undefined {
  // One statement: the number's newest version (versions of a number never overlap, so the last by first date),
  // and the numbers its lineage had in the edition.
  const row = prepared<{ key: string; edition: string }, LinkedVersion & { numbers: string | null }>(
    db,
    `SELECT ${columns}, (SELECT group_concat(w.key, ' ') FROM (SELECT w.key FROM versions w
         WHERE w.lineage_id = v.lineage_id AND w.kind = 'rule' AND ${inForceAt('w')} ORDER BY w.sort_key) w) AS numbers
     FROM versions v WHERE v.kind = 'rule' AND v.key = @key ORDER BY v.first_date DESC LIMIT 1`
  ).get({ key, edition })
  if (!row) return undefined
  const { numbers, ...newest } = row
  const list = numbers ? numbers.split(' ') : []
  return list.includes(key) ? undefined : { newest, numbers: list }
}

/** The versions version `id` continues (its incoming links), in document order. */
export function listPredecessors(db: Crdb, id: number): LinkedVersion[] {
  return prepared<[number], LinkedVersion>(
    db,
    `SELECT ${columns}, l.kind FROM lineage_links l JOIN versions v ON v.id = l.from_version WHERE l.to_version = ? ORDER BY v.sort_key`
  ).all(id)
}
