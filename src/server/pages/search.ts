/**
 * `/search?q=...`: hits with the matched words highlighted, linked to their
 * rules and terms; a query that is a rule number goes straight to the rule.
 * Like the CLI, the page says how it read the query: the corrections, the
 * informal words expanded, the words left out, why operators were read as
 * text, and the fallback of an exact query that found nothing.
 */
import type { Hono } from 'hono'
import { search, type SearchMode, type SearchResult } from '../../query/search.js'
import { href, plural, renderHighlighted, renderPage, ruleHref } from '../html.js'
import { html, type Markup } from '../markup.js'
import type { ServerState } from '../state.js'
import { termHref } from './glossary.js'
import { readEditionView } from './edition-view.js'
import { watchFeedHref } from '../watch-feed.js'

/** Hits shown on one page. */
const pageSize = 50

/** The choices of the page's "Read as" select: the library's modes. */
const modeChoices: ReadonlyArray<{ mode: SearchMode; label: string }> = [
  { mode: 'auto', label: 'query or text, as written' },
  { mode: 'query', label: 'exact query' },
  { mode: 'text', label: 'plain text' }
]

/** Register `/search`. */
export function registerSearchPage(app: Hono, state: ServerState): void {
  app.get('/search', (c) => {
    const q = c.req.query('q')?.trim() ?? ''
    // An absent or empty mode is auto; any other value is the library's to refuse (E_USAGE).
    const mode = (c.req.query('mode') || 'auto') as SearchMode
    const view = readEditionView(c, state, { q, mode: mode === 'auto' ? undefined : mode })
    const options = modeChoices.map((choice) => html`<option value="${choice.mode}"${choice.mode === mode ? html` selected` : ''}>${choice.label}</option>`)
    const form = html`<form method="get" action="/search" role="search" aria-label="Search this edition"><label for="page-q">Search the edition of ${view.edition}</label> <input id="page-q" type="search" name="q" value="${q}"><input type="hidden" name="edition" value="${view.edition}"> <label for="page-mode">Read as</label> <select id="page-mode" name="mode">${options}</select> <button type="submit">Search</button></form>
<p class="meta">Ranked by default: words, a question or a pasted passage, with typos corrected and informal words (ETB, dies) read as the rules say them. A short query with "quoted phrases", prefix*, AND, OR, NOT (in capitals) or ( ) is exact; in a sentence those are plain text, unless you read it as an exact query. An exact query that finds nothing shows the ranked hits of its words.</p>`
    if (q === '') return c.html(renderPage({ title: 'Search', body: html`<h1>Search</h1>${form}`, picker: view.picker }))
    const result = search(state.db, q, { at: { edition: view.edition }, limit: pageSize, mode })
    // A rule number (704.5j, rule 704, an old number) goes straight to its rule, which says how a number of another era was followed.
    if (result.rule) return c.redirect(ruleHref(result.rule.asked, view.edition), 302)
    const hits = result.hits.map((hit) => {
      const link = hit.kind === 'term' ? termHref(hit.key, view.edition) : ruleHref(hit.number!, view.edition)
      const label = hit.kind === 'term' ? hit.term! : hit.number!
      return html`<li><a href="${link}">${label}</a> <span class="tag">${hit.kind}</span><br>${renderHighlighted(hit.snippet, hit.highlights)}</li>`
    })
    const notes = renderReading(result)
    const json = href('/v1/search', { q, edition: view.edition, limit: String(pageSize), mode: mode === 'auto' ? undefined : mode })
    const body = html`<h1>Search: ${q}</h1>
${form}
${notes.length > 0 ? html`<ul class="meta search-notes">${notes}</ul>` : ''}
<p>${result.total === 0 ? 'No hits' : result.hits.length < result.total ? `${result.hits.length} of ${plural(result.total, 'hit')}` : plural(result.total, 'hit')} in the edition of ${view.edition}. <a href="${json}">JSON</a></p>
<ol class="hits">${hits}</ol>`
    return c.html(renderPage({ title: `Search: ${q}`, body, picker: view.picker, query: q, feed: watchFeedHref({ q }) }))
  })
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
