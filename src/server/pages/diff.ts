/**
 * `/diff?from=...&to=...`: what changed between any two editions: summary
 * counts, each change with its old and new number and word-level highlighting
 * (inline, side by side on wide screens), filters, an anchor per change.
 */
import { answerHtml } from '../answer-text.js'
import type { Hono } from 'hono'
import { addWordChanges, diffEditions, type RuleChange } from '../../query/diff.js'
import { getRule } from '../../query/get.js'
import { CrdbError } from '../../vocabulary/errors.js'
import { sortKeyOf } from '../../vocabulary/rule-number.js'
import { href, plural, renderPage, renderWordChanges, ruleHref } from '../html.js'
import { renderWithItalics } from '../italics.js'
import { html, joinMarkup, type Markup, type MarkupValue } from '../markup.js'
import { readPoint } from '../selector.js'
import type { ServerState } from '../state.js'

const hideable = {
  typography: 'changes only in typography',
  references: 'changes only in cross-references',
  examples: 'changes only in examples'
} as const
type Hidden = keyof typeof hideable

/** Changes on one page of a diff: a page of the largest diffs (M10: 1,691 changes) stays quick to make and to read. */
const changesPerPage = 200

/** The kinds a summary count shows alone, as `only=` takes them. */
const kindLabels = {
  added: 'added',
  removed: 'removed',
  changed: 'changed',
  moved: 'moved',
  'moved-changed': 'moved and changed'
} as const satisfies Record<RuleChange['kind'], string>
type Kind = keyof typeof kindLabels

/** What a diff page shows: its editions, section, filters and page; each link of the page changes one. */
interface DiffView {
  from: string
  to: string
  section?: string
  only?: Kind
  hidden: Set<Hidden>
  page: number
}

/** The address of `view`, repeated `hide=` included; `#anchor` to append. */
function viewHref(view: DiffView, anchor = ''): string {
  const query = new URLSearchParams({ from: view.from, to: view.to })
  if (view.section) query.set('section', view.section)
  if (view.only) query.set('only', view.only)
  for (const name of view.hidden) query.append('hide', name)
  if (view.page > 1) query.set('page', String(view.page))
  return `/diff?${query}${anchor}`
}

/** Register `/diff`. */
export function registerDiffPage(app: Hono, state: ServerState): void {
  app.get('/diff', (c) => {
    const editions = state.editions().map((edition) => edition.effectiveDate)
    const fromText = c.req.query('from') || editions.at(-2) || ''
    const toText = c.req.query('to') || editions.at(-1) || ''
    const section = c.req.query('section')?.trim() || undefined
    const hidden = new Set(c.req.queries('hide') ?? []) as Set<string>
    for (const name of hidden) if (!(name in hideable)) hidden.delete(name)
    const onlyText = c.req.query('only') || undefined
    if (onlyText !== undefined && !(onlyText in kindLabels))
      throw new CrdbError('E_USAGE', `only=${onlyText.slice(0, 40)}: expected one of ${Object.keys(kindLabels).join(', ')}`)
    const pageText = c.req.query('page') || '1'
    if (!/^\d{1,6}$/.test(pageText) || Number(pageText) < 1) throw new CrdbError('E_USAGE', `page=${pageText.slice(0, 40)}: expected a page number from 1`)
    // Every change with its kind and notes but no word-level changes (quick); those are made for this page's changes only.
    const diff = diffEditions(state.db, readPoint(fromText), readPoint(toText), { section, kind: 'rule', countsOnly: true })
    const view: DiffView = { from: diff.from, to: diff.to, section: diff.section, only: onlyText as Kind | undefined, hidden: hidden as Set<Hidden>, page: 1 }
    const filtered = diff.changes.filter((change) => !isHidden(change, view.hidden))
    const shown = view.only ? filtered.filter((change) => change.kind === view.only) : filtered
    const pages = Math.max(1, Math.ceil(shown.length / changesPerPage))
    view.page = Math.min(Number(pageText), pages)
    const first = (view.page - 1) * changesPerPage
    const onPage = shown.slice(first, first + changesPerPage).map(addWordChanges)
    const options = (selected: string): Markup[] =>
      [...editions].reverse().map((edition) => html`<option value="${edition}"${edition === selected && html` selected`}>${edition}</option>`)
    const s = diff.summary
    // Each kind's count shows that kind alone (again: all kinds); the notes are counts only.
    const kindCounts = (Object.entries(kindLabels) as Array<[Kind, string]>).map(([kind, label]) => {
      const count = diff.changes.filter((change) => change.kind === kind).length
      const current = view.only === kind
      const link = viewHref({ ...view, only: current ? undefined : kind, page: 1 })
      return html`<li><a href="${link}"${current && html` aria-current="true"`}>${count} ${label}</a></li>`
    })
    const noteCounts = [
      [s.referencesOnly, 'only cross-references'],
      [s.typographyOnly, 'only typography'],
      [s.examplesOnly, 'only examples'],
      [s.unchanged, 'unchanged']
    ].map(([count, label]) => html`<li>${count} ${label}</li>`)
    const anchors = assignAnchors(shown)
    const body = html`<h1>Changes from ${diff.from} to ${diff.to}${diff.section && html` in ${diff.section}`}</h1>
${(diff.sectionNumbering ?? []).map((read) => html`<p class="notice">Section ${read.note}.</p>`)}
<form method="get" action="/diff" class="diff-form">
<label>From <select name="from">${options(diff.from)}</select></label>
<label>To <select name="to">${options(diff.to)}</select></label>
<label>Section <input name="section" size="8" value="${section ?? ''}" placeholder="7, 704.5"></label>
${view.only && html`<input type="hidden" name="only" value="${view.only}">`}<fieldset><legend>Hide</legend>${joinMarkup(
      Object.entries(hideable).map(
        ([name, label]) => html`<label><input type="checkbox" name="hide" value="${name}"${hidden.has(name) && html` checked`}> ${label}</label>`
      ),
      ' '
    )}</fieldset>
<button type="submit">Compare</button>
</form>
<h2>Summary</h2>
<nav aria-label="Show one kind of change"><ul class="summary">${kindCounts}${noteCounts}</ul></nav>
${view.only && html`<p class="meta">Only ${kindLabels[view.only]} rules. <a href="${viewHref({ ...view, only: undefined, page: 1 })}">Show every kind</a></p>`}
${renderSections(state, diff.to, diff.from, view, shown)}
<p class="meta">${renderRange(first, onPage.length, shown.length, diff.changes.length)} <a href="${href('/v1/diff', { from: diff.from, to: diff.to, section })}">JSON</a></p>
${renderPager(view, pages)}
${joinMarkup(
  onPage.map((change) => renderChange(change, diff.from, diff.to, anchors.get(change) ?? changeAnchor(change))),
  '\n'
)}
${renderPager(view, pages)}`
    return answerHtml(c, renderPage({ title: `Diff ${diff.from} to ${diff.to}${view.page > 1 ? ` (page ${view.page})` : ''}`, body }))
  })
}

