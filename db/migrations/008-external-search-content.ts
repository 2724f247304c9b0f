/**
 * Migration 8: the full-text index keeps no copy of the texts.
 *
 * `contents_fts` held its own copy of every text and its examples (a quarter of
 * the file). It becomes an external-content index over the view
 * `contents_search`, which reads them from `contents` and `examples`; the name
 * each text is indexed under (a glossary term's heading, a rule's title) moves
 * to `search_names` (only texts that have one). The index is rebuilt from the stored contents, so an
 * older database upgrades in place. (An external-content index removes a text
 * by reading it back: delete its index entry before its examples and row.)
 *
 * Also: `versions_by_first_date` carries the last date and kind, so "the
 * versions in force in both of two editions" is counted from the index alone.
 *
 * Frozen: never edit a released migration; add the next number instead.
 */

/** The SQL of migration 8. */
export const sql = `
CREATE TABLE IF NOT EXISTS search_names (
  content_id INTEGER PRIMARY KEY REFERENCES contents(id),
  name TEXT NOT NULL
) STRICT;
INSERT OR REPLACE INTO search_names (content_id, name) SELECT rowid, name FROM contents_fts WHERE name <> '';

DROP TABLE contents_fts_vocabulary;
DROP TABLE contents_fts;
DROP VIEW IF EXISTS contents_search;
CREATE VIEW contents_search (id, name, text, examples) AS
SELECT c.id, COALESCE(n.name, ''), c.text,
       COALESCE((SELECT group_concat(e.text, char(10)) FROM (SELECT text FROM examples WHERE content_id = c.id ORDER BY ordinal) e), '')
FROM contents c LEFT JOIN search_names n ON n.content_id = c.id;
CREATE VIRTUAL TABLE contents_fts USING fts5(
  name, text, examples, content = 'contents_search', content_rowid = 'id', tokenize = 'porter unicode61 remove_diacritics 2'
);
INSERT INTO contents_fts(contents_fts) VALUES ('rebuild');
INSERT INTO contents_fts(contents_fts) VALUES ('optimize');
CREATE VIRTUAL TABLE contents_fts_vocabulary USING fts5vocab(contents_fts, row);

DROP INDEX versions_by_first_date;
CREATE INDEX versions_by_first_date ON versions(first_date, last_date, kind);
`
