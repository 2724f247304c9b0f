/**
 * Stage 1 of the pipeline: the bytes of a source file.
 */
import { readFileSync } from 'node:fs'
import { CrdbError } from '../src/vocabulary/errors.js'

/**
 * Read the bytes of a file.
 *
 * @throws {CrdbError} `E_IO` when it cannot be read.
 */
export function readSource(path: string): Uint8Array {
  try {
    return readFileSync(path)
  } catch (error) {
    throw new CrdbError('E_IO', `${path}: cannot read file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
}
