/**
 * Stage 1 of the pipeline: the bytes of a source file.
 */
import { statSync } from 'node:fs'
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
