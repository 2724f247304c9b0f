/**
 * Editions newer than a date (for `crdb update`): the manifest's first, then
 * what the sources know beyond the manifest: Academy Ruins' list of set codes
 * (`/metadata/cr`) and Wizards' current rules file (`/link/cr`). An edition the
 * manifest does not list cannot be verified by sha256: one that states a
 * plausible date (not after tomorrow, not one held already) and parses whole is
 * returned to be held in quarantine until a person accepts it, never stored as
 * an edition here nor written to the editions folder (which `crdb build
 * --archive` reads). Set names from a source are kept without control characters.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { CrdbError } from '../../src/vocabulary/errors.js'
import { fetchEditions, type EditionFetchOutcome, type FetchEditionsOptions } from './editions.js'
import { Fetcher, Unreachable, sha256Of } from './http.js'
import type { Manifest } from '../../src/vocabulary/corpus-files.js'
import { academyRuinsFileUrl, currentRulesLink, listAcademyRuinsEditions, type AcademyRuinsEdition } from './source-academy-ruins.js'
import { resolveSourceBases, sourceOrder, type SourceName } from './sources.js'
import { checkNewEdition } from './verify.js'
import { cleanRemoteName } from '../../src/vocabulary/terminal-text.js'

/** An edition newer than the date asked, now in the editions folder. */
export interface NewerEdition {
  effectiveDate: string
  path: string
  set: { code: string; name: string } | null
  source: SourceName | 'cache'
  from: string
  verified: boolean
  warning?: string
}

/** A document the manifest does not list, to be held in quarantine: not an edition until a person accepts it. */
export interface HeldEdition {
  effectiveDate: string
  bytes: Uint8Array
  sha256: string
  set: { code: string; name: string } | null
  source: SourceName
  /** The URL it came from (after redirects). */
  from: string
  rules: number
  terms: number
  /** Why it is held. */
  reason: string
}

/** Options for {@link fetchNewerEditions}. */
export interface FetchNewerOptions extends FetchEditionsOptions {
  /** Dates already held (the store's editions and quarantine): a document stating one is nothing new. */
  held?: readonly string[]
}

/** What {@link fetchNewerEditions} found. */
export interface FetchNewerReport {
  /** The manifest's editions newer than the date, oldest first (verified by sha256). */
  editions: NewerEdition[]
  /** Documents the manifest does not list, oldest first: to be held in quarantine, not stored. */
  held: HeldEdition[]
  /** What could not be fetched or read (each on one line). */
  failures: Array<{ what: string; code: string; error: string; unreachable: boolean }>
  /** The editions folder. */
  folder: string
  unreachable: Array<{ host: string; cause: string }>
}

/**
 * Fetch every manifest edition newer than `after` (`YYYY-MM-DD`; `''` for all)
 * into `<cacheDir>/editions/`, and the documents beyond the manifest to be held.
 * A document stating a date after tomorrow is a failure (`E_IMPLAUSIBLE_DATE`).
 */
export async function fetchNewerEditions(manifest: Manifest, after: string, options: FetchNewerOptions): Promise<FetchNewerReport> {
  const fetcher = options.fetcher ?? new Fetcher(options)
  const sources = options.sources ?? [...sourceOrder]
  const bases = resolveSourceBases(options.bases)
  const editions: NewerEdition[] = []
  const held: HeldEdition[] = []
  const failures: FetchNewerReport['failures'] = []

  const wanted = manifest.editions.filter((edition) => edition.effectiveDate > after).map((edition) => edition.effectiveDate)
  const fromManifest = wanted.length ? await fetchEditions(manifest, { ...options, fetcher, only: wanted }) : undefined
  const folder = fromManifest?.folder ?? join(options.cacheDir, 'editions')
  mkdirSync(folder, { recursive: true })
  for (const outcome of fromManifest?.outcomes ?? []) {
    if (outcome.status === 'failed')
      failures.push({ what: outcome.edition.effectiveDate, code: outcome.code, error: outcome.error, unreachable: outcome.unreachable })
    else if (outcome.status !== 'skipped') editions.push(newerOf(outcome))
  }

  // Beyond the manifest: whatever is newer than both `after` and the manifest's newest edition.
  const dates = (): string[] => [
    ...(options.held ?? []),
    ...manifest.editions.map((edition) => edition.effectiveDate),
    ...editions.map((edition) => edition.effectiveDate),
    ...held.map((edition) => edition.effectiveDate)
  ]
  const known = (): string => [after, ...dates()].sort().at(-1)!
  const manifestCodes = new Set(manifest.editions.flatMap((edition) => (edition.set ? [edition.set.code.toUpperCase()] : [])))
  const keep = async (url: string, source: SourceName, set: { code: string; name: string } | null): Promise<void> => {
    const result = await fetcher.get(url)
    const shape = checkNewEdition(result.bytes, result.finalUrl, dates())
    held.push({
      effectiveDate: shape.effectiveDate,
      bytes: result.bytes,
      sha256: sha256Of(result.bytes),
      set,
      source,
      from: result.finalUrl,
      rules: shape.rules,
      terms: shape.terms,
      reason: shape.reason
    })
  }
  const attempt = async (what: string, action: () => Promise<void>): Promise<void> => {
    try {
      await action()
    } catch (error) {
      if (!(error instanceof CrdbError)) throw error
      // A document already held is not a failure: the source simply has nothing new.
      if (error.code === 'E_FORMAT' && / already held$/.test(error.message)) return
      failures.push({ what, code: error.code, error: error.message, unreachable: error instanceof Unreachable })
    }
  }

  let listed: AcademyRuinsEdition[] = []
  if (sources.includes('academy-ruins')) {
    await attempt('Academy Ruins set list', async () => {
      listed = await listAcademyRuinsEditions(fetcher, bases.academyRuins)
    })
    const newestKnown = known()
    for (const entry of [...listed].reverse()) {
      if (manifestCodes.has(entry.setCode.toUpperCase()) || entry.creationDay < newestKnown) continue
      await attempt(`${entry.setCode} (Academy Ruins)`, () =>
        keep(academyRuinsFileUrl(bases.academyRuins, entry.setCode), 'academy-ruins', { code: entry.setCode, name: cleanRemoteName(entry.setName) })
      )
    }
  }
  if (sources.includes('wizards')) {
    await attempt("Wizards' current rules", async () => {
      const newest = listed.find((entry) => !manifestCodes.has(entry.setCode.toUpperCase()))
      await keep(
        currentRulesLink(bases.academyRuins),
        'wizards',
        newest && newest.creationDay >= known() ? { code: newest.setCode, name: cleanRemoteName(newest.setName) } : null
      )
    })
  }
  editions.sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate))
  held.sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate))
  return { editions, held, failures, folder, unreachable: fetcher.unreachableHosts() }
}

function newerOf(outcome: Extract<EditionFetchOutcome, { path: string }>): NewerEdition {
  const set = outcome.edition.set ? { code: outcome.edition.set.code, name: outcome.edition.set.name } : null
  return {
    effectiveDate: outcome.edition.effectiveDate,
    path: outcome.path,
    set,
    source: outcome.source,
    from: outcome.from,
    verified: outcome.verified,
    warning: outcome.warning
  }
}
