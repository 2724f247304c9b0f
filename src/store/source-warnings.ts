/**
 * Warnings about a source learned outside its text: an edition fetched from an
 * archive whose bytes are not the manifest's is stored with a warning saying
 * where it came from and why it was accepted.
 */
import { driverOf, type Crdb } from './handle.js'

/**
 * Add a warning (`code`, `text`, on line 1) to the stored source whose bytes have `sha256`,
 * once: a second call with the same code and text changes nothing. Returns whether it was added.
 */
export function addSourceWarning(db: Crdb, sha256: string, code: string, text: string): boolean {
  const result = driverOf(db)
    .prepare(
      `INSERT INTO messages (source_id, line, rule, severity, code, text)
       SELECT s.id, 1, NULL, 'warning', ?, ? FROM sources s
       WHERE s.sha256 = ? AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.source_id = s.id AND m.code = ? AND m.text = ?)`
    )
    .run(code, text, sha256, code, text)
  return result.changes > 0
}
