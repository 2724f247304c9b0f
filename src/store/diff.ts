/**
 * What diffs ask of the store: the versions in force in an edition (rules or
 * terms), the lineage links between two editions, and where an old number went.
 */
import type { CrdbDatabase } from './database.js'
import { inForceAt, prepared } from './statements.js'

/** A version in force in an edition, as a diff compares it. */
export interface DiffVersionRow {
  id: number
  key: string
  sortKey: string
  contentId: number
  lineageId: number | null
  firstDate: string
  text: string
}

/** A term version in force in an edition, as the glossary diff compares it. */
export interface DiffTermRow {
  id: number
  key: string
  label: string
  sortKey: string
  contentId: number
  firstDate: string
  text: string
}

/** The rule versions in force in `edition`, in document order. */
export function listRulesForDiff(db: CrdbDatabase, edition: string): DiffVersionRow[] {
  return prepared(
    db,
    `SELECT v.id, v.key, v.sort_key AS sortKey, v.content_id AS contentId, v.lineage_id AS lineageId, v.first_date AS firstDate, c.text
     FROM versions v JOIN contents c ON c.id = v.content_id
     WHERE v.kind = 'rule' AND ${inForceAt('v')}
     ORDER BY v.sort_key`
  ).all({ edition }) as DiffVersionRow[]
}

/** The term versions in force in `edition`, in document order. */
export function listTermsForDiff(db: CrdbDatabase, edition: string): DiffTermRow[] {
  return prepared(
    db,
    `SELECT v.id, v.key, v.label, v.sort_key AS sortKey, v.content_id AS contentId, v.first_date AS firstDate, c.text
     FROM versions v JOIN contents c ON c.id = v.content_id
     WHERE v.kind = 'term' AND ${inForceAt('v')} ORDER BY v.sort_key`
  ).all({ edition }) as DiffTermRow[]
}

/** A lineage link as a diff walks it. */
export interface DiffLinkRow {
  from: number
  to: number
  kind: string
  score: number
  reason: string
}

/** The lineage links into versions that start after `older` and by `newer`. */
export function listLinksBetween(db: CrdbDatabase, older: string, newer: string): DiffLinkRow[] {
  return prepared(
    db,
    `SELECT l.from_version AS "from", l.to_version AS "to", l.kind, l.score, l.reason FROM lineage_links l
     JOIN versions t ON t.id = l.to_version WHERE t.first_date > @older AND t.first_date <= @newer`
  ).all({ older, newer }) as DiffLinkRow[]
}

/** The number and first date of version `id`. */
export function findVersionLabel(db: CrdbDatabase, id: number): { key: string; firstDate: string } {
  return prepared(db, 'SELECT key, first_date AS firstDate FROM versions WHERE id = ?').get(id) as { key: string; firstDate: string }
}

/** A rule version's number and interval. */
export interface VersionSpan {
  id: number
  key: string
  firstDate: string
  lastDate: string
}

/** Rule `key`'s last version that ended before `edition`, or `undefined`. */
export function findLastVersionBefore(db: CrdbDatabase, key: string, edition: string): VersionSpan | undefined {
  return prepared(
    db,
    `SELECT id, key, first_date AS firstDate, last_date AS lastDate FROM versions
     WHERE kind = 'rule' AND key = ? AND last_date < ? ORDER BY last_date DESC LIMIT 1`
  ).get(key, edition) as VersionSpan | undefined
}

/** The versions version `id` continues as (its outgoing lineage links), in document order. */
export function listContinuations(db: CrdbDatabase, id: number): Array<VersionSpan & { kind: string }> {
  return prepared(
    db,
    `SELECT v.id, v.key, v.first_date AS firstDate, v.last_date AS lastDate, l.kind FROM lineage_links l
     JOIN versions v ON v.id = l.to_version WHERE l.from_version = ? ORDER BY v.sort_key`
  ).all(id) as Array<VersionSpan & { kind: string }>
}

/** Whether the edition dated `edition` is stored truncated. */
export function isEditionTruncated(db: CrdbDatabase, edition: string): boolean {
  return prepared(db, 'SELECT truncated FROM editions WHERE effective_date = ?').pluck().get(edition) === 1
}

/** Whether the first edition after `date` is stored truncated. */
export function isNextEditionTruncated(db: CrdbDatabase, date: string): boolean {
  return prepared(db, 'SELECT truncated FROM editions WHERE effective_date > ? ORDER BY effective_date LIMIT 1').pluck().get(date) === 1
}

/** The sort key of the last glossary term of `edition` (`''` when it has none). */
export function findLastTermSortKey(db: CrdbDatabase, edition: string): string {
  return (
    (prepared(db, `SELECT MAX(sort_key) FROM versions v WHERE kind = 'term' AND ${inForceAt('v')}`)
      .pluck()
      .get({ edition }) as string | null) ?? ''
  )
}
