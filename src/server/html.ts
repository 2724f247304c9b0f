/**
 * HTML helpers of the web pages: the page layout (header, search, edition
 * picker), rule text with its citations as links, and the error page. Pages
 * are built on the server with escaping templates ({@link html}); they need no
 * script.
 */
import { eraPresets } from '../vocabulary/era-presets.js'
import { findCitationSpans } from '../query/get.js'
import { findItalics, renderItalics } from './italics.js'
import { flattenMarkup, html, joinMarkup, type Markup, type MarkupValue } from './markup.js'
import type { At } from './selector.js'

/** A URL with query parameters; empty and undefined values are left out. */
export function href(path: string, query: Record<string, string | undefined> = {}): string {
  const parts = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => `${name}=${encodeURIComponent(value!)}`)
  return parts.length ? `${path}?${parts.join('&')}` : path
}

/** The link to rule `number` as it stood in `edition`. */
export function ruleHref(number: string, edition?: string): string {
  // What href writes, without its list of parameters: a rule page links a few dozen rules.
  const path = `/rules/${encodeURIComponent(number)}`
  return edition ? `${path}?edition=${encodeURIComponent(edition)}` : path
}

/** The anchor id of a rule on the whole-edition page. */
export function ruleAnchor(number: string): string {
  return `r${number}`
}

/** The edition picker: era presets as links, an edition list and a date field, each keeping the page. */
export interface Picker {
  /** The page's path, without its query. */
  path: string
  /** The selector the page was asked with. */
  at: At
  /** The edition shown. */
  edition: string
  /** Every edition, oldest first. */
  editions: readonly string[]
  /** The set each edition came with, by edition (`M10 Magic 2010`), where known. */
  sets?: ReadonlyMap<string, string>
  /** Other query parameters the page keeps (a search query). */
  keep?: Record<string, string | undefined>
}

/** What a page puts in the layout. */
export interface Page {
  /** The page's title (text). */
  title: string
  /** The main content. */
  body: Markup
  picker?: Picker
  /** The search box's current query. */
  query?: string
  /** The path of the Atom feed that follows what the page shows (`/feed.xml?rule=704.5j`). */
  feed?: string
}

