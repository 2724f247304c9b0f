/**
 * Fuzzing the HTTP app: a few thousand random requests (random paths under /v1
 * and the pages, hostile parameter values, long and non-UTF-8 strings, random
 * bodies) get only 2xx, 3xx or 4xx, and the server answers normally afterwards;
 * raw requests with invalid bytes on a real socket too.
 */
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Hono } from 'hono'
import type { Crdb } from '../src/store/database.js'
import { createApp } from '../src/server/app.js'
import { startServer, type RunningServer } from '../src/server/node.js'
import { openApiDocument } from '../src/server/openapi.js'
import { archiveAvailable, openArchiveDatabase } from './helpers.js'
import { checkAnswers, type OpenApiDocument } from './openapi-conformance.js'

/** A small seeded generator (mulberry32), so that a failure can be replayed with its seed. */
function generator(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const hostile = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '%',
  '%%',
  '%zz',
  '%00',
  '%FF%FE%FD',
  '%ED%A0%80',
  '%C0%AF',
  '%E2%80%AE',
  '..%2F..%2Fetc%2Fpasswd',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE versions; --",
  'SELECT * FROM sources',
  '704.5j',
  '704.5J',
  '704',
  '7',
  '100.1a',
  '999.999z',
  '704.5jj',
  '7045',
  '704..5',
  'rule%20704.5j',
  '2009',
  '2003',
  '2024',
  '1850',
  '99999',
  '2009-07-11',
  '2010-01-01',
  '1999-04-23',
  '0000-00-00',
  '2010-02-30',
  '9999-12-31',
  '2026-13-01',
  '20090711',
  'legend',
  'legend rule',
  '"legend',
  'legend*',
  '(a OR',
  'NOT',
  'AND AND',
  '*',
  '"',
  'a"b"c',
  'subtree',
  'subtree,refs',
  'neighbours,sources,refs,subtree',
  'everything',
  'rule,term',
  'card',
  'forward',
  'md',
  'x'.repeat(5000),
  'é'.repeat(300),
  '🂡🂢🂣',
  '\u202e',
  '\uFEFF',
  'a%0Ab',
  '%0D%0ASet-Cookie:%20x=1',
  '\\u0000',
  'legend-rule',
  'no-such-check',
  'query',
  'text',
  '"Must be blocked if able."?',
  'AND OR NOT'
]
const paths = [
  '/v1/editions',
  '/v1/editions/{}/export',
  '/v1/eras',
  '/v1/sources',
  '/v1/rules/{}',
  '/v1/rules/{}/history',
  '/v1/glossary',
  '/v1/glossary/{}',
  '/v1/search',
  '/v1/diff',
  '/v1/checks',
  '/v1/checks/{}',
  '/v1/sba',
  '/v1/{}',
  '/v1',
  '/openapi.json',
  '/',
  '/rules/{}',
  '/history/{}',
  '/cr',
  '/diff',
  '/glossary',
  '/glossary/{}',
  '/search',
  '/eras',
  '/eras/{}',
  '/{}',
  '/{}/{}',
  '/style.css'
]
const names = [
  'date',
  'edition',
  'era',
  'q',
  'include',
  'from',
  'to',
  'section',
  'summary',
  'all',
  'kind',
  'limit',
  'offset',
  'cursor',
  'mode',
  'direction',
  'history',
  'only',
  'hide',
  'format',
  '{}'
]
const methods = ['GET', 'GET', 'GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']
const types = ['application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/ld+json', 'multipart/form-data; boundary=x', '']

