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
    expect(unified.stdout).toContain('are [-in play-]{+on the battlefield+}, all are put')
    const columns = crdb(['diff', '2009-05-01', '2009-07-11', '--section', '704.5', '--format', 'side-by-side'])
    expect(columns.stdout).toMatch(/same name are \[-in play-\], +\| +If two or more legendary permanents with the same name are \{\+on the/)
    const summary = crdb(['diff', '2009', '2024', '--summary'])
    expect(summary.stdout).toMatch(/^2009-10-01 -> 2024-11-08: \d+ added, \d+ removed/)
    const json = JSON.parse(crdb(['--json', 'diff', '2024-07-30', '2024-11-08']).stdout)
    expect(json.changes.find((c: { to?: { number: string } }) => c.to?.number === '118.3c')).toMatchObject({ examplesOnly: true })
    // --only: the changes of one kind, as the diff page's only= shows them; the summary still counts them all.
    const added = JSON.parse(crdb(['--json', 'diff', '2024-07-30', '2024-11-08', '--only', 'added']).stdout)
    expect(added.changes.length).toBe(json.summary.added)
    expect(added.changes.every((c: { kind: string }) => c.kind === 'added')).toBe(true)
    expect(added.summary).toEqual(json.summary)
    expect(crdb(['diff', '2024-07-30', '2024-11-08', '--only', 'renamed'])).toMatchObject({ code: 2 })
  })

  it('prints a rule history across renumberings, both ways', () => {
    const back = crdb(['history', '704.5j'])
    expect(back.stdout.split('\n')[0]).toMatch(/^704.5j: \d+ wordings, numbered 420.5e -> 704.5k -> 704.5j$/)
    expect(back.stdout).toContain('704.5k  2009-07-11 to')
    expect(back.stdout).toContain('704.5k  2009-07-11 to 2013-07-13 (19 editions, M10)  renumbered from 420.5e and reworded')
    // Steps that changed only typography under the same number are folded into one line; --all lists them in order.
    expect(back.stdout).not.toContain('only typography changed')
    const folded = /^(\d+) typography-only changes folded; --all shows them$/m.exec(back.stdout)
    expect(folded).not.toBeNull()
    const all = crdb(['history', '704.5j', '--all'])
    expect(all.stdout.match(/ {2}only typography changed(?:; changed between the editions of .* not held\))?$/gm)?.length).toBe(Number(folded![1]))
    expect(all.stdout).not.toContain('folded')
    // A split is called a split, a renumbering a renumbering (601.2 came from 409.1, split in 2002-10-07).
    const split = crdb(['history', '601.2', '--edition', '2024-11-08'])
    expect(split.stdout).toContain('409.1  2002-10-07 to 2003-07-01 (2 editions, ONS)  split (part of 409.1 went to other rules) and reworded')
    expect(split.stdout).toContain('601.2  2009-07-11 to 2010-02-01 (3 editions, M10)  renumbered from 409.1 and reworded')
    expect(split.stdout).toMatch(/^\d+ reference-only and \d+ typography-only changes folded; --all shows them$/m)
    // A merge is called a merge: 419.9 (its heading, Interaction of Replacement or Prevention Effects) and other
    // rules became 615 in 2009-07-11; the history follows the lineage's own link, not the merge's other sources.
    expect(crdb(['history', '615', '--edition', '2009-07-11']).stdout).toContain(
      '615  2009-07-11 to 2009-10-01 (2 editions, M10)  merged from 419.9 with other rules and reworded'
    )
    // The JSON keeps every step.
    expect(JSON.parse(crdb(['--json', 'history', '704.5j', '--all']).stdout)).toEqual(JSON.parse(crdb(['--json', 'history', '704.5j']).stdout))
    const forward = JSON.parse(crdb(['--json', 'history', '--from', '420.5e']).stdout)
    expect(forward.steps.at(-1)).toMatchObject({ number: '704.5j', validTo: null })
  })

  it('prints blame for a section', () => {
    const result = crdb(['blame', '--edition', '2024-11-08', '--section', '704.5'])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^2009-07-11 +704\.5 +The state-based actions are as follows:/m)
  })

  it('shows splits and the glossary in a diff, and a term history across the truncated 2013-02-01', () => {
    const split = crdb(['diff', '2009-05-01', '2009-07-11', '--section', '707'])
    expect(split.stdout).toContain('> 504.2 -> 707.3  split (also into 707.2, 707.4)')
    const terms = crdb(['diff', '2012-10-01', '2013-02-01', '--kind', 'term', '--summary'])
    expect(terms.stdout).toMatch(
      /^2012-10-01 -> 2013-02-01 glossary: \d+ added, 0 removed, \d+ changed, \d+ renamed, \d+ missing only from a truncated edition; \d+ unchanged\n$/
    )
    const json = JSON.parse(crdb(['--json', 'diff', '2012-10-01', '2013-02-01', '--kind', 'term']).stdout)
    expect(json.terms.changes.find((c: { from?: { key: string } }) => c.from?.key === 'legend rule')).toMatchObject({
      kind: 'truncated',
      truncatedEdition: '2013-02-01'
    })
    const history = crdb(['history', '--term', 'legend rule'])
    expect(history.code).toBe(0)
    expect(history.stdout).toContain("(not in 2013-02-01: that edition's glossary is truncated; not removed)")
    expect(crdb(['history', '704.5j', '--term', 'legend rule'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^crdb: E_USAGE: give --term NAME alone/)
    })
  })

  it('answers an old number with the rule it became, saying so; a rule gone for good with where it went', () => {
    const moved = crdb(['get', '420.5e', '--edition', '2024-11-08'])
    expect(moved.code).toBe(0)
    expect(moved.stdout).toMatch(
      /^420\.5e \(edition of 2009-05-01\) is numbered 704\.5j in the edition of 2024-11-08\n704\.5j If two or more legendary permanents with the same name are controlled by the same player/
    )
    const json = JSON.parse(crdb(['--json', 'get', '420.5e', '--edition', '2024-11-08']).stdout)
    expect(json).toMatchObject({
      number: '704.5j',
      edition: '2024-11-08',
      numbering: {
        kind: 'translated',
        asked: '420.5e',
        numberedAs: '2009-05-01',
        note: '420.5e (edition of 2009-05-01) is numbered 704.5j in the edition of 2024-11-08'
      }
    })
    // --follow is kept for old scripts and answers the same.
    expect(crdb(['get', '420.5e', '--edition', '2024-11-08', '--follow']).stdout).toBe(moved.stdout)
    // A rule removed for good says when and where it went, as before (203.1a, last in the edition of 2009-05-01).
    const gone = crdb(['get', '203.1a', '--edition', '2024-11-08'])
    expect(gone.code).toBe(1)
    expect(gone.stderr).toMatch(/^crdb: E_NOT_FOUND: rule 203\.1a is not in the edition of 2024-11-08: last in force in the edition of /)
    const goneJson = crdb(['--json', 'get', '203.1a', '--edition', '2024-11-08'])
    expect(goneJson.code).toBe(1)
    expect(JSON.parse(goneJson.stdout).whereabouts).toMatchObject({ number: '203.1a', edition: '2024-11-08' })
    // crdb history reads the number as crdb get does: the history of the rule 420.5e became, saying so (it answered
    // E_NOT_FOUND with where the rule went); a rule removed for good still says so.
    const history = crdb(['history', '420.5e', '--edition', '2024-11-08'])
    expect(history.code).toBe(0)
    expect(history.stdout.split('\n').slice(0, 2)).toEqual([
      expect.stringMatching(/^704\.5j: \d+ wordings, numbered 420\.5e -> 704\.5k -> 704\.5j$/),
      '420.5e (edition of 2009-05-01) is numbered 704.5j in the edition of 2024-11-08'
    ])
    const removed = crdb(['history', '203.1a', '--edition', '2024-11-08'])
    expect(removed.code).toBe(1)
    expect(removed.stderr).toMatch(
      /^crdb: E_NOT_FOUND: rule 203\.1a is not in the edition of 2024-11-08: last in force in the edition of 2009-05-01; it did not continue/
    )
  })

  it('answers bad input with one line and exit 1 or 2', () => {
    expect(crdb(['diff', '2009-05-01', 'yesterday'])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^crdb: E_BAD_DATE: "yesterday" is neither a date \(YYYY-MM-DD\) nor an era/)
    })
    expect(crdb(['diff', '2009-05-01', '2009-07-11', '--format', 'sideways']).code).toBe(2)
    expect(crdb(['history'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/^crdb: E_USAGE: give a rule number/) })
    expect(crdb(['history', '12345'])).toMatchObject({ code: 1, stderr: expect.stringMatching(/^crdb: E_BAD_NUMBER/) })
  })
})
