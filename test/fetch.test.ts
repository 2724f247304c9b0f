/**
 * Fetching and scraping against a real HTTP server on 127.0.0.1: the real
 * fetch code, fixture pages in each site's structure, a mirror of editions,
 * and the failures a scraper meets (404, a slow answer, 503, a refused
 * connection, bytes that are not the manifest's).
 */
import { once } from 'node:events'
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Fetcher, fetchEditions, readManifest, userAgent, type Manifest } from '../ingest/fetch.js'
import { sha256Of } from '../src/vocabulary/hash.js'
import { runCli } from '../src/cli.js'
import { CrdbError } from '../src/vocabulary/errors.js'
import { openDatabase } from '../src/store/database.js'
import { listSources } from '../src/query/sources.js'
import { archiveAvailable, archiveDir, projectRoot, temporaryFolder, writeEdition } from './helpers.js'

const fixtures = join(projectRoot, 'test', 'fixtures')
const pages: Record<string, { file: string; type: string }> = {
  '/crystalkeep/search?rule=400': { file: 'crystal-keep/page-html/input.html', type: 'text/html; charset=utf-8' },
  '/wiki/Legend_rule': { file: 'mtg-wiki/page-html/input.html', type: 'text/html; charset=UTF-8' },
  '/wiki/Legend_rule?action=raw': { file: 'mtg-wiki/wikitext/input.wiki', type: 'text/x-wiki; charset=UTF-8' },
  '/books/cr/read?page=12': { file: 'book-text/reader-page-html/input.html', type: 'text/html; charset=utf-8' },
  '/crystalkeep/rules.txt': { file: 'crystal-keep/rules-text/input.txt', type: 'text/plain; charset=utf-8' }
}

interface Logged {
  url: string
  headers: IncomingMessage['headers']
  at: number
}

