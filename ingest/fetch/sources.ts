/**
 * The sources of official editions, in the order a fetch asks them: each is
 * asked only when the ones before it lack the file (or gave a file that is not
 * the edition). One module per source beside this one.
 */
import type { Location } from './location.js'
import type { ManifestEdition } from '../../src/vocabulary/corpus-files.js'
import { locateInAcademyRuins } from './source-academy-ruins.js'
import { locateInMirror } from './source-mirror.js'
import { locateInWayback } from './source-wayback.js'
import { locateAtWizards } from './source-wizards.js'

/** The sources, by name. */
export type SourceName = 'mirror' | 'academy-ruins' | 'wayback' | 'wizards'

/** Every source name, in the order they are asked. */
export const sourceOrder: readonly SourceName[] = ['mirror', 'academy-ruins', 'wayback', 'wizards']

/** The base URLs of the web sources (tests point them at a server on 127.0.0.1). */
export interface SourceBases {
  /** Academy Ruins' API: `/file/cr/{SET}`, `/metadata/cr`, `/link/cr` (default `https://api.academyruins.com`; `$CRDB_ACADEMY_RUINS_URL`). */
  academyRuins: string
  /** The Wayback Machine: `/web/{timestamp}id_/{url}` (default `https://web.archive.org`; `$CRDB_WAYBACK_URL`). */
  wayback: string
}

/** The public services crdb asks by default. */
export const defaultSourceBases: SourceBases = { academyRuins: 'https://api.academyruins.com', wayback: 'https://web.archive.org' }

/** The base URLs: `overrides`, else the environment (`CRDB_ACADEMY_RUINS_URL`, `CRDB_WAYBACK_URL`), else the defaults. */
export function resolveSourceBases(overrides: Partial<SourceBases> = {}, env: NodeJS.ProcessEnv = process.env): SourceBases {
  const trim = (url: string): string => url.replace(/\/+$/, '')
  return {
    academyRuins: trim(overrides.academyRuins ?? env.CRDB_ACADEMY_RUINS_URL ?? defaultSourceBases.academyRuins),
    wayback: trim(overrides.wayback ?? env.CRDB_WAYBACK_URL ?? defaultSourceBases.wayback)
  }
}

/** What the sources need to know besides the edition. */
export interface LocateContext {
  bases: SourceBases
  /** A mirror folder or base URL (`--mirror`). */
  mirror?: string
  /** The newest edition of the manifest: the one Wizards' current link may serve. */
  newest: string
}

/** Where each source would have `edition`, in order; sources that cannot have it are left out. */
export function locateEdition(
  edition: ManifestEdition,
  context: LocateContext,
  only: readonly SourceName[] = sourceOrder
): Array<{ source: SourceName; location: Location }> {
  const locators: Record<SourceName, () => Location | undefined> = {
    mirror: () => locateInMirror(edition, context.mirror),
    'academy-ruins': () => locateInAcademyRuins(edition, context.bases.academyRuins),
    wayback: () => locateInWayback(edition, context.bases.wayback),
    wizards: () => locateAtWizards(edition, context.bases.academyRuins, context.newest)
  }
  return sourceOrder
    .filter((source) => only.includes(source))
    .flatMap((source) => {
      const location = locators[source]()
      return location ? [{ source, location }] : []
    })
}
