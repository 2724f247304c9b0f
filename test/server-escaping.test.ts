/**
 * Escaped by default: what the server writes as HTML, SVG or XML shows hostile
 * text as text. (a) Markup sent in every query parameter and path segment of
 * every page kind never comes back as markup, and the pages still answer 2xx
 * or 4xx. (b) A fixture edition whose rule texts, examples and glossary terms
 * hold `<script>`, `&`, quotes and `]]>` (`test/fixtures/hostile-edition/`,
 * two editions in the official text format, so that diffs and histories have
 * changes) is ingested into a temporary database and read on every page kind
 * and in the Atom feed: parsed, the hostile strings are text, never elements
 * or attributes, and the feed is well-formed XML. (c) The server's sources
 * write markup only in `html` templates: no other string holds a tag, and
 * nothing is marked raw or escaped by hand.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as cheerio from 'cheerio'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import type { Hono } from 'hono'
import { html as honoHtml } from 'hono/html'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ingestPaths } from '../ingest/index.js'
import { listReleaseNotes } from '../src/query/release-notes.js'
import { createApp } from '../src/server/app.js'
import { renderFeed } from '../src/server/feed.js'
import { html, joinMarkup, Markup } from '../src/server/markup.js'
import { openDatabase, type Crdb } from '../src/store/database.js'
import { projectRoot, temporaryFolder } from './helpers.js'

const fixtures = join(projectRoot, 'test/fixtures/hostile-edition')
const older = '2098-01-01'
const newer = '2099-01-01'

/** Markup, entity text, both quotes and the end of a CDATA section. */
const payloads = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  'Tom &amp; Jerry & "quotes" \'single\'',
  ']]><script>alert(1)</script>'
]

/** Elements the pages never write themselves, so any of them came from the text. */
const foreignElements = 'script, img, b, i, u, iframe, object, embed'

let folder: ReturnType<typeof temporaryFolder>
let db: Crdb
let app: Hono

beforeAll(() => {
  folder = temporaryFolder()
  db = openDatabase(join(folder.dir, 'crdb.sqlite'))
  const report = ingestPaths(
    db,
    [older, newer].map((date) => join(fixtures, `${date}.txt`))
  )
  expect(report.outcomes.map((outcome) => outcome.status)).toEqual(['stored', 'stored'])
  app = createApp({ db })
})

afterAll(() => {
  db?.close()
  folder?.cleanup()
})

interface Answer {
  status: number
  type: string
  body: string
  $: cheerio.CheerioAPI
}

async function get(path: string): Promise<Answer> {
  const response = await app.request(path)
  const body = await response.text()
  const type = response.headers.get('content-type') ?? ''
  return { status: response.status, type, body, $: cheerio.load(body, { xml: type.includes('xml') }) }
}

/** No element or attribute came from text: none of the foreign elements, no event-handler attribute, no raw `<script` or `<img`. */
function expectInert(answer: Answer, where: string): void {
  const { $, body } = answer
  expect($(foreignElements).length, `${where}: elements made of text`).toBe(0)
  const handlers = $('*')
    .toArray()
    .flatMap((element) => Object.keys((element as { attribs?: Record<string, string> }).attribs ?? {}).filter((name) => /^on/i.test(name)))
  expect(handlers, `${where}: event-handler attributes`).toEqual([])
  expect(body, where).not.toMatch(/<script|<img|<svg onload/i)
}

/** A page answered as a page: 2xx or 4xx, HTML (XML for the feed), and inert. */
function expectPage(answer: Answer, where: string): void {
  expect((answer.status >= 200 && answer.status < 300) || (answer.status >= 400 && answer.status < 500), `${where}: status ${answer.status}`).toBe(true)
  expect(answer.type, where).toMatch(where.startsWith('/feed.xml') ? /^application\/atom\+xml/ : /^text\/html/)
  expectInert(answer, where)
}

