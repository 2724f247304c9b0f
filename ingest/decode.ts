/**
 * Stage 2 of the pipeline: bytes -> text.
 *
 * Every archive file is decoded exactly: the encoding is chosen from evidence
 * (byte order marks, NUL patterns, strict UTF-8 validity, then a plausibility
 * score between Windows-1252 and Mac Roman) and the result is *checked*: no
 * U+FFFD, no C1 controls and no mojibake may leave this module.
 */
import { isUtf8 } from 'node:buffer'
import iconv from 'iconv-lite'
import { CrdbError } from '../src/vocabulary/errors.js'
import type { SourceMessage } from '../src/vocabulary/messages.js'
import { sha256Of } from '../src/vocabulary/hash.js'

/** Encodings the decoder can recognise. */
export type Encoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | SingleByteEncoding

/** Single-byte code pages seen in the archive (DOS code page 437 among them: `Dand\x83n`). */
type SingleByteEncoding = 'windows-1252' | 'macintosh' | 'cp437'

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
 * Every character the checks below look for (controls, CJK and Hangul nonsense, U+FFFD and its misread bytes,
 * the start of each mojibake pattern but `â`, which card names spell), and combining marks and Hangul jamo,
 * from which normalization could compose some of them. See {@link isSuspicious}.
 */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: the combining marks are wanted each on its own.
const suspiciousPattern = /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f\u0300-\u036f\u1100-\u11ff\u3400-\u9fff\uac00-\ud7af\ue000-\uf8ff\ufffdÃÂï]/

/**
 * Decode the bytes of one source (`knownSha256`: their hash, when the caller has it already).
 *
 * @throws {CrdbError} `E_DECODE` when no encoding yields clean text
 *   (binary data, NUL bytes, undefined code points, or mojibake).
 */
export function decodeSource(bytes: Uint8Array, name: string, knownSha256?: string): DecodedSource {
  return decodeBytes(bytes, name, true, knownSha256)
}

/** {@link decodeSource}, rebuilding text misread as UTF-16 only when `mayRebuild` (once: the rebuilt bytes are decoded without). */
function decodeBytes(bytes: Uint8Array, name: string, mayRebuild: boolean, knownSha256?: string): DecodedSource {
  const sha256 = knownSha256 ?? sha256Of(bytes)
  const messages: SourceMessage[] = []
  if (bytes.length === 0) throw new CrdbError('E_DECODE', `${name}: file is empty`)

  const plain = decodePlain(bytes)
  if (plain) return { ...plain, sha256, bytes: bytes.length, messages }

  const { raw, encoding } = pickEncoding(bytes, name)
  let text = raw
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]/.test(text)) {
    const at = text.search(/[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]/)
    throw new CrdbError(
      'E_DECODE',
      `${name}: not a text file (control character U+${text.charCodeAt(at).toString(16).padStart(4, '0')} at line ${lineOf(text, at)} after decoding as ${encoding})`
    )
  }

  const rebuilt = mayRebuild ? rebuildMisreadUtf16(text, encoding, name, messages) : undefined
  if (rebuilt) return { ...rebuilt, sha256, bytes: bytes.length, messages }

  const lineEnding = detectLineEnding(text)
  text = text.replace(/\r\n?/g, '\n').normalize('NFC')
  text = recoverReplacementBytes(text, name, messages)
  text = repairReplacementCharacters(text, name, messages)

  const mojibake = mojibakePattern.exec(text)
  if (mojibake) {
    throw new CrdbError('E_DECODE', `${name}: mojibake "${mojibake[0]}" at line ${lineOf(text, mojibake.index)} after decoding as ${encoding}`)
  }
  return { text, encoding, lineEnding, sha256, bytes: bytes.length, messages }
}

/**
 * The usual source, decoded the short way: UTF-8 (with or without a byte order mark) or a single-byte code page,
 * its line ends made `\n` on the bytes, in which no check of {@link decodeBytes} can find anything. Undefined
 * for any other source (UTF-16, NUL bytes, no plausible code page, a suspicious character): the long way decides
 * those, with the same result for the sources taken here (the checks would pass and change nothing).
 */
