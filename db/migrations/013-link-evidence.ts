/**
 * Migration 13: each lineage link says what kind of evidence made it (`basis`):
 * the same text, shared words, structure (parent, siblings, place, children),
 * a restructure (a rule matched against several rules at once: folded into a
 * neighbour, or become a rule with subrules), or the override file. The score
 * and the reason in words are kept as they were (migration 5).
 *
 * Frozen: never edit a released migration; add the next number instead.
 */

/** The SQL of migration 13. */
export const sql = `
-- Rebuilt rather than altered, so that the migration also holds on a store that already has the column.
-- Existing links say 'words' until the next build recomputes them (lineage is marked stale below).
CREATE TABLE lineage_links_new (
  from_version INTEGER NOT NULL REFERENCES versions(id) ON DELETE CASCADE,
  to_version INTEGER NOT NULL REFERENCES versions(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('changed', 'moved', 'moved-changed', 'split', 'merge', 'override')),
  similarity REAL NOT NULL CHECK (similarity >= 0 AND similarity <= 1),
  score REAL NOT NULL CHECK (score >= 0 AND score <= 1),
  reason TEXT NOT NULL,
  -- What kind of evidence made the link.
  basis TEXT NOT NULL DEFAULT 'words' CHECK (basis IN ('same-text', 'words', 'structure', 'restructure', 'override')),
  PRIMARY KEY (from_version, to_version)
) STRICT, WITHOUT ROWID;
INSERT INTO lineage_links_new (from_version, to_version, kind, similarity, score, reason)
  SELECT from_version, to_version, kind, similarity, score, reason FROM lineage_links;
DROP TABLE lineage_links;
ALTER TABLE lineage_links_new RENAME TO lineage_links;
CREATE INDEX lineage_links_by_target ON lineage_links(to_version);
UPDATE derived_state SET stale = 1, changed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE name = 'lineage' AND stale = 0 AND EXISTS (SELECT 1 FROM lineage_links);
`
