/**
 * Lineage, diff, history and blame on the whole archive.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readLineageOverrides } from '../ingest/lineage.js'
import { driverOf, type Crdb } from '../src/store/database.js'
import { diffEditions, summarizeDiff } from '../src/query/diff.js'
import { blame, historyAlong, ruleHistory, traceRuleHistory } from '../src/query/history.js'
import { archiveAvailable, openArchiveDatabase, temporaryFolder } from './helpers.js'

describe.skipIf(!archiveAvailable())('lineage, diff, history and blame on the archive', () => {
  let db: Crdb
  beforeAll(() => {
    db = openArchiveDatabase()!
  })
  afterAll(() => db?.close())

  const linksInto = (edition: string) =>
    new Map(
      (
        driverOf(db)
          .prepare(
            `SELECT f.key AS "from", t.key AS "to", l.kind FROM lineage_links l
             JOIN versions f ON f.id = l.from_version JOIN versions t ON t.id = l.to_version WHERE t.first_date = ?`
          )
          .all(edition) as Array<{ from: string; to: string; kind: string }>
      ).map((link) => [link.from, link])
    )

  it('answers the wordings on its way with the history ruleHistory makes for each, word changes included', () => {
    // Every 40th rule wording of the archive (the one a page shows): the history traced from it, and from each wording before and after it.
    const wordings = driverOf(db).prepare(`SELECT key, first_date FROM versions WHERE kind = 'rule' AND id % 40 = 0`).raw().all() as Array<[string, string]>
    const along = { preceding: 0, following: 0 }
    for (const [number, validFrom] of wordings) {
      const traced = traceRuleHistory(db, { number, validFrom })
      expect(traced.history).toEqual(ruleHistory(db, number, { at: { edition: validFrom } }))
      for (const side of ['preceding', 'following'] as const) {
        for (const wording of traced[side]) {
          along[side]++
          expect(JSON.stringify(historyAlong(db, traced, wording))).toBe(
            JSON.stringify(ruleHistory(db, wording.number, { at: { edition: wording.validFrom } }))
          )
        }
      }
    }
    expect(along.following).toBeGreaterThan(1000)
    expect(along.preceding).toBeGreaterThan(1000)
  })

  it('leaves out the wordings before a split whose way forward leads to another part', () => {
    // The history of each part of a split goes back through the rule split; from that rule the way forward takes one part only.
    const splits = driverOf(db)
      .prepare(
        `SELECT t.key, t.first_date FROM lineage_links l JOIN versions f ON f.id = l.from_version JOIN versions t ON t.id = l.to_version
         WHERE l.kind = 'split' AND t.lineage_id = f.lineage_id`
      )
      .raw()
      .all() as Array<[string, string]>
    let left = 0
    for (const [number, validFrom] of splits) {
      const traced = traceRuleHistory(db, { number, validFrom })
      const steps = traced.history.steps
      const shared = new Set(traced.preceding.map((wording) => `${wording.number} ${wording.validFrom}`))
      for (const step of steps.slice(
        0,
        steps.findIndex((step) => step.number === number && step.validFrom === validFrom)
      )) {
        if (shared.has(`${step.number} ${step.validFrom}`)) continue
        left++
        expect(ruleHistory(db, step.number, { at: { edition: step.validFrom } }).steps.map((other) => other.validFrom + other.number)).not.toEqual(
          steps.map((other) => other.validFrom + other.number)
        )
      }
    }
    expect(left).toBeGreaterThan(0)
  })

  it('follows the July 2009 renumbering of the state-based actions', () => {
    const links = linksInto('2009-07-11')
    expect(links.get('420.5a')?.to).toBe('704.5a')
    expect(links.get('420.5g')?.to).toBe('704.5b')
    expect(links.get('420.5f')?.to).toBe('704.5d')
    expect(links.get('420.5e')?.to).toBe('704.5k')
    expect(links.get('420.5n')).toMatchObject({ to: '704.5r', kind: 'moved' })
    expect(links.get('420.5')?.to).toBe('704.5')
  })

  it('does not mistake a reused number for the same rule', () => {
    // In September 2017 the legend rule moved from 704.5k to 704.5j, where planeswalker uniqueness had been.
    const links = linksInto('2017-09-29')
    expect(links.get('704.5k')).toMatchObject({ to: '704.5j', kind: 'moved' })
    expect(links.get('704.5j')).toBeUndefined()
  })

  it('applies the override file', () => {
    expect(linksInto('2001-07-23').get('420.5a')).toMatchObject({ to: '420.5a', kind: 'override' })
    const history = ruleHistory(db, '704.5a')
    expect(history.steps[0]).toMatchObject({ number: '420.5a', validFrom: '1999-04-23' })
  })

  it('rejects a malformed override file with a one-line error naming it', () => {
    const folder = temporaryFolder()
    const path = join(folder.dir, 'overrides.json')
    writeFileSync(path, '[{"edition": "2009-07-11", "from": "420.5a"}]')
    expect(() => readLineageOverrides(path)).toThrow(`${path}: [0]: needs "from" and "to", or "number" with "newLineage": true`)
    writeFileSync(path, '{ not json')
    expect(() => readLineageOverrides(path)).toThrow(/not JSON/)
    folder.cleanup()
  })

  describe('diffEditions', () => {
    it('pairs the renumbered rules of July 2009 as moves', () => {
      const diff = diffEditions(db, { edition: '2009-05-01' }, { edition: '2009-07-11' })
      const pair = (to: string) => diff.changes.find((change) => change.to?.number === to)
      expect(pair('704.5a')).toMatchObject({ kind: 'moved-changed', from: { number: '420.5a' } })
      expect(pair('704.5b')).toMatchObject({ kind: 'moved-changed', from: { number: '420.5g' } })
      expect(pair('704.5d')).toMatchObject({ kind: 'moved-changed', from: { number: '420.5f' } })
      expect(pair('704.5r')).toMatchObject({ kind: 'moved', from: { number: '420.5n' }, textChanges: [] })
      const s = diff.summary
      expect(s.added + s.removed + s.changed + s.moved + s.movedChanged).toBe(diff.changes.length)
      expect(s.moved + s.movedChanged).toBeGreaterThan(900)
      // Word level: "in-play zone" became "battlefield".
      const tokens = pair('704.5d')!.textChanges
      expect(
        tokens
          .filter((t) => t.kind === 'added')
          .map((t) => t.text)
          .join('')
      ).toContain('battlefield')
      expect(
        tokens
          .filter((t) => t.kind === 'removed')
          .map((t) => t.text)
          .join('')
      ).toContain('in-play')
      expect(summarizeDiff(diff)).toMatch(/^2009-05-01 -> 2009-07-11: \d+ added, \d+ removed, \d+ changed, \d+ moved, \d+ moved and changed/)
    })

    it('reports a change only in an example', () => {
      const diff = diffEditions(db, { edition: '2024-07-30' }, { edition: '2024-11-08' })
      const change = diff.changes.find((c) => c.to?.number === '118.3c')!
      expect(change).toMatchObject({ kind: 'changed', examplesOnly: true, textChanges: [] })
      expect(change.exampleChanges).toEqual([expect.objectContaining({ ordinal: 0, kind: 'removed' })])
      expect(change.exampleChanges[0].changes[0].text).toMatch(/^A player controls Lodestone Golem/)
    })

    it('marks a change only in cross-reference numbers', () => {
      const diff = diffEditions(db, { edition: '2024-07-30' }, { edition: '2024-11-08' })
      const only = diff.changes.filter((c) => c.referencesOnly)
      expect(only.length).toBeGreaterThan(0)
      for (const change of only) {
        // Ranges count as references too ("rules 509.1–3" -> "rule 509.1", issue 11): a dash may be part of one.
        for (const part of change.textChanges.filter((t) => t.kind !== 'same')) expect(part.text).toMatch(/^[\d.a-z–-]+$/)
      }
      expect(diff.summary.referencesOnly).toBe(only.length)
    })

    it('marks a change only in typography (straight and curly quotes)', () => {
      // 2005-10-01 was published in Windows-1252 with curly quotes; 2006-02-01 went back to straight ones.
      const diff = diffEditions(db, { edition: '2005-10-01' }, { edition: '2006-02-01' })
      const typography = diff.changes.filter((c) => c.typographyOnly)
      expect(diff.summary.typographyOnly).toBe(typography.length)
      expect(typography.length).toBeGreaterThan(diff.summary.changed / 2)
      const sample = typography.find((c) => c.from!.text !== c.to!.text)!
      expect(sample.from!.text).toMatch(/[’“”]/)
      expect(sample.from!.text.replace(/[’‘]/g, "'").replace(/[“”]/g, '"')).toBe(sample.to!.text)
      expect(diff.changes.filter((c) => c.kind === 'changed' && !c.typographyOnly && !c.examplesOnly).length).toBeGreaterThan(0)
      const step = ruleHistory(db, '704.5j').steps.find((s) => s.validFrom === '2006-02-01')!
      expect(step.change).toMatchObject({ kind: 'changed', typographyOnly: true })
    })

    it('keeps a rule moved into a section as a move when filtering by section', () => {
      const diff = diffEditions(db, { edition: '2009-05-01' }, { edition: '2009-07-11' }, { section: '704.5' })
      expect(diff.summary.added).toBeLessThan(3)
      expect(diff.changes.every((c) => c.to === undefined || c.to.number.startsWith('704.5'))).toBe(true)
    })

    it('diffs any two dates, not only neighbours, and an edition with itself', () => {
      const diff = diffEditions(db, { date: '2003-12-31' }, { date: '2024-12-31' }, { section: '704.5' })
      expect(diff.from).toBe('2003-12-01')
      expect(diff.to).toBe('2024-11-08')
      expect(diff.changes.find((c) => c.to?.number === '704.5j')?.from?.number).toBe('420.5e')
      const none = diffEditions(db, { edition: '2024-11-08' }, { edition: '2024-11-08' })
      expect(none.changes).toEqual([])
      expect(() => diffEditions(db, { date: '2024-13-01' }, { date: '2024-12-01' })).toThrow(/not a real day/)
    })
  })

  describe('ruleHistory', () => {
    it('says where a rule went when its last wording ended in other rules (a merge, a split)', () => {
      // 401.6 and 200.5 were rewritten into Magic 2010's rules, which go on from 412.3 and 213.1.
      expect(ruleHistory(db, '401.6', { at: { edition: '2009-05-01' } }).continuesAs).toEqual([{ number: '604.5', edition: '2009-07-11', kind: 'merge' }])
      expect(ruleHistory(db, '200.5', { at: { edition: '2009-05-01' } }).continuesAs).toEqual([{ number: '111.1', edition: '2009-07-11', kind: 'merge' }])
      // A history that goes on, or a rule removed, has none.
      expect(ruleHistory(db, '704.5j').continuesAs).toBeUndefined()
      expect(ruleHistory(db, '412.3', { at: { edition: '2009-05-01' } }).continuesAs).toBeUndefined()
    })

    it('follows the legend rule back from 704.5j to the 420.5e of 1999', () => {
      const history = ruleHistory(db, '704.5j')
      expect(history.numbers).toEqual(['420.5e', '704.5k', '704.5j'])
      expect(history.steps[0]).toMatchObject({ number: '420.5e', validFrom: '1999-04-23' })
      expect(history.steps.at(-1)).toMatchObject({ number: '704.5j', validTo: null })
      const renumbered = history.steps.find((step) => step.number === '704.5k')!
      expect(renumbered).toMatchObject({ validFrom: '2009-07-11', change: { kind: 'moved-changed', fromNumber: '420.5e' } })
      const moved = history.steps.find((step) => step.number === '704.5j')!
      expect(moved).toMatchObject({ validFrom: '2017-09-29', change: { kind: 'moved', fromNumber: '704.5k', textChanges: [] } })
      // Consecutive wordings meet: each ends when the next begins.
      for (let index = 1; index < history.steps.length; index++) expect(history.steps[index].validFrom).toBe(history.steps[index - 1].validTo)
      // The wording in force in January 2004: the oldest-one-stays rule.
      const in2004 = history.steps.find((step) => step.validFrom <= '2004-01-15' && step.validTo! > '2004-01-15')!
      expect(in2004.text).toMatch(/all except the one that has been a Legend or legendary permanent with that name the longest/)
      expect(in2004.editions).toContain('2003-12-01')
    })

    it('follows 420.5e forward to 704.5j', () => {
      const history = ruleHistory(db, '420.5e', { direction: 'forward' })
      expect(history.steps[0].validFrom).toBe('1999-04-23')
      expect(history.steps.at(-1)).toMatchObject({ number: '704.5j', validTo: null })
    })

    it('starts from the wording in force on a date', () => {
      const history = ruleHistory(db, '704.5j', { at: { date: '2010-01-01' } })
      expect(history.steps.some((step) => /planeswalker uniqueness rule/.test(step.text))).toBe(true)
      expect(history.numbers).not.toContain('420.5e')
    })

    it('answers a bad or unknown number clearly', () => {
      expect(() => ruleHistory(db, '704.5zz')).toThrow(/is not a rule number/)
      expect(() => ruleHistory(db, '999.9')).toThrow(/rule 999.9 is in no stored edition/)
    })
  })

  describe('blame', () => {
    it('gives, for each rule, the edition in which its text appeared, through renumberings', () => {
      const result = blame(db, { edition: '2024-11-08' }, { section: '704.5' })
      expect(result.lines[0].number).toBe('704.5')
      const legend = result.lines.find((line) => line.number === '704.5j')!
      expect(legend.since <= '2022-09-08').toBe(true)
      const version = driverOf(db)
        .prepare(`SELECT first_date FROM versions WHERE kind = 'rule' AND key = ? AND first_date <= '2024-11-08' AND last_date >= '2024-11-08'`)
        .pluck()
      for (const line of result.lines) expect(line.since <= (version.get(line.number) as string)).toBe(true)
      const renumbered = blame(db, { edition: '2024-11-08' }).lines.filter((line) => line.sinceNumber !== line.number)
      expect(renumbered.length).toBeGreaterThan(10)
      for (const line of renumbered.slice(0, 5)) expect(line.since < (version.get(line.number) as string)).toBe(true)
    })
  })
})
