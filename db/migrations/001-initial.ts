/**
 * Migration 1: sources, editions, messages, contents, versions, full-text index.
 *
 * Frozen: never edit a released migration; add the next number instead.
 */

/** The SQL of migration 1. */
export const sql = `
CREATE TABLE sources (
  id INTEGER PRIMARY KEY,
  uri TEXT NOT NULL,                 -- path or URL the bytes came from
  sha256 TEXT NOT NULL UNIQUE,
  format TEXT NOT NULL,              -- 'official-text', ...
  encoding TEXT NOT NULL,
  line_ending TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  ingested_at TEXT NOT NULL
) STRICT;

CREATE TABLE editions (
  id INTEGER PRIMARY KEY,
  effective_date TEXT NOT NULL UNIQUE,   -- as the document states it, YYYY-MM-DD
  source_id INTEGER NOT NULL UNIQUE REFERENCES sources(id),
  date_statement TEXT NOT NULL,
  date_line INTEGER NOT NULL,
  rule_count INTEGER NOT NULL,
  example_count INTEGER NOT NULL,
  glossary_count INTEGER NOT NULL,
  truncated INTEGER NOT NULL CHECK (truncated IN (0, 1)),
  wrapped INTEGER NOT NULL CHECK (wrapped IN (0, 1))
) STRICT;

CREATE TABLE messages (
  id INTEGER PRIMARY KEY,
  source_id INTEGER NOT NULL REFERENCES sources(id),
  line INTEGER NOT NULL,
  rule TEXT,
  severity TEXT NOT NULL CHECK (severity IN ('error', 'warning', 'info')),
  code TEXT NOT NULL,
  text TEXT NOT NULL
) STRICT;
CREATE INDEX messages_by_source ON messages(source_id, line);

-- Each distinct text is stored once: a rule's text with its examples, or a glossary definition.
CREATE TABLE contents (
  id INTEGER PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('rule', 'term')),
  text TEXT NOT NULL
) STRICT;

-- The examples of a rule content, in document order.
CREATE TABLE examples (
  content_id INTEGER NOT NULL REFERENCES contents(id),
  ordinal INTEGER NOT NULL,
  text TEXT NOT NULL,
  PRIMARY KEY (content_id, ordinal)
) STRICT, WITHOUT ROWID;

-- A version: one key (rule number or glossary term) with one content, in force from the
-- edition dated first_date through the edition dated last_date. When it stopped being in
-- force (valid_to) is derived: the date of the next edition after last_date.
CREATE TABLE versions (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('rule', 'term')),
  key TEXT NOT NULL,                 -- '704.5j', or the glossary term in lower case
  label TEXT NOT NULL,               -- '704.5j', or the term as printed ('Life, Life Total')
  sort_key TEXT NOT NULL,
  content_id INTEGER NOT NULL REFERENCES contents(id),
  first_date TEXT NOT NULL,
  last_date TEXT NOT NULL,
  source_id INTEGER NOT NULL REFERENCES sources(id),   -- provenance: where this text was read
  line INTEGER NOT NULL,
  obsolete INTEGER NOT NULL DEFAULT 0 CHECK (obsolete IN (0, 1)),
  CHECK (first_date <= last_date)
) STRICT;
CREATE INDEX versions_by_key ON versions(kind, key, first_date);
CREATE INDEX versions_by_last_date ON versions(last_date);
CREATE INDEX versions_by_first_date ON versions(first_date);

-- Glossary aliases ('life' and 'life total' for 'Life, Life Total').
CREATE TABLE term_aliases (
  alias TEXT NOT NULL,
  key TEXT NOT NULL,
  PRIMARY KEY (alias, key)
) STRICT, WITHOUT ROWID;

-- Full-text index over contents (rowid = contents.id): rule text or definition, and examples.
CREATE VIRTUAL TABLE contents_fts USING fts5(
  text, examples, tokenize = 'porter unicode61 remove_diacritics 2'
);

-- Versions with their derived end: valid_to is the first edition after last_date (NULL: still in force).
CREATE VIEW versions_in_force AS
SELECT v.*,
       v.first_date AS valid_from,
       (SELECT MIN(e.effective_date) FROM editions e WHERE e.effective_date > v.last_date) AS valid_to
FROM versions v;
`