function decodePlain(bytes: Uint8Array): Pick<DecodedSource, 'text' | 'encoding' | 'lineEnding'> | undefined {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff) || asBuffer(bytes).includes(0)) return undefined
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf
  const body = bom ? bytes.subarray(3) : bytes
  let encoding: 'utf-8' | 'utf-8-bom' | SingleByteEncoding | undefined
  if (isUtf8(body)) encoding = bom ? 'utf-8-bom' : 'utf-8'
  else if (!bom) encoding = pickSingleByte(bytes)?.encoding
  if (encoding === undefined) return undefined
  const { fed, lineEnding } = toLineFeedBytes(body)
  const raw = encoding === 'utf-8' || encoding === 'utf-8-bom' ? asBuffer(fed).toString('utf8') : decodeSingleByte(fed, encoding)
  if (isSuspicious(raw)) return undefined
  return { text: raw.normalize('NFC'), encoding, lineEnding }
}

/** Whether `text` holds anything the checks of {@link decodeBytes} look for (no edition of the archive does). */
function isSuspicious(text: string): boolean {
  return suspiciousPattern.test(text) || text.includes('â€') || text.includes('â„')
}

/**
 * `bytes` of ASCII-compatible text with `\r\n` and lone `\r` made `\n` (as the long way does on the text: no
 * multi-byte character holds these bytes), and the line ends found.
 */
function toLineFeedBytes(bytes: Uint8Array): { fed: Uint8Array; lineEnding: LineEnding } {
  // Searched natively (a Buffer's indexOf) and copied a line at a time through a plain view (a Buffer's own
  // subarray is slow): faster than a loop over every byte.
  const buffer = asBuffer(bytes)
  if (!buffer.includes(13)) return { fed: bytes, lineEnding: buffer.includes(10) ? 'lf' : 'none' }
  const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const fed = new Uint8Array(bytes.length)
  let written = 0
  let crlf = false
  let cr = false
  let lf = false
  // The first \n at or after the line being copied; one in the line (which holds no \r) is a bare one.
  let nextLf = buffer.indexOf(10)
  let from = 0
  const copy = (to: number): void => {
    if (!lf && nextLf !== -1) {
      if (nextLf < from) nextLf = buffer.indexOf(10, from)
      if (nextLf !== -1 && nextLf < to) lf = true
    }
    fed.set(view.subarray(from, to), written)
    written += to - from
  }
  for (let at = buffer.indexOf(13); at !== -1; at = buffer.indexOf(13, from)) {
    copy(at)
    fed[written++] = 10
    if (bytes[at + 1] === 10) {
      crlf = true
      from = at + 2
    } else {
      cr = true
      from = at + 1
    }
  }
  copy(bytes.length)
  const kinds = [crlf && 'crlf', cr && 'cr', lf && 'lf'].filter(Boolean) as LineEnding[]
  return { fed: fed.subarray(0, written), lineEnding: kinds.length === 1 ? kinds[0] : 'mixed' }
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
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

  const best = pickSingleByte(bytes)
  if (!best) throw new CrdbError('E_DECODE', `${name}: not text in UTF-8, UTF-16, Windows-1252, Mac Roman or code page 437`)
  return { raw: decodeSingleByte(bytes, best.encoding), encoding: best.encoding }
}

/**
 * A single-byte code page: every candidate decodes anything, so score them in context. Each maps a byte
 * to one character, so they are scored from the bytes through the code page's table; only the best is decoded.
 * Undefined when none is plausible.
 */
function pickSingleByte(bytes: Uint8Array): { encoding: SingleByteEncoding; score: number } | undefined {
  let best: { encoding: SingleByteEncoding; score: number } | undefined
  const high = highBytePositions(bytes)
  for (const encoding of singleByteEncodings) {
    const score = plausibility(bytes, high, codePageTable(encoding))
    if (score === undefined) continue // A byte the code page leaves undefined.
    if (!best || score > best.score) best = { encoding, score }
  }
  return best && best.score >= 0 ? best : undefined
}

function decodeSingleByte(bytes: Uint8Array, encoding: SingleByteEncoding): string {
  const table = codePageTable(encoding)
  const latin1 = asBuffer(bytes).toString('latin1')
  // The code page's own table, byte for byte (the ASCII half is checked equal to Latin-1 when the table is made).
  return latin1.replace(/[\u0080-\u00ff]/g, (char) => table[char.charCodeAt(0)])
}

function decodeWithIconv(bytes: Uint8Array, encoding: SingleByteEncoding): string {
  return iconv.decode(asBuffer(bytes), encoding === 'windows-1252' ? 'windows1252' : encoding)
}

const codePageTables = new Map<SingleByteEncoding, string>()

