/**
 * The glossary on the whole archive: terms by any name, at a date, with their
 * senses; close names for a term that is not there; the list of an edition.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Crdb } from '../src/store/database.js'
import { getTerm, listTerms, sensesOf } from '../src/query/glossary.js'
import { archiveAvailable, openArchiveDatabase, thrown } from './helpers.js'

describe('numbered senses', () => {
  it('splits "1. ...", "2. ..." out, and only a run numbered from 1', () => {
    expect(sensesOf('1. To counter a spell.\n2. A marker.\nSee rule 122.')).toEqual(['To counter a spell.', 'A marker.'])
    expect(sensesOf('Counter has two meanings.\n1. One.\n2. Two.')).toEqual(['One.', 'Two.'])
    expect(sensesOf('A definition that cites rule 2. as such.')).toEqual([])
    expect(sensesOf('2. Not a first sense.')).toEqual([])
  })
})

describe.skipIf(!archiveAvailable())('the glossary on the whole archive', () => {
  let db: Crdb

  beforeAll(() => {
    db = openArchiveDatabase()!
  })
  afterAll(() => db?.close())

  it('finds "Legend Rule" citing 704.5k in 2009 and 704.5j in 2024', () => {
    const then = getTerm(db, 'Legend Rule', { era: '2009' })
    expect(then).toMatchObject({ term: 'Legend Rule', key: 'legend rule', edition: '2009-10-01', obsolete: false, senses: [], references: ['704.5k'] })
    expect(then.definition).toBe(
      "A state-based action that causes all legendary permanents with the same name to be put into their owners' graveyards. See rule 704.5k."
    )
    const now = getTerm(db, 'legend rule', { era: '2024' })
    expect(now.edition).toBe('2024-11-08')
    expect(now.definition).toMatch(/See rule 704\.5j\.$/)
    expect(now.references).toEqual(['704.5j'])
    expect(now.validTo).toBeNull()
    expect(now.source.uri).toMatch(/\.txt$/)
  })

  it('finds a term by any of its names, in any case', () => {
    for (const name of ['life total', 'Life', 'LIFE, LIFE TOTAL', '  life   total ']) {
      expect(getTerm(db, name, { era: '2024' }).term, name).toBe('Life, Life Total')
    }
    expect(getTerm(db, 'life total', { era: '2024' }).aliases).toEqual(['life', 'life total', 'life, life total'])
    // 1999 printed it as "Life/Life Total".
    expect(getTerm(db, 'life total', { date: '1999-06-01' })).toMatchObject({ term: 'Life/Life Total', edition: '1999-04-23' })
    // A name shared by two terms finds the one of that exact name.
    expect(getTerm(db, 'legend', { era: '2003' }).term).toBe('Legend, Legendary')
  })

  it('marks obsolete terms', () => {
    const legend = getTerm(db, 'Legend', { era: '2024' })
    expect(legend).toMatchObject({ term: 'Legend', obsolete: true })
    expect(legend.definition).toMatch(/^An obsolete creature type/)
    expect(getTerm(db, 'legendary', { era: '2024' }).obsolete).toBe(false)
  })

  it('splits numbered senses out', () => {
    const ability = getTerm(db, 'ability', { era: '2024' })
    expect(ability.senses).toEqual([
      'Text on an object that explains what that object does or can do.',
      'An activated or triggered ability on the stack. This kind of ability is an object.'
    ])
    expect(ability.definition.split('\n')).toHaveLength(3)
    expect(ability.references).toEqual(['113', '6'])
    expect(getTerm(db, 'play', { era: '2024' }).senses.length).toBeGreaterThanOrEqual(4)
  })

  it('answers a missing term with up to three close names', () => {
    const error = thrown(() => getTerm(db, 'lif totl', { era: '2024' }))
    expect(error.code).toBe('E_NOT_FOUND')
    expect(error.message).toMatch(/^no glossary term "lif totl" in the edition of 2024-11-08 \(close: "Life, Life Total"/)
    expect(error.message.match(/"[^"]+"/g)!.length - 1).toBeLessThanOrEqual(3)
    expect(thrown(() => getTerm(db, 'first strke')).message).toContain('"First Strike"')
    expect(thrown(() => getTerm(db, 'planeswalker unique', { era: '2024' })).message).toContain('"Planeswalker Uniqueness Rule"')
    expect(thrown(() => getTerm(db, 'xyzzy')).message).toMatch(/^no glossary term "xyzzy" in the edition of \d{4}-\d{2}-\d{2}$/)
    // A term of another era is read as the name this one gives it, and says so.
    expect(getTerm(db, 'comes into play', { era: '2024' })).toMatchObject({ term: 'Enters the Battlefield', read: { asked: 'comes into play', by: 'era' } })
    expect(getTerm(db, 'comes into play', { era: '2003' }).term).toBe('Comes into Play')
  })

  it('lists the terms of an edition', () => {
    const terms = listTerms(db, { era: '2024' })
    expect(terms.length).toBeGreaterThan(600)
    expect(terms.map((t) => t.term)).toEqual(expect.arrayContaining(['Legend Rule', 'Life, Life Total', 'Ability']))
    expect(terms.find((t) => t.key === 'legend')).toMatchObject({ obsolete: true })
    expect(terms.find((t) => t.key === 'life, life total')!.aliases).toEqual(['life', 'life total', 'life, life total'])
    const keys = terms.map((t) => t.key)
    expect(keys).toEqual([...keys].sort())
    expect(listTerms(db, { era: '2003' }).length).toBeLessThan(terms.length)
  })
})
