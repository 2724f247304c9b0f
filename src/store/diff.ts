/**
 * What diffs ask of the store: the versions in force in an edition (rules or
 * terms), the lineage links between two editions, and where an old number went.
 */
import type { CrdbDatabase } from './database.js'
import { inForceAt, prepared } from './statements.js'

/** A version in force in an edition, as a diff compares it (its text is read only when it changed: {@link listContentsOf}). */
export interface DiffVersionRow {
  id: number
  key: string
  sortKey: string
  contentId: number
  lineageId: number | null
  firstDate: string
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
    `SELECT v.id, v.key, v.sort_key AS sortKey, v.content_id AS contentId, v.lineage_id AS lineageId, v.first_date AS firstDate
     FROM versions v WHERE v.kind = 'rule' AND ${inForceAt('v')} ORDER BY v.sort_key`
  ).all({ edition }) as DiffVersionRow[]
}

/** A stored text with its examples. */
export interface ContentRow {
  text: string
  examples: string[]
}

/** The texts (with their examples, in order) of these contents, read in one query, by content id. */
export function listContentsOf(db: CrdbDatabase, contentIds: Iterable<number>): Map<number, ContentRow> {
  const rows = prepared(
    db,
    `SELECT c.id, c.text, (SELECT json_group_array(e.text) FROM (SELECT text FROM examples WHERE content_id = c.id ORDER BY ordinal) e)
     FROM contents c WHERE c.id IN (SELECT value FROM json_each(?))`
  )
    .raw()
    .all(JSON.stringify([...new Set(contentIds)])) as Array<[number, string, string]>
  return new Map(rows.map(([id, text, examples]) => [id, { text, examples: JSON.parse(examples) as string[] }]))
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

/** A lineage link as a diff walks it, with the number and first date of the versions at both ends. */
export interface DiffLinkRow {
  from: number
  to: number
  kind: string
  score: number
  reason: string
  fromKey: string
  fromDate: string
  toKey: string
  toDate: string
}

/** The lineage links into versions that start after `older` and by `newer`. */
export function listLinksBetween(db: CrdbDatabase, older: string, newer: string): DiffLinkRow[] {
  return prepared(
    db,
    `SELECT l.from_version AS "from", l.to_version AS "to", l.kind, l.score, l.reason,
            f.key AS fromKey, f.first_date AS fromDate, t.key AS toKey, t.first_date AS toDate
     FROM versions t JOIN lineage_links l ON l.to_version = t.id JOIN versions f ON f.id = l.from_version
     WHERE t.first_date > @older AND t.first_date <= @newer`
  ).all({ older, newer }) as DiffLinkRow[]
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
