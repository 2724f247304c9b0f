/**
 * Defects of the reference engine found by issue 14, and the state-format
 * additions: Sagas without chapter abilities or without counters, "not in force"
 * notes for Sagas, battles and dungeons, one indestructible note, protection,
 * "can't lose" and "can't win", limited range of influence, power/toughness effects.
 */
import { describe, expect, it } from 'vitest'
import { checkStateBasedActions, type SbaResult } from '../src/engine/sba.js'
import { validateState, type ObjectState } from '../src/engine/state.js'
import { archiveAvailable, usePresetEras } from './helpers.js'

const available = archiveAvailable()

const brief = (result: SbaResult): string[] => result.events.map((e) => `${e.action} ${e.subject.id} ${e.rules.map((r) => r.number).join(',')}`)
const players = (...ids: string[]) => ids.map((id) => ({ id, life: 20 }))
const saga = (extra: Partial<ObjectState>): ObjectState => ({
  id: 'saga',
  name: "Urza's Saga",
  types: ['Enchantment', 'Land'],
  subtypes: ['Saga'],
  controller: 'alice',
  ...extra
})

describe.skipIf(!available)('engine defects and state-format additions', () => {
  const { eras } = usePresetEras()

  it('sacrifices a Saga without chapter abilities (final chapter 0, 714.2d) until the rule exempted it in 2025', () => {
    // Urza's Saga under Blood Moon: no chapter abilities, no finalChapter given.
    const state = validateState({ players: players('alice', 'bob'), permanents: [saga({ hasChapterAbilities: false, counters: { lore: 1 } })] })
    expect(brief(checkStateBasedActions(state, eras['2024']))).toEqual(['sacrificed saga 704.5s'])
    expect(eras.newest.semantics.sagaNeedsChapterAbilities).toBe(true)
    expect(checkStateBasedActions(state, eras.newest).events).toEqual([])
  })

  it('checks a Saga that has no counters field (no lore counters)', () => {
    const waiting = validateState({ players: players('alice', 'bob'), permanents: [saga({ finalChapter: 3 })] })
    expect(checkStateBasedActions(waiting, eras['2024']).events).toEqual([])
    const blank = validateState({ players: players('alice', 'bob'), permanents: [saga({ hasChapterAbilities: false })] })
    expect(brief(checkStateBasedActions(blank, eras['2024']))).toEqual(['sacrificed saga 704.5s'])
  })

  it('says a Saga, a battle or a dungeon has no rule in eras before them', () => {
    const state = validateState({
      players: [
        { id: 'alice', life: 20, dungeon: { name: 'Tomb of Annihilation', onBottommostRoom: true } },
        { id: 'bob', life: 20 }
      ],
      permanents: [
        saga({ finalChapter: 3, counters: { lore: 3 } }),
        { id: 'battle', name: 'Invasion of Ergamon', types: ['Battle'], subtypes: ['Siege'], controller: 'alice', counters: { defense: 0 }, protector: 'bob' }
      ]
    })
    for (const era of ['2003', '2009']) {
      const result = checkStateBasedActions(state, eras[era])
      expect(result.events).toEqual([])
      expect(
        result.notes.some((n) => /^Urza's Saga \(saga\) has 3 lore counters, its final chapter 3: saga-final-chapter is not in force/.test(n)),
        era
      ).toBe(true)
      expect(
        result.notes.some((n) => /^battle Invasion of Ergamon \(battle\) has defense 0: battle-zero-defense is not in force/.test(n)),
        era
      ).toBe(true)
      expect(
        result.notes.some((n) => /^alice's dungeon is complete: dungeon-complete is not in force/.test(n)),
        era
      ).toBe(true)
    }
    expect(brief(checkStateBasedActions(state, eras['2024'])).sort()).toEqual([
      'dungeon-removed alice 704.5t',
      'put-into-graveyard battle 704.5v',
      'sacrificed saga 704.5s'
    ])
  })

  it('notes an indestructible creature once, whatever the passes', () => {
    const state = validateState({
      players: players('alice', 'bob'),
      permanents: [
        {
          id: 'golem',
          name: 'Darksteel Colossus',
          types: ['Artifact', 'Creature'],
          controller: 'alice',
          power: 11,
          toughness: 11,
          damage: 12,
          deathtouchDamage: true,
          abilities: ['indestructible']
        },
        { id: 'bear', name: 'Bear', types: ['Creature'], controller: 'bob', power: 2, toughness: 2, damage: 2 },
        { id: 'aura', name: 'Rancor', types: ['Enchantment'], subtypes: ['Aura'], enchant: ['creature'], controller: 'bob', attachedTo: 'bear' }
      ]
    })
    const result = checkStateBasedActions(state, eras['2024'])
    expect(result.passes).toBe(3)
    expect(result.notes.filter((note) => note.includes('indestructible'))).toEqual([
      'Darksteel Colossus (golem) is indestructible: lethal-damage, deathtouch-damage destroys nothing'
    ])
  })

  it("keeps a player who can't lose in the game, and lets a player who can't win win when every opponent has left", () => {
    const angel = validateState({
      players: [
        { id: 'alice', life: 0, cantLose: true },
        { id: 'bob', life: 20 }
      ],
      permanents: []
    })
    const kept = checkStateBasedActions(angel, eras['2024'])
    expect(kept.events).toEqual([])
    expect(kept.gameOver).toBeNull()
    expect(kept.notes).toEqual(["alice can't lose the game: player-zero-life does nothing"])
    const persecutor = validateState({
      players: [
        { id: 'alice', life: 20, cantWin: true },
        { id: 'bob', life: -2 }
      ],
      permanents: []
    })
    const won = checkStateBasedActions(persecutor, eras['2024'])
    expect(won.gameOver).toEqual({ winners: ['alice'] })
    expect(won.notes[0]).toMatch(
      /^alice can't win the game, but every opponent has left it: 104\.2a A player still in the game wins the game if that player.s opponents have all left the game/
    )
    expect(checkStateBasedActions(persecutor, eras['2009']).notes[0]).toMatch(/: no rule of the edition of 2009-10-01 says so$/)
  })

  it('limits the world rule, the legend rule (to 2013) and Auras to the range of influence', () => {
    const seats = players('p1', 'p2', 'p3', 'p4', 'p5')
    const permanents = [
      { id: 'w1', name: 'Nether Void', types: ['Enchantment'], supertypes: ['World'], controller: 'p1', timestamp: 1 },
      { id: 'w3', name: 'Nether Void', types: ['Enchantment'], supertypes: ['World'], controller: 'p3', timestamp: 2 },
      { id: 'l1', name: 'Isamaru', types: ['Creature'], supertypes: ['Legendary'], controller: 'p1', power: 2, toughness: 2, timestamp: 3 },
      { id: 'l3', name: 'Isamaru', types: ['Creature'], supertypes: ['Legendary'], controller: 'p3', power: 2, toughness: 2, timestamp: 4 },
      { id: 'bear', name: 'Bear', types: ['Creature'], controller: 'p3', power: 2, toughness: 2, timestamp: 5 },
      { id: 'aura', name: 'Pacifism', types: ['Enchantment'], subtypes: ['Aura'], enchant: ['creature'], controller: 'p1', attachedTo: 'bear', timestamp: 6 }
    ]
    const limited = validateState({ players: seats, rangeOfInfluence: 1, permanents })
    const open = validateState({ players: seats, permanents })
    // 2009: all three range rules in force.
    expect(brief(checkStateBasedActions(open, eras['2009']))).toEqual([
      'put-into-graveyard w1 704.5m',
      'put-into-graveyard l1 704.5k',
      'put-into-graveyard l3 704.5k'
    ])
    expect(brief(checkStateBasedActions(limited, eras['2009']))).toEqual(['put-into-graveyard aura 704.5n'])
    // 2024: the legend rule is per controller anyway; the world rule and Auras still follow the range.
    expect(brief(checkStateBasedActions(limited, eras['2024']))).toEqual(['put-into-graveyard aura 704.5m'])
    expect(brief(checkStateBasedActions(open, eras['2024']))).toEqual(['put-into-graveyard w1 704.5k'])
    // 2003: no range-of-influence rules yet (2005), so the range changes nothing.
    expect(brief(checkStateBasedActions(limited, eras['2003']))).toEqual(brief(checkStateBasedActions(open, eras['2003'])))
  })

  it('adds continuous power/toughness effects to the base values and counters', () => {
    const state = validateState({
      players: players('alice', 'bob'),
      permanents: [
        {
          id: 'shrunk',
          name: 'Grizzly Bears',
          types: ['Creature'],
          controller: 'alice',
          power: 2,
          toughness: 2,
          powerToughnessEffects: [{ power: -2, toughness: -2, source: 'Infest' }]
        },
        {
          id: 'anthem',
          name: 'Grizzly Bears',
          types: ['Creature'],
          controller: 'bob',
          power: 2,
          toughness: 2,
          damage: 2,
          powerToughnessEffects: [{ power: 1, toughness: 1, source: 'Glorious Anthem' }]
        }
      ]
    })
    expect(brief(checkStateBasedActions(state, eras['2024']))).toEqual(['put-into-graveyard shrunk 704.5f'])
  })

  it('validates the new fields by path', () => {
    expect(() =>
      validateState({
        players: [{ id: 'a', life: 1, cantLose: 'yes' }],
        rangeOfInfluence: 0,
        permanents: [{ id: 'x', name: 'X', types: ['Land'], controller: 'a', protectionFrom: 'red', powerToughnessEffects: [{ tougness: 1 }] }]
      })
    ).toThrow(
      expect.objectContaining({
        code: 'E_BAD_STATE',
        message:
          'state: state.players[0].cantLose: expected true or false, got "yes"; state.rangeOfInfluence: must be 1 or more, got 0; state.permanents[0].powerToughnessEffects[0].tougness: unknown field (did you mean toughness?) (and 1 more problem)'
      })
    )
  })
})
