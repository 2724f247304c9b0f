/**
 * `crdb editions`: the stored editions, and the messages of one.
 */
import { listEditionMessages, listEditions, resolveEdition } from '../query/editions.js'
import type { RegisterCommand } from './context.js'

/** Register `crdb editions`. */
export const registerEditions: RegisterCommand = (program, context) => {
  program
    .command('editions')
    .description('list the stored editions by effective date, with the set each came with, counts and messages')
    .option('--messages <edition>', 'print the messages of the edition dated DATE (or of a set code: M10)')
    .action((options: { messages?: string }) => {
      context.withDatabase(true, (db) => {
        if (options.messages) {
          const messages = listEditionMessages(db, resolveEdition(db, { edition: options.messages }))
          context.print(messages, () => messages.map((m) => `${m.line}: ${m.severity} ${m.code}${m.rule ? ` [${m.rule}]` : ''} ${m.text}\n`).join(''))
          return
        }
        const editions = listEditions(db)
        context.print(editions, () => {
          const header = 'effective   rules  examples  terms  set     messages (e/w/i)  encoding      source\n'
          return header + editions
            .map((e) =>
              [
                e.effectiveDate,
                String(e.rules).padStart(6),
                String(e.examples).padStart(9),
                String(e.terms).padStart(6),
                ' ' + (e.set?.code ?? '-').padEnd(6),
                `${e.messages.error}/${e.messages.warning}/${e.messages.info}`.padStart(17),
                ' ' + e.source.encoding.padEnd(12),
                e.source.uri + (e.truncated ? '  (truncated)' : '')
              ].join(' ')
            )
            .join('\n') + '\n'
        })
      })
    })

}
