/**
 * Source 3: the Wayback Machine's replay of the old official URLs, with the
 * original bytes (`id_`): `/web/{timestamp}id_/{url}`. The timestamp is the
 * edition's date; the Wayback Machine redirects to its nearest capture.
 */
import type { ManifestEdition } from '../../src/vocabulary/corpus-files.js'
import type { Location } from './location.js'

/** The Wayback Machine's original-bytes replay of `edition`'s official URL. */
export function locateInWayback(edition: ManifestEdition, base: string): Location | undefined {
  if (!edition.url) return undefined
  const timestamp = (edition.fileDate ?? edition.effectiveDate).replace(/-/g, '')
  return { kind: 'url', url: `${base}/web/${timestamp}id_/${edition.url}` }
}
