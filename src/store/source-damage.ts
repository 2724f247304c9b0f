/**
 * Source damage as the ingest recorded it: one message per damaged paragraph
 * (`source-damage-restored`, `source-damage`), on the rule it belongs to, with
 * the text as printed at its end.
 */
import type { Crdb } from './database.js'
import { prepared } from './statements.js'

/** One damaged paragraph of an edition, as stored. */
export interface SourceDamageRow {
  /** The effective date of the damaged edition. */
  edition: string
  rule: string
  uri: string
  line: number
  code: string
  text: string
}

const select = `SELECT e.effective_date AS edition, m.rule, s.uri, m.line, m.code, m.text FROM messages m INDEXED BY messages_by_rule
  JOIN editions e ON e.source_id = m.source_id JOIN sources s ON s.id = m.source_id`
// By the rule's number (migration 14): an edition's messages are many where its text was damaged.
const codes = `m.code IN ('source-damage-restored', 'source-damage')`

/** The damaged paragraphs of rule `key` in the edition dated `edition`, in line order. */
export function listSourceDamageAt(db: Crdb, key: string, edition: string): SourceDamageRow[] {
  return prepared<[string, string], SourceDamageRow>(db, `${select} WHERE e.effective_date = ? AND m.rule = ? AND ${codes} ORDER BY m.line, m.id`).all(
    edition,
    key
  )
}

/** The damaged paragraphs of the rules `keys` in every edition, oldest edition first. */
export function listSourceDamageOf(db: Crdb, keys: readonly string[]): SourceDamageRow[] {
  return prepared<[string], SourceDamageRow>(
    db,
    `${select} WHERE m.rule IN (SELECT value FROM json_each(?)) AND ${codes} ORDER BY e.effective_date, m.line, m.id`
  ).all(JSON.stringify([...new Set(keys)]))
}

/** Every rule number with damaged paragraphs and the edition of each, by edition then rule (a rule once per edition); small: about 1,300 pairs. */
export function listSourceDamagePairs(db: Crdb): Array<[string, string]> {
  return prepared<[], [string, string]>(
    db,
    `SELECT DISTINCT m.rule, e.effective_date FROM messages m JOIN editions e ON e.source_id = m.source_id
     WHERE m.rule IS NOT NULL AND ${codes} ORDER BY e.effective_date, m.rule`
  )
    .raw()
    .all()
}
