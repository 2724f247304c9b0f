/**
 * `/diff?from=...&to=...`: what changed between any two editions: summary
 * counts, each change with its old and new number and word-level highlighting
 * (inline, side by side on wide screens), filters, an anchor per change.
 */
import type { Hono } from 'hono'
import { diffEditions, type RuleChange } from '../../query/diff.js'
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

/** Register `/diff`. */
export function registerDiffPage(app: Hono, state: ServerState): void {
  app.get('/diff', (c) => {
    const editions = state.editions().map((edition) => edition.effectiveDate)
    const fromText = c.req.query('from') || editions.at(-2) || ''
    const toText = c.req.query('to') || editions.at(-1) || ''
    const section = c.req.query('section')?.trim() || undefined
    const hidden = new Set(c.req.queries('hide') ?? []) as Set<string>
    for (const name of hidden) if (!(name in hideable)) hidden.delete(name)
    const diff = diffEditions(state.db, readPoint(fromText), readPoint(toText), { section })
    const shown = diff.changes.filter((change) => !isHidden(change, hidden as Set<Hidden>))
    const options = (selected: string): Markup[] =>
      [...editions].reverse().map((edition) => html`<option value="${edition}"${edition === selected && html` selected`}>${edition}</option>`)
    const s = diff.summary
    const counts = [
      [s.added, 'added'],
      [s.removed, 'removed'],
      [s.changed, 'changed'],
      [s.moved, 'moved'],
      [s.movedChanged, 'moved and changed'],
      [s.referencesOnly, 'only cross-references'],
      [s.typographyOnly, 'only typography'],
      [s.examplesOnly, 'only examples'],
      [s.unchanged, 'unchanged']
    ].map(([count, label]) => html`<li>${count} ${label}</li>`)
    const body = html`<h1>Changes from ${diff.from} to ${diff.to}${diff.section && html` in ${diff.section}`}</h1>
<form method="get" action="/diff" class="diff-form">
<label>From <select name="from">${options(diff.from)}</select></label>
<label>To <select name="to">${options(diff.to)}</select></label>
<label>Section <input name="section" size="8" value="${section ?? ''}" placeholder="7, 704.5"></label>
<fieldset><legend>Hide</legend>${joinMarkup(
      Object.entries(hideable).map(
        ([name, label]) => html`<label><input type="checkbox" name="hide" value="${name}"${hidden.has(name) && html` checked`}> ${label}</label>`
      ),
      ' '
    )}</fieldset>
<button type="submit">Compare</button>
</form>
<h2>Summary</h2>
<ul class="summary">${counts}</ul>
<p class="meta">${plural(shown.length, 'change')} shown${shown.length < diff.changes.length && ` of ${diff.changes.length}`}. <a href="${href('/v1/diff', { from: diff.from, to: diff.to, section })}">JSON</a></p>
${joinMarkup(
  shown.map((change) => renderChange(change, diff.from, diff.to)),
  '\n'
)}`
    return c.html(renderPage({ title: `Diff ${diff.from} to ${diff.to}`, body }))
  })
}

function isHidden(change: RuleChange, hidden: Set<Hidden>): boolean {
  return (
    (hidden.has('typography') && change.typographyOnly) ||
    (hidden.has('references') && change.referencesOnly) ||
    (hidden.has('examples') && change.examplesOnly)
  )
}

/** The anchor of a change: its new number, or its old one for a removed rule. */
function changeAnchor(change: RuleChange): string {
  return change.to ? `change-${change.to.number}` : `change-removed-${change.from!.number}`
}

function renderChange(change: RuleChange, from: string, to: string): Markup {
  const notes = [
    change.referencesOnly ? 'only cross-references' : '',
    change.typographyOnly ? 'only typography' : '',
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
  const anchor = changeAnchor(change)
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
