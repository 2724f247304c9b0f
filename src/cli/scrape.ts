/**
 * `crdb scrape URL|FILE`: fetch (through the cache) or read one secondary
 * page, and ingest it: detect its shape, parse it, store it with its
 * provenance and reconcile it with the official editions.
 */
import { Fetcher } from '../../ingest/fetch.js'
import type { DumpOutcome, SourceInput } from '../../ingest/ingest-report.js'
import { CrdbError, quoteInput, type ErrorCode } from '../vocabulary/errors.js'
import type { RegisterCommand } from './context.js'
import { cacheFolder, fetcherOptions, networkOptions, type NetworkOptions } from './fetch.js'

/** Register `crdb scrape`. */
export const registerScrape: RegisterCommand = (program, context) => {
  networkOptions(
    program
      .command('scrape')
      .description('fetch (or read) one secondary page - Crystal Keep rulings, MTG wiki, book copy - and ingest it')
      .argument('<target>', 'an http(s) URL, or a saved page or text file')
  ).action(async (target: string, options: NetworkOptions) => {
    // Loaded here, not at start-up: the parsers (cheerio, remark) cost every other command 0.3 s.
    const { ingestSources } = await import('../../ingest/ingest.js')
    let source: SourceInput = { uri: target }
    let fetched = ''
    if (/^https?:\/\//i.test(target)) {
      const fetcher = new Fetcher({
        cacheDir: cacheFolder(options),
        ...fetcherOptions(options)
      })
      const result = await fetcher.get(target)
      source = { uri: target, bytes: result.bytes, contentType: result.contentType }
      fetched = result.from === 'revalidated' ? ' (not modified since the cached copy)' : ''
    } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
      throw new CrdbError('E_USAGE', `${quoteInput(target)}: only http and https URLs can be scraped`)
    }
    const report = context.withDatabase(false, (db) => ingestSources(db, [source]))
    const outcome = report.outcomes[0]
    if (outcome.status === 'rejected') throw new CrdbError(outcome.code as ErrorCode, outcome.error)
    context.print(outcome, () => {
      if (outcome.status === 'unchanged') return `unchanged   ${outcome.uri}: these bytes are already stored${fetched}\n`
      if (outcome.kind === 'edition') return `${outcome.effectiveDate}  official edition, ${outcome.rules} rules, ${outcome.terms} terms  ${outcome.uri}\n`
      return formatDump(outcome) + fetched + '\n' + notable(outcome)
    })
  })
}

/** One line for a stored dump: date, counts and how its entries compare. */
export function formatDump(outcome: DumpOutcome): string {
  const date =
    outcome.dating === 'stated' ? `dated ${outcome.date} (stated)` : outcome.era ? `dated ${outcome.era.from}..${outcome.era.to} (inferred)` : 'undated'
  const c = outcome.counts
  return (
    `stored ${outcome.format} ${outcome.uri}  ${date}; ${outcome.rules} rules, ${outcome.terms} terms, ${outcome.others} other; ` +
    `${c.equal} equal, ${c.differs} differ, ${c.partial} partial, ${c.unmatched} unmatched` +
    (c.pending ? `, ${c.pending} pending` : '') +
    (outcome.score !== null ? ` (score ${outcome.score.toFixed(2)})` : '')
  )
}

/** The warnings and errors of a stored dump, and its reconciliation summary. */
function notable(outcome: DumpOutcome): string {
  return outcome.messages
    .filter((m) => m.severity !== 'info' || m.code === 'reconcile-summary' || m.code === 'reconcile-dated')
    .map((m) => `  ${m.line}: ${m.severity} ${m.code}${m.rule ? ` [${m.rule}]` : ''} ${m.text}\n`)
    .join('')
}