/** Every page kind: its path (with `{}` where a path segment goes, and a valid value for it), the query a valid request has, and its parameters. */
const pageKinds: Array<{ path: string; segment?: string; query?: string; params: string[] }> = [
  { path: '/', params: ['edition', 'date', 'era'] },
  { path: '/rules/{}', segment: '100.1', params: ['edition', 'date', 'era'] },
  { path: '/history/{}', segment: '100.2', params: ['edition', 'date', 'era'] },
  { path: '/diff', query: `from=${older}&to=${newer}`, params: ['from', 'to', 'section', 'hide'] },
  { path: '/cr', params: ['edition', 'date', 'era'] },
  { path: '/glossary', params: ['edition', 'date', 'era'] },
  { path: '/glossary/{}', segment: 'scripted', params: ['edition', 'date', 'era'] },
  { path: '/search', query: 'q=alert', params: ['q', 'edition', 'date', 'era'] },
  { path: '/eras', params: [] },
  { path: '/eras/{}', segment: '2009', params: [] },
  { path: '/eras/diff', query: `from=${older}&to=${newer}`, params: ['from', 'to'] },
  { path: '/changes', query: 'since=2098-06-01', params: ['since'] },
  { path: '/feed.xml', params: [] },
  { path: '/no-such-page/{}', segment: 'x', params: [] }
]

