/**
 * Kill -9 during a build: a real `crdb build` child process is killed with
 * SIGKILL several times while it builds, then built to the end; the database
 * must hold exactly what a clean build of the same sources holds, and its
 * derived data must be current. A subset of the archive keeps it fast.
 *
 * The kills come two ways: at the boundaries between a build's writes (the
 * build kills itself there, `CRDB_KILL_AT`, so the point does not depend on
 * the machine's speed), and after delays drawn from a seeded generator
 * (`CRDB_FAULT_SEED` explores other seeds; the seed is printed).
 */
import { spawn, spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { archiveAvailable, archiveDir, projectRoot, temporaryFolder } from './helpers.js'
import { canonicalContent } from './store-snapshot.js'

const bin = join(projectRoot, 'bin/crdb.js')
// Editions of three layouts (1999 plain text, 2004 hard-wrapped, modern); the build adds the corpus' five secondary dumps.
const editions = ['1999-04-23.txt', '2004-10-01.txt', '2005-10-01.txt', '2017-01-19.txt', '2025-09-19.txt', '2026-01-16.txt']
const seed = Number(process.env.CRDB_FAULT_SEED ?? 20261123)

function build(db: string, archive: string, killAt?: string): { code: number | null; signal: string | null; stdout: string; stderr: string; ms: number } {
  const started = performance.now()
  const env = killAt ? { ...process.env, CRDB_KILL_AT: killAt } : { ...process.env, CRDB_KILL_AT: '' }
  const result = spawnSync(process.execPath, [bin, '--db', db, 'build', '--archive', archive], { encoding: 'utf8', env })
  return { code: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr, ms: performance.now() - started }
}

/** Start a build and kill it with SIGKILL after `delay` ms (or let it finish first). */
function buildKilledAfter(db: string, archive: string, delay: number): Promise<'killed' | 'finished'> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, '--db', db, 'build', '--archive', archive], { stdio: 'ignore', env: { ...process.env, CRDB_KILL_AT: '' } })
    const timer = setTimeout(() => child.kill('SIGKILL'), delay)
    child.on('exit', (_code, signal) => {
      clearTimeout(timer)
      resolve(signal === 'SIGKILL' ? 'killed' : 'finished')
    })
  })
}

/** A small seeded generator (mulberry32): the same delays for the same seed. */
function seededRandom(state: number): () => number {
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe.runIf(archiveAvailable())('a build killed with SIGKILL', () => {
  let folder: ReturnType<typeof temporaryFolder>
  let archive: string
  let expected: Record<string, string[]>
  let cleanMs: number
  beforeAll(() => {
    folder = temporaryFolder()
    archive = join(folder.dir, 'archive')
    mkdirSync(archive)
    for (const name of editions) copyFileSync(join(archiveDir, name), join(archive, name))
    const reference = build(join(folder.dir, 'clean.sqlite'), archive)
    expect(reference.code, reference.stderr).toBe(0)
    cleanMs = reference.ms
    expected = canonicalContent(join(folder.dir, 'clean.sqlite'))
    expect(expected.derived).toEqual([JSON.stringify(['lineage', 0]), JSON.stringify(['reconciliation', 0])])
    expect(expected.attestations.length).toBeGreaterThan(100)
  }, 120_000)
  afterAll(() => folder?.cleanup())

  /** Build `db` to the end and compare it with the clean build, table by table. */
  function expectRecovered(db: string, kills: string): void {
    const finish = build(db, archive)
    expect(finish.code, `${kills}\n${finish.stderr}`).toBe(0)
    expect(finish.stdout).not.toMatch(/rejected +E_/)
    const actual = canonicalContent(db)
    for (const table of Object.keys(expected)) expect(actual[table], `${table} after kills at ${kills}`).toEqual(expected[table])
  }

  it('recovers from kills at the boundaries between its writes, dumps reconciled more than once among them', () => {
    const db = join(folder.dir, 'boundaries.sqlite')
    // The editions of a build are one transaction: the kills after the second and third edition leave none of
    // them (the database as it was); the next build stores them all and is killed after its lineage, then
    // two dumps stored, the three others and two reconciled (then a kill after four of five reconciled
    // again, so that two are reconciled twice before the last build reconciles all of them once more).
    const points = ['edition:2', 'edition:3', 'lineage:1', 'dump:2', 'reconcile:2', 'reconcile:4']
    for (const point of points) {
      const killed = build(db, archive, point)
      expect(killed.signal, `killed at ${point}: ${killed.stderr}`).toBe('SIGKILL')
    }
    expectRecovered(db, points.join(', '))
  }, 300_000)

  it(`recovers from kills after seeded random delays (seed ${seed})`, async () => {
    const random = seededRandom(seed)
    const db = join(folder.dir, 'random.sqlite')
    const outcomes: string[] = []
    for (let round = 0; round < 4; round++) {
      // From start-up to well before the end: the reference build (the first, cold) is the slowest, and a
      // later build that finishes before its kill tests nothing.
      const delay = Math.round(100 + random() * 0.6 * cleanMs)
      outcomes.push(`${delay} ms: ${await buildKilledAfter(db, archive, delay)}`)
    }
    console.log(`seed ${seed}, killed builds: ${outcomes.join(', ')}`)
    expectRecovered(db, `seed ${seed}: ${outcomes.join(', ')}`)
  }, 300_000)
})
