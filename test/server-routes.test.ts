/**
 * The HTTP app in-process (`app.request()`) on the whole archive: every `/v1`
 * route and every page, with good and bad inputs; the JSON is what the CLI's
 * `--json` prints; errors carry the CLI's codes and the right statuses.
 */
import { findMissingBetween } from '../src/query/gaps.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import type { Hono } from 'hono'
import { runCli } from '../src/cli.js'
import { openRules } from '../src/engine/rules.js'
import { listEras } from '../src/query/eras.js'
import { diffEditions } from '../src/query/diff.js'
import { listEditions, resolveEdition } from '../src/query/editions.js'
import { readEditionText } from '../src/query/export.js'
import { findCitationSpans, getNeighbours, getReferences, getRule, getSubtree } from '../src/query/get.js'
import { getTerm, listTerms } from '../src/query/glossary.js'
import { ruleHistory } from '../src/query/history.js'
import { search } from '../src/query/search.js'
import { listSources } from '../src/query/sources.js'
import { createApp } from '../src/server/app.js'
import { maxBodyBytes } from '../src/server/api.js'
import { startServer, type RunningServer } from '../src/server/node.js'
import { openApiDocument } from '../src/server/openapi.js'
import { publishSources } from '../src/server/public-source.js'
import { createState } from '../src/server/state.js'
import { join } from 'node:path'
import { driverOf, openDatabase, type Crdb } from '../src/store/database.js'
import { markDerivedStale } from '../src/store/derived-state.js'
import { archiveAvailable, openArchiveDatabase, temporaryFolder } from './helpers.js'
import { checkAnswers, type ConformanceLog, type OpenApiDocument } from './openapi-conformance.js'

/** What `crdb --json ...args` prints, parsed. */
async function cliJson(args: string[]): Promise<unknown> {
  let out = ''
  let err = ''
  const code = await runCli(['--db', inject('archiveDatabase')!, '--json', ...args], { out: (text) => (out += text), err: (text) => (err += text) })
  if (code !== 0) throw new Error(`crdb ${args.join(' ')} exited ${code}: ${err}`)
  return JSON.parse(out)
}

/** What `crdb --db DATABASE --json ...args` prints and exits with, whether or not it fails. */
async function cliRun(database: string, args: string[]): Promise<{ code: number; json: any; err: string }> {
  let out = ''
  let err = ''
  const code = await runCli(['--db', database, '--json', ...args], { out: (text) => (out += text), err: (text) => (err += text) })
  return { code, json: out ? JSON.parse(out) : undefined, err }
}

const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

/** The document as `/openapi.json` serves it (a test below checks that it does). */
const document = roundTrip(openApiDocument) as OpenApiDocument

const board = {
  players: [
    { id: 'alice', life: 0 },
    { id: 'bob', life: 20 }
  ],
  permanents: [{ id: 'c1', name: 'Grizzly Bears', controller: 'bob', types: ['Creature'], power: 2, toughness: 2, damage: 2 }]
}

