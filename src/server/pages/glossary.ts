/**
 * `/glossary`: the terms of an edition; `/glossary/{term}`: one term, found by
 * any of its names (the slug of its anchor, `legend-rule`, redirects to its
 * address), its citations as links, its history and a citation to paste;
 * `/glossary/{term}/history`: every definition with its word-level changes.
 */
import { answerHtml } from '../answer-text.js'
import type { Hono } from 'hono'
import { getTerm, listTerms } from '../../query/glossary.js'
import { AmbiguousNameError } from '../../query/names.js'
import { termHistory, type TermHistoryStep } from '../../query/history.js'
import { describeFolded, foldMinorSteps } from '../../query/history-steps.js'
import { findTermLineageId } from '../../query/lineage.js'
import { href, plural, renderPage, renderRuleText, renderWordChanges } from '../html.js'
import { html, joinMarkup, type Markup } from '../markup.js'
import { renderSource } from '../public-source.js'
import type { ServerState } from '../state.js'
import { citeTerm, renderCitation } from './citation.js'
import { readEditionView, setNames } from './edition-view.js'
import { watchFeedHref } from '../watch-feed.js'

/** The link to glossary term `key` in `edition`. */
export function termHref(key: string, edition?: string): string {
  return href(`/glossary/${encodeURIComponent(key)}`, { edition })
}

/** A term key as the slug of its anchor on the whole-edition page (`legend rule` -> `legend-rule`, as in `#term-legend-rule`), which `/glossary/{slug}` also answers. */
export function termSlug(key: string): string {
  return key
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
}

/** The link to the history of glossary term `key`. */
function termHistoryHref(key: string): string {
  return `/glossary/${encodeURIComponent(key)}/history`
}

/**
 * The canonical address of a term asked by the slug of its key (`legend-rule`
 * for `legend rule`), with the request's query; `undefined` when it was asked
 * by another name (a name the page reads as it is, saying how).
 */
function canonicalOf(asked: string, key: string, path: string, url: string): string | undefined {
  if (asked === key || asked.toLowerCase() !== termSlug(key)) return undefined
  return path + new URL(url).search
}

