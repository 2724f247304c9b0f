/**
 * `crdb editions`: the stored editions, and the messages of one; the documents
 * held in quarantine, and accepting or rejecting one.
 */
import { listEditionMessages, listEditions, resolveEdition } from '../query/editions.js'
import { listMissingEditions, type MissingEdition } from '../query/gaps.js'
import type { Crdb } from '../store/database.js'
import {
  describeAcceptedEdition,
  findQuarantinedEdition,
  listQuarantinedEditions,
  releaseQuarantinedEdition,
  type QuarantinedEdition
} from '../store/quarantine.js'
import { addSourceWarning } from '../store/source-warnings.js'
import { checkpointDatabase } from '../store/totals.js'
import { parseDate } from '../vocabulary/dates.js'
import { CrdbError, type ErrorCode } from '../vocabulary/errors.js'
import type { RegisterCommand } from './context.js'

/** The options of `crdb editions`. */
type EditionsOptions = { messages?: string; remove?: string; replace?: string; quarantined?: boolean; missing?: boolean; accept?: string; reject?: string }

/** Register `crdb editions`. */
export const registerEditions: RegisterCommand = (program, context) => {
  program
    .command('editions')
    .description('list the stored editions by effective date, with the set each came with, counts and messages')
    .option('--messages <edition>', 'print the messages of the edition dated DATE (or of a set code: M10)')
    .option('--remove <date>', 'remove the edition dated DATE (its versions undone, lineage and reconciliation recomputed)')
    .option('--replace <file>', 'store the edition in FILE in place of the stored edition of its date')
    .option('--quarantined', 'list only the documents held in quarantine (fetched by crdb update, not in the manifest)')
    .option('--missing', 'list the editions known to have existed that are not held (the gaps), with the formats and places each exists in')
    .option('--accept <date>', 'store the document held in quarantine for DATE as an edition (unverified)')
    .option('--reject <date>', 'discard the document held in quarantine for DATE')
    .action(async (options: EditionsOptions) => {
      const given = (['messages', 'remove', 'replace', 'quarantined', 'missing', 'accept', 'reject'] as const).filter((name) => options[name] !== undefined)
      if (given.length > 1)
        throw new CrdbError(
          'E_USAGE',
          `give one of --messages, --remove, --replace, --quarantined, --missing, --accept and --reject, not ${given.map((name) => '--' + name).join(' and ')}`
        )
      if (options.accept !== undefined || options.reject !== undefined) {
        const { ingestSources } = await import('../../ingest/ingest.js')
        const onWait = (holder: number): void => context.io.err(`crdb: waiting: another build (process ${holder}) holds ${context.databasePath('write')}\n`)
        context.withDatabase(false, (db) => {
          const date = parseDate((options.accept ?? options.reject)!)
          const held = findHeld(db, date)
          if (options.reject !== undefined) {
            releaseQuarantinedEdition(db, date)
            context.print(
              { rejected: date, uri: held.uri, sha256: held.sha256 },
              () => `rejected the document held for ${date} (${held.uri}); nothing stored\n`
            )
            return
          }
          const outcome = ingestSources(db, [{ uri: held.uri, bytes: held.content }], { onWait }).outcomes[0]
          if (outcome.status === 'rejected') throw new CrdbError(outcome.code as ErrorCode, `the document held for ${date}: ${outcome.error}`)
          // Stored: it says where it came from and that no sha256 vouches for it, with its source.
          addSourceWarning(db, held.sha256, 'unverified', describeAcceptedEdition(held))
          releaseQuarantinedEdition(db, date)
          checkpointDatabase(db)
          context.print({ accepted: date, uri: held.uri, sha256: held.sha256, status: outcome.status }, () =>
            outcome.status === 'stored'
              ? `accepted the document held for ${date}: stored as the edition of ${date} (unverified; from ${held.uri})\n`
              : `accepted the document held for ${date}: its bytes were already stored (${held.uri})\n`
          )
        })
        return
      }
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
        if (options.missing) {
          const missing = listMissingEditions(db)
          context.print(missing, () => (missing.length ? formatMissing(missing) : 'no edition known to have existed is missing from the store\n'))
          return
        }
        if (options.quarantined) {
          const held = listQuarantinedEditions(db)
          context.print(held, () => (held.length ? held.map(formatHeld).join('\n') + '\n' : 'no document is held in quarantine\n'))
          return
        }
        const editions = listEditions(db)
        const held = listQuarantinedEditions(db)
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
            '\n' +
            (held.length ? `held in quarantine, not editions until accepted (crdb editions --accept DATE):\n${held.map(formatHeld).join('\n')}\n` : '')
          )
        })
      })
    })
}

/** The document held in quarantine for `date`. @throws {CrdbError} `E_NOT_FOUND` when none is. */
function findHeld(db: Crdb, date: string): NonNullable<ReturnType<typeof findQuarantinedEdition>> {
  const held = findQuarantinedEdition(db, date)
  if (held) return held
  const dates = listQuarantinedEditions(db).map((edition) => edition.effectiveDate)
  throw new CrdbError('E_NOT_FOUND', `no document is held in quarantine for ${date} (${dates.length ? `held: ${dates.join(', ')}` : 'none is held'})`)
}

/** One line for a document held in quarantine. */
function formatHeld(edition: QuarantinedEdition): string {
  const set = edition.set ? ` (${edition.set.code}, ${edition.set.name})` : ''
  return `${edition.effectiveDate} quarantined${set}: ${edition.rules} rules, ${edition.terms} terms; from ${edition.source} ${edition.uri}; ${edition.reason}`
}

/** The editions not held, one line each (with the places they exist in), then what the lines mean. */
function formatMissing(missing: MissingEdition[]): string {
  const lines = missing.map((edition) => {
    const formats = new Map<string, Set<string>>()
    for (const place of edition.exists) formats.set(place.format, (formats.get(place.format) ?? new Set()).add(place.place))
    const exists = [...formats].map(([format, places]) => `${format} (${[...places].join(', ')})`).join(', ')
    const between =
      edition.heldAfter === null
        ? `after the newest held edition, ${edition.heldBefore}`
        : edition.heldBefore === null
          ? `before the oldest held edition, ${edition.heldAfter}`
          : `between the held editions of ${edition.heldBefore} and ${edition.heldAfter}`
    const unreadable = edition.unreadable.length ? `; officially only ${edition.unreadable.join(', ')}, which crdb cannot read yet` : ''
    return `${edition.effectiveDate}  ${(edition.set?.code ?? '-').padEnd(6)} ${between}; exists as ${exists}${unreadable}`
  })
  const unreadable = missing.filter((edition) => edition.unreadable.length).length
  lines.push(
    `${missing.length} edition${missing.length === 1 ? '' : 's'} not held (from corpus/manifest.json: unverified, no sha256; --json names the sources)` +
      (unreadable ? `; ${unreadable} exist officially only in a format crdb cannot read yet` : '')
  )
  return lines.join('\n') + '\n'
}
