/**
 * A hostile world, against a fake upstream (a real HTTP server on 127.0.0.1
 * imitating Academy Ruins, the Wayback Machine and Wizards' current link) and
 * the real CLI: a doctored newer edition dated 2099-01-01 (refused), one dated
 * plausibly but not in the manifest (held in quarantine, never the default,
 * until `crdb editions --accept` makes it the newest; its `<script>` shown as
 * text on the page), one dated between two stored editions (accepted only as
 * unverified), a manifest edition whose bytes differ with the same date and
 * counts (refused), a 100 MB body (refused at the cap, the download stopped
 * early, a child's peak memory far below the body), and terminal escapes in a set name, in stored text and in arguments
 * (never printed raw; echoed input cut to 60 characters).
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { fetchEditions, readDocumentShape, sha256Of, type Manifest, type ManifestEdition } from '../ingest/fetch.js'
import { runCli } from '../src/cli.js'
import { createApp } from '../src/server/app.js'
import { escapeJsonControls, sanitizeForTerminal } from '../src/vocabulary/terminal-text.js'
import { driverOf, openDatabase } from '../src/store/database.js'
import { editionText, projectRoot, temporaryFolder, type EditionSpec } from './helpers.js'

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
/** An edition of `head` and more rules, in rule-number order. */
const edition = (date: string, rules: Record<string, string>): EditionSpec => {
  const all: Record<string, string> = { ...head, ...rules }
  const key = (number: string): string => (/^\d$/.test(number) ? `0${number}00` : number.replace(/\d+/g, (digits) => digits.padStart(4, '0')) + '#')
  return { date, rules: all, order: Object.keys(all).sort((x, y) => (key(x) < key(y) ? -1 : 1)) }
}
const bytesOf = (spec: EditionSpec): Buffer => Buffer.from(editionText(spec), 'utf8')

const alpha = edition('2020-01-01', { '704.5j': legendAll })
const beta = edition('2021-01-01', { '100.2': 'A second rule.', '704.5j': legendAll })
// Doctored, dated far ahead: the player "wins the game", the legend rule gone, a script in its text.
const doctored2099 = edition('2099-01-01', {
  '100.2': 'A second rule. <script>alert(1)</script>',
  '704.5a': 'If a player has 0 or less life, that player wins the game.'
})
// Plausible, not in the manifest: markup in its text (a document holding control characters is no text file: E_DECODE).
const gamma = edition('2022-01-01', {
  '100.2': 'A second rule.',
  '100.3': 'Text with markup <script>alert(1)</script> & an ampersand.',
  '704.5j': legendAll
})
// Between the two stored editions.
const between = edition('2020-06-01', { '100.2': 'A rule of June.', '704.5j': legendAll })
// The manifest's edition of 2022-06-01, and a doctored copy with the same date and counts.
const delta = edition('2022-06-01', { '100.2': 'A second rule.', '704.5j': legendAll })
const deltaDoctored = edition('2022-06-01', { '100.2': 'A second rule.', '704.5j': 'If a player controls a legendary permanent, that player wins the game.' })

// A wiki page whose character references spell terminal escapes: a text file cannot hold them, HTML can.
const wikiPage = readFileSync(join(projectRoot, 'test/fixtures/mtg-wiki/page-html/input.html'), 'utf8')
  .replace('<title>Legend rule', '<title>&#27;]0;pwned&#7;Legend rule')
  .replace('<li>704.5j If two', '<li>704.5j &#27;[2J&#27;]0;pwned&#7;If two')

const manifestEdition = (code: string, name: string, spec: EditionSpec): ManifestEdition => {
  const bytes = bytesOf(spec)
  const shape = readDocumentShape(bytes, spec.date)
  return {
    effectiveDate: spec.date,
    set: { code, name },
    file: `${spec.date}.txt`,
    url: null,
    sha256: sha256Of(bytes),
    bytes: bytes.length,
    rules: shape.rules,
    terms: shape.terms
  }
}
const manifest: Manifest = { editions: [manifestEdition('AAA', 'Alpha Set', alpha), manifestEdition('BBB', 'Beta Set', beta)] }
const manifestWithDelta: Manifest = { editions: [...manifest.editions, manifestEdition('DDD', 'Delta Set', delta)] }

/** Any C0 control but newline and tab, DEL, or C1: what must never reach a terminal. */
const controlCharacter = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/

interface Routes {
  metadata: Array<{ creationDay: string; setCode: string; setName: string }>
  files: Record<string, Buffer>
  current: Buffer | null
}

