/**
 * Editions not held (`notHeld` in corpus/manifest.json): `crdb editions --missing` lists them, and an answer whose
 * interval crosses one says so (history, get on a day, diff, the moved note; CLI, /v1 and pages), on the archive.
 */
import { describe, expect, inject, it } from 'vitest'
import { runCli } from '../src/cli.js'
import { listMissingEditions } from '../src/query/gaps.js'
import { getRule } from '../src/query/get.js'
import { ruleHistory } from '../src/query/history.js'
import { corpusPath, readManifest } from '../src/vocabulary/corpus-files.js'
import { archiveAvailable, archiveDir, temporaryFolder, useArchiveApp } from './helpers.js'

async function crdb(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const code = await runCli(['--db', inject('archiveDatabase')!, ...args], { out: (text) => (out += text), err: (text) => (err += text) })
  return { code, out, err }
}

describe('the manifest of editions not held', () => {
  const manifest = readManifest(corpusPath('manifest.json'))
  const held = new Set(manifest.editions.map((edition) => edition.effectiveDate))

  it('lists editions the archive lacks, each citing its sources, none with a checksum', () => {
    const notHeld = manifest.notHeld ?? []
    expect(notHeld.map((entry) => entry.effectiveDate)).toEqual(expect.arrayContaining(['2014-05-01', '2014-06-01', '2014-07-18', '2023-02-03', '2025-06-06']))
    for (const entry of notHeld) {
      expect(held.has(entry.effectiveDate), entry.effectiveDate).toBe(false)
      expect(entry.sources.length, entry.effectiveDate).toBeGreaterThan(0)
      expect(entry.exists.length, entry.effectiveDate).toBeGreaterThan(0)
      expect('sha256' in entry, entry.effectiveDate).toBe(false)
    }
  })
})

