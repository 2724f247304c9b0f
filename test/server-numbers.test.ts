/**
 * The number you hold works on any day, over HTTP: `/v1/rules` and the rule
 * pages follow a number of another era through the lineage, `/v1/id` and
 * `/id` name a rule by its stable id, `/v1/cite` and `/cite` check citations,
 * and a rule number typed into the search page goes to the rule. Every `/v1`
 * answer here is checked against `/openapi.json`.
 */
import type { Hono } from 'hono'
import { inject } from 'vitest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../src/cli.js'
import { citeText } from '../src/query/cite/resolve.js'
import { getRule } from '../src/query/get.js'
import { getLineage } from '../src/query/lineage.js'
import { createApp } from '../src/server/app.js'
import { maxCiteBytes, openApiDocument } from '../src/server/openapi.js'
import { publishSources } from '../src/server/public-source.js'
import { createState } from '../src/server/state.js'
import type { Crdb } from '../src/store/database.js'
import { archiveAvailable, openArchiveDatabase } from './helpers.js'
import { checkAnswers, type ConformanceLog, type OpenApiDocument } from './openapi-conformance.js'

const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

/** What `crdb --json ...args` prints, parsed, whether or not it fails. */
async function cliJson(args: string[]): Promise<unknown> {
  let out = ''
  await runCli(['--db', inject('archiveDatabase')!, '--json', ...args], { out: (text) => (out += text), err: () => {} })
  return JSON.parse(out)
}

