/**
 * Sources as the server shows them (issue 24, item 9): the edition and its
 * official source (the manifest's file name and URL), never the path the
 * database was built from on this machine, in the pages and in `/v1`; the CLI
 * keeps the path (`uri`).
 */
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { runCli } from '../src/cli.js'
import { getRule } from '../src/query/get.js'
import { listSources } from '../src/query/sources.js'
import { createApp } from '../src/server/app.js'
import { openApiDocument } from '../src/server/openapi.js'
import { publicSourceOf } from '../src/server/public-source.js'
import { createState } from '../src/server/state.js'
import type { Crdb } from '../src/store/database.js'
import { readManifest } from '../src/vocabulary/corpus-files.js'
import { archiveAvailable, openArchiveDatabase } from './helpers.js'
import { checkAnswers, type OpenApiDocument } from './openapi-conformance.js'

describe.skipIf(!archiveAvailable())('sources shown by the server', () => {
  let db: Crdb
  let app: Hono
  let paths: string[]
  beforeAll(() => {
    db = openArchiveDatabase()!
    app = createApp({ db, version: 'test' })
    checkAnswers(app, JSON.parse(JSON.stringify(openApiDocument)) as OpenApiDocument)
    // Every path the database was built from (the archive's files, the dumps').
    paths = listSources(db).map((source) => source.uri)
  })
  afterAll(() => db?.close())

  const text = async (path: string): Promise<string> => {
    const response = await app.request(path)
    expect(response.status, path).toBe(200)
    return await response.text()
  }
  const manifest = () => new Map(readManifest().editions.map((entry) => [entry.effectiveDate, entry]))

  it('answers a source as its edition, file and published URL in /v1, with no path', async () => {
    const rule = getRule(db, '704.5c', { era: '2009' })
    expect(rule.source.uri).toMatch(/[/\\]/)
    const body = JSON.parse(await text('/v1/rules/704.5c?era=2009'))
    const entry = manifest().get(rule.validFrom)!
    expect(body.source).toEqual({ edition: rule.validFrom, file: entry.file, url: entry.url, sha256: rule.source.sha256, line: rule.source.line })
    expect(entry.url).toMatch(/^https?:\/\//)
    // An edition whose published URL is unknown: null, and still its file.
    const unknown = readManifest().editions.find((edition) => edition.url === null)!
    const old = JSON.parse(await text(`/v1/editions`)) as Array<{ effectiveDate: string; source: Record<string, unknown> }>
    expect(old.find((edition) => edition.effectiveDate === unknown.effectiveDate)!.source).toMatchObject({
      edition: unknown.effectiveDate,
      file: unknown.file,
      url: null
    })
    for (const edition of old) expect(edition.source).not.toHaveProperty('uri')
    // A dump (no edition) is its file name; a source read from the web keeps its URL.
    const state = createState(db, 'test')
    expect(publicSourceOf(state, 'corpus/000_9cbf6a8559124468.txt')).toEqual({ edition: null, file: '000_9cbf6a8559124468.txt', url: null })
    expect(publicSourceOf(state, 'https://example.org/cr/rules.txt')).toEqual({ edition: null, file: 'rules.txt', url: 'https://example.org/cr/rules.txt' })
    const dumps = JSON.parse(await text('/v1/sources?only=dumps')) as Array<Record<string, unknown>>
    expect(dumps.map((dump) => dump.file)).toEqual(listSources(db, { only: 'dumps' }).map((dump) => dump.uri.split('/').pop()))
    // The CLI keeps the path: it runs where the files are.
    let out = ''
    await runCli(['--db', inject('archiveDatabase')!, '--json', 'get', '704.5c', '--era', '2009'], { out: (chunk) => (out += chunk), err: () => {} })
    expect(JSON.parse(out).source.uri).toBe(rule.source.uri)
  })

  it('shows the edition and its official source on the pages', async () => {
    const page = await text('/rules/704.5c?era=2009')
    const rule = getRule(db, '704.5c', { era: '2009' })
    const entry = manifest().get(rule.validFrom)!
    expect(page).toContain(
      `Source: the edition of <a href="/cr?edition=${rule.validFrom}">${rule.validFrom}</a>, ${entry.file} line ${rule.source.line} (published as <a href="${entry.url}" rel="external">${entry.url!.split('/').pop()}</a>)`
    )
    const unknown = readManifest().editions.find((edition) => edition.url === null)!
    const old = await text(`/glossary/trample?edition=${unknown.effectiveDate}`)
    expect(old).toMatch(/Source: the edition of <a href="\/cr\?edition=[\d-]+">[\d-]+<\/a>, [\d-]+\.txt line \d+/)
  })

  it('shows no path of this machine on any page or /v1 answer', async () => {
    const urls = [
      '/',
      '/cr?era=2009',
      '/rules/704.5j',
      '/rules/420.5e?era=2003',
      '/history/704.5j',
      '/glossary/legend%20rule',
      '/glossary/trample?era=2003',
      '/id/1999-04-23_420.5e',
      '/eras/2009',
      '/search?q=legend%20rule',
      '/v1/editions',
      '/v1/sources',
      '/v1/rules/704.5?include=subtree,neighbours,refs,sources',
      '/v1/rules/704.5j/history',
      '/v1/glossary/legend%20rule',
      '/v1/id/1999-04-23_420.5e',
      '/v1/checks?era=2009',
      '/v1/checks/legend-rule?history=true',
      '/feed.xml'
    ]
    for (const url of urls) {
      const body = await text(url)
      for (const path of paths) expect(body.includes(path), `${url} shows ${path}`).toBe(false)
      expect(body, url).not.toContain('shared/corpus')
      expect(body, url).not.toContain('"uri"')
    }
  })
})
