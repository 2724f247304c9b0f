/**
 * crdb's library API. This module only re-exports; each export is documented where it is defined.
 */
export { CrdbError, type ErrorCode } from './vocabulary/errors.js'
export { openDatabase, schemaVersion, defaultDatabasePath, type CrdbDatabase, type OpenDatabaseOptions } from './store/database.js'
export { parseRuleNumber, splitRuleNumber, sortKeyOf, parentOf, type RuleNumberParts } from './vocabulary/rule-number.js'
export { parseDate } from './vocabulary/dates.js'
export { listEditions, listEditionMessages, resolveEdition, type At, type EditionSummary, type EditionMessage } from './query/editions.js'
export { getRule, nearestNumbers, type RuleVersion } from './query/get.js'
export { resolveAt, parseAt, checkAt } from './query/at.js'
export {
  getSubtree,
  getNeighbours,
  getReferences,
  resolveReferences,
  findReferences,
  type RuleNeighbours,
  type RuleReference,
  type CitedNumbers
} from './query/get.js'
export { getTerm, listTerms, sensesOf, type GlossaryTerm, type GlossaryEntry } from './query/glossary.js'
export { diffEditions, summarizeDiff, inSection, type EditionDiff, type RuleChange, type DiffSide, type ExampleChange, type DiffOptions } from './query/diff.js'
export { ruleHistory, blame, type RuleHistory, type HistoryStep, type HistoryOptions, type BlameLine } from './query/history.js'
export { diffWords, differsOnlyInReferences, differsOnlyInTypography, type WordChange } from './query/word-diff.js'
export { computeLineage, readLineageOverrides, type LineageOverride, type LineageSummary } from '../ingest/lineage.js'
export { search, toFtsExpression, type SearchOptions, type SearchHit, type SearchResult, type SearchKind } from './query/search.js'
export { ingestPaths, listArchive, type IngestOutcome, type IngestReport, type IngestOptions } from '../ingest/ingest.js'
export { decodeSource, type DecodedSource, type Encoding, type LineEnding } from '../ingest/decode.js'
export { parseOfficialText, type ParsedEdition, type ParsedRule, type ParsedTerm } from '../ingest/parse/official-text.js'
export { normalizeEdition, normalizeText, type NormalizedEntry } from '../ingest/normalize.js'
export { termKey } from './vocabulary/term-key.js'
export type { SourceMessage, Severity } from './vocabulary/messages.js'
export { eraPresets, findEraPreset, resolveEra, listEras, type EraPreset, type EraAt, type EraListing, type EraEdition } from './eras.js'
export { checkCatalog, findCheck, describeAnchors, sbaCheckIds, type CheckDefinition, type CheckCategory, type CheckId, type Anchor, type AnchorRegion, type GameVariant } from './engine/catalog.js'
export { openRules, resolveCheck, checkHistory, type EraRules, type CheckAnswer, type CheckRule, type CheckNotInForce, type CheckRun, type Citation, type OpenRulesOptions } from './engine/rules.js'
export { deriveSemantics, type EraSemantics, type LegendRuleMode } from './engine/semantics.js'
export { validateState, parseState, stateProblems, type GameState, type PlayerState, type TeamState, type ObjectState, type Zone, type GameVariantName } from './engine/state.js'
export { checkStateBasedActions, defaultChoice, type SbaResult, type SbaEvent, type SbaAction, type ChoiceRequest, type ChoiceCallback } from './engine/sba.js'
export { ingestSources, parseDump, type SourceInput, type DumpOutcome } from '../ingest/ingest.js'
export { detectFormat, type DetectOptions } from '../ingest/detect-format.js'
export { parseCrystalKeepText, parseCrystalKeepHtml } from '../ingest/parse/crystal-keep.js'
export { parseMtgWikiText, parseMtgWikiMarkdown, parseMtgWikiHtml } from '../ingest/parse/mtg-wiki.js'
export { parseBookText, parseBookHtml } from '../ingest/parse/book-text.js'
export { readDumpDate, type ParsedDump, type DumpEntry, type DumpKind, type SourceFormat, type EntryKind } from '../ingest/parse/dump.js'
export { reconcileDumps, type ReconcileResult, type ReconcileOptions, type AttestationStatus } from '../ingest/reconcile.js'
export { dateByMatching, type DatingItem, type DatingResult, type SpanningVersion } from '../ingest/date-by-matching.js'
export { comparable, similarity, diffSummary } from '../ingest/compare-text.js'
export { storeDump, type DumpInput, type DumpStoreResult } from '../ingest/store-dump.js'
export {
  Fetcher,
  fetchEditions,
  readManifest,
  userAgent,
  type FetcherOptions,
  type FetchResult,
  type Manifest,
  type ManifestEdition,
  type FetchEditionsOptions,
  type FetchEditionsReport,
  type EditionFetchOutcome,
  fetchNewerEditions,
  resolveSourceBases,
  defaultSourceBases,
  sourceOrder,
  verifyEditionBytes,
  readOrigins,
  type FetchNewerReport,
  type NewerEdition,
  type SourceBases,
  type SourceName,
  type Verification,
  type EditionOrigin
} from '../ingest/fetch.js'
export { findSetEdition, findSetOfEdition, looksLikeSetCode, readSetTable, resolveSetCode, suggestSetCodes, type SetEdition } from './vocabulary/set-codes.js'
export { listReleaseNotes, describeRelease, type ReleaseNote, type DetailedReleaseNote } from './query/release-notes.js'
export { verifyStoredEdition, type EditionVerification } from './query/verification.js'
export { compareEngineEras, type SwitchChange, type CheckChange } from './engine/switches.js'
export {
  listSources,
  listSourceMessages,
  listAttestations,
  getRuleSources,
  resolveSource,
  type SourceSummary,
  type ListSourcesOptions,
  type Attestation,
  type AttestedVersion,
  type RuleSources
} from './query/sources.js'
