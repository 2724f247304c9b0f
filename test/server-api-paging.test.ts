/**
 * `/v1` for bots (issue 24, item 10): a rule read by name as `crdb get NAME`
 * reads it, search scoped to every edition or a range of days and paged with
 * `offset`, and a long subtree paged with `limit` and `cursor`; every new
 * parameter opt-in (an answer without it is as before), every answer checked
 * against the OpenAPI document.
 */
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { runCli } from '../src/cli.js'
import { getRule, getSubtree } from '../src/query/get.js'
import { search } from '../src/query/search.js'
import { createApp } from '../src/server/app.js'
import { openApiDocument } from '../src/server/openapi.js'
import type { Crdb } from '../src/store/database.js'
import { archiveAvailable, openArchiveDatabase } from './helpers.js'
import { checkAnswers, type OpenApiDocument } from './openapi-conformance.js'

const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

/** What `crdb --json ...args` prints, parsed. */
async function cliJson(args: string[]): Promise<any> {
  let out = ''
  let err = ''
  const code = await runCli(['--db', inject('archiveDatabase')!, '--json', ...args], { out: (text) => (out += text), err: (text) => (err += text) })
  if (code !== 0) throw new Error(`crdb ${args.join(' ')} exited ${code}: ${err}`)
  return JSON.parse(out)
}