describe('markup sent in every parameter of every page', () => {
  for (const kind of pageKinds) {
    it(`${kind.path}: every parameter and path segment`, async () => {
      const base = kind.path.replace('{}', encodeURIComponent(kind.segment ?? ''))
      for (const payload of payloads) {
        const value = encodeURIComponent(payload)
        const paths = [...kind.params, 'unknown'].map((param) => {
          const query = [kind.query, `${param}=${value}`].filter(Boolean).join('&')
          return `${base}?${query}`
        })
        if (kind.segment !== undefined) paths.push(kind.path.replace('{}', value) + (kind.query ? `?${kind.query}` : ''))
        for (const path of paths) {
          const answer = await get(path)
          expectPage(answer, path)
          if (answer.status >= 400) expect(answer.$('p.error code').text(), path).toMatch(/^E_/)
        }
      }
    })
  }

  it('a query shown back (search box, hidden fields, heading, error message) is the text sent', async () => {
    for (const payload of payloads) {
      const search = await get(`/search?q=${encodeURIComponent(payload)}&edition=${newer}`)
      expectPage(search, `/search?q=${payload}`)
      if (search.status === 200) {
        expect(search.$('#page-q').attr('value')).toBe(payload)
        expect(search.$('#site-q').attr('value')).toBe(payload)
        expect(search.$('h1').text()).toBe(`Search: ${payload}`)
        expect(
          search
            .$('nav.picker input[type=hidden][name=q]')
            .map((_, input) => search.$(input).attr('value'))
            .get()
        ).toEqual([payload, payload])
      } else {
        // A query the search syntax refuses is named in the error.
        expect(search.$('p.error').text()).toContain(payload.replace(/"/g, '\\"'))
      }
      const rule = await get(`/rules/${encodeURIComponent(payload)}`)
      // Input with a digit is a bad rule number; words are a name (trample), here of no rule.
      expect(rule.status).toBe(/\d/.test(payload) ? 400 : 404)
      expect(rule.$('p.error').text()).toContain(payload.slice(0, 20))
      const era = await get(`/?era=${encodeURIComponent(payload)}`)
      expect(era.status).toBe(400)
      expect(era.$('p.error').text()).toContain(payload.slice(0, 20))
    }
  })
})

describe('the html template', () => {
  it("writes what hono's html helper writes, for every kind of value", () => {
    const text = `Tom & Jerry's "<b>quote</b>" ]]> é → ${payloads.join(' ')}`
    const inner = html`<i>${text}</i>`
    const honoInner = honoHtml`<i>${text}</i>`
    const values = ['', text, 0, 12.5, -1, true, false, null, undefined, [text, [text, 3, [null]], []]] as const
    for (const value of values) {
      const ours = String(html`<p title="${value}">${value}|${inner}</p>`)
      const theirs = String(honoHtml`<p title="${value}">${value}|${honoInner}</p>`)
      expect(ours, JSON.stringify(value)).toBe(theirs)
    }
    expect(String(html`${joinMarkup([text, inner, 7], html`<br>`)}`)).toBe(String(honoHtml`${[text, honoHtml`<br>`, honoInner, honoHtml`<br>`, 7]}`))
  })

  it('makes the only Markup: text given to its constructor by anyone else is refused', () => {
    expect(html`<b>x</b>`).toBeInstanceOf(Markup)
    expect(() => Reflect.construct(Markup, ['<script>alert(1)</script>', {}])).toThrow(TypeError)
  })
})

describe('a fixture edition with markup in its rules, examples and terms', () => {
  /** The hostile strings of the fixture, as they must read on the pages. */
  const ruleScript = '<script>alert("rule")</script>'
  const breakout = '"><img src=x onerror=alert(1)>'
  const example = "An example with <b>bold</b> markup & an ampersand, 'single' quotes and ]]> in it."
  const entityText = 'a deck of &amp; cards <script>alert("new")</script> <i>italic</i> and ]]> counters'
  const termScript = 'Scripted <script>alert("term")</script>'
  const termQuotes = `Tom & Jerry's "Quote"`
  const definitionLine = 'A second line <script>alert("line")</script>.'

  /** The page at `path`, checked inert, with its text (the `main` element's, or the whole document's). */
  async function read(path: string, status = 200): Promise<Answer & { text: string }> {
    const answer = await get(path)
    expect(answer.status, path).toBe(status)
    expectPage(answer, path)
    const main = answer.$('main')
    return { ...answer, text: main.length ? main.text() : answer.$.root().text() }
  }

  it('the rule page: text, examples, subrules, history', async () => {
    const rule = await read(`/rules/100.1?edition=${newer}`)
    expect(rule.$('p.rule-text').first().text()).toBe(`These rules ${ruleScript} apply to any game & to "every" player's deck. See rule 100.2.`)
    // The citation is still a link, beside the escaped text.
    expect(rule.$('p.rule-text a').attr('href')).toBe(`/rules/100.2?edition=${newer}`)
    const subrule = await read(`/rules/100.1a?edition=${newer}`)
    expect(subrule.$('p.rule-text').text()).toContain(breakout)
    expect(subrule.$('p.example').text()).toBe(`Example: ${example}`)
    const section = await read(`/rules/100?edition=${newer}`)
    expect(section.$('h2:contains("Subrules") + ul').text()).toContain(ruleScript)
    const old = await read(`/rules/100.2?edition=${older}`)
    expect(old.text).toContain('a deck of &amp; cards <script>alert("old")</script> and ]]> counters')
  })

  it('a missing rule, the history and the diff: word changes inside the hostile text', async () => {
    const missing = await read(`/rules/100.3?edition=${newer}`, 404)
    expect(missing.$('p.error').text()).toContain('100.3')
    const history = await read('/history/100.2')
    expect(history.$('section.change').length).toBe(2)
    expect(history.$('section.change p.rule-text').last().text()).toContain(entityText.replace('"new"', '"oldnew"'))
    expect(history.$('section.change p.rule-text ins').first().text()).toBe('new')
    expect(history.$('section.change p.rule-text del').first().text()).toBe('old')
    const diff = await read(`/diff?from=${older}&to=${newer}`)
    expect(diff.$('section.change').length).toBe(3)
    const change = diff.$('#change-100\\.2')
    expect(change.find('.side > div').last().text()).toBe(`After: To play, each player needs ${entityText}.`)
    expect(change.find('.side > div').first().text()).toContain('<script>alert("old")</script>')
    expect(diff.$('#change-704\\.5a .side > div').last().text()).toBe(
      'After: If a player has 0 or less life, that player <u>loses</u> the game <script>alert("sba")</script> & "quoted" ]]>.'
    )
  })

  it('the whole edition: rules, examples, contents and the glossary with its line breaks', async () => {
    const cr = await read(`/cr?edition=${newer}`)
    expect(cr.$('#r100\\.1').text()).toBe(`100.1These rules ${ruleScript} apply to any game & to "every" player's deck. See rule 100.2.`)
    expect(cr.$('nav[aria-label=Contents]').text()).toContain('100. General <script>alert("section")</script>')
    expect(cr.$('p.example').text()).toBe(`Example: ${example}`)
    const terms = cr
      .$('dl dt')
      .map((_, dt) => cr.$(dt).text())
      .get()
    expect(terms).toEqual([termScript, termQuotes])
    const definition = cr.$('dl dd').last()
    expect(definition.find('br').length).toBe(1)
    expect(definition.text()).toBe(`1. A definition with "><img src=x onerror=alert(2)> in it & ]]> too.2. ${definitionLine} See rule 100.2.`)
  })

  it('the glossary, each term found by its link, and search hits', async () => {
    const glossary = await read(`/glossary?edition=${newer}`)
    const links = glossary.$('ul.toc a')
    expect(links.map((_, a) => glossary.$(a).text()).get()).toEqual([termScript, termQuotes])
    for (const link of links.toArray()) {
      const href = glossary.$(link).attr('href')!
      const term = await read(href)
      expect(term.$('h1').text()).toBe(glossary.$(link).text())
    }
    const term = await read(links.last().attr('href')!)
    expect(
      term
        .$('p.rule-text')
        .map((_, p) => term.$(p).text())
        .get()
    ).toEqual(['1. A definition with "><img src=x onerror=alert(2)> in it & ]]> too.', `2. ${definitionLine} See rule 100.2.`])
    const search = await read(`/search?q=alert&edition=${newer}`)
    const hits = search.$('ol.hits li')
    expect(hits.length).toBe(7)
    expect(hits.text()).toContain(ruleScript)
    expect(
      search
        .$('ol.hits mark')
        .map((_, mark) => search.$(mark).text())
        .get()
    ).toEqual(Array(7).fill('alert'))
    expect(
      search
        .$('ol.hits a')
        .map((_, a) => search.$(a).text())
        .get()
    ).toContain(termQuotes)
  })

  it('home, eras and the error pages', async () => {
    await read('/')
    // The era presets (2003, 2009, 2024) have no edition in the fixture: the page says so.
    const eras = await read('/eras', 404)
    expect(eras.$('p.error code').text()).toBe('E_NOT_FOUND')
    const era = await read(`/eras/${newer}`)
    expect(era.$('td').text()).toContain('that player <u>loses</u> the game <script>alert("sba")</script> & "quoted" ]]>.')
    await read('/no-such-page', 404)
    await read(`/glossary/no-such-term?edition=${newer}`, 404)
  })

  it('the Atom feed is well-formed XML, its set names text', async () => {
    const served = await read('/feed.xml')
    expect(XMLValidator.validate(served.body)).toBe(true)
    // Set names come from the project's manifest, not from a database: the fixture's notes get hostile ones.
    const hostileSet = { code: 'X<&', name: ']]><script>alert("set")</script> & "Set\'s" \u0001name' }
    const notes = listReleaseNotes(db).map((note) => ({ ...note, set: hostileSet }))
    const feed = renderFeed(notes, 'http://localhost')
    expect(XMLValidator.validate(feed)).toBe(true)
    expect(feed).not.toContain('<![CDATA[')
    const parsed = new XMLParser({ ignoreAttributes: false, htmlEntities: true }).parse(feed) as {
      feed: { entry: Array<{ title: string; link: { '@_href': string } }> }
    }
    expect(parsed.feed.entry.map((entry) => entry.title)).toEqual([
      `Comprehensive Rules of ${newer} (X<&, ]]><script>alert("set")</script> & "Set's" name)`,
      `Comprehensive Rules of ${older} (X<&, ]]><script>alert("set")</script> & "Set's" name)`
    ])
    expect(parsed.feed.entry[0].link['@_href']).toBe(`http://localhost/diff?from=${older}&to=${newer}`)
  })

  it('the watch feeds are well-formed XML, the hostile texts of their word diffs escaped text', async () => {
    for (const query of ['rule=100.2', 'section=1', `term=${encodeURIComponent('Scripted <script>alert("term")</script>')}`, 'q=alert']) {
      const served = await read(`/feed.xml?${query}`)
      expect(XMLValidator.validate(served.body), query).toBe(true)
      expect(served.body, query).not.toMatch(/<script|<img|<i>/)
      const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'entry' }).parse(served.body) as {
        feed: { entry: Array<{ content: { '#text': string } }> }
      }
      // Unescaped once, the content is HTML in which the hostile text is still text.
      expect(parsed.feed.entry.length, query).toBeGreaterThan(0)
      for (const entry of parsed.feed.entry) expectInert({ ...served, body: '', $: cheerio.load(entry.content['#text'] ?? '') }, query)
    }
  })
})

describe('markup only in html templates', () => {
  const root = join(projectRoot, 'src/server')
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'))

  it('no string or untagged template in src/server holds a tag, and none calls raw() or escapeHtml', () => {
    expect(files).toContain('markup.ts')
    const found: string[] = []
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8')
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
      const visit = (node: ts.Node): void => {
        const where = `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`
        const literal = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)
        if (literal && !ts.isTaggedTemplateExpression(node.parent) && /<\/?[a-z][a-z0-9-]*[\s>/]/i.test(node.getText(source)))
          found.push(`${where}: markup outside html\`\``)
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && ['raw', 'escapeHtml'].includes(node.expression.text))
          found.push(`${where}: ${node.expression.text}()`)
        ts.forEachChild(node, visit)
      }
      visit(source)
    }
    expect(found).toEqual([])
  })
})
