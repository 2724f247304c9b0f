/**
 * `/eras`: the era presets; `/eras/{era}`: an era's edition, how an engine
 * should behave in it (each switch in plain words with the rule it comes
 * from), its profile as `crdb era --profile` prints it, and every engine check
 * with its rule; `/eras/diff?from=&to=`: the profile switches two eras differ
 * in, as `crdb era diff` prints them.
 */
import { answerHtml } from '../answer-text.js'
import type { Hono } from 'hono'
import { describeEra, listEraChecks } from '../../engine/answers.js'
import { diffProfiles, type ProfileSwitch, type SwitchGroup, type SwitchValue } from '../../engine/profile.js'
import type { CheckAnswer, EraRules } from '../../engine/rules.js'
import { describeSemantics } from '../../engine/semantics-words.js'
import { CrdbError } from '../../vocabulary/errors.js'
import { eraPresets } from '../../vocabulary/era-presets.js'
import { href, renderPage, ruleHref } from '../html.js'
import { html, joinMarkup, type Markup } from '../markup.js'
import type { ServerState } from '../state.js'

/** The profile's groups, in the order `crdb era --profile` prints them, with their headings. */
const groupTitles: Record<SwitchGroup, string> = {
  start: 'Starting the game',
  turn: 'The turn',
  mana: 'Mana',
  combat: 'Combat',
  abilities: 'Abilities',
  'state-based': 'State-based actions',
  multiplayer: 'Multiplayer',
  commander: 'Commander',
  designations: 'Designations',
  zones: 'Zones'
}

/** A rule text as a table cell shows it: at most `length` characters. */
function clip(text: string, length = 220): string {
  const flat = text.replace(/\s+/g, ' ')
  return flat.length > length ? flat.slice(0, length - 1) + '…' : flat
}

/** A profile value in words, as the CLI prints it. */
function showValue(value: SwitchValue): string {
  return value === null ? 'none' : value === true ? 'yes' : value === false ? 'no' : String(value)
}

/** A check's rule in an edition: its number (linked) and text; for a rule not in force, where it was before and after. */
function renderCheckRule(check: CheckAnswer, edition: string): Markup {
  if (check.inForce) return html`<a href="${ruleHref(check.number, edition)}">${check.number}</a> ${clip(check.text)}`
  const before =
    check.before &&
    html` Last in force to ${check.before.endedOn} as <a href="${ruleHref(check.before.number, check.before.lastEdition)}">${check.before.number}</a>.`
  const after =
    check.after &&
    html` In force from ${check.after.firstEdition} as <a href="${ruleHref(check.after.number, check.after.firstEdition)}">${check.after.number}</a>.`
  return html`<span class="meta">No rule of this edition.</span>${before}${after}`
}

/** A profile switch's rule: its number (linked to the edition) and text, or that the edition has none. */
function renderSwitchRule(rule: ProfileSwitch['rule'], edition: string): Markup {
  return rule
    ? html`<a href="${ruleHref(rule.number, edition)}">${rule.number}</a> ${clip(rule.text)}`
    : html`<span class="meta">No rule of this edition.</span>`
}

/** A switch's description, its `values` as code. */
function renderDescription(text: string): Markup {
  return html`${text.split('`').map((part, index) => (index % 2 === 1 ? html`<code>${part}</code>` : part))}`
}

/** The edition before `edition`, if any. */
function previousEdition(state: ServerState, edition: string): string | undefined {
  const editions = state.editions()
  const index = editions.findIndex((entry) => entry.effectiveDate === edition)
  return index > 0 ? editions[index - 1]!.effectiveDate : undefined
}

/** "since 2009-07-11", linked to the diff that brought the value (none for the oldest edition). */
function renderSince(state: ServerState, since: string): Markup {
  const before = previousEdition(state, since)
  return before ? html`<a href="${href('/diff', { from: before, to: since })}">${since}</a>` : html`${since}`
}

/** The era's name as headings say it. */
function nameOf(rules: EraRules, asked: string): string {
  return rules.era ? `era ${rules.era}` : `the rules of ${asked}`
}

