/**
 * What diffs ask of the store: the versions in force in an edition (rules or
 * terms), the lineage links between two editions, and where an old number went.
 */
import type { LinkBasis, LinkKind } from '../vocabulary/kinds.js'
import type { Crdb } from './database.js'
import { inForceAt, prepared } from './statements.js'

/** A version in force in an edition, as a diff compares it (its text is read only when it changed: {@link listContentsOf}). */
export interface DiffVersionRow {
  id: number
  key: string
  contentId: number
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

/**
 * The versions of `kind` in force in the edition dated `edition` but not in the one dated `other`, in
 * document order: one side of what changed between two editions. Against a later edition, those that
 * ended before it (walked by last date); against an earlier one, those that began after it (by first date).
 */
export function listVersionsOnlyIn(db: Crdb, kind: 'rule', edition: string, other: string): DiffVersionRow[]
export function listVersionsOnlyIn(db: Crdb, kind: 'term', edition: string, other: string): DiffTermRow[]
export function listVersionsOnlyIn(db: Crdb, kind: 'rule' | 'term', edition: string, other: string): DiffVersionRow[] | DiffTermRow[] {
  // A diff of two editions reads thousands of rows: as arrays, each made an object here (cheaper).
  if (kind === 'term') {
    const terms = prepared<OnlyInParams, [number, string, string, string, number, string, string]>(db, onlyInSql(kind, edition, other))
      .raw()
      .all({ kind, edition, other })
    return terms.map(([id, key, label, sortKey, contentId, firstDate, text]) => ({ id, key, label, sortKey, contentId, firstDate, text }))
  }
  const rows = prepared<OnlyInParams, [number, string, number, string]>(db, onlyInSql(kind, edition, other))
    .raw()
    .all({ kind, edition, other })
  return rows.map(([id, key, contentId, firstDate]) => ({ id, key, contentId, firstDate }))
}

/** The parameters of {@link onlyInSql}. */
interface OnlyInParams {
  kind: 'rule' | 'term'
  edition: string
  other: string
}

/** SQL: the versions of `@kind` in {@link onlyInCondition}, in document order. */
function onlyInSql(kind: 'rule' | 'term', edition: string, other: string): string {
  // `+v.kind`: walk the dates' index, not every version of the kind in document order.
  return `SELECT ${diffColumns(kind)} FROM versions v ${kind === 'term' ? 'JOIN contents c ON c.id = v.content_id' : ''}
     WHERE ${onlyInCondition(edition, other)} AND +v.kind = @kind ORDER BY v.sort_key`
}

/**
 * SQL: version `v` is in force in the edition bound to `@edition` and not in the one bound to `@other`.
 * Against a later edition, it ended before it (walked by last date); against an earlier one, it began
 * after it (by first date).
 */
function onlyInCondition(edition: string, other: string): string {
  return other > edition
    ? 'v.last_date >= @edition AND v.last_date < @other AND v.first_date <= @edition'
    : 'v.first_date > @other AND v.first_date <= @edition AND v.last_date >= @edition'
}

/** A rule version of {@link listRuleTextsOnlyIn}: with its text and examples. */
export interface DiffTextRow extends DiffVersionRow {
  content: ContentRow
}

/**
 * {@link listVersionsOnlyIn} for rules, each with its text and examples, in the same statement: a
 * diff of whole editions shows nearly every version that differs, so it reads them as it walks.
 */
export function listRuleTextsOnlyIn(db: Crdb, edition: string, other: string): DiffTextRow[] {
  const rows = prepared<{ edition: string; other: string }, [number, string, number, string, string, string | null]>(
    db,
    `SELECT v.id, v.key, v.content_id, v.first_date, c.text, nullif(${examplesOf('c.id')}, '[]')
     FROM versions v JOIN contents c ON c.id = v.content_id
     WHERE ${onlyInCondition(edition, other)} AND +v.kind = 'rule' ORDER BY v.sort_key`
  )
    .raw()
    .all({ edition, other })
  return rows.map(([id, key, contentId, firstDate, text, examples]) => ({
    id,
    key,
    contentId,
    firstDate,
    content: { text, examples: examples === null ? [] : (JSON.parse(examples) as string[]) }
  }))
}

/** SQL: the examples of content `id` (a column), in order, as a JSON array. */
function examplesOf(id: string): string {
  return `(SELECT json_group_array(e.text) FROM (SELECT text FROM examples WHERE content_id = ${id} ORDER BY ordinal) e)`
}

function diffColumns(kind: 'rule' | 'term'): string {
  return kind === 'rule' ? 'v.id, v.key, v.content_id, v.first_date' : 'v.id, v.key, v.label, v.sort_key, v.content_id, v.first_date, c.text'
}

/** How many versions of `kind` are in force in both the edition dated `earlier` and the later one dated `later` (read from an index alone). */
export function countVersionsStaying(db: Crdb, kind: 'rule' | 'term', earlier: string, later: string): number {
  // COUNT(*): one row, always.
  return prepared<{ kind: 'rule' | 'term'; earlier: string; later: string }, number>(
    db,
    'SELECT COUNT(*) FROM versions v WHERE v.first_date <= @earlier AND v.last_date >= @later AND +v.kind = @kind'
  )
    .pluck()
    .get({ kind, earlier, later })!
}

/** The numbers of the rule versions in force in both the edition dated `earlier` and the later one dated `later`. */
export function listRuleKeysStaying(db: Crdb, earlier: string, later: string): string[] {
  return prepared<{ earlier: string; later: string }, string>(
    db,
    `SELECT v.key FROM versions v WHERE v.first_date <= @earlier AND v.last_date >= @later AND +v.kind = 'rule'`
  )
    .pluck()
    .all({ earlier, later })
}

/** A stored text with its examples. */
export interface ContentRow {
  text: string
  examples: string[]
}

/** The texts (with their examples, in order) of these contents, read in one query, by content id. */
export function listContentsOf(db: Crdb, contentIds: Iterable<number>): Map<number, ContentRow> {
  const rows = prepared<[string], [number, string, string | null]>(
    db,
    `SELECT c.id, c.text, nullif(${examplesOf('c.id')}, '[]') FROM contents c WHERE c.id IN (SELECT value FROM json_each(?))`
  )
    .raw()
    .all(JSON.stringify([...new Set(contentIds)]))
  // No examples come back as NULL (most texts have none): one string fewer to hand over and parse.
  return new Map(rows.map(([id, text, examples]) => [id, { text, examples: examples === null ? [] : (JSON.parse(examples) as string[]) }]))
}

/** A lineage link as a diff walks it, with the number and first date of the versions at both ends. */
export interface DiffLinkRow {
  from: number
  to: number
  kind: string
  score: number
  reason: string
  basis: LinkBasis
  fromKey: string
  fromDate: string
  toKey: string
  toDate: string
}

/** The lineage links into versions that start after `older` and by `newer`. */
export function listLinksBetween(db: Crdb, older: string, newer: string): DiffLinkRow[] {
  const rows = prepared<{ older: string; newer: string }, [number, number, string, number, string, LinkBasis, string, string, string, string]>(
    db,
    `SELECT l.from_version, l.to_version, l.kind, l.score, l.reason, l.basis, f.key, f.first_date, v.key, v.first_date
     FROM versions v JOIN lineage_links l ON l.to_version = v.id JOIN versions f ON f.id = l.from_version
     WHERE v.first_date > @older AND v.first_date <= @newer`
  )
    .raw()
    .all({ older, newer })
  return rows.map(([from, to, kind, score, reason, basis, fromKey, fromDate, toKey, toDate]) => ({
    from,
    to,
    kind,
    score,
    reason,
    basis,
    fromKey,
    fromDate,
    toKey,
    toDate
  }))
}

/** A rule version's number and interval. */
export interface VersionSpan {
  id: number
  key: string
  firstDate: string
  lastDate: string
}

/** Rule `key`'s last version that ended before `edition`, or `undefined`. */
export function findLastVersionBefore(db: Crdb, key: string, edition: string): VersionSpan | undefined {
  return prepared<[string, string], VersionSpan>(
    db,
    `SELECT id, key, first_date AS firstDate, last_date AS lastDate FROM versions
     WHERE kind = 'rule' AND key = ? AND last_date < ? ORDER BY last_date DESC LIMIT 1`
  ).get(key, edition)
}

/** The versions version `id` continues as (its outgoing lineage links), in document order. */
export function listContinuations(db: Crdb, id: number): Array<VersionSpan & { kind: LinkKind }> {
  return prepared<[number], VersionSpan & { kind: LinkKind }>(
    db,
    `SELECT v.id, v.key, v.first_date AS firstDate, v.last_date AS lastDate, l.kind FROM lineage_links l
     JOIN versions v ON v.id = l.to_version WHERE l.from_version = ? ORDER BY v.sort_key`
  ).all(id)
}

/** Whether the edition dated `edition` is stored truncated. */
export function isEditionTruncated(db: Crdb, edition: string): boolean {
  return prepared<[string], number>(db, 'SELECT truncated FROM editions WHERE effective_date = ?').pluck().get(edition) === 1
}

/** Whether the first edition after `date` is stored truncated. */
export function isNextEditionTruncated(db: Crdb, date: string): boolean {
  return prepared<[string], number>(db, 'SELECT truncated FROM editions WHERE effective_date > ? ORDER BY effective_date LIMIT 1').pluck().get(date) === 1
}

/** The sort key of the last glossary term of `edition` (`''` when it has none). */
export function findLastTermSortKey(db: Crdb, edition: string): string {
  return (
    prepared<{ edition: string }, string | null>(db, `SELECT MAX(sort_key) FROM versions v WHERE kind = 'term' AND ${inForceAt('v')}`)
      .pluck()
      .get({ edition }) ?? ''
  )
}
