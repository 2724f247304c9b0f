/**
 * `/cite`: paste a text (an article, a code comment, an engine's source) and
 * see each CR citation in it checked against the day it was written and
 * followed to today, linked to the rule then and now (`crdb cite` in a page).
 */
import { answerHtml } from '../answer-text.js'
import type { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { citeText, type CiteFinding } from '../../query/cite/resolve.js'
import { parseDate } from '../../vocabulary/dates.js'
import { plural, renderErrorPage, renderPage, renderWordChanges, ruleHref } from '../html.js'
import { html, joinMarkup, type Markup } from '../markup.js'
import { maxCiteBytes } from '../openapi.js'
import type { ServerState } from '../state.js'

/** Register `/cite` (the form) and its POST (the findings). */
export function registerCitePage(app: Hono, state: ServerState): void {
  app.get('/cite', (c) => answerHtml(c, renderPage({ title: 'Check citations', body: html`<h1>Check citations</h1>${renderForm('', '')}` })))

  app.post(
    '/cite',
    bodyLimit({
      maxSize: maxCiteBytes,
      onError: (c) => c.html(renderErrorPage(413, 'E_TOO_LARGE', `the text is over ${maxCiteBytes / 1024} kB; check it in parts, or with crdb cite`), 413)
    }),
    async (c) => {
      const form = await c.req.parseBody()
      const text = typeof form.text === 'string' ? form.text : ''
      const asOfField = typeof form.as_of === 'string' ? form.as_of.trim() : ''
      const asOf = asOfField === '' ? undefined : parseDate(asOfField)
      const report = citeText(state.db, text, { asOf })
      const findings = report.findings.map((finding) => renderFinding(finding, report.edition))
      const stale = report.findings.filter((finding) => !finding.kinds.includes('ok')).length
      const body = html`<h1>Check citations</h1>
<p>${plural(report.findings.length, 'cited number')}${report.findings.length > 0 ? `, ${stale} stale` : ''}; each read in the edition in force ${asOf ? `on ${asOf}` : 'today'} and followed to the edition of ${report.edition}.</p>
<ol class="hits">${findings}</ol>
${renderForm(text, asOfField)}`
      return answerHtml(c, renderPage({ title: 'Check citations', body }))
    }
  )
}

/** The form: the text, and the day it was written. */
function renderForm(text: string, asOf: string): Markup {
  return html`<form method="post" action="/cite" aria-label="Check citations">
<p><label for="cite-text">Text with rule citations (CR 704.5j, rules 702.19b-c, section 7, §704...)</label><br>
<textarea id="cite-text" name="text" rows="12" cols="80">${text}</textarea></p>
<p><label for="cite-as-of">Written on (YYYY-MM-DD; empty: today)</label> <input id="cite-as-of" name="as_of" value="${asOf}" inputmode="numeric" pattern="\\d{4}-\\d{2}-\\d{2}"> <button type="submit">Check</button></p>
</form>`
}

/** One cited number: where, what it was, what it is now, linked. */
function renderFinding(finding: CiteFinding, newest: string): Markup {
  const then = finding.textThen === undefined ? '' : html` · <a href="${ruleHref(finding.number, finding.edition)}">${finding.number} in ${finding.edition}</a>`
  const now = joinMarkup(
    finding.now.map((rule) => html`<a href="${ruleHref(rule.number, newest)}">${rule.number} now</a>`),
    ' · '
  )
  const changes = finding.changes && finding.changes.length > 0 ? html`<br>${renderWordChanges(finding.changes)}` : ''
  return html`<li><span class="meta">line ${finding.line}, column ${finding.column}:</span> <code>${finding.citation}</code> <span class="tag">${finding.kinds.join(' + ')}</span><br>${finding.message}${then}${finding.now.length > 0 ? html` · ${now}` : ''}${changes}</li>`
}
