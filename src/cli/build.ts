/**
 * `crdb build`: ingest sources into the knowledge base.
 */
import { existsSync, statSync } from 'node:fs'
import { Option } from 'commander'
import type { IngestOptions, IngestOutcome, IngestReport } from '../../ingest/ingest-report.js'
import type { Crdb } from '../store/database.js'
import { readFileHashes, recordFileHashes, type FileHash } from '../store/file-hashes.js'
import { checkpointDatabase, countTotals } from '../store/totals.js'
import { CrdbError } from '../vocabulary/errors.js'
import type { RegisterCommand } from './context.js'
import { projectPath } from './sources.js'

/** Register `crdb build`. */
export const registerBuild: RegisterCommand = (program, context) => {
  program
    .command('build')
    .description('ingest sources into the knowledge base (idempotent, incremental)')
    .addOption(
      new Option('--archive <path>', 'a folder of official editions, or one edition file (repeatable; subfolders are not read)').argParser(collect).default([])
    )
    .option('--corpus <dir>', "the corpus of secondary dumps, stored after the archives' editions (default: the project's corpus/)")
    .option('--no-corpus', 'do not ingest the corpus folder')
    .action(async (options: { archive: string[]; corpus?: string | false }) => {
      // First: an empty --db or CRDB_DB is a usage error before anything is read.
      const database = context.databasePath('write')
      // Loaded here, not at start-up, and only when something is new: the parsers (cheerio, remark) take 0.3 s to load.
      const { hashFiles, ingestUnchanged, listArchive } = await import('../../ingest/unchanged.js')
      // The corpus (secondary dumps) by default, plus any archive folders; editions are stored first either way.
      const defaultCorpus = projectPath('corpus')
      const corpus = options.corpus === false ? [] : options.corpus !== undefined ? [options.corpus] : existsSync(defaultCorpus) ? [defaultCorpus] : []
      if (options.archive.length === 0 && corpus.length === 0) {
        throw new CrdbError('E_USAGE', 'nothing to build: give --archive DIR (a folder of Comprehensive Rules editions), or keep the corpus (no --no-corpus)')
      }
      const started = performance.now()
      const note = (text: string): void => context.io.err(`crdb: ${text}\n`)
      const paths = [...options.archive, ...corpus].flatMap((folder) =>
        listArchive(folder, (subfolder) => note(`note: ${subfolder}: subfolder not read (give it with --archive to build it)`))
      )
      // Hashing the files is most of a re-run: files hashed before, their stat unchanged, are not read again;
      // the others are read and hashed now, on the thread pool, while this thread loads the rest.
      const recorded = existsSync(database) ? context.withDatabase(false, readFileHashes) : undefined
      const hashing = hashFiles(paths, recorded)
      // A database not made yet will have something new: load the pipeline now, while the files hash.
      const pipeline = existsSync(database) ? undefined : import('../../ingest/ingest.js')
      pipeline?.catch(() => undefined) // Awaited below, where a failure to load is reported.
      const { recordOriginWarnings } = await import('../../ingest/fetch/origins.js')
      const ingestOptions: IngestOptions = {
        onOutcome: (outcome) => {
          if (!context.json()) context.io.out(formatOutcome(outcome) + '\n')
          // Rejections are errors: on stderr as well, with their code, even with --json.
          if (outcome.status === 'rejected') note(`${outcome.code}: ${cutEcho(outcome.error)}`)
        },
        onWait: (holder) => note(`waiting: another build (process ${holder}) holds ${database}; this one starts when it has finished`)
      }
      const finish = (db: Crdb, result: IngestReport, fresh: FileHash[]) => {
        recordFileHashes(db, fresh)
        // Editions crdb fetch accepted unverified carry their warning (from the folder's origins.json).
        recordOriginWarnings(db, paths)
        const totals = countTotals(db)
        checkpointDatabase(db)
        return { ...result, totals }
      }
      // Nothing new (the usual re-run): answered without loading the parsers.
      const { hashes, fresh } = await hashing
      let report = context.withDatabase(false, (db) => {
        const result = ingestUnchanged(db, paths, ingestOptions, hashes)
        return result && finish(db, result, fresh)
      })
      if (!report) {
        const { ingestPaths } = await (pipeline ?? import('../../ingest/ingest.js'))
        report = context.withDatabase(false, (db) => finish(db, ingestPaths(db, paths, { ...ingestOptions, hashes }), fresh))
      }
      const seconds = (performance.now() - started) / 1000
      const bytes = statSync(database).size
      context.print(
        { ...report, database, bytes, seconds },
        () =>
          `${report.stored} stored, ${report.unchanged} unchanged, ${report.rejected} rejected in ${seconds.toFixed(1)} s; ` +
          `${plural(report.totals.editions, 'edition')}, ${plural(report.totals.versions, 'version')} of ${plural(report.totals.contents, 'distinct text')}` +
          (report.totals.dumps > 0 ? `, ${plural(report.totals.dumps, 'dump')} with ${plural(report.totals.attestations, 'attestation')}` : '') +
          '; ' +
          `${database} ${(bytes / 1e6).toFixed(1)} MB\n`
      )
      if (report.rejected > 0) context.setExitCode(1)
    })
}

/** `1 edition`, `2 editions`. */
function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}

/** A rejection names its file; a message longer than a screen line or two is cut (a file name can be anything). */
function cutEcho(text: string): string {
  const line = text.replace(/\s*\n\s*/g, ' ')
  return line.length > 300 ? line.slice(0, 299) + '…' : line
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
        const date = outcome.dating === 'stated' ? `${outcome.date} stated  ` : outcome.era ? `${outcome.era.from}..${outcome.era.to} inferred` : 'undated'
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
        (outcome.replaced ? `  (replaces the truncated copy ${outcome.replaced})` : '') +
        (outcome.messages.some((m) => m.code === 'truncated') ? '  (TRUNCATED: stored and marked; queries of this edition say so)' : '') +
        (errors + warnings > 0 ? `  (${errors} errors, ${warnings} warnings)` : '')
      )
    }
    case 'unchanged':
      return `unchanged   ${outcome.uri}`
    case 'rejected':
      return `rejected    ${outcome.code}: ${cutEcho(outcome.error)}`
  }
}