describe.skipIf(!archiveAvailable())('numbers, ids and citations over HTTP', () => {
  let db: Crdb
  let app: Hono
  let conformance: ConformanceLog
  /** An answer as `/v1` gives it: each source as its edition and official source, not the path (the CLI's `uri`). */
  let published: (answer: unknown) => unknown
  beforeAll(() => {
    db = openArchiveDatabase()!
    app = createApp({ db, version: 'test' })
    conformance = checkAnswers(app, roundTrip(openApiDocument) as OpenApiDocument)
    const state = createState(db, 'test')
    published = (answer) => roundTrip(publishSources(state, answer))
  })
  afterAll(() => db?.close())

  const get = async (path: string) => {
    const response = await app.request(path)
    const type = response.headers.get('content-type') ?? ''
    return { status: response.status, headers: response.headers, body: (type.includes('json') ? await response.json() : await response.text()) as any }
  }
  const post = async (path: string, body: string, type: string) => {
    const response = await app.request(path, { method: 'POST', body, headers: { 'content-type': type } })
    const answer = response.headers.get('content-type')?.includes('json') ? await response.json() : await response.text()
    return { status: response.status, body: answer as any }
  }

  it('answers any number on any day in /v1/rules, as crdb get --json does', async () => {
    const old = await get('/v1/rules/704.5j?era=2003')
    expect(old.status).toBe(200)
    expect(old.body).toMatchObject({ number: '420.5e', edition: '2003-12-01', numbering: { kind: 'translated', asked: '704.5j' } })
    expect(old.body).toEqual(published(await cliJson(['get', '704.5j', '--era', '2003'])))
    const reused = await get('/v1/rules/502.3?era=2003')
    expect(reused.body).toMatchObject({ number: '502.3', numbering: { kind: 'reused', otherNumbers: ['302.2'] } })
    const numberedAs = await get('/v1/rules/704.5j?era=2009&numbered_as=2026-01-16')
    expect(numberedAs.body).toMatchObject({ number: '704.5k', numbering: { kind: 'translated', numberedAs: '2026-01-16' } })
    expect(numberedAs.body).toEqual(published(await cliJson(['get', '704.5j', '--era', '2009', '--numbered-as', '2026-01-16'])))
    // A split lists its candidates, with 300; a bad numbering is refused with the library's message.
    const split = await get('/v1/rules/103.1?edition=2003-07-01&numbered_as=2003-03-15')
    expect(split.status).toBe(300)
    expect(split.body).toMatchObject({ error: { code: 'E_AMBIGUOUS' }, translation: { status: 'split', numbers: ['103.1', '103.3'] } })
    const bad = await get('/v1/rules/704.5j?numbered_as=yesterday')
    expect(bad.status).toBe(400)
    expect(bad.body.error.code).toBe('E_BAD_DATE')
  })

  it('starts a history asked of a day at the rule the number named then, in /v1, the page and crdb history', async () => {
    const old = await get('/v1/rules/704.5j/history?era=2003')
    expect(old.status).toBe(200)
    expect(old.body).toMatchObject({
      number: '420.5e',
      numbering: { kind: 'translated', asked: '704.5j', note: '704.5j was numbered 420.5e in the edition of 2003-12-01' }
    })
    expect(old.body).toEqual(published(await cliJson(['history', '704.5j', '--era', '2003'])))
    const page = await get('/history/704.5j?era=2003')
    expect(page.status).toBe(200)
    expect(page.body).toContain('<h1>History of 420.5e</h1>\n<p class="notice">704.5j was numbered 420.5e in the edition of 2003-12-01.</p>')
    let out = ''
    const code = await runCli(['--db', inject('archiveDatabase')!, 'history', '704.5j', '--era', '2003'], { out: (text) => (out += text), err: () => {} })
    expect(code).toBe(0)
    expect(out.split('\n').slice(0, 2)).toEqual([
      expect.stringMatching(/^420\.5e: \d+ wordings, numbered 420\.5e -> 704\.5k -> 704\.5j$/),
      '704.5j was numbered 420.5e in the edition of 2003-12-01'
    ])
  })

  it('reads a section of another numbering in /v1/search, /v1/diff and the diff page as the library does', async () => {
    const found = await get('/v1/search?q=legend&era=2003&section=704')
    expect(found.status).toBe(200)
    expect(found.body.sectionNumbering).toEqual({
      asked: '704',
      edition: '2003-12-01',
      numbers: ['420'],
      note: '704 was numbered 420 in the edition of 2003-12-01'
    })
    expect(found.body).toEqual(published(await cliJson(['search', 'legend', '--era', '2003', '--section', '704'])))
    const summary = await get('/v1/diff?from=2002-10-07&to=2003-12-01&section=704&summary=true')
    expect(summary.body).toMatchObject({
      section: '704',
      sectionNumbering: [
        { edition: '2002-10-07', numbers: ['420'] },
        { edition: '2003-12-01', numbers: ['420'] }
      ]
    })
    expect(summary.body.summary).toEqual((await get('/v1/diff?from=2002-10-07&to=2003-12-01&section=420&summary=true')).body.summary)
    const paged = await get('/v1/diff?from=2002-10-07&to=2003-12-01&section=704&limit=5')
    expect(paged.body.sectionNumbering).toEqual(summary.body.sectionNumbering)
    const page = await get('/diff?from=2002-10-07&to=2003-12-01&section=704')
    expect(page.body).toContain('<p class="notice">Section 704 was numbered 420 in the edition of 2002-10-07.</p>')
  })

  it('carries the stable id in a rule answer, and answers /v1/id/{id} before and after a renumbering', async () => {
    const now = (await get('/v1/rules/704.5j')).body
    const then = (await get('/v1/rules/420.5e?date=2004-01-15')).body
    expect(now.id).toBe('1999-04-23_420.5e')
    expect(then.id).toBe(now.id)
    const lineage = await get(`/v1/id/${now.id}`)
    expect(lineage.status).toBe(200)
    expect(lineage.body).toEqual(published(getLineage(db, now.id)))
    expect(lineage.body.inForce.map((rule: { number: string }) => rule.number)).toEqual(['704.5j'])
    const old = await get(`/v1/id/${now.id}?date=2004-01-15`)
    expect(old.body.inForce.map((rule: { number: string }) => rule.number)).toEqual(['420.5e'])
    expect((await get('/v1/id/not-an-id')).status).toBe(400)
    expect((await get('/v1/id/1999-04-23_999.9')).status).toBe(404)
  })

  it('shows the id page and the note on the rule page; old URLs keep working', async () => {
    const id = getRule(db, '704.5j').id!
    const page = await get(`/id/${id}`)
    expect(page.status).toBe(200)
    expect(page.body).toContain(`<h1>${id}</h1>`)
    expect(page.body).toContain('href="/rules/420.5e?edition=')
    expect((await get(`/id/${id}?era=2003`)).body).toContain('href="/rules/420.5e?edition=2003-12-01"')
    const rule = await get('/rules/704.5j?era=2003')
    expect(rule.status).toBe(200)
    expect(rule.body).toContain('<p class="notice">704.5j was numbered 420.5e in the edition of 2003-12-01.')
    expect(rule.body).toContain(`href="/id/${id}"`)
    const split = await get('/rules/103.1?edition=2003-07-01')
    expect(split.status).toBe(200)
  })

  it('checks citations in POST /v1/cite as citeText does, with a size limit', async () => {
    const text = '// CR 420.5e: the legend rule\n// see rules 702.19b-c and MTR 4.2\n'
    const answer = await post('/v1/cite', JSON.stringify({ text, asOf: '2008-01-01' }), 'application/json')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual(roundTrip(citeText(db, text, { asOf: '2008-01-01' })))
    expect(answer.body.findings.map((finding: { number: string }) => finding.number)).toEqual(['420.5e', '702.19b', '702.19c'])
    expect(answer.body.findings[0].kinds).toContain('moved')
    const huge = await post('/v1/cite', JSON.stringify({ text: 'x'.repeat(maxCiteBytes) }), 'application/json')
    expect(huge.status).toBe(413)
    expect(huge.body.error.code).toBe('E_TOO_LARGE')
    expect((await post('/v1/cite', text, 'text/plain')).status).toBe(415)
    expect((await post('/v1/cite', JSON.stringify({ text, asOf: 'soon' }), 'application/json')).body.error.code).toBe('E_BAD_DATE')
    expect((await post('/v1/cite', JSON.stringify({ txt: text }), 'application/json')).status).toBe(400)
  })

  it('checks citations pasted into /cite, escaped and linked', async () => {
    expect((await get('/cite')).body).toContain('<textarea id="cite-text" name="text"')
    const form = new URLSearchParams({ text: 'rule 420.5e <script>alert(1)</script>', as_of: '2004-01-15' }).toString()
    const page = await post('/cite', form, 'application/x-www-form-urlencoded')
    expect(page.status).toBe(200)
    expect(page.body).toContain('1 cited number, 1 stale')
    expect(page.body).toContain('href="/rules/420.5e?edition=2003-12-01"')
    expect(page.body).toContain('&lt;script&gt;')
    expect(page.body).not.toContain('<script>alert')
    const huge = await post('/cite', new URLSearchParams({ text: 'x'.repeat(maxCiteBytes) }).toString(), 'application/x-www-form-urlencoded')
    expect(huge.status).toBe(413)
  })

  it('goes straight to the rule from a number typed into the search page; /v1/search puts it first', async () => {
    const response = await app.request('/search?q=420.5e&era=2024')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/rules/420.5e?edition=2024-11-08')
    expect((await app.request('/search?q=legend+rule&era=2024')).status).toBe(200)
    const api = await get('/v1/search?q=rule+704&era=2003')
    expect(api.body.hits[0]).toMatchObject({ kind: 'rule', number: '420' })
    expect(api.body.rule).toMatchObject({ asked: '704', number: '420' })
  })

  it('checked the new answers against the document (a failing one throws where it is made)', () => {
    for (const key of ['GET /v1/rules/{number} 200', 'GET /v1/rules/{number} 300', 'GET /v1/id/{id} 200', 'POST /v1/cite 200', 'POST /v1/cite 413'])
      expect(conformance.checked.get(key), key).toBeGreaterThan(0)
  })
})
