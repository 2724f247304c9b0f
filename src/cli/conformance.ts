/**
 * `crdb conformance`: the era conformance suite. `export` writes it, `run`
 * runs an engine over it through the protocol (docs/conformance.md), and
 * `engine` is crdb's own engine behind that protocol.
 */
import { writeFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { generateSuite, listSuiteNotes, type GenerateOptions } from '../conformance/generate.js'
import { readSuite, writeSuite } from '../conformance/suite-files.js'
import { formatJunit, formatReport, runSuite } from '../conformance/run.js'
import { createCrdbAnswerer } from '../conformance/crdb-engine.js'
import type { ConformanceQuestion } from '../conformance/case.js'
import type { EraSemantics } from '../engine/semantics.js'
import { openDatabase } from '../store/database.js'
import { parseDate } from '../vocabulary/dates.js'
import { CrdbError } from '../vocabulary/errors.js'
import type { CliContext, RegisterCommand } from './context.js'

interface RangeOptions {
  from?: string
  to?: string
  checks?: string[]
}

function dateOption(value: string, option: string): string {
  try {
    return parseDate(value)
  } catch (error) {
    throw error instanceof CrdbError ? new CrdbError(error.code, `${option}: ${error.message}`) : error
  }
}

function generateOptions(options: RangeOptions): GenerateOptions {
  const checks = options.checks?.flatMap((value) => value.split(',')).filter((value) => value.trim() !== '')
  return {
    ...(options.from === undefined ? {} : { from: dateOption(options.from, '--from') }),
    ...(options.to === undefined ? {} : { to: dateOption(options.to, '--to') }),
    ...(checks?.length ? { checks } : {})
  }
}

function parseTimeout(value: string): number {
  const ms = Number(value)
  if (!Number.isInteger(ms) || ms < 1) throw new CrdbError('E_USAGE', `--timeout: expected a whole number of milliseconds, got ${JSON.stringify(value)}`)
  return ms
}

/** Answer cases read on standard input, one JSON line out for each line in. */
async function serveEngine(context: CliContext, semantics: Partial<EraSemantics>): Promise<void> {
  const db = openDatabase(context.databasePath('read'), { readonly: true })
  try {
    const answer = createCrdbAnswerer(db, semantics)
    for await (const line of createInterface({ input: process.stdin })) {
      if (line.trim() === '') continue
      let question: ConformanceQuestion
      try {
        question = JSON.parse(line) as ConformanceQuestion
      } catch (error) {
        context.io.out(JSON.stringify({ id: '', error: `not JSON (${(error as Error).message})` }) + '\n')
        continue
      }
      context.io.out(JSON.stringify(answer(question)) + '\n')
    }
  } finally {
    db.close()
  }
}

/** Register `crdb conformance`. */
export const registerConformance: RegisterCommand = (program, context) => {
  const command = program.command('conformance').description('the era conformance suite for rules engines: export it, run an engine over it')
  command
    .command('export')
    .description('write the suite: one JSON file per case, the index and the JSON Schema of a case')
    .argument('<dir>', 'the folder to write (created if missing)')
    .option('--from <YYYY-MM-DD>', 'only cases of editions on or after this day')
    .option('--to <YYYY-MM-DD>', 'only cases of editions on or before this day')
    .option('--checks <ids...>', 'only these checks (catalog ids, space- or comma-separated)')
    .action((dir: string, options: RangeOptions) => {
      const wanted = generateOptions(options)
      const cases = context.withDatabase(true, (db) => generateSuite(db, wanted))
      const index = writeSuite(dir, cases, listSuiteNotes(wanted))
      context.print(
        { dir, count: index.count, checks: index.checks },
        () => `wrote ${index.count} cases of ${Object.keys(index.checks).length} checks to ${dir}\n`
      )
    })
  command
    .command('run')
    .description('run an engine over the suite through the protocol and report by check and era')
    .requiredOption('--engine <command>', 'the engine command line (one case per line in, one answer per line out)')
    .option('--suite <dir>', 'a suite folder written by crdb conformance export (default: the suite of the database)')
    .option('--from <YYYY-MM-DD>', 'only cases of editions on or after this day')
    .option('--to <YYYY-MM-DD>', 'only cases of editions on or before this day')
    .option('--checks <ids...>', 'only these checks')
    .option('--timeout <ms>', 'milliseconds an engine has for one case', '5000')
    .option('--junit <file>', 'also write the report as JUnit XML to this file')
    .action(async (options: RangeOptions & { engine: string; suite?: string; timeout: string; junit?: string }) => {
      const timeout = parseTimeout(options.timeout)
      const wanted = generateOptions(options)
      const cases = options.suite
        ? readSuite(options.suite).filter(
            (item) =>
              (wanted.from === undefined || item.edition >= wanted.from) &&
              (wanted.to === undefined || item.edition <= wanted.to) &&
              (wanted.checks === undefined || wanted.checks.includes(item.check))
          )
        : context.withDatabase(true, (db) => generateSuite(db, wanted))
      const report = await runSuite(options.engine, cases, { timeout })
      if (options.junit) {
        try {
          writeFileSync(options.junit, formatJunit(report))
        } catch (error) {
          throw new CrdbError('E_IO', `${options.junit}: cannot write the JUnit report (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
        }
      }
      const { results, ...summary } = report
      context.print({ ...summary, failures: results.filter((result) => !result.passed) }, () => formatReport(report))
      if (report.failed > 0) context.setExitCode(1)
    })
  command
    .command('engine')
    .description("crdb's own engine behind the protocol: reads cases on standard input, writes answers")
    .option('--semantics <json>', 'force era switches in every edition (for testing the suite), e.g. {"legendRule":"all"}')
    .action(async (options: { semantics?: string }) => {
      let semantics: Partial<EraSemantics> = {}
      if (options.semantics !== undefined) {
        try {
          semantics = JSON.parse(options.semantics) as Partial<EraSemantics>
        } catch (error) {
          throw new CrdbError('E_USAGE', `--semantics: not JSON (${(error as Error).message})`)
        }
        if (typeof semantics !== 'object' || semantics === null || Array.isArray(semantics))
          throw new CrdbError('E_USAGE', `--semantics: expected a JSON object of era switches, got ${options.semantics}`)
      }
      await serveEngine(context, semantics)
    })
}
