/**
 * `/rules/{number}`: a rule as it stood, with its examples, subrules,
 * neighbours, provenance and history (drawn too); an old number says where the
 * rule went. `/history/{number}`: every wording with its word-level changes.
 */
import type { Context, Hono } from 'hono'
import { CrdbError } from '../../vocabulary/errors.js'
import { getNeighbours, getRule, getSubtree, nearestNumbers, type RuleVersion } from '../../query/get.js'
import { ruleHistory, type HistoryStep, type RuleHistory } from '../../query/history.js'
import { parentOf, parseRuleNumber } from '../../vocabulary/rule-number.js'
import { escapeHtml, href, plural, renderPage, renderRuleText, renderWordChanges, ruleHref } from '../html.js'
import type { ServerState } from '../state.js'
import { renderHistoryBars } from '../svg.js'
import { readEditionView, type EditionView } from './edition-view.js'

/** Register `/rules/{number}` and `/history/{number}`. */
export function registerRulePages(app: Hono, state: ServerState): void {
  app.get('/rules/:number', (c) => {
    const view = readEditionView(c, state)
    const key = parseRuleNumber(c.req.param('number'))
    let rule: RuleVersion
    try {
      rule = getRule(state.db, key, { edition: view.edition })
    } catch (error) {
      if (error instanceof CrdbError && error.code === 'E_NOT_FOUND') return renderMissingRule(c, state, view, key, error.message)
      throw error
    }
    return c.html(renderPage({ title: `${rule.number} (${rule.edition})`, body: renderRuleBody(state, rule), picker: view.picker }))
  })

  app.get('/history/:number', (c) => {
    const view = readEditionView(c, state)
    const key = parseRuleNumber(c.req.param('number'))
    const history = ruleHistory(state.db, key, { at: Object.keys(view.at).length ? { edition: view.edition } : undefined })
    const steps = history.steps
      .map((step, index) => {
        const before = history.steps[index - 1]
        const text = step.change?.textChanges.length ? renderWordChanges(step.change.textChanges) : escapeHtml(step.text)
        return `<section class="change" id="${escapeHtml(`wording-${index + 1}`)}">
<h2>${escapeHtml(step.number)} <span class="meta">${step.validFrom} to ${step.validTo ?? 'now'}, ${plural(step.editions.length, 'edition')}</span></h2>
<p class="meta">${describeStep(step)}${before ? ` · <a href="${escapeHtml(diffHref(before, step))}">see the diff</a>` : ''} · <a href="${escapeHtml(ruleHref(step.number, step.editions[0]))}">read it in ${step.editions[0]}</a></p>
<p class="rule-text">${text}</p>
${step.examples.map((example) => `<p class="example">Example: ${escapeHtml(example)}</p>`).join('')}
<p class="meta">Source: ${escapeHtml(step.source.uri)}, line ${step.source.line}</p>
</section>`
      })
      .join('\n')
    const body = `<h1>History of ${escapeHtml(history.number)}</h1>
<p>${plural(history.steps.length, 'wording')}, numbered ${history.numbers.map((n) => escapeHtml(n)).join(' → ')}. Removed words are <del>struck</del>, added words <ins>marked</ins>.</p>
${renderBars(history, state)}
${steps}`
    return c.html(renderPage({ title: `History of ${history.number}`, body, picker: view.picker }))
  })
}

function renderRuleBody(state: ServerState, rule: RuleVersion): string {
  const { db } = state
  const edition = rule.edition
  const around = getNeighbours(db, rule.number, { edition })
  const children = getSubtree(db, rule.number, { edition }).filter((sub) => parentOf(sub.number) === rule.number)
  let history: RuleHistory | undefined
  try {
    history = state.history(rule)
  } catch (error) {
    if (!(error instanceof CrdbError)) throw error
  }
  const neighbour = (label: string, other: RuleVersion | null): string =>
    other
      ? `<a href="${escapeHtml(ruleHref(other.number, edition))}" rel="${label === 'Previous' ? 'prev' : 'next'}">${label}: ${escapeHtml(other.number)}</a>`
      : `<span class="meta">${label}: none</span>`
  const subrules = children.length
    ? `<h2>Subrules</h2><ul>${children.map((sub) => `<li><a href="${escapeHtml(ruleHref(sub.number, edition))}">${escapeHtml(sub.number)}</a> ${renderRuleText(clipText(sub.text, 160), edition)}</li>`).join('')}</ul>`
    : ''
  const parent = parentOf(rule.number)
  return `<nav aria-label="Around this rule" class="meta">${neighbour('Previous', around.previous)} · ${parent ? `<a href="${escapeHtml(ruleHref(parent, edition))}">Up: ${escapeHtml(parent)}</a> · ` : ''}${neighbour('Next', around.next)}</nav>
<h1>${escapeHtml(rule.number)}</h1>
<p class="rule-text">${renderRuleText(rule.text, edition)}</p>
${rule.examples.map((example) => `<p class="example">Example: ${renderRuleText(example, edition)}</p>`).join('\n')}
<p class="meta">In force ${rule.validFrom} to ${rule.validTo ?? 'now'} (shown: the edition of ${edition}). Source: ${escapeHtml(rule.source.uri)}, line ${rule.source.line}. <a href="${escapeHtml(href('/cr', { edition }) + `#r${rule.number}`)}">In the whole edition</a> · <a href="${escapeHtml(href(`/v1/rules/${rule.number}`, { edition }))}">JSON</a></p>
${subrules}
${history ? renderHistorySection(history, state) : ''}`
}

function renderHistorySection(history: RuleHistory, state: ServerState): string {
  const items = history.steps
    .map((step, index) => {
      const before = history.steps[index - 1]
      return `<li><a href="${escapeHtml(ruleHref(step.number, step.editions[0]))}">${escapeHtml(step.number)}</a> ${step.validFrom} to ${step.validTo ?? 'now'}: ${describeStep(step)}${before ? ` (<a href="${escapeHtml(diffHref(before, step))}">diff</a>)` : ''}</li>`
    })
    .join('')
  return `<h2>History</h2>
<p>${plural(history.steps.length, 'wording')}, numbered ${history.numbers.map((n) => escapeHtml(n)).join(' → ')}. <a href="/history/${escapeHtml(encodeURIComponent(history.number))}">Every wording with its changes</a>.</p>
${renderBars(history, state)}
<ol>${items}</ol>`
}

function renderBars(history: RuleHistory, state: ServerState): string {
  const newest = state.editions().at(-1)?.effectiveDate ?? history.steps.at(-1)!.validFrom
  return renderHistoryBars(
    history.steps.map((step) => ({
      number: step.number,
      validFrom: step.validFrom,
      validTo: step.validTo,
      href: ruleHref(step.number, step.editions[0]),
      label: `${step.number}, ${step.validFrom} to ${step.validTo ?? 'now'}: ${describeStep(step)}`
    })),
    newest
  )
}

/** How a wording came from the one before, in words. */
function describeStep(step: HistoryStep): string {
  if (!step.change) return 'first seen'
  const how =
    step.change.kind === 'changed'
      ? 'reworded'
      : step.change.kind === 'moved'
        ? `renumbered from ${step.change.fromNumber}`
        : `renumbered from ${step.change.fromNumber} and reworded`
  const note = step.change.referencesOnly
    ? ', only cross-references'
    : step.change.typographyOnly
      ? ', only typography'
      : step.change.examplesChanged && step.change.kind === 'changed' && step.change.textChanges.every((part) => part.kind === 'same')
        ? ', only examples'
        : ''
  return escapeHtml(how + note)
}

/** The diff between the last edition of one wording and the first of the next, at the change. */
function diffHref(before: HistoryStep, step: HistoryStep): string {
  return href('/diff', { from: before.editions.at(-1), to: step.editions[0] }) + `#change-${step.number}`
}

