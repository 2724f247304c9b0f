/**
 * Names the way people type them: every entry of the names fixture (glossary
 * terms and rules as bots, trackers and players named them, each in the
 * edition of its day) found by `getTerm` / `resolveRuleName`, nine in ten at
 * least; and the ways of reading a name one by one.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Crdb } from '../src/store/database.js'
import { getTerm } from '../src/query/glossary.js'
import { AmbiguousNameError } from '../src/query/names.js'
import { resolveRuleName } from '../src/query/resolve-name.js'
import { createApp } from '../src/server/app.js'
import type { EditionSelector } from '../src/vocabulary/selector.js'
import { archiveAvailable, openArchiveDatabase, projectRoot, thrown } from './helpers.js'

interface NameEntry {
  name: string
  command: 'glossary' | 'get'
  date?: string
  era?: string
  expect: string
  source: string
}

const fixture = JSON.parse(readFileSync(resolve(projectRoot, 'test/fixtures/names/names.json'), 'utf8')) as { entries: NameEntry[] }

/** What `crdb glossary NAME` / `crdb get NAME` answer for an entry: a term key or a rule number, or the error's code. */
function answerOf(db: Crdb, entry: NameEntry): string {
  const at: EditionSelector = entry.era ? { era: entry.era } : entry.date ? { date: entry.date } : {}
  try {
    return entry.command === 'glossary' ? getTerm(db, entry.name, at).key : resolveRuleName(db, entry.name, at).number
  } catch (error) {
    return `error: ${(error as Error).message}`
  }
}

describe('the names fixture', () => {
  it('has at least 110 sourced entries, each with a date or era where it was dated', () => {
    expect(fixture.entries.length).toBeGreaterThanOrEqual(110)
    for (const entry of fixture.entries) {
      expect(entry.name.trim(), JSON.stringify(entry)).not.toBe('')
      expect(['glossary', 'get'], entry.name).toContain(entry.command)
      expect(entry.source, entry.name).toMatch(/^(https:\/\/|code-corpus:\d+$)/)
    }
  })
})

describe.skipIf(!archiveAvailable())('names the way people type them, on the whole archive', () => {
  let db: Crdb

  beforeAll(() => {
    db = openArchiveDatabase()!
  })
  afterAll(() => db?.close())

  it('finds the intended term or rule for at least 9 names in 10 (and prints the misses)', () => {
    const misses: string[] = []
    for (const entry of fixture.entries) {
      const answer = answerOf(db, entry)
      if (answer !== entry.expect)
        misses.push(
          `  ${entry.command} "${entry.name}" ${entry.era ? `--era ${entry.era}` : entry.date ? `--date ${entry.date}` : ''}: ${answer} (want ${entry.expect})`
        )
    }
    const found = fixture.entries.length - misses.length
    console.log(
      `names: ${found} of ${fixture.entries.length} found (${((100 * found) / fixture.entries.length).toFixed(1)}%)${misses.length ? `; misses:\n${misses.join('\n')}` : ''}`
    )
    expect(found / fixture.entries.length).toBeGreaterThanOrEqual(0.9)
  })
})

