/**
 * The server against a hostile world (issue 26, items 10, 12, 13): a request's
 * Host header or absolute-form request line never gets into an answer or the
 * answer cache; `--base-url` and `--base-path` put every link where the proxy
 * serves them; every answer carries `nosniff` and a strict CSP; `/healthz`;
 * costly answers are bounded (a cheap request is answered while costly ones
 * are still in flight: an ordering, never a timing; past the queue, 503
 * `E_BUSY` with `Retry-After`); free-text URLs cannot flood the answer cache.
 * Against a real server on loopback (in-process and `crdb serve`) and
 * `app.request()`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { connect, type Socket } from 'node:net'
import { join } from 'node:path'
import * as cheerio from 'cheerio'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp, createServerApp } from '../src/server/app.js'
import { startServer, type RunningServer } from '../src/server/node.js'
import { readPublicUrls } from '../src/server/public-urls.js'
import { contentSecurityPolicy } from '../src/server/secure-headers.js'
import { listEditions } from '../src/query/editions.js'
import { driverOf, openDatabase, schemaVersion, type Crdb } from '../src/store/database.js'
import { ingestPaths } from '../ingest/index.js'
import { archiveAvailable, openArchiveDatabase, projectRoot, thrown, useFreshDatabase, writeEdition } from './helpers.js'

const bin = join(projectRoot, 'bin/crdb.js')

/** A GET over a socket of its own with the request line and Host as given (Node's client lets both be set). */
function rawGet(port: number, target: string, host: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path: target, headers: { host }, agent: false }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }))
    })
    request.on('error', reject)
    request.end()
  })
}

/**
 * Ask for `paths` at once, each on a connection of its own: every connection is
 * opened first, then every request is written in one go (in the order given), so
 * that the server finds them all waiting together. The indexes of `paths` in the
 * order their answers were complete, and their statuses.
 */
async function askTogether(port: number, paths: string[]): Promise<{ order: number[]; statuses: number[] }> {
  const sockets = await Promise.all(
    paths.map(
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => resolve(socket))
          socket.once('error', reject)
        })
    )
  )
  const order: number[] = []
  const statuses: number[] = []
  const answered = sockets.map(
    (socket, index) =>
      new Promise<void>((resolve, reject) => {
        const chunks: Buffer[] = []
        socket.on('data', (chunk: Buffer) => chunks.push(chunk))
        socket.once('error', reject)
        socket.once('end', () => {
          statuses[index] = Number(/^HTTP\/1\.1 (\d{3})/.exec(Buffer.concat(chunks).toString('latin1'))?.[1] ?? 0)
          order.push(index)
          resolve()
        })
      })
  )
  for (const [index, socket] of sockets.entries()) socket.write(`GET ${paths[index]} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`)
  await Promise.all(answered)
  return { order, statuses }
}

/** The links of a page: every href, src and action. */
function linksOf(page: string): string[] {
  const $ = cheerio.load(page)
  return [
    ...$('[href]')
      .toArray()
      .map((element) => $(element).attr('href')!),
    ...$('[src]')
      .toArray()
      .map((element) => $(element).attr('src')!),
    ...$('form[action]')
      .toArray()
      .map((element) => $(element).attr('action')!)
  ]
}

describe('--base-url and --base-path are read strictly', () => {
  it('takes a URL with a path as the base path, and refuses what is not a plain base', () => {
    expect(readPublicUrls('https://rules.example.org/crdb/', undefined)).toEqual({ basePath: '/crdb', linkBase: 'https://rules.example.org/crdb' })
    expect(readPublicUrls(undefined, '/crdb/')).toEqual({ basePath: '/crdb', linkBase: '/crdb' })
    expect(readPublicUrls(undefined, undefined)).toEqual({ basePath: '', linkBase: '' })
    for (const [url, path] of [
      ['ftp://rules.example.org', undefined],
      ['rules.example.org', undefined],
      ['https://rules.example.org/?q=1', undefined],
      ['https://user:pw@rules.example.org', undefined],
      ['https://rules.example.org/a', '/b'],
      [undefined, 'crdb'],
      [undefined, '/a/../b'],
      [undefined, '/v1'],
      [undefined, '/a b'],
      [undefined, '/"><script>']
    ] as const) {
      const error = thrown(() => readPublicUrls(url, path))
      expect(error.code, `${url} ${path}`).toBe('E_USAGE')
      expect(error.message).toMatch(/^--base-(url|path) /)
    }
  })
})

