/**
 * Migration 4: a ranked search index.
 *
 * The full-text index gains a `name` column (a glossary term's heading, or the
 * title of a rule such as "702.19 Trample"), so bm25-style ranking can weigh a
 * name above body text; and `search_stems` keeps each indexed (stemmed) word
 * with the number of texts that hold it, for typo correction and word weights.
 * The index is rebuilt here from the stored contents, so an older database
 * upgrades in place.
 *
 * Frozen: never edit a released migration; add the next number instead.
 */

/** The SQL of migration 4. */
export const sql = `
DROP TABLE contents_fts;

-- rowid = contents.id. name: a term's heading(s), or a title rule's text; text; examples (one a line).
CREATE VIRTUAL TABLE contents_fts USING fts5(
  name, text, examples, tokenize = 'porter unicode61 remove_diacritics 2'
);

-- A title rule: a numbered rule without a letter (704, 702.19) whose text is a short heading.
INSERT INTO contents_fts (rowid, name, text, examples)
SELECT c.id,
       CASE
         WHEN c.kind = 'term' THEN
           COALESCE((SELECT group_concat(label, ' / ') FROM (SELECT DISTINCT label FROM versions WHERE content_id = c.id AND kind = 'term' ORDER BY label)), '')
         WHEN c.text NOT LIKE '%.' AND c.text NOT LIKE '%:' AND c.text NOT LIKE '%' || char(10) || '%'
              AND length(c.text) - length(replace(c.text, ' ', '')) < 8
              AND EXISTS (SELECT 1 FROM versions v WHERE v.content_id = c.id AND v.kind = 'rule' AND v.key NOT GLOB '*[a-z]*')
           THEN c.text
         ELSE ''
       END,
       c.text,
       COALESCE((SELECT group_concat(text, char(10)) FROM (SELECT text FROM examples WHERE content_id = c.id ORDER BY ordinal)), '')
FROM contents c;

-- The index's own vocabulary (read-only view of it).
CREATE VIRTUAL TABLE contents_fts_vocabulary USING fts5vocab(contents_fts, row);

-- Each stemmed word of the index with the number of texts holding it, refreshed after each build.
CREATE TABLE search_stems (
  stem TEXT PRIMARY KEY,
  docs INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
INSERT INTO search_stems (stem, docs) SELECT term, doc FROM contents_fts_vocabulary;
INSERT INTO contents_fts(contents_fts) VALUES ('optimize');
`