describe.skipIf(!archiveAvailable())('fuzzing the HTTP app', () => {
  let db: Crdb
  let app: Hono
  beforeAll(() => {
    db = openArchiveDatabase()!
    app = createApp({ db })
    // Every JSON answer under /v1, hostile requests' errors included, conforms to the OpenAPI document.
    checkAnswers(app, JSON.parse(JSON.stringify(openApiDocument)) as OpenApiDocument)
  })
  afterAll(() => db?.close())

  it('answers a few thousand random and hostile requests with 2xx, 3xx or 4xx only, as the OpenAPI document says', async () => {
    const seed = Number(process.env.CRDB_FUZZ_SEED ?? Date.now() % 1_000_000)
    const random = generator(seed)
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]
    const value = (): string =>
      random() < 0.8
        ? pick(hostile)
        : Array.from(
            { length: Math.floor(random() * 40) },
            () =>
              `%${Math.floor(random() * 256)
                .toString(16)
                .padStart(2, '0')}`
          ).join('')
    const failures: string[] = []
    const counts = new Map<number, number>()
    const count = 2000
    for (let index = 0; index < count; index++) {
      let path = pick(paths).replace(/\{\}/g, () => value().replace(/[/?#]/g, encodeURIComponent))
      const query = Array.from(
        { length: Math.floor(random() * 4) },
        () => `${pick(names).replace('{}', value())}=${value().replace(/[&#]/g, encodeURIComponent)}`
      )
      if (query.length) path += '?' + query.join('&')
      const method = pick(methods)
      const init: RequestInit = { method }
      if (method !== 'GET' && method !== 'HEAD' && random() < 0.8) {
        const type = pick(types)
        init.headers = type ? { 'content-type': type } : {}
        const kind = random()
        init.body =
          kind < 0.3
            ? JSON.stringify({
                players: [{ id: value(), life: random() < 0.5 ? 3 : value() }],
                permanents: random() < 0.5 ? [] : [{ id: value(), types: [value()] }]
              })
            : kind < 0.5
              ? new Uint8Array(Array.from({ length: Math.floor(random() * 2000) }, () => Math.floor(random() * 256)))
              : kind < 0.6
                ? '['.repeat(Math.floor(random() * 20000))
                : kind < 0.7
                  ? JSON.stringify({ players: Array.from({ length: 300 }, (_, i) => ({ id: `p${i}`, life: i % 3 })), permanents: [] })
                  : value()
      }
      let status: number
      try {
        const response = await app.request(path, init)
        status = response.status
        await response.arrayBuffer()
      } catch (error) {
        failures.push(`${method} ${path.slice(0, 120)}: threw ${(error as Error).message}`)
        continue
      }
      counts.set(status, (counts.get(status) ?? 0) + 1)
      if (status >= 500 || status < 200) failures.push(`${method} ${path.slice(0, 120)}: ${status}`)
    }
    console.log(
      `fuzz seed ${seed}: ${count} requests, statuses ${[...counts]
        .sort()
        .map(([status, n]) => `${status}x${n}`)
        .join(' ')}`
    )
    expect(failures, `seed ${seed}`).toEqual([])
    const after = await app.request('/v1/rules/704.5j')
    expect(after.status).toBe(200)
    expect(((await after.json()) as { number: string }).number).toBe('704.5j')
  }, 300_000)

  describe('on a real socket', () => {
    let server: RunningServer
    beforeAll(async () => {
      server = await startServer({ databasePath: inject('archiveDatabase')!, port: 0 })
    })
    afterAll(async () => server?.close())

    /** Send raw bytes, resolve with the status line of the answer. */
    const raw = (bytes: Buffer): Promise<string> =>
      new Promise((resolve, reject) => {
        const socket = connect(server.port, '127.0.0.1')
        let answer = ''
        socket.on('data', (chunk) => {
          answer += chunk.toString('latin1')
          if (answer.includes('\r\n')) {
            socket.destroy()
            resolve(answer.slice(0, answer.indexOf('\r\n')))
          }
        })
        socket.on('error', reject)
        socket.on('end', () => resolve(answer.split('\r\n')[0]))
        socket.write(bytes)
      })

    it('answers requests whose path and parameters hold invalid UTF-8 and control bytes', async () => {
      const random = generator(7)
      const lines: string[] = []
      for (let index = 0; index < 150; index++) {
        const noise = Buffer.from(Array.from({ length: 1 + Math.floor(random() * 30) }, () => 0x80 + Math.floor(random() * 0x7f)))
        const base = ['/rules/', '/v1/rules/', '/search?q=', '/v1/search?q=', '/glossary/', '/diff?from=', '/v1/glossary/'][index % 7]
        const request = Buffer.concat([Buffer.from(`GET ${base}`), noise, Buffer.from(' HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')])
        lines.push(await raw(request))
      }
      for (const line of lines) expect(line).toMatch(/^HTTP\/1\.1 [234]\d\d /)
      const response = await fetch(`${server.url}/v1/rules/704.5j`)
      expect(response.status).toBe(200)
    })
  })
})
