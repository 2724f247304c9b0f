/**
 * Benchmark module: adding one edition to a built store, as `crdb build` does when the archive holds one new
 * file (and `crdb update` after fetching it). A store is built once, in a temporary folder, from every edition
 * of the archive but the newest (a folder of links to them) and the project's corpus; then, each run, a copy of
 * it is built again from the whole archive: `node bin/crdb.js --db COPY build --archive ARCHIVE`, wall time,
 * lineage for the new edition included. Also the same command on a copy with nothing new (the floor of it:
 * Node's start, the command, hashing the archive).
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import type { BenchFigure } from './diff.js'

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * The time of adding the newest edition of `archive` to a store built from the others, `runs` times (at least 3),
 * with the CLI of `root` (its `bin/crdb.js`, built).
 */
export function benchAddEdition(archive: string, root: string, runs: number): BenchFigure[] {
  const tmp = mkdtempSync(join(os.tmpdir(), 'crdb-bench-add-'))
  try {
    const editions = readdirSync(archive)
      .filter((name) => /^\d{4}-\d{2}-\d{2}\.txt$/.test(name))
      .sort()
    const newest = editions.at(-1)
    if (!newest) return []
    const older = join(tmp, 'older')
    mkdirSync(older)
    for (const name of editions.slice(0, -1)) symlinkSync(join(archive, name), join(older, name))
    const crdb = (db: string, folder: string): { ms: number; output: string } => {
      const started = performance.now()
      const result = spawnSync(process.execPath, [join(root, 'bin', 'crdb.js'), '--db', db, 'build', '--archive', folder], { cwd: root, encoding: 'utf8' })
      const ms = performance.now() - started
      if (result.status !== 0) throw new Error(`crdb build exited ${result.status}: ${result.stderr.trim()}`)
      return { ms, output: result.stdout }
    }
    const base = join(tmp, 'base.sqlite')
    crdb(base, older)
    const added: number[] = []
    const nothing: number[] = []
    for (let run = 0; run < Math.max(3, runs); run++) {
      const copy = join(tmp, `run-${run}.sqlite`)
      for (const suffix of ['-wal', '-shm']) if (existsSync(copy + suffix)) rmSync(copy + suffix)
      copyFileSync(base, copy)
      const { ms, output } = crdb(copy, archive)
      if (!/^1 stored, /m.test(output)) throw new Error(`adding ${newest} stored other than one source: ${output.trim().split('\n').at(-1)}`)
      added.push(ms)
      nothing.push(crdb(copy, archive).ms)
      rmSync(copy, { force: true })
    }
    return [
      { name: `adding one edition (${newest.replace('.txt', '')}) to a built store, CLI, wall`, median: median(added), unit: 'ms', target: '< 500 ms' },
      { name: 'the same build again, nothing new, CLI, wall', median: median(nothing), unit: 'ms', target: '-' }
    ]
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
}
