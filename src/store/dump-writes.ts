/**
 * The statements that store a secondary dump: its source, its dump row, its
 * messages and its attestations. Never touches the official tables.
 */
import type { Crdb } from './database.js'
import type { MessageRow, SourceRow } from './edition-writes.js'
import { prepared } from './statements.js'

/** A dump row to insert. */
export interface DumpRow {
  sourceId: number
  kind: string
  title: string | null
  statedDate: string | null
  dateStatement: string | null
  dateLine: number | null
  entryCount: number
}

/** The columns an attestation is stored with, as read back (`examples` is a JSON array of texts). */
export interface AttestationFields {
  line: number
  kind: string
  label: string
  /** The key the dump gives it (its rule number); reconciliation reads this one and writes its finding to `key`. */
  key: string | null
  term: string | null
  document: string | null
  text: string
  /** JSON array of example texts. */
  examples: string
  fragment: string | null
  asOf: string | null
  revisionDate: string | null
  author: string | null
  authoredDate: string | null
  status: string
}

/** An attestation row to insert (pending until reconciliation links it). */
export interface AttestationInsert extends AttestationFields {
  sourceId: number
  ordinal: number
}

/** Prepare the statements that store a dump on `db`. */
export function prepareDumpWrites(db: Crdb) {
  const insertSource = prepared(db, 'INSERT INTO sources (uri, sha256, format, encoding, line_ending, bytes, ingested_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
  const insertDump = prepared(
    db,
    `INSERT INTO dumps (source_id, kind, title, stated_date, date_statement, date_line, entry_count)
     VALUES (?, ?, ?, ?, ?, ?, ?)`
  )
  const insertMessage = prepared(db, 'INSERT INTO messages (source_id, line, rule, severity, code, text) VALUES (?, ?, ?, ?, ?, ?)')
  const insertAttestation = prepared(
    db,
    `INSERT INTO attestations (source_id, ordinal, line, kind, label, key, dump_key, term, document, text, examples, fragment, as_of, revision_date, author, authored_date, status)
     VALUES (@sourceId, @ordinal, @line, @kind, @label, @key, @key, @term, @document, @text, @examples, @fragment, @asOf, @revisionDate, @author, @authoredDate, @status)`
  )
  return {
    /** Insert a source read now; its id. */
    insertSource: (row: SourceRow): number =>
      Number(insertSource.run(row.uri, row.sha256, row.format, row.encoding, row.lineEnding, row.bytes, new Date().toISOString()).lastInsertRowid),
    /** Insert a dump; its id. */
    insertDump: (row: DumpRow): number =>
      Number(insertDump.run(row.sourceId, row.kind, row.title, row.statedDate, row.dateStatement, row.dateLine, row.entryCount).lastInsertRowid),
    /** Insert one message of a source. */
    insertMessage: (sourceId: number, message: MessageRow): void => {
      insertMessage.run(sourceId, message.line, message.rule ?? null, message.severity, message.code, message.text)
    },
    /** Insert one attestation. */
    insertAttestation: (row: AttestationInsert): void => {
      insertAttestation.run(row)
    }
  }
}
