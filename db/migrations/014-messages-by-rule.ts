/**
 * Migration 14: the messages of a rule number, found by the number. Source
 * damage (a `?` an edition printed for a quote or a dash) is kept as a message
 * on the rule it damaged, and every rule lookup and history asks for the
 * messages of its number: without this index each asked for the messages of a
 * whole edition (over a thousand in 2008-05-01's).
 *
 * Frozen: never edit a released migration; add the next number instead.
 */

/** The SQL of migration 14. */
export const sql = `
CREATE INDEX IF NOT EXISTS messages_by_rule ON messages(rule, code);
`