describe.skipIf(!archiveAvailable())('editions not held, on the archive', () => {
  const archive = useArchiveApp()

  it('lists the gaps with the held editions around each, and the formats crdb cannot read', () => {
    const missing = listMissingEditions(archive.db)
    const june = missing.find((edition) => edition.effectiveDate === '2025-06-06')
    expect(june).toMatchObject({ set: { code: 'FIN' }, heldBefore: '2025-04-04', heldAfter: '2025-07-25', unreadable: [], verified: false })
    expect(missing.find((edition) => edition.effectiveDate === '2014-05-01')?.unreadable).toEqual(['docx'])
    // An edition the store holds is never a gap.
    expect(missing.map((edition) => edition.effectiveDate)).not.toContain('2025-04-04')
  })

  it('history places the change of 701.16b between 2025-04-04 and 2025-07-25, 2025-06-06 not held', async () => {
    const history = ruleHistory(archive.db, '701.16b')
    const step = history.steps.find((candidate) => candidate.number === '701.20b')!
    expect(step.change?.notHeld).toEqual(['2025-06-06'])
    expect(step.change?.gap).toBe('changed between the editions of 2025-04-04 and 2025-07-25 (2025-06-06 not held)')
    // A step between two consecutive held editions carries no note.
    expect(history.steps.find((candidate) => candidate.number === '701.16b')?.change?.notHeld).toBeUndefined()
    const { out } = await crdb('history', '701.16b')
    expect(out).toContain('renumbered from 701.16b; changed between the editions of 2025-04-04 and 2025-07-25 (2025-06-06 not held)')
  })

  it('a rule that ended across an edition not held says so on its last wording (509.2, removed by Foundations)', async () => {
    const history = ruleHistory(archive.db, '509.2', { at: { edition: '2024-07-30' } })
    const last = history.steps.at(-1)!
    expect(last).toMatchObject({ validTo: '2024-11-08', ended: { notHeld: ['2024-09-17'] } })
    expect(last.ended?.gap).toBe('ended between the editions of 2024-07-30 and 2024-11-08 (2024-09-17 not held)')
    // One that goes on, or ended between two held editions next to each other, says nothing.
    expect(ruleHistory(archive.db, '704.5j').steps.at(-1)!.ended).toBeUndefined()
    expect(ruleHistory(archive.db, '701.16b', { at: { edition: '2025-04-04' } }).steps.find((step) => step.number === '701.16b')!.ended).toBeUndefined()
    const { out } = await crdb('history', '509.2', '--edition', '2024-07-30')
    expect(out).toContain('ended between the editions of 2024-07-30 and 2024-11-08 (2024-09-17 not held)')
  })

  it('the number renumbered across an edition not held says its last held edition is not where it changed', () => {
    // Asked of a later edition, the number is followed to the rule it became (as getRule follows it: the history
    // answered E_NOT_FOUND with where it went), and the note says where the change may have come.
    const note =
      '701.16b (edition of 2025-04-04) is numbered 701.20b in the edition of 2026-01-16; changed between the editions of 2025-04-04 and 2025-07-25 (2025-06-06 not held)'
    const history = ruleHistory(archive.db, '701.16b', { at: { edition: '2026-01-16' } })
    expect(history).toMatchObject({ number: '701.20b', numbering: { kind: 'translated', asked: '701.16b', note } })
    expect(getRule(archive.db, '701.16b', { edition: '2026-01-16' }).numbering?.note).toBe(note)
  })

  it('get on a day in June 2025 answers from 2025-04-04 with the warning; in May, without', async () => {
    const june = await crdb('--json', 'get', '701.16b', '--date', '2025-06-15')
    expect(june.code).toBe(0)
    const answer = JSON.parse(june.out)
    expect(answer).toMatchObject({ edition: '2025-04-04', notHeld: ['2025-06-06'] })
    expect(june.err).toContain('warning: on 2025-06-15 the edition of 2025-06-06 was in force, which is not held')
    const text = await crdb('get', '701.16b', '--date', '2025-06-15')
    expect(text.err).toContain('the nearest held edition, 2025-04-04')
    const may = await crdb('--json', 'get', '701.16b', '--date', '2025-05-01')
    expect(JSON.parse(may.out).notHeld).toBeUndefined()
    expect(may.err).toBe('')
  })

  it('diff across a gap says so; between neighbours it does not', async () => {
    const across = await crdb('--json', 'diff', '2025-04-04', '2025-07-25', '--summary')
    expect(JSON.parse(across.out).notHeld).toEqual(['2025-06-06'])
    expect(across.err).toContain('(2025-06-06 not held)')
    const next = await crdb('--json', 'diff', '2025-07-25', '2025-09-19', '--summary')
    expect(JSON.parse(next.out).notHeld).toBeUndefined()
  })

  it('crdb editions --missing lists the gaps, as text and JSON', async () => {
    const text = await crdb('editions', '--missing')
    expect(text.out).toMatch(/^2025-06-06 {2}FIN +between the held editions of 2025-04-04 and 2025-07-25; exists as txt/m)
    expect(text.out).toMatch(/^2014-05-01 {2}JOU .*officially only docx, which crdb cannot read yet$/m)
    const json = JSON.parse((await crdb('--json', 'editions', '--missing')).out) as Array<{ effectiveDate: string; sources: string[] }>
    expect(json.map((edition) => edition.effectiveDate)).toEqual(listMissingEditions(archive.db).map((edition) => edition.effectiveDate))
    expect(json.every((edition) => edition.sources.length > 0)).toBe(true)
  })

  it('crdb fetch names the editions it cannot read yet (docx only)', async () => {
    const cache = temporaryFolder()
    try {
      const manifest = readManifest(corpusPath('manifest.json'))
      const date = manifest.editions.at(-1)!.effectiveDate
      const run = await crdb('--json', 'fetch', '--mirror', archiveDir, '--edition', date, '--cache', cache.dir)
      const report = JSON.parse(run.out) as { notHeld: Array<{ effectiveDate: string; unreadable: string[] }> }
      expect(report.notHeld.filter((entry) => entry.unreadable.length).map((entry) => `${entry.effectiveDate} ${entry.unreadable}`)).toEqual([
        '2014-05-01 docx',
        '2014-06-01 docx',
        '2014-07-18 docx'
      ])
    } finally {
      cache.cleanup()
    }
  })

  it('/v1 answers carry notHeld, and the pages say it', async () => {
    const rule = (await (await archive.app.request('/v1/rules/701.16b?date=2025-06-15')).json()) as { edition: string; notHeld?: string[] }
    expect(rule).toMatchObject({ edition: '2025-04-04', notHeld: ['2025-06-06'] })
    const before = (await (await archive.app.request('/v1/rules/701.16b?date=2025-05-01')).json()) as { notHeld?: string[] }
    expect(before.notHeld).toBeUndefined()
    const diff = (await (await archive.app.request('/v1/diff?from=2025-04-04&to=2025-07-25&summary=true')).json()) as { notHeld?: string[] }
    expect(diff.notHeld).toEqual(['2025-06-06'])
    const history = (await (await archive.app.request('/v1/rules/701.16b/history')).json()) as { steps: Array<{ number: string; change?: { gap?: string } }> }
    expect(history.steps.find((step) => step.number === '701.20b')?.change?.gap).toContain('(2025-06-06 not held)')
    expect(await archive.page('/history/701.16b')).toContain('changed between the editions of 2025-04-04 and 2025-07-25 (2025-06-06 not held)')
    expect(await archive.page('/rules/701.16b?date=2025-06-15')).toContain('on 2025-06-15 the edition of 2025-06-06 was in force, which is not held')
    expect(await archive.page('/rules/701.16b?date=2025-05-01')).not.toContain('which is not held')
    const ended = (await (await archive.app.request('/v1/rules/509.2/history?edition=2024-07-30')).json()) as { steps: Array<{ ended?: { gap: string } }> }
    expect(ended.steps.at(-1)?.ended?.gap).toBe('ended between the editions of 2024-07-30 and 2024-11-08 (2024-09-17 not held)')
    expect(await archive.page('/history/509.2?edition=2024-07-30')).toContain(
      '<p class="continuation">Ended between the editions of 2024-07-30 and 2024-11-08 (2024-09-17 not held).</p>'
    )
  })
})
