/**
 * Every SQL question search (and name resolution) asks, one named function each.
 */
import type { Crdb } from './database.js'
import { prepared } from './statements.js'
import { readDataVersion } from './content.js'

/** Which versions a search reads: those in force at some point from `from` to `to` (edition dates); `null`: all. */
export type ScopeRange = { from: string; to: string } | null

/**
 * A version as search reads it: kind, key, label, sort key, content id, first and last date, obsolete (0 or 1), id,
 * and its lineage (`versions.lineage_id`, `null` before the lineage is computed).
 */
export type VersionTuple = ['rule' | 'term', string, string, string, number, string, string, number, number, number | null]

const versionColumns = 'kind, key, label, sort_key, content_id, first_date, last_date, obsolete, id, lineage_id'

function rangeCondition(range: ScopeRange): string {
  return range === null ? '' : ' AND first_date <= @to AND last_date >= @from'
}

function rangeParameters(range: ScopeRange): Record<string, string> {
  return range === null ? {} : { from: range.from, to: range.to }
}

/**
 * A value that changes whenever the database does (another connection's write, or this one's): the run's
 * {@link readDataVersion} (a read-only handle's is read once per synchronous run, and shared with the server's
 * content tag) and this connection's count of changes.
 */
export function readGeneration(db: Crdb): string {
  return `${readDataVersion(db)}:${prepared<[], number>(db, 'SELECT total_changes()').pluck().get()}`
}

/** The effective dates of every edition, oldest first. */
export function readEditionDates(db: Crdb): string[] {
  return prepared<[], string>(db, 'SELECT effective_date FROM editions ORDER BY effective_date').pluck().all()
}

/** How many texts the index holds. */
export function countIndexedTexts(db: Crdb): number {
  // COUNT(*): one row, always.
  return prepared<[], number>(db, 'SELECT COUNT(*) FROM contents').pluck().get()!
}

/** How many texts hold each of these stems (absent: none). */
export function readStemCounts(db: Crdb, stems: string[]): Map<string, number> {
  const rows = prepared<[string], [string, number]>(db, 'SELECT stem, docs FROM search_stems WHERE stem IN (SELECT value FROM json_each(?))')
    .raw()
    .all(JSON.stringify(stems))
  return new Map(rows)
}

/** Every stem of the index with its count of texts. */
export function readAllStems(db: Crdb): Array<[string, number]> {
  return prepared<[], [string, number]>(db, 'SELECT stem, docs FROM search_stems').raw().all()
}

/** The ids of the texts matching an FTS5 expression (already quoted and checked). */
export function matchTexts(db: Crdb, match: string): number[] {
  return prepared<[string], number>(db, 'SELECT rowid FROM contents_fts WHERE contents_fts MATCH ?').pluck().all(match)
}

/** The ids of the `limit` texts matching an FTS5 expression that bm25 ranks best (names weigh 3, examples 0.25). */
export function matchBestTexts(db: Crdb, match: string, limit: number): number[] {
  return prepared<[string, number], number>(db, 'SELECT rowid FROM contents_fts WHERE contents_fts MATCH ? ORDER BY bm25(contents_fts, 3.0, 1.0, 0.25) LIMIT ?')
    .pluck()
    .all(match, limit)
}

/** Whether any text matches an FTS5 expression. */
export function anyTextMatches(db: Crdb, match: string): boolean {
  return prepared<[string], { 1: number }>(db, 'SELECT 1 FROM contents_fts WHERE contents_fts MATCH ? LIMIT 1').get(match) !== undefined
}

/** The indexed fields of these texts: id, name, text, examples (joined by line breaks), as the index read them. */
export function readIndexedTexts(db: Crdb, ids: number[]): Array<[number, string, string, string]> {
  return prepared<[string], [number, string, string, string]>(
    db,
    `SELECT c.id, COALESCE(n.name, ''), c.text,
            COALESCE((SELECT group_concat(e.text, char(10)) FROM (SELECT text FROM examples WHERE content_id = c.id ORDER BY ordinal) e), '')
     FROM contents c LEFT JOIN search_names n ON n.content_id = c.id WHERE c.id IN (SELECT value FROM json_each(?))`
  )
    .raw()
    .all(JSON.stringify(ids))
}

