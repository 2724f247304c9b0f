/**
 * `crdb diff`, `crdb history` and `crdb blame` as a user runs them, on the archive database.
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { archiveAvailable, projectRoot } from './helpers.js'

function crdb(args: string[]): { code: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [join(projectRoot, 'bin/crdb.js'), '--db', inject('archiveDatabase')!, ...args], { encoding: 'utf8' })
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr }
}

describe.skipIf(!archiveAvailable())('crdb diff, history, blame', () => {
  it('diffs across the July 2009 renumbering, unified and side by side', () => {
    const unified = crdb(['diff', '2009-05-01', '2009-07-11', '--section', '704.5'])
    expect(unified.code).toBe(0)
    expect(unified.stdout).toMatch(/^2009-05-01 -> 2009-07-11 \(section 704.5\): /)
    expect(unified.stdout).toContain('> 420.5e -> 704.5k  moved and changed')
    expect(unified.stdout).toContain('are [-in-]{+on+} [-play-]{+the battlefield+}, all are put')
    const columns = crdb(['diff', '2009-05-01', '2009-07-11', '--section', '704.5', '--format', 'side-by-side'])
    expect(columns.stdout).toMatch(/same name are \[-in-\] +\| +If two or more legendary permanents with the same name are \{\+on\+\}/)
    const summary = crdb(['diff', '2009', '2024', '--summary'])
    expect(summary.stdout).toMatch(/^2009-10-01 -> 2024-11-08: \d+ added, \d+ removed/)
    const json = JSON.parse(crdb(['--json', 'diff', '2024-07-30', '2024-11-08']).stdout)
    expect(json.changes.find((c: { to?: { number: string } }) => c.to?.number === '118.3c')).toMatchObject({ examplesOnly: true })
  })

  it('prints a rule history across renumberings, both ways', () => {
    const back = crdb(['history', '704.5j'])
    expect(back.stdout.split('\n')[0]).toMatch(/^704.5j: \d+ wordings, numbered 420.5e -> 704.5k -> 704.5j$/)
    expect(back.stdout).toContain('704.5k  2009-07-11 to')
    expect(back.stdout).toContain('renumbered and changed from 420.5e')
    const forward = JSON.parse(crdb(['--json', 'history', '--from', '420.5e']).stdout)
    expect(forward.steps.at(-1)).toMatchObject({ number: '704.5j', validTo: null })
  })

  it('prints blame for a section', () => {
    const result = crdb(['blame', '--edition', '2024-11-08', '--section', '704.5'])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^2009-07-11 +704\.5 +The state-based actions are as follows:/m)
  })

  it('answers bad input with one line and exit 1 or 2', () => {
    expect(crdb(['diff', '2009-05-01', 'yesterday'])).toMatchObject({ code: 1, stderr: expect.stringMatching(/^crdb: E_BAD_DATE: "yesterday" is neither a date \(YYYY-MM-DD\) nor an era/) })
    expect(crdb(['diff', '2009-05-01', '2009-07-11', '--format', 'sideways']).code).toBe(2)
    expect(crdb(['history'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/^crdb: E_USAGE: give a rule number/) })
    expect(crdb(['history', '12345'])).toMatchObject({ code: 1, stderr: expect.stringMatching(/^crdb: E_BAD_NUMBER/) })
  })
})
