/**
 * Every library function that takes an edition selector refuses a wrong one
 * (a bare string, an unknown key, a value that is not a string, a bad date)
 * with one line naming the function and the value: JavaScript callers get no
 * type check, and a wrong selector must never answer about the newest edition.
 */
import { describe, expect, it } from 'vitest'
import { openRules } from '../src/engine/rules.js'
import { diffEditions } from '../src/query/diff.js'
import { getNeighbours, getReferences, getRule, getSubtree } from '../src/query/get.js'
import { getTerm, listTerms } from '../src/query/glossary.js'
import { blame, ruleHistory } from '../src/query/history.js'
import { resolveRuleName } from '../src/query/resolve-name.js'
import { search } from '../src/query/search.js'
import { getRuleSources } from '../src/query/sources.js'
import type { EditionSelector } from '../src/vocabulary/selector.js'
import { checkSelector } from '../src/vocabulary/selector.js'
import { archiveAvailable, thrown, useArchiveDatabase } from './helpers.js'

/** A selector as a JavaScript caller might pass one, unchecked. */
const loose = (value: unknown): EditionSelector => value as EditionSelector

describe('checkSelector', () => {
  it('refuses what is not a selector, naming the caller and the value', () => {
    expect(thrown(() => checkSelector(loose('2009-10-01'), 'getRule'))).toMatchObject({
      code: 'E_USAGE',
      message: `getRule: an edition selector is an object such as { date: '2009-10-01' }, { edition: 'M10' } or { era: '2009' }, not the string "2009-10-01"`
    })
    expect(thrown(() => checkSelector(loose({ eda: '2009' }), 'getRule'))).toMatchObject({
      code: 'E_USAGE',
      message: 'getRule: the edition selector has an unknown key "eda"; use date, edition or era'
    })
    expect(thrown(() => checkSelector(loose({ date: 20091001 }), 'search'))).toMatchObject({
      code: 'E_USAGE',
      message: `search: the selector's date must be a string such as '2009-10-01', not number "20091001"`
    })
    expect(thrown(() => checkSelector(loose(null), 'blame')).code).toBe('E_USAGE')
    expect(thrown(() => checkSelector(loose(['2009']), 'blame')).message).toContain('not an array')
    expect(thrown(() => checkSelector({ date: '2009-13-01' }, 'getRule'))).toMatchObject({
      code: 'E_BAD_DATE',
      message: 'getRule: "2009-13-01" is not a real day'
    })
    expect(thrown(() => checkSelector({ era: '1984' }, 'openRules')).code).toBe('E_BAD_ERA')
    expect(thrown(() => checkSelector({ era: '1984' }, 'openRules')).message).toMatch(/^openRules: "1984"/)
  })

  it('still takes what it always took', () => {
    expect(checkSelector()).toEqual({ by: 'newest' })
    expect(checkSelector({})).toEqual({ by: 'newest' })
    // An absent field spelt out (as options objects do) is no field.
    expect(checkSelector(loose({ date: undefined, other: undefined }))).toEqual({ by: 'newest' })
    expect(checkSelector({ date: '2010-01-01' })).toEqual({ by: 'date', date: '2010-01-01' })
    // Without a caller (the CLI and the server check theirs first), messages are as before.
    expect(thrown(() => checkSelector({ date: 'soon' })).message).toBe('"soon" is not a date (expected YYYY-MM-DD)')
  })
})

describe.skipIf(!archiveAvailable())('every library function with a selector', () => {
  const archive = useArchiveDatabase()

  const calls: Array<[string, (at: EditionSelector) => unknown]> = [
    ['getRule', (at) => getRule(archive.db, '704.5j', at)],
    ['getSubtree', (at) => getSubtree(archive.db, '704.5', at)],
    ['getNeighbours', (at) => getNeighbours(archive.db, '704.5j', at)],
    ['getReferences', (at) => getReferences(archive.db, '704.5j', at)],
    ['getTerm', (at) => getTerm(archive.db, 'legend rule', at)],
    ['listTerms', (at) => listTerms(archive.db, at)],
    ['resolveRuleName', (at) => resolveRuleName(archive.db, 'legend rule', at)],
    ['getRuleSources', (at) => getRuleSources(archive.db, '704.5j', at)],
    ['blame', (at) => blame(archive.db, at, { section: '704.5' })],
    ['ruleHistory', (at) => ruleHistory(archive.db, '704.5j', { at })],
    ['search', (at) => search(archive.db, 'legend rule', { at })],
    ['diffEditions', (at) => diffEditions(archive.db, at, { edition: '2009-07-11' })],
    ['diffEditions', (at) => diffEditions(archive.db, { edition: '2009-05-01' }, at)],
    ['openRules', (at) => openRules(archive.db, at)]
  ]

  it.each(calls)('%s refuses a string, an unknown key, a number and a bad date', (name, call) => {
    for (const [at, code, named] of [
      [loose('2009-10-01'), 'E_USAGE', '"2009-10-01"'],
      [loose({ eda: '2009' }), 'E_USAGE', '"eda"'],
      [loose({ era: 2009 }), 'E_USAGE', '"2009"'],
      [{ date: '2009-02-30' }, 'E_BAD_DATE', '"2009-02-30"']
    ] as const) {
      const error = thrown(() => call(at))
      expect(error.code, `${name} ${JSON.stringify(at)}`).toBe(code)
      expect(error.message.startsWith(`${name}: `), error.message).toBe(true)
      expect(error.message).toContain(named)
    }
  })

  it('answers as before with a good selector', () => {
    expect(getRule(archive.db, '704.5j', { era: '2009' }).edition).toBe('2009-10-01')
    expect(diffEditions(archive.db, { date: '2009-05-01' }, { date: '2009-07-11' }).changes.length).toBeGreaterThan(1000)
  })
})
