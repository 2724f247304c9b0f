/**
 * Stable lineage ids as the read side asks about them: the lineage an id names,
 * the aliases an old id left, a lineage's versions, and the id of a version.
 */
import type { VersionKind } from '../vocabulary/kinds.js'
import type { Crdb } from './database.js'
import { inForceAt, prepared, validToOf } from './statements.js'

/** The first version's row id of the lineage `id` names, or `undefined` when no lineage has that id now. */
export function findLineageRoot(db: Crdb, id: string): number | undefined {
  return prepared(db, 'SELECT root FROM lineages WHERE id = ?').pluck().get(id) as number | undefined
}

/** Whether any lineage has an id (none before a build computed them). */
export function hasLineageIds(db: Crdb): boolean {
  return prepared(db, 'SELECT EXISTS (SELECT 1 FROM lineages)').pluck().get() === 1
}

/** An alias an old id left: a lineage it leads to and how many of its versions that lineage holds. */
export interface LineageAliasRow {
  lineage: string
  /** How many of the old id's versions that lineage holds. */
  held: number
}

/** The lineages the old id `alias` leads to, the one holding most of its versions first. */
export function listLineageAliases(db: Crdb, alias: string): LineageAliasRow[] {
  return prepared(db, 'SELECT lineage, held FROM lineage_aliases WHERE alias = ? ORDER BY held DESC, lineage').all(alias) as LineageAliasRow[]
}

/** A version of a lineage: its key, interval and text's hash. */
export interface LineageMemberRow {
  kind: VersionKind
  key: string
  /** The key as printed (a term's capitalization). */
  label: string
  firstDate: string
  lastDate: string
  validTo: string | null
  /** `contents.hash` of its text. */
  textKey: string
}

/** Every version of the lineage whose first version is `root`, in order of first edition, then document order. */
export function listLineageMembers(db: Crdb, root: number): LineageMemberRow[] {
  return prepared(
    db,
    `SELECT v.kind, v.key, v.label, v.first_date AS firstDate, v.last_date AS lastDate, ${validToOf('v')} AS validTo, c.hash AS textKey
     FROM versions v JOIN contents c ON c.id = v.content_id WHERE v.lineage_id = ? ORDER BY v.first_date, v.sort_key`
  ).all(root) as LineageMemberRow[]
}

/** The lineage id of `kind` `key`'s version in force in `edition`, or `undefined` (no such version, or no ids yet). */
export function findLineageIdAt(db: Crdb, kind: VersionKind, key: string, edition: string): string | undefined {
  return prepared(db, `SELECT l.id FROM versions v JOIN lineages l ON l.root = v.lineage_id WHERE v.kind = @kind AND v.key = @key AND ${inForceAt('v')}`)
    .pluck()
    .get({ kind, key, edition }) as string | undefined
}

/** The stable lineage id of each of the versions `versionIds` that has one, in one statement. */
export function listLineageIdsOf(db: Crdb, versionIds: number[]): Map<number, string> {
  if (versionIds.length === 0) return new Map()
  const rows = prepared<[string], [number, string]>(
    db,
    'SELECT v.id, l.id FROM json_each(?) j JOIN versions v ON v.id = j.value JOIN lineages l ON l.root = v.lineage_id'
  )
    .raw()
    .all(JSON.stringify(versionIds))
  return new Map(rows)
}
