/**
 * The diff page and `/v1/diff` on the whole archive, in-process
 * (`app.request()`): word marks of long rules, the CR's italics, section
 * navigation, the summary counts as filters, and paging.
 */
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diffEditions } from '../src/query/diff.js'
import { createApp } from '../src/server/app.js'
import type { Crdb } from '../src/store/database.js'
import { archiveAvailable, openArchiveDatabase } from './helpers.js'

describe.skipIf(!archiveAvailable())('diff pages on the archive', () => {
  let db: Crdb
  let app: Hono
  beforeAll(() => {
    db = openArchiveDatabase()!
    app = createApp({ db, version: 'test' })
  })
  afterAll(() => db?.close())

  const page = async (path: string, status = 200): Promise<string> => {
    const response = await app.request(path)
    expect(response.status, path).toBe(status)
    return response.text()
  }

  it('marks only the changed clause of a long rule (510.1c, 2024-07-30 -> 2024-11-08)', async () => {
    const html = await page('/diff?from=2024-07-30&to=2024-11-08&section=510')
    const change = html.match(/<section class="change" id="change-510\.1c">.*?<\/section>/s)?.[0] ?? ''
    const inline = change.match(/<p class="inline[^"]*">(.*?)<\/p>/s)?.[1] ?? ''
    expect(inline.match(/<del>(.*?)<\/del>/gs)).toHaveLength(1)
    expect(inline.match(/<ins>(.*?)<\/ins>/gs)).toEqual(['<ins>divided as its controller chooses among them</ins>'])
    expect(inline).toMatch(
      /^A blocked creature assigns its combat damage to the creatures blocking it\. .* to those creatures <del>according to the damage assignment order/
    )
  })

  it("shows the CR's _italics_ as <em>, in diffs and on rule pages, never raw", async () => {
    const diff = await page('/diff?from=2008-05-01&to=2008-07-15&section=100')
    expect(diff).toContain('Most <del>Magic</del><ins><em>Magic</em></ins> tournaments')
    expect(diff).not.toMatch(/_Magic/)
    const rule = await page('/rules/100.1?edition=2009-07-11')
    expect(rule).toContain('These <em>Magic</em> rules apply to any <em>Magic</em> game')
    const whole = await page('/cr?edition=2009-07-11')
    expect(whole).toContain('101. The <em>Magic</em> Golden Rules')
    expect(whole).not.toContain('_Magic_')
    // An underscore inside a word is no italic: the old URLs keep theirs.
    expect(await page('/rules/100.3?edition=2001-07-23')).toContain('www.wizards.com/DCI/UTR_MTG.asp')
  })
})
