/**
 * The `crdb` command line: a thin layer over the library. Only this module
 * decides exit codes: 0 success, 1 a command that failed (a `CrdbError`, or
 * sources rejected), 2 a command line that does not parse.
 */
import { statSync } from 'node:fs'
import { Command, CommanderError, Option } from 'commander'
import { ingestPaths, listArchive, type IngestOutcome } from '../ingest/ingest.js'
import { defaultDatabasePath, openDatabase, type CrdbDatabase } from './database.js'
import { CrdbError } from './errors.js'
import { listEditionMessages, listEditions, resolveEdition } from './query/editions.js'
import { getRule } from './query/get.js'

interface GlobalOptions {
  db?: string
  json?: boolean
}

interface Io {
  out: (text: string) => void
  err: (text: string) => void
}

/**
 * Run the command line `argv` (without `node` and the script) and return the exit code.
 */
export async function runCli(argv: string[], io: Io = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) }): Promise<number> {
  let exitCode = 0
  const program = new Command('crdb')
    .description('A versioned knowledge base of the Magic: The Gathering Comprehensive Rules')
    .option('--db <path>', `database file (default: $CRDB_DB or ${defaultDatabasePath})`)
    .option('--json', 'print JSON instead of text')
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })

  const globals = (): GlobalOptions => program.opts<GlobalOptions>()
  const databasePath = (): string => globals().db ?? process.env.CRDB_DB ?? defaultDatabasePath
  const print = (value: unknown, text: () => string): void => {
    io.out(globals().json ? JSON.stringify(value, null, 2) + '\n' : text())
  }
  const withDatabase = <T>(readonly: boolean, action: (db: CrdbDatabase) => T): T => {
    const db = openDatabase(databasePath(), { readonly })
    try {
      return action(db)
    } finally {
      db.close()
    }
  }

  program
    .command('build')
    .description('ingest sources into the knowledge base (idempotent, incremental)')
    .addOption(new Option('--archive <dir>', 'a folder of official editions (repeatable)').argParser(collect).default([]))
    .action((options: { archive: string[] }) => {
      if (options.archive.length === 0) throw new CrdbError('E_USAGE', 'nothing to build: give --archive DIR (a folder of Comprehensive Rules editions)')
      const started = performance.now()
      const paths = options.archive.flatMap((folder) => listArchive(folder))
      const report = withDatabase(false, (db) => {
        const result = ingestPaths(db, paths, { onOutcome: (outcome) => globals().json || io.out(formatOutcome(outcome) + '\n') })
        const totals = db
          .prepare(`SELECT (SELECT COUNT(*) FROM editions) AS editions, (SELECT COUNT(*) FROM versions) AS versions, (SELECT COUNT(*) FROM contents) AS contents`)
          .get() as { editions: number; versions: number; contents: number }
        db.pragma('wal_checkpoint(TRUNCATE)')
        return { ...result, totals }
      })
      const seconds = (performance.now() - started) / 1000
      const bytes = statSync(databasePath()).size
      print({ ...report, database: databasePath(), bytes, seconds }, () =>
        `${report.stored} stored, ${report.unchanged} unchanged, ${report.rejected} rejected in ${seconds.toFixed(1)} s; ` +
        `${report.totals.editions} editions, ${report.totals.versions} versions of ${report.totals.contents} distinct texts; ` +
        `${databasePath()} ${(bytes / 1e6).toFixed(1)} MB\n`
      )
      if (report.rejected > 0) exitCode = 1
    })

  program
    .command('editions')
    .description('list the stored editions by effective date, with counts and messages')
    .option('--messages <date>', 'print the messages of the edition dated DATE')
    .action((options: { messages?: string }) => {
      withDatabase(true, (db) => {
        if (options.messages) {
          const messages = listEditionMessages(db, resolveEdition(db, { edition: options.messages }))
          print(messages, () => messages.map((m) => `${m.line}: ${m.severity} ${m.code}${m.rule ? ` [${m.rule}]` : ''} ${m.text}\n`).join(''))
          return
        }
        const editions = listEditions(db)
        print(editions, () => {
          const header = 'effective   rules  examples  terms  messages (e/w/i)  encoding      source\n'
          return header + editions
            .map((e) =>
              [
                e.effectiveDate,
                String(e.rules).padStart(6),
                String(e.examples).padStart(9),
                String(e.terms).padStart(6),
                `${e.messages.error}/${e.messages.warning}/${e.messages.info}`.padStart(17),
                ' ' + e.source.encoding.padEnd(12),
                e.source.uri + (e.truncated ? '  (truncated)' : '')
              ].join(' ')
            )
            .join('\n') + '\n'
        })
      })
    })

  program
    .command('get')
    .description('print a rule as it stood on a date or in an edition (default: the newest)')
    .argument('<number>', 'rule number, e.g. 704.5j')
    .option('--date <YYYY-MM-DD>', 'the rules in force on this day')
    .option('--edition <YYYY-MM-DD>', 'the edition with this effective date')
    .action((number: string, options: { date?: string; edition?: string }) => {
      if (options.date && options.edition) throw new CrdbError('E_USAGE', 'give --date or --edition, not both')
      const rule = withDatabase(true, (db) => getRule(db, number, options))
      print(rule, () => {
        const lines = [`${rule.number} ${rule.text}`]
        for (const example of rule.examples) lines.push(`  Example: ${example}`)
        lines.push(`  in force ${rule.validFrom} to ${rule.validTo ?? 'now'} (edition ${rule.edition}); ${rule.source.uri}:${rule.source.line}`)
        return lines.join('\n') + '\n'
      })
    })

  try {
    await program.parseAsync(argv, { from: 'user' })
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? 0 : 2
    }
    if (error instanceof CrdbError) {
      io.err(`crdb: ${error.code}: ${error.message}\n`)
      return error.code === 'E_USAGE' ? 2 : 1
    }
    io.err(`crdb: internal error: ${(error as Error).stack ?? error}\n`)
    return 1
  }
  return exitCode
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value]
}

function formatOutcome(outcome: IngestOutcome): string {
  switch (outcome.status) {
    case 'stored': {
      const errors = outcome.messages.filter((m) => m.severity === 'error').length
      const warnings = outcome.messages.filter((m) => m.severity === 'warning').length
      return (
        `${outcome.effectiveDate}  ${String(outcome.rules).padStart(5)} rules ${String(outcome.examples).padStart(4)} examples ${String(outcome.terms).padStart(4)} terms  ` +
        `+${outcome.versionsAdded} versions  ${outcome.encoding.padEnd(12)} ${outcome.uri}` +
        (errors + warnings > 0 ? `  (${errors} errors, ${warnings} warnings)` : '')
      )
    }
    case 'unchanged':
      return `unchanged   ${outcome.uri}`
    case 'rejected':
      return `rejected    ${outcome.error}`
  }
}
