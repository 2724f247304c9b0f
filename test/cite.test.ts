/**
 * Citation checking on the archive database: `citeText` through the 2009,
 * 2013-07 and 2024-11 renumberings (moved, changed since, removed, never
 * existed, ambiguous, quotes), and `crdb cite` as a user runs it: exit codes,
 * `--json`, SARIF validated against the SARIF 2.1.0 schema, `--blame` and
 * `--fix` on a real git repository, encodings and binary files.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { readTextPieces } from '../src/cli/cite-files.js'
import { findCitations } from '../src/query/cite/find.js'
import { citeText, type CiteFinding } from '../src/query/cite/resolve.js'
import { archiveAvailable, projectRoot, temporaryFolder, useArchiveDatabase } from './helpers.js'

function crdb(args: string[], options: { cwd?: string; input?: string } = {}): { code: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [join(projectRoot, 'bin/crdb.js'), '--db', inject('archiveDatabase')!, ...args], {
    encoding: 'utf8',
    cwd: options.cwd,
    input: options.input
  })
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr }
}

function git(cwd: string, args: string[], date?: string): void {
  const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.org', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.org' }
  if (date) Object.assign(env, { GIT_AUTHOR_DATE: `${date}T12:00:00Z`, GIT_COMMITTER_DATE: `${date}T12:00:00Z` })
  const result = spawnSync('git', ['-c', 'init.defaultBranch=main', '-c', 'core.autocrlf=false', ...args], { cwd, env, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`)
}

describe.skipIf(!archiveAvailable())('citeText on the archive', () => {
  const archive = useArchiveDatabase()
  const cite = (text: string, asOf: string): CiteFinding[] => citeText(archive.db, text, { asOf }).findings
  const one = (text: string, asOf: string): CiteFinding => {
    const findings = cite(text, asOf)
    expect(findings).toHaveLength(1)
    return findings[0]
  }

  it('follows the legend rule forward through 2009 (420.5e -> 704.5k) and 2017 (-> 704.5j), with its quote', () => {
    const legend = one('// CR 420.5e: "the legend rule"', '2009-06-01')
    expect(legend).toMatchObject({ number: '420.5e', edition: '2009-05-01', kinds: ['moved', 'changed-since'], fix: '704.5j', fixable: true })
    expect(legend.now.map((rule) => rule.number)).toEqual(['704.5j'])
    expect(legend.changes?.some((change) => change.kind === 'removed' && /in play/.test(change.text))).toBe(true)
    expect(legend.quote).toEqual({ text: 'the legend rule', matchesThen: true, matchesNow: true })
    // Written in 2012, 704.5k was the legend rule and 704.5j the planeswalker uniqueness rule, since removed.
    const [planeswalkers, legend2012] = cite('rules 704.5j and 704.5k', '2012-01-01')
    expect(planeswalkers).toMatchObject({ number: '704.5j', kinds: ['removed'], removed: { endedOn: '2017-09-29' } })
    expect(planeswalkers.removed?.lastText).toMatch(/planeswalker/)
    expect(legend2012).toMatchObject({ number: '704.5k', kinds: ['moved', 'changed-since'], fix: '704.5j' })
    expect(legend2012.message).toContain('704.5k now names another rule')
  })

  it('follows sections and titles through 2009 (§420 -> 704), and says a split is ambiguous', () => {
    expect(one('§420', '2009-06-01')).toMatchObject({ number: '420', kinds: ['moved', 'changed-since'], fix: '704' })
    const split = one('rule 504.2', '2009-06-01')
    expect(split.kinds).toEqual(['ambiguous'])
    expect(split.now.length).toBeGreaterThan(1)
    expect(split.fix).toBeUndefined()
  })

  it('follows the 2013-07 keyword renumbering (702.19b was vigilance, now 702.20b) and the 2024-11 one (509.5 -> 509.3)', () => {
    expect(one('rule 702.19b', '2013-06-01')).toMatchObject({ kinds: ['moved'], fix: '702.20b', edition: '2013-05-01' })
    // Trample itself kept its number since, but not its words.
    expect(one('rule 702.19b', '2013-08-01')).toMatchObject({ kinds: ['changed-since'], now: [{ number: '702.19b' }] })
    expect(one('CR 509.5a', '2024-10-01')).toMatchObject({ kinds: ['moved'], fix: '509.3a' })
    expect(one('CR 509.4', '2024-10-01')).toMatchObject({ kinds: ['moved', 'changed-since'], fix: '509.2' })
    expect(one('CR 509.3a', '2024-12-01')).toMatchObject({ kinds: ['ok'] })
    // Written from an edition published before it took effect: read in that edition.
    expect(one('rule 704.5k', '2009-07-01')).toMatchObject({ edition: '2009-05-01', kinds: ['moved', 'changed-since'], fix: '704.5j' })
    expect(one('rule 702.19b', '2008-01-01')).toMatchObject({ kinds: ['never-existed'] })
  })

  it('says ok for the same words, never-existed with the nearest numbers, and compares a quote that does not match', () => {
    expect(one('CR 704.5j', archive.newest)).toMatchObject({ kinds: ['ok'], now: [{ number: '704.5j' }] })
    const missing = one('rule 704.5z', '2020-01-01')
    expect(missing.kinds).toEqual(['never-existed'])
    expect(missing.nearest?.length).toBeGreaterThan(0)
    expect(one('CR 704.5j: "the planeswalker uniqueness rule"', archive.newest).quote).toMatchObject({ matchesThen: false, matchesNow: false })
    // Ranges cite each number; a number inside a range is not rewritten.
    const range = cite('rules 702.19b-c', '2013-06-01')
    expect(range.map((finding) => [finding.number, finding.fix, finding.fixable])).toEqual([
      ['702.19b', '702.20b', false],
      ['702.19c', '702.20c', false]
    ])
  })
})

describe('reading files for crdb cite', () => {
  it('reads a large file in pieces that end at line ends, counting lines across them; skips binary files', () => {
    const { dir, cleanup } = temporaryFolder()
    try {
      // Over two pieces of 4 MiB, with a two-byte character at every piece boundary's neighbourhood.
      const line = `${'é'.repeat(40)} filler 1.2.3\n`
      const count = Math.ceil((9 * 1024 * 1024) / Buffer.byteLength(line))
      const big = join(dir, 'big.txt')
      writeFileSync(big, `${line.repeat(count)}// CR 704.5j: the legend rule\n`)
      const read = readTextPieces(big)
      expect(read?.encoding).toBe('utf-8')
      const pieces = [...(read?.pieces ?? [])]
      expect(pieces.length).toBeGreaterThanOrEqual(3)
      for (const piece of pieces.slice(0, -1)) expect(piece.text.endsWith('\n')).toBe(true)
      expect(pieces.map((piece) => piece.text).join('')).toBe(readFileSync(big, 'utf8'))
      const last = pieces.at(-1)
      const found = last ? findCitations(last.text).map((citation) => citation.line + last.firstLine - 1) : []
      expect(found).toEqual([count + 1])
      writeFileSync(join(dir, 'blob.bin'), Buffer.from([0x37, 0x30, 0x34, 0x2e, 0x35, 0x6a, 0]))
      expect(readTextPieces(join(dir, 'blob.bin'))).toBeUndefined()
      writeFileSync(join(dir, 'latin1.txt'), Buffer.from('caf\xe9 rule 704.5j\n', 'latin1'))
      const latin1 = readTextPieces(join(dir, 'latin1.txt'))
      expect(latin1?.encoding).toBe('latin1')
      expect([...(latin1?.pieces ?? [])][0].text).toBe('café rule 704.5j\n')
    } finally {
      cleanup()
    }
  })
})

interface ExpertFinding {
  number: string
  kinds: string[]
  fix?: string
  quote?: { matchesThen: boolean; matchesNow: boolean }
}

interface RealWorldLine {
  repo: string
  path: string
  line: number
  written: string
  text: string
  expert: ExpertFinding[]
  checkerDiffers?: ExpertFinding[]
}

describe.skipIf(!archiveAvailable())('citeText on citation lines from public engines', () => {
  const archive = useArchiveDatabase()
  const fixture = JSON.parse(readFileSync(join(projectRoot, 'test/fixtures/cite-real-world.json'), 'utf8')) as { lines: RealWorldLine[] }

  it('holds at least 25 lines, each with its source and the day it was written', () => {
    expect(fixture.lines.length).toBeGreaterThanOrEqual(25)
    for (const line of fixture.lines)
      expect(line).toMatchObject({ repo: expect.stringMatching(/\//), path: expect.any(String), written: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) })
  })

  it.each(fixture.lines.map((line) => [`${line.repo} ${line.path}:${line.line} (${line.written})`, line] as const))('%s', (_name, line) => {
    const findings = citeText(archive.db, line.text, { asOf: line.written }).findings
    // What the expert says, except where the checker is known to answer otherwise (and the fixture says why).
    const expected = line.expert.map((finding) => line.checkerDiffers?.find((known) => known.number === finding.number) ?? finding)
    expect(
      findings.map((finding) => ({
        number: finding.number,
        kinds: finding.kinds,
        ...(finding.fix !== undefined && finding.kinds.includes('moved') ? { fix: finding.fix } : {}),
        ...(finding.quote && expected.find((e) => e.number === finding.number)?.quote
          ? { quote: { matchesThen: finding.quote.matchesThen, matchesNow: finding.quote.matchesNow } }
          : {})
      }))
    ).toEqual(expected)
  })
})

describe.skipIf(!archiveAvailable())('crdb cite', () => {
  let folder: ReturnType<typeof temporaryFolder>
  beforeAll(() => {
    folder = temporaryFolder()
  })
  afterAll(() => folder.cleanup())

  it('exits 0 when every citation is ok, 3 when one is stale, 2 for a bad command line, 1 for a missing file', () => {
    const ok = crdb(['cite', '-', '--as-of', '2025-01-01'], { input: 'see CR 704.5j\n' })
    expect(ok.code).toBe(0)
    expect(ok.stdout).toMatch(/^-:1:8: ok: 704\.5j is the same rule/m)
    const stale = crdb(['cite', '-', '--as-of', '2012-01-01'], { input: 'x\n  // CR 704.5k: the legend rule\n' })
    expect(stale.code).toBe(3)
    expect(stale.stdout).toMatch(/^-:2:9: moved\+changed-since: 704\.5k is now 704\.5j .*\(fix: 704\.5j\)/m)
    expect(stale.stdout).toContain('quote "the legend rule": matches then, matches now')
    expect(crdb(['cite', '-'], { input: 'no citations, MTR 4.2, 192.168.1.1\n' })).toMatchObject({ code: 0 })
    const both = crdb(['cite', '-', '--as-of', '2012-01-01', '--blame'])
    expect(both).toMatchObject({ code: 2, stderr: 'crdb: E_USAGE: give --as-of or --blame, not both\n' })
    expect(crdb(['--json', 'cite', '-', '--sarif'], { input: '' }).code).toBe(2)
    expect(crdb(['cite', join(folder.dir, 'absent.txt')])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^crdb: E_IO: cannot read .*absent\.txt: ENOENT\n$/)
    })
    expect(crdb(['cite', '-', '--as-of', '2012-13-01'], { input: '' }).stderr).toMatch(/^crdb: E_BAD_DATE: /)
  })

  it('prints JSON and SARIF 2.1.0 that validates against the schema, with a fix for a moved number', () => {
    const file = join(folder.dir, 'engine.rs')
    writeFileSync(file, '// CR 420.5e: the legend rule\nfn f() {} // rules 702.19b-c\n// rule 999.9z and CR 704.5j\n')
    const json = JSON.parse(crdb(['--json', 'cite', file, '--as-of', '2009-06-01']).stdout)
    expect(json.findings.map((f: CiteFinding) => `${f.line}:${f.column} ${f.number} ${f.kinds.join('+')}`)).toEqual([
      '1:7 420.5e moved+changed-since',
      // Trample was 502.9 then; 702.19b-c was the banding published for 2009-07-11, now 702.22b-c.
      '2:14 702.19b moved',
      '2:14 702.19c moved+changed-since',
      '3:9 999.9z never-existed',
      '3:23 704.5j removed'
    ])
    expect(json).toMatchObject({ files: 1, stale: 5, counts: { ok: 0, moved: 3, 'changed-since': 2, 'never-existed': 1, removed: 1 } })
    const sarif = crdb(['cite', file, '--as-of', '2009-06-01', '--sarif'])
    expect(sarif.code).toBe(3)
    const log = JSON.parse(sarif.stdout)
    // The official schema (test/fixtures/sarif-schema-2.1.0.json, OASIS errata01) is draft-04; read as draft-07, its only
    // draft-04 keyword is the top-level `id`.
    const { $schema: _draft04, id, ...schema } = JSON.parse(readFileSync(join(projectRoot, 'test/fixtures/sarif-schema-2.1.0.json'), 'utf8'))
    const ajv = new Ajv({ strict: false, allErrors: true })
    addFormats.default(ajv)
    const validate = ajv.compile({ $id: id, ...schema })
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true)
    // ... and a log missing what SARIF requires does not validate: the check can fail.
    expect(validate({ version: '2.1.0', runs: [{ results: [] }] })).toBe(false)
    const run = log.runs[0]
    expect(run.tool.driver.name).toBe('crdb')
    expect(run.tool.driver.rules.map((rule: { id: string }) => rule.id)).toEqual(['ok', 'moved', 'changed-since', 'removed', 'never-existed', 'ambiguous'])
    const moved = run.results.find((result: { ruleId: string }) => result.ruleId === 'moved')
    expect(moved.locations[0].physicalLocation.region).toEqual({ startLine: 1, startColumn: 7, endColumn: 13 })
    expect(moved.fixes[0].artifactChanges[0].replacements[0].insertedContent.text).toBe('704.5j')
  })

  it('blames lines on their commit dates and fixes moved numbers in place in a git repository, keeping BOM, encoding and line endings', () => {
    const repo = join(folder.dir, 'repo')
    mkdirSync(join(repo, 'src'), { recursive: true })
    git(repo, ['init', '-q'])
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('// CR 420.5e: the legend rule\r\n// rules 702.19b-c ✓\r\n', 'utf8')])
    writeFileSync(join(repo, 'src/legend.ts'), utf8)
    writeFileSync(join(repo, 'src/old.cs'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('// 🎉 rule 420.5e\n', 'utf16le')]))
    writeFileSync(join(repo, 'src/image.bin'), Buffer.from([0x43, 0x52, 0x20, 0x37, 0, 1, 2]))
    writeFileSync(join(repo, '.gitignore'), 'ignored.txt\n')
    writeFileSync(join(repo, 'ignored.txt'), 'rule 420.5e\n')
    git(repo, ['add', '.'])
    git(repo, ['commit', '-q', '-m', 'old'], '2008-01-01')
    // A line added later is read in the numbering of its own day.
    writeFileSync(join(repo, 'src/new.md'), 'CR 702.19b\n')
    git(repo, ['add', '.'])
    git(repo, ['commit', '-q', '-m', 'new'], '2013-06-01')

    const blamed = crdb(['cite', '.', '--blame'], { cwd: repo })
    expect(blamed.code).toBe(3)
    expect(blamed.stdout).not.toContain('ignored.txt')
    expect(blamed.stdout).toContain('src/image.bin: skipped (binary (NUL bytes))')
    expect(blamed.stdout).toMatch(/^src\/legend\.ts:1:7: moved\+changed-since: 420\.5e is now 704\.5j.* \[as of 2008-01-01\]$/m)
    expect(blamed.stdout).toMatch(/^src\/new\.md:1:4: moved: 702\.19b is now 702\.20b.* \[as of 2013-06-01\]$/m)
    expect(blamed.stdout).toMatch(/^src\/old\.cs:1:11: moved\+changed-since: 420\.5e is now 704\.5j/m)

    const fixed = crdb(['cite', '.', '--blame', '--fix'], { cwd: repo })
    expect(fixed.stdout).toContain('src/legend.ts:1:7: fixed 420.5e -> 704.5j')
    expect(fixed.stdout).toContain('src/new.md:1:4: fixed 702.19b -> 702.20b')
    expect(fixed.stdout).toContain('src/old.cs:1:11: fixed 420.5e -> 704.5j')
    // changed-since is left to a person: still stale.
    expect(fixed.code).toBe(3)
    expect(readFileSync(join(repo, 'src/legend.ts'))).toEqual(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('// CR 704.5j: the legend rule\r\n// rules 702.19b-c ✓\r\n', 'utf8')])
    )
    expect(readFileSync(join(repo, 'src/old.cs'))).toEqual(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('// 🎉 rule 704.5j\n', 'utf16le')]))
    expect(readFileSync(join(repo, 'ignored.txt'), 'utf8')).toBe('rule 420.5e\n')
    // The rewritten lines are not committed: read as of today, they are ok.
    const again = JSON.parse(crdb(['--json', 'cite', 'src/new.md', '--blame'], { cwd: repo }).stdout)
    expect(again.findings[0]).toMatchObject({ number: '702.20b', kinds: ['ok'] })
  })

  it('says in one line that --blame needs a git repository', () => {
    const outside = join(folder.dir, 'plain')
    mkdirSync(outside, { recursive: true })
    writeFileSync(join(outside, 'a.txt'), 'CR 704.5j\n')
    const result = crdb(['cite', 'a.txt', '--blame'], { cwd: outside })
    expect(result).toMatchObject({ code: 2, stdout: '', stderr: 'crdb: E_USAGE: --blame needs a git repository: a.txt is not in one\n' })
  })
})
