/**
 * Migration 7: the index the neighbour lookups walk. "The rule before / after
 * this one in an edition" reads versions in document order from a position;
 * without an index on (kind, sort_key) that was a scan of every rule version
 * and a sort.
 *
 * Frozen: never edit a released migration; add the next number instead.
 */

/** The SQL of migration 7. */
export const sql = `
CREATE INDEX IF NOT EXISTS versions_by_sort_key ON versions(kind, sort_key);
`
