/**
 * The sources of official editions against a real HTTP server on 127.0.0.1
 * that imitates each one's routes and answers: Academy Ruins (`/file/cr/{SET}`
 * with the original bytes, re-encoded UTF-8 bytes (refused: only the sha256 vouches), a truncated copy, 404, a
 * redirect; `/metadata/cr`; `/link/cr`), the Wayback Machine (a redirect to the
 * nearest capture, then the original bytes) and Wizards' current file; a slow
 * answer and a refused connection. The real fetch code, the real CLI.
 */
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import iconv from 'iconv-lite'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  Fetcher,
  fetchEditions,
  fetchNewerEditions,
  readDocumentShape,
  readOrigins,
  sha256Of,
  type EditionFetchOutcome,
  type Manifest,
  type ManifestEdition
} from '../ingest/fetch.js'
import { runCli } from '../src/cli.js'
import { driverOf, openDatabase } from '../src/store/database.js'
import { editionText, temporaryFolder, type EditionSpec } from './helpers.js'

const head = {
  '1': 'Game Concepts',
  '100': 'General',
  '100.1': 'These Magic rules apply to any Magic game.',
  '7': 'Additional Rules',
  '704': 'State-Based Actions',
  '704.1': 'State-based actions are game actions that happen automatically.'
}
const legendAll =
  'If two or more legendary permanents with the same name are on the battlefield, all are put into their owners’ graveyards. This is called the “legend rule.”'
const legendChoose =
  'If a player controls two or more legendary permanents with the same name, that player chooses one of them, and the rest are put into their owners’ graveyards. This is called the “legend rule.”'
/** An edition of `head` and more rules, in rule-number order. */
const edition = (code: string, name: string, date: string, rules: Record<string, string>): EditionSpec & { code: string; name: string } => {
  const all: Record<string, string> = { ...head, ...rules }
  // A section (`7`) sorts just before its first rule (`700`).
  const key = (number: string): string => (/^\d$/.test(number) ? `0${number}00` : number.replace(/\d+/g, (digits) => digits.padStart(4, '0')) + '#')
  const order = Object.keys(all).sort((x, y) => (key(x) < key(y) ? -1 : 1))
  return { code, name, date, rules: all, order }
}
const specs = [
  edition('AAA', 'Alpha Set', '2020-01-01', {}),
  edition('BBB', 'Beta Set', '2021-01-01', { '100.2': 'A “quoted” rule — with typography.' }),
  edition('CCC', 'Gamma Set', '2022-01-01', { '100.2': 'A “quoted” rule — with typography.', '100.3': 'A third rule.' }),
  edition('DDD', 'Delta Set', '2022-06-01', { '100.2': 'A “quoted” rule — with typography.', '100.3': 'A third rule, changed.', '704.5j': legendAll })
]
// Newer than the manifest: only Academy Ruins' list and Wizards' current link know it.
const newer = edition('EEE', 'Epsilon Set', '2023-01-01', {
  '100.1': 'These Magic rules apply to any Magic game, changed.',
  '100.2': 'A “quoted” rule — with typography.',
  '100.4': 'Tokens phase out whenever the moon is full.',
  '704.5j': legendChoose
})

/** An edition fetched (or found in the cache), and one that failed. */
type Kept = Extract<EditionFetchOutcome, { path: string }>
type Failed = Extract<EditionFetchOutcome, { status: 'failed' }>

/** The original bytes: Windows-1252 with CRLF, as the old official files were. */
const originalBytes = (spec: EditionSpec): Buffer => iconv.encode(editionText(spec), 'windows-1252')
/** Academy Ruins' copy: the same text re-encoded as UTF-8 with LF. */
const reencodedBytes = (spec: EditionSpec): Buffer => Buffer.from(editionText(spec).replace(/\r\n/g, '\n'), 'utf8')
const officialUrl = (spec: EditionSpec): string => `http://www.wizards.com:80/magic/comprules/MagicCompRules_${spec.date.replace(/-/g, '')}.txt`

