/**
 * `/rules/{number}`: a rule as it stood, with its examples, subrules,
 * neighbours, provenance and history (drawn too); an old number says where the
 * rule went. `/history/{number}`: every wording with its word-level changes.
 */
import { answerHtml } from '../answer-text.js'
import type { Context, Hono } from 'hono'
import { CrdbError } from '../../vocabulary/errors.js'
import { AmbiguousNumberError, findNeighbourNumbers, getRule, listChildTexts, nearestNumbers, readRuleTextsAt, type RuleVersion } from '../../query/get.js'
import { ruleHistory, type HistoryStep, type RuleHistory } from '../../query/history.js'
import { describeEnd, describeFolded, describeHistoryStep, foldMinorSteps, type FoldedSteps } from '../../query/history-steps.js'
import { resolveRuleName } from '../../query/resolve-name.js'
import { readAnswerNotes } from '../../query/answer-flags.js'
import { askedDay } from '../../query/gaps.js'
import { parentOf, parseRuleNumber } from '../../vocabulary/rule-number.js'
import { href, plural, renderPage, renderRuleText, renderWordChanges, ruleHref } from '../html.js'
import { html, joinMarkup, type Markup, type MarkupValue } from '../markup.js'
import { renderSource } from '../public-source.js'
import type { ServerState } from '../state.js'
import { renderHistoryBars } from '../svg.js'
import { citeRule, renderCitation } from './citation.js'
import { readEditionView, setNames, type EditionView } from './edition-view.js'
import { ruleFeedHref } from '../watch-feed.js'

/** Register `/rules/{number}` and `/history/{number}`. */
export function registerRulePages(app: Hono, state: ServerState): void {
  app.get('/rules/:number', (c) => {
    const view = readEditionView(c, state)
    // A name (trample, legend rule) goes to the rule it names in the edition shown, as crdb get reads it.
    if (!/\d/.test(c.req.param('number')))
      return c.redirect(ruleHref(resolveRuleName(state.db, c.req.param('number'), { edition: view.edition }).number, view.edition), 302)
    const key = parseRuleNumber(c.req.param('number'))
    let rule: RuleVersion
    try {
      rule = getRule(state.db, key, { edition: view.edition })
    } catch (error) {
      if (error instanceof CrdbError && error.code === 'E_NOT_FOUND') return renderMissingRule(c, state, view, key, error.message)
      if (error instanceof AmbiguousNumberError) return renderAmbiguousNumber(c, view, error)
      throw error
    }
    const citation = renderCitation(citeRule(rule, state.urls.linkBase, setNames(state.editions()).get(rule.edition)))
    return answerHtml(
      c,
      renderPage({
        title: `${rule.number} (${rule.edition})`,
        body: html`${renderGapNotice(state, rule.edition, view)}${renderRuleBody(state, rule, citation)}`,
        picker: view.picker,
        feed: ruleFeedHref(rule.number)
      })
    )
  })

  app.get('/history/:number', (c) => {
    const view = readEditionView(c, state)
    const key = parseRuleNumber(c.req.param('number'))
    const history = ruleHistory(state.db, key, { at: Object.keys(view.at).length ? { edition: view.edition } : undefined })
    const sets = setNames(state.editions())
    const section = (step: HistoryStep, index: number): Markup => {
      const before = history.steps[index - 1]
      const text = step.change?.textChanges.length ? renderWordChanges(step.change.textChanges) : step.text
      return html`<section class="change" id="${`wording-${index + 1}`}">
<h2>${step.number} <span class="meta">${renderSpan(step, sets)}, ${plural(step.editions.length, 'edition')}</span></h2>
<p class="meta">${describeHistoryStep(step)}${before && html` · <a href="${diffHref(before, step)}">see the diff</a>`} · <a href="${ruleHref(step.number, step.editions[0])}">read it in ${step.editions[0]}</a></p>
${step.change?.reason && html`<p class="meta evidence">Linked to ${step.change.fromNumber} by ${step.change.basis ?? 'words'} (score ${step.change.score?.toFixed(2)}): ${step.change.reason}</p>`}
<p class="rule-text">${text}</p>
${step.examples.map((example) => html`<p class="example">Example: ${example}</p>`)}
<p class="meta">${renderSource(state, step.source)}</p>
${(step.sourceDamage ?? []).map((note) => html`<p class="meta source-damage">Note: ${note.edition}, ${note.note}. As printed: <q>${note.printed}</q></p>`)}
</section>`
    }
    const fold = foldMinorSteps(history.steps)
    const shown = fold.shown.map(({ step, index }) => section(step, index))
    const folded = fold.folded.map(({ step, index }) => section(step, index))
    const newest = history.steps.at(-1)!
    const body = html`<h1>History of ${history.number}</h1>
${history.numbering && html`<p class="notice">${history.numbering.note}.</p>`}
<p>${plural(history.steps.length, 'wording')}, numbered ${history.numbers.join(' → ')}. Removed words are <del>struck</del>, added words <ins>marked</ins>. <a href="${ruleHref(newest.number, newest.editions.at(-1))}">${newest.number} as it ${newest.validTo ? `stood until ${newest.validTo}` : 'stands now'}</a>.</p>
${renderBars(history, state)}
${joinMarkup(shown, '\n')}
${renderEnd(history)}
${renderFolded(fold, joinMarkup(folded, '\n'))}`
    return answerHtml(c, renderPage({ title: `History of ${history.number}`, body, picker: view.picker }))
  })
}

