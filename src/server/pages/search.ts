/**
 * `/search?q=...`: hits with the matched words highlighted, each under its
 * rule's number and title (704.5c — State-Based Actions, section 7) or its
 * term, linked to it; a query that is a rule number goes straight to the rule.
 * One edition (the picker's), every edition (`all=true`) or the editions in
 * force in a range of days (`from`, `to`), fifty hits a page (`offset`) with
 * links to the pages before and after. Like the CLI, the page says how it
 * read the query: the corrections, the informal words expanded, the words
 * left out, why operators were read as text, and the fallback of an exact
 * query that found nothing.
 */
import { answerHtml } from '../answer-text.js'
import type { Hono } from 'hono'
import { findRuleHeading } from '../../query/rule-headings.js'
import { search, type SearchHit, type SearchMode, type SearchResult } from '../../query/search.js'
import type { Crdb } from '../../store/database.js'
import { CrdbError } from '../../vocabulary/errors.js'
import { href, plural, renderHighlighted, renderPage, ruleHref } from '../html.js'
import { html, joinMarkup, type Markup } from '../markup.js'
import type { ServerState } from '../state.js'
import { termHref } from './glossary.js'
import { readEditionView } from './edition-view.js'
import { watchFeedHref } from '../watch-feed.js'

/** Hits shown on one page. */
const pageSize = 50

/** The furthest page start (as `/v1/search` allows). */
const maxOffset = 10_000

/** The choices of the page's "Read as" select: the library's modes. */
const modeChoices: ReadonlyArray<{ mode: SearchMode; label: string }> = [
  { mode: 'auto', label: 'query or text, as written' },
  { mode: 'query', label: 'exact query' },
  { mode: 'text', label: 'plain text' }
]

/** Which editions a search reads: the picker's, every one, or those in force in a range of days. */
type Scope = { kind: 'edition' } | { kind: 'all' } | { kind: 'range'; from?: string; to?: string }

/**
 * The scope a request asks for: the form's `scope` choice (its date fields count only with "range"),
 * else a link's `all=true` or `from`/`to` (both kinds given: the library refuses it, E_USAGE).
 */
function readScope(query: (name: string) => string | undefined): Scope & { conflict?: true } {
  const from = query('from')?.trim() || undefined
  const to = query('to')?.trim() || undefined
  const all = query('all')
  const scope = query('scope')
  if (scope !== undefined && scope !== '') {
    if (scope === 'edition') return { kind: 'edition' }
    if (scope === 'all' || (scope === 'range' && from === undefined && to === undefined)) return { kind: 'all' }
    if (scope === 'range') return { kind: 'range', from, to }
    throw new CrdbError('E_USAGE', `scope=${scope.slice(0, 40)}: expected edition, all or range`)
  }
  if (all !== undefined && all !== '' && all !== 'true' && all !== '1' && all !== 'false' && all !== '0')
    throw new CrdbError('E_USAGE', `all=${all.slice(0, 40)}: expected true or false`)
  const everything = all === 'true' || all === '1'
  if (from !== undefined || to !== undefined) return everything ? { kind: 'range', from, to, conflict: true } : { kind: 'range', from, to }
  return everything ? { kind: 'all' } : { kind: 'edition' }
}

/** `offset`: a whole number from 0 to {@link maxOffset}; absent or empty: 0. */
function readOffset(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 0
  const offset = Number(value)
  if (!/^\d+$/.test(value.trim()) || offset > maxOffset)
    throw new CrdbError('E_USAGE', `offset=${value.slice(0, 40)}: expected a whole number from 0 to ${maxOffset}`)
  return offset
}

