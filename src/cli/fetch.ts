/**
 * `crdb fetch`: bring the official editions the corpus manifest lists into a
 * local cache, from their official URLs or from a mirror, checking each
 * file's sha256.
 */
import { Option } from 'commander'
import { fetchEditions, readManifest, type EditionFetchOutcome } from '../../ingest/fetch.js'
import { CrdbError } from '../vocabulary/errors.js'
import type { RegisterCommand } from './context.js'
import { projectPath } from './sources.js'

/** Options shared by the commands that fetch: `fetch` and `scrape`. */
export interface NetworkOptions {
  cache?: string
  timeout: number
  retries: number
  delay: number
}

/** Add `--cache`, `--timeout`, `--retries` and `--delay` to a command. */
export function networkOptions(command: import('commander').Command): import('commander').Command {
  return command
    .option('--cache <dir>', 'cache folder (default: .cache/crdb in the project)')
    .addOption(new Option('--timeout <ms>', 'time allowed for one request, in milliseconds').argParser(positiveInteger('--timeout')).default(30_000))
    .addOption(new Option('--retries <n>', 'retries after a timeout, a network error, 429 or 5xx').argParser(count('--retries')).default(3))
    .addOption(new Option('--delay <ms>', 'pause between two requests, in milliseconds').argParser(count('--delay')).default(1000))
}

/** The cache folder `--cache` names, else the project's `.cache/crdb`. */
export function cacheFolder(options: { cache?: string }): string {
  return options.cache ?? projectPath('.cache', 'crdb')
}

function positiveInteger(name: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) === 0) throw new CrdbError('E_USAGE', `${name} must be a positive whole number, not "${value}"`)
    return Number(value)
  }
}

function count(name: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value)) throw new CrdbError('E_USAGE', `${name} must be a whole number, not "${value}"`)
    return Number(value)
  }
}

/** Register `crdb fetch`. */
export const registerFetch: RegisterCommand = (program, context) => {
  networkOptions(
    program
      .command('fetch')
      .description('download the official editions listed in the corpus manifest into the cache, checking their sha256')
      .option('--manifest <file>', 'the manifest of editions (default: corpus/manifest.json in the project)')
      .option('--mirror <dir|url>', 'take the files from this folder (or base URL) instead of their official URLs')
      .addOption(new Option('--edition <date>', 'only this edition (effective date or file name; repeatable)').argParser((value: string, previous: string[] = []) => [...previous, value]))
  ).action(async (options: NetworkOptions & { manifest?: string; mirror?: string; edition?: string[] }) => {
    const manifestPath = options.manifest ?? projectPath('corpus', 'manifest.json')
    const manifest = readManifest(manifestPath)
    const cacheDir = cacheFolder(options)
    const started = performance.now()
    const report = await fetchEditions(manifest, {
      cacheDir,
      mirror: options.mirror,
      only: options.edition,
      timeoutMs: options.timeout,
      retries: options.retries,
      delayMs: options.delay,
      backoffMs: Math.min(1000, options.timeout),
      onOutcome: (outcome) => context.json() || context.io.out(formatOutcome(outcome) + '\n')
    })
    const tally = (status: EditionFetchOutcome['status']): number => report.outcomes.filter((outcome) => outcome.status === status).length
    const seconds = (performance.now() - started) / 1000
    context.print({ ...report, manifest: manifestPath, seconds }, () =>
      `${report.outcomes.length} editions: ${tally('copied')} copied, ${tally('fetched')} fetched, ${tally('revalidated')} revalidated, ` +
      `${tally('cached')} already cached, ${tally('skipped')} skipped, ${tally('failed')} failed in ${seconds.toFixed(1)} s; ` +
      `${report.folder} (build with: crdb build --archive ${report.folder})\n`
    )
    if (report.failed > 0) context.setExitCode(1)
  })
}

function formatOutcome(outcome: EditionFetchOutcome): string {
  const head = `${outcome.edition.effectiveDate}  ${outcome.status.padEnd(11)}`
  switch (outcome.status) {
    case 'failed':
      return `${head} ${outcome.code}: ${outcome.error}`
    case 'skipped':
      return `${head} ${outcome.edition.file}: ${outcome.reason}`
    case 'cached':
      return `${head} ${outcome.path}  sha256 ok`
    default:
      return `${head} ${outcome.from} -> ${outcome.path}  sha256 ok`
  }
}