describe.skipIf(!archiveAvailable())('/v1 for bots', () => {
  let db: Crdb
  let app: Hono
  beforeAll(() => {
    db = openArchiveDatabase()!
    app = createApp({ db, version: 'test' })
    checkAnswers(app, JSON.parse(JSON.stringify(openApiDocument)) as OpenApiDocument)
  })
  afterAll(() => db?.close())

  const get = async (path: string) => {
    const response = await app.request(path)
    return { status: response.status, headers: response.headers, body: (await response.json()) as any }
  }
  const expectError = async (path: string, status: number, code: string) => {
    const { status: got, body } = await get(path)
    expect(got, path).toBe(status)
    expect(body.error.code, path).toBe(code)
    expect(body.error.message).not.toContain('\n')
    return body
  }

  it('reads a rule by name as crdb get does, in the edition asked', async () => {
    const trample = await get('/v1/rules/trample')
    expect(trample.status).toBe(200)
    expect(trample.body.number).toBe(getRule(db, '702.19').number)
    expect(trample.body.text).toBe('Trample')
    expect(trample.body.number).toBe((await cliJson(['get', 'trample'])).number)
    // The rule titled Trample in 2003 is another number.
    const old = await get('/v1/rules/trample?era=2003')
    expect(old.body.number).toBe((await cliJson(['get', 'trample', '--era', '2003'])).number)
    expect(old.body.number).not.toBe('702.19')
    // A glossary term is the rule its definition cites; a name read rather than found as typed too.
    expect((await get('/v1/rules/legend%20rule')).body.number).toBe((await cliJson(['get', 'legend rule'])).number)
    expect((await get('/v1/rules/state%20based%20actions')).body.number).toBe('704')
    // With include, the subtree is the named rule's.
    const subtree = (await get('/v1/rules/trample?include=subtree')).body.subtree as Array<{ number: string }>
    expect(subtree.map((rule) => rule.number)).toEqual(getSubtree(db, '702.19').map((rule) => rule.number))
    // Its history too.
    expect((await get('/v1/rules/trample/history')).body.number).toBe('702.19')
    // The page of a name goes to its rule in the edition shown.
    const page = await app.request('/rules/trample?era=2003')
    expect(page.status).toBe(302)
    expect(page.headers.get('location')).toBe(`/rules/${old.body.number}?edition=${old.body.edition}`)
    expect((await app.request('/rules/source')).status).toBe(300)
    expect((await app.request('/rules/zqxjv')).status).toBe(404)
  })

  it('answers an ambiguous name 300 with its candidates, an unknown one 404, a bad one 400', async () => {
    const ambiguous = await expectError('/v1/rules/source', 300, 'E_AMBIGUOUS')
    expect(ambiguous.candidates.length).toBeGreaterThan(1)
    await expectError('/v1/rules/zqxjv%20flurb', 404, 'E_NOT_FOUND')
    await expectError('/v1/rules/704.5zz9', 400, 'E_BAD_NUMBER')
    await expectError(`/v1/rules/${'x'.repeat(500)}`, 400, 'E_BAD_NUMBER')
  })

  it('pages search with offset, opt-in, with Link headers to the next and previous pages', async () => {
    const plain = await get('/v1/search?q=trample&limit=5')
    expect(plain.body).toEqual(roundTrip(search(db, 'trample', { limit: 5 })))
    expect(plain.body).not.toHaveProperty('offset')
    expect(plain.headers.get('link')).toBeNull()
    const ten = search(db, 'trample', { limit: 10 })
    const first = await get('/v1/search?q=trample&limit=5&offset=0')
    expect(first.body.offset).toBe(0)
    expect(first.body.hits).toEqual(roundTrip(ten.hits.slice(0, 5)))
    expect(first.headers.get('link')).toBe('</v1/search?q=trample&limit=5&offset=5>; rel="next"')
    const second = await get('/v1/search?q=trample&limit=5&offset=5')
    expect(second.body.total).toBe(ten.total)
    expect(second.body.hits).toEqual(roundTrip(ten.hits.slice(5, 10)))
    expect(second.headers.get('link')).toContain('</v1/search?q=trample&limit=5&offset=0>; rel="prev"')
    expect(second.headers.get('link')).toContain('rel="next"')
    // The last page has no next; past the end, no hits.
    const last = await get(`/v1/search?q=trample&limit=5&offset=${ten.total - 2}`)
    expect(last.body.hits).toHaveLength(2)
    expect(last.headers.get('link')).not.toContain('rel="next"')
    expect((await get(`/v1/search?q=trample&offset=${ten.total + 10}`)).body.hits).toEqual([])
    // The CLI pages the same.
    expect(second.body).toEqual(await cliJson(['search', 'trample', '--limit', '5', '--offset', '5']))
    await expectError('/v1/search?q=trample&offset=-1', 400, 'E_USAGE')
    await expectError('/v1/search?q=trample&offset=ten', 400, 'E_USAGE')
    await expectError('/v1/search?q=trample&offset=10001', 400, 'E_USAGE')
  })

  it('searches every edition or a range of days', async () => {
    const all = await get('/v1/search?q=mana%20burn&all=true&limit=3&offset=1')
    expect(all.body).toEqual(roundTrip(search(db, 'mana burn', { all: true, limit: 3, offset: 1 })))
    expect(all.body.edition).toBeNull()
    const range = await get('/v1/search?q=mana%20burn&from=2005-01-01&to=2009-12-31')
    expect(range.body).toEqual(await cliJson(['search', 'mana', 'burn', '--from', '2005-01-01', '--to', '2009-12-31']))
    expect(range.body.range).toEqual({ from: expect.stringMatching(/^2004-|^2005-/), to: expect.stringMatching(/^2009-/) })
    expect(range.body.total).toBeGreaterThan(0)
    // Mana burn left the rules in 2010: no hit ranges past it in a range that ends before.
    for (const hit of range.body.hits) expect(hit.validFrom <= '2009-12-31').toBe(true)
    expect((await get('/v1/search?q=mana%20burn&from=2015-01-01')).body.range.to).toBe(search(db, 'x').edition)
    await expectError('/v1/search?q=x&from=2009-13-01', 400, 'E_BAD_DATE')
    await expectError('/v1/search?q=x&from=2009-01-01&all=true', 400, 'E_USAGE')
    await expectError('/v1/search?q=x&to=2009-01-01&era=2009', 400, 'E_USAGE')
    await expectError('/v1/search?q=x&from=2010-01-01&to=2009-01-01', 400, 'E_USAGE')
  })

  it('pages a long subtree with limit and cursor, opt-in', async () => {
    const whole = getSubtree(db, '702')
    expect((await get('/v1/rules/702?include=subtree')).body).not.toHaveProperty('subtreePage')
    const numbers: string[] = []
    let path: string | null = '/v1/rules/702?include=subtree&limit=300'
    let pages = 0
    while (path) {
      const page = await get(path)
      expect(page.status).toBe(200)
      expect(page.body.subtree.length).toBeLessThanOrEqual(300)
      expect(page.body.subtreePage.total).toBe(whole.length)
      numbers.push(...page.body.subtree.map((rule: { number: string }) => rule.number))
      const next = page.body.subtreePage.next as string | null
      const link = page.headers.get('link')
      if (next) expect(link).toBe(`</v1/rules/702?include=subtree&limit=300&cursor=${next}>; rel="next"`)
      else expect(link).toBeNull()
      path = link ? link.slice(1, link.indexOf('>')) : null
      pages++
    }
    expect(pages).toBe(Math.ceil(whole.length / 300))
    expect(numbers).toEqual(whole.map((rule) => rule.number))
    await expectError('/v1/rules/702?include=subtree&cursor=704.5a', 400, 'E_USAGE')
    await expectError('/v1/rules/702?limit=5', 400, 'E_USAGE')
    await expectError('/v1/rules/702?include=subtree&limit=0', 400, 'E_USAGE')
  })
})