/** Every lineage's stable id by its root (`versions.lineage_id` of its versions): about 4,300 of them. */
export function readLineageIds(db: Crdb): Array<[number, string]> {
  return prepared<[], [number, string]>(db, 'SELECT root, id FROM lineages').raw().all()
}

/** The versions in `range` of these contents. */
export function readVersionsOfContents(db: Crdb, contentIds: number[], range: ScopeRange): VersionTuple[] {
  return prepared<Record<string, string>, VersionTuple>(
    db,
    `SELECT ${versionColumns} FROM versions WHERE content_id IN (SELECT value FROM json_each(@ids))${rangeCondition(range)}`
  )
    .raw()
    .all({ ids: JSON.stringify(contentIds), ...rangeParameters(range) })
}

/** The versions in `range` of these rule numbers. */
export function readRuleVersions(db: Crdb, keys: string[], range: ScopeRange): VersionTuple[] {
  return prepared<Record<string, string>, VersionTuple>(
    db,
    `SELECT ${versionColumns} FROM versions WHERE kind = 'rule' AND key IN (SELECT value FROM json_each(@keys))${rangeCondition(range)}`
  )
    .raw()
    .all({ keys: JSON.stringify(keys), ...rangeParameters(range) })
}

/** Every version in `range`. */
export function readAllVersions(db: Crdb, range: ScopeRange): VersionTuple[] {
  return prepared<Record<string, string>, VersionTuple>(db, `SELECT ${versionColumns} FROM versions WHERE 1 = 1${rangeCondition(range)}`)
    .raw()
    .all(rangeParameters(range))
}

/** The title rule (a number without a letter) whose text is `name`, ignoring case. */
export function readTitleRule(db: Crdb, name: string, edition: string): { key: string; text: string } | undefined {
  return prepared<{ edition: string; name: string }, { key: string; text: string }>(
    db,
    `SELECT v.key, c.text FROM versions v JOIN contents c ON c.id = v.content_id
     WHERE v.kind = 'rule' AND v.first_date <= @edition AND v.last_date >= @edition
       AND lower(c.text) = lower(@name) AND v.key NOT GLOB '*[a-z]*'
     ORDER BY v.sort_key LIMIT 1`
  ).get({ edition, name })
}

/** Whether rule `key` is in the edition dated `edition`. */
export function readRuleExists(db: Crdb, key: string, edition: string): boolean {
  return (
    prepared<[string, string, string], { 1: number }>(db, `SELECT 1 FROM versions WHERE kind = 'rule' AND key = ? AND first_date <= ? AND last_date >= ?`).get(
      key,
      edition,
      edition
    ) !== undefined
  )
}

/** Every titled rule's versions (sections, rules, keyword rules): key, first and last date, title. */
export function readRuleTitles(db: Crdb): Array<[string, string, string, string]> {
  return prepared<[], [string, string, string, string]>(
    db,
    `SELECT v.key, v.first_date, v.last_date, n.name FROM versions v JOIN search_names n ON n.content_id = v.content_id WHERE v.kind = 'rule'`
  )
    .raw()
    .all()
}

/**
 * Every version of a rule whose text may cite another rule (it says "rule" or "section"): key,
 * first and last date, content id, text.
 */
export function readCitingRuleVersions(db: Crdb): Array<[string, string, string, number, string]> {
  return prepared<[], [string, string, string, number, string]>(
    db,
    `SELECT v.key, v.first_date, v.last_date, c.id, c.text FROM versions v JOIN contents c ON c.id = v.content_id
      WHERE v.kind = 'rule' AND (c.text LIKE '%rule%' OR c.text LIKE '%section%')`
  )
    .raw()
    .all()
}

/** Every glossary term's and titled rule's versions: kind, key, name (a term's heading, a rule's title), first and last date, content id. */
export function readNamedVersions(db: Crdb): Array<['rule' | 'term', string, string, string, string, number]> {
  return prepared<[], ['rule' | 'term', string, string, string, string, number]>(
    db,
    `SELECT v.kind, v.key, COALESCE(n.name, v.label), v.first_date, v.last_date, v.content_id
       FROM versions v LEFT JOIN search_names n ON n.content_id = v.content_id
      WHERE v.kind = 'term' OR n.name IS NOT NULL`
  )
    .raw()
    .all()
}
