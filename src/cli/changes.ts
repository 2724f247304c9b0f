/**
 * `crdb changes --since DATE`: what changed in play since a day, as the
 * `/changes` page shows it: the era switches that flipped, then each section,
 * the most changed first, its changes the largest first.
 */
import { diffProfiles, type SwitchValue } from '../engine/profile.js'
import { openRules } from '../engine/rules.js'
import { listChangesSince, type PlayChange } from '../query/changes-since.js'
import type { RegisterCommand } from './context.js'

/** Changes listed per section in the text output (`--json` has them all). */
const listedPerSection = 10

function showValue(value: SwitchValue): string {
  return value === null ? '-' : value === true ? 'yes' : value === false ? 'no' : String(value)
}

function describe(change: PlayChange): string {
  const kind = change.kind === 'moved-changed' ? `renumbered from ${change.from} and reworded` : change.kind === 'changed' ? 'reworded' : change.kind
  return `${change.number.padEnd(9)}${kind}, ${change.size} word${change.size === 1 ? '' : 's'}`
}

/** Register `crdb changes`. */
export const registerChanges: RegisterCommand = (program, context) => {
  program
    .command('changes')
    .description('what changed in play since a day: the era switches that flipped, then each section, the largest changes first')
    .requiredOption('--since <date>', 'the day you last knew the rules (YYYY-MM-DD)')
    .option('--to <date>', 'compare with the edition in force on this day, not the newest')
    .action((options: { since: string; to?: string }) => {
      const answer = context.withDatabase(true, (db) => {
        const changes = listChangesSince(db, options.since, { to: options.to })
        const switches = diffProfiles(openRules(db, { edition: changes.from }).profile(), openRules(db, { edition: changes.to }).profile())
        return { ...changes, switches }
      })
      context.print(answer, () => {
        const total = answer.sections.reduce((sum, section) => sum + section.changes.length, 0)
        const lines = [`since ${answer.since}: edition ${answer.from} -> ${answer.to}: ${total} rule${total === 1 ? '' : 's'} changed in play`]
        if (answer.switches.length) {
          lines.push('', 'era switches that flipped')
          for (const difference of answer.switches) {
            lines.push(
              `  ${difference.id} (${difference.title}): ${showValue(difference.from.value)} -> ${showValue(difference.to.value)}, in ${difference.to.since}`
            )
          }
        }
        for (const section of answer.sections) {
          lines.push(
            '',
            `${section.section}. ${section.title}: ${section.changes.length} change${section.changes.length === 1 ? '' : 's'}, ${section.size} words`
          )
          for (const change of section.changes.slice(0, listedPerSection)) lines.push(`  ${describe(change)}`)
          if (section.changes.length > listedPerSection) lines.push(`  ... and ${section.changes.length - listedPerSection} more (--json lists them all)`)
        }
        const f = answer.folded
        lines.push(
          '',
          `not in play: ${f.referencesOnly} cross-references only, ${f.typographyOnly} typography only, ${f.examplesOnly} examples only, ${f.renumbered} renumbered only`
        )
        return lines.join('\n') + '\n'
      })
    })
}
