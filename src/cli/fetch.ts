/**
 * `crdb fetch`: bring the official editions the corpus manifest lists into a
 * local cache, from their official URLs or from a mirror, checking each
 * file's sha256.
 */
import { findUnreadableFormats } from '../query/gaps.js'
import { Option } from 'commander'
import { fetchEditions, readManifest, type EditionFetchOutcome } from '../../ingest/fetch.js'
import { CrdbError, quoteInput } from '../vocabulary/errors.js'
import { runsFromCheckout, userFolder } from '../vocabulary/paths.js'
import type { RegisterCommand } from './context.js'
import { projectPath } from './sources.js'

/** Options shared by the commands that fetch: `fetch` and `scrape`. */
export interface NetworkOptions {
  cache?: string
  timeout: number
  retries: number
  delay: number
  /** `--max-size`: the largest download, in MB. */
  maxSize: number
}

/** Add `--cache`, `--timeout`, `--retries`, `--delay` and `--max-size` to a command. */
export function networkOptions(command: import('commander').Command): import('commander').Command {
  return command
    .option('--cache <dir>', 'cache folder (default: .cache/crdb in a checkout of crdb, else $XDG_CACHE_HOME/crdb, ~/.cache/crdb)')
    .addOption(new Option('--timeout <ms>', 'time allowed for one request, in milliseconds').argParser(positiveInteger('--timeout')).default(30_000))
    .addOption(new Option('--retries <n>', 'retries after a timeout, a network error, 429 or 5xx').argParser(count('--retries')).default(3))
    .addOption(new Option('--delay <ms>', 'pause between two requests, in milliseconds').argParser(count('--delay')).default(1000))
    .addOption(
      new Option('--max-size <MB>', 'the largest download (or mirror file) read, in MB; a larger one is refused (E_TOO_LARGE)')
        .argParser(positiveInteger('--max-size'))
        .default(50)
    )
}

/** The fetcher options `--timeout`, `--retries`, `--delay` and `--max-size` give. */
export function fetcherOptions(options: NetworkOptions): { timeoutMs: number; retries: number; delayMs: number; backoffMs: number; maxBytes: number } {
  return {
    timeoutMs: options.timeout,
    retries: options.retries,
    delayMs: options.delay,
    backoffMs: Math.min(1000, options.timeout),
    maxBytes: options.maxSize * 1024 * 1024
  }
}

/** The cache folder `--cache` names, else the checkout's `.cache/crdb`, else (an installed crdb) the user's cache folder. */
export function cacheFolder(options: { cache?: string }): string {
  return options.cache ?? (runsFromCheckout() ? projectPath('.cache', 'crdb') : userFolder('cache'))
}

function positiveInteger(name: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) === 0) throw new CrdbError('E_USAGE', `${name} must be a positive whole number, not ${quoteInput(value)}`)
    return Number(value)
  }
}

function count(name: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value)) throw new CrdbError('E_USAGE', `${name} must be a whole number, not ${quoteInput(value)}`)
    return Number(value)
  }
}

