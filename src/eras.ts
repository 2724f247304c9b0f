/**
 * Eras: which edition of the Comprehensive Rules a game engine plays by.
 *
 * An era is a named preset (`2003`, `2009`, `2024`: the rules in force on
 * 31 December of that year), any day (`--date`, the edition in force then) or
 * an edition by its effective date (`--edition`). Everything that takes an era
 * resolves it here to one edition's effective date.
 */
import type { CrdbDatabase } from './store/database.js'
import { eraPresets, type EraPreset } from './vocabulary/era-presets.js'
import { resolveAt } from './query/at.js'
import { listEditions, resolveEdition } from './query/editions.js'

export { eraPresets, findEraPreset, eraDate, type EraPreset } from './vocabulary/era-presets.js'

/** Where an era is: a preset name (or a `YYYY-MM-DD` day given as an era), a day, or an edition's date. */
export interface EraAt {
  era?: string
  date?: string
  edition?: string
}

/**
 * The effective date of the edition an era means: a preset (the newest edition
 * on or before 31 December of its year), a day given as `era` or `date` (the
 * edition in force then), or `edition` (the edition of that date); the newest
 * edition when none is given.
 *
 * @throws {CrdbError} `E_USAGE` when more than one is given, `E_BAD_ERA` for an
 *   unknown era name, `E_BAD_DATE` for a malformed date, `E_NOT_FOUND` when no edition fits.
 */
export function resolveEra(db: CrdbDatabase, at: EraAt = {}): string {
  return resolveAt(db, at)
}

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
export function listEras(db: CrdbDatabase): EraListing {
  const editions = listEditions(db).map((edition) => ({ edition: edition.effectiveDate, validTo: edition.validTo, presets: [] as string[] }))
  const presets = eraPresets.map((preset) => {
    const edition = resolveEdition(db, { date: preset.date })
    const entry = editions.find((e) => e.edition === edition)
    entry?.presets.push(preset.name)
    return { ...preset, edition, validTo: entry?.validTo ?? null }
  })
  return { presets, editions }
}
