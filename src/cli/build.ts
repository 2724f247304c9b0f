/**
 * `crdb build`: ingest sources into the knowledge base.
 */
import { existsSync, statSync } from 'node:fs'
import { Option } from 'commander'
import type { IngestOutcome } from '../../ingest/ingest.js'
import { CrdbError } from '../vocabulary/errors.js'
import type { RegisterCommand } from './context.js'
import { projectPath } from './sources.js'

/** Register `crdb build`. */
export const registerBuild: RegisterCommand = (program, context) => {
  program
    .command('build')
    .description('ingest sources into the knowledge base (idempotent, incremental)')
    .addOption(new Option('--archive <dir>', 'a folder of official editions (repeatable)').argParser(collect).default([]))
    .option('--corpus <dir>', "the corpus of secondary dumps, stored after the archives' editions (default: the project's corpus/)")
    .option('--no-corpus', 'do not ingest the corpus folder')
    .action(async (options: { archive: string[]; corpus?: string | false }) => {
      // Loaded here, not at start-up: the parsers (cheerio, remark) cost every other command 0.3 s.
      const { ingestPaths, listArchive } = await import('../../ingest/ingest.js')
      // The corpus (secondary dumps) by default, plus any archive folders; editions are stored first either way.
      const defaultCorpus = projectPath('corpus')
      const corpus = options.corpus === false ? [] : options.corpus !== undefined ? [options.corpus] : existsSync(defaultCorpus) ? [defaultCorpus] : []
      if (options.archive.length === 0 && corpus.length === 0) {
        throw new CrdbError('E_USAGE', 'nothing to build: give --archive DIR (a folder of Comprehensive Rules editions), or keep the corpus (no --no-corpus)')
      }
      const started = performance.now()
      const paths = [...options.archive, ...corpus].flatMap((folder) => listArchive(folder))
      const report = context.withDatabase(false, (db) => {
        const result = ingestPaths(db, paths, { onOutcome: (outcome) => context.json() || context.io.out(formatOutcome(outcome) + '\n') })
        const totals = db
          .prepare(
            `SELECT (SELECT COUNT(*) FROM editions) AS editions, (SELECT COUNT(*) FROM versions) AS versions, (SELECT COUNT(*) FROM contents) AS contents,
                    (SELECT COUNT(*) FROM dumps) AS dumps, (SELECT COUNT(*) FROM attestations) AS attestations`
          )
          .get() as { editions: number; versions: number; contents: number; dumps: number; attestations: number }
        db.pragma('wal_checkpoint(TRUNCATE)')
        return { ...result, totals }
      })
      const seconds = (performance.now() - started) / 1000
      const bytes = statSync(context.databasePath()).size
      context.print({ ...report, database: context.databasePath(), bytes, seconds }, () =>
        `${report.stored} stored, ${report.unchanged} unchanged, ${report.rejected} rejected in ${seconds.toFixed(1)} s; ` +
        `${report.totals.editions} editions, ${report.totals.versions} versions of ${report.totals.contents} distinct texts` +
        (report.totals.dumps > 0 ? `, ${report.totals.dumps} dumps with ${report.totals.attestations} attestations` : '') +
        '; ' +
        `${context.databasePath()} ${(bytes / 1e6).toFixed(1)} MB\n`
      )
      if (report.rejected > 0) context.setExitCode(1)
    })
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value]
}

function formatOutcome(outcome: IngestOutcome): string {
  switch (outcome.status) {
    case 'stored': {
      const errors = outcome.messages.filter((m) => m.severity === 'error').length
      const warnings = outcome.messages.filter((m) => m.severity === 'warning').length
      if (outcome.kind === 'dump') {
        const date =
          outcome.dating === 'stated' ? `${outcome.date} stated  ` : outcome.era ? `${outcome.era.from}..${outcome.era.to} inferred` : 'undated'
        const c = outcome.counts
        return (
          `dump ${date.padEnd(32)} ${String(outcome.rules).padStart(4)} rules ${String(outcome.terms).padStart(3)} terms ${String(outcome.others).padStart(3)} other  ` +
          `${c.equal} equal, ${c.differs} differ, ${c.partial} partial, ${c.unmatched} unmatched` +
          (c.pending ? `, ${c.pending} pending (no editions yet)` : '') +
          (outcome.score !== null ? ` (score ${outcome.score.toFixed(2)})` : '') +
          `  ${outcome.format}  ${outcome.uri}` +
          (errors + warnings > 0 ? `  (${errors} errors, ${warnings} warnings)` : '')
        )
      }
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
