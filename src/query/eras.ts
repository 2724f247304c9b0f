/**
 * Eras: which edition of the Comprehensive Rules a game engine plays by. An era
 * is a named preset (`2003`, `2009`, `2024`: the rules in force on 31 December
 * of that year); any edition selector resolves through {@link resolveEdition}.
 */
import type { Crdb } from '../store/database.js'
import { eraPresets, type EraPreset } from '../vocabulary/era-presets.js'
import { listEditions, resolveEdition } from './editions.js'

/** An edition as `crdb eras` lists it. */
export interface EraEdition {
  edition: string
  /** The date the next edition took effect; `null` for the newest. */
  validTo: string | null
  /** The presets that resolve to this edition. */
  presets: string[]
}

/** What `crdb eras` prints: the presets with their editions, and every edition with its date range. */
export interface EraListing {
  presets: Array<EraPreset & { edition: string; validTo: string | null }>
  editions: EraEdition[]
}

/** The presets, each with the edition it resolves to, and every stored edition, oldest first. */
export function listEras(db: Crdb): EraListing {
  const editions = listEditions(db).map((edition) => ({ edition: edition.effectiveDate, validTo: edition.validTo, presets: [] as string[] }))
  const presets = eraPresets.map((preset) => {
    const edition = resolveEdition(db, { era: preset.name })
    const entry = editions.find((e) => e.edition === edition)
    entry?.presets.push(preset.name)
    return { ...preset, edition, validTo: entry?.validTo ?? null }
  })
  return { presets, editions }
}
