/**
 * Migration 11: `versions_by_key` covers the hot rule lookup. "Rule K in force
 * on day D" walks it to the newest version of K that began by D, then read that
 * version's row for its interval, text, source and line: the index now carries
 * them (`last_date`, `content_id`, `source_id`, `line`), so the lookup skips the
 * table. Replaces the narrower index of the same name (its leading columns).
 *
 * Frozen: never edit a released migration; add the next number instead.
 */

/** The SQL of migration 11. */
export const sql = `
DROP INDEX IF EXISTS versions_by_key;
CREATE INDEX versions_by_key ON versions(kind, key, first_date, last_date, content_id, source_id, line);
`
