/**
 * crdb's library: the knowledge base's questions (rules, glossary, search,
 * diff, history, sources) and eras, read from the store. This module only
 * re-exports; each export is documented where it is defined. The engine is
 * `crdb/engine`, the ingest pipeline `crdb/ingest`.
 */
export { CrdbError, type ErrorCode } from './vocabulary/errors.js'
export { parseDate } from './vocabulary/dates.js'
export { parseRuleNumber, splitRuleNumber, sortKeyOf, parentOf, type RuleNumberParts } from './vocabulary/rule-number.js'
export { checkSelector, parseSelector, type EditionSelector, type CheckedSelector } from './vocabulary/selector.js'
export { findSetEdition, findSetOfEdition, looksLikeSetCode, readSetTable, resolveSetCode, suggestSetCodes, type SetEdition } from './vocabulary/set-codes.js'
export { eraPresets, findEraPreset, type EraPreset } from './vocabulary/era-presets.js'
export { termKey } from './vocabulary/term-key.js'
export type { LinkKind, VersionKind } from './vocabulary/kinds.js'
export type { SourceMessage, Severity } from './vocabulary/messages.js'
export { openDatabase, schemaVersion, type Crdb, type OpenDatabaseOptions } from './store/database.js'
export { resolveDatabasePath, type DatabasePathOptions } from './store/database-path.js'
export { listEditions, listEditionMessages, resolveEdition, type EditionSummary, type EditionMessage } from './query/editions.js'
export { listEras, type EraListing, type EraEdition } from './query/eras.js'
export {
  getRule,
  getSubtree,
  getNeighbours,
  getReferences,
  resolveReferences,
  findReferences,
  nearestNumbers,
  AmbiguousNumberError,
  type GetRuleOptions,
  type RuleVersion,
  type RuleNumbering,
  type SourceDamageNote,
  type RuleNeighbours,
  type RuleReference,
  type CitedNumbers
} from './query/get.js'
export {
  readSectionAt,
  translateNumber,
  translateVersion,
  type NumberTranslation,
  type SectionNumbering,
  type TranslateOptions,
  type TranslationStatus
} from './query/renumber.js'
export { getTerm, listTerms, sensesOf, type GlossaryTerm, type GlossaryEntry } from './query/glossary.js'
export {
  search,
  maxQueryLength,
  type SearchOptions,
  type SearchHit,
  type SearchVersion,
  type SearchResult,
  type SearchKind,
  type SearchMode
} from './query/search.js'
export { resolveRuleName, type ResolvedRuleName } from './query/resolve-name.js'
export { AmbiguousNameError, type NameRead, type NameReading } from './query/names.js'
export {
  diffEditions,
  summarizeDiff,
  type EditionDiff,
  type RuleChange,
  type DiffSide,
  type ExampleChange,
  type DiffOptions,
  type DiffEvidence
} from './query/diff.js'
export {
  ruleHistory,
  blame,
  termHistory,
  type RuleHistory,
  type HistoryStep,
  type HistoryOptions,
  type BlameLine,
  type TermHistory,
  type TermHistoryStep
} from './query/history.js'
export { diffTerms, summarizeTermDiff, truncationPoint, type TermDiff, type TermChange } from './query/term-diff.js'
export { findWhereabouts, describeWhereabouts, RuleMovedError, type Whereabouts } from './query/moved.js'
export { findCitations, type Citation } from './query/cite/find.js'
export {
  citeText,
  createCiteChecker,
  holdsQuote,
  findingKinds,
  type CiteChecker,
  type CiteFinding,
  type CiteOptions,
  type CiteReport,
  type FindingKind,
  type QuoteCheck
} from './query/cite/resolve.js'
export {
  resolveLineageId,
  getLineage,
  findRuleLineageId,
  findTermLineageId,
  type ResolvedLineageId,
  type LineageAliasStep,
  type Lineage,
  type RuleLineage,
  type TermLineage,
  type LineageVersion
} from './query/lineage.js'
export { formatLineageId, parseLineageId, type LineageIdParts } from './vocabulary/lineage-id.js'
export { diffWords, differsOnlyInReferences, differsOnlyInTypography, type WordChange } from './query/word-diff.js'
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
export {
  readAnswerNotes,
  flagAnswer,
  explainError,
  type AnswerFlags,
  type AnswerBasis,
  type AnswerNotes,
  type FlaggedAnswer,
  type DerivedData
} from './query/answer-flags.js'
export {
  listMissingEditions,
  findMissingBetween,
  findUnreadableFormats,
  askedDay,
  describeGap,
  type MissingEdition
} from './query/gaps.js'
export { listReleaseNotes, describeRelease, type ReleaseNote, type DetailedReleaseNote } from './query/release-notes.js'
export {
  watchRule,
  watchSection,
  watchTerm,
  watchSearch,
  type Watch,
  type WatchEntry,
  type WatchChange,
  type WatchKind,
  type WatchOptions
} from './query/watch.js'
export { listChangesSince, type ChangesSince, type ChangesSinceOptions, type SectionChanges, type PlayChange } from './query/changes-since.js'
export { verifyStoredEdition, type EditionVerification } from './query/verification.js'
export {
  exportEdition,
  renderEdition,
  renderEditionJson,
  renderEditionMarkdown,
  renderEditionText,
  listLineageTable,
  renderLineageTable,
  checkExportFormat,
  exportFileName,
  ruleAnchorOf,
  termAnchorOf,
  exportFormats,
  type EditionExport,
  type ExportedRule,
  type ExportedTerm,
  type ExportFormat,
  type LineageTable,
  type LineageInterval
} from './query/export.js'
