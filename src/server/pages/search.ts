/**
 * `/search?q=...`: hits with the matched words highlighted, linked to their
 * rules and terms; a query that is a rule number goes straight to the rule.
 */
import type { Hono } from 'hono'
import { search } from '../../query/search.js'
import { href, plural, renderHighlighted, renderPage, ruleHref } from '../html.js'
import { html } from '../markup.js'
import type { ServerState } from '../state.js'
import { termHref } from './glossary.js'
import { readEditionView } from './edition-view.js'

/** Hits shown on one page. */
const pageSize = 50

/** Register `/search`. */
export function registerSearchPage(app: Hono, state: ServerState): void {
  app.get('/search', (c) => {
    const q = c.req.query('q')?.trim() ?? ''
    const view = readEditionView(c, state, { q })
    const form = html`<form method="get" action="/search" role="search" aria-label="Search this edition"><label for="page-q">Search the edition of ${view.edition}</label> <input id="page-q" type="search" name="q" value="${q}"><input type="hidden" name="edition" value="${view.edition}"> <button type="submit">Search</button></form>
<p class="meta">All words must match; "quoted phrases", prefix*, AND, OR, NOT and ( ) work too.</p>`
    if (q === '') return c.html(renderPage({ title: 'Search', body: html`<h1>Search</h1>${form}`, picker: view.picker }))
    const result = search(state.db, q, { at: { edition: view.edition }, limit: pageSize })
    // A rule number (704.5j, rule 704, an old number) goes straight to its rule, which says how a number of another era was followed.
    if (result.rule) return c.redirect(ruleHref(result.rule.asked, view.edition), 302)
    const hits = result.hits.map((hit) => {
      const link = hit.kind === 'term' ? termHref(hit.key, view.edition) : ruleHref(hit.number!, view.edition)
      const label = hit.kind === 'term' ? hit.term! : hit.number!
      return html`<li><a href="${link}">${label}</a> <span class="tag">${hit.kind}</span><br>${renderHighlighted(hit.snippet, hit.highlights)}</li>`
    })
    const body = html`<h1>Search: ${q}</h1>
${form}
<p>${result.total === 0 ? 'No hits' : result.hits.length < result.total ? `${result.hits.length} of ${plural(result.total, 'hit')}` : plural(result.total, 'hit')} in the edition of ${view.edition}. <a href="${href('/v1/search', { q, edition: view.edition, limit: String(pageSize) })}">JSON</a></p>
<ol class="hits">${hits}</ol>`
    return c.html(renderPage({ title: `Search: ${q}`, body, picker: view.picker, query: q }))
  })
}
