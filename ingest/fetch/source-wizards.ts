/**
 * Source 4, for the newest edition only: Wizards' current rules file, found
 * through Academy Ruins' `/link/cr` redirect (Wizards moves the file at each
 * release; the redirect follows it).
 */
import { currentRulesLink } from './source-academy-ruins.js'
import type { ManifestEdition } from '../../src/vocabulary/corpus-files.js'
import type { Location } from './location.js'

/** Wizards' current rules file, when `edition` is the newest one (`newest`). */
export function locateAtWizards(edition: ManifestEdition, academyRuinsBase: string, newest: string): Location | undefined {
  return edition.effectiveDate === newest ? { kind: 'url', url: currentRulesLink(academyRuinsBase) } : undefined
}