describe.skipIf(!archiveAvailable())('how a name is read', () => {
  let db: Crdb

  beforeAll(() => {
    db = openArchiveDatabase()!
  })
  afterAll(() => db?.close())

  const read = (name: string, at: EditionSelector = {}) => {
    const term = getTerm(db, name, at)
    return { term: term.term, by: term.read?.by }
  }

  it('finds an exact name as before, and says nothing of how', () => {
    expect(getTerm(db, 'Converted Mana Cost', { date: '2022-08-24' })).not.toHaveProperty('read')
    expect(read('legend', { era: '2003' })).toEqual({ term: 'Legend, Legendary', by: undefined })
    expect(read('legendary', { era: '2024' })).toEqual({ term: 'Legendary', by: undefined })
    expect(resolveRuleName(db, 'trample', { era: '2003' })).toEqual({ number: '502.9', by: 'title', name: 'Trample', edition: '2003-12-01' })
  })

  it('reads a plural as its singular', () => {
    expect(read('mana abilities')).toEqual({ term: 'Mana Ability', by: 'inflection' })
    expect(read('color indicators')).toEqual({ term: 'Color Indicator', by: 'inflection' })
    expect(read('characteristic-defining abilities')).toEqual({ term: 'Characteristic-Defining Ability', by: 'inflection' })
    // A plural title is a title (605 Mana Abilities); a singular one is read from the plural.
    expect(resolveRuleName(db, 'mana abilities')).not.toHaveProperty('read')
    expect(resolveRuleName(db, 'cleanup steps')).toMatchObject({
      number: '514',
      by: 'title',
      name: 'Cleanup Step',
      read: { asked: 'cleanup steps', by: 'inflection' }
    })
  })

  it('reads other forms of a word: cycle, die, dying, attacks', () => {
    expect(read('cycle')).toEqual({ term: 'Cycling', by: 'inflection' })
    expect(read('die')).toEqual({ term: 'Dies', by: 'inflection' })
    expect(read('dying')).toEqual({ term: 'Dies', by: 'inflection' })
    expect(read('attacks')).toEqual({ term: 'Attack', by: 'inflection' })
    expect(resolveRuleName(db, 'cycle', { era: '2024' }).number).toBe(resolveRuleName(db, 'cycling', { era: '2024' }).number)
    expect(resolveRuleName(db, 'die').number).toBe('700.4')
  })

  it('reads spellings without hyphens, spaces or case: state based actions, first-strike, LegendRule, hex proof', () => {
    expect(read('state based actions')).toEqual({ term: 'State-Based Actions', by: 'spelling' })
    expect(read('first-strike')).toEqual({ term: 'First Strike', by: 'spelling' })
    expect(read('LegendRule')).toEqual({ term: 'Legend Rule', by: 'spelling' })
    expect(read('hex proof')).toEqual({ term: 'Hexproof', by: 'spelling' })
    expect(read('the stack')).toEqual({ term: 'Stack', by: 'spelling' })
    expect(resolveRuleName(db, 'state based actions').number).toBe('704')
  })

  it('reads abbreviations: cda, etb, ltb, lki, mv, sbas, p/t', () => {
    expect(read('cda')).toEqual({ term: 'Characteristic-Defining Ability', by: 'abbreviation' })
    expect(read('CDAs')).toEqual({ term: 'Characteristic-Defining Ability', by: 'abbreviation' })
    expect(read('mv')).toEqual({ term: 'Mana Value', by: 'informal' })
    // Before 2021 the informal `mv` is converted mana cost (an entry of some editions only).
    expect(read('mv', { date: '2015-06-01' }).term).toBe('Converted Mana Cost')
    expect(read('etb').term).toBe('Enters the Battlefield')
    expect(read('ltb').term).toBe('Leaves the Battlefield')
    expect(read('lki').term).toBe('Last Known Information')
    expect(read('sbas').term).toBe('State-Based Actions')
    expect(resolveRuleName(db, 'cda')).toMatchObject({ number: '604.3', by: 'term', read: { by: 'abbreviation' } })
    expect(resolveRuleName(db, 'apnap').number).toBe('101.4')
    // Typed with a slash, the initials of words a slash separates: Power/Toughness, not Planeswalker Type.
    expect(resolveRuleName(db, 'p/t').number).toBe('208')
  })

  it("reads players' words through the informal-words table: legendary rule, cmc, edh", () => {
    expect(read('legendary rule')).toEqual({ term: 'Legend Rule', by: 'informal' })
    expect(resolveRuleName(db, 'legendary rule', { era: '2009' }).number).toBe('704.5k')
    expect(resolveRuleName(db, 'legendary rule', { era: '2024' }).number).toBe('704.5j')
    expect(read('cmc')).toEqual({ term: 'Mana Value', by: 'informal' })
  })

  it('reads a name in the words of the edition asked', () => {
    expect(read('mana value', { era: '2009' })).toEqual({ term: 'Converted Mana Cost', by: 'era' })
    expect(read('cmc', { era: '2009' }).term).toBe('Converted Mana Cost')
    expect(read('mv', { date: '2021-04-15' }).term).toBe('Converted Mana Cost')
    expect(read('state-based actions', { era: '2003' })).toEqual({ term: 'State-Based Effects', by: 'era' })
    expect(read('etb', { era: '2003' }).term).toBe('Comes into Play')
    expect(read('exile', { era: '2003' })).toEqual({ term: 'Removed from the Game', by: 'era' })
    expect(read('removed from the game', { era: '2024' })).toEqual({ term: 'Exile', by: 'era' })
  })

  it('reads a name cut short or with words added', () => {
    expect(read('summoning sickness')).toEqual({ term: 'Summoning Sickness Rule', by: 'shortened' })
    expect(read('etb trigger').term).toBe('Enters the Battlefield')
    expect(read('protection from white')).toEqual({ term: 'Protection', by: 'shortened' })
    expect(resolveRuleName(db, 'summoning sickness').number).toMatch(/^302\.6/)
  })

  it('answers a name of several things with them all (E_AMBIGUOUS), in the library and over HTTP (300)', async () => {
    const error = thrown(() => getTerm(db, 'source'))
    expect(error).toBeInstanceOf(AmbiguousNameError)
    expect(error.code).toBe('E_AMBIGUOUS')
    expect((error as AmbiguousNameError).candidates).toEqual(['Source of an Ability', 'Source of Damage', 'Source of Mana'])
    expect(error.message).toMatch(
      /^"source" names 3 things in the edition of \d{4}-\d{2}-\d{2}: "Source of an Ability", "Source of Damage", "Source of Mana"; ask for one of them$/
    )
    const rule = thrown(() => resolveRuleName(db, 'source')) as AmbiguousNameError
    expect(rule.candidates).toEqual(['Source of an Ability (113.7)', 'Source of Damage (609.7)', 'Source of Mana (106.3)'])
    // The name asked in full is one.
    expect(read('source of damage')).toEqual({ term: 'Source of Damage', by: undefined })
    const app = createApp({ db, version: 'test' })
    const ambiguous = await app.request('/v1/glossary/source')
    expect(ambiguous.status).toBe(300)
    expect(await ambiguous.json()).toMatchObject({ error: { code: 'E_AMBIGUOUS' }, candidates: ['Source of an Ability', 'Source of Damage', 'Source of Mana'] })
    const page = await app.request('/glossary/source')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<a href="/glossary/source%20of%20damage')
    expect(await (await app.request('/glossary/cda')).text()).toContain('Read "cda" as Characteristic-Defining Ability (abbreviation).')
    const plural = await app.request('/v1/glossary/mana%20abilities?era=2009')
    expect(plural.status).toBe(200)
    expect(await plural.json()).toMatchObject({ term: 'Mana Ability', edition: '2009-10-01', read: { asked: 'mana abilities', by: 'inflection' } })
  })

  it('still finds nothing for a name that is none, with close names', () => {
    expect(thrown(() => getTerm(db, 'xyzzy')).code).toBe('E_NOT_FOUND')
    expect(thrown(() => getTerm(db, 'first strke')).message).toContain('"First Strike"')
    expect(thrown(() => resolveRuleName(db, 'holding the bag')).code).toBe('E_NOT_FOUND')
  })
})
