/**
 * `crdb blame`: since when each rule of an edition has read as it does.
 */
import { blame } from '../query/history.js'
import type { EditionSelector } from '../vocabulary/selector.js'
import type { RegisterCommand } from './context.js'
import { addSelectorOptions, readSelector } from './selector.js'

/** Register `crdb blame`. */
export const registerBlame: RegisterCommand = (program, context) => {
  const blameCommand = program
    .command('blame')
    .description('for each rule of an edition, the edition in which its current text appeared')
    .option('--section <number>', 'only this section, rule or subrule (7, 704, 704.5)')
  addSelectorOptions(blameCommand, 'the rules').action((options: EditionSelector & { section?: string }) => {
    const at = readSelector(options)
    const result = context.withDatabase(true, (db) => {
      context.noteDerived(db, 'lineage')
      return blame(db, at, { section: options.section })
    })
    context.print(
      result,
      () =>
        (result.sectionNumbering ? `section ${result.sectionNumbering.note}\n` : '') +
        result.lines
          .map((line) => {
            const since = line.sinceNumber === line.number ? line.since : `${line.since} (as ${line.sinceNumber})`
            return `${since.padEnd(10)}  ${line.number.padEnd(8)} ${line.text.split('\n')[0].slice(0, Math.max(20, (context.io.columns ?? 120) - 22))}`
          })
          .join('\n') +
        '\n'
    )
  })
}
