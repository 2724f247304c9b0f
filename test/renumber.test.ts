/**
 * Any number, any day: a rule number read in one edition's numbering is
 * followed through the lineage into any other edition, forward and backward,
 * across the renumberings of 2009-07-11, 2013-07-13 and 2024-11-08, with splits,
 * merges, sections, rules not yet in force and rules gone.
 */
import { describe, expect, inject, it } from 'vitest'
import { runCli } from '../src/cli.js'
import { getNeighbours, getRule, getSubtree } from '../src/query/get.js'
import { diffEditions } from '../src/query/diff.js'
import { blame, ruleHistory } from '../src/query/history.js'
import { watchSection } from '../src/query/watch.js'
import { readSectionAt, translateNumber } from '../src/query/renumber.js'
import { readCitedNumber, search } from '../src/query/search.js'
import { archiveAvailable, thrown, useArchiveDatabase } from './helpers.js'

describe.skipIf(!archiveAvailable())('numbers across renumberings', () => {
  const archive = useArchiveDatabase()

  it('follows the legend rule both ways across 2009 and 2013', () => {
    // Backward: today's 704.5j was 420.5e in 2003 and 704.5k in 2009.
    const old = getRule(archive.db, '704.5j', { era: '2003' })
    expect(old).toMatchObject({ number: '420.5e', edition: '2003-12-01' })
    expect(old.text).toContain('Legend rule')
    expect(old.numbering).toEqual({
      kind: 'translated',
      asked: '704.5j',
      numberedAs: archive.newest,
      note: '704.5j was numbered 420.5e in the edition of 2003-12-01'
    })
    expect(translateNumber(archive.db, '704.5j', { edition: '2009-07-11' }, { numberedAs: {} })).toMatchObject({ status: 'renumbered', numbers: ['704.5k'] })
    // Forward: 420.5e of 2003 is 704.5k in M10 and still after the 2013-07-13 renumbering, 704.5j today.
    expect(translateNumber(archive.db, '420.5e', { edition: '2009-07-11' })).toMatchObject({ status: 'renumbered', numbers: ['704.5k'] })
    expect(getRule(archive.db, '420.5e', { edition: '2013-07-13' })).toMatchObject({ number: '704.5k', numbering: { kind: 'translated' } })
    expect(getRule(archive.db, '420.5e')).toMatchObject({ number: '704.5j', numbering: { kind: 'translated' } })
    // The number the edition has means the edition's rule, and says what today's rule of that number was then.
    const planeswalkers = getRule(archive.db, '704.5j', { era: '2009' })
    expect(planeswalkers.text).toContain('planeswalker uniqueness rule')
    expect(planeswalkers.numbering).toMatchObject({ kind: 'reused', asked: '704.5j', otherNumbers: ['704.5k'] })
    // --numbered-as translates even where the edition asked has the number.
    expect(getRule(archive.db, '704.5j', { era: '2009' }, { numberedAs: {} })).toMatchObject({ number: '704.5k', numbering: { kind: 'translated' } })
    // A rule in force now, asked now, carries nothing extra.
    expect(getRule(archive.db, '704.5j').numbering).toBeUndefined()
  })

  it('follows the 2013-07-13 and 2024-11-08 renumberings both ways', () => {
    expect(translateNumber(archive.db, '702.15b', { edition: '2013-07-13' }, { numberedAs: { edition: '2013-05-01' } })).toMatchObject({
      status: 'renumbered',
      numbers: ['702.16b']
    })
    expect(translateNumber(archive.db, '702.16b', { edition: '2013-05-01' }, { numberedAs: { edition: '2013-07-13' } })).toMatchObject({
      status: 'renumbered',
      numbers: ['702.15b']
    })
    expect(getRule(archive.db, '509.5a', { edition: '2024-11-08' }, { numberedAs: { edition: '2024-07-30' } })).toMatchObject({ number: '509.3a' })
    expect(getRule(archive.db, '509.3a', { edition: '2024-07-30' }, { numberedAs: { edition: '2024-11-08' } })).toMatchObject({ number: '509.5a' })
  })

  it('follows sections and titles: 704 in 2003 is 420, with its subrules', () => {
    expect(getRule(archive.db, '704', { era: '2003' })).toMatchObject({ number: '420', text: 'State-Based Effects' })
    const subtree = getSubtree(archive.db, '704', { era: '2003' })
    expect(subtree[0]).toMatchObject({ number: '420', numbering: { kind: 'translated', note: '704 was numbered 420 in the edition of 2003-12-01' } })
    expect(subtree.map((rule) => rule.number)).toContain('420.5e')
    expect(getNeighbours(archive.db, '704.5j', { era: '2003' }).rule.number).toBe('420.5e')
    expect(getNeighbours(archive.db, '704.5j', { era: '2003' }).next?.number).toBe('420.5f')
  })

  it('reads a section scope in the numbering of the edition searched, diffed or blamed: 704 in 2003 is 420', () => {
    // Search: the section as the edition searched numbers it, and the answer says so.
    const old = search(archive.db, 'legend', { at: { era: '2003' }, section: '704' })
    expect(old.sectionNumbering).toEqual({ asked: '704', edition: '2003-12-01', numbers: ['420'], note: '704 was numbered 420 in the edition of 2003-12-01' })
    expect(old.hits.length).toBeGreaterThan(0)
    expect(old.hits.every((hit) => hit.kind === 'rule' && hit.key.startsWith('420.'))).toBe(true)
    const { sectionNumbering: _, ...hits } = old
    expect(hits).toEqual(search(archive.db, 'legend', { at: { era: '2003' }, section: '420' }))
    // A section the edition has is its own; over several editions the number is read as given.
    const own = search(archive.db, 'legend', { at: { era: '2024' }, section: '704' })
    expect(own.sectionNumbering).toBeUndefined()
    // A section holds rules only: the term its name matches (legend) is left out, as ranked terms are.
    expect(own.hits.map((hit) => `${hit.kind} ${hit.key}`)).toEqual(['rule 704.5j'])
    expect(search(archive.db, 'legend', { all: true, section: '704' }).sectionNumbering).toBeUndefined()
    // A diff reads a section neither edition has in each one's numbering: 704 between 2002 and 2003 is 420 on both sides.
    const before = diffEditions(archive.db, { edition: '2002-10-07' }, { edition: '2003-12-01' }, { section: '704' })
    expect(before.sectionNumbering).toEqual([
      { asked: '704', edition: '2002-10-07', numbers: ['420'], note: '704 was numbered 420 in the edition of 2002-10-07' },
      { asked: '704', edition: '2003-12-01', numbers: ['420'], note: '704 was numbered 420 in the edition of 2003-12-01' }
    ])
    expect(before.changes.length).toBeGreaterThan(0)
    const { sectionNumbering: __, section: ___, ...changes } = before
    const { section: ____, ...asOld } = diffEditions(archive.db, { edition: '2002-10-07' }, { edition: '2003-12-01' }, { section: '420' })
    expect(changes).toEqual(asOld)
    // Where one edition has the number, that number decides, as it always has (M10's 704 and 707: no note).
    const m10 = diffEditions(archive.db, { edition: '2009-05-01' }, { edition: '2009-07-11' }, { section: '707', countsOnly: true })
    expect(m10.sectionNumbering).toBeUndefined()
    expect(m10.changes.every((change) => change.to?.number.startsWith('707.') || change.to?.number === '707')).toBe(true)
    // readSectionAt reads the edition through the one selector: a bad one is an error, never an answer about no edition.
    expect(readSectionAt(archive.db, '704', { era: '2003' })).toEqual(old.sectionNumbering)
    expect(thrown(() => readSectionAt(archive.db, '704', { date: 'yesterday' })).code).toBe('E_BAD_DATE')
    expect(thrown(() => readSectionAt(archive.db, '704', '2003-12-01' as never)).code).toBe('E_USAGE')
    expect(thrown(() => readSectionAt(archive.db, '7x', { era: '2003' })).code).toBe('E_BAD_NUMBER')
    // The section feed is made of such diffs: an old section is followed into its later number (420 into 704).
    const feed = watchSection(archive.db, '420')
    expect(feed.entries.some((entry) => entry.edition > '2009-07-11' && entry.changes.some((change) => change.subject.startsWith('704.')))).toBe(true)
    // Blame: the section's lines in the edition's numbering.
    const blamed = blame(archive.db, { era: '2003' }, { section: '704.5' })
    expect(blamed.sectionNumbering).toMatchObject({ asked: '704.5', numbers: ['420.5'] })
    expect(blamed.lines.map((line) => line.number)).toEqual(blame(archive.db, { era: '2003' }, { section: '420.5' }).lines.map((line) => line.number))
    expect(blamed.lines.map((line) => line.number)).toContain('420.5e')
  })

  it('lists every candidate of a split or a merge', () => {
    // 103.1 of 2003-03-15 became 103.1 and 103.3 in 2003-07-01.
    const split = thrown(() => getRule(archive.db, '103.1', { edition: '2003-07-01' }, { numberedAs: { edition: '2003-03-15' } }))
    expect(split.code).toBe('E_AMBIGUOUS')
    expect(split.message).toBe('103.1 (edition of 2003-03-15) was split: in the edition of 2003-07-01 it is 103.1 and 103.3; ask for one of them')
    // 410.11 of 1999-11-01 was two rules before: 410.8a and 410.8b.
    expect(translateNumber(archive.db, '410.11', { edition: '1999-04-23' }, { numberedAs: { edition: '1999-11-01' } })).toMatchObject({
      status: 'merged',
      numbers: ['410.8a', '410.8b']
    })
  })

  it('says when a rule began, or when it ended and where it went', () => {
    const early = thrown(() => getRule(archive.db, '702.102f', { era: '2009' }))
    expect(early.code).toBe('E_NOT_FOUND')
    expect(early.message).toMatch(/did not exist yet in the edition of 2009-10-01: it began in the edition of 2019-07-12/)
    expect(translateNumber(archive.db, '702.102f', { era: '2009' })).toMatchObject({ status: 'not-yet', numbers: [], began: { edition: '2019-07-12' } })
    const gone = translateNumber(archive.db, '203.1a', { era: '2024' })
    expect(gone).toMatchObject({ status: 'gone', numbers: [], ended: { edition: '2009-05-01', number: '203.1a' } })
    expect(gone.note).toBe(
      '203.1a (edition of 2009-05-01) was no longer in force in the edition of 2024-11-08: last in force in the edition of 2009-05-01, removed from 2009-07-11'
    )
    expect(thrown(() => getRule(archive.db, '203.1a', { era: '2024' })).message).toMatch(/last in force in the edition of 2009-05-01; it did not continue/)
  })

  it('starts a history asked of a day at the rule the number named then, as getRule reads it', () => {
    // Backward: today's 704.5j asked of 2003 is the history of 420.5e's wording then, and says so.
    const old = ruleHistory(archive.db, '704.5j', { at: { era: '2003' } })
    expect(old.number).toBe('420.5e')
    expect(old.numbering).toEqual(getRule(archive.db, '704.5j', { era: '2003' }).numbering)
    expect(old.numbering).toMatchObject({ kind: 'translated', asked: '704.5j', note: '704.5j was numbered 420.5e in the edition of 2003-12-01' })
    // The history is the one the edition's own number gives, but for the note.
    const { numbering: _, ...steps } = old
    expect(steps).toEqual(ruleHistory(archive.db, '420.5e', { at: { era: '2003' } }))
    // Forward, and from the wording of that day only.
    expect(ruleHistory(archive.db, '420.5e', { at: { era: '2024' } })).toMatchObject({ number: '704.5j', numbering: { kind: 'translated', asked: '420.5e' } })
    const forward = ruleHistory(archive.db, '704.5j', { at: { era: '2003' }, direction: 'forward' })
    expect(forward.steps[0]).toMatchObject({ number: '420.5e' })
    expect(forward.steps[0].editions).toContain('2003-12-01')
    expect(forward.steps.at(-1)).toMatchObject({ number: '704.5j', validTo: null })
    // A number the edition has is the edition's rule (2009's 704.5j, the planeswalker uniqueness rule), with no note.
    const own = ruleHistory(archive.db, '704.5j', { at: { era: '2009' } })
    expect(own.numbering).toBeUndefined()
    expect(own.steps.some((step) => step.text.includes('planeswalker uniqueness rule'))).toBe(true)
    // What getRule says of a rule not yet in force, or gone.
    expect(thrown(() => ruleHistory(archive.db, '702.102f', { at: { era: '2009' } })).message).toMatch(/did not exist yet in the edition of 2009-10-01/)
    expect(thrown(() => ruleHistory(archive.db, '203.1a', { at: { era: '2024' } })).message).toMatch(/last in force in the edition of 2009-05-01/)
  })

  it('refuses a numbering edition that lacks the number, and a number no edition had', () => {
    expect(thrown(() => getRule(archive.db, '704.5j', {}, { numberedAs: { era: '2003' } })).message).toMatch(
      /^rule 704\.5j is not in the edition of 2003-12-01, whose numbering it was said to come from \(nearest: /
    )
    expect(thrown(() => translateNumber(archive.db, '999.9z')).message).toBe('no edition has a rule 999.9z')
    expect(thrown(() => getRule(archive.db, '704.5j', {}, { numberedAs: '2003' as never })).code).toBe('E_USAGE')
  })
})

describe.skipIf(!archiveAvailable())('search knows rule numbers', () => {
  const archive = useArchiveDatabase()

  it.each([
    ['704.5j', { era: '2024' }, '704.5j'],
    ['rule 704', { era: '2024' }, '704'],
    ['CR 510.1c', { era: '2024' }, '510.1c'],
    ['section 7', { era: '2024' }, '7'],
    ['§704', { era: '2024' }, '704'],
    ['Comprehensive Rules 702.19b', { era: '2024' }, '702.19b'],
    // Through the lineage: another era's number lands on the rule it named.
    ['420.5e', { era: '2024' }, '704.5j'],
    ['704.5j', { era: '2003' }, '420.5e'],
    ['section 7', { era: '2003' }, '5']
  ])('%s in %j puts %s first', (query, at, number) => {
    const result = search(archive.db, query, { at })
    expect(result.hits[0]).toMatchObject({ kind: 'rule', key: number, number })
    expect(result.rule).toMatchObject({ number })
    expect(result.hits.filter((hit) => hit.kind === 'rule' && hit.key === number)).toHaveLength(1)
  })

  it('says how a number of another numbering was followed, and leaves words alone', () => {
    expect(search(archive.db, '704.5j', { at: { era: '2003' } }).rule).toEqual({
      asked: '704.5j',
      number: '420.5e',
      edition: '2003-12-01',
      note: '704.5j was numbered 420.5e in the edition of 2003-12-01'
    })
    expect(search(archive.db, 'legend rule', { at: { era: '2024' } }).rule).toBeUndefined()
    expect(search(archive.db, '2 damage', { at: { era: '2024' } }).rule).toBeUndefined()
    // An edition given beside the options, not in at, is refused rather than ignored.
    expect(thrown(() => search(archive.db, '704.5j', { era: '2003' } as never)).message).toBe('search: unknown option "era" (an edition goes in at: { era })')
    expect(readCitedNumber('rules 702.19b')).toBe('702.19b')
    expect(readCitedNumber('IPG 2.1')).toBeUndefined()
    expect(readCitedNumber('1.5 mana')).toBeUndefined()
  })
})

describe.skipIf(!archiveAvailable())('crdb get by stable id', () => {
  const run = async (...args: string[]): Promise<{ code: number; out: string; err: string }> => {
    let out = ''
    let err = ''
    const code = await runCli(['--db', inject('archiveDatabase')!, ...args], { out: (text) => (out += text), err: (text) => (err += text) })
    return { code, out, err }
  }

  it('answers the rule an id names in the edition asked, and says when it names none', async () => {
    expect((await run('get', '1999-04-23_420.5e', '--era', '2003')).out).toMatch(/^420\.5e If two or more permanents with the same name/)
    expect((await run('get', '1999-04-23_420.5e', '--era', '2024')).out).toMatch(/^704\.5j If two or more legendary permanents/)
    expect(JSON.parse((await run('--json', 'get', '1999-04-23_420.5e')).out)).toMatchObject({ number: '704.5j', id: '1999-04-23_420.5e' })
    const early = await run('get', '2019-07-12_702.102f', '--era', '2009')
    expect(early.code).toBe(1)
    expect(early.err).toMatch(/^crdb: E_NOT_FOUND: 2019-07-12_702\.102f in the edition of 2009-10-01 is not in force yet: it began on 2019-07-12/)
    expect((await run('get', '1999-04-23_999.9')).err).toMatch(/^crdb: E_NOT_FOUND: lineage "1999-04-23_999.9" not found/)
  })
})