/** Register `crdb fetch`. */
export const registerFetch: RegisterCommand = (program, context) => {
  networkOptions(
    program
      .command('fetch')
      .description(
        'bring the official editions the corpus manifest lists into the cache, each from the first source that has it (--mirror, Academy Ruins, the Wayback Machine, Wizards), verified by sha256'
      )
      .option('--manifest <file>', 'the manifest of editions (default: corpus/manifest.json in the project)')
      .option('--mirror <dir|url>', 'ask this folder (or base URL) first, before the web sources')
      .addOption(
        new Option('--edition <edition>', 'only this edition (effective date, file name or set code; repeatable)').argParser(
          (value: string, previous: string[] = []) => [...previous, value]
        )
      )
  ).action(async (options: NetworkOptions & { manifest?: string; mirror?: string; edition?: string[] }) => {
    const manifestPath = options.manifest ?? projectPath('corpus', 'manifest.json')
    const manifest = readManifest(manifestPath)
    const cacheDir = cacheFolder(options)
    const started = performance.now()
    const report = await fetchEditions(manifest, {
      cacheDir,
      mirror: options.mirror,
      only: options.edition,
      ...fetcherOptions(options),
      // Editions no host could be reached for are summed up in one line at the end.
      onOutcome: (outcome) => context.json() || (outcome.status === 'failed' && outcome.unreachable) || context.io.out(formatOutcome(outcome) + '\n')
    })
    const tally = (status: EditionFetchOutcome['status']): number => report.outcomes.filter((outcome) => outcome.status === status).length
    const kept = report.outcomes.filter((outcome) => 'verified' in outcome)
    const verified = kept.filter((outcome) => 'verified' in outcome && outcome.verified).length
    const offline = report.outcomes.filter((outcome) => outcome.status === 'failed' && outcome.unreachable).length
    const seconds = (performance.now() - started) / 1000
    const unreachableLine = offline ? `${offline} edition${offline === 1 ? '' : 's'} not fetched: ${describeUnreachable(report.unreachable)}` : ''
    if (offline > 0 && kept.length === 0 && offline === report.failed) throw new CrdbError('E_FETCH', unreachableLine)
    // Editions the manifest knows but does not hold: not fetched (no sha256 vouches for them); those only in formats crdb cannot read are named.
    const notHeld = (manifest.notHeld ?? []).map((entry) => ({ effectiveDate: entry.effectiveDate, unreadable: findUnreadableFormats(entry) }))
    context.print(
      { ...report, manifest: manifestPath, seconds, notHeld },
      () =>
        (unreachableLine ? unreachableLine + '\n' : '') +
        describeNotHeld(notHeld) +
        `${report.outcomes.length} editions: ${tally('copied')} copied, ${tally('fetched')} fetched, ${tally('revalidated')} revalidated, ` +
        `${tally('cached')} already cached, ${tally('skipped')} skipped, ${tally('failed')} failed in ${seconds.toFixed(1)} s; ` +
        `${verified} verified, ${kept.length - verified} unverified; ` +
        `${report.folder} (build with: crdb build --archive ${report.folder})\n`
    )
    if (report.failed > 0) context.setExitCode(1)
  })
}

/** The line on the manifest's editions not held: how many, and which exist officially only in formats crdb cannot read yet. */
function describeNotHeld(notHeld: Array<{ effectiveDate: string; unreadable: string[] }>): string {
  if (notHeld.length === 0) return ''
  const unreadable = notHeld.filter((entry) => entry.unreadable.length)
  const named = unreadable.map((entry) => `${entry.effectiveDate} (${entry.unreadable.join(', ')})`).join(', ')
  return (
    `${notHeld.length} edition${notHeld.length === 1 ? '' : 's'} the manifest lists as not held were not fetched (no sha256 to verify them; crdb editions --missing lists them)` +
    (unreadable.length ? `; ${unreadable.length} exist officially only as formats crdb cannot read yet: ${named}` : '') +
    '\n'
  )
}

/** One line for hosts that could not be reached, with the hint to fetch from a folder instead. */
export function describeUnreachable(hosts: Array<{ host: string; cause: string }>): string {
  const list = hosts.map((entry) => `${entry.host}: ${entry.cause}`).join(', ')
  return `no source could be reached (${list || 'network unreachable'}); offline? take the files from a folder with --mirror DIR (such as ../shared/corpus/cr)`
}

/** One line for a fetched edition: where it came from and whether it is verified. */
export function formatOutcome(outcome: EditionFetchOutcome): string {
  const head = `${outcome.edition.effectiveDate} ${(outcome.edition.set?.code ?? '-').padEnd(6)} ${outcome.status.padEnd(11)}`
  switch (outcome.status) {
    case 'failed':
      return `${head} ${outcome.code}: ${outcome.error}`
    case 'skipped':
      return `${head} ${outcome.edition.file}: ${outcome.reason}`
    default: {
      const check = outcome.verified ? 'verified (sha256 of the manifest)' : `UNVERIFIED: ${outcome.warning ?? 'sha256 differs from the manifest'}`
      const where = outcome.status === 'cached' ? outcome.path : `${outcome.source.padEnd(13)} ${outcome.from} -> ${outcome.path}`
      return `${head} ${where}  ${check}`
    }
  }
}