/** Register `/glossary`, `/glossary/{term}` and `/glossary/{term}/history`. */
export function registerGlossaryPages(app: Hono, state: ServerState): void {
  app.get('/glossary', (c) => {
    const view = readEditionView(c, state)
    const terms = listTerms(state.db, { edition: view.edition })
    const items = terms.map(
      (term) => html`<li><a href="${termHref(term.key, view.edition)}">${term.term}</a>${term.obsolete && html` <span class="tag">obsolete</span>`}</li>`
    )
    const truncated = state.editions().find((edition) => edition.effectiveDate === view.edition)?.truncated
    const body = html`<h1>Glossary of ${view.edition}</h1>
<p class="meta">${plural(terms.length, 'term')}.</p>
${truncated && html`<p class="notice">The stored copy of this edition is truncated: its glossary stops after these ${plural(terms.length, 'term')}. The terms after them are missing from this copy, not removed from the rules; the editions before and after have them.</p>`}
<ul class="toc">${items}</ul>`
    return answerHtml(c, renderPage({ title: `Glossary (${view.edition})`, body, picker: view.picker }))
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
      return answerHtml(c, renderPage({ title: `${asked} in ${view.edition}`, body, picker: view.picker }))
    }
    const canonical = canonicalOf(asked, term.key, termHref(term.key), c.req.url)
    if (canonical) return c.redirect(canonical, 301)
    const names = term.aliases.filter((alias) => alias !== term.key && !alias.includes('/'))
    const lines = term.definition.split('\n').map((line) => html`<p class="rule-text">${renderRuleText(line, view.edition)}</p>`)
    const history = termHistory(state.db, term.key)
    const at = history.steps.findIndex((step) => step.editions.includes(term.edition))
    const step = history.steps[at]
    const before = history.steps[at - 1]
    const changed = step?.change && before
    const set = setNames(state.editions())
    const citation = citeTerm(
      term,
      findTermLineageId(state.db, term.key, { edition: term.edition }),
      termHref(term.key, term.edition),
      state.urls.linkBase,
      set.get(term.edition)
    )
    const body = html`<h1>${term.term}${term.obsolete && html` <span class="tag">obsolete</span>`}</h1>
${term.read && html`<p class="notice">Read "${term.read.asked}" as ${term.term} (${term.read.by}).</p>`}
${names.length > 0 && html`<p class="meta">Also found as: ${names.join('; ')}</p>`}
${joinMarkup(lines, '\n')}
<p class="meta">In force ${term.validFrom} to ${term.validTo ?? 'now'} (shown: the edition of ${view.edition}). ${renderSource(state, term.source)}. <a href="${href('/glossary', { edition: view.edition })}">All terms</a> · <a href="${href(`/v1/glossary/${encodeURIComponent(term.key)}`, { edition: view.edition })}">JSON</a></p>
<nav aria-label="This term over time"><p><a href="${termHistoryHref(term.key)}">Its history</a>: ${plural(history.steps.length, 'definition')} since ${history.steps[0]?.validFrom ?? term.validFrom}${
      changed
        ? html` · <a href="${termHistoryHref(term.key) + `#definition-${at + 1}`}">the diff of this definition</a> (${describeTermStep(step, at)}, ${step.validFrom}) · <a href="${href('/diff', { from: before.editions.at(-1), to: step.editions[0] })}">every change of that edition</a>`
        : html` · ${at <= 0 ? 'this is its first definition' : 'the same definition as before'}`
    }</p></nav>
${renderCitation(citation)}`
    return answerHtml(c, renderPage({ title: `${term.term} (${view.edition})`, body, picker: view.picker, feed: watchFeedHref({ term: term.key }) }))
  })

  app.get('/glossary/:term/history', (c) => {
    const view = readEditionView(c, state)
    const asked = c.req.param('term')
    const term = getTerm(state.db, asked, { edition: view.edition })
    const canonical = canonicalOf(asked, term.key, termHistoryHref(term.key), c.req.url)
    if (canonical) return c.redirect(canonical, 301)
    const history = termHistory(state.db, term.key)
    const sets = setNames(state.editions())
    const section = (step: TermHistoryStep, index: number): Markup => {
      const before = history.steps[index - 1]
      const set = sets.get(step.validFrom)
      const gap = step.missingBefore
      const span = gap && (gap.editions.length === 1 ? gap.editions[0] : `${gap.editions[0]} to ${gap.editions.at(-1)}`)
      return html`<section class="change" id="${`definition-${index + 1}`}">
${gap && html`<p class="notice">${gap.truncated ? `Not in ${span}: that edition's glossary is truncated; the term was not removed.` : `Absent from ${span}.`}</p>`}
<h2>${step.term} <span class="meta">${step.validFrom}${set && ` (${set})`} to ${step.validTo ?? 'now'}, ${plural(step.editions.length, 'edition')}</span></h2>
<p class="meta">${describeTermStep(step, index)}${before && html` · <a href="${href('/diff', { from: before.editions.at(-1), to: step.editions[0] })}">every change of that edition</a>`} · <a href="${termHref(step.key, step.editions[0])}">read it in ${step.editions[0]}</a></p>
<p class="rule-text">${step.change?.textChanges.length ? renderWordChanges(step.change.textChanges) : step.definition}</p>
</section>`
    }
    const fold = foldMinorSteps(history.steps)
    const folded =
      fold.folded.length > 0 &&
      html`<details class="folded"><summary>${describeFolded(fold.counts)} folded (show them)</summary>
${joinMarkup(
  fold.folded.map(({ step, index }) => section(step, index)),
  '\n'
)}
</details>`
    const body = html`<h1>History of ${term.term}</h1>
<p>${plural(history.steps.length, 'definition')}, named ${history.names.join(' → ')}. Removed words are <del>struck</del>, added words <ins>marked</ins>. <a href="${termHref(term.key, view.edition)}">The term in the edition of ${view.edition}</a> · <a href="${href('/v1/glossary/' + encodeURIComponent(term.key), { edition: view.edition })}">JSON</a></p>
${joinMarkup(
  fold.shown.map(({ step, index }) => section(step, index)),
  '\n'
)}
${folded}`
    return answerHtml(c, renderPage({ title: `History of ${term.term}`, body, picker: view.picker }))
  })
}

/** How a definition came from the one before, in words. */
function describeTermStep(step: TermHistoryStep, index: number): string {
  if (!step.change) return index === 0 ? 'first seen' : 'the same again'
  const how = step.change.kind === 'renamed' ? `renamed from "${step.change.fromTerm}"` : 'reworded'
  return step.change.typographyOnly ? (step.change.kind === 'renamed' ? `${how}, only typography changed` : 'only typography changed') : how
}
