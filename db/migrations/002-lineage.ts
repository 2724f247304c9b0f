/**
 * Migration 2: lineages, which follow a rule through renumberings.
 *
 * Frozen: never edit a released migration; add the next number instead.
 */

/** The SQL of migration 2. */
export const sql = `
-- The lineage a version belongs to: the id of the first version of its chain.
-- Derived from lineage_links after each ingest; NULL until then.
ALTER TABLE versions ADD COLUMN lineage_id INTEGER;
CREATE INDEX versions_by_lineage ON versions(lineage_id, first_date);

-- A version that continues another one in the next edition that changed it:
-- same number with a new text ('changed'), the same text under a new number ('moved'),
-- or a similar text under a new number ('moved-changed'); 'override' when the
-- override file says so.
CREATE TABLE lineage_links (
  from_version INTEGER NOT NULL REFERENCES versions(id) ON DELETE CASCADE,
  to_version INTEGER NOT NULL REFERENCES versions(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('changed', 'moved', 'moved-changed', 'override')),
  similarity REAL NOT NULL CHECK (similarity >= 0 AND similarity <= 1),
  PRIMARY KEY (from_version, to_version)
) STRICT, WITHOUT ROWID;
CREATE INDEX lineage_links_by_target ON lineage_links(to_version);
`