/** "Changes 201–400 of 1,691 shown (of 1,700)". */
function renderRange(first: number, count: number, shown: number, all: number): string {
  const of = shown < all ? ` (of ${plural(all, 'change')})` : ''
  if (count === shown) return `${plural(shown, 'change')} shown${of}.`
  return `Changes ${first + 1}–${first + count} of ${plural(shown, 'change')} shown${of}.`
}

/** Previous and next page links, and where this page is; nothing for one page. */
function renderPager(view: DiffView, pages: number): Markup | false {
  if (pages <= 1) return false
  const previous = view.page > 1 && html`<a href="${viewHref({ ...view, page: view.page - 1 })}" rel="prev">← Previous ${changesPerPage}</a>`
  const next = view.page < pages && html`<a href="${viewHref({ ...view, page: view.page + 1 })}" rel="next">Next ${changesPerPage} →</a>`
  const numbers = Array.from({ length: pages }, (_, index) =>
    index + 1 === view.page
      ? html`<strong aria-current="page">${index + 1}</strong>`
      : html`<a href="${viewHref({ ...view, page: index + 1 })}">${index + 1}</a>`
  )
  return html`<nav class="pager" aria-label="Pages of changes">${previous} <span>Page ${joinMarkup(numbers, ' ')} of ${pages}</span> ${next}</nav>`
}

/**
 * The changes shown, counted by section (a whole diff) or by rule (a section's diff), each linking to
 * the diff of that part alone: the way around a diff of a thousand changes.
 */
function renderSections(state: ServerState, to: string, from: string, view: DiffView, shown: RuleChange[]): Markup | false {
  // Parts one level below the section shown: sections (7) of a whole diff, rules (704) of a section.
  const partOf = (number: string): string | undefined =>
    view.section === undefined
      ? /^\d/.test(number)
        ? number[0]
        : undefined
      : /^\d$/.test(view.section) && number.startsWith(view.section)
        ? number.match(/^\d{3}/)?.[0]
        : undefined
  if (view.section !== undefined && !/^\d$/.test(view.section)) return false
  const counts = new Map<string, number>()
  for (const change of shown) {
    // A moved rule counts in the part it went to, and in the one it left if that differs.
    const parts = new Set([change.to && partOf(change.to.number), change.from && partOf(change.from.number)].filter((part) => part !== undefined))
    for (const part of parts) counts.set(part, (counts.get(part) ?? 0) + 1)
  }
  if (counts.size <= 1) return false
  const ordered = [...counts].sort(([a], [b]) => Number(a) - Number(b))
  const rows = ordered.map(([part, count]) => {
    const title = titleOf(state, part, to) ?? titleOf(state, part, from)
    return html`<tr><td><a href="${viewHref({ ...view, section: part, page: 1 })}">${part}${title && html` ${renderWithItalics(title)}`}</a></td><td class="number">${count}</td></tr>`
  })
  const heading = view.section === undefined ? 'By section' : `By rule in section ${view.section}`
  const counted = ordered.reduce((sum, [, count]) => sum + count, 0)
  const note = counted > shown.length && html`<p class="meta">A rule moved from one to another counts in both.</p>`
  return html`<nav aria-label="${heading}"><h2>${heading}</h2><div class="table-wrap"><table class="diff-parts"><thead><tr><th scope="col">${view.section === undefined ? 'Section' : 'Rule'}</th><th scope="col" class="number">Changes</th></tr></thead><tbody>${rows}</tbody></table></div>${note}${view.section !== undefined && html`<p class="meta"><a href="${viewHref({ ...view, section: undefined, page: 1 })}">Every section</a></p>`}</nav>`
}

