/**
 * A re-run of `crdb build` trusts the hash it recorded of a file while the
 * file's stat (device, inode, size, modification and change times) is as it
 * was, and reads the file again otherwise (migration 15).
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { hashFiles } from '../ingest/unchanged.js'
import { openDatabase } from '../src/store/database.js'
import { readFileHashes } from '../src/store/file-hashes.js'
import { projectRoot, temporaryFolder } from './helpers.js'

const sha256Of = (bytes: string | Buffer): string => createHash('sha256').update(bytes).digest('hex')

/** The record `hashFiles` would make of `path` as it is now. */
function recordOf(path: string, sha256: string): { file: string; stamp: string; sha256: string } {
  const stats = statSync(path, { bigint: true })
  return { file: `${stats.dev}:${stats.ino}`, stamp: `${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`, sha256 }
}

describe('hashes of the files a build reads', () => {
  let folder: ReturnType<typeof temporaryFolder> | undefined
  afterEach(() => folder?.cleanup())

  it('trusts a recorded hash while the stat holds, and hashes a file rewritten with the same size and times again', async () => {
    folder = temporaryFolder()
    const path = join(folder.dir, 'edition.txt')
    writeFileSync(path, 'first text')
    // A whole second, so that the modification time can be set back exactly after the rewrite.
    const second = new Date('2020-01-01T00:00:00Z')
    utimesSync(path, second, second)
    // A hash no file has: returned only if the record is trusted rather than the file read.
    const recorded = recordOf(path, 'f'.repeat(64))
    const trusted = await hashFiles([path], new Map([[recorded.file, recorded]]))
    expect(trusted.hashes.get(path)).toBe('f'.repeat(64))
    expect(trusted.fresh).toEqual([])

    writeFileSync(path, 'other text')
    utimesSync(path, second, second)
    const rewritten = statSync(path, { bigint: true })
    // Same size and modification time: only the change time tells.
    expect(`${rewritten.size}:${rewritten.mtimeNs}`).toBe(recorded.stamp.split(':').slice(0, 2).join(':'))
    const again = await hashFiles([path], new Map([[recorded.file, recorded]]))
    expect(again.hashes.get(path)).toBe(sha256Of('other text'))
  })

  it('records files that held still, not files changed a moment ago', async () => {
    folder = temporaryFolder()
    const recent = join(folder.dir, 'recent.txt')
    writeFileSync(recent, 'just written')
    // A file of the checkout: changed well before this test ran.
    const settled = join(projectRoot, 'corpus', '000_9cbf6a8559124468.txt')
    const { hashes, fresh } = await hashFiles([recent, settled])
    expect(hashes.get(recent)).toBe(sha256Of('just written'))
    expect(fresh.map((hash) => hash.file)).toEqual([recordOf(settled, '').file])
    expect(fresh[0].sha256).toBe(hashes.get(settled))
  })

  it('crdb build records the hashes and answers a re-run from them', () => {
    folder = temporaryFolder()
    const db = join(folder.dir, 'crdb.sqlite')
    const corpus = join(projectRoot, 'corpus')
    const build = () =>
      spawnSync(process.execPath, [join(projectRoot, 'bin/crdb.js'), '--db', db, 'build', '--no-corpus', '--archive', corpus], { encoding: 'utf8' })
    const first = build()
    expect(first.status, first.stderr).toBe(0)
    expect(first.stdout).toMatch(/^5 stored, 0 unchanged, 0 rejected/m)
    const store = openDatabase(db, { readonly: true })
    try {
      const recorded = readFileHashes(store)
      const dump = join(corpus, '000_9cbf6a8559124468.txt')
      const record = recordOf(dump, '')
      expect(recorded.get(record.file)).toMatchObject({ stamp: record.stamp, sha256: sha256Of(readFileSync(dump)) })
      expect(recorded.size).toBe(5)
    } finally {
      store.close()
    }
    const second = build()
    expect(second.stdout).toMatch(/^0 stored, 5 unchanged, 0 rejected/m)
  })
})
