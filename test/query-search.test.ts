/**
 * Full-text search: the query language (read into a quoted FTS5 expression, or
 * refused with E_BAD_QUERY), and searches on the whole archive.
 */
import { describe, expect, it } from 'vitest'
import { listEditions } from '../src/query/editions.js'
import { search, toFtsExpression, type SearchHit } from '../src/query/search.js'
import { archiveAvailable, thrown, useArchiveDatabase } from './helpers.js'

/** The highlighted words of a hit, in lower case. */
function highlighted(hit: SearchHit): string[] {
  return hit.highlights.map(([start, end]) => hit.snippet.slice(start, end).toLowerCase())
}

describe('the search query language', () => {
  it('quotes every word and phrase and makes operators explicit', () => {
    expect(toFtsExpression('legend')).toBe('"legend"')
    expect(toFtsExpression('legend rule')).toBe('("legend" AND "rule")')
    expect(toFtsExpression('"legend rule"')).toBe('"legend rule"')
    expect(toFtsExpression('legend*')).toBe('"legend"*')
    expect(toFtsExpression('"legend ru"*')).toBe('"legend ru"*')
    expect(toFtsExpression('legend OR world')).toBe('("legend" OR "world")')
    expect(toFtsExpression('legend NOT rule')).toBe('("legend" NOT "rule")')
    expect(toFtsExpression('(exile OR graveyard) AND token')).toBe('(("exile" OR "graveyard") AND "token")')
    // Precedence: NOT binds tighter than AND, AND than OR.
    expect(toFtsExpression('a OR b c NOT d')).toBe('("a" OR ("b" AND ("c" NOT "d")))')
    // Lower-case operators are words.
    expect(toFtsExpression('legend and rule')).toBe('(("legend" AND "and") AND "rule")')
  })

  it('passes no user syntax through to FTS5 or SQL', () => {
    expect(toFtsExpression("x'; DROP TABLE versions; --")).toBe(`((("x';" AND "DROP") AND "TABLE") AND "versions;")`)
    expect(toFtsExpression('text:legend')).toBe('"text:legend"')
    expect(toFtsExpression('{text} : legend')).toBe('("{text}" AND "legend")')
    expect(toFtsExpression('NEAR(legend rule)')).toBe('("NEAR" AND ("legend" AND "rule"))')
    expect(toFtsExpression("can't 704.5j")).toBe(`("can't" AND "704.5j")`)
    // Punctuation alone is not a word.
    expect(toFtsExpression('first strike - combat')).toBe('(("first" AND "strike") AND "combat")')
  })

  it('refuses a malformed query with E_BAD_QUERY, one line naming it', () => {
    const cases: Array<[string, RegExp]> = [
      ['"unclosed', /the quote at column 1 is never closed/],
      ['(a OR', /"OR" at column 4 has no term after it/],
      ['(a OR b', /the "\(" at column 1 is never closed/],
      ['a OR b)', /the "\)" at column 7 closes nothing/],
      ['AND', /"AND" at column 1 has no term before it/],
      ['NOT legend', /"NOT" at column 1 has no term before it/],
      ['legend AND', /"AND" at column 8 has no term after it/],
      ['legend AND OR rule', /"AND" at column 8 has no term after it/],
      ['', /it is empty/],
      ['   ', /it is empty/],
      ['*', /the "\*" at column 1 needs a word before it/],
      ['legend *', /the "\*" at column 8 needs a word before it/],
      ['le*nd', /"\*" may only end a word/],
      ['()', /the parentheses at column 1 are empty/],
      ['""', /the quotes at column 1 hold no words/],
      ['+ -', /it has no word to search for, only punctuation/],
      ['"—"', /"—" at column 1 has no letter or digit to search for/],
      ['"a""b"', /a phrase must be followed by a space or parenthesis \(column 4\)/],
      ["'); DROP TABLE versions; --", /the "\)" at column 2 closes nothing/]
    ]
    for (const [query, problem] of cases) {
      const error = thrown(() => toFtsExpression(query))
      expect(error.code, query).toBe('E_BAD_QUERY')
      expect(error.message, query).toMatch(problem)
      expect(error.message.startsWith(`search query ${JSON.stringify(query)}: `), query).toBe(true)
      expect(error.message, query).not.toContain('\n')
    }
  })
})

