/**
 * A build with nothing new, answered without loading the parsers: every
 * source's bytes are hashed and found stored, and nothing derived is stale.
 * `crdb build` tries this first (the parsers and their libraries take longer
 * to load than the whole re-run); anything else goes through `ingest.ts`,
 * which makes the same decisions.
 */
import { readdirSync, statSync, type BigIntStats, type Stats } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { acquireBuildLock } from '../src/store/build-lock.js'
import { driverOf, type Crdb } from '../src/store/handle.js'
import { readDerivedState } from '../src/store/derived-state.js'
import type { FileHash } from '../src/store/file-hashes.js'
import { prepareEditionWrites } from '../src/store/edition-writes.js'
import { refoldTermKeys } from '../src/store/term-keys.js'
import { hasLinksFromOlderMatcher, hasUnreconciledDumps, hasVersionsWithoutLineage } from '../src/store/totals.js'
import { CrdbError } from '../src/vocabulary/errors.js'
import { fileIdentityOf } from '../src/vocabulary/file-identity.js'
import { sha256Of } from '../src/vocabulary/hash.js'
import type { IngestOptions, IngestOutcome, IngestReport } from './ingest-report.js'
import { readSource } from './read-source.js'

// Files in an archive folder that are not documents.
const ignoredNames = /^(.*\.json|readme(\.md|\.txt)?|\..*)$/i

/**
 * List the source files of an archive: a folder (not recursive), sorted by
 * name, or a single file. Subfolders are not read; `onSubfolder` hears of each.
 *
 * @throws {CrdbError} `E_IO` when the folder or file cannot be read.
 */
export function listArchive(folder: string, onSubfolder?: (path: string) => void): string[] {
  let names: string[]
  try {
    if (statSync(folder).isFile()) return [folder]
    names = readdirSync(folder)
  } catch (error) {
    throw new CrdbError('E_IO', `${folder}: cannot read archive folder (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
  const files: string[] = []
  for (const name of names) {
    if (ignoredNames.test(name)) continue
    const path = join(folder, name)
    let entry: Stats | undefined
    try {
      entry = statSync(path)
    } catch {
      // A symlink loop, a dangling link, no permission: listed all the same, so that the build rejects it alone (E_IO).
    }
    if (entry?.isDirectory()) onSubfolder?.(path)
    else files.push(path)
  }
  return files.sort()
}

/** Hold the database's build lock (files only) around `action`. */
export function withBuildLock<T>(db: Crdb, options: IngestOptions, action: () => T): T {
  const release = driverOf(db).memory ? undefined : acquireBuildLock(db.path, { onWait: options.onWait })
  try {
    return action()
  } finally {
    release?.()
  }
}

/**
 * The report of a build of `paths` when it has nothing to do: every file's
 * bytes already stored and the derived data current. Undefined when there is
 * something to do (or a file cannot be read): then ingest them with
 * `ingestPaths`. Reports each outcome through `options.onOutcome`. `hashes`:
 * the sha256 of files hashed beforehand ({@link hashFiles}), by path.
 */
export function ingestUnchanged(
  db: Crdb,
  paths: readonly string[],
  options: IngestOptions = {},
  hashes?: ReadonlyMap<string, string>
): IngestReport | undefined {
  return withBuildLock(db, options, () => {
    const writes = prepareEditionWrites(db)
    const outcomes: IngestOutcome[] = []
    for (const uri of paths) {
      let sha256 = hashes?.get(uri)
      try {
        sha256 ??= sha256Of(readSource(uri))
      } catch {
        return undefined // Rejected by the full build, with its message.
      }
      if (!writes.hasSource(sha256)) return undefined
      outcomes.push({ status: 'unchanged', uri, sha256 })
    }
    // A store whose term keys predate folding is re-keyed (and its derived data marked stale) as a build does.
    refoldTermKeys(db)
    const derived = readDerivedState(db)
    if (derived.lineage || derived.reconciliation || hasVersionsWithoutLineage(db) || hasLinksFromOlderMatcher(db) || hasUnreconciledDumps(db)) {
      return undefined
    }
    for (const outcome of outcomes) options.onOutcome?.(outcome)
    return { outcomes, stored: 0, unchanged: outcomes.length, rejected: 0, reconciled: 0 }
  })
}

/** What {@link hashFiles} found. */
export interface HashedFiles {
  /** The sha256 of each file, by its path. */
  hashes: Map<string, string>
  /** The hashes to record: files read and hashed now whose stat held still (see {@link hashFiles}). */
  fresh: FileHash[]
}

/**
 * A file changed this recently (ns) is not recorded: its times may not yet
 * tell a later write from this one (timestamps move in clock ticks of a few ms).
 */
const settledNs = 2_000_000_000n

/**
 * The sha256 of each file, read and hashed on the thread pool, several at a
 * time (hashing the archive is most of a re-run). A file whose device, inode,
 * size, modification and change times are those `recorded` has the hash
 * recorded, unread (as git's index trusts a file's stat: a write changes the
 * change time, which no program can set back). A file that cannot be read is
 * left out.
 */
export async function hashFiles(paths: readonly string[], recorded?: ReadonlyMap<string, FileHash>): Promise<HashedFiles> {
  const hashes = new Map<string, string>()
  const fresh: FileHash[] = []
  const settledBefore = BigInt(Date.now()) * 1_000_000n - settledNs
  let next = 0
  // A few at a time: all at once would hold the whole archive in memory.
  const runner = async (): Promise<void> => {
    while (next < paths.length) {
      const path = paths[next++]
      try {
        const before = await stat(path, { bigint: true })
        // Regular files only: a FIFO would never answer (the build itself rejects it).
        if (!before.isFile()) continue
        const { file, stamp } = identityOf(before)
        const known = recorded?.get(file)
        if (known?.stamp === stamp) {
          hashes.set(path, known.sha256)
          continue
        }
        const sha256 = Buffer.from(await crypto.subtle.digest('SHA-256', await readFile(path))).toString('hex')
        hashes.set(path, sha256)
        // Recorded only when the file held still while it was read, and had not changed just before.
        if (before.ctimeNs < settledBefore && identityOf(await stat(path, { bigint: true })).stamp === stamp) fresh.push({ file, stamp, sha256 })
      } catch {
        // Read (and rejected) by the build itself.
      }
    }
  }
  await Promise.all(Array.from({ length: 4 }, runner))
  return { hashes, fresh }
}

/** A file's identity on disk ({@link fileIdentityOf}) and the stamp of its content (`size:mtime_ns:ctime_ns`). */
function identityOf(stats: BigIntStats): { file: string; stamp: string } {
  return { file: fileIdentityOf(stats), stamp: `${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}` }
}