/** Register `/search`. */
export function registerSearchPage(app: Hono, state: ServerState): void {
  app.get('/search', (c) => {
    const q = c.req.query('q')?.trim() ?? ''
    // An absent or empty mode is auto; any other value is the library's to refuse (E_USAGE).
    const mode = (c.req.query('mode') || 'auto') as SearchMode
    const scope = readScope((name) => c.req.query(name))
    const offset = readOffset(c.req.query('offset'))
    const modeParameter = mode === 'auto' ? undefined : mode
    const view = readEditionView(c, state, { q, mode: modeParameter })
    const form = renderForm(q, mode, scope, view.edition)
    if (q === '') return answerHtml(c, renderPage({ title: 'Search', body: html`<h1>Search</h1>${form}`, picker: view.picker }))
    const scoped =
      scope.kind === 'edition'
        ? { at: { edition: view.edition } }
        : scope.kind === 'all'
          ? { all: true }
          : { from: scope.from, to: scope.to, ...(scope.conflict ? { all: true } : {}) }
    const result = search(state.db, q, { ...scoped, limit: pageSize, offset, mode })
    // A rule number (704.5j, rule 704, an old number) goes straight to its rule, which says how a number of another era was followed.
    if (result.rule && scope.kind === 'edition' && offset === 0) return c.redirect(ruleHref(result.rule.asked, view.edition), 302)
    // The query of this search, as links to its other pages and to its JSON carry it.
    const query: Record<string, string | undefined> = {
      q,
      mode: modeParameter,
      ...(scope.kind === 'edition' ? { edition: view.edition } : scope.kind === 'all' ? { all: 'true' } : { from: scope.from, to: scope.to })
    }
    const where =
      result.edition !== null
        ? `in the edition of ${result.edition}`
        : result.range
          ? `in the editions of ${result.range.from} to ${result.range.to}`
          : 'in every edition'
    const hits = result.hits.map((hit) => renderHit(state.db, hit, result.edition))
    const first = offset + 1
    const last = offset + result.hits.length
    const count =
      result.total === 0
        ? 'No hits'
        : result.hits.length === 0
          ? `No hits from ${first} (of ${plural(result.total, 'hit')})`
          : result.hits.length < result.total
            ? `Hits ${first} to ${last} of ${result.total.toLocaleString('en')}`
            : plural(result.total, 'hit')
    const json = href('/v1/search', { ...query, limit: String(pageSize), offset: offset > 0 ? String(offset) : undefined })
    const notes = renderReading(result)
    const body = html`<h1>Search: ${q}</h1>
${form}
${notes.length > 0 ? html`<ul class="meta search-notes">${notes}</ul>` : ''}
<p>${count} ${where}. <a href="${json}">JSON</a></p>
<ol class="hits"${first > 1 ? html` start="${first}"` : ''}>${hits}</ol>
${renderPager(query, offset, result.hits.length, result.total)}`
    return answerHtml(
      c,
      renderPage({ title: offset > 0 ? `Search: ${q} (from ${first})` : `Search: ${q}`, body, picker: view.picker, query: q, feed: watchFeedHref({ q }) })
    )
  })
}

/** The page's form: the query, which editions to read (with the edition shown, the picker's), how to read it. */
function renderForm(q: string, mode: SearchMode, scope: Scope, edition: string): Markup {
  const options = modeChoices.map((choice) => html`<option value="${choice.mode}"${choice.mode === mode ? html` selected` : ''}>${choice.label}</option>`)
  const checked = (kind: Scope['kind']): Markup | '' => (scope.kind === kind ? html` checked` : '')
  const from = scope.kind === 'range' ? (scope.from ?? '') : ''
  const to = scope.kind === 'range' ? (scope.to ?? '') : ''
  return html`<form method="get" action="/search" role="search" aria-label="Search the rules"><p><label for="page-q">Search</label> <input id="page-q" type="search" name="q" value="${q}"> <button type="submit">Search</button></p>
<fieldset><legend>Editions</legend>
<label><input type="radio" name="scope" value="edition"${checked('edition')}> the edition of ${edition}</label><input type="hidden" name="edition" value="${edition}">
<label><input type="radio" name="scope" value="all"${checked('all')}> every edition</label>
<label><input type="radio" name="scope" value="range"${checked('range')}> those in force</label> <label>from <input type="date" name="from" value="${from}"></label> <label>to <input type="date" name="to" value="${to}"></label>
</fieldset>
<p><label for="page-mode">Read as</label> <select id="page-mode" name="mode">${options}</select></p></form>
<p class="meta">Ranked by default: words, a question or a pasted passage, with typos corrected and informal words (ETB, dies) read as the rules say them. A short query with "quoted phrases", prefix*, AND, OR, NOT (in capitals) or ( ) is exact; in a sentence those are plain text, unless you read it as an exact query. An exact query that finds nothing shows the ranked hits of its words. Every edition, or a range of days: each hit names the time its matching wordings were in force.</p>`
}

