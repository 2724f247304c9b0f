/**
 * Reading a whole input with a limit: a state file, standard input, a source.
 * The bytes are read a chunk at a time and the read stops at the limit, so an
 * endless input (`/dev/zero`, a pipe that never closes) costs at most the
 * limit in memory and ends with one `E_TOO_LARGE` line.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { CrdbError } from './errors.js'

/** The most a game state file (or standard input given for one) may hold: the server's limit on a request body, 1 MB. */
export const maxStateBytes = 1024 * 1024

/** The most a text read whole may hold (a source file, standard input for `crdb cite`): 64 MB, sixty times the largest edition. */
export const maxTextBytes = 64 * 1024 * 1024

const chunkBytes = 64 * 1024

/**
 * The bytes of `input` (a path, or an open file descriptor such as 0 for
 * standard input), at most `maxBytes` of them; errors name it `name` and say
 * what it is (`what`: `'the state file'`, `'a source file'`). A descriptor given is left open.
 *
 * @throws {CrdbError} `E_TOO_LARGE` past `maxBytes` (read no further), `E_IO` when it cannot be read.
 */
export function readBounded(input: string | number, maxBytes: number, name: string, what = 'a text read whole'): Buffer {
  let fd: number
  try {
    fd = typeof input === 'number' ? input : openSync(input, 'r')
  } catch (error) {
    throw ioError(name, what, error)
  }
  try {
    // A regular file says its size: refuse a large one before reading it.
    const stats = fstatSync(fd)
    if (stats.isFile() && stats.size > maxBytes) throw tooLarge(name, what, maxBytes)
    const chunks: Buffer[] = []
    let total = 0
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(chunkBytes, maxBytes + 1 - total))
      const read = readChunk(fd, chunk)
      if (read === 0) break
      chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read))
      total += read
      if (total > maxBytes) throw tooLarge(name, what, maxBytes)
    }
    return Buffer.concat(chunks, total)
  } catch (error) {
    throw error instanceof CrdbError ? error : ioError(name, what, error)
  } finally {
    if (typeof input !== 'number') closeSync(fd)
  }
}

/** One read; a descriptor that is not ready yet (standard input set non-blocking) is waited for. */
function readChunk(fd: number, chunk: Buffer): number {
  for (;;) {
    try {
      return readSync(fd, chunk, 0, chunk.length, null)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10)
    }
  }
}

function tooLarge(name: string, what: string, maxBytes: number): CrdbError {
  return new CrdbError('E_TOO_LARGE', `${name}: more than ${formatBytes(maxBytes)} (${maxBytes} bytes), the limit for ${what}; read no further`)
}

function ioError(name: string, what: string, error: unknown): CrdbError {
  return new CrdbError('E_IO', `${name}: cannot read ${what} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
}

function formatBytes(bytes: number): string {
  return `${bytes / (1024 * 1024)} MB`
}
