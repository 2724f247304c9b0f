/**
 * `/feed.xml`: an Atom feed of the editions, newest first, one entry each with
 * its date, set, counts against the edition before and a link to that diff
 * page. A thin layer over {@link listReleaseNotes}; built once per database
 * content, since each entry is a diff.
 */
import type { Hono } from 'hono'
import { listReleaseNotes, type ReleaseNote } from '../query/release-notes.js'
import { escapeHtml, href } from './html.js'
import type { ServerState } from './state.js'

/** Entries in the feed: the newest editions. */
const feedEntries = 20

/** Register `GET /feed.xml`. */
export function registerFeed(app: Hono, state: ServerState): void {
  // The notes (each a diff) once per content; the links name the host each request was made to.
  let cached: { tag: string; notes: ReleaseNote[] } | undefined
  app.get('/feed.xml', (c) => {
    const tag = state.tag()
    if (cached?.tag !== tag) cached = { tag, notes: listReleaseNotes(state.db, { limit: feedEntries }) }
    return c.body(renderFeed(cached.notes, new URL(c.req.url).origin), 200, { 'Content-Type': 'application/atom+xml; charset=utf-8' })
  })
}

/** The Atom document of `notes` (newest first), with links under `origin`. */
export function renderFeed(notes: ReleaseNote[], origin: string): string {
  const updated = notes[0]?.effectiveDate ?? '1999-01-01'
  const entries = notes.map((note) => renderEntry(note, origin)).join('')
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<title>crdb: editions of the Magic: The Gathering Comprehensive Rules</title>
<id>${escapeHtml(origin)}/feed.xml</id>
<link rel="self" href="${escapeHtml(origin)}/feed.xml"/>
<link href="${escapeHtml(origin)}/"/>
<updated>${updated}T00:00:00Z</updated>
<author><name>crdb</name></author>
${entries}</feed>
`
}

function renderEntry(note: ReleaseNote, origin: string): string {
  const set = note.set ? ` (${note.set.code}, ${note.set.name})` : ''
  const link = note.previous ? href('/diff', { from: note.previous.effectiveDate, to: note.effectiveDate }) : href('/cr', { edition: note.effectiveDate })
  const s = note.summary
  const counts = s
    ? `${s.added} added, ${s.removed} removed, ${s.changed} changed, ${s.moved} moved, ${s.movedChanged} moved and changed against ${note.previous!.effectiveDate}`
    : 'the oldest stored edition'
  return `<entry>
<title>Comprehensive Rules of ${note.effectiveDate}${escapeHtml(set)}</title>
<id>${escapeHtml(origin)}/cr?edition=${note.effectiveDate}</id>
<link href="${escapeHtml(origin + link)}"/>
<updated>${note.effectiveDate}T00:00:00Z</updated>
<summary>${escapeHtml(`${note.rules} rules, ${note.terms} glossary terms; ${counts}.`)}</summary>
</entry>
`
}