interface Routes {
  /** Academy Ruins' answer per set code: bytes, a redirect to its static copy, or (absent) 404. */
  academyRuins: Record<string, { bytes: Buffer } | { redirect: Buffer }>
  metadata: Array<{ creationDay: string; setCode: string; setName: string }>
  /** What Wizards' current link serves. */
  current: { name: string; bytes: Buffer } | null
  /** The Wayback Machine's captures, by original URL. */
  wayback: Record<string, Buffer>
  /** Hold every Academy Ruins answer this long. */
  slowMs: number
}

describe('sources of official editions (127.0.0.1)', () => {
  let server: Server
  let base = ''
  let closedBase = ''
  let log: string[] = []
  let routes: Routes
  const folder = temporaryFolder()
  const statics = new Map<string, Buffer>()

  const manifest: Manifest = {
    editions: specs.map((spec): ManifestEdition => {
      const bytes = originalBytes(spec)
      const shape = readDocumentShape(bytes, spec.date)
      return {
        effectiveDate: spec.date,
        set: { code: spec.code, name: spec.name },
        file: `${spec.date}.txt`,
        url: officialUrl(spec),
        sha256: sha256Of(bytes),
        bytes: bytes.length,
        rules: shape.rules,
        terms: shape.terms
      }
    })
  }

  const defaultRoutes = (): Routes => ({
    academyRuins: {
      AAA: { bytes: originalBytes(specs[0]) },
      BBB: { bytes: reencodedBytes(specs[1]) },
      // A copy cut short: not the edition, whatever it states.
      CCC: { bytes: originalBytes(specs[2]).subarray(0, Math.floor(originalBytes(specs[2]).length * 0.6)) }
    },
    metadata: [],
    current: { name: 'MagicCompRules 20220601.txt', bytes: originalBytes(specs[3]) },
    wayback: Object.fromEntries(specs.slice(0, 3).map((spec) => [officialUrl(spec), originalBytes(spec)])),
    slowMs: 0
  })

  const respond = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = request.url ?? '/'
    log.push(url)
    let match: RegExpMatchArray | null
    if ((match = url.match(/^\/ar\/file\/cr\/([^/?]+)\?format=txt$/))) {
      if (routes.slowMs) await new Promise((resolve) => setTimeout(resolve, routes.slowMs))
      if (response.destroyed) return
      const answer = routes.academyRuins[decodeURIComponent(match[1]).toUpperCase()]
      if (!answer) return void response.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"CR not available for this set"}')
      if ('redirect' in answer) {
        statics.set(match[1], answer.redirect)
        return void response.writeHead(308, { location: `/ar/static/raw_docs/cr/${match[1]}.txt` }).end()
      }
      return void response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(answer.bytes)
    }
    if ((match = url.match(/^\/ar\/static\/raw_docs\/cr\/([^/]+)\.txt$/)) && statics.has(match[1]))
      return void response.writeHead(200).end(statics.get(match[1]))
    if (url === '/ar/metadata/cr') return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: routes.metadata }))
    if (url === '/ar/link/cr') {
      if (!routes.current) return void response.writeHead(404).end()
      return void response.writeHead(307, { location: `${base}/wizards/${encodeURIComponent(routes.current.name)}` }).end()
    }
    if (routes.current && url === `/wizards/${encodeURIComponent(routes.current.name)}`) return void response.writeHead(200).end(routes.current.bytes)
    if ((match = url.match(/^\/wb\/web\/(\d+)id_\/(.*)$/))) {
      const [, timestamp, original] = match
      if (!routes.wayback[original]) return void response.writeHead(404).end('Not in archive')
      // The Wayback Machine redirects a day to its nearest capture.
      if (timestamp.length === 8) return void response.writeHead(302, { location: `/wb/web/${timestamp}093000id_/${original}` }).end()
      return void response.writeHead(200, { 'content-type': 'text/plain' }).end(routes.wayback[original])
    }
    response.writeHead(404).end()
  }

  const bases = () => ({ academyRuins: `${base}/ar`, wayback: `${base}/wb` })
  const options = (name: string, extra: Partial<Parameters<typeof fetchEditions>[1]> = {}) => ({
    cacheDir: join(folder.dir, name),
    delayMs: 0,
    backoffMs: 10,
    timeoutMs: 2000,
    bases: bases(),
    ...extra
  })
  const statuses = (report: Awaited<ReturnType<typeof fetchEditions>>) =>
    report.outcomes.map((o) =>
      `${o.edition.effectiveDate} ${o.status} ${'source' in o ? `${o.source} ${o.verified ? 'verified' : 'unverified'}` : o.status === 'failed' ? o.code : ''}`.trim()
    )

  beforeAll(async () => {
    server = createServer((request, response) => void respond(request, response))
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const closed = createServer()
    closed.listen(0, '127.0.0.1')
    await once(closed, 'listening')
    closedBase = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
    closed.close()
    await once(closed, 'close')
  })
  afterAll(() => {
    server.closeAllConnections()
    server.close()
    folder.cleanup()
  })
  beforeEach(() => {
    log = []
    routes = defaultRoutes()
  })

  it('asks the sources in order and verifies each file: original bytes, re-encoded bytes, a cut copy, a 404', async () => {
    const report = await fetchEditions(manifest, options('order'))
    expect(statuses(report)).toEqual([
      '2020-01-01 fetched academy-ruins verified',
      // Re-encoded: same date, same counts, other bytes; refused, and the Wayback Machine's original taken.
      '2021-01-01 fetched wayback verified',
      '2022-01-01 fetched wayback verified',
      '2022-06-01 fetched wizards verified'
    ])
    // Academy Ruins first; the Wayback Machine only where it lacked the file (cut copy, 404); Wizards' link only for the newest.
    expect(log).toEqual([
      '/ar/file/cr/AAA?format=txt',
      '/ar/file/cr/BBB?format=txt',
      `/wb/web/20210101id_/${officialUrl(specs[1])}`,
      `/wb/web/20210101093000id_/${officialUrl(specs[1])}`,
      '/ar/file/cr/CCC?format=txt',
      `/wb/web/20220101id_/${officialUrl(specs[2])}`,
      `/wb/web/20220101093000id_/${officialUrl(specs[2])}`,
      '/ar/file/cr/DDD?format=txt',
      `/wb/web/20220601id_/${officialUrl(specs[3])}`,
      '/ar/link/cr',
      `/wizards/${encodeURIComponent('MagicCompRules 20220601.txt')}`
    ])
    const [, reencoded, cut, newest] = report.outcomes as Kept[]
    expect(reencoded.tried).toEqual([
      expect.objectContaining({
        source: 'academy-ruins',
        code: 'E_CHECKSUM',
        error: expect.stringMatching(
          /BBB\?format=txt: sha256 .* is not the manifest's .*; it states 2021-01-01 with 7 rules and 1 terms \(utf-8: re-encoded, or altered\), but only the manifest's sha256 vouches for an edition; not kept$/
        )
      })
    ])
    expect(cut.tried).toEqual([
      expect.objectContaining({
        source: 'academy-ruins',
        code: 'E_CHECKSUM',
        error: expect.stringMatching(/\/ar\/file\/cr\/CCC\?format=txt: sha256 .* not kept$/)
      })
    ])
    expect(cut.from).toBe(`${base}/wb/web/20220101093000id_/${officialUrl(specs[2])}`)
    expect(newest.tried.map((attempt) => [attempt.source, attempt.code])).toEqual([
      ['academy-ruins', 'E_HTTP'],
      ['wayback', 'E_HTTP']
    ])
    expect(newest.from).toBe(`${base}/wizards/${encodeURIComponent('MagicCompRules 20220601.txt')}`)

    // What was kept: the original bytes, each origin recorded.
    const editions = join(folder.dir, 'order', 'editions')
    expect(readFileSync(join(editions, '2020-01-01.txt')).equals(originalBytes(specs[0]))).toBe(true)
    expect(readFileSync(join(editions, '2021-01-01.txt')).equals(originalBytes(specs[1]))).toBe(true)
    const origins = readOrigins(editions)
    expect(Object.fromEntries(Object.entries(origins).map(([file, origin]) => [file, [origin.source, origin.verified, origin.set?.code]]))).toEqual({
      '2020-01-01.txt': ['academy-ruins', true, 'AAA'],
      '2021-01-01.txt': ['wayback', true, 'BBB'],
      '2022-01-01.txt': ['wayback', true, 'CCC'],
      '2022-06-01.txt': ['wizards', true, 'DDD']
    })

    // Again: everything is in the cache; no request.
    log = []
    const again = await fetchEditions(manifest, options('order'))
    expect(statuses(again)).toEqual([
      '2020-01-01 cached cache verified',
      '2021-01-01 cached cache verified',
      '2022-01-01 cached cache verified',
      '2022-06-01 cached cache verified'
    ])
    expect(log).toEqual([])
  })

  it('refuses a file that states another date, and one that has another structure', async () => {
    routes.academyRuins.AAA = { bytes: reencodedBytes(specs[1]) }
    routes.academyRuins.BBB = {
      bytes: reencodedBytes(edition('BBB', 'Beta Set', '2021-01-01', { '100.2': 'A “quoted” rule — with typography.', '100.9': 'An extra rule.' }))
    }
    routes.wayback = {}
    const report = await fetchEditions(manifest, options('refused', { only: ['aaa', '2021-01-01.txt'] }))
    expect(statuses(report)).toEqual(['2020-01-01 failed E_CHECKSUM', '2021-01-01 failed E_CHECKSUM'])
    const [wrongDate, wrongShape] = report.outcomes as Failed[]
    expect(wrongDate.error).toMatch(
      /^academy-ruins: .*AAA\?format=txt: sha256 .* and it states 2021-01-01; not kept; wayback: .*: HTTP 404 Not Found \(no such page\)$/
    )
    expect(wrongShape.error).toMatch(/and it has 8 rules and 1 terms, not 7 and 1; not kept/)
    expect(readdirSync(join(folder.dir, 'refused', 'editions'))).toEqual([])
  })

  it('follows a redirect to the static copy, and times out a slow answer, then asks the next source', async () => {
    routes.academyRuins.AAA = { redirect: originalBytes(specs[0]) }
    const redirected = await fetchEditions(manifest, options('redirect', { only: ['2020-01-01'] }))
    expect(statuses(redirected)).toEqual(['2020-01-01 fetched academy-ruins verified'])
    expect(log).toEqual(['/ar/file/cr/AAA?format=txt', '/ar/static/raw_docs/cr/AAA.txt'])

    log = []
    routes.slowMs = 1000
    const slow = await fetchEditions(manifest, options('slow', { only: ['2020-01-01'], timeoutMs: 150, retries: 1 }))
    expect(statuses(slow)).toEqual(['2020-01-01 fetched wayback verified'])
    const outcome = slow.outcomes[0] as Kept
    expect(outcome.tried).toEqual([
      expect.objectContaining({
        source: 'academy-ruins',
        code: 'E_TIMEOUT',
        error: expect.stringMatching(/no complete answer within 150 ms \(gave up after 2 attempts\)$/)
      })
    ])
    expect(log.filter((url) => url.startsWith('/ar/'))).toHaveLength(2)
  })

  it('asks a refused host once, never retries it, and changes nothing stored when every source fails', async () => {
    const cacheDir = join(folder.dir, 'refused-host')
    await fetchEditions(manifest, options('refused-host', { only: ['2020-01-01'] }))
    const before = readFileSync(join(cacheDir, 'editions', '2020-01-01.txt'))
    const originsBefore = readFileSync(join(cacheDir, 'editions', 'origins.json'))
    // The file in the cache goes bad; every source is down.
    writeFileSync(join(cacheDir, 'editions', '2021-01-01.txt'), 'partial')
    const attempts: string[] = []
    const fetcher = new Fetcher({ cacheDir, delayMs: 0, retries: 3, backoffMs: 10, onRequest: ({ url }) => attempts.push(url) })
    const report = await fetchEditions(manifest, { cacheDir, fetcher, bases: { academyRuins: closedBase, wayback: `${closedBase}/wb` } })
    expect(statuses(report)).toEqual([
      '2020-01-01 cached cache verified',
      '2021-01-01 failed E_FETCH',
      '2022-01-01 failed E_FETCH',
      '2022-06-01 failed E_FETCH'
    ])
    // One attempt for the host, not one per edition and source, and no retry.
    expect(attempts).toEqual([`${closedBase}/file/cr/BBB?format=txt`])
    expect(report.unreachable).toEqual([{ host: closedBase.slice('http://'.length), cause: 'ECONNREFUSED' }])
    expect(report.outcomes.slice(1).every((o) => o.status === 'failed' && o.unreachable)).toBe(true)
    expect(readFileSync(join(cacheDir, 'editions', '2020-01-01.txt')).equals(before)).toBe(true)
    expect(readFileSync(join(cacheDir, 'editions', '2021-01-01.txt'), 'utf8')).toBe('partial')
    expect(readFileSync(join(cacheDir, 'editions', 'origins.json')).equals(originsBefore)).toBe(true)
    expect(existsSync(join(cacheDir, 'editions', '2022-01-01.txt'))).toBe(false)
  })

  describe('the CLI', () => {
    const cli = async (...args: string[]) => {
      let stdout = ''
      let stderr = ''
      const code = await runCli(args, { out: (text) => (stdout += text), err: (text) => (stderr += text) })
      return { code, stdout, stderr }
    }
    const manifestFile = join(folder.dir, 'manifest.json')
    const environment: Record<string, string | undefined> = {}
    const setBases = (academyRuins: string, wayback: string): void => {
      process.env.CRDB_ACADEMY_RUINS_URL = academyRuins
      process.env.CRDB_WAYBACK_URL = wayback
    }
    beforeAll(() => {
      environment.CRDB_ACADEMY_RUINS_URL = process.env.CRDB_ACADEMY_RUINS_URL
      environment.CRDB_WAYBACK_URL = process.env.CRDB_WAYBACK_URL
      writeFileSync(manifestFile, JSON.stringify(manifest))
    })
    beforeEach(() => setBases(`${base}/ar`, `${base}/wb`))
    afterAll(() => {
      for (const [name, value] of Object.entries(environment)) {
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      }
    })

    /** A digest of every table: what "nothing stored changed" means. */
    const digestDatabase = (path: string): string => {
      const db = openDatabase(path, { readonly: true })
      const hash = createHash('sha256')
      for (const table of driverOf(db)
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
        .pluck()
        .all() as string[]) {
        hash.update(table)
        for (const row of (driverOf(db).prepare(`SELECT * FROM "${table}"`).raw().all() as unknown[]).map((row) => JSON.stringify(row)).sort()) hash.update(row)
      }
      db.close()
      return hash.digest('hex')
    }

    it('crdb fetch says for each edition where it came from and whether it is verified', async () => {
      const result = await cli('fetch', '--manifest', manifestFile, '--cache', join(folder.dir, 'cli-fetch'), '--delay', '0')
      expect(result.code, result.stderr).toBe(0)
      const lines = result.stdout.trim().split('\n')
      expect(lines[0]).toMatch(
        new RegExp(
          `^2020-01-01 AAA {4}fetched {5}academy-ruins ${base}/ar/file/cr/AAA\\?format=txt -> .*2020-01-01\\.txt {2}verified \\(sha256 of the manifest\\)$`
        )
      )
      expect(lines[1]).toMatch(/^2021-01-01 BBB {4}fetched {5}wayback .* verified \(sha256 of the manifest\)$/)
      expect(lines[2]).toMatch(/^2022-01-01 CCC {4}fetched {5}wayback {7}.*\/wb\/web\/20220101093000id_\/http:\/\/www\.wizards\.com:80\/.* verified/)
      expect(lines[3]).toMatch(/^2022-06-01 DDD {4}fetched {5}wizards .* verified/)
      expect(lines[4]).toMatch(/^4 editions: 0 copied, 4 fetched, 0 revalidated, 0 already cached, 0 skipped, 0 failed in [\d.]+ s; 4 verified, 0 unverified; /)
      const only = await cli('fetch', '--manifest', manifestFile, '--cache', join(folder.dir, 'cli-fetch'), '--edition', 'bbb')
      expect(only.stdout).toMatch(/^2021-01-01 BBB {4}cached .* verified \(sha256 of the manifest\)\n/)
      // Built, the verified editions carry no warning.
      const db = join(folder.dir, 'cli-fetch.sqlite')
      expect((await cli('--db', db, 'build', '--no-corpus', '--archive', join(folder.dir, 'cli-fetch', 'editions'))).code).toBe(0)
      expect((await cli('--db', db, 'editions', '--messages', '2021-01-01')).stdout).toBe('')
    })

    it('crdb fetch offline: one line with the hosts and a hint, exit 1, nothing written', async () => {
      setBases(closedBase, `${closedBase}/wb`)
      const cache = join(folder.dir, 'cli-offline')
      const result = await cli('fetch', '--manifest', manifestFile, '--cache', cache)
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: `crdb: E_FETCH: 4 editions not fetched: no source could be reached (${closedBase.slice(7)}: ECONNREFUSED); offline? take the files from a folder with --mirror DIR (such as ../shared/corpus/cr)\n`
      })
      expect(readdirSync(join(cache, 'editions'))).toEqual([])
    })

    it('crdb update stores the newer editions and prints what they changed, engine switches included', async () => {
      const db = join(folder.dir, 'update.sqlite')
      const archive = join(folder.dir, 'update-archive')
      mkdirSync(archive)
      for (const spec of specs.slice(0, 3)) writeFileSync(join(archive, `${spec.date}.txt`), originalBytes(spec))
      expect((await cli('--db', db, 'build', '--no-corpus', '--archive', archive)).code).toBe(0)

      // Offline first: one line, exit 1, and the database is untouched.
      const digest = digestDatabase(db)
      setBases(closedBase, `${closedBase}/wb`)
      const offline = await cli('--db', db, 'update', '--manifest', manifestFile, '--cache', join(folder.dir, 'update-cache'))
      expect(offline.code).toBe(1)
      expect(offline.stderr).toMatch(
        /^crdb: E_FETCH: cannot look for a newer edition: no source could be reached \(127\.0\.0\.1:\d+: ECONNREFUSED\); offline\? .*--mirror DIR.*\n$/
      )
      expect(digestDatabase(db)).toBe(digest)

      // Release day: the manifest's newest edition by set code (through a redirect), and one the manifest does not know yet.
      setBases(`${base}/ar`, `${base}/wb`)
      routes.academyRuins.DDD = { redirect: originalBytes(specs[3]) }
      routes.academyRuins.EEE = { bytes: reencodedBytes(newer) }
      routes.metadata = [
        { creationDay: '2023-01-02', setCode: 'EEE', setName: newer.name },
        ...specs.map((spec) => ({ creationDay: spec.date, setCode: spec.code, setName: spec.name })).reverse()
      ]
      routes.current = { name: 'MagicCompRules 20230101.txt', bytes: originalBytes(newer) }
      const result = await cli('--db', db, 'update', '--manifest', manifestFile, '--cache', join(folder.dir, 'update-cache'), '--delay', '0')
      expect(result.code, result.stderr).toBe(0)
      const lines = result.stdout.trim().split('\n')
      expect(lines[0]).toMatch(
        new RegExp(
          `^new edition 2022-06-01 \\(DDD, Delta Set\\): 9 rules, 1 glossary terms; from academy-ruins ${base}/ar/static/raw_docs/cr/DDD.txt, verified \\(sha256 of the manifest\\)$`
        )
      )
      expect(lines[1]).toMatch(
        /^ {2}against 2022-01-01 \(CCC, Gamma Set\): 1 added, 0 removed, 1 changed, 0 moved, 0 moved and changed \(0 only in typography, 0 only in cross-references, 0 only in examples\); 7 unchanged$/
      )
      expect(lines[2]).toBe('  added (1): 704.5j')
      expect(lines[3]).toBe('  changed (1): 100.3')
      expect(lines[4]).toBe('  engine switches: legendRule null -> "all"')
      expect(lines[5]).toBe('  engine checks: legend-rule not in force -> 704.5j')
      // The one the manifest does not list is held in quarantine, not stored: it is no edition of any query yet.
      expect(lines[6]).toMatch(
        /^quarantined 2023-01-01 \(EEE, Epsilon Set\): 9 rules, 1 glossary terms; from academy-ruins .*\/ar\/file\/cr\/EEE\?format=txt; the manifest does not list the edition of 2023-01-01 \(no sha256 to check it against; 9 rules, 1 terms\); not stored as an edition until accepted: crdb editions --accept 2023-01-01 \(or --reject\)$/
      )
      expect(lines).toHaveLength(7)
      const listed = (await cli('--db', db, 'editions')).stdout
      expect(listed).toMatch(
        /^2022-06-01 .*\nheld in quarantine, not editions until accepted \(crdb editions --accept DATE\):\n2023-01-01 quarantined \(EEE, Epsilon Set\): 9 rules, 1 terms; from academy-ruins /m
      )
      expect(listed).not.toMatch(/^2023-01-01 +\d/m)
      const quarantined = JSON.parse((await cli('--db', db, '--json', 'editions', '--quarantined')).stdout)
      expect(quarantined).toEqual([
        expect.objectContaining({ effectiveDate: '2023-01-01', source: 'academy-ruins', set: { code: 'EEE', name: 'Epsilon Set' }, rules: 9 })
      ])
      // The newest edition, and the engine's legend rule, are still 2022-06-01's; the held rule 100.4 is in no edition.
      expect((await cli('--db', db, 'get', '704.5j')).stdout).toContain('all are put into')
      expect((await cli('--db', db, 'get', '100.4')).code).toBe(1)
      expect((await cli('--db', db, 'get', '100.4', '--date', '2023-06-01')).code).toBe(1)
      expect((await cli('--db', db, 'era', '--profile')).stdout).toMatch(/^ {2}legend-rule +all +since 2022-06-01/m)
      // Asked again, it is still held, and said so; nothing stored.
      const digestHeld = digestDatabase(db)
      const still = await cli('--db', db, 'update', '--manifest', manifestFile, '--cache', join(folder.dir, 'update-cache'), '--delay', '0')
      expect(still).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(/^still quarantined 2023-01-01 \(EEE, Epsilon Set\): .*--accept 2023-01-01 \(or --reject\)\n$/)
      })
      expect(digestDatabase(db)).toBe(digestHeld)

      // A person accepts it: stored, the newest edition now, with its warning.
      const accepted = await cli('--db', db, 'editions', '--accept', '2023-01-01')
      expect(accepted).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(
          /^accepted the document held for 2023-01-01: stored as the edition of 2023-01-01 \(unverified; from .*EEE\?format=txt\)\n$/
        )
      })
      expect((await cli('--db', db, 'get', '704.5j')).stdout).toContain('that player chooses one of them')
      expect((await cli('--db', db, 'get', '100.4')).stdout).toContain('Tokens phase out')
      expect((await cli('--db', db, 'era', '--profile')).stdout).toMatch(/^ {2}legend-rule +controller-chooses +since 2023-01-01/m)
      expect((await cli('--db', db, 'editions', '--quarantined')).stdout).toBe('no document is held in quarantine\n')
      expect((await cli('--db', db, 'editions', '--accept', '2023-01-01')).stderr).toBe(
        'crdb: E_NOT_FOUND: no document is held in quarantine for 2023-01-01 (none is held)\n'
      )
      expect((await cli('--db', db, 'editions')).stdout).toMatch(/^2023-01-01 .*\/ar\/file\/cr\/EEE\?format=txt$/m)
      const sources = await cli('--db', db, 'sources', '--official')
      // Where it came from, as an edition fetched by crdb fetch says it (from its origins file).
      expect(sources.stdout).toMatch(
        /2023-01-01 .*\/ar\/file\/cr\/EEE\?format=txt {2}UNVERIFIED from academy-ruins http\S+\/ar\/file\/cr\/EEE\?format=txt: not in the manifest \(the manifest does not list the edition of 2023-01-01 [^\n]*\)$/m
      )
      const officials = JSON.parse((await cli('--db', db, 'sources', '--official', '--json')).stdout) as Array<{
        date: string
        verification?: { origin: unknown }
      }>
      expect(officials.find((source) => source.date === '2023-01-01')?.verification?.origin).toMatchObject({
        source: 'academy-ruins',
        from: expect.stringMatching(/EEE\?format=txt$/)
      })
      expect((await cli('--db', db, 'editions', '--messages', '2023-01-01')).stdout).toMatch(
        /^1: warning unverified fetched from academy-ruins .*EEE\?format=txt; unverified: the manifest does not list the edition of 2023-01-01 .*; accepted from quarantine\n$/
      )

      // Nothing newer: up to date.
      const again = await cli('--db', db, 'update', '--manifest', manifestFile, '--cache', join(folder.dir, 'update-cache'), '--delay', '0')
      expect(again).toMatchObject({ code: 0, stdout: 'up to date: the newest stored edition is 2023-01-01; no source has a newer one\n' })
    })
  })

  it('crdb update into an empty store stores every edition it can have, without a release note each', async () => {
    process.env.CRDB_ACADEMY_RUINS_URL = `${base}/ar`
    process.env.CRDB_WAYBACK_URL = `${base}/wb`
    const manifestFile = join(folder.dir, 'manifest-empty.json')
    writeFileSync(manifestFile, JSON.stringify(manifest))
    let stdout = ''
    const code = await runCli(
      ['--db', join(folder.dir, 'empty.sqlite'), 'update', '--manifest', manifestFile, '--cache', join(folder.dir, 'empty-cache'), '--delay', '0'],
      { out: (text) => (stdout += text), err: () => undefined }
    )
    delete process.env.CRDB_ACADEMY_RUINS_URL
    delete process.env.CRDB_WAYBACK_URL
    expect(code).toBe(0)
    expect(stdout).toBe('stored 4 editions, 2020-01-01 to 2022-06-01 into an empty store; crdb update prints release notes from now on\n')
  })

  it('finds editions newer than the manifest through the set list and the current link', async () => {
    routes.metadata = [{ creationDay: '2023-01-01', setCode: 'EEE', setName: newer.name }]
    routes.current = { name: 'MagicCompRules 20230101.txt', bytes: originalBytes(newer) }
    const report = await fetchNewerEditions(manifest, '2022-06-01', options('newer'))
    // Not in the manifest: to be held in quarantine, not an edition.
    expect(report.editions).toEqual([])
    expect(report.held.map((e) => [e.effectiveDate, e.source, e.set?.code ?? null])).toEqual([['2023-01-01', 'wizards', 'EEE']])
    // Academy Ruins lacked it (404), which is a failure noted; Wizards' link had it.
    expect(report.failures.map((f) => f.what)).toEqual(['EEE (Academy Ruins)'])
  })
})
