/**
 * Whether a stored edition is complete: a truncated copy is stored (its rules
 * are real) but marked, and answers taken from it say so.
 */
import type { Crdb } from './database.js'
import { prepared } from './statements.js'

/** Where a truncated edition stops. */
export interface Truncation {
  /** The edition's effective date. */
  edition: string
  /** The file it was read from. */
  uri: string
  /** The line the text stops at (from the parser's `truncated` message), when known. */
  line: number | null
  /** What the parser said about where it stops, when known. */
  text: string | null
}

/** Every truncated edition with where it stops, oldest first. */
export function listTruncations(db: Crdb): Truncation[] {
  return prepared<[], Truncation>(
    db,
    `SELECT e.effective_date AS edition, s.uri,
            m.line, m.text
     FROM editions e JOIN sources s ON s.id = e.source_id
     LEFT JOIN messages m ON m.id = (SELECT MIN(id) FROM messages WHERE source_id = e.source_id AND code = 'truncated')
     WHERE e.truncated = 1 ORDER BY e.effective_date`
  ).all()
}

/** The note an answer taken from a truncated edition carries. */
export function truncationNote(truncation: Truncation): string {
  const where = truncation.text?.replace(/^document is truncated: /, '') ?? `it stops${truncation.line ? ` at line ${truncation.line}` : ''}`
  return `the edition of ${truncation.edition} is truncated (${truncation.uri}: ${where}); what comes after is missing from it`
}

/**
 * The message of a "not found" error about an edition (one that names "the
 * edition of YYYY-MM-DD"), with the note saying that edition is truncated when
 * it is: what was asked for may be in the part cut off. Otherwise the message
 * as it was.
 */
export function explainMissing(db: Crdb, message: string): string {
  const edition = /edition of (\d{4}-\d{2}-\d{2})/.exec(message)?.[1]
  const truncation = edition ? listTruncations(db).find((row) => row.edition === edition) : undefined
  return truncation ? `${message}; ${truncationNote(truncation)}` : message
}
