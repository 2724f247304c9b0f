/**
 * Migration 10: the index a glossary lookup reads a term's aliases through.
 * `term_aliases` is keyed by (alias, key), so "the aliases of term K" scanned
 * the whole table on every `getTerm`, most of its time.
 *
 * Frozen: never edit a released migration; add the next number instead.
 */

/** The SQL of migration 10. */
export const sql = `
CREATE INDEX IF NOT EXISTS term_aliases_by_key ON term_aliases(key, alias);
`
