/**
 * The files `crdb cite` reads: which (a folder's files, honouring `.gitignore`
 * inside a git repository), their bytes as text (binary files skipped; UTF-8
 * with or without a byte order mark, UTF-16 with one, else Latin-1; large
 * files in pieces), and for `--blame` the day each line was committed.
 *
 * Git is the one outside tool, and only asked where it helps: listing a
 * repository's files and blaming lines.
 */
import { isUtf8 } from 'node:buffer'
import type { spawnSync as spawnSyncType } from 'node:child_process'
import { closeSync, fstatSync, openSync, readdirSync, readSync, statSync } from 'node:fs'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { createRequire } from 'node:module'
import { maxTextBytes, readBounded } from '../vocabulary/bounded-read.js'
import { CrdbError } from '../vocabulary/errors.js'

// The bundle stands `node:child_process` in for commander's sake (see child-process-on-demand.ts): load the real one.
const spawnSync = ((...args: Parameters<typeof spawnSyncType>) =>
  (createRequire(import.meta.url)('node:child_process') as { spawnSync: typeof spawnSyncType }).spawnSync(...args)) as typeof spawnSyncType

/** How a file's bytes are text. */
export type TextEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'latin1'

/** A file read as text, in pieces that end at line ends. */
export interface TextPiece {
  text: string
  /** The line (from 1) the piece starts at. */
  firstLine: number
}

/** Bytes read per piece of a large file (pieces end at a line end). */
const pieceSize = 4 * 1024 * 1024

/** Bytes looked at to tell text from binary and to choose the encoding. */
const sniffSize = 8192

/**
 * The encoding of bytes that start with `head`, or `undefined` for a binary
 * file (a NUL byte without a UTF-16 byte order mark). UTF-8 is assumed until
 * the bytes say otherwise ({@link readTextPieces} falls back to Latin-1).
 */
function sniffEncoding(head: Uint8Array): TextEncoding | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8-bom'
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le'
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be'
  if (head.includes(0)) return undefined
  return 'utf-8'
}

/** The length of the byte order mark of `encoding`. */
function bomLength(encoding: TextEncoding): number {
  return encoding === 'utf-8-bom' ? 3 : encoding === 'utf-16le' || encoding === 'utf-16be' ? 2 : 0
}

/** Bytes (without their byte order mark) as text in `encoding`. */
function decodeBytes(bytes: Uint8Array, encoding: TextEncoding): string {
  const body = bytes.subarray(bomLength(encoding))
  const buffer = Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  // Node's own decoders where they are exact (UTF-8 already checked, or with its replacement characters as TextDecoder's).
  if (encoding === 'latin1') return buffer.toString('latin1')
  if (encoding === 'utf-8' || encoding === 'utf-8-bom') return buffer.toString('utf8')
  if (encoding === 'utf-16le') return buffer.toString('utf16le')
  return new TextDecoder('utf-16be').decode(body)
}

/** Text as bytes in `encoding`, with the byte order mark the encoding has. */
export function encodeText(text: string, encoding: TextEncoding): Buffer {
  switch (encoding) {
    case 'utf-8':
      return Buffer.from(text, 'utf8')
    case 'utf-8-bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')])
    case 'utf-16le':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
    case 'utf-16be':
      return Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()])
    case 'latin1':
      return Buffer.from(text, 'latin1')
  }
}

/**
 * Decode a whole file's bytes: its encoding and text, or `undefined` for a
 * binary file. UTF-8 that does not decode is read as Latin-1.
 */
export function decodeFile(bytes: Uint8Array): { encoding: TextEncoding; text: string } | undefined {
  let encoding = sniffEncoding(bytes.subarray(0, sniffSize))
  if (encoding === undefined) return undefined
  if (encoding === 'utf-8' && !isUtf8(bytes)) encoding = 'latin1'
  return { encoding, text: decodeBytes(bytes, encoding) }
}

/**
 * The text of file `path` with its encoding, in pieces that end at line ends,
 * or `undefined` for a binary file. A file of up to one piece is read at once;
 * a larger one a piece at a time, so memory stays bounded whatever its size.
 * Iterate the pieces to the end: that closes the file.
 *
 * @throws {CrdbError} `E_IO` when the file cannot be read.
 */
export function readTextPieces(path: string): { encoding: TextEncoding; pieces: Iterable<TextPiece> } | undefined {
  let fd: number
  let size: number
  let regular: boolean
  try {
    fd = openSync(path, 'r')
    const stats = fstatSync(fd)
    size = stats.size
    regular = stats.isFile()
  } catch (error) {
    throw new CrdbError('E_IO', `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`)
  }
  // Most files are one piece: read and decode them at once. A pipe or a device says no size: read whole, up to a limit.
  if (size < pieceSize || !regular) {
    let bytes: Buffer
    try {
      bytes = readBounded(fd, maxTextBytes, path)
    } finally {
      closeSync(fd)
    }
    const decoded = decodeFile(bytes)
    return decoded && { encoding: decoded.encoding, pieces: [{ text: decoded.text, firstLine: 1 }] }
  }
  const buffer = Buffer.allocUnsafe(Math.max(1, Math.min(pieceSize, size)))
  const filled = readFully(fd, buffer)
  let encoding = sniffEncoding(buffer.subarray(0, Math.min(filled, sniffSize)))
  if (encoding === undefined) {
    closeSync(fd)
    return undefined
  }
  if (encoding === 'utf-8' && !isUtf8Prefix(buffer.subarray(0, filled))) encoding = 'latin1'
  return { encoding, pieces: generatePieces(fd, buffer, filled, encoding) }
}

