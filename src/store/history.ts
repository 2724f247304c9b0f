/**
 * Lineages as the read side asks about them: a lineage's versions and links,
 * where a rule's history starts, the edition a text first appeared in (blame),
 * and a glossary term's versions.
 */
import type { LinkBasis, LinkKind } from '../vocabulary/kinds.js'
import type { Crdb } from './database.js'
import { versionsOfEdition } from './edition-scan.js'
import { inForceAt, prepared } from './statements.js'

/** A rule version of a lineage, with its text and provenance. */
export interface LineageVersionRow {
  id: number
  key: string
  contentId: number
  firstDate: string
  lastDate: string
  text: string
  uri: string
  line: number
}

/** A lineage link between two versions, with its score and why it was made. */
export interface LineageLinkRow {
  from: number
  to: number
  kind: LinkKind
  /** Weighted word similarity of the two texts (0..1). */
  similarity: number
  /** Confidence (0..1): the similarity with the structural evidence added. */
  score: number
  /** Why the two were linked, in words. */
  reason: string
  /** What kind of evidence made the link. */
  basis: LinkBasis
}

const versionColumns = `v.id, v.key, v.content_id AS contentId, v.first_date AS firstDate, v.last_date AS lastDate, c.text, s.uri, v.line`
const versionFrom = 'FROM versions v JOIN contents c ON c.id = v.content_id JOIN sources s ON s.id = v.source_id'

/** The lineage version `versionId` belongs to, or `null` before lineage is derived. */
export function findLineageOf(db: Crdb, versionId: number): number | null {
  return prepared<[number], number | null>(db, 'SELECT lineage_id FROM versions WHERE id = ?').pluck().get(versionId) ?? null
}

/** A rule version of a lineage as a history reads it: with its examples. */
export interface LineageWordingRow extends LineageVersionRow {
  /** Its examples as a JSON array, `null` when it has none. */
  examples: string | null
}

/**
 * The lineage version `versionId` belongs to (`null` before lineage is derived) and that lineage's stable id (`null`
 * before the lineage has ids), in one statement.
 */
export function findLineageAndIdOf(db: Crdb, versionId: number): [number | null, string | null] {
  return (
    prepared<[number], [number | null, string | null]>(
      db,
      'SELECT v.lineage_id, (SELECT l.id FROM lineages l WHERE l.root = v.lineage_id) FROM versions v WHERE v.id = ?'
    )
      .raw()
      .get(versionId) ?? [null, null]
  )
}

/** The rule versions of lineage `lineageId`, oldest first, with their examples: one statement. */
export function listLineageVersions(db: Crdb, lineageId: number): LineageWordingRow[] {
  return prepared<[number], LineageWordingRow>(
    db,
    `SELECT ${versionColumns},
       (SELECT json_group_array(x.text) FROM (SELECT text FROM examples WHERE content_id = v.content_id ORDER BY ordinal) x HAVING count(*) > 0) AS examples
     ${versionFrom} WHERE v.kind = 'rule' AND v.lineage_id = ? ORDER BY v.first_date`
  ).all(lineageId)
}

/** The links into the versions of lineage `lineageId`. */
export function listLineageLinks(db: Crdb, lineageId: number): LineageLinkRow[] {
  return prepared<[number], LineageLinkRow>(
    db,
    `SELECT l.from_version AS "from", l.to_version AS "to", l.kind, l.similarity, l.score, l.reason, l.basis FROM lineage_links l
     JOIN versions v ON v.id = l.to_version WHERE v.lineage_id = ?`
  ).all(lineageId)
}

/** Rule `key`'s version in force in `edition`, or `undefined`. */
export function findLineageVersionAt(db: Crdb, key: string, edition: string): LineageVersionRow | undefined {
  return prepared<{ key: string; edition: string }, LineageVersionRow>(
    db,
    `SELECT ${versionColumns} ${versionFrom} WHERE v.kind = 'rule' AND v.key = @key AND ${inForceAt('v')}`
  ).get({ key, edition })
}

/** Rule `key`'s first version (`'first'`) or its last (`'last'`), or `undefined`. */
export function findLineageVersionAtEnd(db: Crdb, key: string, end: 'first' | 'last'): LineageVersionRow | undefined {
  const order = end === 'first' ? 'v.first_date ASC' : 'v.last_date DESC'
  return prepared<{ key: string }, LineageVersionRow>(
    db,
    `SELECT ${versionColumns} ${versionFrom} WHERE v.kind = 'rule' AND v.key = @key ORDER BY ${order} LIMIT 1`
  ).get({ key })
}

/** A rule version for blame: its content and the best-scored version it continues. */
export interface BlameRow {
  id: number
  key: string
  contentId: number
  firstDate: string
  text: string
  /** The version it continues (the best-scored incoming link), or `null`. */
  previous: number | null
}

const previousOf = '(SELECT l.from_version FROM lineage_links l WHERE l.to_version = v.id ORDER BY l.score DESC LIMIT 1)'

/** Every rule of `edition`, in document order, with the version each continues. */
export function listBlameRows(db: Crdb, edition: string): BlameRow[] {
  return prepared<{ edition: string }, BlameRow>(
    db,
    `SELECT v.id, v.key, v.content_id AS contentId, v.first_date AS firstDate, c.text, ${previousOf} AS previous
     FROM ${versionsOfEdition(db, edition)} JOIN contents c ON c.id = v.content_id
     WHERE v.kind = 'rule' AND ${inForceAt('v')} ORDER BY v.sort_key`
  ).all({ edition })
}

/** Version `id` for blame (without its text). */
export function findBlameRow(db: Crdb, id: number): Omit<BlameRow, 'text'> | undefined {
  return prepared<[number], Omit<BlameRow, 'text'>>(
    db,
    `SELECT v.id, v.key, v.content_id AS contentId, v.first_date AS firstDate, ${previousOf} AS previous FROM versions v WHERE v.id = ?`
  ).get(id)
}

/** A glossary term's version with its definition. */
export interface TermVersionRow {
  key: string
  sortKey: string
  label: string
  contentId: number
  firstDate: string
  lastDate: string
  text: string
}

/** The key of the term `name` names (as key or alias) in any edition, the exact key and the newest first. */
export function findTermKeyNamed(db: Crdb, name: string): string | undefined {
  return prepared<{ name: string }, string>(
    db,
    `SELECT key FROM versions WHERE kind = 'term' AND key IN (SELECT key FROM term_aliases WHERE alias = @name UNION SELECT @name)
     ORDER BY key = @name DESC, last_date DESC LIMIT 1`
  )
    .pluck()
    .get({ name })
}

/** Every version of term `key`, oldest first. */
export function listTermVersions(db: Crdb, key: string): TermVersionRow[] {
  return prepared<[string], TermVersionRow>(
    db,
    `SELECT v.key, v.sort_key AS sortKey, v.label, v.content_id AS contentId, v.first_date AS firstDate, v.last_date AS lastDate, c.text
     FROM versions v JOIN contents c ON c.id = v.content_id WHERE v.kind = 'term' AND v.key = ? ORDER BY v.first_date`
  ).all(key)
}