/** Register `/eras`, `/eras/diff` and `/eras/{era}`. */
export function registerErasPages(app: Hono, state: ServerState): void {
  app.get('/eras', (c) => {
    const items = eraPresets.map((preset) => {
      const rules = state.eraRules({ era: preset.name })
      return html`<li><a href="/eras/${preset.name}">${preset.name}</a>: the edition of ${rules.edition}. ${preset.summary}</li>`
    })
    const pairs = eraPresets.slice(1).map((preset, index) => {
      const from = eraPresets[index]!.name
      return html`<a href="${href('/eras/diff', { from, to: preset.name })}">${from} to ${preset.name}</a>`
    })
    const body = html`<h1>Eras</h1><p>An era is the rules in force on 31 December of its year; a game engine plays by one. Any day works too: <a href="/eras/2015-06-01">/eras/2015-06-01</a>.</p><ul>${items}</ul>
<p>Compare two eras: ${joinMarkup(pairs, ' · ')}, or any two days on <a href="/eras/diff">the comparison page</a>.</p>`
    return answerHtml(c, renderPage({ title: 'Eras', body }))
  })

  // Before `/eras/{era}`, which would read `diff` as an era.
  app.get('/eras/diff', (c) => {
    const from = c.req.query('from')?.trim() ?? ''
    const to = c.req.query('to')?.trim() ?? ''
    const form = html`<form method="get" action="/eras/diff" class="era-form"><label>From <input name="from" value="${from}" placeholder="2009" required></label> <label>to <input name="to" value="${to}" placeholder="2024" required></label> <button type="submit">Compare</button></form>
<p class="meta">An era preset (${joinMarkup(
      eraPresets.map((preset) => preset.name),
      ', '
    )}) or any day (YYYY-MM-DD) on either side.</p>`
    if (!from && !to) {
      const body = html`<h1>Compare two eras</h1><p>The era-profile switches whose values differ between two eras, each with the rule that decides it on both sides (as <code>crdb era diff</code> prints them).</p>${form}`
      return answerHtml(c, renderPage({ title: 'Compare two eras', body }))
    }
    if (!from || !to) throw new CrdbError('E_USAGE', 'give from=... and to=... (an era preset or a day)')
    const [a, b] = [state.eraRules({ era: from }), state.eraRules({ era: to })]
    const differences = diffProfiles(a.profile(), b.profile())
    const rows = differences.map(
      (difference) => html`<tr>
<th scope="row">${difference.title}<br><code class="meta">${difference.id}</code></th>
<td data-label="${from}">${showValue(difference.from.value)}<br><span class="meta">since ${renderSince(state, difference.from.since)}</span></td>
<td data-label="${to}">${showValue(difference.to.value)}<br><span class="meta">since ${renderSince(state, difference.to.since)}</span></td>
<td data-label="Rules">${renderSwitchRule(difference.from.rule, a.edition)}<br>${renderSwitchRule(difference.to.rule, b.edition)}</td>
</tr>`
    )
    const title = `${nameOf(a, from)} to ${nameOf(b, to)}`
    const body = html`<h1>Compare eras: ${title}</h1>
<p>${a.edition} to ${b.edition}: ${differences.length} switch${differences.length === 1 ? '' : 'es'} differ${differences.length === 1 ? 's' : ''}. <a href="${href('/diff', { from: a.edition, to: b.edition })}">Every rule that changed</a> · <a href="/eras/${encodeURIComponent(from)}">${nameOf(a, from)}</a> · <a href="/eras/${encodeURIComponent(to)}">${nameOf(b, to)}</a></p>
${form}
${
  differences.length
    ? html`<div class="table-wrap"><table class="reflow">
<thead><tr><th scope="col">Switch</th><th scope="col">${from}</th><th scope="col">${to}</th><th scope="col">Rules (${a.edition}, then ${b.edition})</th></tr></thead>
<tbody>${joinMarkup(rows, '\n')}</tbody></table></div>`
    : html`<p>The two eras agree on every switch.</p>`
}`
    return answerHtml(c, renderPage({ title: `Compare eras ${from} and ${to}`, body }))
  })

  app.get('/eras/:era', (c) => {
    const asked = c.req.param('era')
    const rules = state.eraRules({ era: asked })
    const era = describeEra(rules)
    const { checks } = listEraChecks(rules)
    const checkRows = checks.map(
      (check) =>
        html`<tr><th scope="row"><code>${check.id}</code></th><td data-label="What">${check.title}</td><td data-label="Rule">${renderCheckRule(check, rules.edition)}</td></tr>`
    )
    const semantics = describeSemantics(rules).map(
      (entry) =>
        html`<tr><th scope="row">${entry.title}<br><code class="meta">${entry.name}</code></th><td data-label="In this era"><strong>${entry.words}</strong></td><td data-label="Rule">${renderCheckRule(entry.check, rules.edition)}</td></tr>`
    )
    const warnings = era.semantics.warnings.map((warning) => html`<li>${warning}</li>`)
    const profile = rules.profile()
    const groups = (Object.keys(groupTitles) as SwitchGroup[]).flatMap((group) => {
      const entries = profile.switches.filter((entry) => entry.group === group)
      if (entries.length === 0) return []
      const rows = entries.map(
        (entry) => html`<tr id="switch-${entry.id}">
<th scope="row">${entry.title}<br><code class="meta">${entry.id}</code></th>
<td data-label="Value"><strong>${showValue(entry.value)}</strong><br><span class="meta">since ${renderSince(state, entry.since)}</span></td>
<td data-label="Rule">${renderSwitchRule(entry.rule, rules.edition)}<br><span class="meta">${renderDescription(entry.description)}</span></td>
</tr>`
      )
      return [
        html`<h3>${groupTitles[group]}</h3>
<div class="table-wrap"><table class="reflow">
<thead><tr><th scope="col">Switch</th><th scope="col">Value</th><th scope="col">Rule, and what the switch decides</th></tr></thead>
<tbody>${joinMarkup(rows, '\n')}</tbody></table></div>`
      ]
    })
    const eras = eraPresets.map((preset) =>
      preset.name === era.era ? html`<strong>${preset.name}</strong>` : html`<a href="/eras/${preset.name}">${preset.name}</a>`
    )
    const compare = eraPresets
      .filter((preset) => preset.name !== era.era)
      .map((preset) => html`<a href="${href('/eras/diff', { from: asked, to: preset.name })}">${preset.name}</a>`)
    const body = html`<h1>Era ${era.era ?? asked}: the edition of ${rules.edition}</h1>
<nav aria-label="Eras" class="meta">Eras: ${joinMarkup(eras, ' · ')} · <a href="/eras">all</a> · Compare with ${joinMarkup(compare, ' · ')}</nav>
<p>${era.summary && `${era.summary}. `}In force ${rules.edition} to ${rules.validTo ?? 'now'}. <a href="${ruleHref('704', rules.edition)}">Its state-based actions</a>.</p>
<nav aria-label="On this page" class="meta">On this page: <a href="#behaviour">how an engine behaves</a> · <a href="#profile">the profile</a> · <a href="#checks">the checks</a></nav>
<h2 id="behaviour">How an engine behaves</h2>
<p class="meta">Each switch is read from the text of the rule in force that decides it; a switch that is off has no such rule in this edition.</p>
<div class="table-wrap"><table class="reflow">
<thead><tr><th scope="col">Switch</th><th scope="col">In this era</th><th scope="col">Rule</th></tr></thead>
<tbody>${joinMarkup(semantics, '\n')}</tbody></table></div>
${warnings.length > 0 && html`<p class="notice">Wordings not recognised (the engine falls back to the newest behaviour):</p><ul>${warnings}</ul>`}
<h2 id="profile">The profile</h2>
<p class="meta">Every switch an engine branches on, with its value, since when it has held it (linked to the diff that brought it) and the rule that decides it: what <code>crdb era ${era.era ?? asked} --profile</code> prints.</p>
${groups}
<h2 id="checks">Checks</h2>
<div class="table-wrap"><table class="reflow">
<thead><tr><th scope="col">Check</th><th scope="col">What</th><th scope="col">Rule</th></tr></thead>
<tbody>
${joinMarkup(checkRows, '\n')}
</tbody></table></div>`
    return answerHtml(c, renderPage({ title: `Era ${era.era ?? asked}`, body }))
  })
}
