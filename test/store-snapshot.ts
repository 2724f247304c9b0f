/**
 * Two views of a stored database for tests: a hash of every table's rows (to
 * show that a rejected input left the store byte-for-byte unchanged), and its
 * content with row ids replaced by what they stand for (to compare a database
 * with a clean build of the same sources, whatever order rows were written in).
 */
import { createHash } from 'node:crypto'
import Database from 'better-sqlite3'

/** Table name -> sha256 of its rows in rowid (or key) order, read from the file at `path` without writing it. */
export function hashTables(path: string): Record<string, string> {
  const db = new Database(path, { readonly: true, fileMustExist: true })
  try {
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all() as string[]
    const hashes: Record<string, string> = { user_version: String(db.pragma('user_version', { simple: true })) }
    for (const table of tables) {
      const hash = createHash('sha256')
      for (const row of db.prepare(`SELECT * FROM "${table}"`).raw().iterate() as Iterable<unknown[]>) hash.update(JSON.stringify(row) + '\n')
      hashes[table] = hash.digest('hex')
    }
    return hashes
  } finally {
    db.close()
  }
}

/**
 * The content of a crdb database, table by table, as sorted lines in which ids
 * are replaced by natural keys (a source by its sha256, a content by its hash,
 * a version by kind, key and first edition) and times of writing are left out.
 */
export function canonicalContent(path: string): Record<string, string[]> {
  const db = new Database(path, { readonly: true, fileMustExist: true })
  const lines = (sql: string): string[] => (db.prepare(sql).raw().all() as unknown[][]).map((row) => JSON.stringify(row)).sort()
  const version = (alias: string): string => `(SELECT kind || ' ' || key || ' ' || first_date FROM versions WHERE id = ${alias})`
  try {
    return {
      sources: lines('SELECT uri, sha256, format, encoding, line_ending, bytes FROM sources'),
      editions: lines(
        `SELECT e.effective_date, s.sha256, date_statement, date_line, rule_count, example_count, glossary_count, truncated, wrapped
         FROM editions e JOIN sources s ON s.id = e.source_id`
      ),
      messages: lines('SELECT s.sha256, line, rule, severity, code, text FROM messages m JOIN sources s ON s.id = m.source_id'),
      contents: lines('SELECT hash, kind, text FROM contents'),
      examples: lines('SELECT c.hash, ordinal, x.text FROM examples x JOIN contents c ON c.id = x.content_id'),
      search: lines('SELECT c.hash, f.text, f.examples FROM contents_fts f JOIN contents c ON c.id = f.rowid'),
      versions: lines(
        `SELECT v.kind, v.key, v.label, v.sort_key, c.hash, v.first_date, v.last_date, s.sha256, v.line, v.obsolete, ${version('v.lineage_id')}
         FROM versions v JOIN contents c ON c.id = v.content_id JOIN sources s ON s.id = v.source_id`
      ),
      lineage: lines(`SELECT ${version('from_version')}, ${version('to_version')}, kind, similarity FROM lineage_links`),
      // The ids only: aliases record what one file saw before, which a clean build never did.
      lineageIds: lines(`SELECT id, ${version('root')} FROM lineages`),
      aliases: lines('SELECT alias, key FROM term_aliases'),
      dumps: lines(
        `SELECT s.sha256, kind, title, stated_date, date_statement, date_line, era_edition, inferred_from, inferred_to, match_score, disagreeing, entry_count
         FROM dumps d JOIN sources s ON s.id = d.source_id`
      ),
      attestations: lines(
        `SELECT s.sha256, ordinal, line, a.kind, a.label, a.key, a.dump_key, term, document, text, examples, fragment, as_of, revision_date, author, authored_date,
                ${version('a.version_id')}, status, similarity, diff, remarks
         FROM attestations a JOIN sources s ON s.id = a.source_id`
      ),
      derived: lines('SELECT name, stale FROM derived_state')
    }
  } finally {
    db.close()
  }
}
