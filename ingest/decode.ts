/**
 * Stage 2 of the pipeline: bytes -> text.
 *
 * Every archive file is decoded exactly: the encoding is chosen from evidence
 * (byte order marks, NUL patterns, strict UTF-8 validity, then a plausibility
 * score between Windows-1252 and Mac Roman) and the result is *checked*: no
 * U+FFFD, no C1 controls and no mojibake may leave this module.
 */
import iconv from 'iconv-lite'
import { CrdbError } from '../src/vocabulary/errors.js'
import type { SourceMessage } from '../src/vocabulary/messages.js'
import { sha256Of } from '../src/vocabulary/hash.js'

/** Encodings the decoder can recognise. */
export type Encoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | SingleByteEncoding

/** Single-byte code pages seen in the archive (DOS code page 437 among them: `Dand\x83n`). */
export type SingleByteEncoding = 'windows-1252' | 'macintosh' | 'cp437'

const singleByteEncodings: SingleByteEncoding[] = ['windows-1252', 'macintosh', 'cp437']

/** Line-ending conventions found in a source. */
export type LineEnding = 'lf' | 'crlf' | 'cr' | 'mixed' | 'none'

/** The decoded text of one source, with what was learned about its bytes. */
export interface DecodedSource {
  /** NFC text with `\n` line ends and no byte order mark. */
  text: string
  encoding: Encoding
  lineEnding: LineEnding
  /** Hex sha256 of the original bytes. */
  sha256: string
  bytes: number
  /** Problems found while decoding (repaired replacement characters...). */
  messages: SourceMessage[]
}

/** Signs of text decoded with the wrong encoding (UTF-8 read as a single-byte code page). */
const mojibakePattern = /â€|Ã[\u0080-\u00bf©®]|Â[®©™°·]|ï»¿|Ã¢|â„¢/

// Characters expected in rules text beyond ASCII: typography and accented card names.
const typography = new Set([...'’‘“”—–™®©•…°×·−'])
const letters = new Set([...'áàâäãåéèêëíìîïóòôöõúùûüñçÆæŒœÉÁÍÓÚÑÖÜ'])

/**
 * Decode the bytes of one source.
 *
 * @throws {CrdbError} `E_DECODE` when no encoding yields clean text
 *   (binary data, NUL bytes, undefined code points, or mojibake).
 */
export function decodeSource(bytes: Uint8Array, name: string): DecodedSource {
  const sha256 = sha256Of(bytes)
  const messages: SourceMessage[] = []
  if (bytes.length === 0) throw new CrdbError('E_DECODE', `${name}: file is empty`)

  const { raw, encoding } = pickEncoding(bytes, name)
  let text = raw
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]/.test(text)) {
    const at = text.search(/[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]/)
    throw new CrdbError(
      'E_DECODE',
      `${name}: not a text file (control character U+${text.charCodeAt(at).toString(16).padStart(4, '0')} at line ${lineOf(text, at)} after decoding as ${encoding})`
    )
  }

  const lineEnding = detectLineEnding(text)
  text = text.replace(/\r\n?/g, '\n').normalize('NFC')
  text = repairReplacementCharacters(text, messages)

  const mojibake = mojibakePattern.exec(text)
  if (mojibake) {
    throw new CrdbError(
      'E_DECODE',
      `${name}: mojibake "${mojibake[0]}" at line ${lineOf(text, mojibake.index)} after decoding as ${encoding}`
    )
  }
  return { text, encoding, lineEnding, sha256, bytes: bytes.length, messages }
}

function pickEncoding(bytes: Uint8Array, name: string): { raw: string; encoding: Encoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { raw: strictUtf8(bytes.subarray(3), name), encoding: 'utf-8-bom' }
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { raw: utf16(bytes.subarray(2), 'utf-16le', name), encoding: 'utf-16le' }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { raw: utf16(bytes.subarray(2), 'utf-16be', name), encoding: 'utf-16be' }

  // UTF-16 without a byte order mark: ASCII text leaves NULs in every other byte.
  const sample = bytes.subarray(0, Math.min(bytes.length, 4096)) 
  let evenNul = 0
  let oddNul = 0
  for (let i = 0; i < sample.length; i++) if (sample[i] === 0) i % 2 === 0 ? evenNul++ : oddNul++
  const half = sample.length / 2
  if (oddNul > half * 0.6 && evenNul === 0) return { raw: utf16(bytes, 'utf-16le', name), encoding: 'utf-16le' }
  if (evenNul > half * 0.6 && oddNul === 0) return { raw: utf16(bytes, 'utf-16be', name), encoding: 'utf-16be' }
  if (evenNul + oddNul > 0) {
    throw new CrdbError('E_DECODE', `${name}: not a text file (NUL bytes in a file that is not UTF-16)`)
  }

  const utf8 = tryUtf8(bytes)
  if (utf8 !== undefined) return { raw: utf8, encoding: 'utf-8' }

  // A single-byte code page: every candidate decodes anything, so score them in context.
  let best: { raw: string; encoding: Encoding; score: number } | undefined
  for (const encoding of singleByteEncodings) {
    const raw = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding === 'windows-1252' ? 'windows1252' : encoding)
    if (raw.includes('\ufffd')) continue // A byte the code page leaves undefined.
    const score = plausibility(raw)
    if (!best || score > best.score) best = { raw, encoding, score }
  }
  if (!best || best.score < 0) {
    throw new CrdbError('E_DECODE', `${name}: not text in UTF-8, UTF-16, Windows-1252, Mac Roman or code page 437`)
  }
  return best
}