describe.skipIf(!archiveAvailable())('search on the whole archive', () => {
  const archive = useArchiveDatabase()

  it('finds the legend rule in 2024 among the top hits, highlighted', () => {
    const result = search(archive.db, '"legend rule"', { at: { era: '2024' } })
    expect(result.edition).toBe('2024-11-08')
    expect(result.expression).toBe('"legend rule"')
    const top = result.hits.slice(0, 5)
    const rule = top.find((hit) => hit.number === '704.5j')
    expect(rule, JSON.stringify(top.map((h) => h.key))).toBeDefined()
    expect(rule).toMatchObject({ kind: 'rule', key: '704.5j', validFrom: '2022-09-08', validTo: null })
    expect(highlighted(rule!)).toContain('legend rule')
    expect(rule!.snippet).toContain('This is called the “legend rule.”')
    // The glossary term of that name comes first.
    expect(result.hits[0]).toMatchObject({ kind: 'term', term: 'Legend Rule', byName: true })
    // Ranked best first.
    const ranks = result.hits.map((hit) => hit.rank)
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
  })

  it('searches the archive.newest edition by default, and one edition with at', () => {
    expect(search(archive.db, 'trample').edition).toBe(archive.newest)
    const old = search(archive.db, '"legend rule"', { at: { date: '2004-01-15' }, limit: 50 })
    expect(old.edition).toBe('2003-12-01')
    expect(old.hits.map((hit) => hit.key)).toContain('420.5e')
    expect(old.hits.map((hit) => hit.key)).not.toContain('704.5j')
    expect(search(archive.db, 'planeswalker', { at: { era: '2003' } }).total).toBe(0)
  })

  it('searches every version with all, grouped by key with their date ranges', () => {
    const result = search(archive.db, '"legend rule"', { all: true, limit: 100 })
    expect(result.edition).toBeNull()
    const old = result.hits.find((hit) => hit.number === '420.5e')!
    expect(old).toBeDefined()
    // In force in the 2003-era editions, and gone with the 2009 renumbering.
    expect(old.ranges.some((range) => range.validFrom <= '2003-12-01' && (range.validTo ?? '9999') > '2003-12-01')).toBe(true)
    expect(old.validTo).toBe('2009-07-11')
    const keys = result.hits.map((hit) => hit.kind + ' ' + hit.key)
    expect(new Set(keys).size).toBe(keys.length)
    const now = result.hits.find((hit) => hit.number === '704.5j')!
    expect(now.validTo).toBeNull()
    for (const hit of result.hits) {
      for (let index = 1; index < hit.ranges.length; index++) expect(hit.ranges[index - 1].validTo! < hit.ranges[index].validFrom).toBe(true)
    }
  })

  it('matches prefixes and phrases', () => {
    const prefix = search(archive.db, 'legend*', { at: { era: '2024' }, limit: 50 })
    expect(prefix.hits.flatMap(highlighted)).toEqual(expect.arrayContaining(['legendary']))
    const words = search(archive.db, 'legend rule', { at: { era: '2024' } })
    const phrase = search(archive.db, '"legend rule"', { at: { era: '2024' } })
    expect(phrase.total).toBeLessThanOrEqual(words.total)
    // No rule says "rule legend": the exact phrase finds nothing, and the answer falls back to its words, saying so.
    const apart = search(archive.db, '"rule legend"', { at: { era: '2024' } })
    expect(apart).toMatchObject({
      readAs: 'query',
      mode: 'ranked',
      fallback: 'the exact query found nothing: showing ranked results for its words (rule legend)'
    })
    expect(apart.hits.map((hit) => hit.key)).toEqual(expect.arrayContaining(['legend rule']))
    // Stemming: "legends" finds "legend".
    expect(search(archive.db, 'legends', { at: { era: '2003' } }).total).toBeGreaterThan(0)
  })

  it('combines with AND, OR, NOT and parentheses', () => {
    const at = { era: '2024' }
    const either = search(archive.db, 'trample OR deathtouch', { at }).total
    expect(either).toBeGreaterThan(search(archive.db, 'trample', { at }).total)
    expect(either).toBeGreaterThan(search(archive.db, 'deathtouch', { at }).total)
    expect(search(archive.db, 'trample NOT deathtouch', { at }).total).toBeLessThan(search(archive.db, 'trample', { at }).total)
    expect(search(archive.db, '(trample OR deathtouch) AND damage', { at }).total).toBeLessThanOrEqual(either)
  })

  it('filters by section and kind, and limits', () => {
    const section = search(archive.db, 'legend*', { all: true, section: '704', limit: 100 })
    expect(section.hits.length).toBeGreaterThan(0)
    expect(section.hits.every((hit) => hit.number?.startsWith('704'))).toBe(true)
    expect(search(archive.db, 'legend*', { all: true, section: '4', limit: 100 }).hits.map((hit) => hit.key)).toContain('420.5e')
    const terms = search(archive.db, 'graveyard', { kinds: ['term'], limit: 50 })
    expect(terms.hits.length).toBeGreaterThan(0)
    expect(terms.hits.every((hit) => hit.kind === 'term' && hit.term !== undefined)).toBe(true)
    const examples = search(archive.db, 'graveyard', { kinds: ['example'], limit: 50 })
    expect(examples.hits.every((hit) => hit.kind === 'example' && hit.number !== undefined)).toBe(true)
    const limited = search(archive.db, 'graveyard', { limit: 3 })
    expect(limited.hits).toHaveLength(3)
    expect(limited.total).toBeGreaterThan(3)
  })

  it('refuses bad options with a clear error', () => {
    expect(thrown(() => search(archive.db, 'legend', { section: '7x' })).code).toBe('E_BAD_NUMBER')
    expect(thrown(() => search(archive.db, 'legend', { all: true, at: { era: '2009' } })).code).toBe('E_USAGE')
    expect(thrown(() => search(archive.db, 'legend', { limit: 0 })).code).toBe('E_USAGE')
    expect(thrown(() => search(archive.db, 'legend', { kinds: ['card' as 'rule'] })).code).toBe('E_USAGE')
    expect(thrown(() => search(archive.db, 'legend', { at: { era: '1984' } })).code).toBe('E_BAD_ERA')
    expect(thrown(() => search(archive.db, '(legend', { mode: 'query' })).code).toBe('E_BAD_QUERY')
    expect(thrown(() => search(archive.db, 'legend', { mode: 'exact' as 'query' })).message).toBe('search: mode "exact" is not one of auto, query, text')
    expect(thrown(() => search(archive.db, 'x'.repeat(4001), { mode: 'text' })).code).toBe('E_BAD_QUERY')
  })

  it('treats hostile input as words', () => {
    const result = search(archive.db, "x'; DROP TABLE versions; --", { all: true })
    expect(result.total).toBeGreaterThanOrEqual(0)
    // NEAR is a word here, not FTS5's operator: the exact query finds nothing and falls back to its words.
    expect(search(archive.db, 'NEAR(legend rule)')).toMatchObject({ readAs: 'query', fallback: expect.stringContaining('(NEAR legend rule)') })
    expect(listEditions(archive.db).length).toBeGreaterThan(100)
  })
})
