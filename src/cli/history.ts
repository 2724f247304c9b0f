/**
 * `crdb history NUMBER`: a rule across renumberings (or a glossary term
 * across renames).
 */
import { ruleHistory, termHistory, type TermHistory } from '../query/history.js'
import { describeEnd, describeFolded, describeHistoryStep, describeSourceDamage, foldMinorSteps } from '../query/history-steps.js'
import { CrdbError } from '../vocabulary/errors.js'
import { findSetOfEdition, readSetTable } from '../vocabulary/set-codes.js'
import type { EditionSelector } from '../vocabulary/selector.js'
import { addSelectorOptions, readSelector } from './selector.js'
import type { RegisterCommand } from './context.js'
import { textLayout, type TextLayout } from './render.js'

/** Register `crdb history`. */
export const registerHistory: RegisterCommand = (program, context) => {
  const historyCommand = program
    .command('history')
    .description(
      'every wording of a rule, followed through renumberings, splits and merges (or of a glossary term, through renames), with the word-level change at each step'
    )
    .argument('[number]', 'the rule (its newest wording is the starting point), e.g. 704.5j')
    .option('--from <number>', 'start at the oldest wording of this number and follow it forward, e.g. 420.5e')
    .option('--term <name>', 'the history of a glossary term instead, e.g. "legend rule"')
    .option('--all', 'show every step, also those that changed only cross-references or typography (folded into one line by default)')
  addSelectorOptions(historyCommand, 'start from the wording of the rules').action(
    (number: string | undefined, options: EditionSelector & { from?: string; term?: string; all?: boolean }) => {
      if (options.term !== undefined) {
        if (number || options.from || Object.keys(readSelector(options)).length > 0) {
          throw new CrdbError('E_USAGE', 'give --term NAME alone, without a rule number, --from or an edition')
        }
        const history = context.withDatabase(true, (db) => termHistory(db, options.term!))
        context.print(history, () => renderTermHistory(history, textLayout(context.io), options.all === true))
        return
      }
      if (!number && !options.from) throw new CrdbError('E_USAGE', 'give a rule number, or --from NUMBER')
      if (number && options.from) throw new CrdbError('E_USAGE', 'give a rule number or --from NUMBER, not both')
      const history = context.withDatabase(true, (db) => {
        context.noteDerived(db, 'lineage')
        return options.from ? ruleHistory(db, options.from, { direction: 'forward' }) : ruleHistory(db, number!, { at: readSelector(options) })
      })
      const s = textLayout(context.io)
      context.print(history, () => {
        const lines = [s.bold(`${history.number}: ${history.steps.length} wordings, numbered ${history.numbers.join(' -> ')}`)]
        // A number from another numbering: say which rule it was read as (as crdb get does).
        if (history.numbering) lines.push(...s.wrap(history.numbering.note).map(s.dim))
        lines.push('')
        const fold = foldMinorSteps(history.steps)
        for (const { step } of options.all ? history.steps.map((step) => ({ step })) : fold.shown) {
          lines.push(s.bold(`${step.number}  ${spanOf(step)}  ${describeHistoryStep(step)}`))
          lines.push(...s.wrap(step.change?.textChanges.length ? s.changes(step.change.textChanges) : step.text, '    '))
          for (const note of describeSourceDamage(step)) lines.push(...s.wrap(`note: ${note}`, '    '))
        }
        const end = describeEnd(history)
        if (end) lines.push('', s.bold(end))
        if (fold.folded.length > 0 && !options.all) lines.push('', `${describeFolded(fold.counts)} folded; --all shows them`)
        return lines.join('\n') + '\n'
      })
    }
  )
}

/** When a wording was in force, in how many editions, and the set its first edition came with: `2009-07-11 to 2013-07-13 (19 editions, M10)`. */
function spanOf(step: { validFrom: string; validTo: string | null; editions: readonly string[] }): string {
  const set = findSetOfEdition(readSetTable(), step.editions[0] ?? step.validFrom)
  return `${step.validFrom} to ${step.validTo ?? 'now'} (${step.editions.length} edition${step.editions.length === 1 ? '' : 's'}${set ? `, ${set.code}` : ''})`
}

/** The text of a glossary term's history. */
function renderTermHistory(history: TermHistory, s: TextLayout, all: boolean): string {
  const lines = [s.bold(`"${history.term}": ${history.steps.length} definitions, named ${history.names.map((name) => `"${name}"`).join(' -> ')}`), '']
  const fold = foldMinorSteps(history.steps)
  for (const { step, index } of all ? history.steps.map((step, index) => ({ step, index })) : fold.shown) {
    if (step.missingBefore) {
      const span =
        step.missingBefore.editions.length === 1 ? step.missingBefore.editions[0] : `${step.missingBefore.editions[0]} to ${step.missingBefore.editions.at(-1)}`
      lines.push(step.missingBefore.truncated ? `  (not in ${span}: that edition's glossary is truncated; not removed)` : `  (absent from ${span})`)
    }
    const span = spanOf(step)
    const how = step.change
      ? (step.change.kind === 'renamed' ? `renamed from "${step.change.fromTerm}"` : 'changed') + (step.change.typographyOnly ? ', only typography' : '')
      : index === 0
        ? 'first seen'
        : 'the same again'
    lines.push(s.bold(`"${step.term}"  ${span}  ${how}`))
    lines.push(...s.wrap(step.change?.textChanges.length ? s.changes(step.change.textChanges) : step.definition, '    '))
  }
  if (fold.folded.length > 0 && !all) lines.push('', `${describeFolded(fold.counts)} folded; --all shows them`)
  return lines.join('\n') + '\n'
}
