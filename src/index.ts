/**
 * crdb's library API. This module only re-exports; each export is documented where it is defined.
 */
export { CrdbError, type ErrorCode } from './errors.js'
export { openDatabase, schemaVersion, defaultDatabasePath, type CrdbDatabase, type OpenDatabaseOptions } from './database.js'
export { parseRuleNumber, splitRuleNumber, sortKeyOf, parentOf, type RuleNumberParts } from './rule-number.js'
export { parseDate } from './dates.js'
export { listEditions, listEditionMessages, resolveEdition, type At, type EditionSummary, type EditionMessage } from './query/editions.js'
export { getRule, nearestNumbers, type RuleVersion } from './query/get.js'
export { ingestPaths, listArchive, type IngestOutcome, type IngestReport, type IngestOptions } from '../ingest/ingest.js'
export { decodeSource, type DecodedSource, type Encoding, type LineEnding } from '../ingest/decode.js'
export { parseOfficialText, type ParsedEdition, type ParsedRule, type ParsedTerm } from '../ingest/parse/official-text.js'
export { normalizeEdition, normalizeText, termKey, type NormalizedEntry } from '../ingest/normalize.js'
export type { SourceMessage, Severity } from '../ingest/messages.js'
