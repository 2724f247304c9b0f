/**
 * The ETag of every answer: a digest of what the database holds (its sources'
 * digests and schema) and of this crdb's version. It changes when a build adds
 * or replaces a source; SQLite's `data_version` says when to recompute it, so a
 * server on a file that `crdb build` updates serves the new content at once.
 */
import { createHash } from 'node:crypto'
import type { CrdbDatabase } from '../store/database.js'

/** A function that returns the current ETag (quoted) of `db`, cheap to call per request. */
export function trackContentTag(db: CrdbDatabase, version: string): () => string {
  const dataVersion = db.prepare('PRAGMA data_version').pluck()
  let seen = -1
  let tag = ''
  return () => {
    const current = dataVersion.get() as number
    if (current !== seen) {
      tag = `"${createHash('sha256').update(version).update(readContentDigests(db)).digest('base64url').slice(0, 22)}"`
      seen = current
    }
    return tag
  }
}

/** What the database holds, as one string: every source's digest and the schema version. */
function readContentDigests(db: CrdbDatabase): string {
  const sources = db.prepare(`SELECT group_concat(id || ':' || sha256, ',') FROM (SELECT id, sha256 FROM sources ORDER BY id)`).pluck().get() as string | null
  const lineage = db.prepare(`SELECT COUNT(*) || ':' || COALESCE(SUM(from_version), 0) || ':' || COALESCE(SUM(to_version), 0) FROM lineage_links`).pluck().get() as string
  return `${db.pragma('user_version', { simple: true })};${sources ?? ''};${lineage}`
}
