/**
 * Migration 5: lineage links say how sure and why (score, reason), and a rule
 * may split into several or several merge into one ('split', 'merge').
 *
 * Frozen: never edit a released migration; add the next number instead.
 */

/** The SQL of migration 5. */
export const sql = `
-- The links are derived data: a build recomputes them. Existing links are kept (queries keep
-- answering) with their similarity as score and a reason that marks them for recomputation.
CREATE TABLE lineage_links_new (
  from_version INTEGER NOT NULL REFERENCES versions(id) ON DELETE CASCADE,
  to_version INTEGER NOT NULL REFERENCES versions(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('changed', 'moved', 'moved-changed', 'split', 'merge', 'override')),
  similarity REAL NOT NULL CHECK (similarity >= 0 AND similarity <= 1),
  -- Confidence (0..1): word similarity plus structural evidence.
  score REAL NOT NULL CHECK (score >= 0 AND score <= 1),
  -- Why the two versions were linked, in words ('same text', 'placed where its neighbour 212.2 went (301)').
  reason TEXT NOT NULL,
  PRIMARY KEY (from_version, to_version)
) STRICT, WITHOUT ROWID;
INSERT INTO lineage_links_new (from_version, to_version, kind, similarity, score, reason)
  SELECT from_version, to_version, kind, similarity, similarity, 'computed before migration 5' FROM lineage_links;
DROP TABLE lineage_links;
ALTER TABLE lineage_links_new RENAME TO lineage_links;
CREATE INDEX lineage_links_by_target ON lineage_links(to_version);
`
