/**
 * `/glossary`: the terms of an edition; `/glossary/{term}`: one term, found by
 * any of its names, its citations as links.
 */
import type { Hono } from 'hono'
import { getTerm, listTerms } from '../../query/glossary.js'
import { AmbiguousNameError } from '../../query/names.js'
import { href, plural, renderPage, renderRuleText } from '../html.js'
import { html, joinMarkup } from '../markup.js'
import type { ServerState } from '../state.js'
import { readEditionView } from './edition-view.js'
import { watchFeedHref } from '../watch-feed.js'

/** The link to glossary term `key` in `edition`. */
export function termHref(key: string, edition?: string): string {
  return href(`/glossary/${encodeURIComponent(key)}`, { edition })
}

/** Register `/glossary` and `/glossary/{term}`. */
export function registerGlossaryPages(app: Hono, state: ServerState): void {
  app.get('/glossary', (c) => {
    const view = readEditionView(c, state)
    const terms = listTerms(state.db, { edition: view.edition })
    const items = terms.map(
      (term) => html`<li><a href="${termHref(term.key, view.edition)}">${term.term}</a>${term.obsolete && html` <span class="tag">obsolete</span>`}</li>`
    )
    const body = html`<h1>Glossary of ${view.edition}</h1>
<p class="meta">${plural(terms.length, 'term')}.</p>
<ul class="toc">${items}</ul>`
    return c.html(renderPage({ title: `Glossary (${view.edition})`, body, picker: view.picker }))
  })

  app.get('/glossary/:term', (c) => {
    const view = readEditionView(c, state)
    const asked = c.req.param('term')
    let term: ReturnType<typeof getTerm>
    try {
      term = getTerm(state.db, asked, { edition: view.edition })
    } catch (error) {
      // A name of several terms (source): every candidate, linked, as a number of several rules is.
      if (!(error instanceof AmbiguousNameError)) throw error
      const body = html`<h1>"${asked}" is several terms in the edition of ${view.edition}</h1>
<ul>${error.candidates.map((label) => html`<li><a href="${termHref(label.toLowerCase(), view.edition)}">${label}</a></li>`)}</ul>`
      return c.html(renderPage({ title: `${asked} in ${view.edition}`, body, picker: view.picker }))
    }
    const names = term.aliases.filter((alias) => alias !== term.key && !alias.includes('/'))
    const lines = term.definition.split('\n').map((line) => html`<p class="rule-text">${renderRuleText(line, view.edition)}</p>`)
    const body = html`<h1>${term.term}${term.obsolete && html` <span class="tag">obsolete</span>`}</h1>
${term.read && html`<p class="notice">Read "${term.read.asked}" as ${term.term} (${term.read.by}).</p>`}
${names.length > 0 && html`<p class="meta">Also found as: ${names.join('; ')}</p>`}
${joinMarkup(lines, '\n')}
<p class="meta">In force ${term.validFrom} to ${term.validTo ?? 'now'} (shown: the edition of ${view.edition}). Source: ${term.source.uri}, line ${term.source.line}. <a href="${href('/glossary', { edition: view.edition })}">All terms</a> · <a href="${href(`/v1/glossary/${encodeURIComponent(term.key)}`, { edition: view.edition })}">JSON</a></p>`
    return c.html(renderPage({ title: `${term.term} (${view.edition})`, body, picker: view.picker, feed: watchFeedHref({ term: term.key }) }))
  })
}