describe('a hostile upstream (127.0.0.1)', () => {
  let server: Server
  let base = ''
  let routes: Routes
  /** Bytes the big routes wrote before the client stopped reading. */
  const served = { chunked: 0, declared: 0 }
  const folder = temporaryFolder()
  const environment = { academyRuins: process.env.CRDB_ACADEMY_RUINS_URL, wayback: process.env.CRDB_WAYBACK_URL }

  /** Write 100 MB in 64 kB chunks as the client reads them, counting what was written, until the client goes. */
  const streamHundredMegabytes = (response: ServerResponse, counter: 'chunked' | 'declared'): void => {
    const chunk = Buffer.alloc(64 * 1024, 'a')
    const total = 100 * 1024 * 1024
    served[counter] = 0
    const pump = (): void => {
      while (served[counter] < total && !response.destroyed) {
        served[counter] += chunk.length
        if (!response.write(chunk)) return void response.once('drain', pump)
      }
      if (!response.destroyed) response.end()
    }
    pump()
  }

  const cli = async (...args: string[]) => {
    let stdout = ''
    let stderr = ''
    const code = await runCli(args, { out: (text) => (stdout += text), err: (text) => (stderr += text) })
    return { code, stdout, stderr }
  }
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
  const manifestFile = join(folder.dir, 'manifest.json')
  const manifestWithDeltaFile = join(folder.dir, 'manifest-delta.json')
  /** A store of the manifest's two editions. */
  const buildStore = async (name: string): Promise<string> => {
    const archive = join(folder.dir, `${name}-archive`)
    mkdirSync(archive)
    for (const spec of [alpha, beta]) writeFileSync(join(archive, `${spec.date}.txt`), bytesOf(spec))
    const db = join(folder.dir, `${name}.sqlite`)
    expect((await cli('--db', db, 'build', '--no-corpus', '--archive', archive)).code).toBe(0)
    return db
  }
  const update = (db: string, manifestPath = manifestFile) => cli('--db', db, 'update', '--manifest', manifestPath, '--cache', `${db}-cache`, '--delay', '0')

  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = request.url ?? '/'
      let match: RegExpMatchArray | null
      if (url === '/ar/metadata/cr') return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: routes.metadata }))
      if ((match = url.match(/^\/ar\/file\/cr\/([^/?]+)\?format=txt$/))) {
        const bytes = routes.files[match[1]]
        return void (bytes ? response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(bytes) : response.writeHead(404).end())
      }
      if (url === '/ar/link/cr')
        return void (routes.current ? response.writeHead(307, { location: '/wizards/current.txt' }).end() : response.writeHead(404).end())
      if (url === '/wizards/current.txt' && routes.current) return void response.writeHead(200).end(routes.current)
      if (url === '/wiki/Legend_rule') return void response.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' }).end(wikiPage)
      if (url === '/big/chunked') {
        response.writeHead(200, { 'content-type': 'text/html' })
        return streamHundredMegabytes(response, 'chunked')
      }
      if (url === '/big/declared') {
        response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(100 * 1024 * 1024) })
        return streamHundredMegabytes(response, 'declared')
      }
      response.writeHead(404).end()
    })
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    process.env.CRDB_ACADEMY_RUINS_URL = `${base}/ar`
    process.env.CRDB_WAYBACK_URL = `${base}/wb`
    writeFileSync(manifestFile, JSON.stringify(manifest))
    writeFileSync(manifestWithDeltaFile, JSON.stringify(manifestWithDelta))
  })
  afterAll(() => {
    server.closeAllConnections()
    server.close()
    folder.cleanup()
    for (const [name, value] of [
      ['CRDB_ACADEMY_RUINS_URL', environment.academyRuins],
      ['CRDB_WAYBACK_URL', environment.wayback]
    ] as const) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  })
  beforeEach(() => {
    routes = {
      metadata: [
        { creationDay: '2021-01-01', setCode: 'BBB', setName: 'Beta Set' },
        { creationDay: '2020-01-01', setCode: 'AAA', setName: 'Alpha Set' }
      ],
      files: { AAA: bytesOf(alpha), BBB: bytesOf(beta) },
      current: bytesOf(beta)
    }
  })

  it('refuses a document dated after tomorrow: one line with its code, exit 1, nothing stored or held', async () => {
    const db = await buildStore('future')
    const before = digestDatabase(db)
    routes.metadata.unshift({ creationDay: '2099-01-01', setCode: 'ZZZ', setName: 'Doctored Set' })
    routes.files.ZZZ = bytesOf(doctored2099)
    const result = await update(db)
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(
      new RegExp(
        `^note: ZZZ \\(Academy Ruins\\): E_IMPLAUSIBLE_DATE: ${base}/ar/file/cr/ZZZ\\?format=txt: states 2099-01-01, after tomorrow \\(\\d{4}-\\d\\d-\\d\\d\\); a doctored or misdated document, not kept$`,
        'm'
      )
    )
    expect(result.stdout).not.toMatch(/quarantined|new edition/)
    expect(digestDatabase(db)).toBe(before)
    expect((await cli('--db', db, 'get', '704.5a')).code).toBe(1)
    expect((await cli('--db', db, 'get', '704.5j')).stdout).toContain('all are put into')
  })

  it('holds a plausible edition the manifest does not list in quarantine until accepted; its set name and text reach no terminal raw', async () => {
    const db = await buildStore('quarantine')
    routes.metadata.unshift({ creationDay: '2022-01-01', setCode: 'CCC', setName: 'Gamma\u001b]0;pwned\u0007 Set\u001b[2J\u009b31m' })
    routes.files.CCC = bytesOf(gamma)
    const result = await update(db)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(
      /^quarantined 2022-01-01 \(CCC, Gamma Set\): 9 rules, 1 glossary terms; from academy-ruins .*CCC\?format=txt; the manifest does not list/
    )
    expect(result.stdout).not.toMatch(controlCharacter)
    // Stored without its control characters.
    const listed = JSON.parse((await cli('--db', db, '--json', 'editions', '--quarantined')).stdout)
    expect(listed).toEqual([expect.objectContaining({ effectiveDate: '2022-01-01', set: { code: 'CCC', name: 'Gamma Set' } })])
    // Not the default, in force on no date, not an edition to name.
    expect((await cli('--db', db, 'get', '100.3')).code).toBe(1)
    expect((await cli('--db', db, 'get', '100.3', '--date', '2022-02-01')).code).toBe(1)
    expect((await cli('--db', db, 'get', '100.3', '--edition', '2022-01-01')).stderr).toMatch(/^crdb: E_NOT_FOUND: no edition dated 2022-01-01/)
    expect((await cli('--db', db, '--json', 'editions')).stdout).not.toContain('2022-01-01')
    const held = openDatabase(db, { readonly: true })
    try {
      const app = createApp({ db: held })
      for (const path of ['/rules/100.3', '/rules/100.3?edition=2022-01-01', '/rules/100.3?date=2022-06-01']) {
        const response = await app.request(path)
        expect(response.status, path).toBe(404)
        expect(await response.text(), path).not.toContain('alert(1)')
      }
    } finally {
      held.close()
    }

    const accepted = await cli('--db', db, 'editions', '--accept', '2022-01-01')
    expect(accepted.code, accepted.stderr).toBe(0)
    // The newest edition now, its text stored as data: shown without the escapes on a terminal, escaped in JSON.
    const text = await cli('--db', db, 'get', '100.3')
    expect(text.stdout).toContain('Text with markup <script>alert(1)</script> & an ampersand.')
    expect(text.stdout).not.toMatch(controlCharacter)
    const json = await cli('--db', db, '--json', 'get', '100.3')
    expect(json.stdout).not.toMatch(controlCharacter)
    const stored = JSON.stringify(JSON.parse(json.stdout))
    expect(stored).toContain('alert(1)</script>')

    // On the page, the script is text.
    const readonly = openDatabase(db, { readonly: true })
    try {
      const page = await (await createApp({ db: readonly }).request('/rules/100.3')).text()
      expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
      expect(page).not.toContain('<script>alert(1)')
    } finally {
      readonly.close()
    }
  })

  it('holds an edition dated between two stored ones, to be accepted only as unverified, never the newest', async () => {
    const db = await buildStore('between')
    routes.current = bytesOf(between)
    const result = await update(db)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(
      /^quarantined 2020-06-01: .*; from wizards .*\/wizards\/current\.txt; the manifest does not list the edition of 2020-06-01, dated between the held editions of 2020-01-01 and 2021-01-01: it can be accepted only as unverified/m
    )
    expect((await cli('--db', db, 'editions', '--accept', '2020-06-01')).code).toBe(0)
    expect((await cli('--db', db, 'editions', '--messages', '2020-06-01')).stdout).toMatch(
      /^1: warning unverified fetched from wizards .*; unverified: .*it can be accepted only as unverified .*; accepted from quarantine\n$/
    )
    // In force between the two; the newest is still 2021-01-01.
    expect((await cli('--db', db, 'get', '100.2', '--date', '2020-07-01')).stdout).toContain('A rule of June.')
    expect((await cli('--db', db, 'get', '100.2')).stdout).toContain('A second rule.')
    // Rejecting one drops it and stores nothing.
    routes.current = bytesOf(edition('2020-09-01', { '100.2': 'A rule of September.' }))
    expect((await update(db)).stdout).toMatch(/^quarantined 2020-09-01/m)
    const editions = (await cli('--db', db, '--json', 'editions')).stdout
    expect(await cli('--db', db, 'editions', '--reject', '2020-09-01')).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^rejected the document held for 2020-09-01/)
    })
    expect((await cli('--db', db, 'editions', '--quarantined')).stdout).toBe('no document is held in quarantine\n')
    expect((await cli('--db', db, '--json', 'editions')).stdout).toBe(editions)
    expect((await cli('--db', db, 'get', '100.2', '--date', '2020-10-01')).stdout).toContain('A rule of June.')
  })

  it('refuses a manifest edition whose sha256 differs, though its date and counts match (E_CHECKSUM)', async () => {
    const db = await buildStore('checksum')
    const before = digestDatabase(db)
    routes.metadata.unshift({ creationDay: '2022-06-01', setCode: 'DDD', setName: 'Delta Set' })
    routes.files.DDD = bytesOf(deltaDoctored)
    routes.current = bytesOf(deltaDoctored)
    const shape = readDocumentShape(bytesOf(deltaDoctored), 'doctored')
    expect([shape.effectiveDate, shape.rules, shape.terms]).toEqual(['2022-06-01', manifestWithDelta.editions[2].rules, manifestWithDelta.editions[2].terms])
    const result = await update(db, manifestWithDeltaFile)
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(/^note: 2022-06-01: E_CHECKSUM: .*only the manifest's sha256 vouches for an edition; not kept/m)
    expect(digestDatabase(db)).toBe(before)
    const fetched = await cli('fetch', '--manifest', manifestWithDeltaFile, '--cache', join(folder.dir, 'checksum-fetch'), '--delay', '0', '--edition', 'DDD')
    expect(fetched.code).toBe(1)
    expect(fetched.stdout).toMatch(/^2022-06-01 DDD {4}failed {6}E_CHECKSUM: /)
  })

  it('streams a 100 MB body and stops at the cap (E_TOO_LARGE), chunked or declared up front', async () => {
    const cache = join(folder.dir, 'big-cache')
    const chunked = await cli('--db', join(folder.dir, 'big.sqlite'), 'scrape', `${base}/big/chunked`, '--cache', cache, '--delay', '0')
    expect(chunked).toEqual({
      code: 1,
      stdout: '',
      stderr: `crdb: E_TOO_LARGE: ${base}/big/chunked: the body passed 50 MB, over the cap of 50 MB (--max-size); not downloaded\n`
    })
    // The download stopped at the cap: far from all of the 100 MB was sent.
    expect(served.chunked).toBeGreaterThan(50 * 1024 * 1024)
    expect(served.chunked).toBeLessThan(70 * 1024 * 1024)

    const small = await cli('--db', join(folder.dir, 'big.sqlite'), 'scrape', `${base}/big/chunked`, '--cache', cache, '--max-size', '2')
    expect(small.stderr).toMatch(/^crdb: E_TOO_LARGE: .*the body passed 2 MB, over the cap of 2 MB \(--max-size\); not downloaded\n$/)
    expect(served.chunked).toBeLessThan(20 * 1024 * 1024)

    const declared = await cli('--db', join(folder.dir, 'big.sqlite'), 'scrape', `${base}/big/declared`, '--cache', cache)
    expect(declared.stderr).toBe(`crdb: E_TOO_LARGE: ${base}/big/declared: the answer says it is 100 MB, over the cap of 50 MB (--max-size); not downloaded\n`)
    expect(served.declared).toBeLessThan(20 * 1024 * 1024)
  })

  it("keeps a process's memory far below a 100 MB body it refuses (measured in a child)", async () => {
    // The built client in a child of its own: its peak memory (maxRSS) against its memory before the request.
    const script = `
      const { Fetcher } = await import(${JSON.stringify(pathToFileURL(join(projectRoot, 'dist/ingest/fetch/http.js')).href)})
      const fetcher = new Fetcher({ cacheDir: ${JSON.stringify(join(folder.dir, 'rss-cache'))}, maxBytes: 5 * 1024 * 1024, retries: 0, delayMs: 0 })
      const before = process.memoryUsage().rss
      const code = await fetcher.get(${JSON.stringify(`${base}/big/chunked`)}).then(() => 'fetched', (error) => error.code)
      console.log(JSON.stringify({ code, before, peak: process.resourceUsage().maxRSS * 1024 }))`
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
    let output = ''
    child.stdout.on('data', (data: Buffer) => (output += data))
    await once(child, 'close')
    const { code, before, peak } = JSON.parse(output) as { code: string; before: number; peak: number }
    expect(code).toBe('E_TOO_LARGE')
    // Reading the whole body would add well over 100 MB; the capped read adds the cap and the HTTP client's own.
    expect(peak - before).toBeLessThan(60 * 1024 * 1024)
    expect(served.chunked).toBeLessThan(20 * 1024 * 1024)
  })

  it('holds a mirror file to the same cap', async () => {
    const mirror = join(folder.dir, 'big-mirror')
    mkdirSync(mirror)
    writeFileSync(join(mirror, '2020-01-01.txt'), Buffer.alloc(2 * 1024 * 1024, 'a'))
    const report = await fetchEditions(manifest, {
      cacheDir: join(folder.dir, 'big-mirror-cache'),
      mirror,
      sources: ['mirror'],
      only: ['AAA'],
      maxBytes: 1024 * 1024
    })
    expect(report.outcomes).toEqual([
      expect.objectContaining({
        status: 'failed',
        code: 'E_TOO_LARGE',
        error: expect.stringMatching(/2020-01-01\.txt: 2 MB, over the cap of 1 MB \(--max-size\); not read$/)
      })
    ])
  })

  it('prints no terminal escape from arguments, and cuts echoed input to 60 characters', async () => {
    const osc = '\u001b]0;pwned\u0007'
    const cases = [
      ['get', `${osc}704.5j`],
      ['fetch', '--timeout', `\u001b[2J${'9'.repeat(200)}x`],
      ['search', 'legend', '--kind', `\u001b[31mred\u009b2J`],
      ['search', 'legend', '--limit', `\u001b[31m${'7'.repeat(100)}`],
      ['scrape', `ftp://${osc}${'a'.repeat(100)}`],
      ['get', '704.5j', `--\u001b[31mbad`],
      ['era', `\u001b[2J${'z'.repeat(100)}`]
    ]
    const db = await buildStore('arguments')
    for (const args of cases) {
      const result = await cli('--db', db, ...args)
      expect(result.code, args.join(' ')).toBeGreaterThan(0)
      expect(result.stderr, args.join(' ')).toMatch(/^crdb: E_[A-Z_]+: [^\n]+\n$/)
      expect(result.stderr, args.join(' ')).not.toMatch(controlCharacter)
      // No run of 61 or more of the typed characters: what is echoed is cut.
      expect(result.stderr, args.join(' ')).not.toMatch(/9{61}|7{61}|a{61}|z{61}/)
    }
    // What was typed stays visible, as inert escapes.
    expect((await cli('--db', db, 'get', `${osc}704.5j`)).stderr).toMatch(/^crdb: E_BAD_NUMBER: "\\x1b\]0;pwned\\x07704\.5j" is not a rule number/)
  })

  it('stores a scraped page without the control characters its character references spell', async () => {
    const db = await buildStore('wiki')
    const result = await cli('--db', db, 'scrape', `${base}/wiki/Legend_rule`, '--cache', join(folder.dir, 'wiki-cache'), '--delay', '0')
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/^stored mtg-wiki-html /)
    const opened = openDatabase(db, { readonly: true })
    try {
      const quoted = driverOf(opened).prepare<[], string>(`SELECT text FROM attestations WHERE text LIKE '%legendary permanents%'`).pluck().all()
      expect(quoted.length).toBeGreaterThan(0)
      for (const text of quoted) expect(text).not.toMatch(controlCharacter)
      // The sequences are taken out whole, their parameters with them.
      expect(quoted.some((text) => text.startsWith('If two or more legendary permanents'))).toBe(true)
    } finally {
      opened.close()
    }
  })

  it('takes escape sequences out whole, keeps newline, tab and (on a colour terminal) only colour codes', () => {
    const hostile = 'a\u001b]0;title\u0007b\u001b[2Jc\u001b[31md\u009b2Je\u0000f\rg\u007fh\ti\nj\u001bPdata\u001b\\k'
    expect(sanitizeForTerminal(hostile, false)).toBe('abcdefgh\ti\nj' + 'k')
    expect(sanitizeForTerminal(hostile, true)).toBe('abc\u001b[31mdefgh\ti\njk')
    // JSON keeps the data, written as escapes a terminal does not obey.
    const json = escapeJsonControls(JSON.stringify({ name: 'x\u009b2Jy\u007f' }))
    expect(json).toBe('{"name":"x\\u009b2Jy\\u007f"}')
    expect(JSON.parse(json).name).toBe('x\u009b2Jy\u007f')
  })
})
