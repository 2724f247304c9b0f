/**
 * Watch feeds, in-process (`app.request()`) on the whole archive: a rule
 * through its renumberings, a section, a glossary term and a saved search,
 * each an Atom document checked against RFC 4287's required elements with a
 * real XML parser, ids `tag:` URIs that name no host, each entry's word diff
 * escaped in its content; and the pages that link to them.
 */
import * as cheerio from 'cheerio'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { ruleHistory } from '../src/query/history.js'
import { watchRule, watchSearch, watchSection, watchTerm } from '../src/query/watch.js'
import { archiveAvailable, useArchiveApp } from './helpers.js'

/** An RFC 3339 date-time, as Atom's `updated` must be. */
const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/

/** A tag URI (RFC 4151): `tag:` authority `,` date `:` specific part, in URI characters only. */
const tagUri = /^tag:[a-z0-9.-]+,\d{4}(?:-\d{2}(?:-\d{2})?)?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]+$/

interface AtomEntry {
  id: string
  title: string
  updated: string
  content: string
  link: string
}

/**
 * The feed in `xml`, parsed, after checking that it is well-formed and has what
 * RFC 4287 requires: the feed's id, title and updated; an author for the feed (or
 * each entry); each entry's id, title and updated; ids absolute (`tag:` URIs here).
 */
function readAtom(xml: string): { id: string; title: string; updated: string; self: string; entries: AtomEntry[] } {
  expect(XMLValidator.validate(xml)).toBe(true)
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['entry', 'link', 'author'].includes(name) }).parse(xml)
  const feed = parsed.feed
  expect(feed.xmlns).toBe('http://www.w3.org/2005/Atom')
  for (const field of ['id', 'title', 'updated']) expect(typeof feed[field] === 'string' || typeof feed[field]?.['#text'] === 'string', field).toBe(true)
  expect(feed.id).toMatch(tagUri)
  expect(feed.updated).toMatch(dateTime)
  const entries: AtomEntry[] = (feed.entry ?? []).map((entry: any) => {
    expect(entry.id).toMatch(tagUri)
    expect(String(entry.title).length).toBeGreaterThan(0)
    expect(entry.updated).toMatch(dateTime)
    // Each entry has an author, its own or the feed's.
    expect(feed.author?.[0]?.name ?? entry.author?.[0]?.name).toBeTruthy()
    // The content, where there is one, is HTML written as escaped text.
    if (entry.content !== undefined) expect(entry.content.type).toBe('html')
    return { id: entry.id, title: String(entry.title), updated: entry.updated, content: entry.content?.['#text'] ?? '', link: entry.link[0].href }
  })
  expect(new Set(entries.map((entry) => entry.id)).size, 'entry ids are unique').toBe(entries.length)
  const self = feed.link.find((link: any) => link.rel === 'self')?.href
  return { id: feed.id, title: String(feed.title), updated: feed.updated, self, entries }
}

