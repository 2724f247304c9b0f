/**
 * What the database holds, as the server sees it: SQLite's `data_version`
 * (which changes when another connection, such as `crdb build`, commits to
 * the file) and the ETag of every answer, a digest of the content (its
 * sources' digests, schema and lineage, and whether derived data is stale,
 * which answers say) and of this crdb's version. A server
 * on a file that a build updates serves the new content at once.
 */
import { createHash } from 'node:crypto'
import { readContentSummary, readDataVersion } from '../store/content.js'
import type { Crdb } from '../store/database.js'
import { readDerivedState } from '../store/derived-state.js'

/** The database's content at one moment. */
export interface ContentState {
  /** SQLite's `data_version` when it was read: any commit by another connection changes it. */
  dataVersion: number
  /** The ETag (quoted) of the content: it changes when a build adds, replaces or relinks a source, or leaves derived data stale. */
  tag: string
}

/**
 * A function that returns the current {@link ContentState} of `db`, cheap to
 * call per request (one `PRAGMA data_version`). It returns the same object
 * until the database changes, so that caches compare it by identity and drop
 * what they hold on any commit, even one that leaves the ETag as it was.
 *
 * The file is read once per synchronous run of code: the answer cache, the
 * server's state and the route of one request all ask within the same run,
 * and a commit could not be seen between their questions anyway. The next
 * run (an `await` later, or the next request) reads it again.
 */
export function trackContent(db: Crdb, version: string): () => ContentState {
  let state: ContentState = { dataVersion: -1, tag: '' }
  let known = false
  const forget = (): void => {
    known = false
  }
  return () => {
    if (known) return state
    const dataVersion = readDataVersion(db)
    if (dataVersion !== state.dataVersion) {
      const derived = JSON.stringify(readDerivedState(db))
      const tag = `"${createHash('sha256').update(version).update(readContentSummary(db)).update(derived).digest('base64url').slice(0, 22)}"`
      state = { dataVersion, tag }
    }
    // Only once read whole: a damaged file throws above, and the next question asks the file again.
    known = true
    queueMicrotask(forget)
    return state
  }
}
