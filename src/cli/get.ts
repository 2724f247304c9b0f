/**
 * `crdb get`: a rule as it stood on a date or in an edition.
 */
import { CrdbError } from '../errors.js'
import { getRule } from '../query/get.js'
import type { RegisterCommand } from './context.js'

/** Register `crdb get`. */
export const registerGet: RegisterCommand = (program, context) => {
  program
    .command('get')
    .description('print a rule as it stood on a date or in an edition (default: the newest)')
    .argument('<number>', 'rule number, e.g. 704.5j')
    .option('--date <YYYY-MM-DD>', 'the rules in force on this day')
    .option('--edition <YYYY-MM-DD>', 'the edition with this effective date')
    .action((number: string, options: { date?: string; edition?: string }) => {
      if (options.date && options.edition) throw new CrdbError('E_USAGE', 'give --date or --edition, not both')
      const rule = context.withDatabase(true, (db) => getRule(db, number, options))
      context.print(rule, () => {
        const lines = [`${rule.number} ${rule.text}`]
        for (const example of rule.examples) lines.push(`  Example: ${example}`)
        lines.push(`  in force ${rule.validFrom} to ${rule.validTo ?? 'now'} (edition ${rule.edition}); ${rule.source.uri}:${rule.source.line}`)
        return lines.join('\n') + '\n'
      })
    })

}
