/**
 * The pages a reader finds their way by (`app.request()` on the archive):
 * history with its minor steps folded and every kind of step named, the
 * breadcrumb and set names, and the glossary's history, slug addresses and
 * citations.
 */
import { describe, expect, it } from 'vitest'
import { getRule } from '../src/query/get.js'
import { getTerm, listTerms } from '../src/query/glossary.js'
import { listEditions } from '../src/query/editions.js'
import { ruleHistory, termHistory } from '../src/query/history.js'
import { findRuleLineageId, findTermLineageId } from '../src/query/lineage.js'
import { termSlug } from '../src/server/pages/glossary.js'
import { archiveAvailable, useArchiveApp } from './helpers.js'

describe.skipIf(!archiveAvailable())('history, breadcrumb, set names and glossary pages', () => {
  const archive = useArchiveApp()
  const page = archive.page
  /** The part of a page inside `<details class="folded">`, and the rest (without charts). */
  const splitFolded = (html: string): { folded: string; rest: string } => {
    const match = /<details class="folded">([\s\S]*?)<\/details>/.exec(html)
    // The rest without the chart, whose bars name every step.
    return { folded: match?.[1] ?? '', rest: (match ? html.replace(match[0], '') : html).replace(/<figure class="chart">[\s\S]*?<\/figure>/g, '') }
  }

  it('folds reference-only and typography-only steps into one collapsed line, and names each kind of step', async () => {
    const history = ruleHistory(archive.db, '601.2', { at: { edition: '2024-11-08' } })
    const minor = history.steps.filter((step) => step.change?.kind === 'changed' && (step.change.referencesOnly || step.change.typographyOnly))
    const references = minor.filter((step) => step.change!.referencesOnly).length
    expect(references).toBeGreaterThan(10)
    const html = await page('/rules/601.2?edition=2024-11-08')
    const { folded, rest } = splitFolded(html)
    // One toggle, its summary counting what it holds; every minor step inside it, none outside.
    expect(html.match(/<details class="folded">/g)).toHaveLength(1)
    expect(folded).toMatch(new RegExp(`<summary>${references} reference-only and ${minor.length - references} typography-only changes folded`))
    expect(folded.match(/<li>/g)).toHaveLength(minor.length)
    expect(rest).not.toContain('only cross-references changed')
    expect(rest).not.toContain('only typography changed')
    // The kinds in words: 409.1 was split in 2002-10-07 (it kept its number), and renumbered 601.2 in 2009.
    expect(rest).toContain('2002-10-07 (ONS Onslaught) to 2003-07-01: split (part of 409.1 went to other rules) and reworded')
    expect(rest).toContain('2009-07-11 (M10 Magic 2010) to 2010-02-01: renumbered from 409.1 and reworded')
    expect(rest).not.toContain('renumbered from 409.1 and reworded (<a href="/diff?from=2002')

    // The history page folds the same steps, each still a section with its word diff.
    const whole = await page('/history/601.2?edition=2024-11-08')
    const parts = splitFolded(whole)
    expect(whole.match(/<section class="change"/g)).toHaveLength(history.steps.length)
    expect(parts.folded.match(/<section class="change"/g)).toHaveLength(minor.length)
    expect(parts.folded).toContain('<del>')
    // A split into new numbers is a split there too: 504.2 went to 707.2-707.4 in 2009.
    const split = await page('/history/707.3?edition=2009-07-11')
    expect(split).toMatch(/split from 504\.2/)
  })

  it('shows why each step is linked to the one before: basis, score and reason', async () => {
    const history = ruleHistory(archive.db, '603.10', { at: { edition: '2016-11-11' } })
    const restructured = history.steps.find((step) => step.number === '603.10' && step.change?.fromNumber === '603.6d')!
    expect(restructured.change).toMatchObject({ kind: 'split', basis: 'restructure', reason: expect.stringMatching(/^restructured: /) })
    const html = await page('/history/603.10?edition=2016-11-11')
    expect(html).toContain(
      `Linked to 603.6d by restructure (score ${restructured.change!.score!.toFixed(2)}): restructured: 85% of 603.10&#39;s words come from it`
    )
  })

  it('says where a rule went when its last wording ended in another rule, linked there, on its history and its page', async () => {
    const { continuesAs } = ruleHistory(archive.db, '401.6', { at: { edition: '2009-05-01' } })
    expect(continuesAs).toHaveLength(1)
    const [{ number, edition }] = continuesAs!
    for (const html of [await page('/history/401.6?edition=2009-05-01'), await page('/rules/401.6?edition=2009-05-01')]) {
      expect(html).toContain(
        `<p class="continuation">Then merged into ${number} (${edition}). Read it there: <a href="/rules/${number}?edition=${edition}">${number}</a>.</p>`
      )
    }
    expect(await page('/history/704.5j')).not.toContain('class="continuation"')
  })

  it('puts a breadcrumb of section and rule titles on a rule page', async () => {
    const html = await page('/rules/704.5?edition=2024-11-08')
    const crumb = /<nav aria-label="Breadcrumb" class="crumbs"><ol>([\s\S]*?)<\/ol><\/nav>/.exec(html)?.[1]
    expect(crumb).toBe(
      '<li><a href="/rules/7?edition=2024-11-08">7 Additional Rules</a></li><li><a href="/rules/704?edition=2024-11-08">704 State-Based Actions</a></li><li aria-current="page">704.5</li>'
    )
    const deep = await page('/rules/704.5j?era=2003')
    const old = getRule(archive.db, '420.5e', { era: '2003' })
    expect(deep).toContain(`<a href="/rules/4?edition=${old.edition}">4 ${getRule(archive.db, '4', { edition: old.edition }).text}</a>`)
    expect(deep).toContain(`<a href="/rules/420.5?edition=${old.edition}">420.5</a></li><li aria-current="page">420.5e</li>`)
  })

  it('names the set of each edition in the home table and the picker, and flags the truncated edition', async () => {
    const editions = listEditions(archive.db)
    const html = await page('/')
    expect(html).not.toMatch(/<td>update<\/td>/)
    const row = (date: string): string => new RegExp(`<tr><td class="date"><a href="/cr\\?edition=${date}">${date}</a></td>(.*?)</tr>`).exec(html)?.[1] ?? ''
    expect(row('2009-07-11')).toContain('<abbr title="set code">M10</abbr> Magic 2010')
    const truncated = editions.filter((edition) => edition.truncated)
    expect(truncated.map((edition) => edition.effectiveDate)).toContain('2013-02-01')
    for (const edition of editions) expect(row(edition.effectiveDate).includes('truncated'), edition.effectiveDate).toBe(edition.truncated)
    expect(row('2013-02-01')).toContain('only 30 glossary terms')
    // The picker: each option with its set, the edition shown named.
    expect(html).toContain('<option value="2009-07-11">2009-07-11 · M10 Magic 2010</option>')
    expect(html).toContain('<option value="2013-02-01">2013-02-01 · GTC Gatecrash, truncated copy</option>')
    expect(await page('/glossary?edition=2013-02-01')).toContain('<p class="notice">The stored copy of this edition is truncated')
    expect(await page('/glossary?edition=2013-05-01')).not.toContain('is truncated')
    const m10 = await page('/rules/704.5k?edition=M10')
    expect(m10).toContain('Edition <strong>2009-07-11</strong> (M10 Magic 2010).')
  })

  it('gives a rule page a citation to paste: number, edition and permalink, as text', async () => {
    const id = findRuleLineageId(archive.db, '704.5j', { edition: '2024-11-08' })
    expect(id).toBeTruthy()
    const html = await page('/rules/704.5j?edition=2024-11-08')
    expect(html).toContain(`<code id="citation-text">Comprehensive Rules 704.5j (edition of 2024-11-08, FDN Foundations): /id/${id}?edition=2024-11-08</code>`)
    // The permalink leads to the rule in that edition.
    expect(await page(`/id/${id}?edition=2024-11-08`)).toContain('href="/rules/704.5j?edition=2024-11-08"')
    // Selected whole by one click, with no script.
    expect(html).not.toContain('<script')
  })

  it('links a term to its history and its diff, answers its slug with a redirect, and cites it', async () => {
    const redirect = await archive.app.request('/glossary/legend-rule?edition=2024-11-08')
    expect(redirect.status).toBe(301)
    expect(redirect.headers.get('location')).toBe('/glossary/legend%20rule?edition=2024-11-08')
    // Another name is read as it is, saying how (no redirect).
    expect((await archive.app.request('/glossary/legend%20rules')).status).toBe(200)

    const term = getTerm(archive.db, 'legend rule', { edition: '2024-11-08' })
    const history = termHistory(archive.db, 'legend rule')
    const at = history.steps.findIndex((step) => step.editions.includes('2024-11-08'))
    const html = await page('/glossary/legend%20rule?edition=2024-11-08')
    expect(html).toContain('<a href="/glossary/legend%20rule/history">Its history</a>')
    expect(html).toContain(`href="/glossary/legend%20rule/history#definition-${at + 1}">the diff of this definition</a>`)
    const before = history.steps[at - 1]
    expect(html).toContain(`href="/diff?from=${before.editions.at(-1)}&amp;to=${history.steps[at].editions[0]}"`)
    const id = findTermLineageId(archive.db, 'legend rule', { edition: '2024-11-08' })
    expect(html).toContain(
      `<code id="citation-text">Comprehensive Rules, Glossary, &quot;${term.term}&quot; (edition of 2024-11-08, FDN Foundations): /id/${id}?edition=2024-11-08</code>`
    )

    // The term history page: every definition, the truncated gap said, typography-only steps folded.
    const whole = await page('/glossary/legend%20rule/history')
    expect(whole.match(/<section class="change"/g)).toHaveLength(history.steps.length)
    expect(whole).toContain('Not in 2013-02-01: that edition&#39;s glossary is truncated; the term was not removed.')
    const typography = history.steps.filter((step) => step.change?.kind === 'changed' && step.change.typographyOnly && !step.missingBefore).length
    expect(whole).toContain(`<summary>${typography} typography-only changes folded (show them)</summary>`)
    expect(splitFolded(whole).folded.match(/<section class="change"/g)).toHaveLength(typography)
    const slug = await archive.app.request('/glossary/legend-rule/history')
    expect([slug.status, slug.headers.get('location')]).toEqual([301, '/glossary/legend%20rule/history'])
    await page('/glossary/no-such-term-at-all/history', 404)
  })

  it('answers the anchor slug of every term of an edition (as /cr writes it) with a redirect to that term', async () => {
    for (const edition of ['2026-01-16', '2003-07-01']) {
      const cr = await page(`/cr?edition=${edition}`)
      const wrong: string[] = []
      for (const term of listTerms(archive.db, { edition })) {
        const slug = termSlug(term.key)
        expect(cr).toContain(`<dt id="term-${slug}">`)
        if (slug === term.key) continue
        const response = await archive.app.request(`/glossary/${slug}?edition=${edition}`)
        const location = `/glossary/${encodeURIComponent(term.key)}?edition=${edition}`
        if (response.status !== 301 || response.headers.get('location') !== location)
          wrong.push(`${slug}: ${response.status} ${response.headers.get('location')}`)
      }
      expect(wrong, edition).toEqual([])
    }
  })
})
