/**
 * The rule queries on the whole archive: "at" (dates, editions, eras), one rule,
 * a rule with its subrules, its neighbours, and the rules its text cites.
 */
import { describe, expect, it } from 'vitest'
import { resolveEdition } from '../src/query/editions.js'
import { checkSelector, parseSelector } from '../src/vocabulary/selector.js'
import { findCitationSpans, findReferences, getNeighbours, getReferences, getRule, getSubtree, resolveReferences } from '../src/query/get.js'
import { findRuleBeside, listRuleTextsAt } from '../src/store/rules.js'
import { sortKeyOf } from '../src/vocabulary/rule-number.js'
import { archiveAvailable, thrown, useArchiveDatabase } from './helpers.js'

/** The error `action` throws, or a failure when it throws none. */

describe('reading "at" for people', () => {
  it('reads a preset year as an era and a day as a date', () => {
    expect(parseSelector('2009')).toEqual({ era: '2009' })
    expect(parseSelector(' 2024 ')).toEqual({ era: '2024' })
    expect(parseSelector('2010-01-01')).toEqual({ date: '2010-01-01' })
  })

  it('refuses anything else with one line naming it', () => {
    for (const [input, code] of [
      ['2010', 'E_BAD_ERA'],
      ['yesterday', 'E_BAD_DATE'],
      ['2010-02-30', 'E_BAD_DATE'],
      ['', 'E_BAD_DATE']
    ]) {
      const error = thrown(() => parseSelector(input))
      expect(error.code, input).toBe(code)
      expect(error.message).not.toContain('\n')
    }
    expect(thrown(() => parseSelector('2010')).message).toBe('"2010" is not an era (presets: 2003, 2009, 2024; or a day as YYYY-MM-DD)')
  })

  it('accepts one of date, edition and era', () => {
    expect(() => checkSelector({ era: '2009' })).not.toThrow()
    expect(thrown(() => checkSelector({ date: '2010-01-01', era: '2009' }))).toMatchObject({
      code: 'E_USAGE',
      message: 'give one of date, edition or era, not date and era'
    })
  })

  it('finds text references without a database', () => {
    expect(findReferences('See rule 704.5.')).toEqual([{ cited: 'rule 704.5', from: '704.5' }])
    expect(findReferences('see rules 704.5a and 704.5b')).toEqual([
      { cited: 'rules 704.5a and 704.5b', from: '704.5a' },
      { cited: 'rules 704.5a and 704.5b', from: '704.5b' }
    ])
    expect(findReferences('See rules 702.21-702.25.')).toEqual([{ cited: 'rules 702.21-702.25', from: '702.21', to: '702.25' }])
    expect(findReferences('(rules 601.2a–h)')).toEqual([{ cited: 'rules 601.2a–h', from: '601.2a', to: '601.2h' }])
    expect(findReferences('(see rules 118.7–8).')).toEqual([{ cited: 'rules 118.7–8', from: '118.7', to: '118.8' }])
    expect(findReferences('rules 212–215.')).toEqual([{ cited: 'rules 212–215', from: '212', to: '215' }])
    expect(findReferences('See section 7, “Additional Rules.”')).toEqual([{ cited: 'section 7', from: '7' }])
    expect(findReferences('See rule 113, “Abilities,” and section 6, “Spells.”').map((c) => c.from)).toEqual(['113', '6'])
    expect(findReferences('rules 100.1, 100.2a, 100.4, and 100.5.').map((c) => c.from)).toEqual(['100.1', '100.2a', '100.4', '100.5'])
    // Not citations: a one-digit "rule", a letter that is a word, a four-digit number.
    expect(findReferences('rule 7 of the house; rule 1234')).toEqual([])
    expect(findReferences('see rule 702.5a and a creature').map((c) => c.from)).toEqual(['702.5a'])
  })

  it('finds where each citation stands, the same words twice as two citations', () => {
    const text = 'Untap (see rule 302), then draw (see rules 302 and 303.1a-c).'
    const spans = findCitationSpans(text)
    expect(spans.map((span) => text.slice(span.start, span.end))).toEqual(['rule 302', 'rules 302 and 303.1a-c'])
    expect(spans.map((span) => span.numbers)).toEqual([[{ from: '302' }], [{ from: '302' }, { from: '303.1a', to: '303.1c' }]])
    const twice = 'See rule 420. The Equipment stays in play (see rule 420).'
    expect(findCitationSpans(twice).map((span) => span.start)).toEqual([twice.indexOf('rule 420'), twice.lastIndexOf('rule 420')])
    // findReferences reads the same citations, one entry per number.
    expect(findReferences(twice)).toEqual([
      { cited: 'rule 420', from: '420' },
      { cited: 'rule 420', from: '420' }
    ])
    expect(findCitationSpans('rule 7 of the house; rule 1234')).toEqual([])
  })
})

