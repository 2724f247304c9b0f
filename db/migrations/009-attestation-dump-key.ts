/**
 * Migration 9: the key a dump gives each attestation, kept apart from the
 * key reconciliation finds.
 *
 * Reconciliation wrote the key it found (a fragment's number recovered from
 * its text, a glossary term's resolved key) over the key read from the dump,
 * and read that column back the next time it ran, so reconciling a dump twice
 * (a build interrupted during reconciliation, or new editions arriving) gave a
 * different answer from reconciling it once. `dump_key` is written at ingest
 * and never changed; reconciliation reads it and writes `key`.
 *
 * Frozen: never edit a released migration; add the next number instead.
 */

/** The SQL of migration 9. */
export const sql = `
ALTER TABLE attestations ADD COLUMN dump_key TEXT; -- the key as read from the dump ('420.5a'); NULL: it gives none

-- Existing rows: the key stored, except where reconciliation wrote one (an unnumbered fragment's
-- recovered number; a glossary term's or its notes' resolved key, which reconciliation never reads back).
UPDATE attestations SET dump_key = key
WHERE kind <> 'term' AND term IS NULL AND NOT (kind = 'rule' AND fragment IS NOT NULL AND label = '');

-- A fragment whose number was recovered may have been reconciled from that number since: do it again.
UPDATE derived_state SET stale = 1, changed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE name = 'reconciliation' AND stale = 0
  AND EXISTS (SELECT 1 FROM attestations WHERE kind = 'rule' AND fragment IS NOT NULL AND label = '' AND key IS NOT NULL);
`
