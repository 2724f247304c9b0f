/**
 * Is a stored edition verified? Verified when the sha256 of its source is the
 * one the corpus manifest lists for its date. Otherwise it was accepted by
 * date and structure (or is newer than the manifest), and the `origins.json`
 * that `crdb fetch` writes beside the file says where it came from and why.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Crdb } from '../store/database.js'
import { findAcceptedOrigin } from '../store/quarantine.js'
import { readProjectManifest } from '../vocabulary/corpus-files.js'
import { listSources, type ListSourcesOptions, type SourceSummary } from './sources.js'

/** How a stored edition is known to be the official one. */
export interface EditionVerification {
  /** The source's sha256 is the manifest's for the edition. */
  verified: boolean
  /** The manifest's sha256 for the edition's date (`null`: the manifest does not list it). */
  expected: string | null
  /** Where `crdb fetch` got it, when its origins file says. */
  origin: { source: string; from: string; warning?: string } | null
}

let digests: Map<string, string> | undefined

/** The manifest's sha256 by effective date (read once; empty when unreadable). */
function manifestDigests(): Map<string, string> {
  if (digests) return digests
  digests = new Map()
  // No manifest: nothing can be verified.
  for (const edition of readProjectManifest()?.editions ?? []) digests.set(edition.effectiveDate, edition.sha256)
  return digests
}

/** The verification of the stored edition of `effectiveDate` read from `uri` with bytes of `sha256`. */
export function verifyStoredEdition(effectiveDate: string, uri: string, sha256: string): EditionVerification {
  const expected = manifestDigests().get(effectiveDate) ?? null
  let origin: EditionVerification['origin'] = null
  const originsFile = /^[a-z][a-z0-9+.-]*:\/\//i.test(uri) ? undefined : join(dirname(uri), 'origins.json')
  if (originsFile && existsSync(originsFile)) {
    try {
      const origins = JSON.parse(readFileSync(originsFile, 'utf8')) as Record<string, { sha256?: string; source?: string; from?: string; warning?: string }>
      const found = Object.values(origins).find((entry) => entry.sha256 === sha256)
      if (found?.source && found.from) origin = { source: found.source, from: found.from, ...(found.warning ? { warning: found.warning } : {}) }
    } catch {
      // An unreadable origins file only loses the "where from".
    }
  }
  return { verified: expected === sha256, expected, origin }
}

/**
 * Every source as {@link listSources} lists it, each official edition with its
 * verification: what `crdb sources --json` prints and `GET /v1/sources` answers.
 */
export function listSourcesVerified(db: Crdb, options: ListSourcesOptions = {}): Array<SourceSummary & { verification?: EditionVerification }> {
  return listSources(db, options).map((source) => {
    if (source.kind !== 'official' || !source.date) return source
    const verification = verifyStoredEdition(source.date, source.uri, source.sha256)
    // An edition accepted from quarantine has no origins file: its stored warning says where it came from.
    if (!verification.origin) verification.origin = findAcceptedOrigin(db, source.id) ?? null
    return { ...source, verification }
  })
}