describe.skipIf(!archiveAvailable())('rule queries on the whole archive', () => {
  const archive = useArchiveDatabase()

  it('resolves eras to the edition in force on 31 December of their year', () => {
    expect(resolveEdition(archive.db, { era: '2003' })).toBe('2003-12-01')
    expect(resolveEdition(archive.db, { era: '2009' })).toBe('2009-10-01')
    expect(resolveEdition(archive.db, { era: '2024' })).toBe('2024-11-08')
    expect(resolveEdition(archive.db, parseSelector('2010-01-01'))).toBe('2009-10-01')
    expect(resolveEdition(archive.db, { edition: '2009-07-11' })).toBe('2009-07-11')
    expect(resolveEdition(archive.db)).toBe(archive.newest)
    expect(thrown(() => resolveEdition(archive.db, { era: '1984' }))).toMatchObject({ code: 'E_BAD_ERA' })
    expect(thrown(() => resolveEdition(archive.db, { edition: '2009-10-01', era: '2009' }))).toMatchObject({ code: 'E_USAGE' })
  })

  it('gets a rule as of a date or an era', () => {
    const legend = getRule(archive.db, '420.5e', { date: '2004-01-15' })
    expect(legend.edition).toBe('2003-12-01')
    expect(legend.text).toMatch(
      /^If two or more permanents with the same name have the subtype Legend or the supertype legendary, all except the one that has been a Legend or legendary permanent with that name the longest/
    )
    expect(legend.text).toContain('This is called "the Legend rule."')
    expect(getRule(archive.db, '420.5e', { era: '2003' }).text).toBe(legend.text)
    const uniqueness = getRule(archive.db, '704.5j', { era: '2009' })
    expect(uniqueness).toMatchObject({ edition: '2009-10-01', validFrom: '2009-07-11' })
    expect(uniqueness.text).toContain('planeswalker uniqueness rule')
    expect(getRule(archive.db, '704.5j', { era: '2024' }).text).toContain('This is called the “legend rule.”')
  })

  it('gets a subrule with all its lettered subrules, in order', () => {
    const rules = getSubtree(archive.db, '704.5', { edition: '2024-11-08' })
    const numbers = rules.map((rule) => rule.number)
    expect(numbers[0]).toBe('704.5')
    const letters = numbers.slice(1).map((number) => number.slice('704.5'.length))
    expect(letters).toEqual('abcdefghijkmnpqrstuvwxy'.split('')) // the CR skips l and o
    expect(rules.every((rule) => rule.edition === '2024-11-08')).toBe(true)
    expect(rules.find((rule) => rule.number === '704.5j')!.text).toContain('legend rule')
    expect(rules[0].source.uri).toMatch(/\.txt$/)
  })

  it('gets a rule with every subrule, and a section with every rule', () => {
    const rule = getSubtree(archive.db, '704', { era: '2024' }).map((r) => r.number)
    expect(rule[0]).toBe('704')
    expect(rule).toEqual(expect.arrayContaining(['704.1', '704.5', '704.5j', '704.6', '704.6a']))
    expect(rule.every((number) => number === '704' || number.startsWith('704.'))).toBe(true)
    const section = getSubtree(archive.db, '7', { era: '2024' })
    const numbers = section.map((r) => r.number)
    expect(numbers[0]).toBe('7')
    expect(section[0].text).toBe('Additional Rules')
    expect(numbers.every((number) => number === '7' || /^7\d\d(\.|$)/.test(number))).toBe(true)
    expect(numbers).toEqual(expect.arrayContaining(['700', '704', '704.5j']))
    expect(numbers.length).toBeGreaterThan(1000)
    expect(numbers.map(sortKeyOf)).toEqual([...numbers.map(sortKeyOf)].sort())
    // Section 4 in the 2003 era still holds the state-based effects (420).
    expect(getSubtree(archive.db, '4', { era: '2003' }).map((r) => r.number)).toContain('420.5e')
    // Examples come with their rules.
    expect(getSubtree(archive.db, '101', { era: '2024' }).find((r) => r.number === '101.2')!.examples[0]).toMatch(/^If one effect reads/)
  })

  it('answers a missing number with the nearest ones, and a bad one with one line', () => {
    const missing = thrown(() => getSubtree(archive.db, '704.99', { era: '2024' }))
    expect(missing.code).toBe('E_NOT_FOUND')
    expect(missing.message).toBe('rule 704.99 is not in the edition of 2024-11-08 (nearest: 704.7, 704.8, 705, 705.1)')
    for (const call of [() => getSubtree(archive.db, '70x.5'), () => getNeighbours(archive.db, '704.5jj'), () => getReferences(archive.db, 'seven')]) {
      const bad = thrown(call)
      expect(bad.code).toBe('E_BAD_NUMBER')
      expect(bad.message).not.toContain('\n')
    }
    expect(thrown(() => getNeighbours(archive.db, '704.5l', { era: '2024' })).message).toMatch(
      /^rule 704\.5l is not in the edition of 2024-11-08 \(nearest: 704\.5j, 704\.5k, 704\.5m, 704\.5n\)$/
    )
    // An old number reads as the rule it became: 420.5e in 2024 is 704.5j, and cites what 704.5j cites.
    expect(getReferences(archive.db, '420.5e', { era: '2024' })).toEqual(getReferences(archive.db, '704.5j', { era: '2024' }))
    expect(thrown(() => getReferences(archive.db, '203.1a', { era: '2024' })).code).toBe('E_NOT_FOUND')
  })

  it('gets the rules before and after a rule in document order', () => {
    const around = getNeighbours(archive.db, '704.5j', { edition: '2024-11-08' })
    expect(around.rule.number).toBe('704.5j')
    expect(around.previous?.number).toBe('704.5i')
    expect(around.next?.number).toBe('704.5k')
    expect(around.next?.text).toContain('world rule')
    // Across a rule boundary: the last subrule of 704 is followed by 705.
    const end = getNeighbours(archive.db, '704.8', { era: '2024' })
    expect(end.next?.number).toBe('705')
    // The first rule of an edition has no previous one.
    expect(getNeighbours(archive.db, '1', { era: '2024' }).previous).toBeNull()
    // In the 2003 era the legend rule's neighbours are 420.5d and 420.5f.
    const old = getNeighbours(archive.db, '420.5e', { era: '2003' })
    expect([old.previous?.number, old.next?.number]).toEqual(['420.5d', '420.5f'])
  })

  it("gives every rule of an edition the rules before and after it in the edition's order", () => {
    // The whole of three editions (one per era), against the edition's own list in document order.
    for (const edition of ['1999-04-23', '2009-10-01', '2024-11-08']) {
      const rules = listRuleTextsAt(archive.db, edition).map((rule) => rule.key)
      expect(rules.length).toBeGreaterThan(400)
      for (const [index, key] of rules.entries()) {
        const sortKey = sortKeyOf(key)
        expect(findRuleBeside(archive.db, sortKey, edition, 'before')?.key ?? null, `${edition} before ${key}`).toBe(rules[index - 1] ?? null)
        expect(findRuleBeside(archive.db, sortKey, edition, 'after')?.key ?? null, `${edition} after ${key}`).toBe(rules[index + 1] ?? null)
      }
    }
  })

  it('resolves the references in a rule to the rules in force at the same date', () => {
    // A rule that cites "rule 420.5", in 2008.
    const sba = getReferences(archive.db, '212.9c', { edition: '2008-02-01' })
    expect(sba).toEqual([{ number: '420.5', found: true, text: 'The state-based effects are as follows:', cited: 'rule 420.5' }])
    // One that cites the legend rule by number, now.
    expect(getReferences(archive.db, '306.4', { era: '2024' })).toEqual([
      { number: '704.5j', found: true, text: getRule(archive.db, '704.5j', { era: '2024' }).text, cited: 'rule 704.5j' }
    ])
    expect(getReferences(archive.db, '702.26b', { edition: '2013-05-01' })).toEqual([
      { number: '509', found: true, text: 'Declare Blockers Step', cited: 'rule 509' }
    ])
    expect(getReferences(archive.db, '100.1b', { era: '2024' })).toEqual([{ number: '8', found: true, text: 'Multiplayer Rules', cited: 'section 8' }])
    // Ranges: "rules 601.2a–d" and "rules 601.2f–h".
    const casting = getReferences(archive.db, '601.2', { era: '2024' }).map((r) => r.number)
    expect(casting).toEqual(['601.2a', '601.2b', '601.2c', '601.2d', '601.2f', '601.2g', '601.2h', '601.3', '730'])
    // "rules 409.1a-409.1f" in 2001.
    expect(getReferences(archive.db, '213.1', { edition: '2001-09-24' }).map((r) => r.number)).toEqual([
      '409.1a',
      '409.1b',
      '409.1c',
      '409.1d',
      '409.1e',
      '409.1f',
      '401'
    ])
  })

  it('marks a cited number the edition lacks as not found', () => {
    expect(resolveReferences(archive.db, 'See rule 704.5j and rule 999.9z.', '2024-11-08')).toEqual([
      expect.objectContaining({ number: '704.5j', found: true }),
      { number: '999.9z', found: false, cited: 'rule 999.9z' }
    ])
    // Same text, another edition: 704.5j was the planeswalker uniqueness rule in 2009.
    expect(resolveReferences(archive.db, 'See rule 704.5j.', '2009-10-01')[0].text).toContain('planeswalker uniqueness rule')
  })
})