/** The 256 characters of a code page, by byte: decoded once by the same decoder. */
function codePageTable(encoding: SingleByteEncoding): string {
  let table = codePageTables.get(encoding)
  if (table === undefined) {
    table = decodeWithIconv(
      Uint8Array.from({ length: 256 }, (_, byte) => byte),
      encoding
    )
    if (table.length !== 256) throw new Error(`${encoding}: not a single-byte code page`)
    for (let byte = 0; byte < 0x80; byte++) if (table.charCodeAt(byte) !== byte) throw new Error(`${encoding}: not ASCII below 0x80`)
    codePageTables.set(encoding, table)
  }
  return table
}

function strictUtf8(bytes: Uint8Array, name: string): string {
  const text = tryUtf8(bytes)
  if (text === undefined) throw new CrdbError('E_DECODE', `${name}: has a UTF-8 byte order mark but invalid UTF-8 bytes`)
  return text
}

function tryUtf8(bytes: Uint8Array): string | undefined {
  // Validated first (a fast native check): a fatal TextDecoder throws, and is slower, for every file that is not UTF-8.
  return isUtf8(bytes) ? asBuffer(bytes).toString('utf8') : undefined
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
 * Score how much the decoding of `bytes` through a code page's `table` looks like English rules text: typography and
 * accented letters inside words count for it; symbols, box drawing, and capitals
 * inside lowercase words (`doesnÆt`, `DandÉn`) count against it. Undefined when a byte is undefined in the code page.
 */
function plausibility(bytes: Uint8Array, high: Int32Array, table: string): number | undefined {
  let score = 0
  for (const index of high) {
    const code = table.charCodeAt(bytes[index])
    if (code < 0x80) continue
    if (code === 0xfffd) return undefined
    const char = table[bytes[index]]
    const before = index > 0 ? table[bytes[index - 1]] : ' '
    const after = index + 1 < bytes.length ? table[bytes[index + 1]] : ' '
    if (typography.has(char)) score += 2
    else if (!letters.has(char)) score -= 5
    else if (char !== char.toLowerCase() && /[a-z]/.test(before)) score -= 5
    else if (/[A-Za-z]/.test(before) || /[a-z]/.test(after)) score += 1
    else score -= 1
  }
  return score
}

/** Where `bytes` are 0x80 or above: the only bytes the single-byte code pages read differently (and ASCII is not scored). */
function highBytePositions(bytes: Uint8Array): Int32Array {
  const latin1 = asBuffer(bytes).toString('latin1')
  const positions: number[] = []
  const pattern = /[\u0080-\u00ff]/g
  for (let match = pattern.exec(latin1); match; match = pattern.exec(latin1)) positions.push(match.index)
  return Int32Array.from(positions)
}

function detectLineEnding(text: string): LineEnding {
  // One pass over the line ends (three regular expressions took a tenth of the decoding).
  let crlf = 0
  let cr = 0
  let lf = 0
  for (let index = text.indexOf('\r'); index !== -1; index = text.indexOf('\r', index + 1)) {
    if (text.charCodeAt(index + 1) === 10) crlf++
    else cr++
  }
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) if (text.charCodeAt(index - 1) !== 13) lf++
  const kinds = [crlf && 'crlf', cr && 'cr', lf && 'lf'].filter(Boolean) as LineEnding[]
  if (kinds.length === 0) return 'none'
  return kinds.length === 1 ? kinds[0] : 'mixed'
}

/**
 * A whole file of UTF-8 (or ASCII) bytes read as UTF-16 comes out as CJK and
 * Hangul nonsense (`桔獥⁥畲敬...`), whether it was then saved as UTF-16 or as
 * UTF-8. Its code units still hold every original byte: write them back and
 * decode those bytes instead, or reject the file when they do not decode.
 * The bytes written back are decoded once, without another rebuild: text that
 * is nonsense either way (UTF-16 with a stray odd byte) would otherwise be
 * rebuilt from itself again and again, each time over the whole text.
 */
