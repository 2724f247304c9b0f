/**
 * The check catalog against the whole archive: every check resolves, in each
 * preset era, to the rule the texts say (or to "not in force", with when it began
 * or ended), and the era semantics read from those texts follow the real history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Crdb } from '../src/store/database.js'
import { checkCatalog } from '../src/engine/catalog.js'
import { checkHistory, openRules, resolveCheck, type CheckNotInForce, type CheckRule } from '../src/engine/rules.js'
import { listEditions } from '../src/query/editions.js'
import { getRule } from '../src/query/get.js'
import { archiveAvailable, openArchiveDatabase } from './helpers.js'

const available = archiveAvailable()

// The rule of each check in the edition each preset resolves to, read from the sources
// (null: not in force). 2003 = 2003-12-01, 2009 = 2009-10-01, 2024 = 2024-11-08.
const expected: Record<string, [string | null, string | null, string | null]> = {
  'player-zero-life': ['420.5a', '704.5a', '704.5a'],
  'draw-from-empty-library': ['420.5g', '704.5b', '704.5b'],
  poison: ['420.5h', '704.5c', '704.5c'],
  'token-outside-battlefield': ['420.5f', '704.5d', '704.5d'],
  'token-phased-out': ['217.8d', '704.5d', null],
  'copy-outside-stack': ['420.5j', '704.5e', '704.5e'],
  'toughness-zero': ['420.5b', '704.5f', '704.5f'],
  'lethal-damage': ['420.5c', '704.5g', '704.5g'],
  'deathtouch-damage': [null, '704.5h', '704.5h'],
  'planeswalker-zero-loyalty': [null, '704.5i', '704.5i'],
  'planeswalker-uniqueness': [null, '704.5j', null],
  'legend-rule': ['420.5e', '704.5k', '704.5j'],
  'world-rule': ['420.5i', '704.5m', '704.5k'],
  'aura-illegal': ['420.5d', '704.5n', '704.5m'],
  'equipment-illegal': ['420.5k', '704.5p', '704.5n'],
  'non-aura-attached': [null, '704.5q', '704.5p'],
  'counter-annihilation': [null, '704.5r', '704.5q'],
  'counter-limit': [null, '704.5s', '704.5r'],
  'saga-final-chapter': [null, null, '704.5s'],
  'dungeon-complete': [null, null, '704.5t'],
  'space-sculptor-sector': [null, null, '704.5u'],
  'battle-zero-defense': [null, null, '704.5v'],
  'battle-no-protector': [null, null, '704.5w'],
  'siege-self-protector': [null, null, '704.5x'],
  'role-uniqueness': [null, null, '704.5y'],
  'speed-start': [null, null, null],
  'team-zero-life-2hg': [null, '704.5t', '704.6a'],
  'team-poison-2hg': [null, null, '704.6b'],
  'commander-damage': [null, '704.5u', '704.6c'],
  'commander-to-command-zone': [null, null, '704.6d'],
  'archenemy-scheme': [null, null, '704.6e'],
  'planechase-phenomenon': [null, null, '704.6f'],
  'check-loop': ['420.3', '704.3', '704.3'],
  'check-loop-triggers': ['420.3', '704.3', '704.3'],
  'single-replacement-effect': [null, '704.6', '704.7'],
  'last-known-information': [null, null, '704.8'],
  'mana-burn': ['300.3', null, null],
  'combat-damage-on-stack': ['310.1', null, null],
  'zone-in-play': ['217.1', null, null],
  'zone-battlefield': [null, '400.1', '400.1'],
  'zone-removed-from-game': ['217.1', null, null],
  'zone-exile': [null, '400.1', '400.1'],
  'deathtouch-triggered': [null, null, null],
  'deathtouch-static': [null, '702.2a', '702.2a'],
  'planeswalker-damage-redirection': [null, '306.7', null],
  'damage-assignment-order': [null, '509.2', null]
}

// When each check was in force: [first edition, last edition, numbers in order], from the archive.
const histories: Record<string, Array<[string, string, string[]]>> = {
  'legend-rule': [['1999-04-23', '2026-01-16', ['420.5e', '704.5k', '704.5j']]],
  'deathtouch-damage': [['2009-07-11', '2026-01-16', ['704.5h']]],
  'deathtouch-triggered': [['2007-05-01', '2009-05-01', ['502.63a']]],
  'counter-annihilation': [['2006-10-01', '2026-01-16', ['420.5n', '704.5r', '704.5q']]],
  'planeswalker-uniqueness': [['2007-10-01', '2017-08-25', ['420.5q', '704.5j']]],
  'mana-burn': [['1999-04-23', '2009-05-01', ['300.4', '300.3']]],
  'combat-damage-on-stack': [['1999-04-23', '2009-05-01', ['310.2', '310.1']]],
  'zone-in-play': [['1999-04-23', '2009-05-01', ['217.1']]],
  'zone-exile': [['2009-07-11', '2026-01-16', ['400.1']]],
  'planeswalker-damage-redirection': [['2007-10-01', '2017-09-29', ['212.9g', '306.8', '306.7']]],
  'damage-assignment-order': [['2009-07-11', '2024-07-30', ['509.2']]],
  'token-phased-out': [['2001-07-23', '2017-07-08', ['217.8d', '704.5d']]],
  'team-zero-life-2hg': [['2005-10-01', '2026-01-16', ['606.8a', '806.8a', '704.5t', '704.5s', '704.5t', '704.6a']]],
  'commander-to-command-zone': [['2020-07-03', '2026-01-16', ['704.6d']]],
  'speed-start': [['2025-02-07', '2026-01-16', ['704.5z']]]
}

describe.skipIf(!available)('the check catalog over the whole archive', () => {
  let db: Crdb

  beforeAll(() => {
    db = openArchiveDatabase()!
  }, 300_000)
  afterAll(() => db?.close())

  it('has an expectation for every catalog check, and ids are unique', () => {
    const ids = checkCatalog.map((check) => check.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(Object.keys(expected).sort()).toEqual([...ids].sort())
  })

  it.each([
    ['2003', 0, '2003-12-01'],
    ['2009', 1, '2009-10-01'],
    ['2024', 2, '2024-11-08']
  ] as const)('resolves every check in era %s to its rule or to "not in force"', (era, column, edition) => {
    const rules = openRules(db, { era })
    expect(rules.edition).toBe(edition)
    const got = Object.fromEntries(rules.checks().map((answer) => [answer.id, answer.inForce ? answer.number : null]))
    const want = Object.fromEntries(Object.entries(expected).map(([id, numbers]) => [id, numbers[column]]))
    expect(got).toEqual(want)
  })

  it('cites the text the knowledge base holds for that number and edition', () => {
    for (const era of ['2003', '2009', '2024']) {
      const rules = openRules(db, { era })
      for (const answer of rules.checks()) {
        if (!answer.inForce) continue
        const stored = getRule(db, answer.number, { edition: rules.edition })
        expect(answer.text, `${era} ${answer.id}`).toBe(stored.text)
        expect(answer.examples).toEqual(stored.examples)
        expect(answer.validFrom).toBe(stored.validFrom)
        expect(answer.validTo).toBe(stored.validTo)
        expect(answer.source).toEqual(stored.source)
        expect(rules.citation(answer.id)).toEqual({ check: answer.id, number: answer.number, text: answer.text })
      }
    }
  })

  it('finds the rules by text, e.g. the legend rule by its name, not by number', () => {
    const legend = openRules(db, { era: '2009' }).check('legend-rule') as CheckRule
    expect(legend.text).toMatch(/This is called the "legend rule\."/)
    expect(legend.anchor).toEqual({ region: 'sba', patterns: ['/legend rule/i'] })
    expect(legend.since).toEqual({ edition: '1999-04-23', numbers: ['420.5e', '704.5k'] })
    // In 2009, 704.5j is planeswalker uniqueness; the legend rule moved to 704.5j only in 2017.
    expect((openRules(db, { era: '2009' }).check('planeswalker-uniqueness') as CheckRule).number).toBe('704.5j')
    const manaBurn = openRules(db, { era: '2003' }).check('mana-burn') as CheckRule
    expect(manaBurn.text).toMatch(/This is called mana burn/)
    const team = openRules(db, { date: '2006-01-01' }).check('team-zero-life-2hg') as CheckRule
    expect(team.number).toBe('606.8a') // a variant rule that declares itself state-based, outside 420
  })

  it('agrees with lineage: a check in force in several eras resolves to one rule followed through renumberings', () => {
    const eras = ['2003', '2009', '2024'].map((era) => openRules(db, { era }))
    let compared = 0
    for (const check of checkCatalog) {
      // The phased-out token rule (217.8d) was folded into the token rule (704.5d): two lineages.
      if (check.id === 'token-phased-out') continue
      const resolved = eras.map((rules) => rules.check(check.id)).filter((answer): answer is CheckRule => answer.inForce)
      if (resolved.length < 2) continue
      compared++
      expect(new Set(resolved.map((answer) => answer.lineageId)).size, `${check.id}: ${resolved.map((a) => a.number).join(', ')}`).toBe(1)
      expect(resolved[0].lineageId).not.toBeNull()
    }
    expect(compared).toBeGreaterThan(20)
    // The legend rule: 420.5e, 704.5k, 704.5j, one lineage.
    expect(eras.map((rules) => (rules.check('legend-rule') as CheckRule).number)).toEqual(['420.5e', '704.5k', '704.5j'])
  })

  it('says when a check not in force began or ended', () => {
    const uniqueness = openRules(db, { era: '2024' }).check('planeswalker-uniqueness') as CheckNotInForce
    expect(uniqueness).toMatchObject({
      inForce: false,
      edition: '2024-11-08',
      before: { lastEdition: '2017-08-25', number: '704.5j', endedOn: '2017-09-29' },
      after: null
    })
    expect(uniqueness.message).toBe(
      'planeswalker-uniqueness is not in force in the edition of 2024-11-08: last in force in the edition of 2017-08-25 as 704.5j, gone from 2017-09-29'
    )
    const early = openRules(db, { era: '2003' }).check('planeswalker-uniqueness') as CheckNotInForce
    expect(early).toMatchObject({ before: null, after: { firstEdition: '2007-10-01', number: '420.5q' } })
    expect(early.message).toMatch(/first in force from 2007-10-01 as 420\.5q/)
    const annihilation = resolveCheck(db, 'counter-annihilation', '2003-12-01') as CheckNotInForce
    expect(annihilation.after).toEqual({ firstEdition: '2006-10-01', number: '420.5n' })
    const burn = openRules(db, { era: '2009' }).check('mana-burn') as CheckNotInForce
    expect(burn.before).toEqual({ firstEdition: '1999-04-23', lastEdition: '2009-05-01', number: '300.3', endedOn: '2009-07-11' })
  })

  it.each(Object.entries(histories))('follows the history of %s', (id, runs) => {
    expect(checkHistory(db, id).map((run) => [run.firstEdition, run.lastEdition, run.numbers])).toEqual(runs)
  })

  it('has mana burn and combat damage on the stack in force in 2003 only, of the presets', () => {
    for (const id of ['mana-burn', 'combat-damage-on-stack', 'zone-in-play', 'zone-removed-from-game']) {
      expect(
        ['2003', '2009', '2024'].map((era) => openRules(db, { era }).check(id).inForce),
        id
      ).toEqual([true, false, false])
    }
  })

  it('classifies the wording of every edition without a warning', () => {
    const modes = new Map<string, string>()
    for (const edition of listEditions(db)) {
      const rules = openRules(db, { edition: edition.effectiveDate })
      expect(rules.semantics.warnings, edition.effectiveDate).toEqual([])
      modes.set(edition.effectiveDate, `${rules.semantics.legendRule}`)
    }
    expect(modes.get('1999-04-23')).toBe('earliest-timestamp')
    expect(modes.get('2003-12-01')).toBe('longest')
    expect(modes.get('2004-10-01')).toBe('all')
    expect(modes.get('2013-05-01')).toBe('all')
    expect(modes.get('2013-07-13')).toBe('controller-chooses')
  })

  it('gives each preset the semantics of its texts', () => {
    const [s2003, s2009, s2024] = ['2003', '2009', '2024'].map((era) => openRules(db, { era }).semantics)
    expect(s2003).toMatchObject({
      battlefield: 'in play',
      exile: 'removed from the game',
      manaBurn: true,
      combatDamageUsesStack: true,
      deathtouch: 'none',
      legendRule: 'longest',
      legendSubtypeCounts: true,
      planeswalkerUniqueness: null,
      damageAssignmentOrder: false,
      phasedOutTokensCease: true,
      aurasMayEnchantPlayers: false
    })
    expect(s2009).toMatchObject({
      battlefield: 'battlefield',
      exile: 'exile',
      manaBurn: false,
      combatDamageUsesStack: false,
      deathtouch: 'static',
      legendRule: 'all',
      planeswalkerUniqueness: 'all',
      damageAssignmentOrder: true,
      planeswalkerDamageRedirection: true,
      deathtouchNeedsPositiveToughness: false,
      poisonIgnoredInTwoHeadedGiant: false
    })
    expect(s2024).toMatchObject({
      deathtouch: 'static',
      legendRule: 'controller-chooses',
      planeswalkerUniqueness: null,
      damageAssignmentOrder: false,
      planeswalkerDamageRedirection: false,
      deathtouchNeedsPositiveToughness: true,
      phasedOutTokensCease: false,
      poisonIgnoredInTwoHeadedGiant: true,
      attachedBattlesUnattach: true
    })
    expect(openRules(db, { date: '2008-01-01' }).semantics.deathtouch).toBe('triggered')
  })

  it('opens by era, day or edition, and answers unknown ids and eras clearly', () => {
    expect(openRules(db, { date: '2010-01-01' }).edition).toBe('2009-10-01')
    expect(openRules(db, { era: '2010-01-01' }).edition).toBe('2009-10-01')
    expect(openRules(db, { edition: '2017-09-29' }).check('legend-rule')).toMatchObject({ number: '704.5j' })
    expect(openRules({ db, era: '2003' }).check('legend-rule')).toMatchObject({ number: '420.5e' })
    expect(() => openRules(db, { era: '2010' })).toThrow(expect.objectContaining({ code: 'E_BAD_ERA' }))
    expect(() => openRules(db, { era: '2003' }).check('legend')).toThrow(
      expect.objectContaining({ code: 'E_NOT_FOUND', message: expect.stringMatching(/legend-rule/) })
    )
  })
})