describe.skipIf(!archiveAvailable())('watch feeds on the archive', () => {
  const archive = useArchiveApp()

  const feed = async (path: string, host = 'http://localhost') => {
    const response = await archive.app.request(host + path)
    expect(response.status, path).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/atom\+xml/)
    return readAtom(await response.text())
  }

  it('a rule: an entry for each wording through its renumberings, its word diff escaped in the content', async () => {
    const atom = await feed('/feed.xml?rule=704.5j')
    const history = ruleHistory(archive.db, '704.5j')
    // One entry per wording (the first is the rule added), newest first.
    expect(atom.entries.length).toBe(history.steps.length + (history.steps.at(-1)!.validTo ? 1 : 0))
    expect(atom.entries.map((entry) => entry.updated.slice(0, 10))).toEqual(history.steps.map((step) => step.validFrom).reverse())
    expect(atom.entries.some((entry) => /^704\.5k renumbered to 704\.5j/.test(entry.title))).toBe(true)
    // The newest wording's diff: the content, unescaped once, is HTML whose <del> and <ins> are the library's word changes.
    const newest = history.steps.at(-1)!
    const $ = cheerio.load(atom.entries[0]!.content)
    expect($('del').text()).toBe(
      newest
        .change!.textChanges.filter((change) => change.kind === 'removed')
        .map((change) => change.text)
        .join('')
    )
    expect($('ins').text()).toBe(
      newest
        .change!.textChanges.filter((change) => change.kind === 'added')
        .map((change) => change.text)
        .join('')
    )
    expect($('script, img').length).toBe(0)
    expect(atom.entries[0]!.link).toBe(`/diff?from=${history.steps.at(-2)!.editions.at(-1)}&to=${newest.validFrom}&section=704.5j`)
  })

  it('ids and links follow the lineage and name no host: the same feed asked by an old number or through another host', async () => {
    const atom = await feed('/feed.xml?rule=704.5j')
    expect(atom.id).toBe(`tag:crdb.invalid,2024:rule:${ruleHistory(archive.db, '704.5j').id}`)
    const old = await feed('/feed.xml?rule=420.5e', 'https://rules.example.org')
    expect(old.id).toBe(atom.id)
    expect(old.entries.map((entry) => entry.id)).toEqual(atom.entries.map((entry) => entry.id))
    // Links are root-relative without a configured base URL (never the host the request named).
    expect(old.self).toBe('/feed.xml?rule=420.5e')
    for (const entry of [...atom.entries, ...old.entries]) expect(`${entry.id} ${entry.link}`).not.toMatch(/localhost|example/)
  })

  it('a section: an entry for each edition that changed a rule under it, newest first', async () => {
    const atom = await feed('/feed.xml?section=704')
    const watch = watchSection(archive.db, '704')
    expect(atom.entries.length).toBe(watch.entries.length)
    expect(atom.entries.length).toBeGreaterThan(0)
    for (const [index, entry] of watch.entries.entries()) {
      expect(atom.entries[index]!.updated).toBe(`${entry.edition}T00:00:00Z`)
      for (const change of entry.changes) expect(change.subject.startsWith('704') || change.from?.startsWith('704')).toBe(true)
    }
    expect(atom.entries.map((entry) => entry.updated)).toEqual([...atom.entries.map((entry) => entry.updated)].sort().reverse())
  })

  it('a glossary term, through its renames, and a saved search', async () => {
    const term = await feed('/feed.xml?term=legend%20rule')
    expect(term.entries.length).toBe(watchTerm(archive.db, 'legend rule').entries.length)
    expect(term.id).toBe('tag:crdb.invalid,2024:term:legend%20rule')
    expect((await feed('/feed.xml?term=LEGEND%20RULE')).id).toBe(term.id)
    const saved = await feed('/feed.xml?q=mana%20burn')
    const watch = watchSearch(archive.db, 'mana burn')
    expect(saved.entries.length).toBe(watch.entries.length)
    // Mana burn left the rules with Magic 2010: an edition where rules stopped matching (beyond the feed's newest 20).
    expect(
      watchSearch(archive.db, 'mana burn', { limit: 200 }).entries.some(
        (entry) => entry.edition === '2009-07-11' && entry.changes.some((change) => change.kind === 'unmatched')
      )
    ).toBe(true)
    expect(saved.title).toBe('crdb: the search "mana burn"')
  })

  it('the editions feed keeps its entries, with tag ids', async () => {
    const atom = await feed('/feed.xml')
    expect(atom.id).toBe('tag:crdb.invalid,2024:editions')
    expect(atom.entries[0]!.id).toMatch(/^tag:crdb\.invalid,2024:edition:\d{4}-\d{2}-\d{2}$/)
  })

  it('refuses a bad subject with the usual one-line error', async () => {
    const code = async (path: string, status: number) => {
      const response = await archive.app.request(path)
      expect(response.status, path).toBe(status)
      return cheerio
        .load(await response.text())('p.error code')
        .text()
    }
    expect(await code('/feed.xml?rule=704.5j&q=legend', 400)).toBe('E_USAGE')
    expect(await code('/feed.xml?rule=nonsense', 400)).toBe('E_BAD_NUMBER')
    expect(await code('/feed.xml?section=999', 404)).toBe('E_NOT_FOUND')
    expect(await code('/feed.xml?term=no%20such%20term%20at%20all', 404)).toBe('E_NOT_FOUND')
  })

  it('rule, section, term and search pages link to their feed', async () => {
    const link = async (path: string) =>
      cheerio
        .load(await (await archive.app.request(path)).text())('head link[rel="alternate"][type="application/atom+xml"]')
        .attr('href')
    expect(await link('/rules/704.5j')).toBe('/feed.xml?rule=704.5j')
    expect(await link('/rules/7')).toBe('/feed.xml?section=7')
    expect(await link('/glossary/legend%20rule')).toBe('/feed.xml?term=legend%20rule')
    expect(await link('/search?q=legend%20rule')).toBe('/feed.xml?q=legend%20rule')
    expect(watchRule(archive.db, '704.5j').key).toBe(ruleHistory(archive.db, '704.5j').id)
  })
})
