/**
 * Every text of at most 4,000 characters is a search that answers (issue 23): in
 * `auto` and `text` mode no punctuation, language, emoji, control character or
 * lone surrogate is an error, in the library, in `/v1/search` and on the page
 * `/search`; in `query` mode a query either answers or is refused with
 * `E_BAD_QUERY`. Random strings from a seeded generator (the seed is in the
 * failure message), and a list of nasty inputs people really type and paste.
 */
import { describe, expect, it } from 'vitest'
import { search, type SearchMode, type SearchResult } from '../src/query/search.js'
import { CrdbError } from '../src/vocabulary/errors.js'
import { generator } from './fuzz-cases.js'
import { archiveAvailable, useArchiveApp } from './helpers.js'

/** Inputs as people type and paste them, and as a hostile client sends them. */
const nasty = [
  '"Must be blocked if able."?',
  '"Must be blocked if able" effect',
  'What happens to a creature token (for example an X/X of any kind) when it dies?',
  'If I have "Ruby Medallion" (cost reduction), does it apply to flashback?',
  'AND OR NOT',
  'AND',
  'NOT NOT',
  '(',
  ')',
  '()',
  '(((legend',
  'legend))))',
  '"',
  '""',
  '"""',
  '" "',
  '***',
  '*',
  'legend**',
  '*legend',
  '-',
  '—',
  '–',
  '...',
  '?',
  '!!!',
  '¿Qué pasa con la regla de leyendas?',
  '伝説のルールとは何ですか？',
  '传奇规则',
  '전설 규칙',
  'قاعدة الأسطورة',
  'כלל האגדה',
  '\u202eelur dnegel',
  'legend\u200brule',
  '\uFEFFtrample',
  '🂡🂢🂣',
  '👍 deathtouch 💀',
  '🏳️‍🌈',
  'e\u0301\u0301\u0301',
  '\u0000',
  'legend\u0000rule',
  '\u0007\u0008\u001b[31mred\u001b[0m',
  '\r\n\t',
  '\ud800',
  'trample\udfff',
  '\udc00\ud800 legend',
  "x'; DROP TABLE versions; --",
  'NEAR(legend rule)',
  'legend:rule',
  '{name text}: legend',
  '^legend',
  '<script>alert(1)</script>',
  '&amp; &lt;',
  '704.5j.',
  'rule 704?',
  '§704',
  'E. Honda, Sumo Champion',
  ' ',
  '',
  'x'.repeat(4000),
  '"'.repeat(4000),
  '('.repeat(2000) + ')'.repeat(2000),
  'a '.repeat(2000),
  '🂡'.repeat(2000)
]

/** Pieces random queries are made of: words, operators, marks, scripts, controls, surrogates. */
const pieces = [
  'legend',
  'rule',
  'trample',
  'deathtuch',
  'ETB',
  'the',
  'AND',
  'OR',
  'NOT',
  'and',
  '"',
  '(',
  ')',
  '*',
  '-',
  '—',
  '.',
  '?',
  '!',
  ',',
  ':',
  ';',
  "'",
  '/',
  '\\',
  '%',
  '&',
  '<',
  '>',
  ' ',
  ' ',
  ' ',
  '\t',
  '\n',
  '伝説',
  'قاعدة',
  'כלל',
  '👍',
  '🂡',
  '\u0301',
  '\u200d',
  '\u202e',
  '\u0000',
  '\u001b',
  '\ud800',
  '\udc00',
  '704.5j',
  '10',
  'X/X'
]

/** A random query of `count` pieces. */
function randomQuery(random: () => number, count: number): string {
  let query = ''
  for (let index = 0; index < count; index++) {
    const roll = random()
    // Mostly pieces; now and then any UTF-16 code unit at all.
    query += roll < 0.9 ? pieces[Math.floor(random() * pieces.length)] : String.fromCharCode(Math.floor(random() * 0x10000))
  }
  return query
}

/** What a URL can carry: a lone surrogate has no UTF-8, so a client sends U+FFFD for it. */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
}

/** The shape every answer has, whatever the query. */
function expectAnswer(result: SearchResult, query: string, mode: SearchMode): void {
  expect(result.query, JSON.stringify(query)).toBe(query)
  expect(Array.isArray(result.hits)).toBe(true)
  expect(result.total).toBeGreaterThanOrEqual(result.hits.length)
  expect(['query', 'text']).toContain(result.readAs)
  if (mode === 'text') expect(result.readAs).toBe('text')
  if (!/[\p{L}\p{N}]/u.test(query))
    expect(result, JSON.stringify(query)).toMatchObject({ total: 0, note: 'the query has no word to search for (no letter or digit)' })
}

describe.skipIf(!archiveAvailable())('search answers any text', () => {
  const archive = useArchiveApp()

  const seed = 23
  const random = generator(seed)
  const randoms = Array.from({ length: 150 }, (_, index) => randomQuery(random, index % 50 === 49 ? 600 : 1 + Math.floor(random() * 30)))

  it('answers every nasty and random query in auto and text mode, and in query mode answers or says E_BAD_QUERY', () => {
    for (const [index, query] of [...nasty, ...randoms].entries()) {
      const label = `${index < nasty.length ? 'nasty' : `random (seed ${seed})`} ${JSON.stringify(query.slice(0, 100))}`
      for (const mode of ['auto', 'text'] as const) {
        let result: SearchResult
        try {
          result = search(archive.db, query, { mode, limit: 5 })
        } catch (error) {
          throw new Error(`${mode}: ${label} threw ${(error as Error).message}`)
        }
        expectAnswer(result, query, mode)
      }
      try {
        expectAnswer(search(archive.db, query, { mode: 'query', limit: 5 }), query, 'query')
      } catch (error) {
        expect(error, label).toBeInstanceOf(CrdbError)
        expect((error as CrdbError).code, label).toBe('E_BAD_QUERY')
        expect((error as CrdbError).message, label).not.toContain('\n')
      }
    }
  })

  it('refuses a query over 4,000 characters in every mode', () => {
    for (const mode of ['auto', 'text', 'query'] as const) {
      expect(() => search(archive.db, 'a'.repeat(4001), { mode }), mode).toThrow(/^search query "a{80}…": it is 4001 characters long; the limit is 4000/)
    }
  })

  it('answers every one with 200 in /v1/search and on the page, escaped', async () => {
    for (const [index, query] of [...nasty, ...randoms.slice(0, 60)].entries()) {
      const sent = wellFormed(query)
      const label = `${index < nasty.length ? 'nasty' : `random (seed ${seed})`} ${JSON.stringify(sent.slice(0, 100))}`
      const api = await archive.app.request(`/v1/search?q=${encodeURIComponent(sent)}&limit=3`)
      expect(api.status, label).toBe(200)
      const body = (await api.json()) as SearchResult
      expect(body.query, label).toBe(sent)
      expect(body.hits.length, label).toBeLessThanOrEqual(3)
      const page = await archive.app.request(`/search?q=${encodeURIComponent(sent)}`)
      // A rule number goes straight to its rule.
      expect([200, 302], label).toContain(page.status)
      if (page.status === 200) {
        const text = await page.text()
        expect(text, label).toContain('<form method="get" action="/search"')
        expect(text, label).not.toContain('<script>alert(1)')
      }
    }
  })
})
