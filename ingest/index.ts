/**
 * `crdb/ingest`: the write pipeline, fetch -> decode -> parse -> normalize ->
 * store, and the derived data a build computes (lineage, reconciliation). This
 * module only re-exports; each export is documented where it is defined.
 */
export { ingestPaths, ingestSources, listArchive, parseDump } from './ingest.js'
export type { IngestOutcome, IngestReport, IngestOptions, SourceInput, DumpOutcome } from './ingest-report.js'
export {
  Fetcher,
  Unreachable,
  fetchEditions,
  fetchNewerEditions,
  readManifest,
  resolveSourceBases,
  defaultSourceBases,
  sourceOrder,
  verifyEditionBytes,
  readDocumentShape,
  readOrigins,
  recordOriginWarnings,
  type FetcherOptions,
  type FetchResult,
  type Manifest,
  type ManifestEdition,
  type FetchEditionsOptions,
  type FetchEditionsReport,
  type EditionFetchOutcome,
  type FetchNewerReport,
  type NewerEdition,
  type SourceBases,
  type SourceName,
  type Verification,
  type EditionOrigin
} from './fetch.js'
export { decodeSource, type DecodedSource, type Encoding, type LineEnding } from './decode.js'
export { detectFormat, type DetectOptions } from './detect-format.js'
export { parseOfficialText, type ParsedEdition, type ParsedRule, type ParsedTerm } from './parse/official-text.js'
export { parseCrystalKeepText, parseCrystalKeepHtml } from './parse/crystal-keep.js'
export { parseMtgWikiText, parseMtgWikiMarkdown, parseMtgWikiHtml } from './parse/mtg-wiki.js'
export { parseBookText, parseBookHtml } from './parse/book-text.js'
export { readDumpDate, type ParsedDump, type DumpEntry, type DumpKind, type SourceFormat, type AttestationKind } from './parse/dump.js'
export { normalizeEdition, normalizeText, type NormalizedEntry } from './normalize.js'
export { computeLineage, readLineageOverrides, type LineageOverride, type LineageSummary } from './lineage.js'
export { readRewriteVocabulary, rewriteVocabularyPath, type Rewrite } from '../src/vocabulary/rewrite-vocabulary.js'
export { reconcileDumps, type ReconcileResult, type ReconcileOptions, type AttestationStatus } from './reconcile.js'
export { dateByMatching, type DatingItem, type DatingResult, type SpanningVersion } from './date-by-matching.js'
export { storeDump, type DumpInput, type DumpStoreResult } from './store-dump.js'
