/**
 * Editions newer than a date (for `crdb update`): the manifest's first, then
 * what the sources know beyond the manifest: Academy Ruins' list of set codes
 * (`/metadata/cr`) and Wizards' current rules file (`/link/cr`). An edition the
 * manifest does not list cannot be verified by sha256; it is kept when it
 * states a newer date and parses whole, with a warning.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { CrdbError } from '../../src/vocabulary/errors.js'
import { fetchEditions, type EditionFetchOutcome, type FetchEditionsOptions } from './editions.js'
import { Fetcher, Unreachable, sha256Of, writeAtomic } from './http.js'
import type { Manifest } from '../../src/vocabulary/corpus-files.js'
import { recordOrigin } from './origins.js'
import { academyRuinsFileUrl, currentRulesLink, listAcademyRuinsEditions, type AcademyRuinsEdition } from './source-academy-ruins.js'
import { resolveSourceBases, sourceOrder, type SourceName } from './sources.js'
import { checkNewEdition } from './verify.js'

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

/** What {@link fetchNewerEditions} found. */
export interface FetchNewerReport {
  /** The editions newer than the date, oldest first. */
  editions: NewerEdition[]
  /** What could not be fetched or read (each on one line). */
  failures: Array<{ what: string; code: string; error: string; unreachable: boolean }>
  /** The editions folder. */
  folder: string
  unreachable: Array<{ host: string; cause: string }>
}

/**
 * Fetch every edition newer than `after` (`YYYY-MM-DD`; `''` for all) into
 * `<cacheDir>/editions/`.
 */
export async function fetchNewerEditions(manifest: Manifest, after: string, options: FetchEditionsOptions): Promise<FetchNewerReport> {
  const fetcher = options.fetcher ?? new Fetcher(options)
  const sources = options.sources ?? [...sourceOrder]
  const bases = resolveSourceBases(options.bases)
  const editions: NewerEdition[] = []
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
  const known = (): string =>
    [after, ...manifest.editions.map((edition) => edition.effectiveDate), ...editions.map((edition) => edition.effectiveDate)].sort().at(-1)!
  const manifestCodes = new Set(manifest.editions.flatMap((edition) => (edition.set ? [edition.set.code.toUpperCase()] : [])))
  const keep = async (url: string, source: SourceName, set: { code: string; name: string } | null): Promise<void> => {
    const result = await fetcher.get(url)
    const shape = checkNewEdition(result.bytes, result.finalUrl, known())
    const file = `${shape.effectiveDate}.txt`
    const path = join(folder, file)
    writeAtomic(path, result.bytes)
    recordOrigin(folder, file, {
      effectiveDate: shape.effectiveDate,
      set,
      source,
      from: result.finalUrl,
      sha256: sha256Of(result.bytes),
      verified: false,
      warning: shape.warning,
      fetchedAt: new Date().toISOString()
    })
    editions.push({ effectiveDate: shape.effectiveDate, path, set, source, from: result.finalUrl, verified: false, warning: shape.warning })
  }
  const attempt = async (what: string, action: () => Promise<void>): Promise<void> => {
    try {
      await action()
    } catch (error) {
      if (!(error instanceof CrdbError)) throw error
      // A document that is not newer is not a failure: the source simply has nothing new.
      if (error.code === 'E_FORMAT' && / not after /.test(error.message)) return
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
        keep(academyRuinsFileUrl(bases.academyRuins, entry.setCode), 'academy-ruins', { code: entry.setCode, name: entry.setName })
      )
    }
  }
  if (sources.includes('wizards')) {
    await attempt("Wizards' current rules", async () => {
      const newest = listed.find((entry) => !manifestCodes.has(entry.setCode.toUpperCase()))
      await keep(
        currentRulesLink(bases.academyRuins),
        'wizards',
        newest && newest.creationDay >= known() ? { code: newest.setCode, name: newest.setName } : null
      )
    })
  }
  editions.sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate))
  return { editions, failures, folder, unreachable: fetcher.unreachableHosts() }
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
