/**
 * Migration 6: whether the derived data (lineage, reconciliation) is current.
 *
 * A build stores editions one transaction at a time and derives lineage and
 * reconciliation after them; a build stopped in between leaves them stale.
 * Each edition written (or removed) marks both stale in its own transaction;
 * a build marks each current once it has recomputed it. Queries that depend
 * on them warn while they are stale.
 *
 * Frozen: never edit a released migration; add the next number instead.
 */

/** The SQL of migration 6. */
export const sql = `
CREATE TABLE derived_state (
  name TEXT PRIMARY KEY CHECK (name IN ('lineage', 'reconciliation')),
  stale INTEGER NOT NULL CHECK (stale IN (0, 1)),
  changed_at TEXT NOT NULL
) STRICT;

-- An existing database: stale where an interrupted build left work undone (what builds checked before).
INSERT INTO derived_state (name, stale, changed_at)
SELECT 'lineage', EXISTS (SELECT 1 FROM versions WHERE lineage_id IS NULL), strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
INSERT INTO derived_state (name, stale, changed_at)
SELECT 'reconciliation',
       EXISTS (SELECT 1 FROM dumps d WHERE d.reconciled_at IS NULL
                 OR d.reconciled_at < (SELECT MAX(s.ingested_at) FROM sources s JOIN editions e ON e.source_id = s.id)),
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
`
