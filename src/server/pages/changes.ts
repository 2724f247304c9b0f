/**
 * `/changes?since=DATE`: what changed in play since a day, for a player or a
 * judge coming back: the era switches that flipped on top, then each section,
 * the most changed first, its largest changes with their word diffs and the
 * rest listed; each linked to its diff.
 */
import { answerHtml } from '../answer-text.js'
import type { Hono } from 'hono'
import { diffProfiles, type SwitchValue } from '../../engine/profile.js'
import { listChangesSince, type PlayChange, type SectionChanges } from '../../query/changes-since.js'
import { href, plural, renderPage, renderWordChanges, ruleHref } from '../html.js'
import { html, joinMarkup, type Markup } from '../markup.js'
import type { ServerState } from '../state.js'

/** The changes of a section shown with their word diffs; the rest are listed. */
const shownWithText = 5

/** A profile value in words. */
function showValue(value: SwitchValue): string {
  return value === null ? 'none' : value === true ? 'yes' : value === false ? 'no' : String(value)
}

/** A change in words: `704.5k renumbered to 704.5j and reworded`. */
function describe(change: PlayChange): string {
  const part = change.relation === 'split' ? ' (part of a split)' : change.relation === 'merge' ? ' (part of a merge)' : ''
  switch (change.kind) {
    case 'added':
      return `added${part}`
    case 'removed':
      return `removed${part}`
    case 'moved-changed':
      return `renumbered from ${change.from} and reworded${part}`
    default:
      return `reworded${part}`
  }
}

/** Register `GET /changes`. */
export function registerChangesPage(app: Hono, state: ServerState): void {
  app.get('/changes', (c) => {
    const since = c.req.query('since')?.trim() ?? ''
    const form = html`<form method="get" action="/changes"><label>Changes since <input type="date" name="since" value="${since}" min="${state.editions()[0]?.effectiveDate ?? ''}" required></label>${c.req.query('to') && html`<input type="hidden" name="to" value="${c.req.query('to')}">`} <button type="submit">Show</button></form>`
    if (!since) {
      const body = html`<h1>What changed since…</h1><p>Give the day you last knew the rules: every rule that changed in play since then, by section, the largest changes first, and the era switches that flipped.</p>${form}`
      return answerHtml(c, renderPage({ title: 'What changed since…', body }))
    }
    const until = c.req.query('to')?.trim() || undefined
    const changes = listChangesSince(state.db, since, { to: until })
    const { from, to } = changes
    const diffHref = (section?: string): string => href('/diff', { from, to, section })
    const editions = state.editions().map((edition) => edition.effectiveDate)
    const flipped = diffProfiles(state.eraRules({ edition: from }).profile(), state.eraRules({ edition: to }).profile()).map((difference) => {
      // The edition that brought the new value, and the diff of that edition against the one before.
      const brought = difference.to.since
      const before = editions[editions.indexOf(brought) - 1]
      const rule = difference.to.rule ?? difference.from.rule
      const link = before ? href('/diff', { from: before, to: brought, section: rule?.number }) : diffHref()
      const cite = difference.to.rule
        ? html`<a href="${ruleHref(difference.to.rule.number, to)}">${difference.to.rule.number}</a>`
        : difference.from.rule
          ? html`gone (was <a href="${ruleHref(difference.from.rule.number, from)}">${difference.from.rule.number}</a>)`
          : 'none'
      return html`<tr><th scope="row">${difference.title}<br><code class="meta">${difference.id}</code></th><td data-label="Then">${showValue(difference.from.value)}</td><td data-label="Now"><strong>${showValue(difference.to.value)}</strong></td><td data-label="Rule">${cite}</td><td data-label="Changed"><a href="${link}">${brought}</a></td></tr>`
    })
    const total = changes.sections.reduce((sum, section) => sum + section.changes.length, 0)
    const jump = changes.sections.map(
      (section) =>
        html`<li><a href="#section-${section.section}">${section.section}. ${section.title}</a> <span class="meta">${plural(section.changes.length, 'change')}, ${plural(section.size, 'word')}</span></li>`
    )
    const f = changes.folded
    const body = html`<h1>What changed since ${changes.since}</h1>
<p>The rules in force on ${changes.since} were the edition of <a href="${href('/cr', { edition: from })}">${from}</a>; ${until ? `the rules in force on ${until} are` : 'the newest is'} <a href="${href('/cr', { edition: to })}">${to}</a>. ${
      total === 0
        ? 'Nothing changed in play since.'
        : `${plural(total, 'rule')} changed in play, in ${plural(changes.sections.length, 'section')}; the most changed first, and in each the largest changes first.`
    } <a href="${diffHref()}">The whole diff</a>.</p>
${form}
<h2 id="switches">Era switches that flipped</h2>
${
  flipped.length
    ? html`<div class="table-wrap"><table class="reflow"><thead><tr><th scope="col">Switch</th><th scope="col">Then</th><th scope="col">Now</th><th scope="col">Rule now</th><th scope="col">Changed in</th></tr></thead>
<tbody>${joinMarkup(flipped, '\n')}</tbody></table></div>`
    : html`<p>None: an engine plays by the same switches.</p>`
}
${jump.length > 0 && html`<nav aria-label="Sections" class="meta"><p>Sections, the most changed first:</p><ul>${jump}</ul></nav>`}
${changes.sections.map((section) => renderSection(section, from, to))}
<p class="meta">Not listed, as they change nothing in play: ${plural(f.referencesOnly, 'change')} of cross-references only, ${f.typographyOnly} of typography only, ${f.examplesOnly} of examples only, ${plural(f.renumbered, 'rule')} renumbered only. <a href="${diffHref()}">See them in the diff</a>.</p>`
    return answerHtml(c, renderPage({ title: `Changes since ${changes.since}`, body }))
  })
}

/** One section: its largest changes with their word diffs, then the rest, each linked to its diff. */
function renderSection(section: SectionChanges, from: string, to: string): Markup {
  const link = (change: PlayChange): string => href('/diff', { from, to, section: change.number })
  const shown = section.changes.slice(0, shownWithText).map(
    (
      change
    ) => html`<li class="change"><h3><a href="${link(change)}">${change.number}</a> ${describe(change)} <span class="meta">${plural(change.size, 'word')}</span></h3>
<p>${renderWordChanges(change.textChanges)}</p></li>`
  )
  const rest = section.changes
    .slice(shownWithText)
    .map((change) => html`<li><a href="${link(change)}">${change.number}</a> ${describe(change)} <span class="meta">${plural(change.size, 'word')}</span></li>`)
  return html`<section id="section-${section.section}">
<h2>${section.section}. ${section.title}</h2>
<p class="meta">${plural(section.changes.length, 'change')}, ${plural(section.size, 'word')} added or removed. <a href="${href('/diff', { from, to, section: section.section })}">The section's diff</a>.</p>
<ol class="changes-list">${shown}</ol>
${rest.length > 0 && html`<details><summary>${plural(rest.length, 'smaller change')}</summary><ul>${rest}</ul></details>`}
</section>`
}