function* generatePieces(fd: number, buffer: Buffer, filled: number, encoding: TextEncoding): Generator<TextPiece> {
  try {
    const decoder = encoding === 'latin1' ? undefined : new TextDecoder(encoding === 'utf-8-bom' ? 'utf-8' : encoding)
    let start = bomLength(encoding)
    let line = 1
    let carry = ''
    for (;;) {
      const last = filled < buffer.length || filled === 0
      const chunk = buffer.subarray(start, filled)
      const text = carry + (decoder ? decoder.decode(chunk, { stream: !last }) : chunk.toString('latin1'))
      const cut = last ? text.length : text.lastIndexOf('\n') + 1
      if (cut > 0) {
        const piece = text.slice(0, cut)
        yield { text: piece, firstLine: line }
        line += countLines(piece)
      }
      carry = text.slice(cut)
      if (last) return
      filled = readFully(fd, buffer)
      start = 0
    }
  } finally {
    closeSync(fd)
  }
}

function readFully(fd: number, buffer: Buffer): number {
  let filled = 0
  while (filled < buffer.length) {
    const read = readSync(fd, buffer, filled, buffer.length - filled, null)
    if (read === 0) break
    filled += read
  }
  return filled
}

/** Whether bytes are UTF-8, allowing a sequence cut short at their end. */
function isUtf8Prefix(bytes: Buffer): boolean {
  if (isUtf8(bytes)) return true
  // A piece can end inside a character: try without its last (up to three) bytes.
  for (let cut = 1; cut <= 3 && cut < bytes.length; cut++) if (isUtf8(bytes.subarray(0, bytes.length - cut))) return true
  return false
}

function countLines(text: string): number {
  let count = 0
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++
  return count
}

/** Where the repository that holds `path` has its top folder, or `undefined` (not in one, or no git). */
export function findGitTop(path: string): string | undefined {
  const folder = isDirectory(path) ? path : dirname(path)
  const result = spawnSync('git', ['-C', folder, 'rev-parse', '--show-toplevel'], { encoding: 'utf8' })
  if (result.error || result.status !== 0) return undefined
  return result.stdout.trim()
}

/** Whether git can be run at all. */
export function hasGit(): boolean {
  const result = spawnSync('git', ['--version'], { encoding: 'utf8' })
  return !result.error && result.status === 0
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

/** Folders never walked outside a repository. */
const skippedFolders = new Set(['.git', '.hg', '.svn', 'node_modules'])

/**
 * The files `path` names: itself for a file; for a folder, its files in
 * name order, those git tracks or would track (`.gitignore` honoured) inside
 * a repository, else every file below it but version-control folders and
 * `node_modules`.
 *
 * @throws {CrdbError} `E_IO` when `path` does not exist.
 */
export function listFiles(path: string): string[] {
  let stats: ReturnType<typeof statSync>
  try {
    stats = statSync(path)
  } catch (error) {
    throw new CrdbError('E_IO', `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`)
  }
  if (!stats.isDirectory()) return [path]
  if (findGitTop(path) !== undefined) {
    const result = spawnSync('git', ['-C', path, 'ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      encoding: 'utf8',
      maxBuffer: 1 << 30
    })
    if (!result.error && result.status === 0) {
      const names = [...new Set(result.stdout.split('\0').filter((name) => name !== ''))].sort()
      // A tracked file deleted from the work tree is listed but not there.
      return names.map((name) => join(path, name)).filter((file) => isFile(file))
    }
  }
  const files: string[] = []
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = join(folder, entry.name)
      if (entry.isDirectory()) {
        if (!skippedFolders.has(entry.name)) walk(full)
      } else if (entry.isFile()) files.push(full)
    }
  }
  walk(path)
  return files
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/**
 * The day (UTC, `YYYY-MM-DD`) each line of `file` was committed, from `git blame
 * --line-porcelain`; lines not committed yet get `today`.
 *
 * @throws {CrdbError} `E_USAGE` when `file` is not in a git repository or git is missing.
 */
export function blameDates(file: string, today: string): Map<number, string> {
  const top = findGitTop(file)
  if (top === undefined) {
    throw new CrdbError('E_USAGE', hasGit() ? `--blame needs a git repository: ${file} is not in one` : `--blame needs git, which cannot be run here`)
  }
  const result = spawnSync('git', ['-C', dirname(resolve(file)), 'blame', '--line-porcelain', '--', basename(file)], {
    encoding: 'utf8',
    maxBuffer: 1 << 30
  })
  const dates = new Map<number, string>()
  // An untracked file has no history: all of it is written today.
  if (result.error || result.status !== 0) return dates
  let line = 0
  let time: number | undefined
  let uncommitted = false
  for (const row of result.stdout.split('\n')) {
    const head = /^([0-9a-f]{40}) \d+ (\d+)/.exec(row)
    if (head) {
      line = Number(head[2])
      uncommitted = /^0{40}$/.test(head[1])
      time = undefined
    } else if (row.startsWith('committer-time ')) time = Number(row.slice('committer-time '.length))
    else if (row.startsWith('\t')) dates.set(line, uncommitted || time === undefined ? today : new Date(time * 1000).toISOString().slice(0, 10))
  }
  return dates
}

/** `path` as printed: relative to the working folder when below it. */
export function displayPath(path: string): string {
  const rel = relative(process.cwd(), resolve(path))
  return rel === '' || rel.startsWith('..') ? path : rel
}