describe.skipIf(!archiveAvailable())('the server against hostile requests', () => {
  let db: Crdb
  let server: RunningServer
  let editions: string[]
  beforeAll(async () => {
    db = openArchiveDatabase()!
    editions = listEditions(db).map((edition) => edition.effectiveDate)
    server = await startServer({ databasePath: db.path, port: 0 })
  })
  afterAll(async () => {
    await server?.close()
    db?.close()
  })

  it('a hostile Host or an absolute-form request line gets into no answer, and every one gets the same bytes', async () => {
    for (const path of ['/feed.xml', '/feed.xml?rule=704.5j', '/rules/704.5j', '/glossary/legend%20rule']) {
      const plain = await rawGet(server.port, path, `127.0.0.1:${server.port}`)
      expect(plain.status, path).toBe(200)
      // Asked twice each: the first may be made, the second comes from the answer cache (Node's fast path for origin-form).
      for (const [target, host] of [
        [path, 'evil.example'],
        [`http://evil.example${path}`, `127.0.0.1:${server.port}`],
        [`http://evil.example${path}`, 'evil.example'],
        [path, 'evil.example']
      ]) {
        const hostile = await rawGet(server.port, target, host)
        expect(hostile.status, `${target} Host: ${host}`).toBe(200)
        expect(hostile.body, `${target} Host: ${host}`).toBe(plain.body)
        expect(hostile.body).not.toContain('evil')
        expect(hostile.headers.etag).toBe(plain.headers.etag)
      }
      expect(plain.body).not.toMatch(/127\.0\.0\.1|localhost/)
      // Cached by anyone and shared: it varies with nothing a request says.
      expect(plain.headers['cache-control']).toBe('public, max-age=60')
      expect(plain.headers.vary).toBeUndefined()
    }
    // The feed's links are root-relative: a reader resolves them against the feed's own address.
    const feed = (await rawGet(server.port, '/feed.xml', 'evil.example')).body
    const hrefs = [...feed.matchAll(/href="([^"]*)"/g)].map((match) => match[1])
    expect(hrefs.length).toBeGreaterThan(2)
    for (const href of hrefs) expect(href).toMatch(/^\/(?!\/)/)
  })

  it('nosniff on every answer, the strict policy on every page, which needs nothing inline', async () => {
    const paths: Array<[string, number, RequestInit?]> = [
      ['/', 200],
      ['/rules/704.5j', 200],
      ['/v1/rules/704.5j', 200],
      ['/feed.xml', 200],
      ['/style.css', 200],
      ['/healthz', 200],
      ['/no/such/page', 404],
      ['/v1/rules/999.9z', 404],
      ['/v1/rules/704.5j', 405, { method: 'POST' }]
    ]
    for (const [path, status, init] of paths) {
      const response = await fetch(server.url + path, init)
      const body = await response.text()
      expect(response.status, path).toBe(status)
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(response.headers.get('content-security-policy'), path).toBe(contentSecurityPolicy)
      if (response.headers.get('content-type')?.startsWith('text/html')) {
        // What the policy allows is all the page uses: no script, no inline style, no other origin.
        const $ = cheerio.load(body)
        expect($('script, [style], style, img, iframe, object').length, path).toBe(0)
        expect(body, path).not.toMatch(/\son[a-z]+=/i)
      }
    }
    expect(contentSecurityPolicy).toContain("default-src 'none'")
    expect(contentSecurityPolicy).not.toContain('unsafe')
    const etag = (await fetch(server.url + '/rules/704.5j')).headers.get('etag')!
    const notModified = await fetch(server.url + '/rules/704.5j', { headers: { 'if-none-match': etag } })
    expect(notModified.status).toBe(304)
    expect(notModified.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('/healthz: ok, the schema version, the editions, never cached', async () => {
    for (let asked = 0; asked < 2; asked++) {
      const response = await fetch(`${server.url}/healthz`)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.get('etag')).toBeNull()
      expect(await response.json()).toEqual({ ok: true, schema: schemaVersion, editions: editions.length, costly: { running: 0, queued: 0 } })
    }
  })

  it('a cheap request is answered while costly ones asked before it are still being made', async () => {
    // Eight costly URLs no one asked for yet (none in the answer cache): whole diffs; then a rule, asked last.
    const costly = Array.from({ length: 8 }, (_, index) => `/v1/diff?from=${editions[10 + index]}&to=${editions[60 + index]}`)
    const { order, statuses } = await askTogether(server.port, [...costly, `/v1/rules/704.5j?edition=${editions[40]}`])
    expect(statuses).toEqual(Array(9).fill(200))
    // Without the bound the server would make the eight diffs in turn before it read the rule's request.
    expect(order.indexOf(8), `answers complete in the order ${order}`).toBeLessThan(costly.length - 1)
  })
})

describe.skipIf(!archiveAvailable())('the bound on costly answers, its 503 and the answer cache under unique URLs', () => {
  let db: Crdb
  let editions: string[]
  beforeAll(() => {
    db = openArchiveDatabase()!
    editions = listEditions(db).map((edition) => edition.effectiveDate)
  })
  afterAll(() => db?.close())

  it('past the queue, 503 E_BUSY with Retry-After: JSON under /v1, a page elsewhere; cheap requests are never refused', async () => {
    const { app, bound } = createServerApp({ db, version: 'test', bound: { concurrency: 1, queue: 1 } })
    const asked = [
      ...Array.from({ length: 3 }, (_, index) => `/v1/diff?from=${editions[index]}&to=${editions[index + 50]}`),
      `/cr?edition=${editions[20]}`,
      '/v1/rules/704.5j',
      '/healthz'
    ]
    const responses = await Promise.all(asked.map((path) => app.request(path)))
    const statuses = responses.map((response) => response.status)
    // One made, one queued, the two after refused; the rule and the health check go by.
    expect(statuses).toEqual([200, 200, 503, 503, 200, 200])
    const refusedJson = responses[2]!
    expect(refusedJson.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
    expect(refusedJson.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await refusedJson.json()) as unknown).toEqual({ error: { code: 'E_BUSY', message: expect.stringMatching(/busy/) } })
    const refusedPage = responses[3]!
    expect(refusedPage.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await refusedPage.text()).toContain('E_BUSY')
    expect(bound.stats()).toEqual({ running: 0, queued: 0, refused: 2 })
    // A refusal is not kept: asked again when there is room, it is answered.
    expect((await app.request(asked[2]!)).status).toBe(200)
  })

  it('a costly answer made on the worker is handed over at once, without the turn of the loop one made here waits', async () => {
    // Made on the worker, it holds nothing on the server's thread: waiting a turn would only leave the worker idle.
    let turned = false
    const handedOver: boolean[] = []
    const offload = async (request: Request): Promise<Response> => {
      handedOver.push(turned)
      return new Response(JSON.stringify({ url: new URL(request.url).pathname }), { headers: { 'Content-Type': 'application/json' } })
    }
    const { app, bound } = createServerApp({ db, version: 'test', offload })
    setImmediate(() => (turned = true))
    const response = await app.request(`/v1/diff?from=${editions[1]}&to=${editions[2]}`)
    expect(await response.json()).toEqual({ url: '/v1/diff' })
    expect(handedOver).toEqual([false])
    // A cheap request never goes there; the bound is free again.
    expect((await app.request('/v1/rules/704.5j')).status).toBe(200)
    expect(handedOver).toHaveLength(1)
    expect(bound.stats()).toEqual({ running: 0, queued: 0, refused: 0 })
  })

  it('the worker holds two costly answers at once; the others wait in the order they came, one made here alone', async () => {
    // Each answer the worker makes is sent when the test says so.
    const handed: string[] = []
    const send: Array<() => void> = []
    const offload = (request: Request): Promise<Response> =>
      new Promise((resolve) => {
        handed.push(new URL(request.url).searchParams.get('to')!)
        send.push(() => resolve(new Response('{}', { headers: { 'Content-Type': 'application/json' } })))
      })
    const { app, bound } = createServerApp({ db, version: 'test', offload })
    const diff = (index: number): string => `/v1/diff?from=${editions[0]}&to=${editions[index]}`
    const cite = { method: 'POST', body: JSON.stringify({ text: 'See rule 704.5j.' }), headers: { 'Content-Type': 'application/json' } }
    const answered: string[] = []
    const ask = (name: string, response: Response | Promise<Response>): Promise<Response> => Promise.resolve(response).finally(() => answered.push(name))
    const asked = [
      ask('diff 1', app.request(diff(1))),
      ask('diff 2', app.request(diff(2))),
      ask('cite', app.request('/v1/cite', cite)),
      ask('diff 3', app.request(diff(3)))
    ]
    // The first two are handed over at once (the second waits in the worker's queue); the citation check, made on this
    // thread, waits for both; the third diff, behind it, does not pass it.
    await vi.waitFor(() => expect(handed).toEqual([editions[1], editions[2]]))
    expect(bound.stats()).toEqual({ running: 2, queued: 2, refused: 0 })
    send[0]!()
    await vi.waitFor(() => expect(answered).toEqual(['diff 1']))
    expect(handed).toHaveLength(2)
    expect(bound.stats()).toEqual({ running: 1, queued: 2, refused: 0 })
    // The worker free: the check is made here, and the third diff is handed over beside it.
    send[1]!()
    await vi.waitFor(() => expect(handed).toHaveLength(3))
    await vi.waitFor(() => expect(answered).toEqual(['diff 1', 'diff 2', 'cite']))
    send[2]!()
    const responses = await Promise.all(asked)
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200])
    expect(((await responses[2]!.json()) as { findings: unknown[] }).findings.length).toBeGreaterThan(0)
    expect(bound.stats()).toEqual({ running: 0, queued: 0, refused: 0 })
  })

  it('unique free-text URLs evict only each other; URLs of kilobytes are not kept', async () => {
    const { app, lookup } = createServerApp({ db, version: 'test' })
    const kept = ['/rules/704.5j', `/v1/rules/704.5j?edition=${editions[30]}`, '/glossary/legend%20rule']
    for (const path of kept) expect((await app.request(path)).status).toBe(200)
    // About 20 kB a page: 400 unique URLs (an unknown parameter each) are over the free-text share.
    const flood = Array.from({ length: 400 }, (_, index) => `/rules/704.5j?utm=${index}`)
    for (const path of flood) expect((await app.request(path)).status).toBe(200)
    for (const path of kept) expect(lookup(path, undefined)?.status, path).toBe(200)
    expect(lookup(flood[0]!, undefined)).toBeUndefined()
    expect(lookup(flood.at(-1)!, undefined)?.status).toBe(200)
    const long = `/rules/704.5j?edition=${editions[30]}&${'x'.repeat(2000)}=1`
    expect((await app.request(long)).status).toBe(200)
    expect(lookup(long, undefined)).toBeUndefined()
  })

  it('--base-path: every link of every page kind, Location and Link carry it; requests are served with or without it', async () => {
    const app = createApp({ db, version: 'test', basePath: '/crdb' })
    const pages = [
      '/crdb/',
      '/crdb/rules/704.5j',
      '/crdb/history/704.5j',
      `/crdb/cr?edition=${editions[5]}`,
      '/crdb/glossary',
      '/crdb/glossary/legend%20rule',
      `/crdb/diff?from=${editions[30]}&to=${editions[31]}`,
      '/crdb/search?q=trample',
      '/crdb/eras',
      `/crdb/changes?since=${editions[100]}`,
      '/crdb/cite',
      '/crdb/no/such/page'
    ]
    let checked = 0
    for (const path of pages) {
      const response = await app.request(path)
      expect([200, 404], path).toContain(response.status)
      const page = await response.text()
      for (const link of linksOf(page)) {
        checked++
        expect(link, `${path}: ${link}`).toMatch(/^(#|\/crdb\/|\/crdb$|https?:\/\/(?!localhost))/)
      }
      // Without the prefix (a proxy that strips it), the same page.
      const stripped = await app.request(path.replace('/crdb', ''))
      expect(await stripped.text(), path).toBe(page)
    }
    expect(checked).toBeGreaterThan(1000)
    const moved = await app.request('/crdb/glossary/legend-rule')
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toMatch(/^\/crdb\/glossary\//)
    const paged = await app.request('/crdb/v1/search?q=trample&offset=0&limit=2')
    expect(paged.headers.get('link')).toMatch(/^<\/crdb\/v1\/search\?/)
    const feed = await (await app.request('http://evil.example/crdb/feed.xml?rule=704.5j')).text()
    for (const [, href] of feed.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^\/crdb\//)
    expect(((await (await app.request('/crdb/openapi.json')).json()) as { servers: unknown }).servers).toEqual([{ url: '/crdb' }])
  })
})

describe('the answer cache when another connection commits', () => {
  const fresh = useFreshDatabase()

  it('keeps an answer under the content read before it was made, and drops it at the next lookup after a commit', async () => {
    const paths = ['2024-01-01', '2024-02-01'].map((date) =>
      writeEdition(fresh.dir, `${date}.txt`, { date, rules: { '100': 'General', '100.1': `These rules, as of ${date}.` } })
    )
    expect(ingestPaths(fresh.db, paths).outcomes.map((outcome) => outcome.status)).toEqual(['stored', 'stored'])
    const reader = openDatabase(join(fresh.dir, 'crdb.sqlite'), { readonly: true })
    try {
      // Made on the "worker": a build commits while it is made (after the cache read the content).
      let commit = false
      const offload = async (request: Request): Promise<Response> => {
        if (commit) driverOf(fresh.db).prepare("UPDATE editions SET date_line = date_line + 1 WHERE effective_date = '2024-02-01'").run()
        return new Response(JSON.stringify({ url: new URL(request.url).pathname, commit }), { headers: { 'Content-Type': 'application/json' } })
      }
      const { app, lookup } = createServerApp({ db: reader, version: 'test', offload })
      const quiet = '/v1/diff?from=2024-01-01&to=2024-02-01'
      expect((await app.request(quiet)).status).toBe(200)
      expect(lookup(quiet, undefined)?.status).toBe(200)
      commit = true
      const during = '/v1/diff?from=2024-01-01&to=2024-02-01&section=1'
      const made = await app.request(during)
      expect(await made.json()).toEqual({ url: '/v1/diff', commit: true })
      // The next lookup reads the file again: every answer kept before the commit, and the one made during it, are gone.
      expect(lookup(during, undefined)).toBeUndefined()
      expect(lookup(quiet, undefined)).toBeUndefined()
      commit = false
      expect((await app.request(quiet)).status).toBe(200)
      expect(lookup(quiet, undefined)?.status).toBe(200)
    } finally {
      reader.close()
    }
  })
})

describe.skipIf(!archiveAvailable())('crdb serve --base-url (its costly answers on a worker thread)', () => {
  let db: Crdb
  let child: ChildProcess | undefined
  let url = ''
  beforeAll(async () => {
    db = openArchiveDatabase()!
    child = spawn(process.execPath, [bin, '--db', db.path, 'serve', '--port', '0', '--quiet', '--base-url', 'https://rules.example.org/crdb'], {
      stdio: ['ignore', 'pipe', 'inherit']
    })
    url = await new Promise<string>((resolve, reject) => {
      let out = ''
      child!.stdout!.on('data', (chunk) => {
        out += chunk
        const match = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(out)
        if (match) resolve(match[1]!)
      })
      child!.once('exit', (code) => reject(new Error(`crdb serve exited ${code}`)))
    })
  })
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    db?.close()
  })

  it('feeds and citations link to the base URL whatever the Host; costly answers stay behind cheap ones', async () => {
    const port = Number(new URL(url).port)
    const feed = await rawGet(port, '/crdb/feed.xml', 'evil.example')
    expect(feed.status).toBe(200)
    const hrefs = [...feed.body.matchAll(/href="([^"]*)"/g)].map((match) => match[1])
    expect(hrefs.length).toBeGreaterThan(2)
    for (const href of hrefs) expect(href).toMatch(/^https:\/\/rules\.example\.org\/crdb\//)
    const page = await rawGet(port, 'http://evil.example/rules/704.5j', 'evil.example')
    expect(page.body).toMatch(/<code id="citation-text">[^<]*: https:\/\/rules\.example\.org\/crdb\/id\//)
    expect(page.body).not.toContain('evil')
    for (const link of linksOf(page.body)) expect(link, link).toMatch(/^(#|\/crdb\/|https:\/\/rules\.example\.org\/crdb\/)/)

    const editions = ((await (await fetch(`${url}/v1/editions`)).json()) as Array<{ effectiveDate: string }>).map((edition) => edition.effectiveDate)
    const costly = Array.from({ length: 8 }, (_, index) => `/crdb/v1/diff?from=${editions[index]}&to=${editions[70 + index]}`)
    const { order, statuses } = await askTogether(port, [...costly, `/crdb/v1/rules/704.5j?edition=${editions[41]}`])
    expect(statuses).toEqual(Array(9).fill(200))
    expect(order.indexOf(8), `answers complete in the order ${order}`).toBeLessThan(costly.length - 1)
    // A costly answer comes from the worker, which has no CORS of its own: the server's thread adds it, once.
    const fromWorker = await fetch(`${url}/crdb/v1/diff?from=${editions[3]}&to=${editions[50]}&summary=true`)
    expect(fromWorker.status).toBe(200)
    expect(fromWorker.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('a bad --base-path is a one-line usage error', () => {
    const result = spawnSync(process.execPath, [bin, '--db', db.path, 'serve', '--port', '0', '--base-path', '/v1'], { encoding: 'utf8' })
    expect(result.status).not.toBe(0)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toMatch(/E_USAGE|--base-path "\/v1"/)
  })
})
