/**
 * `/`: search, the edition picker, and the editions as a chart and a table.
 */
import { answerHtml } from '../answer-text.js'
import type { Hono } from 'hono'
import { eraPresets } from '../../vocabulary/era-presets.js'
import { href, plural, renderPage } from '../html.js'
import { html, joinMarkup } from '../markup.js'
import type { ServerState } from '../state.js'
import { renderTimeline, type TimelinePoint } from '../svg.js'
import { readEditionView } from './edition-view.js'

/** An edition with a tenth more rules than the one before is marked as a large revision. */
const rewriteGrowth = 0.1

/** Register `/`. */
export function registerHomePage(app: Hono, state: ServerState): void {
  app.get('/', (c) => {
    const view = readEditionView(c, state)
    const editions = state.editions()
    const points: TimelinePoint[] = editions.map((edition, index) => {
      const before = editions[index - 1]
      const growth = before ? (edition.rules - before.rules) / before.rules : 0
      return {
        edition: edition.effectiveDate,
        rules: edition.rules,
        terms: edition.terms,
        href: href('/cr', { edition: edition.effectiveDate }),
        rewrite: growth >= rewriteGrowth ? `large revision: ${before!.rules} to ${edition.rules} rules` : undefined
      }
    })
    const rows = editions
      .map((edition, index) => {
        const before = editions[index - 1]
        const point = points[index]
        const tags = [!before && 'first stored', point.rewrite && 'large revision', edition.set?.code.includes('_') && 'mid-cycle update'].map(
          (tag) => tag && html` <span class="tag">${tag}</span>`
        )
        const truncated =
          edition.truncated &&
          html` <strong class="tag warn">truncated</strong> <span class="meta">the stored copy stops early: only ${plural(edition.terms, 'glossary term')}</span>`
        const set = edition.set ? html`<abbr title="set code">${edition.set.code}</abbr> ${edition.set.name}` : html`<span class="meta">no set known</span>`
        const diff = before && html`<a href="${href('/diff', { from: before.effectiveDate, to: edition.effectiveDate })}">changes</a>`
        return html`<tr><td class="date"><a href="${href('/cr', { edition: edition.effectiveDate })}">${edition.effectiveDate}</a></td><td>${set}${tags}${truncated}</td><td class="num">${edition.rules}</td><td class="num">${edition.examples}</td><td class="num">${edition.terms}</td><td>${diff}</td></tr>`
      })
      .reverse()
    const eras = eraPresets.map((preset) => html`<li><a href="/eras/${preset.name}">${preset.name}</a>: ${preset.summary}</li>`)
    const first = editions[0]?.effectiveDate ?? ''
    const last = editions.at(-1)?.effectiveDate ?? ''
    const body = html`<h1>The Comprehensive Rules, ${first.slice(0, 4)} to ${last.slice(0, 4)}</h1>
<p>${plural(editions.length, 'edition')} of the Magic: The Gathering Comprehensive Rules, each rule followed through its renumberings. Read a rule as it stood on any day, compare any two editions, search every word.</p>
<form class="big-search" role="search" aria-label="Search this edition" method="get" action="/search">
<label for="home-q">Search the edition of ${view.edition}</label>
<input id="home-q" type="search" name="q" placeholder="legend rule, &quot;first strike&quot;, deathtouch">
<input type="hidden" name="edition" value="${view.edition}">
<button type="submit">Search</button>
</form>
<p>Go to a rule: <a href="${href('/rules/704.5j', { edition: view.edition })}">704.5j</a> · <a href="${href('/rules/100.1', { edition: view.edition })}">100.1</a> · <a href="${href('/cr', { edition: view.edition })}">the whole edition of ${view.edition}</a> · <a href="${href('/glossary', { edition: view.edition })}">its glossary</a></p>
<h2>Editions</h2>
${renderTimeline(points)}
<h2>Eras</h2>
<ul>${eras}</ul>
<h2>Every edition</h2>
<div class="table-wrap"><table>
<caption class="visually-hidden">Every stored edition, newest first</caption>
<thead><tr><th scope="col">Effective</th><th scope="col">Came with (set)</th><th scope="col" class="num">Rules</th><th scope="col" class="num">Examples</th><th scope="col" class="num">Terms</th><th scope="col">Diff</th></tr></thead>
<tbody>
${joinMarkup(rows, '\n')}
</tbody></table></div>`
    return answerHtml(c, renderPage({ title: 'Comprehensive Rules', body, picker: view.picker }))
  })
}
