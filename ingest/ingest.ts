/**
 * The pipeline, stage by stage: read -> decode -> parse -> normalize -> store.
 *
 * Sources are read and parsed first, then stored oldest first, each in its own
 * transaction: a bad file is rejected with a one-line error and the others go in.
 */
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { CrdbDatabase } from '../src/database.js'
import { CrdbError } from '../src/errors.js'
import { decodeSource } from './decode.js'
import { computeLineage, readLineageOverrides, type LineageOverride } from './lineage.js'
import { lineageOverridesPath } from '../src/paths.js'
import type { SourceMessage } from './messages.js'
import { normalizeEdition } from './normalize.js'
import { parseOfficialText } from './parse/official-text.js'
import { EditionWriter, type EditionInput, type StoreResult } from './store.js'

/** What happened to one source during an ingest. */
export type IngestOutcome =
  | ({ status: 'stored'; uri: string; effectiveDate: string; encoding: string; rules: number; examples: number; terms: number; messages: SourceMessage[] } & StoreResult)
  | { status: 'unchanged'; uri: string; sha256: string }
  | { status: 'rejected'; uri: string; code: string; error: string }

/** The result of ingesting a set of sources. */
export interface IngestReport {
  outcomes: IngestOutcome[]
  stored: number
  unchanged: number
  rejected: number
}

/** Options for {@link ingestPaths}. */
export interface IngestOptions {
  /** Called once per source as soon as its outcome is known (for progress lines). */
  onOutcome?: (outcome: IngestOutcome) => void
  /** Corrections to lineage matching (default: the project's `corpus/lineage-overrides.json`). */
  lineageOverrides?: LineageOverride[]
}

// Files in an archive folder that are not documents.
const ignoredNames = /^(manifest\.json|readme(\.md|\.txt)?|\..*)$/i

/**
 * List the source files of an archive folder (not recursive), sorted by name.
 *
 * @throws {CrdbError} `E_IO` when the folder cannot be read.
 */
export function listArchive(folder: string): string[] {
  let names: string[]
  try {
    names = readdirSync(folder)
  } catch (error) {
    throw new CrdbError('E_IO', `${folder}: cannot read archive folder (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
  return names
    .filter((name) => !ignoredNames.test(name))
    .map((name) => join(folder, name))
    .filter((path) => statSync(path).isFile())
    .sort()
}

/**
 * Ingest source files into the database. Idempotent: a source whose bytes are
 * already stored is reported `unchanged` and not read again.
 */
export function ingestPaths(db: CrdbDatabase, paths: string[], options: IngestOptions = {}): IngestReport {
  const writer = new EditionWriter(db)
  const outcomes: IngestOutcome[] = []
  const report = (outcome: IngestOutcome): void => {
    outcomes.push(outcome)
    options.onOutcome?.(outcome)
  }

  const ready: EditionInput[] = []
  for (const path of paths) {
    try {
      const input = prepareSource(path, readSource(path), writer)
      if ('unchanged' in input) report({ status: 'unchanged', uri: path, sha256: input.unchanged })
      else ready.push(input)
    } catch (error) {
      report(rejection(path, error))
    }
  }

  ready.sort((a, b) => a.parsed.effectiveDate.localeCompare(b.parsed.effectiveDate))
  for (const input of ready) {
    try {
      const result = writer.write(input)
      report({
        status: 'stored',
        uri: input.uri,
        effectiveDate: input.parsed.effectiveDate,
        encoding: input.decoded.encoding,
        rules: input.parsed.rules.length,
        examples: input.parsed.rules.reduce((count, rule) => count + rule.examples.length, 0),
        terms: input.parsed.glossary.length,
        messages: input.messages,
        ...result
      })
    } catch (error) {
      report(rejection(input.uri, error))
    }
  }
  const stored = outcomes.filter((outcome) => outcome.status === 'stored').length
  // Lineage is derived from all versions: recompute it whenever versions changed.
  if (stored > 0) computeLineage(db, options.lineageOverrides ?? readLineageOverrides(lineageOverridesPath()))
  return {
    outcomes,
    stored,
    unchanged: outcomes.filter((outcome) => outcome.status === 'unchanged').length,
    rejected: outcomes.filter((outcome) => outcome.status === 'rejected').length
  }
}

function readSource(path: string): Uint8Array {
  try {
    return readFileSync(path)
  } catch (error) {
    throw new CrdbError('E_IO', `${path}: cannot read file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
}

/** Decode, parse and normalize one source, unless its bytes are already stored. */
function prepareSource(uri: string, bytes: Uint8Array, writer: EditionWriter): EditionInput | { unchanged: string } {
  // Hash before decoding: a re-run with nothing new reads each file once and stops there.
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  if (writer.hasSource(sha256)) return { unchanged: sha256 }
  const decoded = decodeSource(bytes, uri)
  if (!/comprehensive\s+rules/i.test(decoded.text.slice(0, 20000))) {
    throw new CrdbError('E_FORMAT', `${uri}: unknown format (no "Comprehensive Rules" title in its first pages)`)
  }
  const parsed = parseOfficialText(decoded.text, uri)
  const messages = [...decoded.messages, ...parsed.messages]
  const named = /(\d{4}-\d{2}-\d{2})/.exec(basename(uri))
  if (named && named[1] !== parsed.effectiveDate) {
    messages.push({
      line: parsed.dateLine,
      severity: 'info',
      code: 'name-date-mismatch',
      text: `file name says ${named[1]} but the document states ${parsed.effectiveDate} ("${parsed.dateStatement}"); filed under the stated date`
    })
  }
  messages.sort((a, b) => a.line - b.line)
  return { uri, format: 'official-text', decoded, parsed, entries: normalizeEdition(parsed), messages }
}

function rejection(uri: string, error: unknown): IngestOutcome {
  if (error instanceof CrdbError) return { status: 'rejected', uri, code: error.code, error: error.message }
  return { status: 'rejected', uri, code: 'E_INTERNAL', error: `${uri}: ${(error as Error).message}` }
}
