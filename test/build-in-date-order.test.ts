/**
 * A cold build stores each edition while the later ones are still parsed
 * (ingest/date-order.ts), in the order of the dates read from the files'
 * starts: it must store what a build that parses every edition first stores.
 * Seven editions of 2008-2009, two of them damaged (2008-05-01's quotes and
 * 2009-05-01's dashes are restored from their neighbours), so a neighbour out
 * of place would change what is stored. A start read wrong
 * (`CRDB_FAULT_MISDATE`) is found when the file is parsed: the run's
 * transaction is undone and the build parses every edition first instead.
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ingestPaths } from '../ingest/ingest.js'
import { openDatabase } from '../src/store/database.js'
import { archiveAvailable, archiveDir, projectRoot, temporaryFolder } from './helpers.js'
import { canonicalContent } from './store-snapshot.js'

const names = ['2008-02-01', '2008-05-01', '2008-07-15', '2008-10-01', '2009-02-01', '2009-05-01', '2009-07-11'].map((date) => `${date}.txt`)

describe.runIf(archiveAvailable())('a cold build in date order', () => {
  const folder = temporaryFolder()
  const archive = join(folder.dir, 'archive')
  let expected: Record<string, string[]>

  /** Build the archive in-process into a new file `name`, with `CRDB_FAULT_MISDATE` set to `misdate` if given. */
  function buildHere(name: string, misdate?: string): string {
    const path = join(folder.dir, name)
    const db = openDatabase(path)
    if (misdate) process.env.CRDB_FAULT_MISDATE = misdate
    try {
      const report = ingestPaths(
        db,
        names.map((file) => join(archive, file))
      )
      expect(report.stored).toBe(names.length)
    } finally {
      delete process.env.CRDB_FAULT_MISDATE
      db.close()
    }
    return path
  }

  beforeAll(() => {
    mkdirSync(archive)
    for (const name of names) copyFileSync(join(archiveDir, name), join(archive, name))
    expected = canonicalContent(buildHere('in-order.sqlite'))
  })
  afterAll(() => folder.cleanup())

  it('stores what a build that parses every edition first stores, when a start is read wrong', () => {
    // Read as the newest, 2008-07-15 would be no neighbour of 2008-05-01: the damage would be restored from others.
    const actual = canonicalContent(buildHere('misread.sqlite', '2008-07-15.txt=2009-12-31'))
    for (const table of Object.keys(expected)) expect(actual[table], table).toEqual(expected[table])
    // Restored from both neighbours, as printed in neither.
    expect(expected.messages.filter((line) => line.includes('source-damage-restored')).length).toBeGreaterThan(10)
  }, 120_000)

  it('stores the same through the prepare pool (the built CLI: a worker parses while the build thread stores)', () => {
    const pooled = join(folder.dir, 'pooled.sqlite')
    const result = spawnSync(process.execPath, [join(projectRoot, 'bin', 'crdb.js'), '--db', pooled, 'build', '--archive', archive, '--no-corpus'], {
      encoding: 'utf8',
      env: { ...process.env, CRDB_FAULT_MISDATE: '' }
    })
    expect(result.status, result.stderr).toBe(0)
    expect(result.stdout).toMatch(new RegExp(`${names.length} stored, 0 unchanged, 0 rejected`))
    const actual = canonicalContent(pooled)
    for (const table of Object.keys(expected)) expect(actual[table], table).toEqual(expected[table])
  }, 120_000)
})
