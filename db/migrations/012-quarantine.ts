/**
 * Migration 12: editions held in quarantine.
 *
 * An edition `crdb update` fetched that the manifest does not list (no sha256
 * vouches for it) is not stored as an edition: its bytes are held here until a
 * person accepts it (`crdb editions --accept DATE`), which stores it through
 * the ordinary ingest, or rejects it (`--reject DATE`). Being outside
 * `editions`, a held document is never the newest edition, never in force on
 * any date, and never read by the engine, the history or the search: every
 * query reads only `editions`.
 *
 * Frozen: never edit a released migration; add the next number instead.
 */

/** The SQL of migration 12. */
export const sql = `
CREATE TABLE IF NOT EXISTS quarantined_editions (
  id INTEGER PRIMARY KEY,
  effective_date TEXT NOT NULL UNIQUE,  -- as the document states it, YYYY-MM-DD
  bytes BLOB NOT NULL,                  -- the document as fetched
  sha256 TEXT NOT NULL,
  uri TEXT NOT NULL,                    -- the URL it was fetched from (after redirects)
  source TEXT NOT NULL,                 -- the source that had it: 'academy-ruins', 'wizards'
  set_code TEXT,                        -- the set the source named, control characters removed
  set_name TEXT,
  rule_count INTEGER NOT NULL,
  glossary_count INTEGER NOT NULL,
  reason TEXT NOT NULL,                 -- why it is held ('not in the manifest; ...')
  held_at TEXT NOT NULL                 -- ISO 8601
) STRICT;
`
