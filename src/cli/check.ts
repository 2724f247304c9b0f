/**
 * `crdb check`: a catalog check's rule in an era, or when it began or ended.
 */
import { describeCheck } from '../engine/answers.js'
import { describeAnchors, findCheck } from '../engine/catalog.js'
import type { EditionSelector } from '../vocabulary/selector.js'
import type { RegisterCommand } from './context.js'
import { eraOptions, openEraRules } from './era-rules.js'

/** Register `crdb check`. */
export const registerCheck: RegisterCommand = (program, context) => {
  eraOptions(
    program
      .command('check')
      .description("a catalog check's rule in an era, or when it began or ended")
      .argument('<id>', 'a check id, e.g. legend-rule (crdb era --checks lists them)')
      .option('--history', 'also list every run of editions in which the check was in force')
  ).action((id: string, options: EditionSelector & { history?: boolean }) => {
    const definition = findCheck(id)
    const rules = openEraRules(context, options)
    const answer = rules.check(id)
    const history = options.history ? rules.history(answer.id) : undefined
    context.print(describeCheck(rules, id, options.history === true), () => {
      const lines = [
        `${answer.id} (${answer.title}) in the edition of ${answer.edition}${rules.era ? ` (era ${rules.era})` : ''}: ${answer.inForce ? answer.number : 'not in force'}`
      ]
      if (answer.inForce) {
        lines.push(`${answer.number} ${answer.text}`)
        for (const example of answer.examples) lines.push(`  Example: ${example}`)
        lines.push(`  in force ${answer.validFrom} to ${answer.validTo ?? 'now'} (edition ${answer.edition}); ${answer.source.uri}:${answer.source.line}`)
        lines.push(`  this check has been in force since ${answer.since.edition} (as ${answer.since.numbers.join(', then ')})`)
      } else lines.push(`  ${answer.message}`)
      if (definition) lines.push(`  found ${describeAnchors(definition)}`)
      if (history) {
        lines.push('history:')
        for (const run of history) lines.push(`  ${run.firstEdition} to ${run.endedOn ?? 'now'}  ${run.numbers.join(', ')}`)
        if (history.length === 0) lines.push('  in no stored edition')
      }
      return lines.join('\n') + '\n'
    })
  })
}
