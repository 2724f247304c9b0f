/**
 * One writer at a time: a build holds `<database>.lock` (holding its process
 * id) while it reads what is stored and writes. A second build waits for the
 * first, then finds its sources stored, instead of racing it and reporting
 * the first one's editions as duplicates. A lock left by a killed build (its
 * process gone) is taken over.
 */
import { closeSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs'
import { resolve } from 'node:path'
import { CrdbError } from '../vocabulary/errors.js'

/** Options for {@link acquireBuildLock}. */
export interface BuildLockOptions {
  /** How long to wait for another build (default 10 minutes). */
  timeoutMs?: number
  /** Called once when another build holds the database and this one starts waiting. */
  onWait?: (holder: number) => void
}

const pause = new Int32Array(new SharedArrayBuffer(4))

/**
 * Take the build lock of the database at `path`, waiting while another live
 * process holds it; returns the function that releases it.
 *
 * @throws {CrdbError} `E_DB_BUSY` when another build still holds it after the timeout,
 *   `E_DB` when the lock file cannot be created.
 */
export function acquireBuildLock(path: string, options: BuildLockOptions = {}): () => void {
  const lock = resolve(path) + '.lock'
  const deadline = Date.now() + (options.timeoutMs ?? 600_000)
  let waiting = false
  for (;;) {
    try {
      const fd = openSync(lock, 'wx')
      try {
        writeSync(fd, String(process.pid))
      } catch (error) {
        // An empty lock would read as one being written, and hold off every later build: take it back.
        closeSync(fd)
        unlinkSync(lock)
        throw error
      }
      closeSync(fd)
      return () => release(lock)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code !== 'EEXIST') {
        throw new CrdbError(code === 'ENOSPC' ? 'E_DISK_FULL' : 'E_DB', `${path}: cannot create the build lock ${lock} (${code ?? (error as Error).message})`)
      }
    }
    const holder = readHolder(lock)
    if (holder === 'gone') continue
    if (typeof holder === 'object') {
      takeOver(lock, holder.stale)
      continue
    }
    if (Date.now() >= deadline) {
      throw new CrdbError('E_DB_BUSY', `${path}: another build (process ${holder}) holds the database; try again when it has finished`)
    }
    if (!waiting && holder > 0) options.onWait?.(holder)
    waiting = true
    Atomics.wait(pause, 0, 0, 100)
  }
}

/** The live process holding the lock (0: being written just now), the text of a stale lock (its process is gone), or 'gone' (released meanwhile). */
function readHolder(lock: string): number | { stale: string } | 'gone' {
  let text: string
  let age: number
  try {
    text = readFileSync(lock, 'utf8')
    age = Date.now() - statSync(lock).mtimeMs
  } catch {
    return 'gone'
  }
  const pid = Number(text)
  // Created but its id not yet written: give the other process a moment.
  if (!Number.isInteger(pid) || pid <= 0) return age < 5_000 ? 0 : { stale: text }
  if (pid === process.pid) return { stale: text }
  try {
    process.kill(pid, 0)
    return pid
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : { stale: text }
  }
}

/** Remove a dead build's lock; renamed first so two processes taking over cannot remove each other's new lock. */
function takeOver(lock: string, staleText: string): void {
  const aside = `${lock}.${process.pid}.stale`
  try {
    renameSync(lock, aside)
    // Another process took it over between our read and our rename: put its live lock back.
    if (readFileSync(aside, 'utf8') !== staleText) renameSync(aside, lock)
    else unlinkSync(aside)
  } catch {
    // Another process took it over first.
  }
}

function release(lock: string): void {
  try {
    if (readFileSync(lock, 'utf8') === String(process.pid)) unlinkSync(lock)
  } catch {
    // Already gone.
  }
}
