/**
 * Migration 11: stable lineage ids, and the aliases that keep old ids working.
 *
 * `versions.lineage_id` is the row id of a lineage's first version: it changes
 * when rows are renumbered, so it stays internal. Each lineage gets an id
 * derived from the data (`1999-04-23_420.5e`: where it starts; see
 * `src/vocabulary/lineage-id.ts`), recomputed with the lineage by every build.
 * When a build finds that an id it knew no longer names a lineage (better
 * matching joined two, an edition added before its start moved it), the old id
 * is kept in `lineage_aliases`, pointing to the lineage(s) that now hold its
 * versions: ids never die in a database that has seen them.
 *
 * The ids are computed by the next build: until then the lineage is marked
 * stale (queries warn) and `lineages` is empty.
 *
 * Frozen: never edit a released migration; add the next number instead.
 */

/** The SQL of migration 11. */
export const sql = `
-- One row per lineage: its stable id and its first version (the versions.lineage_id of its members).
CREATE TABLE IF NOT EXISTS lineages (
  id TEXT PRIMARY KEY,                 -- '1999-04-23_420.5e', '1999-04-23_term.last_known_information'
  root INTEGER NOT NULL UNIQUE         -- versions.lineage_id of its versions (row id of its first version)
) STRICT, WITHOUT ROWID;

-- Ids that no longer name a lineage, each with the lineage(s) that hold its versions now.
-- Kept across builds of the same file; an id that names a lineage again loses its aliases.
CREATE TABLE IF NOT EXISTS lineage_aliases (
  alias TEXT NOT NULL,                 -- the old id
  lineage TEXT NOT NULL,               -- an id it leads to (itself perhaps an alias later)
  held INTEGER NOT NULL CHECK (held >= 0),   -- how many of the old id's versions that lineage holds
  since TEXT NOT NULL,                 -- when the build that found it ran (ISO 8601)
  PRIMARY KEY (alias, lineage)
) STRICT, WITHOUT ROWID;

-- An existing store: its lineages need ids, which the next build computes.
UPDATE derived_state SET stale = 1, changed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE name = 'lineage' AND stale = 0 AND EXISTS (SELECT 1 FROM versions);
`
