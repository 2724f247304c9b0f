/**
 * Commands run in-process (through `runCli`, as `bin/crdb.js` runs them) where
 * their other tests spawn the CLI: their answers on the archive, and their
 * code counted by the coverage floor.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { runCli } from '../src/cli.js'
import { archiveAvailable, projectRoot, temporaryFolder } from './helpers.js'

async function crdb(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const code = await runCli(['--db', inject('archiveDatabase')!, ...args], { out: (text) => (out += text), err: (text) => (err += text) })
  return { code, out, err }
}

describe.skipIf(!archiveAvailable())('commands in-process', () => {
  it('crdb cite: a file and a folder, as text, JSON and SARIF, exit 3 when stale, and --fix', async () => {
    const folder = temporaryFolder()
    try {
      const file = join(folder.dir, 'engine.rs')
      writeFileSync(file, '// CR 420.5e: the legend rule.\nfn trample() {} // rules 702.19b-c\r\n// see rule 704.5a; MTR 4.2\n')
      writeFileSync(join(folder.dir, 'binary.dat'), Buffer.from([0, 1, 2, 3, 0]))
      const text = await crdb('cite', file, '--as-of', '2013-06-01')
      expect(text.code).toBe(3)
      expect(text.out).toContain('engine.rs:1:7: moved+changed-since: 420.5e is now 704.5j')
      expect(text.out).toMatch(/4 citations in 1 file \(newest edition \d{4}-\d\d-\d\d\): 0 ok, 3 moved/)
      const json = JSON.parse((await crdb('--json', 'cite', folder.dir, '--as-of', '2013-06-01')).out)
      expect(json.findings.map((finding: { number: string }) => finding.number)).toEqual(['420.5e', '702.19b', '702.19c', '704.5a'])
      expect(json.skipped.length).toBe(1)
      const sarif = JSON.parse((await crdb('cite', file, '--as-of', '2013-06-01', '--sarif')).out)
      expect(sarif.version).toBe('2.1.0')
      expect(sarif.runs[0].results.length).toBe(4)
      const fixed = await crdb('cite', file, '--as-of', '2013-06-01', '--fix')
      expect(fixed.out).toContain('420.5e -> 704.5j')
      expect(readFileSync(file, 'utf8')).toBe('// CR 704.5j: the legend rule.\nfn trample() {} // rules 702.19b-c\r\n// see rule 704.5a; MTR 4.2\n')
      expect((await crdb('cite', join(folder.dir, 'absent.txt'))).code).toBe(1)
    } finally {
      folder.cleanup()
    }
  })

  it('crdb era --profile, era diff, check --history and sba answer as their docs say', async () => {
    const profile = await crdb('era', '2009', '--profile')
    expect(profile.code).toBe(0)
    expect(profile.out).toContain('2009')
    const diff = await crdb('--json', 'era', 'diff', '2003', '2024')
    expect(diff.code).toBe(0)
    expect(JSON.parse(diff.out).differences.length).toBeGreaterThan(0)
    const check = await crdb('--json', 'check', 'legend-rule', '--era', '2009', '--history')
    expect(JSON.parse(check.out)).toMatchObject({ id: 'legend-rule', number: '704.5k' })
    const sba = await crdb('--json', 'sba', join(projectRoot, 'docs/examples/board.json'), '--era', '2009')
    expect(sba.code).toBe(0)
    expect(JSON.parse(sba.out).events.length).toBeGreaterThan(0)
    const bad = await crdb('sba', join(projectRoot, 'docs/examples/bad-state.json'))
    expect(bad.code).toBe(1)
    expect(bad.err).toMatch(/^crdb: E_BAD_STATE: /)
    expect((await crdb('--json', 'blame', '--edition', '2024-11-08', '--section', '704.5')).code).toBe(0)
  })
})
