/**
 * The rule that reads a search query as a query (operators apply) or as text
 * (operators are words): src/query/search/read-mode.ts, over inputs as people
 * type and paste them.
 */
import { describe, expect, it } from 'vitest'
import { readQueryMode } from '../src/query/search/read-mode.js'

describe('reading a query as a query or as text', () => {
  it('reads a short query with quotes, prefixes, parentheses or capital operators as a query', () => {
    for (const query of [
      '"legend rule"',
      'legend*',
      'trample OR deathtouch',
      'trample NOT deathtouch',
      '(exile OR graveyard) AND token*',
      '"Must be blocked if able" effect',
      '"enters the battlefield" replacement',
      'a token (for example an X/X of any kind) dies',
      '"state-based actions" poison',
      '"704.5j"'
    ])
      expect(readQueryMode(query), query).toEqual({ as: 'query', why: 'written as a query', marked: true })
  })

  it('reads plain words as text, whatever their punctuation (a * that ends no word is not a prefix)', () => {
    for (const query of [
      'legend rule',
      'how does trample work?',
      'and or not',
      'And Or Not',
      'protecton from red',
      '-',
      '—',
      '',
      '伝説のルール',
      '🂡🂢🂣',
      '***',
      '* * *'
    ])
      expect(readQueryMode(query), query).toEqual({ as: 'text', why: 'has no operator', marked: false })
  })

  it('reads marks in a sentence, a long passage or unbalanced as text, saying why', () => {
    const cases: Array<[string, string]> = [
      ['"Must be blocked if able."?', 'has sentence punctuation'],
      ['What happens when a creature with "Must be blocked if able" attacks?', 'has sentence punctuation'],
      ['Does "Menace" work with (lure)! effects', 'has sentence punctuation'],
      ['I cast it. Then "flash" (the keyword) matters', 'has sentence punctuation'],
      ['"E. Honda, Sumo Champion"', 'has sentence punctuation'],
      ['"…" and then', 'has sentence punctuation'],
      ['Lure, "all creatures able to block" it', 'has commas or colons between words'],
      ['Question: "damage on the stack"', 'has commas or colons between words'],
      ['if my opponent controls a creature token (for example an X/X of any kind) and it dies in combat', 'has more than 12 words'],
      ['"legend rule', 'has an unclosed quote'],
      ['the "legend" rule"', 'has an unclosed quote'],
      ['(legend', 'has unbalanced parentheses'],
      ['legend) (rule', 'has unbalanced parentheses'],
      ['AND OR NOT', 'does not parse as a query ("AND" at column 1 has no term before it)'],
      ['trample AND', 'does not parse as a query ("AND" at column 9 has no term after it)'],
      ['a*b', 'does not parse as a query ("a*b" at column 1: "*" may only end a word (as in legend*))'],
      ['"—"', 'does not parse as a query ("—" at column 1 has no letter or digit to search for)'],
      ['()', 'does not parse as a query (the parentheses at column 1 are empty)']
    ]
    for (const [query, why] of cases) expect(readQueryMode(query), query).toEqual({ as: 'text', why, marked: true })
  })

  it('keeps dots and colons inside words and numbers out of the rule', () => {
    for (const query of ['"rule 704.5j" legend', 'cr:704 "state-based"', '"3.5" OR three']) expect(readQueryMode(query).as, query).toBe('query')
  })

  it('forces either reading with a mode, and refuses an unknown mode', () => {
    expect(readQueryMode('What does "legend rule" mean?', 'query')).toEqual({ as: 'query', why: 'asked for as a query', marked: true })
    expect(readQueryMode('"legend rule"', 'text')).toEqual({ as: 'text', why: 'asked for as text', marked: true })
    expect(readQueryMode('legend rule', 'query').as).toBe('query')
    expect(() => readQueryMode('legend', 'exact' as 'query')).toThrow('search: mode "exact" is not one of auto, query, text')
  })
})
