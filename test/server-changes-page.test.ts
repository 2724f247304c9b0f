/**
 * `/changes?since=DATE`, in-process (`app.request()`) on the whole archive:
 * what changed in play since a day, by section, the largest first, the era
 * switches that flipped on top, each linked to its diff; a bad day is the
 * usual one-line error. `crdb changes --json` answers the same.
 */
import * as cheerio from 'cheerio'
import { describe, expect, inject, it } from 'vitest'
import { runCli } from '../src/cli.js'
import { diffProfiles } from '../src/engine/profile.js'
import { openRules } from '../src/engine/rules.js'
import { listChangesSince } from '../src/query/changes-since.js'
import { diffEditions } from '../src/query/diff.js'
import { resolveEdition } from '../src/query/editions.js'
import { archiveAvailable, useArchiveApp } from './helpers.js'

describe.skipIf(!archiveAvailable())('/changes on the archive', () => {
  const archive = useArchiveApp()
  const page = async (path: string, status = 200) => cheerio.load(await archive.page(path, status))

  it('lists every change in play since the day, by section, the largest first, and folds the rest', () => {
    const changes = listChangesSince(archive.db, '2024-01-01')
    expect(changes.from).toBe(resolveEdition(archive.db, { date: '2024-01-01' }))
    expect(changes.to).toBe(resolveEdition(archive.db, {}))
    const diff = diffEditions(archive.db, { edition: changes.from }, { edition: changes.to }, { kind: 'rule' })
    const listed = changes.sections.reduce((sum, section) => sum + section.changes.length, 0)
    const folded = Object.values(changes.folded).reduce((sum, count) => sum + count, 0)
    // Every change of the diff is listed or folded, none twice.
    expect(listed + folded).toBe(diff.changes.length)
    expect(folded).toBeGreaterThan(0)
    const sizes = changes.sections.map((section) => section.size)
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a))
    for (const section of changes.sections) {
      const inSection = section.changes.map((change) => change.size)
      expect(inSection).toEqual([...inSection].sort((a, b) => b - a))
      for (const change of section.changes) expect(change.number.startsWith(section.section)).toBe(true)
    }
  })

  it('the page: the switches that flipped on top, then the sections, each change linked to its diff', async () => {
    const $ = await page('/changes?since=2024-01-01')
    const changes = listChangesSince(archive.db, '2024-01-01')
    const flipped = diffProfiles(openRules(archive.db, { edition: changes.from }).profile(), openRules(archive.db, { edition: changes.to }).profile())
    expect(flipped.map((difference) => difference.id)).toContain('damage-assignment-order')
    const switchRows = $('#switches + .table-wrap tbody tr')
    expect(switchRows.map((_, row) => $(row).find('th code').text()).get()).toEqual(flipped.map((difference) => difference.id))
    // On top: the switches come before the first section.
    expect($('main h2').first().attr('id')).toBe('switches')
    const order = $('main section[id^="section-"]')
      .map((_, section) => $(section).attr('id'))
      .get()
    expect(order).toEqual(changes.sections.map((section) => `section-${section.section}`))
    // Every change in play has a link to its diff.
    const biggest = changes.sections[0]!.changes[0]!
    expect($(`#section-${changes.sections[0]!.section} li.change a`).first().attr('href')).toBe(
      `/diff?from=${changes.from}&to=${changes.to}&section=${biggest.number}`
    )
    const links = $('main section[id^="section-"] li a[href^="/diff?"]').length
    expect(links).toBe(changes.sections.reduce((sum, section) => sum + section.changes.length, 0))
  })

  it('a day after the newest edition: nothing changed; no day: a form', async () => {
    expect((await page('/changes?since=2099-01-01'))('main').text()).toContain('Nothing changed in play since.')
    expect((await page('/changes'))('form[action="/changes"] input[name="since"]').length).toBe(1)
  })

  it('refuses a bad day with the usual one-line error and a stable code', async () => {
    for (const since of ['2009-13-01', 'yesterday', '2009-02-30']) {
      const $ = await page(`/changes?since=${since}`, 400)
      expect($('p.error code').text()).toBe('E_BAD_DATE')
      expect($('p.error').text()).toContain(`since: `)
      expect($('p.error').text().split('\n').filter(Boolean).length).toBe(1)
    }
    expect((await page('/changes?since=1990-01-01', 404))('p.error code').text()).toBe('E_NOT_FOUND')
  })

  it('crdb changes --json answers what the page shows; a bad day exits with E_BAD_DATE', async () => {
    const run = async (args: string[]) => {
      let out = ''
      let err = ''
      const code = await runCli(['--db', inject('archiveDatabase')!, ...args], { out: (text) => (out += text), err: (text) => (err += text) })
      return { code, out, err }
    }
    const answer = await run(['--json', 'changes', '--since', '2024-09-01', '--to', '2024-12-01'])
    expect(answer.code, answer.err).toBe(0)
    const changes = listChangesSince(archive.db, '2024-09-01', { to: '2024-12-01' })
    const switches = diffProfiles(openRules(archive.db, { edition: changes.from }).profile(), openRules(archive.db, { edition: changes.to }).profile())
    expect(JSON.parse(answer.out)).toEqual(JSON.parse(JSON.stringify({ ...changes, switches })))
    expect(changes.to).toBe('2024-11-08')
    const $ = await page('/changes?since=2024-09-01&to=2024-12-01')
    expect($('main section[id^="section-"]').length).toBe(changes.sections.length)
    const bad = await run(['changes', '--since', '2024-02-30'])
    expect(bad.code).not.toBe(0)
    expect(bad.err).toMatch(/^crdb: E_BAD_DATE: since: /)
  })
})
