/**
 * `/cr`: a whole edition on one page, with a table of contents, an anchor on
 * every rule and term, and citations as links within the page, so that the
 * browser's find works over the whole text.
 */
import { answerHtml } from '../answer-text.js'
import type { Hono } from 'hono'
import { type EditionText, readEditionText } from '../../query/export.js'
import { splitRuleNumber } from '../../vocabulary/rule-number.js'
import { plural, renderDefinitionText, renderPage, renderRuleText, ruleAnchor } from '../html.js'
import { renderWithItalics } from '../italics.js'
import { html, joinMarkup } from '../markup.js'
import type { ServerState } from '../state.js'
import { readEditionView } from './edition-view.js'
import { termSlug } from './glossary.js'

/** Register `/cr`. */
export function registerCrPage(app: Hono, state: ServerState): void {
  app.get('/cr', (c) => {
    const view = readEditionView(c, state)
    const { edition } = view
    // The whole edition in one statement (as crdb export reads it), cut into its sections: a section
    // whose heading the edition lacks is left out, as its subtree would be another section's.
    const whole = readEditionText(state.db, edition)
    const sections: Array<EditionText['rules']> = []
    for (const rule of whole.rules) {
      const section = sections.at(-1)
      if (section && section[0].number.charAt(0) === rule.number.charAt(0)) section.push(rule)
      else sections.push([rule])
    }
    const headed = sections.filter((rules) => rules[0].number === rules[0].number.charAt(0))
    const toc = headed.map((rules) => {
      const heads = rules.filter((rule) => depthOf(rule.number) === 1)
      return html`<li><a href="#${ruleAnchor(rules[0].number)}">${rules[0].number}. ${renderWithItalics(rules[0].text)}</a><ul>${heads.map((rule) => html`<li><a href="#${ruleAnchor(rule.number)}">${rule.number}. ${renderWithItalics(rule.text)}</a></li>`)}</ul></li>`
    })
    const text = headed.flat().map((rule) => {
      const depth = depthOf(rule.number)
      const examples = rule.examples.map((example) => html`<p class="example">Example: ${renderRuleText(example, edition, linkInPage)}</p>`)
      return html`<div class="cr-rule depth-${depth}" id="${ruleAnchor(rule.number)}"><a class="n" href="#${ruleAnchor(rule.number)}">${rule.number}</a>${renderRuleText(rule.text, edition, linkInPage)}</div>${examples}`
    })
    const terms = whole.terms
    const glossary = terms.map(
      (term) => html`<dt id="term-${termSlug(term.key)}">${term.term}</dt><dd>${renderDefinitionText(term.text, edition, linkInPage)}</dd>`
    )
    const count = headed.reduce((total, rules) => total + rules.length, 0)
    const body = html`<h1>The Comprehensive Rules, edition of ${edition}</h1>
<p class="meta">${plural(count, 'rule')} and ${plural(terms.length, 'glossary term')}. Every rule and term has an anchor: link to <code>/cr?edition=${edition}#r704.5j</code>.</p>
<nav aria-label="Contents"><h2>Contents</h2><ul class="toc">${toc}<li><a href="#glossary">Glossary</a></li></ul></nav>
<h2>Rules</h2>
${joinMarkup(text, '\n')}
<h2 id="glossary">Glossary</h2>
<dl>${joinMarkup(glossary, '\n')}</dl>`
    return answerHtml(c, renderPage({ title: `Edition of ${edition}`, body, picker: view.picker }))
  })
}

/**
 * A citation's link within the page. One function for every render: a new closure per request is a new call
 * target where the rule text renderer was optimized for the last one, which V8 undoes (a deoptimization per page).
 */
function linkInPage(number: string): string {
  return `#${ruleAnchor(number)}`
}

/** 0 for a section, 1 for a rule, 2 for a subrule, 3 for a lettered subrule. */
function depthOf(number: string): number {
  const parts = splitRuleNumber(number)
  if (!parts || parts.rule === undefined) return 0
  if (parts.subrule === undefined) return 1
  return parts.letter === undefined ? 2 : 3
}
