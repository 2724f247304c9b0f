/**
 * `crdb editions`: the stored editions, and the messages of one.
 */
import { listEditionMessages, listEditions, resolveEdition } from '../query/editions.js'
import { checkpointDatabase } from '../store/totals.js'
import { parseDate } from '../vocabulary/dates.js'
import { CrdbError } from '../vocabulary/errors.js'
import type { RegisterCommand } from './context.js'

/** Register `crdb editions`. */
export const registerEditions: RegisterCommand = (program, context) => {
  program
    .command('editions')
    .description('list the stored editions by effective date, with the set each came with, counts and messages')
    .option('--messages <edition>', 'print the messages of the edition dated DATE (or of a set code: M10)')
    .option('--remove <date>', 'remove the edition dated DATE (its versions undone, lineage and reconciliation recomputed)')
    .option('--replace <file>', 'store the edition in FILE in place of the stored edition of its date')
    .action(async (options: { messages?: string; remove?: string; replace?: string }) => {
      const given = (['messages', 'remove', 'replace'] as const).filter((name) => options[name] !== undefined)
      if (given.length > 1)
        throw new CrdbError('E_USAGE', `give one of --messages, --remove and --replace, not ${given.map((name) => '--' + name).join(' and ')}`)
      if (options.remove !== undefined || options.replace !== undefined) {
        const { removeEdition, replaceEdition } = await import('../../ingest/ingest.js')
        const onWait = (holder: number): void => context.io.err(`crdb: waiting: another build (process ${holder}) holds ${context.databasePath('write')}\n`)
        context.withDatabase(false, (db) => {
          if (options.remove !== undefined) {
            const date = parseDate(options.remove)
            const change = removeEdition(db, date, { onWait })
            context.print(change, () => `removed the edition of ${change.date} (${change.removed})\n`)
          } else {
            const change = replaceEdition(db, options.replace!, { onWait })
            context.print(change, () =>
              change.removed
                ? `replaced the edition of ${change.date} (${change.removed}) by ${options.replace}\n`
                : `stored ${options.replace} as the edition of ${change.date} (none was stored)\n`
            )
          }
          checkpointDatabase(db)
        })
        return
      }
      context.withDatabase(true, (db) => {
        if (options.messages) {
          const messages = listEditionMessages(db, resolveEdition(db, { edition: options.messages }))
          context.print(messages, () => messages.map((m) => `${m.line}: ${m.severity} ${m.code}${m.rule ? ` [${m.rule}]` : ''} ${m.text}\n`).join(''))
          return
        }
        const editions = listEditions(db)
        context.print(editions, () => {
          const header = 'effective   rules  examples  terms  set     messages (e/w/i)  encoding      source\n'
          return (
            header +
            editions
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
              .join('\n') +
            '\n'
          )
        })
      })
    })
}
