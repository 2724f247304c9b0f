/**
 * The statements that write official editions: sources, editions, messages,
 * contents and the versions the edition writer splits and joins. Prepared once
 * per database handle; the algorithm lives in `ingest/store.ts`.
 */
import { driverOf, type Crdb } from './handle.js'
import { prepared } from './statements.js'

/** A version as the edition writer sees it: one key's text over a run of editions. */
export interface VersionSlot {
  id: number
  kind: string
  key: string
  contentId: number
  /** The key as this version prints it: a term keeps each edition's capitalization. */
  label: string
  firstDate: string
  lastDate: string
}

/** A source row to insert. */
export interface SourceRow {
  uri: string
  sha256: string
  format: string
  encoding: string
  lineEnding: string
  bytes: number
}

/** An edition row to insert. */
export interface EditionRow {
  effectiveDate: string
  sourceId: number
  dateStatement: string
  dateLine: number
  ruleCount: number
  exampleCount: number
  glossaryCount: number
  truncated: boolean
  wrapped: boolean
}

/** A version row to insert. */
export interface NewVersionRow {
  kind: string
  key: string
  label: string
  sortKey: string
  contentId: number
  firstDate: string
  lastDate: string
  sourceId: number
  line: number
  obsolete: boolean
}

/** A positioned message of a source, as stored. */
export interface MessageRow {
  line: number
  rule?: string | null
  severity: string
  code: string
  text: string
}

/** The edition stored for a date, with the file it was read from. */
export interface StoredEdition {
  id: number
  sourceId: number
  uri: string
  /** The hash of the source's bytes. */
  sha256: string
  truncated: boolean
}

/** The writes (and the reads they need) of the edition writer, prepared once for `db`. */
export type EditionWrites = ReturnType<typeof prepareEditionWrites>