function strictUtf8(bytes: Uint8Array, name: string): string {
  const text = tryUtf8(bytes)
  if (text === undefined) throw new CrdbError('E_DECODE', `${name}: has a UTF-8 byte order mark but invalid UTF-8 bytes`)
  return text
}

function tryUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    return undefined
  }
}

function utf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be', name: string): string {
  if (bytes.length % 2 !== 0) throw new CrdbError('E_DECODE', `${name}: ${encoding} text with an odd number of bytes`)
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    throw new CrdbError('E_DECODE', `${name}: invalid ${encoding} (unpaired surrogate)`)
  }
}

/**
 * Score how much a decoding looks like English rules text: typography and
 * accented letters inside words count for it; symbols, box drawing, and capitals
 * inside lowercase words (`doesnÆt`, `DandÉn`) count against it.
 */
function plausibility(text: string): number {
  let score = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code < 0x80) continue
    const char = text[index]
    const before = text[index - 1] ?? ' '
    const after = text[index + 1] ?? ' '
    if (typography.has(char)) score += 2
    else if (!letters.has(char)) score -= 5
    else if (char !== char.toLowerCase() && /[a-z]/.test(before)) score -= 5
    else if (/[A-Za-z]/.test(before) || /[a-z]/.test(after)) score += 1
    else score -= 1
  }
  return score
}

function detectLineEnding(text: string): LineEnding {
  const crlf = (text.match(/\r\n/g) ?? []).length
  const cr = (text.match(/\r(?!\n)/g) ?? []).length
  const lf = (text.match(/(?<!\r)\n/g) ?? []).length
  const kinds = [crlf && 'crlf', cr && 'cr', lf && 'lf'].filter(Boolean) as LineEnding[]
  if (kinds.length === 0) return 'none'
  return kinds.length === 1 ? kinds[0] : 'mixed'
}

/**
 * Some archived editions were converted lossily before publication and contain
 * U+FFFD where a typographic character stood. Restore it from its context and
 * report each one, so that no replacement character reaches the store.
 */
function repairReplacementCharacters(text: string, messages: SourceMessage[]): string {
  if (!text.includes('\ufffd')) return text
  const lines = text.split('\n')
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]
    if (!line.includes('\ufffd')) continue
    lines[index] = line.replace(/\ufffd/g, (_match, offset: number) => {
      const before = line.slice(0, offset)
      const after = line.slice(offset + 1)
      const guess = guessReplacement(before, after)
      messages.push({
        line: index + 1,
        severity: 'warning',
        code: 'replacement-character',
        text: `U+FFFD in the source restored as "${guess}" from its context`
      })
      return guess
    })
  }
  return lines.join('\n')
}

function guessReplacement(before: string, after: string): string {
  if (/\d$/.test(before) && /^\d/.test(after)) return '–' // 212–215, 1993–2001
  if (/[\d.][a-z]$/.test(before) && /^\d/.test(after)) return '–' // 409.1a–409.1f
  if (/(^|\s)$/.test(before) && /^\d{4}/.test(after)) return '©' // ©1993
  if (/[A-Za-z]$/.test(before) && /^(s|t|d|ll|re|ve|m)\b/.test(after)) return '’' // it’s, won’t
  if (/(^|[\s(])$/.test(before) && /^[A-Za-z]/.test(after)) return '“'
  if (/\s$/.test(before) && /^(\s|"|$)/.test(after)) return '—' // Creature — Goblin
  if (/[a-z]$/.test(before) && /^[a-z]/.test(after)) return '—' // type—the
  if (/[a-z]$/.test(before) && /^\s*\./.test(after)) return '—' // chooses one— .
  if (/[.,!?]$/.test(before) && /^(\s|\)|$)/.test(after)) return '”'
  if (/"$/.test(before) || /^"/.test(after)) return '—' // "Threshold —"
  if (/[A-Z][A-Za-z']*$/.test(before)) return /^(Magic|Gathering|Coast|DCI|Wizards)$/.test(before.match(/[A-Za-z']+$/)![0]) ? '®' : '™'
  if (/[a-z)]$/.test(before) && /^[\s,;:)]/.test(after)) return '”'
  return '—'
}

function lineOf(text: string, index: number): number {
  let line = 1
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++
  return line
}
