/**
 * The ETag of every answer: a digest of what the database holds (its sources'
 * digests and schema) and of this crdb's version. It changes when a build adds
 * or replaces a source; SQLite's `data_version` says when to recompute it, so a
 * server on a file that `crdb build` updates serves the new content at once.
 */
import { createHash } from 'node:crypto'
import { readContentSummary, readDataVersion } from '../store/content.js'
import type { CrdbDatabase } from '../store/database.js'

/** A function that returns the current ETag (quoted) of `db`, cheap to call per request. */
export function trackContentTag(db: CrdbDatabase, version: string): () => string {
  let seen = -1
  let tag = ''
  return () => {
    const current = readDataVersion(db)
    if (current !== seen) {
      tag = `"${createHash('sha256').update(version).update(readContentSummary(db)).digest('base64url').slice(0, 22)}"`
      seen = current
    }
    return tag
  }
}