function rebuildMisreadUtf16(
  text: string,
  encoding: Encoding,
  name: string,
  messages: SourceMessage[]
): Omit<DecodedSource, 'sha256' | 'bytes' | 'messages'> | undefined {
  if (nonsenseShare(text) < 0.3) return undefined
  const reasons: string[] = []
  for (const unitEncoding of ['utf16le', 'utf16be'] as const) {
    const units = iconv.encode(text, unitEncoding)
    // A trailing NUL pads an odd number of original bytes.
    const bytes = units.at(-1) === 0 ? units.subarray(0, -1) : units
    try {
      const decoded = decodeBytes(bytes, name, false)
      if (nonsenseShare(decoded.text) >= 0.05) continue
      messages.push({
        line: 1,
        severity: 'warning',
        code: 'lossy-round-trip',
        text: `the file is ${decoded.encoding} text whose bytes were read as ${unitEncoding === 'utf16le' ? 'UTF-16 LE' : 'UTF-16 BE'} code units and saved as ${encoding}; rebuilt from those code units`
      })
      messages.push(...decoded.messages)
      return { text: decoded.text, encoding: decoded.encoding, lineEnding: decoded.lineEnding }
    } catch (error) {
      if (!(error instanceof CrdbError)) throw error
      reasons.push(error.message.replace(`${name}: `, ''))
    }
  }
  throw new CrdbError(
    'E_DECODE',
    `${name}: lossy round trip: the text is UTF-16 code units of other bytes (CJK and Hangul nonsense) and cannot be rebuilt${reasons.length ? ` (${reasons[0]})` : ''}`
  )
}

/** Share of the non-blank characters that are CJK, Hangul or private use: nonsense in rules text. */
function nonsenseShare(text: string): number {
  const nonsense = text.match(/[\u3400-\u9fff\uac00-\ud7af\ue000-\uf8ff]/g)
  if (!nonsense) return 0
  const blanks = text.match(/\s/g)?.length ?? 0
  return nonsense.length / Math.max(1, text.length - blanks)
}

/**
 * The bytes of U+FFFD (EF BF BD) read in the wrong encoding: as UTF-16 code
 * units after a character of U+0080-U+00FF was lost (`é` = E9 00 became
 * EF BF BD 00, read back as `뿯½`), or as Windows-1252 (`ï¿½`). Their code
 * units are recovered as U+FFFD, restored from context below, or rejected.
 */
function recoverReplacementBytes(text: string, _name: string, messages: SourceMessage[]): string {
  if (!/\ubfef\u00bd|ï¿½/.test(text)) return text
  const lines = text.split('\n')
  for (let index = 0; index < lines.length; index++) {
    if (!/\ubfef\u00bd|ï¿½/.test(lines[index])) continue
    lines[index] = lines[index].replace(/\ubfef\u00bd|ï¿½/g, (garble) => {
      messages.push({
        line: index + 1,
        severity: 'warning',
        code: 'lossy-round-trip',
        text: `"${garble}" is U+FFFD read in the wrong encoding (a lossy round trip); recovered as U+FFFD`
      })
      return garble === 'ï¿½' ? '\ufffd' : '\ufffd\u0000' // NUL marks a lost character of U+0080-U+00FF.
    })
  }
  return lines.join('\n')
}

/** What an edition's undamaged text shows of its typography, to restore damaged characters by. */
interface Conventions {
  /** Dash between the ends of a number range (`212–215`, `409.1a–409.1f`). */
  rangeDash?: string
  /** Dash of a type line (`Basic Land – Mountain`). */
  typeLineDash?: string
  /** The mark each word carries where it is printed whole (`Magic®`, `Unglued™`). */
  marks: Map<string, string>
}