/** A whole HTML document, as the text of the response. */
export function renderPage(page: Page): string {
  return String(html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${page.title} · crdb</title>
<link rel="stylesheet" href="/style.css">
${page.feed && html`<link rel="alternate" type="application/atom+xml" title="Changes to this page (Atom)" href="${page.feed}">`}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site">
<a class="brand" href="/">crdb</a>
<nav aria-label="Site"><ul>
<li><a href="/cr">Whole edition</a></li>
<li><a href="/glossary">Glossary</a></li>
<li><a href="/diff">Diff</a></li>
<li><a href="/eras">Eras</a></li>
<li><a href="/openapi.json">API</a></li>
</ul></nav>
<form class="search" role="search" aria-label="Search the rules" method="get" action="/search">
<label for="site-q" class="visually-hidden">Search the rules</label>
<input id="site-q" type="search" name="q" value="${page.query ?? ''}" placeholder="Search the rules">
<button type="submit">Search</button>
</form>
</header>
${page.picker && renderPicker(page.picker)}
<main id="main">
${page.body}
</main>
<footer class="site"><p>The Magic: The Gathering Comprehensive Rules, every edition since 1999. Data: official rules documents; crdb is unofficial.</p></footer>
</body>
</html>
`)
}

/**
 * The picker's edition list with `picker.edition` selected: over a hundred options on every page, made once per
 * list of editions and edition selected (the pages pass the same list for as long as the database is as it was).
 */
function renderOptions(picker: Picker): Markup {
  let cache = optionsByList.get(picker.editions)
  if (cache?.sets !== picker.sets) optionsByList.set(picker.editions, (cache = { sets: picker.sets, bySelected: new Map() }))
  let options = cache!.bySelected.get(picker.edition)
  if (!options) {
    const newest = picker.editions.at(-1)
    options = flattenMarkup(
      html`${[...picker.editions].reverse().map((edition) => {
        const set = picker.sets?.get(edition)
        return html`<option value="${edition}"${edition === picker.edition && html` selected`}>${edition}${set && ` · ${set}`}${edition === newest && ' (newest)'}</option>`
      })}`
    )
    cache!.bySelected.set(picker.edition, options)
  }
  return options
}

const optionsByList = new WeakMap<readonly string[], { sets?: ReadonlyMap<string, string>; bySelected: Map<string, Markup> }>()

function renderPicker(picker: Picker): Markup {
  const keep = Object.entries(picker.keep ?? {})
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)
  const link = (query: Record<string, string | undefined>, label: string, current: boolean): Markup =>
    html`<a href="${href(picker.path, { ...picker.keep, ...query })}"${current && html` aria-current="true"`}>${label}</a>`
  const newest = picker.editions.at(-1)
  const eras = [
    link({}, 'newest', !picker.at.date && !picker.at.edition && !picker.at.era),
    ...eraPresets.map((preset) => link({ era: preset.name }, preset.name, picker.at.era === preset.name))
  ]
  const options = renderOptions(picker)
  const set = picker.sets?.get(picker.edition)
  return html`<nav class="picker" aria-label="Edition">
<p>Edition <strong>${picker.edition}</strong>${set && ` (${set})`}${picker.edition === newest && ', the newest'}. Era: ${joinMarkup(eras, ' ')}</p>
<form method="get" action="${picker.path}">${keep}<label>Edition <select name="edition">${options}</select></label> <button type="submit">Show</button></form>
<form method="get" action="${picker.path}">${keep}<label>In force on <input type="date" name="date" value="${picker.at.date ?? ''}" min="${picker.editions[0] ?? ''}"></label> <button type="submit">Show</button></form>
</nav>`
}

/**
 * Rule or definition text as HTML, every cited rule or section a link to the
 * same edition (`rule 704.5j`, `rules 601.2a–h`, `section 7`). A line break
 * stays a line break: {@link renderDefinitionText} writes a text of several lines.
 */
export function renderRuleText(text: string, edition: string, link: (number: string, edition: string) => string = ruleHref): Markup {
  const citations = findCitationSpans(text)
  // `_Magic_` as <em>: text between citations is a slice of the whole, which the italics are found in.
  const italics = findItalics(text)
  // Most texts are plain: no citation or italic to write (a whole edition renders thousands).
  if (citations.length === 0 && italics.length === 0) return html`${text}`
  const between = (start: number, end: number): MarkupValue => (italics.length ? renderItalics(text, start, end, italics) : text.slice(start, end))
  if (citations.length === 0) return html`${between(0, text.length)}`
  const parts: MarkupValue[] = []
  let position = 0
  // Each citation where it stands, its numbers as links (the same words may cite twice in one text).
  for (const { start, end } of citations) {
    parts.push(between(position, start))
    const phrase = text.slice(start, end)
    const isSection = /^sections?\b/i.test(phrase)
    parts.push(
      phrase
        .split(/(\d{3}\.\d{1,3}[a-z]?|\b\d{3}\b|\b\d\b)/)
        .map((part, index) => (index % 2 === 1 && (part.length > 1 || isSection) ? html`<a href="${link(part, edition)}">${part}</a>` : part))
    )
    position = end
  }
  parts.push(between(position, text.length))
  return html`${parts}`
}

/**
 * A glossary definition as HTML: each line as {@link renderRuleText} writes it, with `<br>` between lines. Its own
 * function, not a mode of the rule text's: V8 compiles the rule text's renderer for the rules it meets first, and a
 * branch only definitions take undid that compiled code on every whole-edition page (a deoptimization per page).
 */
export function renderDefinitionText(text: string, edition: string, link: (number: string, edition: string) => string = ruleHref): Markup {
  if (!text.includes('\n')) return renderRuleText(text, edition, link)
  return html`${joinMarkup(
    text.split('\n').map((line) => renderRuleText(line, edition, link)),
    lineBreak
  )}`
}

const lineBreak = html`<br>`

/** Text with `[start, end)` ranges marked (search hits). */
export function renderHighlighted(text: string, ranges: ReadonlyArray<readonly [number, number]>): Markup {
  const parts: MarkupValue[] = []
  let position = 0
  for (const [start, end] of ranges) {
    if (start < position) continue
    parts.push(text.slice(position, start), html`<mark>${text.slice(start, end)}</mark>`)
    position = end
  }
  parts.push(text.slice(position))
  return html`${parts}`
}

/** The page for an error: its status, code and message, and a way back. */
export function renderErrorPage(status: number, code: string, message: string): string {
  const title = status === 404 ? 'Not found' : status === 400 ? 'Bad request' : status === 405 ? 'Method not allowed' : 'Error'
  return renderPage({
    title,
    body: html`<h1>${title}</h1>
<p class="error"><code>${code}</code> ${message}</p>

<p><a href="/">Home</a> · <a href="/cr">The whole newest edition</a></p>`
  })
}

/** "s" after a count other than one. */
export function plural(count: number, word: string): string {
  return `${String(count).replace(/\B(?=(\d{3})+$)/g, ',')} ${word}${count === 1 ? '' : 's'}`
}

/**
 * Word-level changes as HTML: `inline` marks both removed and added words, `before` and `after` one side
 * each. The CR's `_italics_` are `<em>`, found in the whole old and new texts (a change may cut one).
 */
export function renderWordChanges(
  changes: ReadonlyArray<{ kind: 'same' | 'added' | 'removed'; text: string }>,
  side: 'inline' | 'before' | 'after' = 'inline'
): Markup {
  if (!changes.some((change) => change.text.includes('_'))) {
    return html`${changes.map((change) => {
      if (change.kind === 'same') return change.text
      if (change.kind === 'removed') return side !== 'after' && html`<del>${change.text}</del>`
      return side !== 'before' && html`<ins>${change.text}</ins>`
    })}`
  }
  const before = changes.map((change) => (change.kind === 'added' ? '' : change.text)).join('')
  const after = changes.map((change) => (change.kind === 'removed' ? '' : change.text)).join('')
  const [beforeItalics, afterItalics] = [findItalics(before), findItalics(after)]
  let [inBefore, inAfter] = [0, 0]
  return html`${changes.map((change) => {
    const length = change.text.length
    const old = renderItalics(before, inBefore, inBefore + (change.kind === 'added' ? 0 : length), beforeItalics)
    const current = renderItalics(after, inAfter, inAfter + (change.kind === 'removed' ? 0 : length), afterItalics)
    if (change.kind !== 'added') inBefore += length
    if (change.kind !== 'removed') inAfter += length
    if (change.kind === 'same') return side === 'before' ? old : current
    if (change.kind === 'removed') return side !== 'after' && html`<del>${old}</del>`
    return side !== 'before' && html`<ins>${current}</ins>`
  })}`
}