/** Prepare the edition writer's statements on `db`. */
export function prepareEditionWrites(crdb: Crdb) {
  const db = driverOf(crdb)
  const s = {
    sourceBySha: db.prepare<[string], number>('SELECT id FROM sources WHERE sha256 = ?'),
    editionByDate: db.prepare<[string], Omit<StoredEdition, 'truncated'> & { truncated: number }>(
      'SELECT e.id, e.source_id AS sourceId, s.uri, s.sha256, e.truncated FROM editions e JOIN sources s ON s.id = e.source_id WHERE e.effective_date = ?'
    ),
    previousDate: db.prepare<[string], string | null>('SELECT MAX(effective_date) FROM editions WHERE effective_date < ?').pluck(),
    nextDate: db.prepare<[string], string | null>('SELECT MIN(effective_date) FROM editions WHERE effective_date > ?').pluck(),
    versionsAt: db.prepare<{ date: string }, VersionSlot>(
      'SELECT id, kind, key, content_id AS contentId, label, first_date AS firstDate, last_date AS lastDate FROM versions WHERE first_date <= @date AND last_date >= @date'
    ),
    contentIds: db.prepare<[], [string, number]>('SELECT hash, id FROM contents').raw(),
    insertSource: db.prepare('INSERT INTO sources (uri, sha256, format, encoding, line_ending, bytes, ingested_at) VALUES (?, ?, ?, ?, ?, ?, ?)'),
    insertEdition: db.prepare(
      `INSERT INTO editions (effective_date, source_id, date_statement, date_line, rule_count, example_count, glossary_count, truncated, wrapped)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
    ),
    insertMessage: db.prepare('INSERT INTO messages (source_id, line, rule, severity, code, text) VALUES (?, ?, ?, ?, ?, ?)'),
    insertContent: db.prepare('INSERT INTO contents (hash, kind, text) VALUES (?, ?, ?)'),
    insertSearchName: db.prepare('INSERT INTO search_names (content_id, name) VALUES (?, ?)'),
    insertExample: db.prepare('INSERT INTO examples (content_id, ordinal, text) VALUES (?, ?, ?)'),
    insertFts: db.prepare('INSERT INTO contents_fts (rowid, name, text, examples) VALUES (?, ?, ?, ?)'),
    insertVersion: db.prepare(
      `INSERT INTO versions (kind, key, label, sort_key, content_id, first_date, last_date, source_id, line, obsolete)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
    ),
    copyVersion: db.prepare(
      `INSERT INTO versions (kind, key, label, sort_key, content_id, first_date, last_date, source_id, line, obsolete)
       SELECT kind, key, label, sort_key, content_id, @first, last_date, source_id, line, obsolete FROM versions WHERE id = @id`
    ),
    setLastDate: db.prepare('UPDATE versions SET last_date = ? WHERE id = ?'),
    extendMany: db.prepare('UPDATE versions SET last_date = ? WHERE id IN (SELECT value FROM json_each(?))'),
    startEarlier: db.prepare('UPDATE versions SET first_date = ?, source_id = ?, line = ?, label = ? WHERE id = ?'),
    restart: db.prepare('UPDATE versions SET first_date = ?, source_id = ?, line = coalesce(?, line), label = coalesce(?, label) WHERE id = ?'),
    deleteVersion: db.prepare('DELETE FROM versions WHERE id = ?'),
    insertAlias: db.prepare('INSERT OR IGNORE INTO term_aliases (alias, key) VALUES (?, ?)'),
    aliases: db.prepare<[], string>('SELECT alias || char(0) || key FROM term_aliases').pluck()
  }
  return {
    /** True when a source with these bytes is stored. */
    hasSource: (sha256: string): boolean => s.sourceBySha.get(sha256) !== undefined,
    /** The edition stored for `date`, if any. */
    findEdition: (date: string): StoredEdition | undefined => {
      const row = s.editionByDate.get(date)
      return row && { ...row, truncated: row.truncated === 1 }
    },
    /** The newest edition dated before `date`, or null. */
    // MAX and MIN: one row, always.
    previousEditionDate: (date: string): string | null => s.previousDate.get(date)!,
    /** The oldest edition dated after `date`, or null. */
    nextEditionDate: (date: string): string | null => s.nextDate.get(date)!,
    /** The versions in force at the edition dated `date`. */
    versionsAt: (date: string): VersionSlot[] => s.versionsAt.all({ date }),
    /** Every stored content's id by its hash. */
    contentIdsByHash: (): Map<string, number> => new Map(s.contentIds.all()),
    /** Insert a source read now; its id. */
    insertSource: (row: SourceRow): number =>
      Number(s.insertSource.run(row.uri, row.sha256, row.format, row.encoding, row.lineEnding, row.bytes, new Date().toISOString()).lastInsertRowid),
    /** Insert an edition; its id. */
    insertEdition: (row: EditionRow): number =>
      Number(
        s.insertEdition.run(
          row.effectiveDate,
          row.sourceId,
          row.dateStatement,
          row.dateLine,
          row.ruleCount,
          row.exampleCount,
          row.glossaryCount,
          row.truncated ? 1 : 0,
          row.wrapped ? 1 : 0
        ).lastInsertRowid
      ),
    /** Insert one message of a source. */
    insertMessage: (sourceId: number, message: MessageRow): void => {
      s.insertMessage.run(sourceId, message.line, message.rule ?? null, message.severity, message.code, message.text)
    },
    /** Insert a distinct text with its examples into the contents and the full-text index (with its {@link searchNameOf name}); its id. */
    insertContent: (hash: string, kind: string, text: string, examples: readonly string[], name = ''): number => {
      const id = Number(s.insertContent.run(hash, kind, text).lastInsertRowid)
      if (name !== '') s.insertSearchName.run(id, name)
      for (const [ordinal, example] of examples.entries()) s.insertExample.run(id, ordinal, example)
      s.insertFts.run(id, name, text, examples.join('\n'))
      return id
    },
    /** Insert a version; its id. */
    insertVersion: (row: NewVersionRow): number =>
      Number(
        s.insertVersion.run(row.kind, row.key, row.label, row.sortKey, row.contentId, row.firstDate, row.lastDate, row.sourceId, row.line, row.obsolete ? 1 : 0)
          .lastInsertRowid
      ),
    /** Copy version `id` as a new version starting at `firstDate`; the copy's id. */
    copyVersion: (id: number, firstDate: string): number => Number(s.copyVersion.run({ first: firstDate, id }).lastInsertRowid),
    /** Set the last edition of version `id`. */
    setLastDate: (id: number, lastDate: string): void => {
      s.setLastDate.run(lastDate, id)
    },
    /** Set the last edition of many versions at once. */
    extendVersions: (ids: readonly number[], lastDate: string): void => {
      s.extendMany.run(lastDate, JSON.stringify(ids))
    },
    /** Start version `id` at an earlier edition, read from `sourceId` at `line`. */
    startVersionEarlier: (id: number, firstDate: string, sourceId: number, line: number, label: string): void => {
      s.startEarlier.run(firstDate, sourceId, line, label, id)
    },
    /** Start version `id` later, at the edition dated `firstDate` read from `sourceId` (line and label kept when unknown). */
    restartVersion: (id: number, firstDate: string, sourceId: number, line?: number, label?: string): void => {
      s.restart.run(firstDate, sourceId, line ?? null, label ?? null, id)
    },
    /** Delete version `id`. */
    deleteVersion: (id: number): void => {
      s.deleteVersion.run(id)
    },
    /** Every glossary alias stored, as `alias NUL key`. */
    aliases: (): Set<string> => new Set(s.aliases.all()),
    /** Record a glossary alias of term `key`. */
    insertAlias: (alias: string, key: string): void => {
      s.insertAlias.run(alias, key)
    }
  }
}