describe('fetching over HTTP (127.0.0.1)', () => {
  let server: Server
  let base: string
  let log: Logged[] = []
  let inFlight = 0
  let maxInFlight = 0
  let flaky = 0
  const folder = temporaryFolder()
  const archive = join(folder.dir, 'archive')
  const lastModified = 'Wed, 01 Jan 2025 00:00:00 GMT'

  const respond = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = request.url ?? '/'
    log.push({ url, headers: request.headers, at: Date.now() })
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    response.on('close', () => inFlight--)
    // Hold each answer a moment, so overlapping requests would show.
    await new Promise((resolve) => setTimeout(resolve, 15))
    if (url === '/slow') {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      if (!response.destroyed) response.end('too late')
      return
    }
    if (url === '/flaky') {
      if (flaky++ < 2) {
        response.writeHead(503).end('busy')
        return
      }
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok at last')
      return
    }
    if (url === '/busy') {
      response.writeHead(503, { 'retry-after': '0' }).end('busy')
      return
    }
    if (url === '/unknown') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><h1>Deck of the day</h1><p>Four Lightning Bolts.</p></body></html>')
      return
    }
    // The Wayback Machine's replay of an official URL: here, the page at that URL's path.
    const replay = /^\/wb\/web\/\d+id_\/https?:\/\/[^/]+(\/.*)$/.exec(url)
    const edition = /^\/(mirror|official|corrupt)\/([\w.-]+)$/.exec(replay ? replay[1] : url)
    if (edition) {
      const path = join(archive, edition[2])
      if (!existsSync(path)) {
        response.writeHead(404).end()
        return
      }
      const bytes = readFileSync(path)
      if (edition[1] === 'corrupt') bytes[bytes.length - 2] ^= 1
      response.writeHead(200, { 'content-type': 'text/plain' }).end(bytes)
      return
    }
    const page = pages[url]
    if (!page) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not Found</body></html>')
      return
    }
    const body = readFileSync(join(fixtures, page.file))
    const etag = `"${sha256Of(body).slice(0, 16)}"`
    if (request.headers['if-none-match'] === etag || request.headers['if-modified-since'] === lastModified) {
      response.writeHead(304, { etag }).end()
      return
    }
    response.writeHead(200, { 'content-type': page.type, etag, 'last-modified': lastModified }).end(body)
  }

  beforeAll(async () => {
    mkdirSync(archive)
    const rules = { '1': 'Game Concepts', '100': 'General', '100.1': 'These Magic rules apply to any Magic game.' }
    writeEdition(archive, '2020-01-01.txt', { date: '2020-01-01', rules })
    writeEdition(archive, '2021-01-01.txt', { date: '2021-01-01', rules: { ...rules, '100.2': 'A second rule.' } })
    server = createServer((request, response) => void respond(request, response))
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    delete process.env.CRDB_WAYBACK_URL
    delete process.env.CRDB_ACADEMY_RUINS_URL
    server.closeAllConnections()
    server.close()
    folder.cleanup()
  })
  beforeEach(() => {
    log = []
    maxInFlight = 0
    flaky = 0
  })

  const fetcher = (name: string, options: Partial<ConstructorParameters<typeof Fetcher>[0]> = {}) =>
    new Fetcher({ cacheDir: join(folder.dir, name), delayMs: 0, backoffMs: 20, timeoutMs: 2000, ...options })

  const manifest = (urls: (file: string) => string | null): Manifest => ({
    editions: ['2020-01-01.txt', '2021-01-01.txt'].map((file) => {
      const bytes = readFileSync(join(archive, file))
      return { effectiveDate: file.slice(0, 10), file, url: urls(file), sha256: sha256Of(bytes), bytes: bytes.length }
    })
  })

  const cli = async (...args: string[]) => {
    let stdout = ''
    let stderr = ''
    const code = await runCli(args, { out: (text) => (stdout += text), err: (text) => (stderr += text) })
    return { code, stdout, stderr }
  }

  it('sends a User-Agent, caches by URL, and revalidates with a conditional request', async () => {
    const client = fetcher('cache-a')
    const first = await client.get(`${base}/wiki/Legend_rule`)
    expect(first).toMatchObject({ from: 'network', contentType: 'text/html; charset=UTF-8' })
    expect(Buffer.from(first.bytes).toString('utf8')).toContain('mw-parser-output')
    expect(log[0].headers['user-agent']).toBe(userAgent)
    expect(log[0].headers['if-none-match']).toBeUndefined()
    expect(readdirSync(join(folder.dir, 'cache-a', 'http')).sort()).toEqual([
      `${sha256Of(Buffer.from(`${base}/wiki/Legend_rule`))}.body`,
      `${sha256Of(Buffer.from(`${base}/wiki/Legend_rule`))}.json`
    ])

    const second = await fetcher('cache-a').get(`${base}/wiki/Legend_rule`)
    expect(second.from).toBe('revalidated')
    expect(second.sha256).toBe(first.sha256)
    expect(log[1].headers['if-none-match']).toMatch(/^"[0-9a-f]{16}"$/)
    expect(log[1].headers['if-modified-since']).toBe(lastModified)
    // Another URL has its own cache entry: no conditional request.
    await client.get(`${base}/wiki/Legend_rule?action=raw`)
    expect(log[2].headers['if-none-match']).toBeUndefined()
  })

  it('answers 404 with one clear line, without retrying', async () => {
    const error = await fetcher('cache-404')
      .get(`${base}/wiki/No_such_page`)
      .catch((e) => e)
    expect(error).toBeInstanceOf(CrdbError)
    expect(error.code).toBe('E_HTTP')
    expect(error.message).toBe(`${base}/wiki/No_such_page: HTTP 404 Not Found (no such page)`)
    expect(log).toHaveLength(1)
  })

  it('gives up on a slow answer after its retries, with E_TIMEOUT', async () => {
    const started = Date.now()
    const error = await fetcher('cache-slow', { timeoutMs: 150, retries: 1 })
      .get(`${base}/slow`)
      .catch((e) => e)
    expect(error.code).toBe('E_TIMEOUT')
    expect(error.message).toBe(`${base}/slow: no complete answer within 150 ms (gave up after 2 attempts)`)
    expect(log.filter((entry) => entry.url === '/slow')).toHaveLength(2)
    expect(Date.now() - started).toBeLessThan(1400)
  })

  it('retries 503 with a doubling back-off, then succeeds', async () => {
    const result = await fetcher('cache-flaky', { backoffMs: 60, retries: 3 }).get(`${base}/flaky`)
    expect(Buffer.from(result.bytes).toString()).toBe('ok at last')
    expect(log).toHaveLength(3)
    expect(log[1].at - log[0].at).toBeGreaterThanOrEqual(60)
    expect(log[2].at - log[1].at).toBeGreaterThanOrEqual(120)
  })

  it('honours Retry-After, and reports the last answer when retries run out', async () => {
    const started = Date.now()
    const error = await fetcher('cache-busy', { backoffMs: 5000, retries: 2 })
      .get(`${base}/busy`)
      .catch((e) => e)
    expect(error).toMatchObject({ code: 'E_HTTP', message: `${base}/busy: HTTP 503 Service Unavailable (gave up after 3 attempts)` })
    expect(log).toHaveLength(3)
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('makes one request at a time, pausing between them', async () => {
    const client = fetcher('cache-queue', { delayMs: 30 })
    await Promise.all([client.get(`${base}/wiki/Legend_rule`), client.get(`${base}/crystalkeep/search?rule=400`), client.get(`${base}/books/cr/read?page=12`)])
    expect(log).toHaveLength(3)
    expect(maxInFlight).toBe(1)
    for (let index = 1; index < log.length; index++) expect(log[index].at - log[index - 1].at).toBeGreaterThanOrEqual(29)
  })

  it('says so when nothing answers (E_FETCH) or the URL is not http', async () => {
    const closed = createServer()
    closed.listen(0, '127.0.0.1')
    await once(closed, 'listening')
    const port = (closed.address() as AddressInfo).port
    closed.close()
    await once(closed, 'close')
    // A refused connection is not retried (issue 12): another attempt cannot fix it.
    const attempts: number[] = []
    const refused = await fetcher('cache-refused', { retries: 1, onRequest: ({ attempt }) => attempts.push(attempt) })
      .get(`http://127.0.0.1:${port}/x`)
      .catch((e) => e)
    expect(refused.code).toBe('E_FETCH')
    expect(refused.message).toMatch(new RegExp(`^http://127.0.0.1:${port}/x: request failed \\(ECONNREFUSED\\)$`))
    expect(attempts).toEqual([0])
    expect(
      (
        await fetcher('cache-ftp')
          .get('ftp://example.org/cr.txt')
          .catch((e) => e)
      ).message
    ).toBe('ftp://example.org/cr.txt: only http and https URLs can be fetched')
  })

  it('fetches the editions of a manifest, checks their sha256, and keeps what is right', async () => {
    const cacheDir = join(folder.dir, 'editions-a')
    const bases = { wayback: `${base}/wb`, academyRuins: `${base}/no-academy-ruins` }
    const first = await fetchEditions(
      manifest((file) => `${base}/official/${file}`),
      { cacheDir, delayMs: 0, bases }
    )
    expect(first.outcomes.map((o) => o.status)).toEqual(['fetched', 'fetched'])
    expect(readFileSync(join(cacheDir, 'editions', '2021-01-01.txt')).equals(readFileSync(join(archive, '2021-01-01.txt')))).toBe(true)
    log = []
    const again = await fetchEditions(
      manifest((file) => `${base}/official/${file}`),
      { cacheDir, delayMs: 0, bases }
    )
    expect(again.outcomes.map((o) => o.status)).toEqual(['cached', 'cached'])
    expect(log).toHaveLength(0)

    const bad = await fetchEditions(
      manifest(() => null),
      { cacheDir: join(folder.dir, 'editions-b'), delayMs: 0, mirror: `${base}/corrupt/`, sources: ['mirror'] }
    )
    expect(bad.failed).toBe(2)
    const failure = bad.outcomes[0] as { code: string; error: string }
    expect(failure.code).toBe('E_CHECKSUM')
    expect(failure.error).toMatch(
      new RegExp(`^${base}/corrupt/2020-01-01.txt: sha256 [0-9a-f]{12}… is not the manifest's [0-9a-f]{12}… for 2020-01-01.txt .*not kept$`)
    )
    expect(existsSync(join(folder.dir, 'editions-b', 'editions', '2020-01-01.txt'))).toBe(false)

    const missing = await fetchEditions(
      manifest((file) => (file.startsWith('2020') ? null : `${base}/official/nope-${file}`)),
      { cacheDir: join(folder.dir, 'editions-c'), delayMs: 0, bases }
    )
    expect(missing.outcomes.map((o) => o.status)).toEqual(['skipped', 'failed'])
    expect(missing.outcomes[1]).toMatchObject({ code: 'E_HTTP' })
  })

  it('takes the editions from a mirror folder or a mirror URL instead', async () => {
    const fromFolder = await fetchEditions(
      manifest(() => null),
      { cacheDir: join(folder.dir, 'mirror-a'), mirror: archive, delayMs: 0 }
    )
    expect(fromFolder.outcomes.map((o) => o.status)).toEqual(['copied', 'copied'])
    const fromUrl = await fetchEditions(
      manifest(() => null),
      { cacheDir: join(folder.dir, 'mirror-b'), mirror: `${base}/mirror/`, delayMs: 0 }
    )
    expect(fromUrl.outcomes.map((o) => o.status)).toEqual(['fetched', 'fetched'])
    expect(log.map((entry) => entry.url)).toEqual(['/mirror/2020-01-01.txt', '/mirror/2021-01-01.txt'])
    await expect(
      fetchEditions(
        manifest(() => null),
        { cacheDir: join(folder.dir, 'mirror-c'), mirror: join(folder.dir, 'nowhere') }
      )
    ).rejects.toThrow(/nowhere: mirror folder does not exist/)
  })

  it('runs crdb fetch from a manifest, and exits 1 on a sha256 mismatch', async () => {
    const good = join(folder.dir, 'manifest-good.json')
    writeFileSync(good, JSON.stringify(manifest((file) => `${base}/official/${file}`)))
    const cache = join(folder.dir, 'cli-cache')
    process.env.CRDB_WAYBACK_URL = `${base}/wb`
    process.env.CRDB_ACADEMY_RUINS_URL = `${base}/no-academy-ruins`
    const result = await cli('fetch', '--manifest', good, '--cache', cache, '--delay', '0')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(
      /^2020-01-01 - +fetched +wayback +http:\/\/127\.0\.0\.1:\d+\/wb\/web\/20200101id_\/http:\/\/127\.0\.0\.1:\d+\/official\/2020-01-01\.txt -> .*2020-01-01\.txt {2}verified \(sha256 of the manifest\)$/m
    )
    expect(result.stdout).toMatch(/2 editions: 0 copied, 2 fetched, 0 revalidated, 0 already cached, 0 skipped, 0 failed/)

    const corrupt = join(folder.dir, 'manifest-corrupt.json')
    writeFileSync(corrupt, JSON.stringify(manifest((file) => `${base}/corrupt/${file}`)))
    const failed = await cli('fetch', '--manifest', corrupt, '--cache', join(folder.dir, 'cli-cache-2'), '--delay', '0', '--edition', '2021-01-01')
    expect(failed.code).toBe(1)
    expect(failed.stdout).toMatch(/^2021-01-01 - +failed +E_CHECKSUM: /m)
    expect(failed.stdout).toMatch(/1 editions: .* 1 failed/)

    const mirrored = await cli('fetch', '--manifest', good, '--cache', join(folder.dir, 'cli-cache-3'), '--mirror', archive)
    expect(mirrored.stdout).toMatch(/2 editions: 2 copied/)
    // What fetch brought in builds.
    const built = await cli('--db', join(folder.dir, 'fetched.sqlite'), 'build', '--no-corpus', '--archive', join(folder.dir, 'cli-cache-3', 'editions'))
    expect(built.stdout).toMatch(/2 stored, 0 unchanged, 0 rejected/)

    const badManifest = join(folder.dir, 'manifest-bad.json')
    writeFileSync(badManifest, JSON.stringify({ editions: [{ effectiveDate: '2020-01-01', file: '../x.txt', url: null, sha256: 'ab', bytes: 1 }] }))
    const refused = await cli('fetch', '--manifest', badManifest)
    expect(refused).toMatchObject({ code: 1, stderr: `crdb: E_FORMAT: ${badManifest}: editions[0]: "file" must be a plain file name\n` })
    expect((await cli('fetch', '--timeout', 'soon')).stderr).toMatch(/--timeout must be a positive whole number/)
  })

  it('runs crdb scrape on each site, from the web and from a file', async () => {
    const db = join(folder.dir, 'scrape.sqlite')
    const cache = join(folder.dir, 'scrape-cache')
    await cli('--db', db, 'build', '--no-corpus', '--archive', archive)
    const scraped: Record<string, string> = {}
    for (const path of [
      '/crystalkeep/search?rule=400',
      '/wiki/Legend_rule',
      '/wiki/Legend_rule?action=raw',
      '/books/cr/read?page=12',
      '/crystalkeep/rules.txt'
    ]) {
      const result = await cli('--db', db, 'scrape', `${base}${path}`, '--cache', cache, '--delay', '0')
      expect(result.code, `${path}: ${result.stderr}`).toBe(0)
      scraped[path] = result.stdout
    }
    expect(scraped['/crystalkeep/search?rule=400']).toMatch(
      /^stored crystal-keep-html http:\/\/127\.0\.0\.1:\d+\/crystalkeep\/search\?rule=400 {2}dated 2009-10-23 \(stated\); 4 rules, 0 terms, 1 other/
    )
    expect(scraped['/wiki/Legend_rule']).toMatch(/^stored mtg-wiki-html .* dated 2024-11-08 \(stated\); 2 rules, 1 terms, 0 other/)
    expect(scraped['/wiki/Legend_rule?action=raw']).toMatch(/^stored mtg-wiki-markdown /)
    expect(scraped['/books/cr/read?page=12']).toMatch(/^stored book-html .* undated; 3 rules/)
    expect(scraped['/crystalkeep/rules.txt']).toMatch(/^stored crystal-keep-text /)

    const again = await cli('--db', db, 'scrape', `${base}/wiki/Legend_rule`, '--cache', cache, '--delay', '0')
    expect(again.stdout).toMatch(/^unchanged {3}.*these bytes are already stored \(not modified since the cached copy\)$/m)

    const file = await cli('--db', db, 'scrape', join(fixtures, 'mtg-wiki', 'page-markdown', 'input.md'))
    expect(file.stdout).toMatch(/^stored mtg-wiki-markdown .*page-markdown\/input\.md {2}dated 2024-11-08 \(stated\)/)

    const opened = openDatabase(db, { readonly: true })
    const dumps = listSources(opened, { only: 'dumps' })
    opened.close()
    expect(dumps.map((source) => source.format)).toEqual([
      'crystal-keep-html',
      'mtg-wiki-html',
      'mtg-wiki-markdown',
      'book-html',
      'crystal-keep-text',
      'mtg-wiki-markdown'
    ])
    expect(dumps[0].uri).toBe(`${base}/crystalkeep/search?rule=400`)
  })

  it('answers crdb scrape failures with one line and exit 1, storing nothing', async () => {
    const db = join(folder.dir, 'scrape-fail.sqlite')
    await cli('--db', db, 'build', '--no-corpus', '--archive', archive)
    const cases: Array<[string[], RegExp]> = [
      [[`${base}/wiki/Gone`], new RegExp(`^crdb: E_HTTP: ${base}/wiki/Gone: HTTP 404 Not Found \\(no such page\\)\\n$`)],
      [
        [`${base}/slow`, '--timeout', '100', '--retries', '0'],
        new RegExp(`^crdb: E_TIMEOUT: ${base}/slow: no complete answer within 100 ms \\(gave up after 1 attempt\\)\\n$`)
      ],
      [
        [`${base}/unknown`],
        new RegExp(`^crdb: E_FORMAT: ${base}/unknown: a page of an unknown shape \\(not a Crystal Keep rulings search, an MTG wiki page, or a book-style copy`)
      ],
      [[join(folder.dir, 'absent.html')], /^crdb: E_IO: .*absent\.html: cannot read file \(ENOENT\)\n$/],
      [['gopher://example.org/'], /^crdb: E_USAGE: "gopher:\/\/example\.org\/": only http and https URLs can be scraped\n$/]
    ]
    for (const [args, message] of cases) {
      const result = await cli('--db', db, 'scrape', ...args, '--cache', join(folder.dir, 'scrape-fail-cache'), '--delay', '0')
      expect(result.code, args[0]).toBe(args[0].startsWith('gopher') ? 2 : 1)
      expect(result.stderr, args[0]).toMatch(message)
    }
    const opened = openDatabase(db, { readonly: true })
    expect(listSources(opened, { only: 'dumps' })).toEqual([])
    opened.close()
  })

  it.skipIf(!archiveAvailable())('copies and verifies the whole archive with crdb fetch --mirror', async () => {
    const cache = join(folder.dir, 'real-mirror')
    const result = await cli('fetch', '--mirror', archiveDir, '--cache', cache)
    const count = readManifest(join(projectRoot, 'corpus', 'manifest.json')).editions.length
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(`${count} editions: ${count} copied, 0 fetched, 0 revalidated, 0 already cached, 0 skipped, 0 failed`)
    expect(readdirSync(join(cache, 'editions')).filter((name) => name !== 'origins.json')).toHaveLength(count)
    expect(result.stdout).toContain(`${count} verified, 0 unverified`)
    const again = await cli('fetch', '--mirror', archiveDir, '--cache', cache)
    expect(again.stdout).toContain(`${count} already cached`)
  })
})
