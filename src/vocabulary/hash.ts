/**
 * Content hashes: a source is known by the sha256 of its bytes.
 */
import { createHash } from 'node:crypto'

/** The sha256 of `bytes`, in lower-case hex. */
export function sha256Of(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex')
}