/** The title of section or rule `number` in `edition` (its text), if it has one. */
function titleOf(state: ServerState, number: string, edition: string): string | undefined {
  try {
    return getRule(state.db, number, { edition }).text
  } catch {
    return undefined // Editions before 2004 number some sections differently: the number alone then.
  }
}

function isHidden(change: RuleChange, hidden: Set<Hidden>): boolean {
  return (
    (hidden.has('typography') && change.typographyOnly) ||
    (hidden.has('references') && change.referencesOnly) ||
    (hidden.has('examples') && change.examplesOnly)
  )
}

/**
 * The anchor of a change: its new number, or its old one for a removed rule. The parts of a merge share
 * their new number: the part from the first old number has it alone, each other adds its old number.
 */
function changeAnchor(change: RuleChange): string {
  if (!change.to) return `change-removed-${change.from!.number}`
  const from = change.from?.number
  if (change.relation === 'merge' && from !== undefined && change.also?.some((other) => sortKeyOf(other) < sortKeyOf(from)))
    return `change-${change.to.number}-from-${from}`
  return `change-${change.to.number}`
}

/**
 * Each change's anchor, over every change shown (whatever its page): a change into a number another change already
 * anchors (two splits that share a part: 2009's 401.7 and 413.2i both into 607.2k) adds its old number.
 */
function assignAnchors(changes: RuleChange[]): Map<RuleChange, string> {
  const anchors = new Map<RuleChange, string>()
  const used = new Set<string>()
  for (const change of changes) {
    let anchor = changeAnchor(change)
    if (used.has(anchor) && change.to && change.from) anchor = `change-${change.to.number}-from-${change.from.number}`
    used.add(anchor)
    anchors.set(change, anchor)
  }
  return anchors
}

function renderChange(change: RuleChange, from: string, to: string, anchor: string): Markup {
  const notes = [
    change.referencesOnly ? 'only cross-references' : '',
    change.typographyOnly ? (change.sourceDamage ? 'only typography (source damage)' : 'only typography') : '',
    change.examplesOnly ? 'only examples' : ''
  ]
    .filter(Boolean)
    .map((note) => html`<span class="tag">${note}</span>`)
  const old = change.from && html`<a href="${ruleHref(change.from.number, from)}">${change.from.number}</a>`
  const now = change.to && html`<a href="${ruleHref(change.to.number, to)}">${change.to.number}</a>`
  const title =
    change.kind === 'added'
      ? html`${now} added`
      : change.kind === 'removed'
        ? html`${old} removed`
        : change.kind === 'changed'
          ? html`${now} changed`
          : html`${old} → ${now} ${change.kind === 'moved' ? 'moved' : 'moved and changed'}`
  let text: Markup
  if (change.from && change.to) {
    const changes = change.textChanges.length ? change.textChanges : [{ kind: 'same' as const, text: change.to.text }]
    const side =
      change.textChanges.length > 0 &&
      html`<div class="side"><div><span class="visually-hidden">Before: </span>${renderWordChanges(changes, 'before')}</div><div><span class="visually-hidden">After: </span>${renderWordChanges(changes, 'after')}</div></div>`
    const examples = change.exampleChanges.map(
      (example) => html`<p class="example">Example ${example.ordinal + 1} ${example.kind}: ${renderWordChanges(example.changes)}</p>`
    )
    text = html`<p class="inline${side && ' has-side'}">${renderWordChanges(changes)}</p>${side}${examples}`
  } else {
    const side = (change.to ?? change.from)!
    // The same text, inserted or deleted: one template each, so that every tag is written out in a template.
    const mark = change.to ? (content: MarkupValue): Markup => html`<ins>${content}</ins>` : (content: MarkupValue): Markup => html`<del>${content}</del>`
    text = html`<p>${mark(renderWithItalics(side.text))}</p>${side.examples.map(
      (example) => html`<p class="example">${mark(html`Example: ${renderWithItalics(example)}`)}</p>`
    )}`
  }
  return html`<section class="change" id="${anchor}"><h3><a href="#${anchor}" aria-label="Link to this change">#</a> ${title}${notes}</h3>${text}</section>`
}
