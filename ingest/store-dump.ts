/**
 * Stage 5 of the pipeline for secondary dumps: write one parsed dump into the
 * store, in one transaction: its source, its dump row, its messages and one
 * attestation per entry (pending until reconciliation links it).
 *
 * Never touches the official tables (`editions`, `contents`, `versions`).
 */
import type { CrdbDatabase } from '../src/store/database.js'
import type { DecodedSource } from './decode.js'
import type { SourceMessage } from '../src/vocabulary/messages.js'
import type { ParsedDump } from './parse/dump.js'

/** A parsed dump ready to store. */
export interface DumpInput {
  uri: string
  decoded: DecodedSource
  parsed: ParsedDump
  /** Messages of every stage (decode and parse), in line order. */
  messages: SourceMessage[]
}

/** What storing a dump wrote. */
export interface DumpStoreResult {
  sourceId: number
  dumpId: number
  attestations: number
}

/**
 * Store a dump in one transaction: all of it, or nothing.
 */
export function storeDump(db: CrdbDatabase, input: DumpInput): DumpStoreResult {
  const { decoded, parsed } = input
  const write = db.transaction((): DumpStoreResult => {
    const sourceId = Number(
      db
        .prepare('INSERT INTO sources (uri, sha256, format, encoding, line_ending, bytes, ingested_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(input.uri, decoded.sha256, parsed.format, decoded.encoding, decoded.lineEnding, decoded.bytes, new Date().toISOString()).lastInsertRowid
    )
    const dumpId = Number(
      db
        .prepare(
          `INSERT INTO dumps (source_id, kind, title, stated_date, date_statement, date_line, entry_count)
           VALUES (?, ?, ?, ?, ?, ?, ?)`
        )
        .run(sourceId, parsed.kind, parsed.title ?? null, parsed.statedDate ?? null, parsed.dateStatement ?? null, parsed.dateLine ?? null, parsed.entries.length)
        .lastInsertRowid
    )
    const insertMessage = db.prepare('INSERT INTO messages (source_id, line, rule, severity, code, text) VALUES (?, ?, ?, ?, ?, ?)')
    for (const message of input.messages) insertMessage.run(sourceId, message.line, message.rule ?? null, message.severity, message.code, message.text)
    const insertAttestation = db.prepare(
      `INSERT INTO attestations (source_id, ordinal, line, kind, label, key, term, document, text, examples, fragment, as_of, revision_date, author, authored_date, status)
       VALUES (@sourceId, @ordinal, @line, @kind, @label, @key, @term, @document, @text, @examples, @fragment, @asOf, @revisionDate, @author, @authoredDate, @status)`
    )
    parsed.entries.forEach((entry, ordinal) => {
      insertAttestation.run({
        sourceId,
        ordinal,
        line: entry.line,
        kind: entry.kind,
        label: entry.label,
        key: entry.kind === 'rule' || (entry.kind !== 'term' && entry.number) ? (entry.number ?? null) : null,
        term: entry.term ?? null,
        document: entry.document ?? null,
        text: entry.text,
        examples: JSON.stringify(entry.examples),
        fragment: entry.fragment ?? null,
        asOf: entry.asOf ?? null,
        revisionDate: entry.revisionDate ?? null,
        author: entry.author ?? null,
        authoredDate: entry.authoredDate ?? null,
        status: entry.kind === 'external' ? 'external' : 'pending'
      })
    })
    return { sourceId, dumpId, attestations: parsed.entries.length }
  })
  return write.immediate()
}
