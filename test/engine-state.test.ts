/**
 * Game states for the engine: validation names every problem by its path, and
 * a valid state comes back normalized.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseState, stateProblems, validateState } from '../src/engine/state.js'
import { projectRoot } from './helpers.js'

const fixtures = join(projectRoot, 'test/fixtures/engine')

describe('game state validation', () => {
  it('accepts every fixture state', () => {
    for (const name of readdirSync(fixtures).filter((n) => n.endsWith('.state.json'))) {
      expect(stateProblems(JSON.parse(readFileSync(join(fixtures, name), 'utf8'))), name).toEqual([])
    }
  })

  it('normalizes type words, counters, owners and timestamps', () => {
    const state = validateState({
      players: [{ id: 'a', life: 20 }],
      permanents: [
        {
          id: 'x',
          name: 'X',
          types: ['creature', 'ARTIFACT'],
          supertypes: ['legendary'],
          subtypes: ['aura', 'Goblin'],
          controller: 'a',
          power: 1,
          toughness: 1,
          counters: { '−1/−1': 1, Loyalty: 2 }
        },
        { id: 'y', name: 'Y', types: ['Land'], owner: 'a', timestamp: 7 }
      ]
    })
    expect(state.permanents[0]).toMatchObject({
      types: ['Creature', 'Artifact'],
      supertypes: ['Legendary'],
      subtypes: ['Aura', 'Goblin'],
      owner: 'a',
      timestamp: 1,
      counters: { '-1/-1': 1, loyalty: 2 }
    })
    expect(state.permanents[1]).toMatchObject({ controller: 'a', owner: 'a', timestamp: 7 })
  })

  it('names each problem by its path', () => {
    const problems = stateProblems({
      variant: 'two-headed',
      players: [
        { id: 'a', life: 1.5 },
        { id: 'a', life: 3, poison: -1, team: 't9' }
      ],
      teams: [{ id: 't1', life: 30 }],
      permanents: [
        { id: 'p', name: 'P', types: 'Creature', controller: 'z' },
        { id: 'q', name: 'Q', types: ['Creature'], controller: 'a', tougness: 2, zone: 'graveyrd' },
        { id: 'r', name: '', types: ['Enchantment'], subtypes: ['Aura'], controller: 'a', attachedTo: 'nowhere', enchant: ['wizard'], copy: 'token' },
        { id: 'p', name: 'P2', types: ['Land'], controller: 'a', counters: { charge: 'two' } }
      ]
    })
    expect(problems).toEqual([
      'state.variant: expected one of normal, two-headed-giant, commander, archenemy, planechase, got "two-headed"',
      'state.players[0].life: expected a whole number, got 1.5',
      'state.players[1].poison: must be 0 or more, got -1',
      'state.permanents[0].types: expected a list of strings, got "Creature"',
      'state.permanents[1].tougness: unknown field (did you mean toughness?)',
      'state.permanents[1].zone: expected one of battlefield, graveyard, exile, hand, library, stack, command, scheme-deck, planar-deck, got "graveyrd" (did you mean graveyard?)',
      'state.permanents[1].toughness: missing: a creature on the battlefield needs a toughness',
      'state.permanents[2].name: expected a non-empty string, got ""',
      'state.permanents[2].enchant[0]: expected one of permanent, player, opponent, artifact, battle, creature, enchantment, land, planeswalker, got "wizard"',
      'state.permanents[2].copy: expected "card" or "spell", got "token"',
      'state.permanents[3].counters["charge"]: expected a whole number, got "two"',
      'state.players[1].id: duplicate id "a"',
      'state.players[1].team: no team "t9" in state.teams',
      'state.permanents[3].id: duplicate id "p"',
      'state.permanents[0].controller: no player "z"',
      'state.permanents[2].attachedTo: no object or player "nowhere"'
    ])
  })

  it('requires what the engine cannot guess', () => {
    expect(stateProblems([])).toEqual(['state: expected an object with "players" and "permanents", got a list'])
    expect(stateProblems({ players: [], permanents: [] })).toEqual(['state.players: expected a non-empty list of players, got a list'])
    expect(stateProblems({ players: [{ id: 'a', life: 1 }] })).toEqual(['state.permanents: expected a list (possibly empty), got undefined'])
    expect(stateProblems({ players: [{ id: 'a', life: 1 }], permanents: [{ id: 'c', name: 'C', types: ['Creature'], controller: 'a' }] })).toEqual([
      'state.permanents[0].toughness: missing: a creature on the battlefield needs a toughness'
    ])
    expect(stateProblems({ variant: 'two-headed-giant', players: [{ id: 'a', life: 1 }], permanents: [] })).toEqual([
      'state.teams: missing: a two-headed-giant game needs teams with their shared life'
    ])
  })

  it('throws one line with the first problems and a count', () => {
    expect(() => parseState('{"players": [', 'broken.json')).toThrow(
      expect.objectContaining({ code: 'E_BAD_STATE', message: expect.stringMatching(/^broken\.json: not JSON/) })
    )
    const many = JSON.stringify({ players: [{ id: 'a', life: 'x', poison: 'y', speed: 'z', lost: 'no' }], permanents: [] })
    expect(() => parseState(many, 'many.json')).toThrow(
      expect.objectContaining({
        code: 'E_BAD_STATE',
        message:
          'many.json: state.players[0].life: expected a whole number, got "x"; state.players[0].poison: expected a whole number, got "y"; state.players[0].speed: expected a whole number, got "z" (and 1 more problem)'
      })
    )
  })
})