/**
 * Merge the full-text index into one segment after a build: about 50 ms once,
 * and every later search reads one segment instead of a dozen. With `merge`
 * false (an edition appended: one small segment more, and the merge would
 * rewrite the whole index) only the stems are counted again; FTS5 merges
 * segments by itself as they accumulate, and answers do not depend on them.
 */
export function optimizeSearchIndex(db: Crdb, merge = true): void {
  if (merge) prepared(db, "INSERT INTO contents_fts(contents_fts) VALUES ('optimize')").run()
  refreshSearchStems(db)
}

/**
 * Recount the stemmed words of the full-text index (`search_stems`), which
 * search reads for word weights and typo correction. About 40 ms.
 */
function refreshSearchStems(db: Crdb): void {
  driverOf(db)
    .transaction(() => {
      prepared(db, 'DELETE FROM search_stems').run()
      prepared(db, 'INSERT INTO search_stems (stem, docs) SELECT term, doc FROM contents_fts_vocabulary').run()
    })
    .immediate()
}

/**
 * The name the search index gives a text: a glossary term's heading, or the
 * title of a title rule (a number without a letter, such as 702.19, whose text
 * is a short heading such as "Trample"); else ''. Migration 004 reads the
 * stored contents the same way.
 */
export function searchNameOf(entry: { kind: string; key: string; label: string; text: string }): string {
  if (entry.kind === 'term') return entry.label
  const text = entry.text
  const isTitle = !/[a-z]/.test(entry.key) && !/[.:]$/.test(text) && !text.includes('\n') && text.split(' ').length <= 8
  return isTitle ? text : ''
}

/**
 * Delete an edition's own rows once its versions are undone: the edition, its
 * source and messages, and the texts (with examples and index entries) that no
 * version uses any more.
 */
export function removeEditionRows(db: Crdb, editionId: number, sourceId: number): void {
  prepared(db, 'DELETE FROM editions WHERE id = ?').run(editionId)
  prepared(db, 'DELETE FROM messages WHERE source_id = ?').run(sourceId)
  prepared(db, 'DELETE FROM sources WHERE id = ?').run(sourceId)
  const orphans = prepared<[], number>(db, 'SELECT id FROM contents WHERE id NOT IN (SELECT content_id FROM versions)').pluck().all()
  for (const id of orphans) {
    // The index reads a text back (through contents_search) to take it out: first, while it is whole.
    prepared(db, 'DELETE FROM contents_fts WHERE rowid = ?').run(id)
    prepared(db, 'DELETE FROM search_names WHERE content_id = ?').run(id)
    prepared(db, 'DELETE FROM examples WHERE content_id = ?').run(id)
    prepared(db, 'DELETE FROM contents WHERE id = ?').run(id)
  }
}

/**
 * The contents among `ids` that no version uses before `date`: the texts whose
 * search name the edition of `date` gave (the first edition to store a text
 * names it). Read before that edition's versions are undone.
 */
export function listContentsFirstUsedAt(db: Crdb, ids: readonly number[], date: string): number[] {
  return prepared<[string, string], number>(
    db,
    'SELECT content_id FROM versions WHERE content_id IN (SELECT value FROM json_each(?)) GROUP BY content_id HAVING MIN(first_date) = ?'
  )
    .pluck()
    .all(JSON.stringify(ids), date)
}

/**
 * Once an edition is removed, give each text of `ids` that is still stored the
 * search name its earliest version now gives it, as a build without that
 * edition would have (a term's heading as that edition printed it), and
 * re-index those whose name changes.
 */
export function renameSearchTexts(db: Crdb, ids: readonly number[]): void {
  const earliest = prepared<[number], { kind: string; key: string; label: string; text: string; name: string | null }>(
    db,
    `SELECT v.kind, v.key, v.label, c.text, n.name FROM versions v JOIN contents c ON c.id = v.content_id
     LEFT JOIN search_names n ON n.content_id = c.id WHERE v.content_id = ? ORDER BY v.first_date, v.line LIMIT 1`
  )
  for (const id of ids) {
    const found = earliest.get(id)
    if (!found) continue // Removed with the edition.
    const name = searchNameOf(found)
    if (name === (found.name ?? '')) continue
    // The index reads the old name back (through contents_search) to take the text out: first, then the new name.
    prepared(db, 'DELETE FROM contents_fts WHERE rowid = ?').run(id)
    if (name === '') prepared(db, 'DELETE FROM search_names WHERE content_id = ?').run(id)
    else prepared(db, 'INSERT OR REPLACE INTO search_names (content_id, name) VALUES (?, ?)').run(id, name)
    prepared(db, 'INSERT INTO contents_fts (rowid, name, text, examples) SELECT id, name, text, examples FROM contents_search WHERE id = ?').run(id)
  }
}

/** Delete the glossary aliases of terms that no version has any more (an alias is read from its term's heading). */
export function removeOrphanAliases(db: Crdb): void {
  prepared(db, "DELETE FROM term_aliases WHERE key NOT IN (SELECT key FROM versions WHERE kind = 'term')").run()
}
