/**
 * The shapes an ingest takes and answers (its options, sources and report), in
 * a file of their own: `ingest.ts` and `unchanged.ts` both use them, and
 * neither imports the other for them.
 */
import type { SourceMessage } from '../src/vocabulary/messages.js'
import type { LineageOverride } from './lineage.js'
import type { SourceFormat } from './parse/dump.js'
import type { AttestationStatus } from './reconcile.js'
import type { StoreResult } from './store.js'

/** What happened to one source during an ingest. */
export type IngestOutcome =
  | ({
      status: 'stored'
      kind: 'edition'
      uri: string
      effectiveDate: string
      encoding: string
      rules: number
      examples: number
      terms: number
      messages: SourceMessage[]
    } & StoreResult)
  | DumpOutcome
  | { status: 'unchanged'; uri: string; sha256: string }
  | { status: 'rejected'; uri: string; code: string; error: string }

/** A secondary dump stored and reconciled. */
export interface DumpOutcome {
  status: 'stored'
  kind: 'dump'
  uri: string
  format: Exclude<SourceFormat, 'official-text'>
  encoding: string
  sourceId: number
  /** The date it states, else the first edition of the run its text matches best; null when neither. */
  date: string | null
  dating: 'stated' | 'inferred' | 'none'
  /** The edition(s) it was reconciled against. */
  era: { from: string; to: string } | null
  /** Share of its rules and glossary entries equal to the official text of its era (null: nothing to compare). */
  score: number | null
  rules: number
  terms: number
  /** Notes, rulings and quotes of other documents. */
  others: number
  /** Attestations by how they compare with the official text. */
  counts: Record<AttestationStatus, number>
  messages: SourceMessage[]
}

/** The result of ingesting a set of sources. */
export interface IngestReport {
  outcomes: IngestOutcome[]
  stored: number
  unchanged: number
  rejected: number
  /** Dumps reconciled with the editions (new dumps, and all dumps when editions were added). */
  reconciled: number
}

/** A source to ingest: a file to read, or bytes already fetched. */
export interface SourceInput {
  /** The file path or URL the bytes come from (stored as provenance). */
  uri: string
  /** The bytes; read from the file at `uri` when absent. */
  bytes?: Uint8Array
  /** The server's content type, for fetched pages. */
  contentType?: string
}

/** Options for {@link ingestPaths}. */
export interface IngestOptions {
  /** Called once per source as soon as its outcome is known (for progress lines). */
  onOutcome?: (outcome: IngestOutcome) => void
  /** Corrections to lineage matching (default: the project's `corpus/lineage-overrides.json`). */
  lineageOverrides?: LineageOverride[]
  /** Called once when another build holds the database and this one waits for it. */
  onWait?: (holder: number) => void
  /** The sha256 of files hashed beforehand, by path (see `hashFiles`); the others are hashed here. */
  hashes?: ReadonlyMap<string, string>
}
