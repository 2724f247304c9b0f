/**
 * The named eras: `2003`, `2009` and `2024` mean the rules in force on
 * 31 December of that year. One table, used wherever an era is read.
 */
import { parseDate } from './dates.js'
import { CrdbError, quoteInput } from './errors.js'

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
    summary:
      'state-based effects (420.5); mana burn, combat damage on the stack, "in play", "removed from the game"; the Legend rule keeps the one legendary longest'
  },
  {
    name: '2009',
    date: '2009-12-31',
    summary:
      'Magic 2010 rules: state-based actions (704.5), the battlefield and exile, deathtouch as a state-based action; the legend and planeswalker uniqueness rules put all into the graveyard'
  },
  {
    name: '2024',
    date: '2024-12-31',
    summary: 'Foundations rules: the legend rule lets each controller keep one; planeswalker uniqueness and damage assignment order are gone'
  }
]

/** The preset called `name`, or `undefined`. */
export function findEraPreset(name: string): EraPreset | undefined {
  return eraPresets.find((preset) => preset.name === name.trim())
}

/**
 * The day an era stands for: a preset's 31 December, or a day given as `YYYY-MM-DD`.
 *
 * @throws {CrdbError} `E_BAD_ERA` for a name that is neither, `E_BAD_DATE` for a malformed day.
 */
export function eraDate(era: string): string {
  const preset = findEraPreset(era)
  if (preset) return preset.date
  if (/^\d{4}-\d{2}-\d{2}$/.test(era.trim())) return parseDate(era)
  throw new CrdbError('E_BAD_ERA', `${quoteInput(era)} is not an era (presets: ${eraPresets.map((p) => p.name).join(', ')}; or a day as YYYY-MM-DD)`)
}
