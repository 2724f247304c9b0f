/**
 * Source 1: a mirror (`--mirror DIR` or `--mirror URL`), a copy of the archive
 * under the manifest's file names, such as `../shared/corpus/cr`.
 */
import { join } from 'node:path'
import type { ManifestEdition } from '../../src/vocabulary/corpus-files.js'
import type { Location } from './location.js'

/** Whether a mirror is given as a base URL rather than a folder. */
export function isMirrorUrl(mirror: string): boolean {
  return /^https?:\/\//i.test(mirror)
}

/** The mirror's copy of `edition`: `<mirror>/<file>`. */
export function locateInMirror(edition: ManifestEdition, mirror: string | undefined): Location | undefined {
  if (mirror === undefined) return undefined
  if (isMirrorUrl(mirror)) return { kind: 'url', url: `${mirror.replace(/\/+$/, '')}/${encodeURIComponent(edition.file)}` }
  return { kind: 'file', path: join(mirror, edition.file) }
}