/** A day asked about that falls in the time of an edition not held: the notice that the text shown is the nearest held. */
function renderGapNotice(state: ServerState, edition: string, view: EditionView): Markup | false {
  const asked = askedDay(view.at)
  if (asked === undefined) return false
  const { flags, warnings } = readAnswerNotes(state.db, { edition, asked })
  return flags.notHeld !== undefined && html`<p class="notice">${warnings.at(-1)}.</p>`
}

function renderRuleBody(state: ServerState, rule: RuleVersion, citation: Markup): Markup {
  const { db } = state
  const edition = rule.edition
  const around = findNeighbourNumbers(db, rule)
  const children = listChildTexts(db, rule)
  let history: RuleHistory | undefined
  try {
    history = state.history(rule)
  } catch (error) {
    if (!(error instanceof CrdbError)) throw error
  }
  const neighbour = (label: string, other: string | null): Markup =>
    other
      ? html`<a href="${ruleHref(other, edition)}" rel="${label === 'Previous' ? 'prev' : 'next'}">${label}: ${other}</a>`
      : html`<span class="meta">${label}: none</span>`
  const subrules =
    children.length > 0 &&
    html`<h2>Subrules</h2><ul>${children.map((sub) => html`<li><a href="${ruleHref(sub.number, edition)}">${sub.number}</a> ${renderRuleText(clipText(sub.text, 160), edition)}</li>`)}</ul>`
  const parent = parentOf(rule.number)
  const examples = rule.examples.map((example) => html`<p class="example">Example: ${renderRuleText(example, edition)}</p>`)
  return html`${renderBreadcrumb(state, rule)}
<nav aria-label="Around this rule" class="meta">${neighbour('Previous', around.previous)} · ${parent && html`<a href="${ruleHref(parent, edition)}">Up: ${parent}</a> · `}${neighbour('Next', around.next)}</nav>
<h1>${rule.number}</h1>
${rule.numbering && html`<p class="notice">${rule.numbering.note}.${rule.numbering.kind === 'translated' ? html` <a href="${ruleHref(rule.number, edition)}">${rule.number} in the edition of ${edition}</a>` : ''}</p>`}
<p class="rule-text">${renderRuleText(rule.text, edition)}</p>
${joinMarkup(examples, '\n')}
<p class="meta">In force ${rule.validFrom} to ${rule.validTo ?? 'now'} (shown: the edition of ${edition}). ${renderSource(state, rule.source)}. <a href="${href('/cr', { edition }) + `#r${rule.number}`}">In the whole edition</a>${rule.id ? html` · <a href="/id/${rule.id}" title="the permalink that survives every renumbering">Its permanent id: ${rule.id}</a>` : ''} · <a href="${href(`/v1/rules/${rule.number}`, { edition })}">JSON</a></p>
${citation}
${subrules}
${history && renderHistorySection(history, state)}`
}

/** Where the rule sits: its section and rule, with their titles, then each level down to it (`7 Additional Rules › 704 State-Based Actions › 704.5`). */
function renderBreadcrumb(state: ServerState, rule: RuleVersion): Markup {
  const numbers: string[] = []
  for (let number = parentOf(rule.number); number; number = parentOf(number)) numbers.unshift(number)
  // Only sections and rules (no dot) have titles; deeper levels are sentences, named by number.
  const titled = (number: string, text: string): string => (number.includes('.') ? number : `${number} ${clipText(text, 60)}`)
  // A deeper level is named by its number alone: only the section's and the rule's texts are read, in one statement.
  const titledNumbers = numbers.filter((number) => !number.includes('.'))
  const texts = new Map(readRuleTextsAt(state.db, titledNumbers, rule.edition).map((text, index) => [titledNumbers[index], text ?? '']))
  const crumbs = numbers.map((number) => html`<li><a href="${ruleHref(number, rule.edition)}">${titled(number, texts.get(number) ?? '')}</a></li>`)
  return html`<nav aria-label="Breadcrumb" class="crumbs"><ol>${crumbs}<li aria-current="page">${titled(rule.number, rule.text)}</li></ol></nav>`
}

/** A wording's span, with the set its first edition came with: `2009-07-11 (M10 Magic 2010) to 2010-02-01`. */
function renderSpan(step: HistoryStep, sets: ReadonlyMap<string, string>): string {
  const set = sets.get(step.validFrom)
  return `${step.validFrom}${set ? ` (${set})` : ''} to ${step.validTo ?? 'now'}`
}

/** The minor steps of a history in one collapsed line with their count: a toggle (no script) shows them. */
function renderFolded(fold: FoldedSteps<HistoryStep>, content: MarkupValue): Markup | false {
  return (
    fold.folded.length > 0 &&
    html`<details class="folded"><summary>${describeFolded(fold.counts)} folded (show them)</summary>
${content}
</details>`
  )
}

function renderHistorySection(history: RuleHistory, state: ServerState): Markup {
  const sets = setNames(state.editions())
  const item = (step: HistoryStep, index: number): Markup => {
    const before = history.steps[index - 1]
    return html`<li><a href="${ruleHref(step.number, step.editions[0])}">${step.number}</a> ${renderSpan(step, sets)}: ${describeHistoryStep(step)}${before && html` (<a href="${diffHref(before, step)}">diff</a>)`}</li>`
  }
  const fold = foldMinorSteps(history.steps)
  return html`<h2>History</h2>
<p>${plural(history.steps.length, 'wording')}, numbered ${history.numbers.join(' → ')}. <a href="/history/${encodeURIComponent(history.number)}">Every wording with its changes</a>.</p>
${renderBars(history, state)}
<ol>${fold.shown.map(({ step, index }) => item(step, index))}</ol>
${renderEnd(history)}
${renderFolded(fold, html`<ol>${fold.folded.map(({ step, index }) => item(step, index))}</ol>`)}`
}

/** How the history ends, when there is something to say: `Then merged into <a>604.5</a> (2009-07-11).`, a gap at its end. */
function renderEnd(history: RuleHistory): Markup | false {
  const end = describeEnd(history)
  if (!end) return false
  const links = history.continuesAs?.map((rule) => html`<a href="${ruleHref(rule.number, rule.edition)}">${rule.number}</a>`)
  return html`<p class="continuation">${end[0]!.toUpperCase()}${end.slice(1)}.${links && html` Read it there: ${joinMarkup(links, ', ')}.`}</p>`
}

function renderBars(history: RuleHistory, state: ServerState): Markup {
  const newest = state.editions().at(-1)?.effectiveDate ?? history.steps.at(-1)!.validFrom
  return renderHistoryBars(
    history.steps.map((step) => ({
      number: step.number,
      validFrom: step.validFrom,
      validTo: step.validTo,
      href: ruleHref(step.number, step.editions[0]),
      label: `${step.number}, ${step.validFrom} to ${step.validTo ?? 'now'}: ${describeHistoryStep(step)}`
    })),
    newest
  )
}

/** The diff between the last edition of one wording and the first of the next, at the change. */
function diffHref(before: HistoryStep, step: HistoryStep): string {
  // The diff of the rule's section (a moved rule is in the diff of either number's): a whole diff is paged, the change may not be on its first page.
  return href('/diff', { from: before.editions.at(-1), to: step.editions[0], section: step.number.match(/^\d{3}/)?.[0] }) + `#change-${step.number}`
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
  const title = `${key} is not in the edition of ${view.edition}`
  if (inEdition) {
    const { history, step } = inEdition
    const body = html`<h1>${title}</h1>
<p class="notice">The rule numbered ${key} elsewhere was numbered ${history.numbers.join(' → ')} over time. In the edition of ${view.edition} it is <a href="${ruleHref(step.number, view.edition)}">${step.number}</a>.</p>
<p class="rule-text">${renderRuleText(step.text, view.edition)}</p>
<p><a href="/history/${encodeURIComponent(key)}">Its whole history</a></p>`
    return answerHtml(c, renderPage({ title: `${key} in ${view.edition}`, body, picker: view.picker }))
  }
  const history = histories.at(-1)
  let body: Markup
  if (history?.steps.length) {
    const first = history.steps[0]
    const last = history.steps.at(-1)!
    const where =
      view.edition < first.validFrom
        ? html`It first appeared on ${first.validFrom} as <a href="${ruleHref(first.number, first.editions[0])}">${first.number}</a>.`
        : html`Its last wording, <a href="${ruleHref(last.number, last.editions.at(-1))}">${last.number}</a>, was in force until ${last.validTo ?? 'now'}.`
    body = html`<h1>${title}</h1>
<p class="notice">The rule was numbered ${history.numbers.join(' → ')} over time. ${where}</p>
<p><a href="/history/${encodeURIComponent(key)}">Its whole history</a></p>`
  } else {
    const near = nearestNumbers(state.db, key, view.edition)
    const links = near.map((n) => html`<a href="${ruleHref(n, view.edition)}">${n}</a>`)
    body = html`<h1>${title}</h1>
<p class="error"><code>E_NOT_FOUND</code> ${message}</p>
${near.length > 0 && html`<p>Nearest rules: ${joinMarkup(links, ' · ')}</p>`}`
  }
  return answerHtml(c, renderPage({ title: `${key} not found`, body, picker: view.picker }), 404)
}

/** A number that names several rules in the edition asked (a split or a merge): every candidate, linked. */
function renderAmbiguousNumber(c: Context, view: EditionView, error: AmbiguousNumberError): Response {
  const { translation } = error
  const body = html`<h1>${translation.number} is several rules in the edition of ${view.edition}</h1>
<p class="notice">${translation.note}.</p>
<ul>${translation.numbers.map((number) => html`<li><a href="${ruleHref(number, view.edition)}">${number}</a></li>`)}</ul>`
  return answerHtml(c, renderPage({ title: `${translation.number} in ${view.edition}`, body, picker: view.picker }))
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