describe.skipIf(!archiveAvailable())('HTTP app on the archive', () => {
  let db: Crdb
  let app: Hono
  // Every /v1 answer of these tests is checked against the OpenAPI document as it is made.
  let conformance: ConformanceLog
  /** An answer as `/v1` gives it: each source as its edition and official source, not the path (the CLI's `uri`). */
  let published: (answer: unknown) => unknown
  beforeAll(() => {
    db = openArchiveDatabase()!
    app = createApp({ db, version: 'test' })
    conformance = checkAnswers(app, document)
    const state = createState(db, 'test')
    published = (answer) => roundTrip(publishSources(state, answer))
  })
  afterAll(() => db?.close())

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await app.request(path, { headers })
    const type = response.headers.get('content-type') ?? ''
    const body = type.includes('json') ? await response.json() : await response.text()
    return { status: response.status, headers: response.headers, body: body as any }
  }
  const expectError = async (path: string, status: number, code: string, init?: RequestInit) => {
    const response = await app.request(path, init)
    expect(response.status, path).toBe(status)
    const body = (await response.json()) as { error: { code: string; message: string } }
    expect(body.error.code, path).toBe(code)
    expect(body.error.message.length).toBeGreaterThan(5)
    expect(body.error.message).not.toContain('\n')
    return body.error.message
  }

  describe('JSON API', () => {
    it('answers the editions, eras and sources as the CLI prints them', async () => {
      expect((await get('/v1/editions')).body).toEqual(published(listEditions(db)))
      expect((await get('/v1/editions')).body).toEqual(published(await cliJson(['editions'])))
      expect((await get('/v1/eras')).body).toEqual(await cliJson(['eras']))
      expect((await get('/v1/eras')).body).toEqual(roundTrip(listEras(db)))
      expect((await get('/v1/sources')).body).toEqual(published(await cliJson(['sources'])))
      expect((await get('/v1/sources?only=official')).body).toEqual(published(await cliJson(['sources', '--official'])))
      expect((await get('/v1/sources?only=dumps')).body).toEqual(published(listSources(db, { only: 'dumps' })))
      await expectError('/v1/sources?only=some', 400, 'E_USAGE')
      // A whole edition as data (test/export.test.ts tests the export itself), held to the document here.
      expect((await get('/v1/editions/M10/export')).body).toMatchObject({ edition: '2009-07-11', set: { code: 'M10' } })
      await expectError('/v1/editions/2009-07-12/export', 404, 'E_NOT_FOUND')
    })

    it('answers a rule in any edition, date or era, as crdb get --json does', async () => {
      expect((await get('/v1/rules/704.5j')).body).toEqual(published(await cliJson(['get', '704.5j'])))
      expect((await get('/v1/rules/704.5j?era=2009')).body).toEqual(published(await cliJson(['get', '704.5j', '--era', '2009'])))
      expect((await get('/v1/rules/420.5e?date=2005-01-01')).body).toEqual(published(getRule(db, '420.5e', { date: '2005-01-01' })))
      expect((await get('/v1/rules/100.1?edition=1999-04-23')).body).toEqual(published(getRule(db, '100.1', { edition: '1999-04-23' })))
      // People's spellings of a number work as in the CLI.
      expect((await get('/v1/rules/rule%20704.5J')).body.number).toBe('704.5j')
    })

    it('adds subtree, neighbours, refs and sources in the shapes of the CLI views', async () => {
      const { body } = await get('/v1/rules/704.5?era=2009&include=subtree,neighbours,refs,sources')
      const at = { edition: body.edition }
      expect(body.subtree).toEqual(published(getSubtree(db, '704.5', at)))
      expect(body.subtree).toEqual(published(await cliJson(['get', '704.5', '--subtree', '--era', '2009'])))
      expect(body.neighbours).toEqual(published(getNeighbours(db, '704.5', at)))
      expect(body.refs).toEqual(roundTrip(getReferences(db, '704.5', at)))
      expect(body.sources).toEqual(published(await cliJson(['get', '704.5', '--sources', '--era', '2009'])))
      await expectError('/v1/rules/704.5?include=subtree,everything', 400, 'E_USAGE')
    })

    it('refuses bad numbers, dates, eras and conflicting selectors with the CLI codes', async () => {
      await expectError('/v1/rules/70x.5', 400, 'E_BAD_NUMBER')
      await expectError('/v1/rules/704.5j?date=2010-02-30', 400, 'E_BAD_DATE')
      await expectError('/v1/rules/704.5j?date=yesterday', 400, 'E_BAD_DATE')
      await expectError('/v1/rules/704.5j?era=1850', 400, 'E_BAD_ERA')
      const conflict = await expectError('/v1/rules/704.5j?date=2010-01-01&era=2009', 400, 'E_USAGE')
      expect(conflict).toMatch(/date and era/)
      await expectError('/v1/rules/704.5j?edition=2010-01-01', 404, 'E_NOT_FOUND')
      await expectError('/v1/rules/704.5j?date=1990-01-01', 404, 'E_NOT_FOUND')
      const missing = await expectError('/v1/rules/999.9', 404, 'E_NOT_FOUND')
      expect(missing).toMatch(/nearest: \d/)
    })

    it('carries what crdb --json adds: truncated for a truncated edition, where a moved rule went, why a term is missing', async () => {
      const archive = inject('archiveDatabase')!
      const rule = (await get('/v1/rules/100.1?edition=2013-02-01')).body
      expect(rule.truncated).toBe(true)
      expect(rule).toEqual(published((await cliRun(archive, ['get', '100.1', '--edition', '2013-02-01'])).json))
      expect((await get('/v1/rules/100.1')).body.truncated).toBeUndefined()
      const term = (await get('/v1/glossary/attack%20left%20option?edition=2013-02-01')).body
      expect(term.truncated).toBe(true)
      expect(term).toEqual(published((await cliRun(archive, ['glossary', 'attack', 'left', 'option', '--edition', '2013-02-01'])).json))
      const missing = await expectError('/v1/glossary/untap?edition=2013-02-01', 404, 'E_NOT_FOUND')
      expect(missing).toMatch(/^no glossary term "untap" in the edition of 2013-02-01; the edition of 2013-02-01 is truncated \(/)
      expect((await cliRun(archive, ['glossary', 'untap', '--edition', '2013-02-01'])).err).toContain(`crdb: E_NOT_FOUND: ${missing}\n`)
      // An old number answers with the rule it became, saying so; a rule gone for good says where it went.
      const moved = await get('/v1/rules/420.5e')
      expect(moved.status).toBe(200)
      expect(moved.body).toMatchObject({ number: '704.5j', numbering: { kind: 'translated', asked: '420.5e' } })
      expect(moved.body).toEqual(published((await cliRun(archive, ['get', '420.5e'])).json))
      const gone = await get('/v1/rules/203.1a')
      expect(gone.status).toBe(404)
      expect(gone.body.whereabouts).toMatchObject({ number: '203.1a', lastInForce: '2009-05-01', now: [] })
      expect(gone.body).toEqual((await cliRun(archive, ['get', '203.1a'])).json)
    })

    it('answers a history, forward from an old number too', async () => {
      expect((await get('/v1/rules/704.5j/history')).body).toEqual(published(await cliJson(['history', '704.5j'])))
      const forward = (await get('/v1/rules/420.5e/history?direction=forward')).body
      expect(forward).toEqual(published(await cliJson(['history', '--from', '420.5e'])))
      expect(forward.numbers).toContain('704.5k')
      expect((await get('/v1/rules/704.5j/history?date=2010-01-01')).body).toEqual(published(ruleHistory(db, '704.5j', { at: { date: '2010-01-01' } })))
      await expectError('/v1/rules/704.5j/history?direction=sideways', 400, 'E_USAGE')
      await expectError('/v1/rules/999.9/history', 404, 'E_NOT_FOUND')
    })

    it('answers the glossary and its terms', async () => {
      expect((await get('/v1/glossary?era=2009')).body).toEqual(await cliJson(['glossary', '--list', '--era', '2009']))
      expect((await get('/v1/glossary')).body).toEqual(roundTrip(listTerms(db)))
      expect((await get('/v1/glossary/LIFE%20TOTAL?era=2003')).body).toEqual(published(await cliJson(['glossary', 'life', 'total', '--era', '2003'])))
      expect((await get('/v1/glossary/legend%20rule')).body).toEqual(published(getTerm(db, 'legend rule')))
      const unknown = await expectError('/v1/glossary/zzzz%20qqqq', 404, 'E_NOT_FOUND')
      expect(unknown).toContain('zzzz qqqq')
    })

    it('searches with the CLI options, and refuses malformed searches', async () => {
      expect((await get('/v1/search?q=legend%20rule')).body).toEqual(await cliJson(['search', 'legend', 'rule']))
      expect((await get('/v1/search?q=deathtouch&era=2009&kind=rule,term&limit=3')).body).toEqual(
        roundTrip(search(db, 'deathtouch', { at: { era: '2009' }, kinds: ['rule', 'term'], limit: 3 }))
      )
      expect((await get('/v1/search?q=mana%20burn&all=true&section=3')).body).toEqual(await cliJson(['search', 'mana', 'burn', '--all', '--section', '3']))
      // Read as text, an unclosed quote is punctuation; read as a query (mode=query), a syntax error.
      expect((await get('/v1/search?q=%22legend')).body).toEqual(await cliJson(['search', '"legend']))
      expect((await get('/v1/search?q=%22legend%20rule%22&mode=text')).body).toEqual(roundTrip(search(db, '"legend rule"', { mode: 'text' })))
      await expectError('/v1/search?q=%22legend&mode=query', 400, 'E_BAD_QUERY')
      await expectError(`/v1/search?q=${'x'.repeat(4001)}`, 400, 'E_BAD_QUERY')
      // A query with no word is not malformed: no hits, and a note.
      expect((await get('/v1/search?q=')).body).toMatchObject({ total: 0, hits: [], note: 'the query has no word to search for (no letter or digit)' })
      await expectError('/v1/search?q=x&mode=exact', 400, 'E_USAGE')
      await expectError('/v1/search', 400, 'E_USAGE')
      await expectError('/v1/search?q=x&all=true&era=2009', 400, 'E_USAGE')
      await expectError('/v1/search?q=x&limit=0', 400, 'E_USAGE')
      await expectError('/v1/search?q=x&limit=ten', 400, 'E_USAGE')
      await expectError('/v1/search?q=x&kind=card', 400, 'E_USAGE')
      await expectError('/v1/search?q=x&all=maybe', 400, 'E_USAGE')
      await expectError('/v1/search?q=x&section=7x', 400, 'E_BAD_NUMBER')
    })

    it('diffs any two editions, dates or eras', async () => {
      const diff = (await get('/v1/diff?from=2009-05-01&to=2009-07-11&section=704')).body
      expect(diff).toEqual(await cliJson(['diff', '2009-05-01', '2009-07-11', '--section', '704']))
      expect(diff.changes.some((change: any) => change.from?.number === '420.5e' && change.to?.number === '704.5k')).toBe(true)
      const summary = (await get('/v1/diff?from=2003&to=2024&summary=true')).body
      const full = diffEditions(db, { era: '2003' }, { era: '2024' })
      // Editions not held between the two (2003-12-01 and 2024-11-08) are named, as crdb diff --json names them.
      const notHeld = findMissingBetween(db, full.from, full.to)
      expect(notHeld.length).toBeGreaterThan(0)
      expect(summary).toEqual(roundTrip({ ...full, changes: undefined, terms: full.terms && { summary: full.terms.summary }, notHeld }))
      expect(summary.changes).toBeUndefined()
      await expectError('/v1/diff?from=2009-05-01', 400, 'E_USAGE')
      await expectError('/v1/diff?from=2009-05-01&to=someday', 400, 'E_BAD_DATE')
      await expectError('/v1/diff?from=1990-01-01&to=2009-07-11', 404, 'E_NOT_FOUND')
    })

    it("answers an era's checks and one check", async () => {
      expect((await get('/v1/checks?era=2009')).body).toEqual(published(await cliJson(['era', '2009', '--checks'])))
      const legend = (await get('/v1/checks/legend-rule?era=2003&history=true')).body
      expect(legend).toEqual(published(await cliJson(['check', 'legend-rule', '--era', '2003', '--history'])))
      expect(legend.number).toBe(
        openRules(db, { era: '2003' }).check('legend-rule').inForce ? (openRules(db, { era: '2003' }).check('legend-rule') as any).number : undefined
      )
      await expectError('/v1/checks/no-such-check', 404, 'E_NOT_FOUND')
      await expectError('/v1/checks?era=1492', 400, 'E_BAD_ERA')
    })

    it('performs state-based actions on a posted state, and refuses bad bodies', async () => {
      const post = (body: BodyInit, type = 'application/json', query = '?era=2009') =>
        app.request(`/v1/sba${query}`, { method: 'POST', body, headers: { 'content-type': type } })
      const response = await post(JSON.stringify(board))
      expect(response.status).toBe(200)
      const result = (await response.json()) as any
      expect(result.era).toBe('2009')
      expect(result.events.map((event: any) => event.subject.id).sort()).toEqual(['alice', 'c1'])
      for (const event of result.events) expect(event.rules[0].number).toMatch(/^704\.5/)
      expect(result.state.players.find((player: any) => player.id === 'alice').lost).toBe(true)
      expect((await post(JSON.stringify(board), 'text/plain')).status).toBe(415)
      expect(((await (await post(JSON.stringify(board), 'text/plain')).json()) as any).error.code).toBe('E_MEDIA_TYPE')
      const big = await post(JSON.stringify({ ...board, padding: 'x'.repeat(maxBodyBytes) }))
      expect(big.status).toBe(413)
      expect(((await big.json()) as any).error.code).toBe('E_TOO_LARGE')
      const broken = await post('{"players": [')
      expect(broken.status).toBe(400)
      expect(((await broken.json()) as any).error.code).toBe('E_BAD_STATE')
      const invalid = await post(JSON.stringify({ players: [{ id: 'a', life: 'many' }], permanents: [] }))
      expect(invalid.status).toBe(400)
      expect(((await invalid.json()) as any).error.message).toContain('players[0].life')
      expect((await post(JSON.stringify(board), 'application/json', '?era=2009&date=2010-01-01')).status).toBe(400)
    })

    it('answers 405 for a wrong method and 404 for an unknown route, as JSON', async () => {
      const wrong = await app.request('/v1/rules/704.5j', { method: 'DELETE' })
      expect(wrong.status).toBe(405)
      expect(wrong.headers.get('allow')).toContain('GET')
      expect(((await wrong.json()) as any).error.code).toBe('E_METHOD')
      expect((await app.request('/v1/sba', { method: 'GET' })).status).toBe(405)
      await expectError('/v1/rulez/704.5j', 404, 'E_NO_ROUTE')
      await expectError('/v1', 404, 'E_NO_ROUTE')
    })

    it('tags answers with the content ETag (304 on If-None-Match), Cache-Control and CORS', async () => {
      const first = await app.request('/v1/rules/704.5j')
      const tag = first.headers.get('etag')!
      expect(tag).toMatch(/^"[\w-]{10,}"$/)
      expect(first.headers.get('cache-control')).toMatch(/max-age=\d+/)
      expect(first.headers.get('access-control-allow-origin')).toBe('*')
      expect((await app.request('/rules/100.1')).headers.get('etag')).toBe(tag)
      const again = await app.request('/v1/rules/704.5j', { headers: { 'if-none-match': tag } })
      expect(again.status).toBe(304)
      expect(await again.text()).toBe('')
      expect((await app.request('/v1/rules/704.5j', { headers: { 'if-none-match': '"other"' } })).status).toBe(200)
      // A different database content gives a different tag.
      const other = createApp({ db, version: 'another version' })
      expect((await other.request('/v1/rules/704.5j')).headers.get('etag')).not.toBe(tag)
      const preflight = await app.request('/v1/rules/704.5j', {
        method: 'OPTIONS',
        headers: { origin: 'https://example.org', 'access-control-request-method': 'GET' }
      })
      expect(preflight.status).toBe(204)
      expect(preflight.headers.get('access-control-allow-methods')).toContain('GET')
    })

    it('answers again from what it kept: the same bytes and headers, 304 on If-None-Match, HEAD without a body', async () => {
      for (const path of ['/v1/rules/704.5k?era=2009', '/rules/704.5k?era=2009', '/v1/search?q=legend%20rule&limit=3']) {
        const first = await app.request(path)
        const firstBody = await first.text()
        const second = await app.request(path)
        expect(await second.text(), path).toBe(firstBody)
        expect([...second.headers].sort(), path).toEqual([...first.headers].sort())
        expect(second.headers.get('content-length'), path).toBe(String(Buffer.byteLength(firstBody)))
        const tag = second.headers.get('etag')!
        const notModified = await app.request(path, { headers: { 'if-none-match': `"other", W/${tag}` } })
        expect(notModified.status, path).toBe(304)
        expect(notModified.headers.get('access-control-allow-origin')).toBe('*')
        const head = await app.request(path, { method: 'HEAD' })
        expect(head.status, path).toBe(200)
        expect(head.headers.get('etag')).toBe(tag)
        expect(await head.text()).toBe('')
      }
      // Errors are not kept: a bad input is refused each time, with Cache-Control.
      for (let round = 0; round < 2; round++) {
        const refused = await app.request('/v1/rules/70x.5')
        expect(refused.status).toBe(400)
        expect(refused.headers.get('cache-control')).toMatch(/max-age/)
        expect(refused.headers.get('etag')).toBeNull()
      }
    })

    it('documents every route in the OpenAPI document, and only those', async () => {
      const document = (await get('/openapi.json')).body
      expect(document.openapi).toBe('3.1.0')
      const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>)
        .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
        .sort()
      const routes = [
        ...new Set(
          app.routes
            .filter((route) => route.path.startsWith('/v1/') && route.method !== 'ALL')
            .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`)
        )
      ].sort()
      expect(documented).toEqual(routes)
      expect(document).toEqual(roundTrip(openApiDocument))
      // The routes of stable ids and citations (tested in server-numbers.test.ts), once here too.
      const id = getRule(db, '704.5j').id!
      expect((await get(`/v1/id/${id}`)).body.id).toBe(id)
      const cited = await app.request('/v1/cite', {
        method: 'POST',
        body: JSON.stringify({ text: 'CR 704.5j' }),
        headers: { 'content-type': 'application/json' }
      })
      expect(cited.status).toBe(200)
      // The tests above checked a success answer of every route against it, and error answers.
      for (const operation of routes) expect(conformance.checked.get(`${operation} 200`), operation).toBeGreaterThan(0)
      expect(conformance.checked.get('GET /v1/rules/{number} 404')).toBeGreaterThan(0)
      expect(conformance.checked.get('POST /v1/sba 415')).toBeGreaterThan(0)
      for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
        for (const name of path.match(/\{(\w+)\}/g) ?? []) {
          for (const operation of Object.values(methods))
            expect(
              operation.parameters.some((parameter: any) => `{${parameter.name}}` === name && parameter.in === 'path'),
              `${path} ${name}`
            ).toBe(true)
        }
      }
    })
  })

  it('serves an Atom feed of the newest editions, each linking to its diff', async () => {
    const response = await app.request('http://crdb.test/feed.xml')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/atom\+xml/)
    const xml = await response.text()
    const editions = listEditions(db).map((edition) => edition.effectiveDate)
    const entries = [...xml.matchAll(/<entry>[\s\S]*?<\/entry>/g)].map((match) => match[0])
    expect(entries).toHaveLength(20)
    const [newest, previous] = [editions.at(-1)!, editions.at(-2)!]
    expect(entries[0]).toContain(`<title>Comprehensive Rules of ${newest}`)
    // Root-relative: the host the request named (crdb.test) is never written into an answer.
    expect(entries[0]).toContain(`<link href="/diff?from=${previous}&amp;to=${newest}"/>`)
    expect(entries[0]).toMatch(/<summary>\d+ rules, \d+ glossary terms; \d+ added, \d+ removed, \d+ changed/)
    expect(entries[19]).toContain(`Comprehensive Rules of ${editions.at(-20)}`)
    expect((await app.request(`/diff?from=${previous}&to=${newest}`)).status).toBe(200)
  })

  describe('pages', () => {
    const page = async (path: string, status = 200) => {
      const response = await app.request(path)
      expect(response.status, path).toBe(status)
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
      return response.text()
    }

    it('home: search, picker, the editions chart with a link per edition, and the table', async () => {
      const html = await page('/')
      const editions = listEditions(db)
      expect(html).toContain('<form class="big-search"')
      expect(html).toContain('<svg')
      for (const edition of editions) expect(html).toContain(`href="/cr?edition=${edition.effectiveDate}"`)
      expect(html).toContain('href="/eras/2009"')
      expect(html).toContain('name="edition"')
      expect(html).toContain('name="date"')
    })

    it('rule: text, examples, links on citations to the same edition, neighbours, provenance, history and diff links', async () => {
      const rule = getRule(db, '704.5j', { era: '2009' })
      const html = await page('/rules/704.5j?era=2009')
      expect(html).toContain(rule.text.replace(/"/g, '&quot;').replace(/'/g, '&#39;'))
      expect(html).toContain(`line ${rule.source.line}`)
      const around = getNeighbours(db, '704.5j', { era: '2009' })
      expect(html).toContain(`href="/rules/${around.previous!.number}?edition=${rule.edition}"`)
      expect(html).toContain(`href="/rules/${around.next!.number}?edition=${rule.edition}"`)
      expect(html).toMatch(/href="\/diff\?from=[\d-]+&amp;to=[\d-]+&amp;section=704#change-704\.5[jk]"/)
      // A rule citing another: 704.3 cites rule 704.5 (and others) in every modern edition.
      const citing = getRule(db, '704.3', { era: '2024' })
      const cited = getReferences(db, '704.3', { era: '2024' })
      const text = await page('/rules/704.3?era=2024')
      for (const reference of cited.filter((r) => r.found)) expect(text).toContain(`href="/rules/${reference.number}?edition=${citing.edition}"`)
      const example = getRule(db, '704.5', { era: '2024' })
      expect(await page('/rules/704?era=2024')).toContain(`href="/rules/${example.number}?edition=${example.edition}"`)
    })

    it('rule: an old number says where the rule went, an unknown one suggests the nearest', async () => {
      const html = await page('/rules/420.5e')
      const now = getRule(db, '704.5j')
      expect(html).toContain(`href="/rules/704.5j?edition=${now.edition}"`)
      expect(html).toContain(`<p class="notice">420.5e (edition of 2009-05-01) is numbered 704.5j in the edition of ${now.edition}.`)
      // The rule numbered 704.5j today was 420.5e in 2003.
      const then = await page('/rules/704.5j?era=2003')
      const old = getRule(db, '420.5e', { era: '2003' })
      expect(then).toContain(`href="/rules/420.5e?edition=${old.edition}"`)

      const unknown = await page('/rules/999.9', 404)
      expect(unknown).toMatch(/Nearest rules: <a href="\/rules\/\d/)
      const bad = await page('/rules/70x', 400)
      expect(bad).toContain('E_BAD_NUMBER')
      expect(await page('/rules/704.5j?date=2010-01-01&era=2009', 400)).toContain('E_USAGE')
    })

    it('history: every wording with its changes and a diff link', async () => {
      const history = ruleHistory(db, '704.5j')
      const html = await page('/history/704.5j')
      expect(html.match(/<section class="change"/g)?.length).toBe(history.steps.length)
      expect(html).toContain('<del>')
      expect(html).toContain('<ins>')
      await page('/history/999.9', 404)
    })

    it('whole edition: contents, an anchor on every rule and term, citations within the page', async () => {
      const html = await page('/cr?era=2003')
      const edition = getRule(db, '420.5e', { era: '2003' }).edition
      expect(html).toContain(`edition of ${edition}`)
      const rules = listEditions(db).find((e) => e.effectiveDate === edition)!.rules
      expect(html.match(/class="cr-rule /g)?.length).toBe(rules)
      expect(html).toContain('id="r420.5e"')
      expect(html).toContain('href="#r420.5"')
      expect(html.match(/<dt id="term-/g)?.length).toBe(listTerms(db, { edition }).length)
      await page('/cr?edition=2000-01-01', 404)
    })

    it('a citation written twice in one rule is a link each time, on the whole edition and the rule page', async () => {
      const edition = resolveEdition(db, { era: '2003' })
      // The rules whose text cites with the same words twice ("see rule 420 ... see rule 420").
      const twice = readEditionText(db, edition).rules.filter((rule) => {
        const phrases = findCitationSpans(rule.text).map((span) => rule.text.slice(span.start, span.end))
        return new Set(phrases).size < phrases.length
      })
      expect(twice.length).toBeGreaterThan(0)
      const whole = await page(`/cr?edition=${edition}`)
      for (const rule of twice) {
        const cited = findCitationSpans(rule.text).flatMap((span) => span.numbers.map((number) => number.from))
        const div = whole.slice(whole.indexOf(`id="r${rule.number}"`), whole.indexOf('</div>', whole.indexOf(`id="r${rule.number}"`)))
        expect(div.match(/<a href="#r[^"]+">/g)?.length, rule.number).toBe(cited.length)
        const rulePage = await page(`/rules/${rule.number}?edition=${edition}`)
        const text = rulePage.slice(rulePage.indexOf('<p class="rule-text">'), rulePage.indexOf('</p>', rulePage.indexOf('<p class="rule-text">')))
        expect(text.match(/<a href="\/rules\//g)?.length, rule.number).toBe(cited.length)
      }
    })

    it('diff: counts, moves as old → new, anchors, filters', async () => {
      const diff = diffEditions(db, { edition: '2009-05-01' }, { edition: '2009-07-11' })
      const html = await page('/diff?from=2009-05-01&to=2009-07-11')
      expect(html).toContain(`only=moved">${diff.summary.moved} moved</a></li>`)
      // 1,691 changes: the first page of 200 (paging is tested in server-diff-pages.test.ts).
      expect(html.match(/<section class="change"/g)?.length).toBe(Math.min(diff.changes.length, 200))
      const section7 = await page('/diff?from=2009-05-01&to=2009-07-11&section=704')
      expect(section7).toContain('id="change-704.5k"')
      expect(section7).toMatch(/420\.5e<\/a> → <a href="\/rules\/704\.5k\?edition=2009-07-11">704\.5k<\/a>/)
      const filtered = await page('/diff?from=2009-05-01&to=2009-07-11&hide=references&hide=examples&section=704')
      const kept = diffEditions(db, { edition: '2009-05-01' }, { edition: '2009-07-11' }, { section: '704' }).changes.filter(
        (change) => !change.referencesOnly && !change.examplesOnly
      )
      expect(filtered.match(/<section class="change"/g)?.length).toBe(kept.length)
      expect(await page('/diff')).toContain('<form method="get" action="/diff"')
      await page('/diff?from=2009-05-01&to=nonsense', 400)
    })

    it('glossary, a term, search with highlights, eras', async () => {
      const terms = listTerms(db, { era: '2009' })
      const list = await page('/glossary?era=2009')
      expect(list.match(/<li><a href="\/glossary\//g)?.length).toBe(terms.length)
      const term = await page('/glossary/legend%20rule')
      expect(term).toContain('href="/rules/704.5j?edition=')
      await page('/glossary/zzzz', 404)
      const found = await page('/search?q=legend%20rule')
      const hits = search(db, 'legend rule', { limit: 50 })
      expect(found.match(/<li><a href="\/(?:rules|glossary)\//g)?.length).toBe(hits.hits.length)
      expect(found).toContain('<mark>')
      expect(await page('/search?q=%22legend&mode=query', 400)).toContain('E_BAD_QUERY')
      const unclosed = await page('/search?q=%22legend')
      expect(unclosed).toContain('<li class="reading">read as text (it has an unclosed quote)')
      expect(unclosed).toContain('<option value="auto" selected>')
      expect(await page('/search?q=%22rule%20legend%22&mode=query')).toContain(
        '<li class="fallback">the exact query found nothing: showing ranked results for its words (rule legend)</li>'
      )
      const typo = await page('/search?q=deathtuch')
      expect(typo).toContain('<li class="corrections">showing results for <strong>deathtouch</strong> (not deathtuch)</li>')
      expect(await page('/search?q=ETB%20trigger')).toContain('<li class="expansion"><strong>ETB</strong> read as enters the battlefield</li>')
      expect(await page('/search?q=%3Cscript%3E%20zqxjv%20trample')).toContain('<li class="unknown">not in the rules, left out: script zqxjv</li>')
      expect(await page('/search?q=***')).toContain('<li class="reading">the query has no word to search for (no letter or digit)</li>')
      expect(await page('/search?q=x&mode=exact', 400)).toContain('E_USAGE')
      expect(await page('/search')).toContain('name="q"')
      const era = await page('/eras/2003')
      expect(era).toContain(`href="/rules/${(openRules(db, { era: '2003' }).check('legend-rule') as any).number}?edition=`)
      expect(await page('/eras')).toContain('href="/eras/2024"')
      await page('/eras/1850', 400)
    })

    it('answers unknown pages and wrong methods with an HTML page, and serves the stylesheet', async () => {
      expect(await page('/no/such/page', 404)).toContain('E_NO_ROUTE')
      const posted = await app.request('/rules/704.5j', { method: 'POST' })
      expect(posted.status).toBe(405)
      const css = await app.request('/style.css')
      expect(css.headers.get('content-type')).toMatch(/^text\/css/)
      expect(await css.text()).toContain('prefers-color-scheme:dark')
    })
  })
})

describe.skipIf(!archiveAvailable())('HTTP app on a database file that changes under it', () => {
  let folder: ReturnType<typeof temporaryFolder>
  let path: string
  let reader: Crdb | undefined
  beforeAll(async () => {
    folder = temporaryFolder()
    path = join(folder.dir, 'copy.sqlite')
    const source = openArchiveDatabase()!
    await driverOf(source).backup(path)
    source.close()
  })
  afterAll(() => {
    reader?.close()
    folder?.cleanup()
  })

  it('says stale as crdb --json does, and answers anew when the file changes, with a new ETag', async () => {
    reader = openDatabase(path, { readonly: true })
    const app = createApp({ db: reader, version: 'test' })
    checkAnswers(app, document)
    const json = async (url: string, headers: Record<string, string> = {}) => {
      const response = await app.request(url, { headers })
      return { status: response.status, tag: response.headers.get('etag'), body: response.status === 200 ? ((await response.json()) as any) : undefined }
    }
    const urls = {
      history: '/v1/rules/704.5j/history',
      diff: '/v1/diff?from=2009-05-01&to=2009-07-11&summary=true',
      sources: '/v1/rules/704.5j?include=sources'
    }
    const before = { history: await json(urls.history), diff: await json(urls.diff), sources: await json(urls.sources) }
    for (const answer of Object.values(before)) expect(answer.body.stale).toBeUndefined()

    // What a build killed between storing an edition and deriving from it leaves.
    const writer = openDatabase(path)
    markDerivedStale(writer, ['lineage'])
    writer.close()
    const history = await json(urls.history)
    expect(history.body.stale).toBe(true)
    expect(history.body).toEqual(roundTrip(publishSources(createState(reader, 'test'), (await cliRun(path, ['history', '704.5j'])).json)))
    expect(history.tag).not.toBe(before.history.tag)
    expect((await json(urls.history, { 'if-none-match': before.history.tag! })).status).toBe(200)
    expect((await json(urls.diff)).body.stale).toBe(true)
    expect((await json(urls.sources)).body.stale).toBeUndefined()

    const again = openDatabase(path)
    markDerivedStale(again, ['reconciliation'])
    again.close()
    expect((await json(urls.sources)).body.stale).toBe(true)
  })
})

describe.skipIf(!archiveAvailable())('the server on loopback', () => {
  let server: RunningServer | undefined
  afterAll(() => server?.close())

  it('answers a URL asked for again as the app did the first time, before the app, and logs it', async () => {
    const lines: string[] = []
    server = await startServer({ databasePath: inject('archiveDatabase')!, port: 0, log: (line) => lines.push(line) })
    for (const path of ['/v1/rules/704.5k?era=2009', '/rules/704.5k?era=2009', '/feed.xml']) {
      const first = await fetch(server.url + path)
      const firstBody = await first.text()
      const second = await fetch(server.url + path)
      expect(await second.text(), path).toBe(firstBody)
      const headers = (response: Response) => [...response.headers].filter(([name]) => name !== 'date').sort()
      expect(headers(second), path).toEqual(headers(first))
      const tag = second.headers.get('etag')!
      const notModified = await fetch(server.url + path, { headers: { 'if-none-match': tag } })
      expect(notModified.status, path).toBe(304)
      const head = await fetch(server.url + path, { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(head.headers.get('content-length')).toBe(first.headers.get('content-length'))
      expect(await head.text()).toBe('')
    }
    // The feed's links name no host: asked through another, it is the same feed.
    const feed = await (await fetch(server.url + '/feed.xml')).text()
    const other = await fetch(server.url.replace('127.0.0.1', 'localhost') + '/feed.xml')
    expect(await other.text()).toBe(feed)
    expect(feed).not.toMatch(/localhost|127\.0\.0\.1/)
    expect(lines).toHaveLength(14)
    expect(lines.filter((line) => /^GET \/rules\/704\.5k 200 \d+\.\dms$/.test(line))).toHaveLength(2)
    expect(lines.filter((line) => /^GET \/rules\/704\.5k 304 /.test(line))).toHaveLength(1)
  })
})

describe('crdb serve on the command line', () => {
  const run = async (args: string[]) => {
    let err = ''
    const code = await runCli(args, { out: () => {}, err: (text) => (err += text) })
    return { code, err }
  }

  it('refuses a bad port and a missing database with one-line errors', async () => {
    const port = await run(['--db', 'db/crdb.sqlite', 'serve', '--port', '99999'])
    expect(port.code).toBe(2)
    expect(port.err).toMatch(/^crdb: E_USAGE: --port "99999": expected a whole number from 0 to 65535\n$/)
    const missing = await run(['--db', '/nonexistent/crdb.sqlite', 'serve', '--port', '0'])
    expect(missing.code).toBe(1)
    expect(missing.err).toMatch(/^crdb: E_DB: \/nonexistent\/crdb\.sqlite: cannot open database/)
  })
})
