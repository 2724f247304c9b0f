/**
 * Stages 2-4 for an official edition: decode, detect, parse and normalize its
 * bytes into what the store keeps of it ({@link EditionInput}: entries, facts
 * and messages, without its text or parse tree). Kept apart from the dump
 * parsers (and their HTML and markdown libraries) so worker threads load
 * little: see `prepare-pool.ts`.
 */
import { CrdbError } from '../src/vocabulary/errors.js'
import { sha256Of } from '../src/vocabulary/hash.js'
import { decodeSource, type DecodedSource } from './decode.js'
import { detectFormat } from './detect-format.js'
import { readOfficialEdition } from './official-edition.js'
import type { SourceFormat } from './parse/dump.js'
import { type ParsedEdition, readEffectiveDate } from './parse/official-text.js'
import type { PrepareTask } from './prepare-pool.js'
import { readSource, readSourceStart } from './read-source.js'
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
  return prepareBytes(task.uri, readTaskBytes(task), task.sha256, task.contentType)
}

/** A task's bytes, or its file read again and checked against the hash it was found new by. */
function readTaskBytes(task: PrepareTask): Uint8Array {
  if (task.bytes) return task.bytes
  const bytes = readSource(task.uri)
  if (sha256Of(bytes) !== task.sha256) throw new CrdbError('E_IO', `${task.uri}: the file changed while it was being built; build again`)
  return bytes
}

/** What a source is, read from its start: an official edition and the date it states, or a dump in a format. */
export type SourceKind = { date: string } | { dump: Exclude<SourceFormat, 'official-text'> }

/** How much of a file {@link readSourceKind} reads: more than the 120 lines an edition's date is looked for in. */
const startBytes = 64 * 1024

/**
 * What a task's source is, read from its first 64 kB (decoded, detected and dated as {@link prepareTaskBytes}
 * does, the last line read cut off): the date an official edition states, or the dump format found. Undefined
 * when that part says neither. What the whole source is may differ (the decoder reads the encoding and line
 * endings from all of it): the caller checks its reading against the parse.
 */
export function readSourceKind(task: PrepareTask): SourceKind | undefined {
  const bytes = task.bytes ?? readSourceStart(task.uri, startBytes)
  if (!bytes) return undefined
  try {
    const whole = bytes.length < startBytes || task.bytes !== undefined
    const decoded = decodeSource(whole ? bytes : bytes.subarray(0, lineEndIn(bytes)), task.uri, task.sha256)
    const text = whole ? decoded.text : decoded.text.slice(0, Math.max(0, decoded.text.lastIndexOf('\n')))
    const format = detectFormat(text, task.uri, { contentType: task.contentType })
    return format === 'official-text' ? { date: readEffectiveDate(text, task.uri) } : { dump: format }
  } catch (error) {
    if (error instanceof CrdbError) return undefined
    throw error
  }
}

/** Where the last line feed of `start` ends: a cut there splits no character (a UTF-16 LE one is two bytes, `0A 00`). */
function lineEndIn(start: Uint8Array): number {
  const at = start.lastIndexOf(0x0a)
  if (at < 0) return start.length
  return start[0] === 0xff && start[1] === 0xfe ? at + 2 : at + 1
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

/** Parse and normalize a decoded official edition; its text is kept only when the next edition may decide a misprint. */
function prepareOfficialEdition(uri: string, decoded: DecodedSource): EditionInput {
  return compactEdition(readOfficialEdition(uri, decoded))
}

/** What a build holds of an edition until it is stored: not its parse tree, nor its text unless needed again. */
function compactEdition(input: EditionInput): EditionInput {
  const { text, ...facts } = input.decoded
  const { rules, glossary, messages: _messages, ...edition } = input.parsed as ParsedEdition
  return {
    ...input,
    decoded: input.parsed.misprints > 0 ? { ...facts, text } : facts,
    parsed: edition,
    counts: input.counts ?? { rules: rules.length, examples: rules.reduce((count, rule) => count + rule.examples.length, 0), terms: glossary.length }
  }
}
