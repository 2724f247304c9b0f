/**
 * Eras: which edition of the Comprehensive Rules a game engine plays by.
 *
 * An era is a named preset (`2003`, `2009`, `2024`: the rules in force on
 * 31 December of that year), any day (`--date`, the edition in force then) or
 * an edition by its effective date (`--edition`). Everything that takes an era
 * resolves it here to one edition's effective date.
 */
import type { CrdbDatabase } from './database.js'
import { parseDate } from './dates.js'
import { CrdbError } from './errors.js'
import { listEditions, resolveEdition } from './query/editions.js'

/** A named era. */
export interface EraPreset {
  /** The name given to `--era`. */
  name: string
  /** The day whose rules the preset means: 31 December of its year. */
  date: string
  /** One line on what sets the era apart (checked against the archive by the tests). */
  summary: string
}

/** The named eras, oldest first. */
export const eraPresets: readonly EraPreset[] = [
  {
    name: '2003',
    date: '2003-12-31',
    summary: 'state-based effects (420.5); mana burn, combat damage on the stack, "in play", "removed from the game"; the Legend rule keeps the one legendary longest'
  },
  {
    name: '2009',
    date: '2009-12-31',
    summary: 'Magic 2010 rules: state-based actions (704.5), the battlefield and exile, deathtouch as a state-based action; the legend and planeswalker uniqueness rules put all into the graveyard'
  },
  {
    name: '2024',
    date: '2024-12-31',
    summary: 'Foundations rules: the legend rule lets each controller keep one; planeswalker uniqueness and damage assignment order are gone'
  }
]

/** Where an era is: a preset name (or a `YYYY-MM-DD` day given as an era), a day, or an edition's date. */
export interface EraAt {
  era?: string
  date?: string
  edition?: string
}

/** The preset called `name`, or `undefined`. */
export function findEraPreset(name: string): EraPreset | undefined {
  return eraPresets.find((preset) => preset.name === name.trim())
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
  const given = (['era', 'date', 'edition'] as const).filter((key) => at[key] !== undefined)
  if (given.length > 1) throw new CrdbError('E_USAGE', `give one of --era, --date or --edition, not ${given.map((key) => `--${key}`).join(' and ')}`)
  if (at.era !== undefined) {
    const preset = findEraPreset(at.era)
    if (preset) return resolveEdition(db, { date: preset.date })
    if (/^\d{4}-\d{2}-\d{2}$/.test(at.era.trim())) return resolveEdition(db, { date: parseDate(at.era) })
    throw new CrdbError(
      'E_BAD_ERA',
      `"${at.era}" is not an era (presets: ${eraPresets.map((preset) => preset.name).join(', ')}; or give a day as YYYY-MM-DD, --date or --edition)`
    )
  }
  return resolveEdition(db, { date: at.date, edition: at.edition })
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