/**
 * One hit: its number and where it stands (704.5c — State-Based Actions, section 7 Additional
 * Rules) or its term, linked to it as it stood (in a search of several editions: its newest matching
 * wording), its kind, the passage that matched; across editions, when its matching wordings were in force.
 */
function renderHit(db: Crdb, hit: SearchHit, edition: string | null): Markup {
  const newest = hit.versions.at(-1)
  const day = edition ?? newest?.validFrom ?? hit.validFrom
  if (hit.kind === 'term') {
    const link = termHref(hit.key, day)
    return html`<li><a href="${link}">${hit.term!}</a> <span class="tag">term</span>${renderWhen(hit, edition)}<br>${renderHighlighted(hit.snippet, hit.highlights)}</li>`
  }
  const number = hit.number!
  const heading = findRuleHeading(db, number, day)
  const title = heading.rule && html` — ${heading.rule.title}`
  const section =
    heading.section && heading.section.number !== number && html`<span class="meta"> · section ${heading.section.number}, ${heading.section.title}</span>`
  return html`<li><a href="${ruleHref(number, day)}">${number}</a>${title} <span class="tag">${hit.kind}</span>${section}${renderWhen(hit, edition)}<br>${renderHighlighted(hit.snippet, hit.highlights)}</li>`
}

/** In a search of several editions: when the hit's matching wordings were in force. */
function renderWhen(hit: SearchHit, edition: string | null): Markup | '' {
  if (edition !== null) return ''
  const ranges = hit.ranges.map((range) => `${range.validFrom} to ${range.validTo ?? 'now'}`)
  const wordings = hit.versions.length > 1 ? `; ${hit.versions.length} wordings` : ''
  return html`<span class="meta"> · in force ${joinMarkup(ranges, ', ')}${wordings}</span>`
}

/** Links to the first, previous and next pages of hits, when there are other pages. */
function renderPager(query: Record<string, string | undefined>, offset: number, shown: number, total: number): Markup | '' {
  const next = offset + shown < total ? offset + shown : undefined
  if (offset === 0 && next === undefined) return ''
  const at = (start: number): string => href('/search', { ...query, offset: start > 0 ? String(start) : undefined })
  const pages = Math.ceil(total / pageSize)
  const links = [
    offset > 0 && html`<a href="${at(0)}" rel="first">First</a>`,
    offset > 0 && html`<a href="${at(Math.max(0, offset - pageSize))}" rel="prev">Previous ${pageSize}</a>`,
    offset % pageSize === 0 && offset < total ? `page ${offset / pageSize + 1} of ${pages}` : '',
    next !== undefined && html`<a href="${at(next)}" rel="next">Next ${Math.min(pageSize, total - next)}</a>`
  ].filter((link) => link !== false && link !== '')
  return html`<nav class="pager" aria-label="Pages of hits"><p>${joinMarkup(links, ' · ')}</p></nav>`
}

/** How the query was read, one item a line, as the CLI prints it: fallback, note, corrections, expansions, names, words left out. */
function renderReading(result: SearchResult): Markup[] {
  const items: Markup[] = []
  if (result.fallback) items.push(html`<li class="fallback">${result.fallback}</li>`)
  if (result.note) items.push(html`<li class="reading">${result.note}</li>`)
  if (result.corrections.length > 0) {
    const to = result.corrections.map((correction) => correction.to).join(' ')
    const from = result.corrections.map((correction) => correction.from).join(' ')
    items.push(html`<li class="corrections">showing results for <strong>${to}</strong> (not ${from})</li>`)
  }
  for (const expansion of result.expansions) items.push(html`<li class="expansion"><strong>${expansion.informal}</strong> read as ${expansion.means}</li>`)
  if (result.names.length > 0) items.push(html`<li class="names">read as names, weighed little: ${result.names.join('; ')}</li>`)
  if (result.unknown.length > 0) items.push(html`<li class="unknown">not in the rules, left out: ${result.unknown.join(' ')}</li>`)
  return items
}
