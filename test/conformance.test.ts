/**
 * The era conformance suite (`crdb conformance`): exported twice, byte for
 * byte the same; every case valid under its published JSON Schema; crdb's own
 * engine passes every case through the protocol in a real child process; a
 * deliberately wrong engine and crdb's engine with one era switch flipped fail
 * exactly the cases they should, and the report names them.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { XMLParser } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { ConformanceCase } from '../src/conformance/case.js'
import { describeCaseSchema } from '../src/conformance/case.js'
import { openDatabase } from '../src/store/database.js'
import { listEditionDates } from '../src/store/editions.js'
import { archiveAvailable, projectRoot, temporaryFolder } from './helpers.js'

const available = archiveAvailable()
const bin = join(projectRoot, 'bin/crdb.js')
const crdbEngine = `"${process.execPath}" "${bin}" conformance engine`
const nothingEngine = `"${process.execPath}" "${join(projectRoot, 'test/fixtures/conformance/nothing-happens.js')}"`

/** Every file under `dir`, by path relative to it, with its bytes. */
function readTree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>()
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name)
      if (statSync(path).isDirectory()) walk(path)
      else files.set(relative(dir, path), readFileSync(path))
    }
  }
  walk(dir)
  return files
}

interface Report {
  cases: number
  passed: number
  failed: number
  checks: Array<{ check: string; eras: Array<{ from: string; to: string | null; failed: string[] }> }>
  failures: Array<{ id: string; problems: string[] }>
}