/**
 * A rule not in the edition asked about. When its lineage (the rule now under
 * that number, or the rule that once had it) has a wording in that edition, say
 * under which number and link there (200); else say where the rule went, or
 * suggest the nearest numbers (404).
 */
function renderMissingRule(c: Context, state: ServerState, view: EditionView, key: string, message: string): Response {
  const histories = [historyOf(state, key, 'both'), historyOf(state, key, 'forward')].filter((history): history is RuleHistory => history !== undefined)
  const inEdition = histories.flatMap((history) => history.steps.filter((step) => step.editions.includes(view.edition)).map((step) => ({ history, step })))[0]
  const title = `${escapeHtml(key)} is not in the edition of ${escapeHtml(view.edition)}`
  if (inEdition) {
    const { history, step } = inEdition
    const body = `<h1>${title}</h1>
<p class="notice">The rule numbered ${escapeHtml(key)} elsewhere was numbered ${history.numbers.map((n) => escapeHtml(n)).join(' → ')} over time. In the edition of ${escapeHtml(view.edition)} it is <a href="${escapeHtml(ruleHref(step.number, view.edition))}">${escapeHtml(step.number)}</a>.</p>
<p class="rule-text">${renderRuleText(step.text, view.edition)}</p>
<p><a href="/history/${escapeHtml(encodeURIComponent(key))}">Its whole history</a></p>`
    return c.html(renderPage({ title: `${key} in ${view.edition}`, body, picker: view.picker }))
  }
  const history = histories.at(-1)
  let body: string
  if (history?.steps.length) {
    const first = history.steps[0]
    const last = history.steps.at(-1)!
    const where =
      view.edition < first.validFrom
        ? `It first appeared on ${first.validFrom} as <a href="${escapeHtml(ruleHref(first.number, first.editions[0]))}">${escapeHtml(first.number)}</a>.`
        : `Its last wording, <a href="${escapeHtml(ruleHref(last.number, last.editions.at(-1)))}">${escapeHtml(last.number)}</a>, was in force until ${last.validTo ?? 'now'}.`
    body = `<h1>${title}</h1>
<p class="notice">The rule was numbered ${history.numbers.map((n) => escapeHtml(n)).join(' → ')} over time. ${where}</p>
<p><a href="/history/${escapeHtml(encodeURIComponent(key))}">Its whole history</a></p>`
  } else {
    const near = nearestNumbers(state.db, key, view.edition)
    body = `<h1>${title}</h1>
<p class="error"><code>E_NOT_FOUND</code> ${escapeHtml(message)}</p>
${near.length ? `<p>Nearest rules: ${near.map((n) => `<a href="${escapeHtml(ruleHref(n, view.edition))}">${escapeHtml(n)}</a>`).join(' · ')}</p>` : ''}`
  }
  return c.html(renderPage({ title: `${key} not found`, body, picker: view.picker }), 404)
}

/** The history of the rule numbered `key` (its newest wording, or forward from its oldest), if it has one. */
function historyOf(state: ServerState, key: string, direction: 'both' | 'forward'): RuleHistory | undefined {
  try {
    return ruleHistory(state.db, key, { direction })
  } catch (error) {
    if (error instanceof CrdbError) return undefined
    throw error
  }
}

function clipText(text: string, length: number): string {
  return text.length > length ? text.slice(0, length - 1) + '…' : text
}
