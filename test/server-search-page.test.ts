/**
 * The search page (issue 24, item 4): every edition (`all=true`) or a range of
 * days (`from`, `to`) as well as one edition, fifty hits a page with links to
 * the pages around (`offset`), and each rule hit under its rule's title and
 * section (704.5c — State-Based Actions, section 7), in-process on the archive.
 */
import { describe, expect, it } from 'vitest'
import { search } from '../src/query/search.js'
import { archiveAvailable, useArchiveApp } from './helpers.js'

describe.skipIf(!archiveAvailable())('the search page', () => {
  const archive = useArchiveApp()
  const page = archive.page
  /** The hit links of a page, in order: `/rules/704.5c?edition=...` and `/glossary/...`. */
  const hitLinks = (html: string): string[] =>
    [...(html.match(/<ol class="hits"[^>]*>[\s\S]*?<\/ol>/)?.[0] ?? '').matchAll(/<li><a href="([^"]+)">/g)].map((match) => match[1].replaceAll('&amp;', '&'))
  /** The link of `rel` in the page's pager. */
  const pagerLink = (html: string, rel: string): string | undefined =>
    new RegExp(`<a href="([^"]+)" rel="${rel}">`).exec(html.match(/<nav class="pager"[\s\S]*?<\/nav>/)?.[0] ?? '')?.[1].replaceAll('&amp;', '&')

  it('shows a rule hit under its rule title and section, a term under its name', async () => {
    const html = await page('/search?q=ten%20poison%20counters%20loses&edition=2024-11-08')
    expect(html).toMatch(
      /<li><a href="\/rules\/704\.5c\?edition=2024-11-08">704\.5c<\/a> — State-Based Actions <span class="tag">rule<\/span><span class="meta"> · section 7, Additional Rules<\/span>/
    )
    // A keyword's subrule is under the keyword's rule, not the section's.
    const trample = await page('/search?q=trample%20assigns%20lethal%20damage&edition=2024-11-08')
    expect(trample).toMatch(/>702\.19[b-f]<\/a> — Trample <span class="tag">rule<\/span>/)
    // In 2003 the numbers and titles were others: the edition's own.
    const old = await page('/search?q=ten%20poison%20counters%20loses&era=2003')
    expect(old).toMatch(/>420\.5[a-z]<\/a> — State-Based Effects <span class="tag">rule<\/span>/)
    expect(html).toMatch(/<li><a href="\/glossary\/poison%20counter\?edition=2024-11-08">Poison Counter<\/a> <span class="tag">term<\/span>/)
  })

  it('pages fifty hits at a time, with links to the next, previous and first pages', async () => {
    const all = search(archive.db, 'poison counters', { limit: 200 })
    expect(all.total).toBeGreaterThan(100)
    const first = await page('/search?q=poison%20counters')
    const edition = all.edition!
    expect(hitLinks(first)).toHaveLength(50)
    expect(first).toContain(`Hits 1 to 50 of ${all.total.toLocaleString('en')} in the edition of ${edition}`)
    expect(pagerLink(first, 'prev')).toBeUndefined()
    const next = pagerLink(first, 'next')!
    expect(next).toBe(`/search?q=poison%20counters&edition=${edition}&offset=50`)
    const second = await page(next)
    expect(second).toContain('<ol class="hits" start="51">')
    expect(second).toContain(`Hits 51 to 100 of ${all.total.toLocaleString('en')}`)
    // The second page holds the hits 51 to 100 of the ranking, in order.
    const expected = all.hits.slice(50, 100).map((hit) => (hit.kind === 'term' ? `/glossary/${encodeURIComponent(hit.key)}` : `/rules/${hit.number}`))
    expect(hitLinks(second).map((link) => link.replace(/\?.*$/, ''))).toEqual(expected)
    expect(pagerLink(second, 'prev')).toBe(`/search?q=poison%20counters&edition=${edition}`)
    expect(pagerLink(second, 'first')).toBe(`/search?q=poison%20counters&edition=${edition}`)
    // Following next to the end: every hit once, and the last page has no next.
    let path: string | undefined = next
    const seen = hitLinks(first)
    let pages = 1
    while (path) {
      const html = await page(path)
      seen.push(...hitLinks(html))
      path = pagerLink(html, 'next')
      pages++
    }
    expect(pages).toBe(Math.ceil(all.total / 50))
    const ranking = search(archive.db, 'poison counters', { limit: 1000 }).hits
    expect(seen.map((link) => link.replace(/\?.*$/, ''))).toEqual(
      ranking.map((hit) => (hit.kind === 'term' ? `/glossary/${encodeURIComponent(hit.key)}` : `/rules/${hit.number}`))
    )
    expect(await page('/search?q=poison%20counters&offset=-5', 400)).toContain('E_USAGE')
    expect(await page('/search?q=poison%20counters&offset=99999', 400)).toContain('E_USAGE')
  })

  it('searches every edition with all=true, each hit with its time in force', async () => {
    const html = await page('/search?q=mana%20burn&all=true')
    const result = search(archive.db, 'mana burn', { all: true, limit: 50 })
    expect(html).toContain(`of ${result.total.toLocaleString('en')} in every edition`)
    expect(hitLinks(html)).toHaveLength(result.hits.length)
    // Mana burn's rule was dropped in 2010: its hit links to its last wording and says when it was in force.
    const burn = result.hits.find((hit) => hit.kind === 'rule' && hit.validTo !== null && /mana burn/i.test(hit.snippet))!
    expect(burn).toBeDefined()
    expect(html).toContain(`<a href="/rules/${burn.number}?edition=${burn.versions.at(-1)!.validFrom}">`)
    expect(html).toContain(` · in force ${burn.ranges.map((range) => `${range.validFrom} to ${range.validTo ?? 'now'}`).join(', ')}`)
    // The form says so, and its links to other pages keep all=true.
    expect(html).toContain('<input type="radio" name="scope" value="all" checked>')
    expect(pagerLink(html, 'next')).toBe('/search?q=mana%20burn&all=true&offset=50')
    // The form's choice reads the same as the link's.
    expect(hitLinks(await page('/search?q=mana%20burn&scope=all&edition=2026-01-16'))).toEqual(hitLinks(html))
    // A query that is a rule number is a hit among others here, not a redirect.
    expect(await page('/search?q=704.5j&all=true')).toContain('<ol class="hits"')
  })

  it('searches the editions in force in a range of days', async () => {
    const html = await page('/search?q=mana%20burn&from=2005-01-01&to=2008-12-31')
    const result = search(archive.db, 'mana burn', { from: '2005-01-01', to: '2008-12-31', limit: 50 })
    expect(html).toContain(`in the editions of ${result.range!.from} to ${result.range!.to}`)
    expect(hitLinks(html)).toHaveLength(result.hits.length)
    expect(html).toContain('<input type="radio" name="scope" value="range" checked>')
    expect(html).toContain('<input type="date" name="from" value="2005-01-01">')
    // The form: the range's dates count only when the range is chosen.
    const form = await page('/search?q=mana%20burn&scope=range&from=2005-01-01&to=2008-12-31&edition=2026-01-16')
    expect(hitLinks(form)).toEqual(hitLinks(html))
    const edition = await page('/search?q=mana%20burn&scope=edition&from=2005-01-01&to=2008-12-31&edition=2026-01-16')
    expect(edition).toContain('in the edition of 2026-01-16')
    expect(await page('/search?q=x&from=2005-02-30', 400)).toContain('E_BAD_DATE')
    expect(await page('/search?q=x&from=2009-01-01&to=2005-01-01', 400)).toContain('E_USAGE')
    expect(await page('/search?q=x&from=2009-01-01&all=true', 400)).toContain('E_USAGE')
    expect(await page('/search?q=x&scope=some', 400)).toContain('E_USAGE')
  })
})
