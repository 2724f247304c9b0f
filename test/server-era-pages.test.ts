/**
 * The era pages for engine authors, in-process (`app.request()`) on the whole
 * archive: `/eras/{era}` says each switch in plain words with the rule it comes
 * from, carries the profile `crdb era --profile` prints, and `/eras/diff` is
 * what `crdb era diff` prints.
 */
import * as cheerio from 'cheerio'
import { describe, expect, it } from 'vitest'
import { diffProfiles } from '../src/engine/profile.js'
import { openRules } from '../src/engine/rules.js'
import { archiveAvailable, useArchiveApp } from './helpers.js'

describe.skipIf(!archiveAvailable())('era pages on the archive', () => {
  const archive = useArchiveApp()

  const page = async (path: string, status = 200) => {
    const response = await archive.app.request(path)
    const body = await response.text()
    expect(response.status, path).toBe(status)
    return cheerio.load(body)
  }

  it('/eras/2009 says each switch in plain words, with the rule in force it comes from, linked', async () => {
    const $ = await page('/eras/2009')
    const rows = $('#behaviour ~ .table-wrap').first().find('tbody tr')
    const row = (name: string) => rows.filter((_, element) => $(element).find('th code').text() === name)
    // No camelCase name stands alone: each has a title in words.
    expect(row('combatDamageUsesStack').find('th').text()).toMatch(/^combat damage uses the stack/)
    expect(row('combatDamageUsesStack').find('td').first().text()).toBe('no')
    // Off in 2009: no rule of the edition, and where it was last in force, linked to that edition.
    const rules = openRules(archive.db, { era: '2009' })
    const gone = rules.check('combat-damage-on-stack')
    expect(gone.inForce).toBe(false)
    if (gone.inForce || !gone.before) throw new Error('combat damage on the stack had a rule before 2009')
    expect(row('combatDamageUsesStack').find('a').attr('href')).toBe(`/rules/${gone.before.number}?edition=${gone.before.lastEdition}`)
    // On: the rule in force, linked in this edition.
    const legend = rules.check('legend-rule')
    if (!legend.inForce) throw new Error('the legend rule is in force in 2009')
    expect(row('legendRule').find('td').first().text()).toBe('all go to the graveyard')
    expect(row('legendRule').find('a').attr('href')).toBe(`/rules/${legend.number}?edition=${rules.edition}`)
    expect(rows.length).toBe(Object.keys(rules.semantics).length - 2)
  })

  it('/eras/2009 carries the profile: every switch with its value and rule, as the CLI has it', async () => {
    const $ = await page('/eras/2009')
    const profile = openRules(archive.db, { era: '2009' }).profile()
    for (const entry of profile.switches) {
      const row = $(`#switch-${entry.id}`)
      expect(row.length, entry.id).toBe(1)
      expect(row.find('th').text()).toContain(entry.title)
      expect(row.find('td strong').first().text(), entry.id).toBe(
        entry.value === null ? 'none' : entry.value === true ? 'yes' : entry.value === false ? 'no' : String(entry.value)
      )
      if (entry.rule) expect(row.find(`a[href="/rules/${entry.rule.number}?edition=${profile.edition}"]`).length, entry.id).toBe(1)
    }
    expect($('#switch-mulligan td strong').first().text()).toBe('one-fewer')
    expect($('#switch-starting-life td strong').first().text()).toBe('20')
  })

  it('/eras/diff compares two eras as crdb era diff does, each side cited', async () => {
    const $ = await page('/eras/diff?from=2009&to=2024')
    const differences = diffProfiles(openRules(archive.db, { era: '2009' }).profile(), openRules(archive.db, { era: '2024' }).profile())
    expect(differences.length).toBeGreaterThan(0)
    const rows = $('tbody tr')
    expect(rows.length).toBe(differences.length)
    expect(rows.map((_, element) => $(element).find('th code').text()).get()).toEqual(differences.map((difference) => difference.id))
    const legend = rows.filter((_, element) => $(element).find('th code').text() === 'legend-rule')
    expect(legend.find('td').eq(0).text()).toMatch(/^all/)
    expect(legend.find('td').eq(1).text()).toMatch(/^controller-chooses/)
    // Each era page links to the comparison with the others.
    expect((await page('/eras/2009'))('a[href="/eras/diff?from=2009&to=2024"]').length).toBe(1)
  })

  it('/eras/diff without both sides: a form, or the usual one-line error', async () => {
    expect((await page('/eras/diff'))('form[action="/eras/diff"]').length).toBe(1)
    expect((await page('/eras/diff?from=2009', 400))('p.error code').text()).toBe('E_USAGE')
    expect((await page('/eras/diff?from=2009&to=1850', 400))('p.error code').text()).toBe('E_BAD_ERA')
  })
})