describe.skipIf(!available)('crdb conformance', () => {
  let folder: ReturnType<typeof temporaryFolder>
  let env: NodeJS.ProcessEnv
  let suite: string
  let cases: ConformanceCase[]
  const crdb = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env, maxBuffer: 64 << 20 })
  const run = (engine: string, ...args: string[]): { status: number | null; report: Report; stderr: string } => {
    const result = crdb('--json', 'conformance', 'run', '--engine', engine, '--suite', suite, ...args)
    return { status: result.status, report: JSON.parse(result.stdout) as Report, stderr: result.stderr }
  }

  beforeAll(() => {
    folder = temporaryFolder()
    env = { ...process.env, CRDB_DB: inject('archiveDatabase')! }
    suite = join(folder.dir, 'suite')
    const result = crdb('conformance', 'export', suite)
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    const index = JSON.parse(readFileSync(join(suite, 'index.json'), 'utf8')) as { cases: string[] }
    cases = index.cases.map((id) => JSON.parse(readFileSync(join(suite, 'cases', `${id}.json`), 'utf8')) as ConformanceCase)
  })
  afterAll(() => folder?.cleanup())

  it('writes at least 300 distinct cases, deterministically', () => {
    // At least 300 distinct: boards with their expected outcome (rule numbers included) and range, whatever the edition.
    const asked = (item: ConformanceCase) => (item.kind === 'switch' ? item.question.switch : [item.board, item.choices])
    const distinct = new Set(cases.map((item) => JSON.stringify([asked(item), item.expect, item.source.from])))
    expect(distinct.size).toBeGreaterThanOrEqual(300)
    // The rest are the same board on both sides of a boundary, or at another edition of the range: never the same edition twice.
    const keys = new Set(cases.map((item) => JSON.stringify([asked(item), item.expect, item.edition])))
    expect(keys.size).toBe(cases.length)
    expect(new Set(cases.map((item) => item.id)).size).toBe(cases.length)
    const again = join(folder.dir, 'again')
    expect(crdb('conformance', 'export', again).status).toBe(0)
    const first = readTree(suite)
    const second = readTree(again)
    expect([...second.keys()]).toEqual([...first.keys()])
    for (const [path, bytes] of first) expect(second.get(path)?.equals(bytes), path).toBe(true)
  })

  it('covers every check of the table at both sides of each of its boundaries', () => {
    const db = openDatabase(inject('archiveDatabase')!, { readonly: true })
    const editions = listEditionDates(db)
    db.close()
    const ids = new Set(cases.map((item) => item.id))
    const afters = cases.filter((item) => item.boundary?.side === 'after')
    expect(afters.length).toBeGreaterThan(50)
    for (const item of afters) {
      if (item.kind === 'switch') {
        // The same switch on the edition just before the change.
        expect(item.edition).toBe(item.boundary!.change)
        expect(ids.has(`switch/${item.check}/${editions[editions.indexOf(item.edition) - 1]}`), item.id).toBe(true)
        continue
      }
      // The same board on the edition just before the change (whatever other boundary that edition is on).
      expect(item.edition).toBe(item.boundary!.change)
      const [check, , board] = item.id.split('/')
      const before = `${check}/${editions[editions.indexOf(item.edition) - 1]}/${board}`
      // Left out on purpose: a phased-out token under the phasing zone, and Fortifications before Future Sight (the table's skips).
      const skipped = item.id.startsWith('token-phased-out/2001-07-23/phased-out-token') || item.id.startsWith('equipment-illegal/2007-05-01/fortification-')
      expect(ids.has(before) || skipped, `${item.id}: no case ${before}`).toBe(true)
    }
    expect(new Set(cases.map((item) => item.check)).size).toBeGreaterThanOrEqual(20)
  })

  it('names in index.json each board it does not ask in a range of editions, with the reason, and asks none there', () => {
    const index = JSON.parse(readFileSync(join(suite, 'index.json'), 'utf8')) as {
      notes: Array<{ check: string; board: string; from: string; to: string; reason: string }>
    }
    const noted = index.notes.map((note) => `${note.check}/${note.board}`)
    expect(noted).toContain('token-phased-out/phased-out-token')
    expect(noted).toContain('equipment-illegal/fortification-on-creature')
    expect(noted).toContain('aura-illegal/protection-everything')
    const fortification = index.notes.find((note) => note.board === 'fortification-on-creature')!
    expect(fortification).toMatchObject({ from: '1999-04-23', to: '2007-02-01' })
    expect(fortification.reason).toMatch(/no Fortification before Future Sight/)
    for (const note of index.notes) {
      const asked = cases.filter((item) => item.id.startsWith(`${note.check}/`) && item.id.endsWith(`/${note.board}`))
      // Asked after its range, never inside it.
      expect(asked.length, `${note.check}/${note.board}`).toBeGreaterThan(0)
      for (const item of asked) expect(item.edition < note.from || item.edition > note.to, item.id).toBe(true)
    }
  })

  it('validates every case against the published JSON Schema, which is the zod schema’s', () => {
    const published = JSON.parse(readFileSync(join(projectRoot, 'docs/schemas/conformance-case.schema.json'), 'utf8'))
    // `npm run schemas` brings docs/schemas up to date.
    expect(published).toEqual(describeCaseSchema())
    expect(JSON.parse(readFileSync(join(suite, 'case.schema.json'), 'utf8'))).toEqual(published)
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(published)
    for (const item of cases) expect(validate(item) ? [] : validate.errors, item.id).toEqual([])
    // And it rejects a case without its expectation.
    const { expect: _expect, ...bare } = cases[0]
    expect(validate(bare)).toBe(false)
  })

  it('crdb’s own engine passes every case through the protocol (text, JSON and JUnit reports)', () => {
    const junit = join(folder.dir, 'report.xml')
    const { status, report } = run(crdbEngine, '--junit', junit)
    expect(report.failures).toEqual([])
    expect(report).toMatchObject({ cases: cases.length, passed: cases.length, failed: 0 })
    expect(status).toBe(0)
    const xml = new XMLParser({ ignoreAttributes: false }).parse(readFileSync(junit, 'utf8'))
    expect(xml.testsuites['@_tests']).toBe(String(cases.length))
    expect(xml.testsuites['@_failures']).toBe('0')
    const text = crdb('conformance', 'run', '--engine', crdbEngine, '--checks', 'legend-rule')
    expect(text.stdout).toMatch(/^.*: (\d+) of \1 cases passed \(100\.0%\), 0 failed/)
    expect(text.stdout).toContain('ok   legend-rule')
    expect(text.stdout).toContain('2013-07-13 to now  704.5k')
  })

  it('an engine that always answers "nothing happens" fails every case that expects an event, and the report names them', () => {
    const { status, report } = run(nothingEngine)
    expect(status).toBe(1)
    const shouldFail = cases.filter((item) => item.kind === 'switch' || item.expect.events.length > 0).map((item) => item.id)
    expect(shouldFail.length).toBeGreaterThan(100)
    expect(report.failures.map((failure) => failure.id).sort()).toEqual([...shouldFail].sort())
    const legend = report.failures.find((failure) => failure.id === 'legend-rule/2013-07-13/same-controller')
    expect(legend?.problems).toContain('missing: l1 put-into-graveyard (legend-rule 704.5k)')
    expect(report.failures.find((failure) => failure.id === 'switch/mana-burn/2009-05-01')?.problems).toEqual([
      'no value for mana-burn, expected true (300.3)',
      'mana-burn cites no rule, expected 300.3'
    ])
    const text = crdb('conformance', 'run', '--engine', nothingEngine, '--suite', suite, '--checks', 'poison')
    expect(text.status).toBe(1)
    expect(text.stdout).toContain('FAIL poison')
    expect(text.stdout).toContain('poison/2001-07-23/ten: missing: p1 loses-game (poison 420.5h)')
  })

  it('crdb’s engine with the legend rule flipped to "all go" fails the legend-rule cases of the other eras, and only those', () => {
    const { status, report } = run(`${crdbEngine} --semantics '{"legendRule":"all"}'`)
    expect(status).toBe(1)
    const failed = report.failures.map((failure) => failure.id)
    expect(failed.length).toBeGreaterThan(10)
    // The legend-rule cases, the legend-rule switch where it is not "all", and the scenarios of the legend rule (with tokens and counters; XMage's test).
    expect(failed.filter((id) => !id.startsWith('legend-rule/') && !id.startsWith('switch/legend-rule/'))).toEqual([
      'scenario/legend-rule-tokens-counters',
      'scenario/xmage-legend-rule-regular'
    ])
    const byId = new Map(cases.map((item) => [item.id, item]))
    const notAll = cases.filter((item) => item.kind === 'switch' && item.check === 'legend-rule' && item.expect.value !== 'all').map((item) => item.id)
    expect(notAll.length).toBeGreaterThan(4)
    expect(failed.filter((id) => id.startsWith('switch/'))).toEqual(notAll)
    // "All are put into their owners' graveyards" is the rule of 2004-10-01 to 2013-07-12: those cases still pass.
    expect(failed.filter((id) => ['2004-10-01', '2009-07-11'].includes(byId.get(id)!.source.from))).toEqual([])
    for (const from of ['1999-04-23', '2001-07-23', '2013-07-13'])
      expect(
        failed.some((id) => byId.get(id)!.source.from === from),
        from
      ).toBe(true)
    const legend = report.checks.find((check) => check.check === 'legend-rule')!
    expect(legend.eras.find((era) => era.from === '2013-07-13' && era.to === null)!.failed).toContain('legend-rule/2013-07-13/two-controllers')
    // The switch's range of 2013-07-13 (to the renumbering as 704.5j) is reported apart from the board era that starts with it.
    expect(legend.eras.find((era) => era.from === '2013-07-13' && era.to === '2017-08-25')!.failed).toEqual([
      'switch/legend-rule/2013-07-13',
      'switch/legend-rule/2017-08-25'
    ])
  })

  it('crdb’s engine with the 2025 Saga rule switched off fails exactly the Sagas without chapter abilities from 2025-07-25', () => {
    const { report } = run(`${crdbEngine} --semantics '{"sagaNeedsChapterAbilities":false}'`)
    const expected = cases.filter(
      (item) =>
        ((item.id.startsWith('saga-final-chapter/') && item.id.endsWith('/no-chapters')) || item.id.startsWith('scenario/sagas-')) &&
        item.edition >= '2025-07-25'
    )
    expect(expected.map((item) => item.id)).toContain('scenario/sagas-2025-07-25')
    expect(report.failures.map((failure) => failure.id)).toEqual(expected.map((item) => item.id))
  })

  it('fails a case an engine does not answer in time, and goes on with the next', () => {
    const silent = `"${process.execPath}" -e "setInterval(() => {}, 1000)"`
    const { status, report } = run(silent, '--checks', 'speed-start', '--timeout', '150')
    expect(status).toBe(1)
    expect(report.cases).toBeGreaterThan(1)
    expect(report.failed).toBe(report.cases)
    expect(report.failures[0].problems).toEqual(['no answer within 150 ms'])
  })

  it('says what is wrong with a bad option in one line', () => {
    const timeout = crdb('conformance', 'run', '--engine', nothingEngine, '--timeout', 'soon')
    expect(timeout.status).not.toBe(0)
    expect(timeout.stderr).toContain('--timeout: expected a whole number of milliseconds, got "soon"')
    const date = crdb('conformance', 'export', join(folder.dir, 'x'), '--from', '2020-13-01')
    expect(date.status).not.toBe(0)
    expect(date.stderr).toContain('--from')
    const check = crdb('conformance', 'export', join(folder.dir, 'x'), '--checks', 'legend-rules')
    expect(check.stderr).toContain('no check "legend-rules"')
  })

  it('exports a range and a selection of checks', () => {
    const dir = join(folder.dir, 'range')
    expect(crdb('conformance', 'export', dir, '--from', '2009-01-01', '--to', '2013-12-31', '--checks', 'legend-rule,world-rule').status).toBe(0)
    const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as { cases: string[]; checks: Record<string, number> }
    expect(Object.keys(index.checks).sort()).toEqual(['legend-rule', 'world-rule'])
    expect(index.cases).toContain('switch/legend-rule/2013-07-13')
    for (const id of index.cases) {
      // CHECK/EDITION/BOARD, or switch/NAME/EDITION (the legend rule is a switch too).
      const edition = id.startsWith('switch/') ? id.split('/')[2] : id.split('/')[1]
      expect(edition >= '2009-01-01' && edition <= '2013-12-31', id).toBe(true)
    }
  })
})

describe('the expectation table', () => {
  it('never reaches the engine’s state-based actions (sba.ts, checks.ts), directly or not', () => {
    const seen = new Set<string>()
    const visit = (file: string): void => {
      if (seen.has(file)) return
      seen.add(file)
      for (const match of readFileSync(file, 'utf8').matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*)['"](\.[^'"]+)['"]/g))
        visit(resolve(dirname(file), match[1].replace(/\.js$/, '.ts')))
    }
    visit(join(projectRoot, 'src/conformance/table.ts'))
    visit(join(projectRoot, 'src/conformance/scenarios.ts'))
    const reached = [...seen].map((file) => relative(projectRoot, file))
    expect(reached).toContain('src/engine/state.ts')
    expect(reached.filter((file) => /src\/engine\/(?:sba|checks)\.ts$/.test(file))).toEqual([])
  })
})
