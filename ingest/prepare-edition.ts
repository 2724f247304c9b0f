/**
 * Stages 2-4 for an official edition: decode, detect, parse and normalize its
 * bytes into what the store keeps of it ({@link EditionInput}: entries, facts
 * and messages, without its text or parse tree). Kept apart from the dump
 * parsers (and their HTML and markdown libraries) so worker threads load
 * little: see `prepare-pool.ts`.
 */
import { basename } from 'node:path'
import { CrdbError } from '../src/vocabulary/errors.js'
import { sha256Of } from '../src/vocabulary/hash.js'
import { decodeSource, type DecodedSource } from './decode.js'
import { detectFormat } from './detect-format.js'
import { normalizeEdition } from './normalize.js'
import type { SourceFormat } from './parse/dump.js'
import { attributeToEntries, parseOfficialText } from './parse/official-text.js'
import type { PrepareTask } from './prepare-pool.js'
import { readSource } from './read-source.js'
import type { EditionInput } from './store.js'

/** A source decoded and found to be a secondary dump: the dump parsers take it from here. */
export interface DumpFound {
  dump: Exclude<SourceFormat, 'official-text'>
  decoded: DecodedSource
}

/**
 * Prepare a task: its bytes, or its file read again (and checked against the
 * hash it was found new by).
 *
 * @throws {CrdbError} `E_IO` when the file cannot be read or changed since it was hashed, else as {@link prepareBytes}.
 */
export function prepareTaskBytes(task: PrepareTask): EditionInput | DumpFound {
  let bytes = task.bytes
  if (!bytes) {
    bytes = readSource(task.uri)
    if (sha256Of(bytes) !== task.sha256) throw new CrdbError('E_IO', `${task.uri}: the file changed while it was being built; build again`)
  }
  return prepareBytes(task.uri, bytes, task.sha256, task.contentType)
}

/**
 * Decode `bytes` (whose sha256 is `sha256`) and, when they are an official
 * edition, parse and normalize them.
 *
 * @throws {CrdbError} the decoder's, detector's or parser's error for a bad source.
 */
export function prepareBytes(uri: string, bytes: Uint8Array, sha256: string, contentType?: string): EditionInput | DumpFound {
  const decoded = decodeSource(bytes, uri, sha256)
  const format = detectFormat(decoded.text, uri, { contentType })
  if (format !== 'official-text') return { dump: format, decoded }
  return prepareOfficialEdition(uri, decoded)
}

/** Parse and normalize a decoded official edition; its text is not kept. */
export function prepareOfficialEdition(uri: string, decoded: DecodedSource): EditionInput {
  const parsed = parseOfficialText(decoded.text, uri)
  const messages = [...attributeToEntries(parsed, decoded.messages), ...parsed.messages]
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
  const { text: _text, ...facts } = decoded
  const { rules, glossary, messages: _messages, ...edition } = parsed
  return {
    uri,
    format: 'official-text',
    decoded: facts,
    parsed: edition,
    counts: { rules: rules.length, examples: rules.reduce((count, rule) => count + rule.examples.length, 0), terms: glossary.length },
    entries: normalizeEdition(parsed),
    messages
  }
}
