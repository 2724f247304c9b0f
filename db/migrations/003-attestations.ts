/**
 * Migration 3: secondary dumps (rulings sites, wiki pages, book-style copies)
 * and their attestations of the official text.
 *
 * Secondary text never goes into `contents` or `versions` (those hold the
 * official editions only): each rule, glossary entry, note or ruling a dump
 * quotes is an attestation, linked to the official version it matches.
 *
 * Frozen: never edit a released migration; add the next number instead.
 */

/** The SQL of migration 3. */
export const sql = `
-- One row per secondary source (its bytes, uri and format are in sources).
CREATE TABLE dumps (
  id INTEGER PRIMARY KEY,
  source_id INTEGER NOT NULL UNIQUE REFERENCES sources(id),
  kind TEXT NOT NULL CHECK (kind IN ('crystal-keep', 'mtg-wiki', 'book')),
  title TEXT,                         -- page title, when the page has one
  stated_date TEXT,                   -- the date the dump states (YYYY-MM-DD), NULL when it states none
  date_statement TEXT,                -- the words that state it
  date_line INTEGER,
  era_edition TEXT,                   -- the edition its text is reconciled against (NULL: none fits)
  inferred_from TEXT,                 -- first and last edition whose text it matches best
  inferred_to TEXT,
  match_score REAL CHECK (match_score IS NULL OR (match_score >= 0 AND match_score <= 1)),
  disagreeing TEXT,                   -- JSON array: the entries not equal throughout the best-matching run
  entry_count INTEGER NOT NULL,       -- attestations read from it
  reconciled_at TEXT                  -- when reconciliation last ran (NULL: not yet)
) STRICT;

-- One row per rule, glossary entry, note, ruling or outside quote read from a dump.
CREATE TABLE attestations (
  id INTEGER PRIMARY KEY,
  source_id INTEGER NOT NULL REFERENCES sources(id),
  ordinal INTEGER NOT NULL,           -- order in the dump
  line INTEGER NOT NULL,              -- 1-based line in the decoded source
  kind TEXT NOT NULL CHECK (kind IN ('rule', 'term', 'note', 'ruling', 'external')),
  label TEXT NOT NULL,                -- as the dump numbers it: '420.5a', 'G12.4a', 'G12.12.Ruling.1', '2.5'
  key TEXT,                           -- the official key it attests ('420.5a', 'last known information'); NULL: unknown
  term TEXT,                          -- the glossary term as the dump prints it
  document TEXT,                      -- for outside quotes: the document quoted ('Tournament Rules')
  text TEXT NOT NULL,                 -- as dumped (whitespace tidied), without examples
  examples TEXT NOT NULL DEFAULT '[]', -- JSON array of example texts
  fragment TEXT CHECK (fragment IS NULL OR fragment IN ('head', 'tail')), -- only the head or tail of the entry survives
  as_of TEXT,                         -- the date the dump gives this quote (an MTG wiki block's date)
  revision_date TEXT,                 -- Crystal Keep's [CompRules YYYY/MM/DD]: when this text was last revised
  author TEXT,                        -- rulings: [D'Angelo 2006/01/20]
  authored_date TEXT,
  version_id INTEGER REFERENCES versions(id) ON DELETE SET NULL,
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'equal', 'differs', 'partial', 'unmatched', 'external')),
  similarity REAL,                    -- 0..1 against the linked version
  diff TEXT,                          -- what differs from the linked version
  remarks TEXT                        -- era or revision-date notes from reconciliation
) STRICT;
CREATE INDEX attestations_by_source ON attestations(source_id, ordinal);
CREATE INDEX attestations_by_key ON attestations(kind, key);
CREATE INDEX attestations_by_version ON attestations(version_id);
`
