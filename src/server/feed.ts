/**
 * `/feed.xml`: an Atom feed of the editions, newest first, one entry each with
 * its date, set, counts against the edition before and a link to that diff
 * page. A thin layer over {@link listReleaseNotes}; built once per database
 * content, since each entry is a diff. With `rule`, `section`, `term` or `q`,
 * a watch feed instead (`watch-feed.ts`).
 */
import type { Hono } from 'hono'
import { listReleaseNotes, type ReleaseNote } from '../query/release-notes.js'
import { href } from './html.js'
import { html, type Markup } from './markup.js'
import type { ServerState } from './state.js'
import { readWatch, renderWatchFeed, tagPrefix, xmlText } from './watch-feed.js'

/** Entries in the feed: the newest editions. */
const feedEntries = 20

/** Register `GET /feed.xml`. */
export function registerFeed(app: Hono, state: ServerState): void {
  // The notes (each a diff) once per content; links start with the configured base (never the request's host).
  let cached: { tag: string; notes: ReleaseNote[] } | undefined
  app.get('/feed.xml', (c) => {
    const atom = { 'Content-Type': 'application/atom+xml; charset=utf-8' }
    const watch = readWatch(state.db, (name) => c.req.query(name))
    if (watch) return c.body(renderWatchFeed(watch, state.urls.linkBase), 200, atom)
    const tag = state.tag()
    if (cached?.tag !== tag) cached = { tag, notes: listReleaseNotes(state.db, { limit: feedEntries }) }
    return c.body(renderFeed(cached.notes, state.urls.linkBase), 200, atom)
  })
}

/**
 * The Atom document of `notes` (newest first), with links under `origin`
 * (the public base URL, or `''` or a base path: root-relative references,
 * which Atom allows and a reader resolves against the feed's address).
 */
export function renderFeed(notes: ReleaseNote[], origin: string): string {
  const updated = notes[0]?.effectiveDate ?? '1999-01-01'
  const entries = notes.map((note) => renderEntry(note, origin))
  return String(html`<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<title>crdb: editions of the Magic: The Gathering Comprehensive Rules</title>
<id>${tagPrefix}editions</id>
<link rel="self" href="${origin}/feed.xml"/>
<link href="${origin}/"/>
<updated>${updated}T00:00:00Z</updated>
<author><name>crdb</name></author>
${entries}</feed>
`)
}

function renderEntry(note: ReleaseNote, origin: string): Markup {
  const set = note.set ? ` (${note.set.code}, ${note.set.name})` : ''
  const link = note.previous ? href('/diff', { from: note.previous.effectiveDate, to: note.effectiveDate }) : href('/cr', { edition: note.effectiveDate })
  const s = note.summary
  const counts = s
    ? `${s.added} added, ${s.removed} removed, ${s.changed} changed, ${s.moved} moved, ${s.movedChanged} moved and changed against ${note.previous!.effectiveDate}`
    : 'the oldest stored edition'
  return html`<entry>
<title>Comprehensive Rules of ${note.effectiveDate}${xmlText(set)}</title>
<id>${tagPrefix}edition:${note.effectiveDate}</id>
<link href="${origin + link}"/>
<updated>${note.effectiveDate}T00:00:00Z</updated>
<summary>${`${note.rules} rules, ${note.terms} glossary terms; ${counts}.`}</summary>
</entry>
`
}
