/**
 * `/id/{id}`: a rule (or glossary term) by its stable id, the name that
 * survives every renumbering and rebuild: as it stands in the edition asked
 * (default: the newest), with its whole life, every number it had linked to
 * its edition. An id a rebuild retired leads to its successor(s).
 */
import { answerHtml } from '../answer-text.js'
import type { Hono } from 'hono'
import { getLineage } from '../../query/lineage.js'
import { href, plural, renderPage, renderRuleText, ruleHref } from '../html.js'
import { html, joinMarkup } from '../markup.js'
import type { ServerState } from '../state.js'
import { termHref } from './glossary.js'
import { readEditionView } from './edition-view.js'

/** Register `/id/{id}`. */
export function registerLineagePage(app: Hono, state: ServerState): void {
  app.get('/id/:id', (c) => {
    const view = readEditionView(c, state)
    const lineage = getLineage(state.db, c.req.param('id'), Object.keys(view.at).length ? { edition: view.edition } : {})
    const link = (label: string, edition: string) => (lineage.kind === 'rule' ? ruleHref(label, edition) : termHref(label, edition))
    const now =
      lineage.kind === 'rule'
        ? lineage.inForce.map(
            (rule) =>
              html`<section><h2><a href="${ruleHref(rule.number, rule.edition)}">${rule.number}</a></h2><p class="rule-text">${renderRuleText(rule.text, rule.edition)}</p></section>`
          )
        : lineage.inForce.map(
            (term) => html`<section><h2><a href="${termHref(term.key, term.edition)}">${term.term}</a></h2><p>${term.definition}</p></section>`
          )
    const life = lineage.versions.map(
      (version) =>
        html`<li><a href="${link(version.label, version.lastEdition)}">${version.label}</a> <span class="meta">${version.validFrom} to ${version.validTo ?? 'now'}</span></li>`
    )
    const followed =
      lineage.aliases.length > 0 &&
      html`<p class="notice">${lineage.asked} was an earlier id of this ${lineage.kind}: ${joinMarkup(
        lineage.aliases.map((step) => html`${step.alias} → ${step.lineages.join(', ')}`),
        '; '
      )}.${
        lineage.alternatives.length > 0
          ? html` It also leads to ${joinMarkup(
              lineage.alternatives.map((other) => html`<a href="/id/${other}">${other}</a>`),
              ', '
            )}.`
          : ''
      }</p>`
    const state_ =
      lineage.inForce.length > 0
        ? html`In the edition of ${lineage.edition}:`
        : lineage.began > lineage.edition
          ? html`Not yet in force in the edition of ${lineage.edition}: it began on ${lineage.began}.`
          : html`No longer in force in the edition of ${lineage.edition}: it ended on ${lineage.ended ?? 'now'}.`
    const body = html`<h1>${lineage.id}</h1>
${followed}
<p>A ${lineage.kind === 'rule' ? 'rule' : 'glossary term'} from ${lineage.began} to ${lineage.ended ?? 'now'}, ${plural(lineage.versions.length, 'wording')}. <a href="${href(`/v1/id/${lineage.id}`, view.at.date || view.at.edition || view.at.era ? { edition: view.edition } : {})}">JSON</a></p>
<p>${state_}</p>
${now}
<h2>Its whole life</h2>
<ol>${life}</ol>`
    return answerHtml(c, renderPage({ title: lineage.id, body, picker: view.picker }))
  })
}
