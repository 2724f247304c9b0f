/**
 * Where each fetched edition came from: `<cache>/editions/origins.json`, one
 * record per file (written after each file, atomically). `crdb sources` reads
 * it to say where an edition came from and why an unverified one was accepted.
 */
import { existsSync, readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { Crdb } from '../../src/store/database.js'
import { addSourceWarning } from '../../src/store/source-warnings.js'
import { sha256Of } from '../../src/vocabulary/hash.js'
import { writeAtomic } from './http.js'
import type { SourceName } from './sources.js'

/** The origin of one file of the editions folder. */
export interface EditionOrigin {
  effectiveDate: string
  set: { code: string; name: string } | null
  source: SourceName
  /** The path or URL it was read from (after redirects). */
  from: string
  sha256: string
  verified: boolean
  /** Why an unverified file was accepted. */
  warning?: string
  fetchedAt: string
}

/** The origins file of an editions folder. */
function originsPath(folder: string): string {
  return join(folder, 'origins.json')
}

/** The origins recorded in `folder`, by file name (empty when none or unreadable). */
export function readOrigins(folder: string): Record<string, EditionOrigin> {
  const path = originsPath(folder)
  if (!existsSync(path)) return {}
  try {
    const data = JSON.parse(readFileSync(path, 'utf8'))
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, EditionOrigin>) : {}
  } catch {
    return {}
  }
}

/** Record the origin of `file` in `folder`. */
export function recordOrigin(folder: string, file: string, origin: EditionOrigin): void {
  const origins = readOrigins(folder)
  origins[file] = origin
  writeAtomic(originsPath(folder), JSON.stringify(origins, null, 2) + '\n')
}

/**
 * Store the warning of each unverified edition among `paths` (files of an
 * editions folder that were just ingested) with its source: where it came from
 * and why it was accepted (code `unverified`). Files with no origin are left alone.
 */
export function recordOriginWarnings(db: Crdb, paths: readonly string[]): number {
  let added = 0
  for (const path of paths) {
    const origin = readOrigins(dirname(path))[basename(path)]
    if (!origin || origin.verified || !existsSync(path)) continue
    const sha256 = sha256Of(readFileSync(path))
    if (sha256 !== origin.sha256) continue
    if (addSourceWarning(db, sha256, 'unverified', `fetched from ${origin.source} ${origin.from}; ${origin.warning ?? 'unverified'}`)) added++
  }
  return added
}
