/**
 * Source damage in the real archive: 2008-05-01 prints its quotes and dashes
 * as `?`, 2009-05-01 its dashes. Detected per paragraph, restored where the
 * editions either side agree, kept visible as provenance, and the legend rule's
 * history has no rewording the damage caused.
 */
import { describe, expect, it } from 'vitest'
import { getRule } from '../src/query/get.js'
import { ruleHistory } from '../src/query/history.js'
import { differsOnlyByDamage } from '../src/query/source-damage.js'
import { listEditionMessageRows } from '../src/store/editions.js'
import { listRuleTextsAt } from '../src/store/rules.js'
import { archiveAvailable, useArchiveApp } from './helpers.js'

describe.skipIf(!archiveAvailable())('source damage in the archive', () => {
  const archive = useArchiveApp()
  const damageOf = (edition: string) => listEditionMessageRows(archive.db, edition).filter((message) => message.code.startsWith('source-damage'))

  it('detects the damage of 2008-05-01 and 2009-05-01 paragraph by paragraph, each message positioned on its rule', () => {
    const counts: Record<string, Record<string, number>> = {}
    for (const edition of ['2008-05-01', '2009-05-01']) {
      const messages = damageOf(edition)
      counts[edition] = {}
      for (const message of messages) counts[edition][message.code] = (counts[edition][message.code] ?? 0) + 1
      expect(messages.every((message) => message.rule && message.line > 1)).toBe(true)
      expect(messages.every((message) => (message.code === 'source-damage-restored' ? 'info' : 'warning') === message.severity)).toBe(true)
    }
    // 2008-05-01 lost every quote and dash; 2009-05-01 only its dashes.
    expect(counts['2008-05-01']['source-damage-restored']).toBeGreaterThan(1000)
    expect(counts['2009-05-01']['source-damage-restored']).toBeGreaterThan(20)
    expect(counts['2009-05-01']['source-damage-restored']).toBeLessThan(counts['2008-05-01']['source-damage-restored'] / 10)
    expect(damageOf('2008-05-01').find((message) => message.rule === '420.5e')).toMatchObject({ line: 1502, code: 'source-damage-restored' })
    expect(damageOf('2009-05-01').find((message) => message.rule === '200.1')).toMatchObject({ line: 271, code: 'source-damage-restored' })
    // The editions either side of these print their quotes and dashes: nothing to report there.
    for (const edition of ['2008-02-01', '2008-07-15', '2009-02-01']) expect(damageOf(edition), edition).toEqual([])
  })

  it('restores the legend rule of 2008-05-01 to the text of its neighbours, the damaged print kept as provenance', () => {
    const damaged = getRule(archive.db, '420.5e', { edition: '2008-05-01' })
    expect(damaged.text).toBe(getRule(archive.db, '420.5e', { edition: '2008-02-01' }).text)
    expect(damaged.text).toBe(getRule(archive.db, '420.5e', { edition: '2008-07-15' }).text)
    expect(damaged.text).toContain('their owners\' graveyards. This is called the "legend rule."')
    expect(damaged.sourceDamage).toHaveLength(1)
    expect(damaged.sourceDamage![0]).toMatchObject({ edition: '2008-05-01', status: 'restored', source: { line: 1502 } })
    expect(damaged.sourceDamage![0].printed).toContain(
      'owners? graveyards. This is called the ?legend rule.? If only one of those permanents is legendary, this rule doesn?t apply.'
    )
    expect(damaged.sourceDamage![0].source.uri).toMatch(/2008-05-01\.txt$/)
    // 2009-05-01 lost its dashes: restored as the editions either side print them.
    expect(getRule(archive.db, '200.1', { edition: '2009-05-01' }).text).toBe(getRule(archive.db, '200.1', { edition: '2009-02-01' }).text)
  })

  it('restores only where both neighbours agree: a rule new in 2008-05-01 keeps its damage, flagged', () => {
    // 215.7 is not in 2008-02-01: nothing on that side to agree with.
    const kept = getRule(archive.db, '215.7', { edition: '2008-05-01' })
    expect(kept.text).toContain('can?t gain life')
    expect(kept.sourceDamage?.[0]).toMatchObject({ status: 'kept' })
    expect(kept.sourceDamage?.[0].note).toMatch(/lacks the text there/)
    // Every rule restored under its own number reads as both neighbours do wherever those two agree on it.
    const before = new Map(listRuleTextsAt(archive.db, '2008-02-01').map((rule) => [rule.key, rule.text]))
    const after = new Map(listRuleTextsAt(archive.db, '2008-07-15').map((rule) => [rule.key, rule.text]))
    let checked = 0
    for (const rule of listRuleTextsAt(archive.db, '2008-05-01')) {
      const neighbours = before.get(rule.key)
      if (neighbours === undefined || neighbours !== after.get(rule.key)) continue
      const note = getRule(archive.db, rule.key, { edition: '2008-05-01' }).sourceDamage?.find((damage) => differsOnlyByDamage(damage.printed, neighbours))
      if (!note) continue
      expect(rule.text, rule.key).toBe(neighbours)
      checked++
    }
    expect(checked).toBeGreaterThan(500)
  })

  it('shows no rewording of the legend rule caused by source damage, under 420.5e and 704.5k', () => {
    for (const history of [ruleHistory(archive.db, '420.5e'), ruleHistory(archive.db, '704.5k', { at: { date: '2012-01-01' } })]) {
      expect(history.numbers).toContain('420.5e')
      for (const step of history.steps) expect(step.text, `${step.number} from ${step.validFrom}`).not.toMatch(/\?/)
      const spanning = history.steps.find((step) => step.editions.includes('2008-05-01'))!
      expect(spanning.number).toBe('420.5e')
      expect(spanning.editions).toEqual(expect.arrayContaining(['2008-02-01', '2008-05-01', '2008-07-15', '2009-05-01']))
      expect(spanning.sourceDamage?.map((note) => [note.edition, note.status])).toEqual([['2008-05-01', 'restored']])
      // No wording begins or ends at the damaged edition.
      expect(history.steps.some((step) => step.validFrom === '2008-05-01' || step.validFrom === '2008-07-15')).toBe(false)
    }
  })

  it('calls a step that is only damage leaving typography-only, with a source damage note', () => {
    const history = ruleHistory(archive.db, '215.7', { at: { edition: '2008-07-15' } })
    const leaving = history.steps.find((step) => step.validFrom === '2008-07-15')!
    expect(leaving.change).toMatchObject({ kind: 'changed', typographyOnly: true, sourceDamage: true })
    expect(history.steps.find((step) => step.validFrom === '2008-05-01')?.sourceDamage?.[0].status).toBe('kept')
  })

  it('shows the damage as a note on the history page and in /v1', async () => {
    const page = await archive.page('/history/420.5e')
    expect(page).toContain('source damage: 4 characters printed as')
    expect(page).toContain('owners? graveyards')
    const answer = JSON.parse(await archive.page('/v1/rules/420.5e?edition=2008-05-01'))
    expect(answer.sourceDamage?.[0]).toMatchObject({ edition: '2008-05-01', status: 'restored', source: { edition: '2008-05-01', file: '2008-05-01.txt' } })
  })
})
