/**
 * Source damage on editions built in the test (no archive needed): an edition
 * printing `?` for quotes and dashes between two that print them is restored
 * where both neighbours agree, reported per paragraph, kept visible as
 * provenance, and a step that is only the damage is typography-only.
 */
import { describe, expect, it } from 'vitest'
import { ingestPaths } from '../ingest/ingest.js'
import { restoreParagraph } from '../ingest/source-damage.js'
import { getRule } from '../src/query/get.js'
import { ruleHistory } from '../src/query/history.js'
import { differsOnlyByDamage } from '../src/query/source-damage.js'
import { listEditionMessageRows } from '../src/store/editions.js'
import { useFreshDatabase, writeEdition, type EditionSpec } from './helpers.js'

const legend = (quote: string, apostrophe: string, dash: string): string =>
  `All are put into their owners${apostrophe} graveyards. This is called the ${quote}legend rule.${quote} Tokens aren${apostrophe}t cards${dash}even copies.`

const before: EditionSpec = {
  date: '2010-01-01',
  rules: {
    '100.1': legend('"', "'", ' -- '),
    '100.2': 'Is this a question? Yes, and it stays one.',
    '100.3': 'A player can\'t win while the stack holds "Choose one" abilities.',
    '100.4': 'Something entirely different about mana abilities and costs.'
  },
  examples: { '100.1': ["A player's legend is put into its owner's graveyard."] }
}
const damaged: EditionSpec = {
  date: '2010-04-01',
  rules: {
    '100.1': legend('?', '?', '?'),
    '100.2': 'Is this a question? Yes, and it stays one.',
    '100.3': 'A player can?t win while the stack holds ?Choose one? abilities.',
    '100.4': 'Something entirely different about mana abilities and costs.',
    '100.5': 'A new rule: a player can?t lose while it?s in play.'
  },
  examples: { '100.1': ['A player?s legend is put into its owner?s graveyard.'] }
}
const after: EditionSpec = {
  date: '2010-07-01',
  rules: {
    '100.1': legend('"', "'", ' -- '),
    '100.2': 'Is this a question? Yes, and it stays one.',
    // The next edition prints the quotes as single ones: the neighbours disagree there.
    '100.3': "A player can't win while the stack holds 'Choose one' abilities.",
    '100.4': 'Something entirely different about mana abilities and costs.',
    '100.5': "A new rule: a player can't lose while it's in play."
  },
  examples: { '100.1': ["A player's legend is put into its owner's graveyard."] }
}

describe('restoring a paragraph from its neighbours', () => {
  it('restores each ? both neighbours print as the same quote or dash, with the first neighbour’s character', () => {
    const repair = restoreParagraph('the ?legend rule.? and cards?even', 'the "legend rule." and cards -- even', 'the “legend rule.” and cards — even')
    expect(repair).toMatchObject({ text: 'the "legend rule." and cards -- even', restored: 3, kept: 0 })
  })

  it('keeps a ? the neighbours disagree on, or one of them lacks, and leaves a question mark alone', () => {
    expect(restoreParagraph('it?s ?this?', 'it\'s "this"', "it's 'this'")).toMatchObject({ text: "it's ?this?", restored: 1, kept: 2 })
    expect(restoreParagraph('can?t', "can't", undefined)).toMatchObject({ text: 'can?t', restored: 0, kept: 1, unplaced: 1 })
    expect(restoreParagraph('Is it? Yes.', 'Is it? Yes.', 'Is it? Yes.')).toMatchObject({ suspects: 0, restored: 0, kept: 0 })
    expect(restoreParagraph('see www.example.com/a.asp?x=1', undefined, undefined)).toMatchObject({ suspects: 0 })
  })

  it('reads a trademark sign, a dash between numbers, and damage in the words around as the neighbours print them', () => {
    expect(restoreParagraph('Oracle? cards', 'Oracle(TM) cards', 'Oracle\u2122 cards')).toMatchObject({ text: 'Oracle(TM) cards', restored: 1 })
    expect(restoreParagraph('rules 100?199 apply', 'rules 100-105 apply', 'rules 100\u2013120 apply')).toMatchObject({
      text: 'rules 100-199 apply',
      restored: 1
    })
    // Two damaged characters side by side: each read with the other as any stand-in.
    expect(restoreParagraph('say ??yes? now', 'say \'"yes" now', 'say \u2018\u201cyes\u201d now')).toMatchObject({ text: 'say \'"yes" now', restored: 3 })
    // Spaces the neighbours print loosely around a dash.
    expect(restoreParagraph('this ? that', 'this  --  that', 'this \u2014 that')).toMatchObject({ text: 'this -- that', restored: 1 })
    // A neighbour printing the words twice with two different marks gives no answer.
    expect(restoreParagraph('it?s', "it's or it\u201cs", "it's")).toMatchObject({ restored: 0, kept: 1 })
  })

  it('tells a change that is only damage from a rewording', () => {
    expect(differsOnlyByDamage('owners? graveyards, the ?legend rule.?', 'owners’ graveyards, the “legend rule.”')).toBe(true)
    expect(differsOnlyByDamage('cards?even', 'cards -- even')).toBe(true)
    expect(differsOnlyByDamage('owners? graveyards', 'owners? hands')).toBe(false)
    expect(differsOnlyByDamage('no damage here', 'no damage here.')).toBe(false)
  })
})

