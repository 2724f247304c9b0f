/**
 * `crdb eras`: the era presets and every edition with its date range.
 */
import { listEras } from '../query/eras.js'
import type { RegisterCommand } from './context.js'

/** Register `crdb eras`. */
export const registerEras: RegisterCommand = (program, context) => {
  program
    .command('eras')
    .description('list the era presets and every edition with its date range')
    .action(() => {
      const listing = context.withDatabase(true, (db) => listEras(db))
      context.print(listing, () => {
        const lines = ['preset  edition     in force                  what sets it apart']
        for (const preset of listing.presets) {
          lines.push(`${preset.name.padEnd(6)}  ${preset.edition}  ${`${preset.edition} to ${preset.validTo ?? 'now'}`.padEnd(24)}  ${preset.summary}`)
        }
        lines.push('', 'edition     in force until  preset')
        for (const edition of listing.editions)
          lines.push(`${edition.edition}  ${(edition.validTo ?? 'now').padEnd(14)}  ${edition.presets.join(', ')}`.trimEnd())
        return lines.join('\n') + '\n'
      })
    })
}
