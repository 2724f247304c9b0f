/**
 * Stage 1 of the pipeline: the bytes of a source file.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs'
import { maxTextBytes, readBounded } from '../src/vocabulary/bounded-read.js'
import { CrdbError } from '../src/vocabulary/errors.js'

/**
 * Read the bytes of a file: a regular file (a FIFO in an archive folder would
 * block the build, a device never end) of at most {@link maxTextBytes}.
 *
 * @throws {CrdbError} `E_IO` when it cannot be read (a symlink loop, a dangling link, no permission) or is not
 *   a regular file, `E_TOO_LARGE` over the limit.
 */
export function readSource(path: string): Uint8Array {
  let regular: boolean
  try {
    regular = statSync(path).isFile()
  } catch (error) {
    throw new CrdbError('E_IO', `${path}: cannot read file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
  if (!regular) throw new CrdbError('E_IO', `${path}: cannot read file (not a regular file)`)
  return readBounded(path, maxTextBytes, path, 'a source file')
}

/**
 * The first `length` bytes of a file (all of it when shorter), or undefined when it cannot be read: a build
 * reads what each file is from its start before reading it whole, and a file it cannot read then is read (and
 * refused) as usual later.
 */
export function readSourceStart(path: string, length: number): Uint8Array | undefined {
  let fd: number | undefined
  try {
    fd = openSync(path, 'r')
    const start = Buffer.allocUnsafe(length)
    let total = 0
    for (let read = 1; read > 0 && total < length; total += read) read = readSync(fd, start, total, length - total, total)
    return start.subarray(0, total)
  } catch {
    return undefined
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}