describe('source damage in a build', () => {
  const fresh = useFreshDatabase()

  function build(): void {
    const paths = [before, damaged, after].map((spec) => writeEdition(fresh.dir, `${spec.date}.txt`, spec))
    const report = ingestPaths(fresh.db, paths)
    expect(report.rejected).toBe(0)
  }

  it('restores a paragraph both neighbours agree on, and keeps the damage as provenance', () => {
    build()
    const rule = getRule(fresh.db, '100.1', { edition: damaged.date })
    expect(rule.text).toBe(before.rules['100.1'])
    expect(rule.examples).toEqual(before.examples!['100.1'])
    // One version from the first edition to the last: the damage made no wording of its own.
    expect(rule.validFrom).toBe(before.date)
    expect(rule.validTo).toBeNull()
    expect(rule.sourceDamage?.map((note) => [note.status, note.printed])).toEqual([
      ['restored', damaged.rules['100.1']],
      ['restored', damaged.examples!['100.1'][0]]
    ])
    expect(rule.sourceDamage?.[0].source.uri).toMatch(/2010-04-01\.txt$/)
    expect(rule.sourceDamage?.[0].note).toMatch(/^source damage: 5 characters printed as "\?" restored from the editions of 2010-01-01 and 2010-07-01/)
    // The undamaged editions answer without a note.
    expect(getRule(fresh.db, '100.1', { edition: before.date }).sourceDamage).toBeUndefined()
  })

  it('reports each damaged paragraph as a positioned message, and none for a question mark', () => {
    build()
    const messages = listEditionMessageRows(fresh.db, damaged.date).filter((message) => message.code.startsWith('source-damage'))
    expect(messages.map((message) => [message.rule, message.severity, message.code])).toEqual([
      ['100.1', 'info', 'source-damage-restored'],
      ['100.1', 'info', 'source-damage-restored'],
      ['100.3', 'warning', 'source-damage'],
      ['100.5', 'warning', 'source-damage']
    ])
    expect(messages.every((message) => message.line > 1)).toBe(true)
    expect(messages[2].text).toMatch(/do not agree there\); 1 more restored/)
    expect(messages[3].text).toMatch(/lacks the text there/)
  })

  it('keeps what the neighbours do not agree on, and calls the step it causes typography-only, for source damage', () => {
    build()
    const kept = getRule(fresh.db, '100.3', { edition: damaged.date })
    expect(kept.text).toBe("A player can't win while the stack holds ?Choose one? abilities.")
    expect(kept.sourceDamage?.[0].status).toBe('kept')
    const history = ruleHistory(fresh.db, '100.5')
    expect(history.steps.map((step) => step.validFrom)).toEqual([damaged.date, after.date])
    expect(history.steps[0].sourceDamage?.[0]).toMatchObject({ edition: damaged.date, status: 'kept', printed: damaged.rules['100.5'] })
    expect(history.steps[1].change).toMatchObject({ kind: 'changed', typographyOnly: true, sourceDamage: true })
    // Damage arriving and leaving, part of it restored: two typography-only steps, each saying so.
    const mixed = ruleHistory(fresh.db, '100.3')
    expect(mixed.steps.map((step) => step.change && [step.change.typographyOnly, step.change.sourceDamage])).toEqual([undefined, [true, true], [true, true]])
    // Restored whole: one wording over the three editions, the damage a note on it.
    const restored = ruleHistory(fresh.db, '100.1')
    expect(restored.steps).toHaveLength(1)
    expect(restored.steps[0].sourceDamage?.map((note) => note.edition)).toEqual([damaged.date, damaged.date])
  })
})
