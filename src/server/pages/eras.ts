/**
 * `/eras`: the era presets; `/eras/{era}`: an era's edition, how an engine
 * should behave in it, and every engine check with its rule.
 */
import type { Hono } from 'hono'
import { describeEra, listEraChecks } from '../../engine/answers.js'
import { eraPresets } from '../../vocabulary/era-presets.js'
import { renderPage, ruleHref } from '../html.js'
import { html, joinMarkup } from '../markup.js'
import type { ServerState } from '../state.js'

/** Register `/eras` and `/eras/{era}`. */
export function registerErasPages(app: Hono, state: ServerState): void {
  app.get('/eras', (c) => {
    const items = eraPresets.map((preset) => {
      const rules = state.eraRules({ era: preset.name })
      return html`<li><a href="/eras/${preset.name}">${preset.name}</a>: the edition of ${rules.edition}. ${preset.summary}</li>`
    })
    const body = html`<h1>Eras</h1><p>An era is the rules in force on 31 December of its year; a game engine plays by one. Any day works too: <a href="/eras/2015-06-01">/eras/2015-06-01</a>.</p><ul>${items}</ul>`
    return c.html(renderPage({ title: 'Eras', body }))
  })

  app.get('/eras/:era', (c) => {
    const rules = state.eraRules({ era: c.req.param('era') })
    const era = describeEra(rules)
    const { checks } = listEraChecks(rules)
    const rows = checks.map((check) => {
      const rule = check.inForce ? html`<a href="${ruleHref(check.number, rules.edition)}">${check.number}</a>` : 'not in force'
      const text = check.inForce ? check.text : check.message
      return html`<tr><th scope="row"><code>${check.id}</code></th><td>${check.title}</td><td>${rule}</td><td>${text.length > 220 ? text.slice(0, 219) + '…' : text}</td></tr>`
    })
    const semantics = Object.entries(era.semantics)
      .filter(([name]) => name !== 'warnings')
      .map(([name, value]) => html`<tr><th scope="row">${name}</th><td>${String(value)}</td></tr>`)
    const eras = eraPresets.map((preset) =>
      preset.name === era.era ? html`<strong>${preset.name}</strong>` : html`<a href="/eras/${preset.name}">${preset.name}</a>`
    )
    const body = html`<h1>Era ${era.era ?? c.req.param('era')}: the edition of ${rules.edition}</h1>
<nav aria-label="Eras" class="meta">Eras: ${joinMarkup(eras, ' · ')} · <a href="/eras">all</a></nav>
<p>${era.summary && `${era.summary}. `}In force ${rules.edition} to ${rules.validTo ?? 'now'}. <a href="${ruleHref('704', rules.edition)}">Its state-based actions</a>.</p>
<h2>How an engine behaves</h2>
<div class="table-wrap"><table><tbody>${semantics}</tbody></table></div>
<h2>Checks</h2>
<div class="table-wrap"><table>
<thead><tr><th scope="col">Check</th><th scope="col">What</th><th scope="col">Rule</th><th scope="col">Text</th></tr></thead>
<tbody>
${joinMarkup(rows, '\n')}
</tbody></table></div>`
    return c.html(renderPage({ title: `Era ${era.era ?? c.req.param('era')}`, body }))
  })
}
