/**
 * Kill -9 at random points: a real `crdb build` child process is killed with
 * SIGKILL several times while it builds, then built to the end; the database
 * must hold exactly what a clean build of the same sources holds, and its
 * derived data must be current. A subset of the archive keeps it fast.
 */
import { spawn, spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { archiveAvailable, archiveDir, projectRoot, temporaryFolder } from './helpers.js'
import { canonicalContent } from './store-snapshot.js'

const bin = join(projectRoot, 'bin/crdb.js')
// Editions of three layouts (1999 plain text, 2004 hard-wrapped, modern), and the corpus' secondary dumps.
const editions = ['1999-04-23.txt', '2004-10-01.txt', '2005-10-01.txt', '2017-01-19.txt', '2025-09-19.txt', '2026-01-16.txt']

function build(db: string, archive: string): { code: number; stdout: string; stderr: string; ms: number } {
  const started = performance.now()
  const result = spawnSync(process.execPath, [bin, '--db', db, 'build', '--archive', archive], { encoding: 'utf8' })
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr, ms: performance.now() - started }
}

/** Start a build and kill it with SIGKILL after `delay` ms (or let it finish first). */
function buildKilledAfter(db: string, archive: string, delay: number): Promise<'killed' | 'finished'> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, '--db', db, 'build', '--archive', archive], { stdio: 'ignore' })
    const timer = setTimeout(() => child.kill('SIGKILL'), delay)
    child.on('exit', (_code, signal) => {
      clearTimeout(timer)
      resolve(signal === 'SIGKILL' ? 'killed' : 'finished')
    })
  })
}

describe.runIf(archiveAvailable())('a build killed with SIGKILL at random points', () => {
  let folder: ReturnType<typeof temporaryFolder>
  let archive: string
  beforeAll(() => {
    folder = temporaryFolder()
    archive = join(folder.dir, 'archive')
    mkdirSync(archive)
    for (const name of editions) copyFileSync(join(archiveDir, name), join(archive, name))
  })
  afterAll(() => folder?.cleanup())

  it('recovers, at the next build, to what a clean build stores', async () => {
    const clean = join(folder.dir, 'clean.sqlite')
    const reference = build(clean, archive)
    expect(reference.code, reference.stderr).toBe(0)
    const expected = canonicalContent(clean)
    expect(expected.derived).toEqual([JSON.stringify(['lineage', 0]), JSON.stringify(['reconciliation', 0])])

    const db = join(folder.dir, 'killed.sqlite')
    const outcomes: string[] = []
    for (let round = 0; round < 4; round++) {
      // Anywhere from start-up to the end of a clean build's time.
      const delay = Math.round(200 + Math.random() * 0.9 * reference.ms)
      outcomes.push(`${delay} ms: ${await buildKilledAfter(db, archive, delay)}`)
    }
    console.log(`killed builds: ${outcomes.join(', ')}`)
    const finish = build(db, archive)
    expect(finish.code, `${outcomes.join(', ')}\n${finish.stderr}`).toBe(0)
    expect(finish.stdout).not.toMatch(/rejected +E_/)
    const actual = canonicalContent(db)
    for (const table of Object.keys(expected)) expect(actual[table], `${table} after kills at ${outcomes.join(', ')}`).toEqual(expected[table])
  }, 300_000)
})
