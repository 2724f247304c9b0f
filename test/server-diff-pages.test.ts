/**
 * The diff page and `/v1/diff` on the whole archive, in-process
 * (`app.request()`): word marks of long rules, the CR's italics, section
 * navigation, the summary counts as filters, and paging.
 */
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diffEditions } from '../src/query/diff.js'
import { createApp } from '../src/server/app.js'
import type { Crdb } from '../src/store/database.js'
import { openApiDocument } from '../src/server/openapi.js'
import { archiveAvailable, openArchiveDatabase } from './helpers.js'
import { checkAnswers, type OpenApiDocument } from './openapi-conformance.js'

describe.skipIf(!archiveAvailable())('diff pages on the archive', () => {
  let db: Crdb
  let app: Hono
  beforeAll(() => {
    db = openArchiveDatabase()!
    app = createApp({ db, version: 'test' })
    // Every /v1 answer below is checked against the OpenAPI document.
    checkAnswers(app, JSON.parse(JSON.stringify(openApiDocument)) as OpenApiDocument)
  })
  afterAll(() => db?.close())

  const page = async (path: string, status = 200): Promise<string> => {
    const response = await app.request(path)
    expect(response.status, path).toBe(status)
    return response.text()
  }

  it('marks only the changed clause of a long rule (510.1c, 2024-07-30 -> 2024-11-08)', async () => {
    const html = await page('/diff?from=2024-07-30&to=2024-11-08&section=510')
    const change = html.match(/<section class="change" id="change-510\.1c">.*?<\/section>/s)?.[0] ?? ''
    const inline = change.match(/<p class="inline[^"]*">(.*?)<\/p>/s)?.[1] ?? ''
    expect(inline.match(/<del>(.*?)<\/del>/gs)).toHaveLength(1)
    expect(inline.match(/<ins>(.*?)<\/ins>/gs)).toEqual(['<ins>divided as its controller chooses among them</ins>'])
    expect(inline).toMatch(
      /^A blocked creature assigns its combat damage to the creatures blocking it\. .* to those creatures <del>according to the damage assignment order/
    )
  })

  it("shows the CR's _italics_ as <em>, in diffs and on rule pages, never raw", async () => {
    const diff = await page('/diff?from=2008-05-01&to=2008-07-15&section=100')
    expect(diff).toContain('Most <del>Magic</del><ins><em>Magic</em></ins> tournaments')
    expect(diff).not.toMatch(/_Magic/)
    const rule = await page('/rules/100.1?edition=2009-07-11')
    expect(rule).toContain('These <em>Magic</em> rules apply to any <em>Magic</em> game')
    const whole = await page('/cr?edition=2009-07-11')
    expect(whole).toContain('101. The <em>Magic</em> Golden Rules')
    expect(whole).not.toContain('_Magic_')
    // An underscore inside a word is no italic: the old URLs keep theirs.
    expect(await page('/rules/100.3?edition=2001-07-23')).toContain('www.wizards.com/DCI/UTR_MTG.asp')
  })

  const m10 = '/diff?from=2009-05-01&to=2009-07-11'
  const anchors = (html: string): string[] => [...html.matchAll(/<section class="change" id="([^"]+)"/g)].map((match) => match[1])
  const link = (html: string, rel: string): string | undefined => html.match(new RegExp(`<a href="([^"]+)" rel="${rel}"`))?.[1]?.replace(/&amp;/g, '&')

  it('pages the M10 diff 200 changes at a time, with next and previous links, every change once', async () => {
    const diff = diffEditions(db, { edition: '2009-05-01' }, { edition: '2009-07-11' })
    expect(diff.changes.length).toBeGreaterThan(1000)
    const seen: string[] = []
    let path: string | undefined = m10
    let pages = 0
    while (path) {
      const html = await page(path)
      pages++
      const shown = anchors(html)
      expect(shown.length).toBe(pages * 200 <= diff.changes.length ? 200 : diff.changes.length % 200)
      expect(html).toContain(`of ${Math.ceil(diff.changes.length / 200)}</span>`)
      if (pages > 1) expect(link(html, 'prev')).toBe(pages === 2 ? m10 : `${m10}&page=${pages - 1}`)
      else expect(link(html, 'prev')).toBeUndefined()
      seen.push(...shown)
      path = link(html, 'next')
    }
    expect(pages).toBe(Math.ceil(diff.changes.length / 200))
    expect(new Set(seen).size).toBe(seen.length)
    // In the order of the diff, each change on one page.
    const anchorOf = (change: (typeof diff.changes)[number]) => (change.to ? `change-${change.to.number}` : `change-removed-${change.from!.number}`)
    // The parts of a merge (two old rules into 110.2) share a number but not an anchor.
    expect(seen.map((anchor) => anchor.replace(/-from-.*/, ''))).toEqual(diff.changes.map(anchorOf))
    expect(seen).toContain('change-110.2')
    expect(seen.filter((anchor) => /^change-110\.2(-from-|$)/.test(anchor)).length).toBe(2)
    // A page past the last shows the last; a page that is no number is refused.
    expect(anchors(await page(`${m10}&page=999`))).toEqual(anchors(await page(`${m10}&page=${pages}`)))
    await page(`${m10}&page=0`, 400)
    await page(`${m10}&page=two`, 400)
  })

  it('makes each summary count a filter that shows that kind alone', async () => {
    const diff = diffEditions(db, { edition: '2009-05-01' }, { edition: '2009-07-11' }, { countsOnly: true })
    const html = await page(m10)
    for (const [kind, label, count] of [
      ['added', 'added', diff.summary.added],
      ['removed', 'removed', diff.summary.removed],
      ['changed', 'changed', diff.summary.changed],
      ['moved', 'moved', diff.summary.moved],
      ['moved-changed', 'moved and changed', diff.summary.movedChanged]
    ] as const) {
      expect(html).toContain(`<a href="/diff?from=2009-05-01&amp;to=2009-07-11&amp;only=${kind}">${count} ${label}</a>`)
      const only = await page(`${m10}&only=${kind}`)
      expect(only).toContain(`aria-current="true">${count} ${label}</a>`)
      const expected = diff.changes.filter((change) => change.kind === kind).slice(0, 200)
      expect(anchors(only).map((anchor) => anchor.replace(/-from-.*/, ''))).toEqual(
        expected.map((change) => (change.to ? `change-${change.to.number}` : `change-removed-${change.from!.number}`))
      )
    }
    // Filters combine with a section and with hidden notes, and the pager keeps them.
    const added7 = await page(`${m10}&only=added&section=7&hide=references`)
    const kept = diffEditions(db, { edition: '2009-05-01' }, { edition: '2009-07-11' }, { section: '7', countsOnly: true }).changes.filter(
      (change) => change.kind === 'added' && !change.referencesOnly
    )
    expect(anchors(added7)).toHaveLength(Math.min(200, kept.length))
    const moved = await page(`${m10}&only=moved`)
    expect(link(moved, 'next')).toBe(`${m10}&only=moved&page=2`)
    await page(`${m10}&only=everything`, 400)
  })

  it('navigates by section, then by rule, with counts that match the filtered pages', async () => {
    const html = await page(m10)
    const sections = [...html.matchAll(/<td><a href="([^"]+)">(\d) ([^<]+)<\/a><\/td><td class="number">(\d+)<\/td>/g)]
    expect(sections.map((match) => match[2])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8'])
    expect(sections.find((match) => match[2] === '7')?.[3]).toBe('Additional Rules')
    for (const [, path, number, , count] of sections.filter((match) => ['7', '8'].includes(match[2]))) {
      const diff = diffEditions(db, { edition: '2009-05-01' }, { edition: '2009-07-11' }, { section: number, countsOnly: true })
      expect(Number(count)).toBe(diff.changes.length)
      const part = await page(path.replace(/&amp;/g, '&'))
      expect(anchors(part)).toHaveLength(Math.min(200, diff.changes.length))
      // A section's page lists its rules, each linking to that rule's diff.
      const rules = [...part.matchAll(/<td><a href="[^"]+section=(\d{3})">/g)].map((match) => match[1])
      expect(rules.length).toBeGreaterThan(1)
      expect(rules.every((rule) => rule[0] === number)).toBe(true)
    }
    const rule = await page(`${m10}&section=704`)
    expect(rule).toContain('id="change-704.5k"')
    expect(rule).not.toContain('<nav class="pager"')
  })

  it('/v1/diff pages with limit and cursor; without them the answer is the whole diff as before', async () => {
    const whole = diffEditions(db, { edition: '2009-05-01' }, { edition: '2009-07-11' })
    const plain = (await (await app.request('/v1/diff?from=2009-05-01&to=2009-07-11')).json()) as any
    expect(plain.total).toBeUndefined()
    expect(plain.next).toBeUndefined()
    expect(plain.changes).toHaveLength(whole.changes.length)
    const changes: unknown[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const response = await app.request(`/v1/diff?from=2009-05-01&to=2009-07-11&limit=400${cursor ? `&cursor=${cursor}` : ''}`)
      expect(response.status).toBe(200)
      const body = (await response.json()) as any
      expect(body.total).toBe(whole.changes.length)
      expect(body.summary).toEqual(plain.summary)
      // The glossary's changes come once, with the first page.
      expect(body.terms === undefined).toBe(pages > 0)
      changes.push(...body.changes)
      cursor = body.next
      pages++
    } while (cursor)
    expect(pages).toBe(Math.ceil(whole.changes.length / 400))
    expect(changes).toEqual(plain.changes)
    // A cursor belongs to its diff, and wants a limit.
    const first = (await (await app.request('/v1/diff?from=2009-05-01&to=2009-07-11&limit=5')).json()) as any
    const refused = async (query: string, words: RegExp) => {
      const response = await app.request(`/v1/diff?${query}`)
      expect(response.status, query).toBe(400)
      const body = (await response.json()) as any
      expect(body.error.code).toBe('E_USAGE')
      expect(body.error.message).toMatch(words)
    }
    await refused(`from=2009-05-01&to=2009-07-11&section=7&limit=5&cursor=${first.next}`, /cursor.*not this one/)
    await refused(`from=2009-05-01&to=2009-07-11&cursor=${first.next}`, /give limit/)
    await refused('from=2009-05-01&to=2009-07-11&limit=5&cursor=nonsense', /cursor=nonsense/)
    await refused('from=2009-05-01&to=2009-07-11&limit=0', /limit=0/)
  })
})
