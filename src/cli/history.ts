/**
 * `crdb history NUMBER` and `crdb blame`: a rule across renumberings, and since
 * when each rule of an edition has read as it does.
 */
import { blame, ruleHistory } from '../query/history.js'
import { CrdbError } from '../vocabulary/errors.js'
import type { EditionSelector } from '../vocabulary/selector.js'
import { addSelectorOptions, readSelector } from './selector.js'
import type { RegisterCommand } from './context.js'
import { textLayout } from './render.js'

/** Register `crdb history` and `crdb blame`. */
export const registerHistory: RegisterCommand = (program, context) => {
  const historyCommand = program
    .command('history')
    .description('every wording of a rule, followed through renumberings, with the word-level change at each step')
    .argument('[number]', 'the rule (its newest wording is the starting point), e.g. 704.5j')
    .option('--from <number>', 'start at the oldest wording of this number and follow it forward, e.g. 420.5e')
  addSelectorOptions(historyCommand, 'start from the wording of the rules').action((number: string | undefined, options: EditionSelector & { from?: string }) => {
      if (!number && !options.from) throw new CrdbError('E_USAGE', 'give a rule number, or --from NUMBER')
      if (number && options.from) throw new CrdbError('E_USAGE', 'give a rule number or --from NUMBER, not both')
      const history = context.withDatabase(true, (db) => {
        context.noteDerived(db, 'lineage')
        return options.from
          ? ruleHistory(db, options.from, { direction: 'forward' })
          : ruleHistory(db, number!, { at: readSelector(options) })
      })
      const s = textLayout(context.io)
      context.print(history, () => {
        const lines = [s.bold(`${history.number}: ${history.steps.length} wordings, numbered ${history.numbers.join(' -> ')}`), '']
        for (const step of history.steps) {
          const span = `${step.validFrom} to ${step.validTo ?? 'now'} (${step.editions.length} edition${step.editions.length === 1 ? '' : 's'})`
          const how = step.change
            ? step.change.kind === 'changed'
              ? 'changed'
              : `${step.change.kind === 'moved' ? 'renumbered' : 'renumbered and changed'} from ${step.change.fromNumber}`
            : 'first seen'
          const notes = step.change?.referencesOnly
            ? ', only cross-references'
            : step.change?.typographyOnly
              ? ', only typography'
              : step.change?.examplesChanged
                ? ', only examples'
                : ''
          lines.push(s.bold(`${step.number}  ${span}  ${how}${notes}`))
          lines.push(...s.wrap(step.change && step.change.textChanges.length ? s.changes(step.change.textChanges) : step.text, '    '))
        }
        return lines.join('\n') + '\n'
      })
    })

  const blameCommand = program
    .command('blame')
    .description('for each rule of an edition, the edition in which its current text appeared')
    .option('--section <number>', 'only this section, rule or subrule (7, 704, 704.5)')
  addSelectorOptions(blameCommand, 'the rules').action((options: EditionSelector & { section?: string }) => {
      const at = readSelector(options)
      const result = context.withDatabase(true, (db) => (context.noteDerived(db, 'lineage'), blame(db, at, { section: options.section })))
      context.print(result, () =>
        result.lines
          .map((line) => {
            const since = line.sinceNumber === line.number ? line.since : `${line.since} (as ${line.sinceNumber})`
            return `${since.padEnd(10)}  ${line.number.padEnd(8)} ${line.text.split('\n')[0].slice(0, Math.max(20, (context.io.columns ?? 120) - 22))}`
          })
          .join('\n') + '\n'
      )
    })
}