const typeWords =
  /(?:^|["“\s])(?:Basic |Legendary |Snow |World )*(?:Artifact Creature|Enchant Creature|Creature|Artifact|Enchantment|Land|Instant|Sorcery|Tribal|Planeswalker|Legend|Summon)\s$/

/** Learn how an edition prints ranges, type lines and trademarks, from its undamaged text. */
function learnConventions(text: string): Conventions {
  const count = (pattern: RegExp): Map<string, number> => {
    const counts = new Map<string, number>()
    for (const match of text.matchAll(pattern)) counts.set(match[1], (counts.get(match[1]) ?? 0) + 1)
    return counts
  }
  const most = (counts: Map<string, number>): string | undefined => [...counts].sort((a, b) => b[1] - a[1])[0]?.[0]
  const marks = new Map<string, string>()
  for (const match of text.matchAll(/([A-Z][A-Za-z']+)(™|®|\(tm\)|\(r\))/g)) {
    const mark = match[2] === '(tm)' ? '™' : match[2] === '(r)' ? '®' : match[2]
    if (!marks.has(match[1])) marks.set(match[1], mark)
  }
  return {
    rangeDash: most(count(/\d[a-z]?([–—])\d/g)),
    typeLineDash: most(count(/(?:Creature|Artifact|Enchantment|Land|Instant|Sorcery|Legend) ([–—]) [A-Z[]/g)),
    marks
  }
}

/**
 * Some archived editions were converted lossily before publication and contain
 * U+FFFD where a typographic character stood. Restore it from its context and
 * the edition's own conventions, and report each one, so that no replacement
 * character reaches the store. Runs of them (the bytes of one character each
 * replaced) cannot be restored: the file is rejected.
 */
function repairReplacementCharacters(text: string, name: string, messages: SourceMessage[]): string {
  if (!text.includes('\ufffd')) return text
  const run = /\ufffd(?:\u0000?\ufffd)+/.exec(text)
  if (run) {
    const length = run[0].replace(/\u0000/g, '').length
    throw new CrdbError(
      'E_DECODE',
      `${name}: lossy round trip: ${length} replacement characters in a row at line ${lineOf(text, run.index)}; the characters they replaced cannot be recovered`
    )
  }
  const conventions = learnConventions(text)
  const lines = text.split('\n')
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]
    if (!line.includes('\ufffd')) continue
    lines[index] = line.replace(/\ufffd(\u0000?)/g, (_match, latin1: string, offset: number) => {
      const before = line.slice(0, offset).replace(/\u0000/g, '')
      const after = line.slice(offset + 1 + latin1.length).replace(/^\u0000/, '')
      const guess = latin1 ? guessLatin1(before, after, conventions) : guessReplacement(before, after, conventions)
      if (guess === undefined) {
        throw new CrdbError(
          'E_DECODE',
          `${name}: lossy round trip: a character of U+0080-U+00FF was lost at line ${index + 1} ("${before.slice(-15)}?${after.slice(0, 15)}") and its context does not tell which`
        )
      }
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

// Words whose mark is ® where the editions of 1999-2002 print it whole (Magic: The Gathering®, Wizards
// of the Coast®, Arabian Nights®, Antiquities®, Legends®, The Dark®); other names carry ™.
const registeredWords = /^(Magic|Gathering|Coast|Wizards|Nights|Antiquities|Legends|Dark)$/

function guessReplacement(before: string, after: string, conventions: Conventions): string {
  const range = conventions.rangeDash ?? '–'
  if (/\d$/.test(before) && /^\d/.test(after)) return range // 212–215, 1993–2001
  if (/[\d.][a-z]$/.test(before) && /^\d/.test(after)) return range // 409.1a–409.1f
  if (/\d[a-z]$/.test(before) && /^[a-z]\b/.test(after)) return range // 409.1b–i
  if (/(^|\s)$/.test(before) && /^\d{4}/.test(after)) return '©' // ©1993
  if (/[A-Za-z]$/.test(before) && /^(s|t|d|ll|re|ve|m)\b/.test(after)) return '’' // it’s, won’t
  // Type lines: as the edition prints them; failing that, as the nearest whole edition (2003-10-01)
  // does: "Basic Land – Mountain" with an en dash, "Creature — Goblin Wizard" with an em dash.
  if (typeWords.test(before) && /^\s[A-Z[]/.test(after)) return conventions.typeLineDash ?? (/Basic Land\s$/.test(before) ? '–' : '—')
  if (/(^|[\s(])$/.test(before) && /^[A-Za-z]/.test(after)) return '“'
  if (/\s$/.test(before) && /^(\s|"|$)/.test(after)) return '—' // Choose one — Untap
  if (/[a-z]$/.test(before) && /^[a-z]/.test(after)) return '—' // type—the
  if (/[a-z]$/.test(before) && /^\s*\./.test(after)) return '—' // chooses one— .
  if (/[.,!?]$/.test(before) && /^(\s|\)|$)/.test(after)) return '”'
  if (/"$/.test(before) || /^"/.test(after)) return '—' // "Threshold —"
  const word = /([A-Z][A-Za-z']*)$/.exec(before)?.[1]
  if (word && /^[A-Za-z]/.test(after)) return '—' // Gathering—Seventh Edition
  if (word) return conventions.marks.get(word) ?? (registeredWords.test(word) ? '®' : '™')
  if (/[a-z)]$/.test(before) && /^[\s,;:)]/.test(after)) return '”'
  return '—'
}

/** A lost character of U+0080-U+00FF: only the marks ® and © are told by their context. */
function guessLatin1(before: string, after: string, conventions: Conventions): string | undefined {
  if (/(^|\s)$/.test(before) && /^\d{4}/.test(after)) return '©'
  const word = /([A-Z][A-Za-z']*)$/.exec(before)?.[1]
  if (word && /^(\s|$|[,.;:)])/.test(after)) {
    const mark = conventions.marks.get(word) ?? (registeredWords.test(word) ? '®' : undefined)
    return mark === '®' ? '®' : undefined
  }
  return undefined
}

function lineOf(text: string, index: number): number {
  let line = 1
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++
  return line
}
