/**
 * Noticing that the database file a long-lived reader opened was replaced:
 * another file moved over it, or the file deleted and built again. SQLite's
 * `data_version` tells a reader of changes made to the file it holds open, not
 * that the path now names another file; the file's device and inode do.
 */
import { statSync } from 'node:fs'
import { fileIdentityOf } from '../vocabulary/file-identity.js'

/** How often, at most, {@link FileReplacementWatch.check} looks at the file (ms). */
const checkMs = 1000

/** What {@link watchFileReplacement} returns. */
export interface FileReplacementWatch {
  /**
   * Look whether the file at the path is still the one opened (at most once a second; a call in between does
   * nothing), and when it is another, call `reopen`. Call it where a request arrives, before answering it.
   */
  check: () => void
}

/**
 * Watch the file at `path` for being replaced. Make the watch before opening the file: the identity it starts from is
 * read then, so a file replaced between the two is opened again at the next check. When `reopen` throws (the new file
 * is not a crdb database yet: a build has only begun to write it), the file opened goes on being used, the reason is
 * logged once for that file, and the next check tries again. A path that names no file, or cannot be looked at,
 * leaves the file opened in use (a file deleted and not built again can still be read).
 */
export function watchFileReplacement(path: string, reopen: () => void, log?: (line: string) => void): FileReplacementWatch {
  let opened = identityOf(path)
  let checkedAt = performance.now()
  let refused: string | undefined
  return {
    check() {
      const now = performance.now()
      if (now - checkedAt < checkMs) return
      checkedAt = now
      const identity = identityOf(path)
      if (identity === undefined || identity === opened) return
      try {
        reopen()
      } catch (error) {
        if (refused !== identity) log?.(`database ${path} replaced; not opened yet: ${(error as Error).message}`)
        refused = identity
        return
      }
      opened = identity
      log?.(`database ${path} replaced; serving the new file`)
    }
  }
}

/** The identity of the file at `path` ({@link fileIdentityOf}), or undefined where there is none or it cannot be read. */
function identityOf(path: string): string | undefined {
  try {
    const stats = statSync(path, { throwIfNoEntry: false, bigint: true })
    return stats && fileIdentityOf(stats)
  } catch {
    // Not to be looked at now (its folder's permissions changed, say).
    return undefined
  }
}
