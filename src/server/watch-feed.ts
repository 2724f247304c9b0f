/**
 * Watch feeds: `/feed.xml?rule=704.5j` (the rule through its renumberings),
 * `?section=7`, `?term=legend rule` (through renames) and `?q=...` (a saved
 * search), Atom documents of the {@link Watch} the library answers, each entry
 * an edition that changed what the feed follows, with its word diff as escaped
 * HTML. Feed and entry ids are `tag:` URIs that name no host, so that they stay
 * the same behind any proxy; links start with the configured public base URL
 * (root-relative without one), never with the host a request names.
 */
import type { Crdb } from '../store/database.js'
import { CrdbError } from '../vocabulary/errors.js'
import { watchRule, watchSearch, watchSection, watchTerm, type Watch, type WatchChange, type WatchEntry } from '../query/watch.js'
import { href, plural, renderWordChanges, ruleHref } from './html.js'
import { html, type Markup } from './markup.js'

/** The start of every id crdb's feeds give: a tag URI (RFC 4151) whose authority is no host a request names. */
export const tagPrefix = 'tag:crdb.invalid,2024:'

/** The query parameters that name what a watch feed follows, one at a time. */
const watchParameters = ['rule', 'section', 'term', 'q'] as const

/** What a watch feed follows, as a page links to it. */
export type WatchSubject = { rule: string } | { section: string } | { term: string } | { q: string }

/** The path of the watch feed of `subject`. */
export function watchFeedHref(subject: WatchSubject): string {
  return href('/feed.xml', subject as Record<string, string>)
}

/** The watch feed of a rule page's number: a section (`7`, `704`) is followed whole, a rule through its renumberings. */
export function ruleFeedHref(number: string): string {
  return watchFeedHref(/^\d+$/.test(number) ? { section: number } : { rule: number })
}

/**
 * The watch a feed request asks for, or `undefined` for the editions feed (none of
 * `rule`, `section`, `term`, `q` given).
 *
 * @throws {CrdbError} `E_USAGE` when more than one is given; what the watch throws for a bad one.
 */
export function readWatch(db: Crdb, query: (name: string) => string | undefined): Watch | undefined {
  const given = watchParameters.filter((name) => query(name)?.trim())
  if (given.length === 0) return undefined
  if (given.length > 1) throw new CrdbError('E_USAGE', `feed.xml: give one of rule, section, term and q, not ${given.join(' and ')}`)
  const value = query(given[0]!)!.trim()
  switch (given[0]) {
    case 'rule':
      return watchRule(db, value)
    case 'section':
      return watchSection(db, value)
    case 'term':
      return watchTerm(db, value)
    default:
      return watchSearch(db, value)
  }
}

/** The feed's title: what it follows. */
function titleOf(watch: Watch): string {
  switch (watch.kind) {
    case 'rule':
      return `crdb: rule ${watch.subject}, through its renumberings`
    case 'section':
      return `crdb: ${/^\d$/.test(watch.subject) ? 'section' : 'rule'} ${watch.subject} and the rules under it`
    case 'term':
      return `crdb: the glossary term "${watch.subject}"`
    default:
      return `crdb: the search "${watch.subject}"`
  }
}

/** The page the feed follows. */
function pageOf(watch: Watch): string {
  switch (watch.kind) {
    case 'rule':
    case 'section':
      return ruleHref(watch.subject)
    case 'term':
      return `/glossary/${encodeURIComponent(watch.subject)}`
    default:
      return href('/search', { q: watch.subject })
  }
}

/** The query the feed was asked with. */
function selfOf(watch: Watch): string {
  const name = watch.kind === 'search' ? 'q' : watch.kind
  return watchFeedHref({ [name]: watch.subject } as WatchSubject)
}

/** A change in words: `704.5k renumbered to 704.5j and reworded`. */
function describeChange(change: WatchChange): string {
  const from = change.from ?? change.subject
  const detail = change.referencesOnly ? ' (cross-references only)' : change.typographyOnly ? ' (typography only)' : ''
  switch (change.kind) {
    case 'added':
      return `${change.subject} added`
    case 'removed':
      return `${change.subject} removed`
    case 'moved':
      return `${from} renumbered to ${change.subject}`
    case 'moved-changed':
      return `${from} renumbered to ${change.subject} and reworded${detail}`
    case 'renamed':
      return `${from} renamed ${change.subject}${detail}`
    case 'matched':
      return `${change.subject} now matches`
    case 'unmatched':
      return `${change.subject} no longer matches`
    default:
      return `${change.subject} reworded${detail}`
  }
}

/** An entry's title: its one change, or a count. */
function entryTitle(entry: WatchEntry): string {
  const only = entry.changes.length === 1 ? entry.changes[0]! : undefined
  return `${only ? describeChange(only) : plural(entry.changes.length, 'change')} in the edition of ${entry.edition}`
}

/** The diff page that shows an entry's changes. */
function diffOf(watch: Watch, entry: WatchEntry): string {
  if (!entry.previous) return href('/cr', { edition: entry.edition })
  const section = watch.kind === 'rule' || watch.kind === 'section' ? (entry.changes.length === 1 ? entry.changes[0]!.subject : watch.subject) : undefined
  return href('/diff', { from: entry.previous, to: entry.edition, section })
}

/** An entry's content: each change in words, with its word diff. */
function entryContent(entry: WatchEntry): Markup {
  return html`${entry.changes.map((change) => html`<h3>${describeChange(change)}</h3><p>${renderWordChanges(change.textChanges)}</p>`)}`
}

/**
 * The Atom document of `watch`, links under `origin`. The content of each
 * entry is HTML, written as escaped text (`type="html"`).
 */
export function renderWatchFeed(watch: Watch, origin: string): string {
  // A tag URI's specific part is URI characters: a term or a query is percent-encoded.
  const feedId = `${tagPrefix}${watch.kind}:${encodeURIComponent(watch.key)}`
  const updated = watch.entries[0]?.edition ?? '1999-01-01'
  const entries = watch.entries.map(
    (entry) => html`<entry>
<title>${xmlText(entryTitle(entry))}</title>
<id>${feedId}:${entry.edition}</id>
<link rel="alternate" type="text/html" href="${origin + diffOf(watch, entry)}"/>
<updated>${entry.edition}T00:00:00Z</updated>
<content type="html">${xmlText(String(entryContent(entry)))}</content>
</entry>
`
  )
  return String(html`<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<title>${xmlText(titleOf(watch))}</title>
<id>${feedId}</id>
<link rel="self" type="application/atom+xml" href="${origin + selfOf(watch)}"/>
<link rel="alternate" type="text/html" href="${origin + pageOf(watch)}"/>
<updated>${updated}T00:00:00Z</updated>
<author><name>crdb</name></author>
${entries}</feed>
`)
}

/**
 * `text` without the characters XML 1.0 forbids even as references (control
 * characters other than tab and line breaks, lone surrogates, U+FFFE and
 * U+FFFF): escaping cannot make them well-formed, so they are left out.
 */
export function xmlText(text: string): string {
  return text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
}
