/**
 * Stage 5 of the pipeline for secondary dumps: write one parsed dump into the
 * store, in one transaction: its source, its dump row, its messages and one
 * attestation per entry (pending until reconciliation links it).
 *
 * Never touches the official tables (`editions`, `contents`, `versions`).
 */
import { driverOf, type Crdb } from '../src/store/handle.js'
import { markDerivedStale } from '../src/store/derived-state.js'
import { prepareDumpWrites } from '../src/store/dump-writes.js'
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
export function storeDump(db: Crdb, input: DumpInput): DumpStoreResult {
  const { decoded, parsed } = input
  const w = prepareDumpWrites(db)
  const write = driverOf(db).transaction((): DumpStoreResult => {
    const sourceId = w.insertSource({
      uri: input.uri,
      sha256: decoded.sha256,
      format: parsed.format,
      encoding: decoded.encoding,
      lineEnding: decoded.lineEnding,
      bytes: decoded.bytes
    })
    const dumpId = w.insertDump({
      sourceId,
      kind: parsed.kind,
      title: parsed.title ?? null,
      statedDate: parsed.statedDate ?? null,
      dateStatement: parsed.dateStatement ?? null,
      dateLine: parsed.dateLine ?? null,
      entryCount: parsed.entries.length
    })
    for (const message of input.messages) w.insertMessage(sourceId, message)
    parsed.entries.forEach((entry, ordinal) => {
      w.insertAttestation({
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
    // The new dump waits for reconciliation.
    markDerivedStale(db, ['reconciliation'])
    return { sourceId, dumpId, attestations: parsed.entries.length }
  })
  return write.immediate()
}
