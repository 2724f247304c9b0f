/**
 * The expectation table of the conformance suite, written by hand from the
 * rules (`crdb check ID --history`, `crdb get NUMBER --edition DATE`), kept
 * apart from the engine: nothing here imports `src/engine/sba.ts` or
 * `checks.ts`, so that a wrong engine fails the suite instead of defining it.
 *
 * Each entry is one catalog check: the numbers its rule had (from which edition),
 * a few boards that exercise it, and its eras: from an edition on, what each
 * board ends as, with a short quote of the rule that says so. A board not named
 * in an era's outcomes: nothing happens. The generator (`generate.ts`) turns the
 * entries into cases at every edition where the rule appears, ends, changes
 * number or meaning.
 */
import type { GameState, ObjectState, PlayerState } from '../engine/state.js'
import type { ExpectedAfter } from './case.js'

/** What happens to one subject: `[action, subject]`, or `[action, subject, check]` where another check's rule performs it. */
type Happens = [action: string, subject: string, check?: string]

/** What a board ends as in an era. */
interface Outcome {
  events: Happens[]
  after?: ExpectedAfter
}

/** A board of a table entry. */
interface TableBoard {
  description: string
  board: GameState
  /** Answers to the choices the rules leave to players. */
  choices?: Array<{ kind: string; player: string; answer: string | boolean }>
}

/** From an edition on (until the next era), what each board ends as. */
export interface TableEra {
  from: string
  /** A short quote of the rule in force, or why nothing happens. */
  quote: string
  /** What changed at `from`, in words (for the case's boundary). */
  change: string
  outcomes: Record<string, Outcome>
}

/** One check of the table. */
export interface TableEntry {
  check: string
  /** The number of the check's rule from each edition on (`null`: no such rule from then). */
  numbers: Array<[edition: string, number: string | null]>
  boards: Record<string, TableBoard>
  eras: TableEra[]
  /** Editions in which a board is left out of the suite, with the reason (a known disagreement). */
  skip?: Array<{ board: string; from: string; to: string; reason: string }>
}

const twoPlayers = (p1: Partial<PlayerState> = {}, p2: Partial<PlayerState> = {}): PlayerState[] => [
  { id: 'p1', life: 20, ...p1 },
  { id: 'p2', life: 20, ...p2 }
]
const board = (permanents: ObjectState[], players: PlayerState[] = twoPlayers(), extra: Partial<GameState> = {}): GameState => ({
  players,
  permanents,
  ...extra
})
const creature = (id: string, name: string, power: number, toughness: number, extra: Partial<ObjectState> = {}): ObjectState => ({
  id,
  name,
  types: ['Creature'],
  controller: 'p1',
  power,
  toughness,
  ...extra
})
const one = (action: string, subject: string, after?: ExpectedAfter, check?: string): Outcome => ({
  events: [check ? [action, subject, check] : [action, subject]],
  ...(after ? { after } : {})
})
const gone = (id: string, zone: string | null = 'graveyard'): ExpectedAfter => ({ objects: { [id]: { zone } } })
const lost = (id: string): ExpectedAfter => ({ players: { [id]: { lost: true } } })
const notLost = (id: string): ExpectedAfter => ({ players: { [id]: { lost: false } } })
const stays = (id: string): ExpectedAfter => ({ objects: { [id]: { zone: 'battlefield' } } })

/** Before a check's rule existed: every board ends as it began. */
const none = (from: string, why: string, change = 'not in force'): TableEra => ({ from, quote: why, change, outcomes: {} })

const legend = (id: string, controller: string, timestamp: number, extra: Partial<ObjectState> = {}): ObjectState => ({
  id,
  name: 'Isamaru, Hound of Konda',
  types: ['Creature'],
  supertypes: ['Legendary'],
  subtypes: ['Hound'],
  controller,
  power: 2,
  toughness: 2,
  timestamp,
  ...extra
})
const walker = (id: string, controller: string, timestamp: number): ObjectState => ({
  id,
  name: id === 'j1' ? 'Jace Beleren' : 'Jace, the Mind Sculptor',
  types: ['Planeswalker'],
  subtypes: ['Jace'],
  controller,
  counters: { loyalty: 3 },
  timestamp
})
const world = (id: string, timestamp: number, extra: Partial<ObjectState> = {}): ObjectState => ({
  id,
  name: id === 'w1' ? 'Concordant Crossroads' : 'The Abyss',
  types: ['Enchantment'],
  supertypes: ['World'],
  controller: 'p1',
  timestamp,
  ...extra
})
const aura = (id: string, attachedTo: string | null, extra: Partial<ObjectState> = {}): ObjectState => ({
  id,
  name: 'Holy Strength',
  types: ['Enchantment'],
  subtypes: ['Aura'],
  enchant: ['creature'],
  controller: 'p1',
  attachedTo,
  ...extra
})
const equipment = (id: string, attachedTo: string | null, extra: Partial<ObjectState> = {}): ObjectState => ({
  id,
  name: 'Bonesplitter',
  types: ['Artifact'],
  subtypes: ['Equipment'],
  controller: 'p1',
  attachedTo,
  ...extra
})
const fortification = (id: string, attachedTo: string | null): ObjectState => ({
  id,
  name: 'Darksteel Garrison',
  types: ['Artifact'],
  subtypes: ['Fortification'],
  controller: 'p1',
  attachedTo
})
/** From Future Sight (420.5k, then 704.5p, 704.5n): a Fortification on a creature, or on a land with protection from artifacts, becomes unattached. */
const fortificationFalls: Record<string, Outcome> = {
  'fortification-on-creature': one('unattached', 't1', { objects: { t1: { zone: 'battlefield', attachedTo: null } } }),
  'fortification-on-land': { events: [], after: { objects: { t1: { zone: 'battlefield', attachedTo: 'f1' } } } },
  'fortification-protection': one('unattached', 't1', { objects: { t1: { zone: 'battlefield', attachedTo: null }, f1: { zone: 'battlefield' } } })
}
const land = (id: string, extra: Partial<ObjectState> = {}): ObjectState => ({
  id,
  name: 'Forest',
  types: ['Land'],
  supertypes: ['Basic'],
  controller: 'p1',
  ...extra
})
const twoHeaded = (teamLife: number, teamPoison?: number, players: Array<Partial<PlayerState>> = []): GameState => ({
  variant: 'two-headed-giant',
  players: [
    { id: 'a1', life: teamLife, team: 'A', ...players[0] },
    { id: 'a2', life: teamLife, team: 'A', ...players[1] },
    { id: 'b1', life: 30, team: 'B' },
    { id: 'b2', life: 30, team: 'B' }
  ],
  teams: [
    { id: 'A', life: teamLife, ...(teamPoison === undefined ? {} : { poison: teamPoison }) },
    { id: 'B', life: 30 }
  ],
  permanents: []
})

/** The table: one entry per catalog check of the state-based actions (and their variants). */
export const expectationTable: readonly TableEntry[] = [
  {
    check: 'player-zero-life',
    numbers: [
      ['1999-04-23', '420.5a'],
      ['2009-07-11', '704.5a']
    ],
    boards: {
      'zero-life': { description: 'p1 has 0 life', board: board([], twoPlayers({ life: 0 })) },
      'negative-life': { description: 'p1 has -3 life', board: board([], twoPlayers({ life: -3 })) },
      'one-life': { description: 'p1 has 1 life', board: board([], twoPlayers({ life: 1 })) },
      'cant-lose': {
        description: "p1 has 0 life and an effect says p1 can't lose the game (Platinum Angel)",
        board: board([], twoPlayers({ life: 0, cantLose: true }))
      }
    },
    eras: [
      {
        from: '1999-04-23',
        change: 'first edition',
        quote: '420.5a: A player with 0 or less life loses the game.',
        outcomes: {
          'zero-life': one('loses-game', 'p1', lost('p1')),
          'negative-life': one('loses-game', 'p1', lost('p1')),
          'cant-lose': { events: [], after: notLost('p1') }
        }
      },
      {
        from: '2009-07-11',
        change: 'renumbered 704.5a',
        quote: '704.5a: If a player has 0 or less life, he or she loses the game.',
        outcomes: {
          'zero-life': one('loses-game', 'p1', lost('p1')),
          'negative-life': one('loses-game', 'p1', lost('p1')),
          'cant-lose': { events: [], after: notLost('p1') }
        }
      }
    ]
  },
  {
    check: 'draw-from-empty-library',
    numbers: [
      ['1999-04-23', null],
      ['1999-11-01', '420.5a'],
      ['2001-07-23', '420.5g'],
      ['2009-07-11', '704.5b']
    ],
    boards: {
      drew: { description: 'p1 attempted to draw from an empty library', board: board([], twoPlayers({ attemptedDrawFromEmptyLibrary: true })) },
      'drew-cant-lose': {
        description: "p1 attempted to draw from an empty library and can't lose the game",
        board: board([], twoPlayers({ attemptedDrawFromEmptyLibrary: true, cantLose: true }))
      }
    },
    eras: [
      none('1999-04-23', '420.5 of 1999-04-23 lists no state-based effect for drawing from an empty library'),
      {
        from: '1999-11-01',
        change: 'becomes a state-based effect (in 420.5a)',
        quote: '420.5a: A player with 0 life or less or who was required to draw more cards than were in his or her library loses the game.',
        outcomes: { drew: one('loses-game', 'p1', lost('p1')) }
      },
      {
        from: '2001-07-23',
        change: 'a rule of its own, 420.5g',
        quote: '420.5g: A player who was required to draw more cards than were in his or her library loses the game.',
        outcomes: { drew: one('loses-game', 'p1', lost('p1')) }
      },
      {
        from: '2009-07-11',
        change: 'renumbered 704.5b',
        quote:
          '704.5b: If a player attempted to draw a card from an empty library since the last time state-based actions were checked, he or she loses the game.',
        outcomes: { drew: one('loses-game', 'p1', lost('p1')) }
      }
    ]
  },
  {
    check: 'poison',
    numbers: [
      ['1999-04-23', null],
      ['2001-07-23', '420.5h'],
      ['2009-07-11', '704.5c']
    ],
    boards: {
      ten: { description: 'p1 has ten poison counters', board: board([], twoPlayers({ poison: 10 })) },
      nine: { description: 'p1 has nine poison counters', board: board([], twoPlayers({ poison: 9 })) },
      twelve: { description: 'p1 has twelve poison counters', board: board([], twoPlayers({ poison: 12 })) }
    },
    eras: [
      none('1999-04-23', '420.5 of 1999 lists no state-based effect for poison counters'),
      {
        from: '2001-07-23',
        change: 'becomes a state-based effect, 420.5h',
        quote: '420.5h: A player with ten or more poison counters loses the game.',
        outcomes: { ten: one('loses-game', 'p1', lost('p1')), twelve: one('loses-game', 'p1', lost('p1')) }
      },
      {
        from: '2009-07-11',
        change: 'renumbered 704.5c',
        quote: '704.5c: If a player has ten or more poison counters, he or she loses the game.',
        outcomes: { ten: one('loses-game', 'p1', lost('p1')), twelve: one('loses-game', 'p1', lost('p1')) }
      }
    ]
  },
  {
    check: 'token-outside-battlefield',
    numbers: [
      ['1999-04-23', '420.5f'],
      ['2009-07-11', '704.5d']
    ],
    boards: {
      'token-in-graveyard': {
        description: 'a token creature in its owner’s graveyard',
        board: board([creature('t1', 'Soldier', 1, 1, { token: true, zone: 'graveyard' })])
      },
      'token-in-exile': { description: 'a token in exile', board: board([creature('t1', 'Soldier', 1, 1, { token: true, zone: 'exile' })]) },
      'token-in-hand': { description: 'a token in its owner’s hand (bounced)', board: board([creature('t1', 'Soldier', 1, 1, { token: true, zone: 'hand' })]) },
      'card-in-graveyard': {
        description: 'a nontoken creature card in a graveyard',
        board: board([creature('c1', 'Grizzly Bears', 2, 2, { zone: 'graveyard' })])
      },
      'token-on-battlefield': { description: 'a token creature on the battlefield', board: board([creature('t1', 'Soldier', 1, 1, { token: true })]) }
    },
    eras: [
      {
        from: '1999-04-23',
        change: 'first edition',
        quote: '420.5f: A token in a zone other than the in-play zone ceases to exist.',
        outcomes: {
          'token-in-graveyard': one('ceases-to-exist', 't1', gone('t1', null)),
          'token-in-exile': one('ceases-to-exist', 't1', gone('t1', null)),
          'token-in-hand': one('ceases-to-exist', 't1', gone('t1', null))
        }
      },
      {
        from: '2009-07-11',
        change: 'renumbered 704.5d',
        quote: '704.5d: If a token is phased out, or is in a zone other than the battlefield, it ceases to exist.',
        outcomes: {
          'token-in-graveyard': one('ceases-to-exist', 't1', gone('t1', null)),
          'token-in-exile': one('ceases-to-exist', 't1', gone('t1', null)),
          'token-in-hand': one('ceases-to-exist', 't1', gone('t1', null))
        }
      }
    ]
  },
  {
    check: 'token-phased-out',
    numbers: [
      ['1999-04-23', null],
      ['2001-07-23', '217.8d'],
      ['2009-07-11', '704.5d'],
      ['2017-08-25', null]
    ],
    boards: {
      'phased-out-token': { description: 'a phased-out token creature', board: board([creature('t1', 'Soldier', 1, 1, { token: true, phasedOut: true })]) },
      'phased-out-card': { description: 'a phased-out nontoken creature', board: board([creature('c1', 'Grizzly Bears', 2, 2, { phasedOut: true })]) }
    },
    eras: [
      none('1999-04-23', 'no rule of 1999 makes a phased-out token cease to exist as such'),
      {
        from: '2001-07-23',
        change: 'appears as 217.8d',
        quote: '217.8d: Tokens in the phased-out zone cease to exist. This is a state-based effect.',
        outcomes: { 'phased-out-token': one('ceases-to-exist', 't1', gone('t1', null)) }
      },
      {
        from: '2009-07-11',
        change: 'merged into 704.5d',
        quote: '704.5d: If a token is phased out, or is in a zone other than the battlefield, it ceases to exist.',
        outcomes: { 'phased-out-token': one('ceases-to-exist', 't1', gone('t1', null)) }
      },
      none(
        '2017-08-25',
        '704.5d of 2017-08-25: If a token is in a zone other than the battlefield, it ceases to exist. (phased out: no longer)',
        'phased-out tokens no longer cease to exist'
      )
    ],
    skip: [
      {
        board: 'phased-out-token',
        from: '1999-04-23',
        to: '2001-07-22',
        reason: 'in 1999 "phased out" is a zone (glossary), so 420.5f would make the token cease to exist; crdb’s engine does not model it'
      }
    ]
  },
  {
    check: 'copy-outside-stack',
    numbers: [
      ['1999-04-23', null],
      ['2002-10-07', '420.5j'],
      ['2009-07-11', '704.5e']
    ],
    boards: {
      'spell-copy-in-graveyard': {
        description: 'a copy of a spell in a graveyard',
        board: board([{ id: 's1', name: 'Lightning Bolt', types: ['Instant'], controller: 'p1', copy: 'spell', zone: 'graveyard' }])
      },
      'card-copy-in-hand': {
        description: 'a copy of a card in a hand',
        board: board([{ id: 's1', name: 'Grizzly Bears', types: ['Creature'], controller: 'p1', copy: 'card', zone: 'hand', toughness: 2 }])
      },
      'spell-copy-on-stack': {
        description: 'a copy of a spell on the stack',
        board: board([{ id: 's1', name: 'Lightning Bolt', types: ['Instant'], controller: 'p1', copy: 'spell', zone: 'stack' }])
      }
    },
    eras: [
      none('1999-04-23', 'no state-based effect for copies before October 2002'),
      {
        from: '2002-10-07',
        change: 'appears as 420.5j (copies of spells)',
        quote: '420.5j: A copy of a spell in a zone other than the stack ceases to exist.',
        outcomes: { 'spell-copy-in-graveyard': one('ceases-to-exist', 's1', gone('s1', null)) }
      },
      {
        from: '2003-12-01',
        change: 'copies of cards too',
        quote: '420.5j: ... A copy of a card in any zone other than the stack or the in-play zone ceases to exist.',
        outcomes: {
          'spell-copy-in-graveyard': one('ceases-to-exist', 's1', gone('s1', null)),
          'card-copy-in-hand': one('ceases-to-exist', 's1', gone('s1', null))
        }
      },
      {
        from: '2009-07-11',
        change: 'renumbered 704.5e',
        quote:
          '704.5e: If a copy of a spell is in a zone other than the stack, it ceases to exist. If a copy of a card is in any zone other than the stack or the battlefield, it ceases to exist.',
        outcomes: {
          'spell-copy-in-graveyard': one('ceases-to-exist', 's1', gone('s1', null)),
          'card-copy-in-hand': one('ceases-to-exist', 's1', gone('s1', null))
        }
      }
    ]
  },
  {
    check: 'toughness-zero',
    numbers: [
      ['1999-04-23', '420.5b'],
      ['2009-07-11', '704.5f']
    ],
    boards: {
      'base-zero': { description: 'a 0/0 creature', board: board([creature('c1', 'Shapeshifter', 0, 0)]) },
      'minus-counters': {
        description: 'a 2/2 with two -1/-1 counters (toughness 0)',
        board: board([creature('c1', 'Grizzly Bears', 2, 2, { counters: { '-1/-1': 2 } })])
      },
      'effect-minus-two': {
        description: 'a 2/2 under an effect giving -2/-2 (Infest)',
        board: board([creature('c1', 'Grizzly Bears', 2, 2, { powerToughnessEffects: [{ power: -2, toughness: -2, source: 'Infest' }] })])
      },
      'zero-with-shield': {
        description: 'a 0/0 creature with a regeneration shield (regeneration can’t replace this)',
        board: board([creature('c1', 'Shapeshifter', 0, 0, { regenerationShields: 1 })])
      },
      'one-toughness': { description: 'a 1/1 creature', board: board([creature('c1', 'Llanowar Elves', 1, 1)]) }
    },
    eras: ['1999-04-23', '2009-07-11'].map(
      (from): TableEra => ({
        from,
        change: from === '1999-04-23' ? 'first edition' : 'renumbered 704.5f',
        quote:
          from === '1999-04-23'
            ? "420.5b: A creature with toughness 0 is put into its owner's graveyard. Regeneration can't replace this event."
            : "704.5f: If a creature has toughness 0 or less, it's put into its owner's graveyard. Regeneration can't replace this event.",
        outcomes: {
          'base-zero': one('put-into-graveyard', 'c1', gone('c1')),
          'minus-counters': one('put-into-graveyard', 'c1', gone('c1')),
          'effect-minus-two': one('put-into-graveyard', 'c1', gone('c1')),
          'zero-with-shield': one('put-into-graveyard', 'c1', gone('c1'))
        }
      })
    )
  },
  {
    check: 'lethal-damage',
    numbers: [
      ['1999-04-23', '420.5c'],
      ['2009-07-11', '704.5g']
    ],
    boards: {
      lethal: { description: 'a 2/2 with 2 damage', board: board([creature('c1', 'Grizzly Bears', 2, 2, { damage: 2 })]) },
      'more-than-lethal': { description: 'a 2/2 with 5 damage', board: board([creature('c1', 'Grizzly Bears', 2, 2, { damage: 5 })]) },
      'not-lethal': { description: 'a 3/3 with 2 damage', board: board([creature('c1', 'Hill Giant', 3, 3, { damage: 2 })]) },
      regenerates: {
        description: 'a 2/2 with 2 damage and a regeneration shield',
        board: board([creature('c1', 'Drudge Skeletons', 2, 2, { damage: 2, regenerationShields: 1 })])
      },
      'pumped-survives': {
        description: 'a 2/2 with 2 damage under a +1/+1 effect (Glorious Anthem)',
        board: board([creature('c1', 'Grizzly Bears', 2, 2, { damage: 2, powerToughnessEffects: [{ power: 1, toughness: 1, source: 'Glorious Anthem' }] })])
      }
    },
    eras: [
      {
        from: '1999-04-23',
        change: 'first edition',
        quote: '420.5c: A creature with lethal damage is destroyed. Regeneration does replace this event.',
        outcomes: {
          lethal: one('destroyed', 'c1', gone('c1')),
          'more-than-lethal': one('destroyed', 'c1', gone('c1')),
          regenerates: one('regenerated', 'c1', stays('c1'))
        }
      },
      {
        from: '1999-11-01',
        change: 'lethal damage defined (greater than 0)',
        quote: "420.5c: ... Lethal damage is an amount of damage greater than 0 and greater than or equal to a creature's toughness.",
        outcomes: {
          lethal: one('destroyed', 'c1', gone('c1')),
          'more-than-lethal': one('destroyed', 'c1', gone('c1')),
          regenerates: one('regenerated', 'c1', stays('c1'))
        }
      },
      {
        from: '2003-07-01',
        change: 'only creatures with toughness greater than 0',
        quote: '420.5c: A creature with lethal damage, but greater than 0 toughness is destroyed.',
        outcomes: {
          lethal: one('destroyed', 'c1', gone('c1')),
          'more-than-lethal': one('destroyed', 'c1', gone('c1')),
          regenerates: one('regenerated', 'c1', stays('c1'))
        }
      },
      {
        from: '2009-07-11',
        change: 'renumbered 704.5g',
        quote:
          '704.5g: If a creature has toughness greater than 0, and the total damage marked on it is greater than or equal to its toughness, that creature has been dealt lethal damage and is destroyed.',
        outcomes: {
          lethal: one('destroyed', 'c1', gone('c1')),
          'more-than-lethal': one('destroyed', 'c1', gone('c1')),
          regenerates: one('regenerated', 'c1', stays('c1'))
        }
      },
      {
        from: '2020-04-17',
        change: 'reworded: "it has damage marked on it"',
        quote:
          '704.5g: If a creature has toughness greater than 0, it has damage marked on it, and the total damage marked on it is greater than or equal to its toughness, ... is destroyed.',
        outcomes: {
          lethal: one('destroyed', 'c1', gone('c1')),
          'more-than-lethal': one('destroyed', 'c1', gone('c1')),
          regenerates: one('regenerated', 'c1', stays('c1'))
        }
      }
    ]
  },
  {
    check: 'deathtouch-damage',
    numbers: [
      ['1999-04-23', null],
      ['2009-07-11', '704.5h']
    ],
    boards: {
      deathtouched: {
        description: 'a 5/5 dealt 1 damage by a source with deathtouch',
        board: board([creature('c1', 'Craw Wurm', 6, 4, { damage: 1, deathtouchDamage: true })])
      },
      'deathtouched-regenerates': {
        description: 'a 5/5 dealt 1 deathtouch damage, with a regeneration shield',
        board: board([creature('c1', 'Craw Wurm', 6, 4, { damage: 1, deathtouchDamage: true, regenerationShields: 1 })])
      }
    },
    eras: [
      none('1999-04-23', 'no state-based action for deathtouch (a triggered ability from 2007-05-01 to 2009-07-10: 502.63a)'),
      {
        from: '2009-07-11',
        change: 'appears as 704.5h (deathtouch becomes static)',
        quote:
          '704.5h: If a creature has been dealt damage by a source with deathtouch since the last time state-based actions were checked, that creature is destroyed.',
        outcomes: { deathtouched: one('destroyed', 'c1', gone('c1')), 'deathtouched-regenerates': one('regenerated', 'c1', stays('c1')) }
      },
      {
        from: '2010-07-16',
        change: 'only creatures with toughness greater than 0',
        quote:
          "704.5h: If a creature has toughness greater than 0, and it's been dealt damage by a source with deathtouch since the last time state-based actions were checked, that creature is destroyed.",
        outcomes: { deathtouched: one('destroyed', 'c1', gone('c1')), 'deathtouched-regenerates': one('regenerated', 'c1', stays('c1')) }
      }
    ]
  },
  {
    check: 'planeswalker-zero-loyalty',
    numbers: [
      ['1999-04-23', null],
      ['2007-10-01', '420.5p'],
      ['2009-07-11', '704.5i']
    ],
    boards: {
      'zero-loyalty': {
        description: 'a planeswalker with no loyalty counters',
        board: board([{ id: 'w1', name: 'Garruk Wildspeaker', types: ['Planeswalker'], subtypes: ['Garruk'], controller: 'p1', counters: { loyalty: 0 } }])
      },
      'one-loyalty': {
        description: 'a planeswalker with 1 loyalty',
        board: board([{ id: 'w1', name: 'Garruk Wildspeaker', types: ['Planeswalker'], subtypes: ['Garruk'], controller: 'p1', counters: { loyalty: 1 } }])
      }
    },
    eras: [
      none('1999-04-23', 'no planeswalkers before Lorwyn (2007-10-01)'),
      {
        from: '2007-10-01',
        change: 'appears as 420.5p (Lorwyn)',
        quote: "420.5p: A planeswalker with loyalty 0 is put into its owner's graveyard.",
        outcomes: { 'zero-loyalty': one('put-into-graveyard', 'w1', gone('w1')) }
      },
      {
        from: '2009-07-11',
        change: 'renumbered 704.5i',
        quote: "704.5i: If a planeswalker has loyalty 0, it's put into its owner's graveyard.",
        outcomes: { 'zero-loyalty': one('put-into-graveyard', 'w1', gone('w1')) }
      }
    ]
  },
  {
    check: 'planeswalker-uniqueness',
    numbers: [
      ['1999-04-23', null],
      ['2007-10-01', '420.5q'],
      ['2009-07-11', '704.5j'],
      ['2017-09-29', null]
    ],
    boards: {
      'same-controller': {
        description: 'p1 controls two Jace planeswalkers (timestamps 1 and 2)',
        board: board([walker('j1', 'p1', 1), walker('j2', 'p1', 2)]),
        choices: [{ kind: 'planeswalker-uniqueness', player: 'p1', answer: 'j2' }]
      },
      'two-controllers': { description: 'p1 and p2 each control a Jace planeswalker', board: board([walker('j1', 'p1', 1), walker('j2', 'p2', 2)]) }
    },
    eras: [
      none('1999-04-23', 'no planeswalkers before Lorwyn (2007-10-01)'),
      {
        from: '2007-10-01',
        change: 'appears as 420.5q (all go)',
        quote: "420.5q: If two or more planeswalkers that share a planeswalker type are in play, all are put into their owners' graveyards.",
        outcomes: {
          'same-controller': {
            events: [
              ['put-into-graveyard', 'j1'],
              ['put-into-graveyard', 'j2']
            ]
          },
          'two-controllers': {
            events: [
              ['put-into-graveyard', 'j1'],
              ['put-into-graveyard', 'j2']
            ]
          }
        }
      },
      {
        from: '2009-07-11',
        change: 'renumbered 704.5j',
        quote: "704.5j: If two or more planeswalkers that share a planeswalker type are on the battlefield, all are put into their owners' graveyards.",
        outcomes: {
          'same-controller': {
            events: [
              ['put-into-graveyard', 'j1'],
              ['put-into-graveyard', 'j2']
            ]
          },
          'two-controllers': {
            events: [
              ['put-into-graveyard', 'j1'],
              ['put-into-graveyard', 'j2']
            ]
          }
        }
      },
      {
        from: '2013-07-13',
        change: 'each controller chooses one (Magic 2014)',
        quote:
          '704.5j: If a player controls two or more planeswalkers that share a planeswalker type, that player chooses one of them, and the rest are put into their owners’ graveyards.',
        outcomes: { 'same-controller': one('put-into-graveyard', 'j1', { objects: { j1: { zone: 'graveyard' }, j2: { zone: 'battlefield' } } }) }
      },
      none('2017-09-29', 'the planeswalker uniqueness rule is gone (Ixalan); planeswalkers of one type may coexist', 'removed (Ixalan)')
    ]
  },
  {
    check: 'legend-rule',
    numbers: [
      ['1999-04-23', '420.5e'],
      ['2009-07-11', '704.5k'],
      ['2017-09-29', '704.5j']
    ],
    boards: {
      'same-controller': {
        description: 'p1 controls two legendary permanents with the same name (timestamps 1 and 2)',
        board: board([legend('l1', 'p1', 1), legend('l2', 'p1', 2)]),
        choices: [{ kind: 'legend-rule', player: 'p1', answer: 'l2' }]
      },
      'two-controllers': {
        description: 'p1 and p2 each control a legendary permanent with the same name',
        board: board([legend('l1', 'p1', 1), legend('l2', 'p2', 2)])
      },
      tie: {
        description: 'two legendary permanents with the same name and the same timestamp',
        board: board([legend('l1', 'p1', 5), legend('l2', 'p1', 5)]),
        choices: [{ kind: 'legend-rule', player: 'p1', answer: 'l1' }]
      },
      'legend-subtype': {
        description: 'two nonlegendary creatures with the creature type Legend and the same name',
        board: board([
          creature('l1', 'Tetsuo Umezawa', 3, 3, { subtypes: ['Human', 'Legend'], timestamp: 1 }),
          creature('l2', 'Tetsuo Umezawa', 3, 3, { subtypes: ['Human', 'Legend'], timestamp: 2 })
        ])
      },
      'legendary-longest': {
        description: 'l1 entered first (timestamp 1) but became legendary later (at 5) than l2 (timestamp 2, legendary since 2)',
        board: board([legend('l1', 'p1', 1, { legendarySince: 5 }), legend('l2', 'p1', 2)]),
        choices: [{ kind: 'legend-rule', player: 'p1', answer: 'l2' }]
      },
      'legendary-tokens': {
        description: 'two legendary token copies with the same name, one with +1/+1 counters',
        board: board([legend('l1', 'p1', 1, { token: true, counters: { '+1/+1': 2 } }), legend('l2', 'p1', 2, { token: true })]),
        choices: [{ kind: 'legend-rule', player: 'p1', answer: 'l1' }]
      },
      'different-names': {
        description: 'two legendary permanents with different names',
        board: board([legend('l1', 'p1', 1), legend('l2', 'p1', 2, { name: 'Isamaru, the Other' })])
      }
    },
    eras: [
      {
        from: '1999-04-23',
        change: 'first edition (earliest timestamp stays)',
        quote:
          '420.5e: If two or more Legends or Legendary permanents with the same name are in play, all except the one with the earliest timestamp are put into in their owners’ graveyards. ... In the event of a tie for earliest timestamp, each ... is put into its owner’s graveyard.',
        outcomes: {
          'same-controller': one('put-into-graveyard', 'l2', gone('l2')),
          'two-controllers': one('put-into-graveyard', 'l2', gone('l2')),
          tie: {
            events: [
              ['put-into-graveyard', 'l1'],
              ['put-into-graveyard', 'l2']
            ]
          },
          'legend-subtype': one('put-into-graveyard', 'l2', gone('l2')),
          'legendary-longest': one('put-into-graveyard', 'l2', { objects: { l1: { zone: 'battlefield' }, l2: { zone: 'graveyard' } } }),
          'legendary-tokens': {
            events: [
              ['put-into-graveyard', 'l2'],
              ['ceases-to-exist', 'l2', 'token-outside-battlefield']
            ],
            after: { objects: { l1: { zone: 'battlefield' }, l2: { zone: null } } }
          }
        }
      },
      {
        from: '2001-07-23',
        change: 'the one legendary the longest stays',
        quote:
          '420.5e: ... all except the one that has been a Legend or legendary permanent with that name the longest are put into their owners’ graveyards. ... In the event of a tie, each ... is put into its owner’s graveyard.',
        outcomes: {
          'same-controller': one('put-into-graveyard', 'l2', gone('l2')),
          'two-controllers': one('put-into-graveyard', 'l2', gone('l2')),
          tie: {
            events: [
              ['put-into-graveyard', 'l1'],
              ['put-into-graveyard', 'l2']
            ]
          },
          'legend-subtype': one('put-into-graveyard', 'l2', gone('l2')),
          'legendary-longest': one('put-into-graveyard', 'l1', { objects: { l1: { zone: 'graveyard' }, l2: { zone: 'battlefield' } } }),
          'legendary-tokens': {
            events: [
              ['put-into-graveyard', 'l2'],
              ['ceases-to-exist', 'l2', 'token-outside-battlefield']
            ],
            after: { objects: { l1: { zone: 'battlefield' }, l2: { zone: null } } }
          }
        }
      },
      {
        from: '2004-10-01',
        change: 'all go; the subtype Legend no longer counts (Champions of Kamigawa)',
        quote: "420.5e: If two or more permanents with the same name have the supertype legendary, all are put into their owners' graveyards.",
        outcomes: {
          'same-controller': {
            events: [
              ['put-into-graveyard', 'l1'],
              ['put-into-graveyard', 'l2']
            ]
          },
          'two-controllers': {
            events: [
              ['put-into-graveyard', 'l1'],
              ['put-into-graveyard', 'l2']
            ]
          },
          tie: {
            events: [
              ['put-into-graveyard', 'l1'],
              ['put-into-graveyard', 'l2']
            ]
          },
          'legendary-longest': {
            events: [
              ['put-into-graveyard', 'l1'],
              ['put-into-graveyard', 'l2']
            ]
          },
          'legendary-tokens': {
            events: [
              ['ceases-to-exist', 'l1', 'token-outside-battlefield'],
              ['ceases-to-exist', 'l2', 'token-outside-battlefield'],
              ['put-into-graveyard', 'l1'],
              ['put-into-graveyard', 'l2']
            ],
            after: { objects: { l1: { zone: null }, l2: { zone: null } } }
          }
        }
      },
      {
        from: '2009-07-11',
        change: 'renumbered 704.5k',
        quote: "704.5k: If two or more legendary permanents with the same name are on the battlefield, all are put into their owners' graveyards.",
        outcomes: {
          'same-controller': {
            events: [
              ['put-into-graveyard', 'l1'],
              ['put-into-graveyard', 'l2']
            ]
          },
          'two-controllers': {
            events: [
              ['put-into-graveyard', 'l1'],
              ['put-into-graveyard', 'l2']
            ]
          },
          tie: {
            events: [
              ['put-into-graveyard', 'l1'],
              ['put-into-graveyard', 'l2']
            ]
          },
          'legendary-longest': {
            events: [
              ['put-into-graveyard', 'l1'],
              ['put-into-graveyard', 'l2']
            ]
          },
          'legendary-tokens': {
            events: [
              ['ceases-to-exist', 'l1', 'token-outside-battlefield'],
              ['ceases-to-exist', 'l2', 'token-outside-battlefield'],
              ['put-into-graveyard', 'l1'],
              ['put-into-graveyard', 'l2']
            ],
            after: { objects: { l1: { zone: null }, l2: { zone: null } } }
          }
        }
      },
      {
        from: '2013-07-13',
        change: 'each controller chooses one (Magic 2014)',
        quote:
          '704.5k: If a player controls two or more legendary permanents with the same name, that player chooses one of them, and the rest are put into their owners’ graveyards.',
        outcomes: {
          'same-controller': one('put-into-graveyard', 'l1', { objects: { l1: { zone: 'graveyard' }, l2: { zone: 'battlefield' } } }),
          tie: one('put-into-graveyard', 'l2', { objects: { l1: { zone: 'battlefield' }, l2: { zone: 'graveyard' } } }),
          'legendary-longest': one('put-into-graveyard', 'l1', gone('l1')),
          'legendary-tokens': {
            events: [
              ['put-into-graveyard', 'l2'],
              ['ceases-to-exist', 'l2', 'token-outside-battlefield']
            ],
            after: { objects: { l1: { zone: 'battlefield', counters: { '+1/+1': 2 } }, l2: { zone: null } } }
          }
        }
      }
    ]
  },
  {
    check: 'world-rule',
    numbers: [
      ['1999-04-23', null],
      ['2001-07-23', '420.5i'],
      ['2009-07-11', '704.5m'],
      ['2017-09-29', '704.5k']
    ],
    boards: {
      'two-worlds': { description: 'two world enchantments, timestamps 1 and 2', board: board([world('w1', 1), world('w2', 2)]) },
      tie: { description: 'two world enchantments with the same timestamp', board: board([world('w1', 3), world('w2', 3)]) },
      'world-since': {
        description: 'w2 entered later (timestamp 2) but has been a world longer (world since 1) than w1 (world since 4)',
        board: board([world('w1', 1, { worldSince: 4 }), world('w2', 2, { worldSince: 1 })])
      },
      'one-world': { description: 'one world enchantment', board: board([world('w1', 1)]) }
    },
    eras: [
      none('1999-04-23', '420.5 of 1999 has no world rule among the state-based effects'),
      {
        from: '2001-07-23',
        change: 'appears as 420.5i (enchant worlds)',
        quote:
          "420.5i: If two or more enchant worlds are in play, all except the one that has been an enchant world for the shortest amount of time are put into their owners' graveyards. In the event of a tie ..., all are put into their owners' graveyards.",
        outcomes: {
          'two-worlds': one('put-into-graveyard', 'w1', { objects: { w1: { zone: 'graveyard' }, w2: { zone: 'battlefield' } } }),
          tie: {
            events: [
              ['put-into-graveyard', 'w1'],
              ['put-into-graveyard', 'w2']
            ]
          },
          'world-since': one('put-into-graveyard', 'w2', { objects: { w1: { zone: 'battlefield' }, w2: { zone: 'graveyard' } } })
        }
      },
      ...['2009-07-11', '2017-09-29'].map(
        (from): TableEra => ({
          from,
          change: from === '2009-07-11' ? 'renumbered 704.5m' : 'renumbered 704.5k',
          quote:
            "704.5: If two or more permanents have the supertype world, all except the one that has had the world supertype for the shortest amount of time are put into their owners' graveyards.",
          outcomes: {
            'two-worlds': one('put-into-graveyard', 'w1', { objects: { w1: { zone: 'graveyard' }, w2: { zone: 'battlefield' } } }),
            tie: {
              events: [
                ['put-into-graveyard', 'w1'],
                ['put-into-graveyard', 'w2']
              ]
            },
            'world-since': one('put-into-graveyard', 'w2', { objects: { w1: { zone: 'battlefield' }, w2: { zone: 'graveyard' } } })
          }
        })
      )
    ]
  },
  {
    check: 'aura-illegal',
    numbers: [
      ['1999-04-23', '420.5d'],
      ['2009-07-11', '704.5n'],
      ['2017-09-29', '704.5m']
    ],
    boards: {
      'on-nothing': { description: 'an Aura attached to nothing', board: board([aura('a1', null)]) },
      'on-land': { description: 'an Aura with "enchant creature" attached to a land', board: board([land('f1'), aura('a1', 'f1')]) },
      'on-creature': { description: 'an Aura with "enchant creature" on a creature', board: board([creature('c1', 'Grizzly Bears', 2, 2), aura('a1', 'c1')]) },
      'on-player': {
        description: 'an Aura with "enchant player" attached to a player (a Curse)',
        board: board([aura('a1', 'p2', { name: 'Curse of Death’s Hold', enchant: ['player'], subtypes: ['Aura', 'Curse'] })])
      },
      protection: {
        description: 'a white Aura on a creature with protection from white (702.16)',
        board: board([
          creature('c1', 'White Knight', 2, 2, { protectionFrom: ['black'] }),
          creature('c2', 'Black Knight', 2, 2, { protectionFrom: ['white'] }),
          aura('a1', 'c2', { colors: ['white'] })
        ])
      },
      'protection-everything': {
        description: 'p1’s own Aura on Progenitus, which has protection from everything (502.7g from Conflux, then 702.14i, 702.16j)',
        board: board([creature('c1', 'Progenitus', 10, 10, { protectionFrom: ['everything'] }), aura('a1', 'c1', { colors: ['white'] })])
      },
      'protection-player': {
        description: 'p2’s Aura on p1’s creature that has protection from p2 (702.16k, from 2022-07-08)',
        board: board([creature('c1', 'Grizzly Bears', 2, 2, { protectionFrom: ['player:p2'] }), aura('a1', 'c1', { controller: 'p2' })])
      }
    },
    // Protection from everything is in the rules from Conflux (2009-02-01), from a player from 2022-07-08: not asked before.
    skip: [
      { board: 'protection-everything', from: '1999-04-23', to: '2009-01-31', reason: 'no protection from everything before Conflux (502.7g, 2009-02-01)' },
      { board: 'protection-player', from: '1999-04-23', to: '2022-07-07', reason: 'no protection from a player before 702.16k (2022-07-08)' }
    ],
    eras: [
      {
        from: '1999-04-23',
        change: 'first edition',
        quote: "420.5d: A local enchantment that enchants an illegal or nonexistent permanent is put into its owner's graveyard.",
        outcomes: {
          'on-nothing': one('put-into-graveyard', 'a1', gone('a1')),
          'on-land': one('put-into-graveyard', 'a1', gone('a1')),
          'on-player': one('put-into-graveyard', 'a1', gone('a1')),
          protection: one('put-into-graveyard', 'a1', gone('a1'))
        }
      },
      {
        from: '2005-10-01',
        change: 'local enchantments become Auras',
        quote: "420.5d: An Aura attached to an illegal permanent or not attached to a permanent is put into its owner's graveyard.",
        outcomes: {
          'on-nothing': one('put-into-graveyard', 'a1', gone('a1')),
          'on-land': one('put-into-graveyard', 'a1', gone('a1')),
          'on-player': one('put-into-graveyard', 'a1', gone('a1')),
          protection: one('put-into-graveyard', 'a1', gone('a1'))
        }
      },
      ...['2006-07-15', '2009-07-11', '2017-09-29'].map(
        (from): TableEra => ({
          from,
          change: from === '2006-07-15' ? 'Auras may enchant players (Coldsnap)' : `renumbered ${from === '2009-07-11' ? '704.5n' : '704.5m'}`,
          quote: "An Aura attached to an illegal object or player, or not attached to an object or player, is put into its owner's graveyard.",
          outcomes: {
            'on-nothing': one('put-into-graveyard', 'a1', gone('a1')),
            'on-land': one('put-into-graveyard', 'a1', gone('a1')),
            'on-player': { events: [], after: stays('a1') },
            protection: one('put-into-graveyard', 'a1', gone('a1')),
            'protection-everything': one('put-into-graveyard', 'a1', gone('a1')),
            'protection-player': one('put-into-graveyard', 'a1', gone('a1'))
          }
        })
      )
    ]
  },
  {
    check: 'equipment-illegal',
    numbers: [
      ['1999-04-23', null],
      ['2003-10-01', '420.5k'],
      ['2009-07-11', '704.5p'],
      ['2017-09-29', '704.5n']
    ],
    boards: {
      'on-land': { description: 'an Equipment attached to a land', board: board([land('f1'), equipment('e1', 'f1')]) },
      'on-creature': { description: 'an Equipment attached to a creature', board: board([creature('c1', 'Grizzly Bears', 2, 2), equipment('e1', 'c1')]) },
      protection: {
        description: 'an Equipment attached to a creature with protection from artifacts (702.16)',
        board: board([creature('c1', 'Tel-Jilad Chosen', 2, 1, { protectionFrom: ['artifacts'] }), equipment('e1', 'c1')])
      },
      'on-player': { description: 'an Equipment attached to a player', board: board([equipment('e1', 'p1')]) },
      'protection-everything': {
        description: 'p1’s own Equipment attached to Progenitus, which has protection from everything (from Conflux, 2009-02-01)',
        board: board([creature('c1', 'Progenitus', 10, 10, { protectionFrom: ['everything'] }), equipment('e1', 'c1')])
      },
      'fortification-on-creature': {
        description: 'a Fortification attached to a creature (301.6: it can’t legally be attached to an object that isn’t a land)',
        board: board([creature('c1', 'Grizzly Bears', 2, 2), fortification('t1', 'c1')])
      },
      'fortification-on-land': { description: 'a Fortification attached to a land', board: board([land('f1'), fortification('t1', 'f1')]) },
      'fortification-protection': {
        description:
          'a Fortification attached to a land that an effect gave protection from artifacts (702.16: can’t be fortified by Fortifications with the quality)',
        board: board([land('f1', { protectionFrom: ['artifacts'] }), fortification('t1', 'f1')])
      },
      'fortification-on-player': { description: 'a Fortification attached to a player', board: board([fortification('t1', 'p1')]) }
    },
    // Fortifications exist from Future Sight (2007-05-01); before it the rules have no Fortification, so its boards are not asked.
    skip: [
      ...['fortification-on-creature', 'fortification-on-land', 'fortification-protection', 'fortification-on-player'].map((name) => ({
        board: name,
        from: '1999-04-23',
        to: '2007-02-01',
        reason: 'no Fortification before Future Sight (2007-05-01): no rule of the edition says what one does'
      })),
      { board: 'protection-everything', from: '1999-04-23', to: '2009-01-31', reason: 'no protection from everything before Conflux (502.7g, 2009-02-01)' }
    ],
    eras: [
      none('1999-04-23', 'no Equipment before Mirrodin (2003-10-01)'),
      ...['2003-10-01', '2005-10-01', '2007-05-01', '2009-07-11', '2017-09-29'].map(
        (from): TableEra => ({
          from,
          change: {
            '2003-10-01': 'appears as 420.5k (Mirrodin)',
            '2005-10-01': 'reworded (attached)',
            '2007-05-01': 'Fortifications too',
            '2009-07-11': 'renumbered 704.5p',
            '2017-09-29': 'renumbered 704.5n'
          }[from]!,
          quote:
            'An Equipment [or Fortification] attached to an illegal permanent becomes unattached from that permanent. It remains in play / on the battlefield.',
          outcomes: {
            'on-land': one('unattached', 'e1', { objects: { e1: { zone: 'battlefield', attachedTo: null } } }),
            protection: one('unattached', 'e1', { objects: { e1: { zone: 'battlefield', attachedTo: null } } }),
            'protection-everything': one('unattached', 'e1', { objects: { e1: { zone: 'battlefield', attachedTo: null } } }),
            ...(from >= '2007-05-01' ? fortificationFalls : {})
          }
        })
      ),
      {
        from: '2019-10-04',
        change: 'also when attached to a player',
        quote:
          '704.5n: If an Equipment or Fortification is attached to an illegal permanent or to a player, it becomes unattached from that permanent or player. It remains on the battlefield.',
        outcomes: {
          'on-land': one('unattached', 'e1', { objects: { e1: { zone: 'battlefield', attachedTo: null } } }),
          protection: one('unattached', 'e1', { objects: { e1: { zone: 'battlefield', attachedTo: null } } }),
          'on-player': one('unattached', 'e1', { objects: { e1: { zone: 'battlefield', attachedTo: null } } }),
          'protection-everything': one('unattached', 'e1', { objects: { e1: { zone: 'battlefield', attachedTo: null } } }),
          ...fortificationFalls,
          'fortification-on-player': one('unattached', 't1', { objects: { t1: { zone: 'battlefield', attachedTo: null } } })
        }
      }
    ]
  },
  {
    check: 'counter-annihilation',
    numbers: [
      ['1999-04-23', null],
      ['2006-10-01', '420.5n'],
      ['2009-07-11', '704.5r'],
      ['2017-09-29', '704.5q']
    ],
    boards: {
      'two-and-one': {
        description: 'a 2/2 with two +1/+1 counters and one -1/-1 counter',
        board: board([creature('c1', 'Grizzly Bears', 2, 2, { counters: { '+1/+1': 2, '-1/-1': 1 } })])
      },
      'one-and-three': {
        description: 'a 5/5 with one +1/+1 counter and three -1/-1 counters',
        board: board([creature('c1', 'Craw Wurm', 5, 5, { counters: { '+1/+1': 1, '-1/-1': 3 } })])
      },
      'only-plus': { description: 'a 2/2 with two +1/+1 counters', board: board([creature('c1', 'Grizzly Bears', 2, 2, { counters: { '+1/+1': 2 } })]) }
    },
    eras: [
      none('1999-04-23', 'no state-based effect for +1/+1 and -1/-1 counters before Time Spiral (2006-10-01)'),
      ...['2006-10-01', '2009-07-11', '2017-09-29'].map(
        (from): TableEra => ({
          from,
          change: { '2006-10-01': 'appears as 420.5n (Time Spiral)', '2009-07-11': 'renumbered 704.5r', '2017-09-29': 'renumbered 704.5q' }[from]!,
          quote:
            'If a permanent has both a +1/+1 counter and a -1/-1 counter on it, N +1/+1 and N -1/-1 counters are removed from it, where N is the smaller of the number of +1/+1 and -1/-1 counters on it.',
          outcomes: {
            'two-and-one': one('counters-removed', 'c1', { objects: { c1: { counters: { '+1/+1': 1 } } } }),
            'one-and-three': one('counters-removed', 'c1', { objects: { c1: { counters: { '-1/-1': 2 } } } })
          }
        })
      )
    ]
  },
  {
    check: 'counter-limit',
    numbers: [
      ['1999-04-23', null],
      ['2009-09-04', '704.5s'],
      ['2017-09-29', '704.5r']
    ],
    boards: {
      'over-limit': {
        description: 'a permanent that can’t have more than 1 verse counter has 3',
        board: board([{ id: 'x1', name: 'Gauntlet of Power', types: ['Artifact'], controller: 'p1', counters: { verse: 3 }, counterLimits: { verse: 1 } }])
      },
      'at-limit': {
        description: 'a permanent that can’t have more than 2 charge counters has 2',
        board: board([{ id: 'x1', name: 'Gauntlet of Power', types: ['Artifact'], controller: 'p1', counters: { charge: 2 }, counterLimits: { charge: 2 } }])
      }
    },
    eras: [
      none('1999-04-23', 'no state-based action for counter limits before 2009-09-04'),
      ...['2009-09-04', '2017-09-29'].map(
        (from): TableEra => ({
          from,
          change: from === '2009-09-04' ? 'appears as 704.5s' : 'renumbered 704.5r',
          quote:
            'If a permanent with an ability that says it can’t have more than N counters of a certain kind on it has more than N counters of that kind on it, all but N of those counters are removed from it.',
          outcomes: { 'over-limit': one('counters-removed', 'x1', { objects: { x1: { counters: { verse: 1 } } } }) }
        })
      )
    ]
  },
  {
    check: 'saga-final-chapter',
    numbers: [
      ['1999-04-23', null],
      ['2018-07-13', '704.5s']
    ],
    boards: {
      final: {
        description: 'a Saga with 3 lore counters and final chapter 3',
        board: board([
          { id: 's1', name: 'History of Benalia', types: ['Enchantment'], subtypes: ['Saga'], controller: 'p1', counters: { lore: 3 }, finalChapter: 3 }
        ])
      },
      pending: {
        description: 'a Saga at its final chapter whose chapter ability has triggered and not left the stack',
        board: board([
          {
            id: 's1',
            name: 'History of Benalia',
            types: ['Enchantment'],
            subtypes: ['Saga'],
            controller: 'p1',
            counters: { lore: 3 },
            finalChapter: 3,
            triggeredAbilityPending: true
          }
        ])
      },
      'no-chapters': {
        description: 'a Saga that has lost its chapter abilities (Urza’s Saga under Blood Moon), no lore counters',
        board: board([
          { id: 's1', name: 'Urza’s Saga', types: ['Enchantment', 'Land'], subtypes: ['Urza’s', 'Saga'], controller: 'p1', hasChapterAbilities: false }
        ])
      },
      'before-final': {
        description: 'a Saga with 2 lore counters and final chapter 3',
        board: board([
          { id: 's1', name: 'History of Benalia', types: ['Enchantment'], subtypes: ['Saga'], controller: 'p1', counters: { lore: 2 }, finalChapter: 3 }
        ])
      }
    },
    eras: [
      none('1999-04-23', 'no Sagas before Dominaria (2018-04-27 release; first in the rules of 2018-07-13 here)'),
      {
        from: '2018-07-13',
        change: 'appears as 704.5s',
        quote:
          '704.5s: If the number of lore counters on a Saga permanent is greater than or equal to its final chapter number and it isn’t the source of a chapter ability that has triggered but not yet left the stack, that Saga’s controller sacrifices it.',
        outcomes: { final: one('sacrificed', 's1', gone('s1')), 'no-chapters': one('sacrificed', 's1', gone('s1')) }
      },
      {
        from: '2025-07-25',
        change: 'only Sagas with one or more chapter abilities',
        quote:
          '704.5s: If the number of lore counters on a Saga permanent with one or more chapter abilities is greater than or equal to its final chapter number ..., that Saga’s controller sacrifices it.',
        outcomes: { final: one('sacrificed', 's1', gone('s1')), 'no-chapters': { events: [], after: stays('s1') } }
      }
    ]
  },
  {
    check: 'dungeon-complete',
    numbers: [
      ['1999-04-23', null],
      ['2021-07-23', '704.5t']
    ],
    boards: {
      bottom: {
        description: 'p1’s venture marker is on the bottommost room',
        board: board([], twoPlayers({ dungeon: { name: 'Tomb of Annihilation', onBottommostRoom: true } }))
      },
      pending: {
        description: 'on the bottommost room, its room ability not yet resolved',
        board: board([], twoPlayers({ dungeon: { name: 'Tomb of Annihilation', onBottommostRoom: true, roomAbilityPending: true } }))
      },
      midway: {
        description: 'p1’s venture marker is on a middle room',
        board: board([], twoPlayers({ dungeon: { name: 'Lost Mine of Phandelver', onBottommostRoom: false } }))
      }
    },
    eras: [
      none('1999-04-23', 'no dungeons before Adventures in the Forgotten Realms (2021-07-23)'),
      {
        from: '2021-07-23',
        change: 'appears as 704.5t',
        quote:
          '704.5t: If a player’s venture marker is on the bottommost room of a dungeon card, and that dungeon card isn’t the source of a room ability that has triggered but not yet left the stack, the dungeon card’s owner removes it from the game.',
        outcomes: { bottom: one('dungeon-removed', 'p1') }
      }
    ]
  },
  {
    check: 'battle-zero-defense',
    numbers: [
      ['1999-04-23', null],
      ['2023-04-14', '704.5v']
    ],
    boards: {
      'zero-defense': {
        description: 'a Siege with defense 0, protected by p2',
        board: board([
          { id: 'b1', name: 'Invasion of Dominaria', types: ['Battle'], subtypes: ['Siege'], controller: 'p1', protector: 'p2', counters: { defense: 0 } }
        ])
      },
      'one-defense': {
        description: 'a Siege with defense 1, protected by p2',
        board: board([
          { id: 'b1', name: 'Invasion of Dominaria', types: ['Battle'], subtypes: ['Siege'], controller: 'p1', protector: 'p2', counters: { defense: 1 } }
        ])
      }
    },
    eras: [
      none('1999-04-23', 'no battles before March of the Machine (2023-04-14)'),
      {
        from: '2023-04-14',
        change: 'appears as 704.5v',
        quote:
          '704.5v: If a battle has defense 0 and it isn’t the source of an ability that has triggered but not yet left the stack, it’s put into its owner’s graveyard.',
        outcomes: { 'zero-defense': one('put-into-graveyard', 'b1', gone('b1')) }
      }
    ]
  },
  {
    check: 'siege-self-protector',
    numbers: [
      ['1999-04-23', null],
      ['2023-04-14', '704.5x']
    ],
    boards: {
      'own-protector': {
        description: 'a Siege whose controller p1 is its protector',
        board: board([
          { id: 'b1', name: 'Invasion of Dominaria', types: ['Battle'], subtypes: ['Siege'], controller: 'p1', protector: 'p1', counters: { defense: 5 } }
        ]),
        choices: [{ kind: 'protector', player: 'p1', answer: 'p2' }]
      }
    },
    eras: [
      none('1999-04-23', 'no battles before March of the Machine (2023-04-14)'),
      {
        from: '2023-04-14',
        change: 'appears as 704.5x',
        quote: '704.5x: If a Siege’s controller is also its designated protector, that player chooses an opponent to become its protector.',
        outcomes: { 'own-protector': one('protector-chosen', 'b1', { objects: { b1: { protector: 'p2' } } }) }
      }
    ]
  },
  {
    check: 'role-uniqueness',
    numbers: [
      ['1999-04-23', null],
      ['2023-10-13', '704.5y']
    ],
    boards: {
      'two-roles': {
        description: 'two Roles controlled by p1 on one creature (timestamps 2 and 3)',
        board: board([
          creature('c1', 'Grizzly Bears', 2, 2, { timestamp: 1 }),
          { id: 'r1', name: 'Cursed Role', types: ['Enchantment'], subtypes: ['Aura', 'Role'], controller: 'p1', attachedTo: 'c1', token: true, timestamp: 2 },
          { id: 'r2', name: 'Monster Role', types: ['Enchantment'], subtypes: ['Aura', 'Role'], controller: 'p1', attachedTo: 'c1', token: true, timestamp: 3 }
        ])
      },
      'two-controllers': {
        description: 'p1 and p2 each control a Role on one creature',
        board: board([
          creature('c1', 'Grizzly Bears', 2, 2, { timestamp: 1 }),
          { id: 'r1', name: 'Cursed Role', types: ['Enchantment'], subtypes: ['Aura', 'Role'], controller: 'p2', attachedTo: 'c1', token: true, timestamp: 2 },
          { id: 'r2', name: 'Monster Role', types: ['Enchantment'], subtypes: ['Aura', 'Role'], controller: 'p1', attachedTo: 'c1', token: true, timestamp: 3 }
        ])
      }
    },
    eras: [
      none('1999-04-23', 'no Roles before Wilds of Eldraine (2023-10-13)'),
      {
        from: '2023-10-13',
        change: 'appears as 704.5y',
        quote:
          '704.5y: If a permanent has more than one Role controlled by the same player attached to it, each of those Roles except the one with the most recent timestamp is put into its owner’s graveyard.',
        outcomes: {
          'two-roles': {
            events: [
              ['put-into-graveyard', 'r1'],
              ['ceases-to-exist', 'r1', 'token-outside-battlefield']
            ],
            after: { objects: { r1: { zone: null }, r2: { zone: 'battlefield' } } }
          }
        }
      }
    ]
  },
  {
    check: 'speed-start',
    numbers: [
      ['1999-04-23', null],
      ['2025-02-07', '704.5z']
    ],
    boards: {
      'no-speed': {
        description: 'p1 controls a permanent with start your engines! and has no speed',
        board: board([creature('c1', 'Guidelight Pathmaker', 2, 2, { abilities: ['start your engines!'] })])
      },
      'has-speed': {
        description: 'p1 controls a permanent with start your engines! and has speed 2',
        board: board([creature('c1', 'Guidelight Pathmaker', 2, 2, { abilities: ['start your engines!'] })], twoPlayers({ speed: 2 }))
      }
    },
    eras: [
      none('1999-04-23', 'no speed before Aetherdrift (2025-02-07)'),
      {
        from: '2025-02-07',
        change: 'appears as 704.5z',
        quote: '704.5z: If a player controls a permanent with start your engines! and that player has no speed, that player’s speed becomes 1.',
        outcomes: {
          'no-speed': one('speed-set', 'p1', { players: { p1: { speed: 1 } } }),
          'has-speed': { events: [], after: { players: { p1: { speed: 2 } } } }
        }
      }
    ]
  },
  {
    check: 'team-poison-2hg',
    numbers: [
      ['1999-04-23', null],
      ['2011-04-01', '704.5u'],
      ['2017-09-29', '704.5t'],
      ['2018-07-13', '704.5u'],
      ['2020-07-03', '704.6b']
    ],
    boards: {
      fifteen: { description: 'Two-Headed Giant: team A has fifteen poison counters', board: twoHeaded(30, 15) }
    },
    eras: [
      none('1999-04-23', 'no shared team poison rule before 2011-04-01'),
      ...['2011-04-01', '2017-09-29', '2018-07-13', '2020-07-03'].map(
        (from): TableEra => ({
          from,
          change: from === '2011-04-01' ? 'appears as 704.5u' : 'renumbered',
          quote: 'In a Two-Headed Giant game, if a team has fifteen or more poison counters, that team loses the game.',
          outcomes: { fifteen: one('loses-game', 'A') }
        })
      )
    ]
  },
  {
    check: 'commander-damage',
    numbers: [
      ['1999-04-23', null],
      ['2009-10-01', '704.5u'],
      ['2011-04-01', '704.5v'],
      ['2017-09-29', '704.5u'],
      ['2018-07-13', '704.5v'],
      ['2020-07-03', '704.6c']
    ],
    boards: {
      'twenty-one': {
        description: 'Commander: p1 has been dealt 21 combat damage by p2’s commander',
        board: board(
          [
            {
              id: 'k1',
              name: 'Uril, the Miststalker',
              types: ['Creature'],
              supertypes: ['Legendary'],
              controller: 'p2',
              power: 5,
              toughness: 5,
              commander: true
            }
          ],
          [
            { id: 'p1', life: 19, commanderDamage: { k1: 21 } },
            { id: 'p2', life: 40 },
            { id: 'p3', life: 40 }
          ],
          { variant: 'commander' }
        )
      },
      twenty: {
        description: 'Commander: p1 has been dealt 20 combat damage by p2’s commander',
        board: board(
          [
            {
              id: 'k1',
              name: 'Uril, the Miststalker',
              types: ['Creature'],
              supertypes: ['Legendary'],
              controller: 'p2',
              power: 5,
              toughness: 5,
              commander: true
            }
          ],
          [
            { id: 'p1', life: 20, commanderDamage: { k1: 20 } },
            { id: 'p2', life: 40 },
            { id: 'p3', life: 40 }
          ],
          { variant: 'commander' }
        )
      }
    },
    eras: [
      none('1999-04-23', 'no EDH/Commander rules before 2009-10-01'),
      ...['2009-10-01', '2011-02-04', '2011-04-01', '2017-09-29', '2018-07-13', '2020-07-03'].map(
        (from): TableEra => ({
          from,
          change: from === '2009-10-01' ? 'appears as 704.5u (EDH)' : from === '2011-02-04' ? 'EDH renamed Commander' : 'renumbered',
          quote: 'In a Commander game, a player that’s been dealt 21 or more combat damage by the same commander over the course of the game loses the game.',
          outcomes: { 'twenty-one': one('loses-game', 'p1', lost('p1')) }
        })
      )
    ]
  },
  {
    check: 'archenemy-scheme',
    numbers: [
      ['1999-04-23', null],
      ['2010-07-16', '704.5v'],
      ['2011-04-01', '704.5w'],
      ['2017-09-29', '704.5v'],
      ['2018-07-13', '704.5w'],
      ['2020-07-03', '704.6e']
    ],
    boards: {
      'face-up': {
        description: 'Archenemy: a non-ongoing scheme face up in the command zone',
        board: board([{ id: 's1', name: 'Your Fate Is Thrice Sealed', types: ['Scheme'], controller: 'p1', zone: 'command', faceUp: true }], twoPlayers(), {
          variant: 'archenemy'
        })
      },
      ongoing: {
        description: 'Archenemy: an ongoing scheme face up in the command zone',
        board: board(
          [{ id: 's1', name: 'Nothing Can Stop Me Now', types: ['Scheme'], supertypes: ['Ongoing'], controller: 'p1', zone: 'command', faceUp: true }],
          twoPlayers(),
          {
            variant: 'archenemy'
          }
        )
      }
    },
    eras: [
      none('1999-04-23', 'no Archenemy rules before 2010-07-16'),
      ...['2010-07-16', '2011-04-01', '2017-06-05', '2017-09-29', '2018-07-13', '2020-07-03'].map(
        (from): TableEra => ({
          from,
          change: from === '2010-07-16' ? 'appears as 704.5v' : from === '2017-06-05' ? 'reworded: no triggered abilities of any scheme waiting' : 'renumbered',
          quote:
            'In an Archenemy game, if a non-ongoing scheme card is face up in the command zone, ... that scheme card is turned face down and put on the bottom of its owner’s scheme deck.',
          outcomes: { 'face-up': one('scheme-to-bottom', 's1') }
        })
      )
    ]
  },
  {
    check: 'non-aura-attached',
    numbers: [
      ['1999-04-23', null],
      ['2005-10-01', '420.5m'],
      ['2009-07-11', '704.5q'],
      ['2017-09-29', '704.5p']
    ],
    boards: {
      'enchantment-attached': {
        description: 'a non-Aura enchantment attached to a creature',
        board: board([creature('c1', 'Grizzly Bears', 2, 2), { id: 'x1', name: 'Glorious Anthem', types: ['Enchantment'], controller: 'p1', attachedTo: 'c1' }])
      },
      'artifact-on-player': {
        description: 'a non-Equipment artifact attached to a player',
        board: board([{ id: 'x1', name: 'Howling Mine', types: ['Artifact'], controller: 'p1', attachedTo: 'p2' }])
      }
    },
    eras: [
      none('1999-04-23', 'no state-based effect for other permanents attached before 2005-10-01'),
      {
        from: '2005-10-01',
        change: 'appears as 420.5m',
        quote: 'A non-Aura, non-Equipment permanent attached to another permanent becomes unattached from that permanent but remains in play.',
        outcomes: { 'enchantment-attached': one('unattached', 'x1', { objects: { x1: { zone: 'battlefield', attachedTo: null } } }) }
      },
      ...['2007-05-01', '2009-07-11'].map(
        (from): TableEra => ({
          from,
          change: from === '2007-05-01' ? 'nor a Fortification' : 'renumbered 704.5q',
          quote:
            "A permanent that's neither an Aura, an Equipment, nor a Fortification, but is attached to another permanent, becomes unattached from that permanent.",
          outcomes: { 'enchantment-attached': one('unattached', 'x1', { objects: { x1: { zone: 'battlefield', attachedTo: null } } }) }
        })
      ),
      ...['2009-09-04', '2017-09-29', '2023-04-14'].map(
        (from): TableEra => ({
          from,
          change: { '2009-09-04': 'any creature, and attached to an object or player', '2017-09-29': 'renumbered 704.5p', '2023-04-14': 'battles too' }[from]!,
          quote:
            'If a permanent that’s neither an Aura, an Equipment, nor a Fortification is attached to an object or player, it becomes unattached and remains on the battlefield.',
          outcomes: {
            'enchantment-attached': one('unattached', 'x1', { objects: { x1: { zone: 'battlefield', attachedTo: null } } }),
            'artifact-on-player': one('unattached', 'x1', { objects: { x1: { zone: 'battlefield', attachedTo: null } } })
          }
        })
      )
    ]
  },
  {
    check: 'battle-no-protector',
    numbers: [
      ['1999-04-23', null],
      ['2023-04-14', '704.5w']
    ],
    boards: {
      'no-protector': {
        description: 'a Siege controlled by p1 with no protector',
        board: board([
          { id: 'b1', name: 'Invasion of Dominaria', types: ['Battle'], subtypes: ['Siege'], controller: 'p1', protector: null, counters: { defense: 5 } }
        ]),
        choices: [{ kind: 'protector', player: 'p1', answer: 'p2' }]
      }
    },
    eras: [
      none('1999-04-23', 'no battles before March of the Machine (2023-04-14)'),
      {
        from: '2023-04-14',
        change: 'appears as 704.5w',
        quote:
          '704.5w: If a battle has no player in the game designated as its protector and no attacking creatures are currently attacking that battle, that battle’s controller chooses an appropriate player to be its protector.',
        outcomes: { 'no-protector': one('protector-chosen', 'b1', { objects: { b1: { protector: 'p2' } } }) }
      }
    ]
  },
  {
    check: 'space-sculptor-sector',
    numbers: [
      ['1999-04-23', null],
      ['2022-10-07', '704.5u']
    ],
    boards: {
      'no-sector': {
        description: 'p1 controls an artifact with space sculptor; p2’s creature has no sector',
        board: board([
          { id: 'x1', name: 'Sculpting Steel', types: ['Artifact'], controller: 'p1', abilities: ['space sculptor'] },
          creature('c2', 'Grizzly Bears', 2, 2, { controller: 'p2' })
        ]),
        choices: [{ kind: 'sector', player: 'p2', answer: 'beta' }]
      }
    },
    eras: [
      none('1999-04-23', 'no space sculptor before Unfinity (2022-10-07)'),
      {
        from: '2022-10-07',
        change: 'appears as 704.5u (Unfinity)',
        quote:
          '704.5u: If a permanent with space sculptor and any creatures without a sector designation are on the battlefield, each player who controls one or more of those creatures ... chooses a sector designation for each of those creatures they control.',
        outcomes: { 'no-sector': one('sector-chosen', 'c2', { objects: { c2: { sector: 'beta' } } }) }
      }
    ]
  },
  {
    check: 'team-zero-life-2hg',
    numbers: [
      ['1999-04-23', null],
      ['2005-10-01', '606.8a'],
      ['2009-07-11', '806.8a'],
      ['2009-10-01', '704.5t'],
      ['2017-09-29', '704.5s'],
      ['2018-07-13', '704.5t'],
      ['2020-07-03', '704.6a']
    ],
    boards: {
      'team-zero': { description: 'Two-Headed Giant: team A has 0 life', board: twoHeaded(0) },
      'team-one': { description: 'Two-Headed Giant: team A has 1 life', board: twoHeaded(1) }
    },
    eras: [
      {
        from: '1999-04-23',
        change: 'first edition',
        quote: 'No Two-Headed Giant rules before 2005-10-01: each player is a player of a normal game, and 420.5a makes a player with 0 or less life lose.',
        outcomes: {
          'team-zero': {
            events: [
              ['loses-game', 'a1', 'player-zero-life'],
              ['loses-game', 'a2', 'player-zero-life']
            ]
          }
        }
      },
      ...['2005-10-01', '2009-07-11', '2009-10-01', '2017-09-29', '2018-07-13', '2020-07-03'].map(
        (from): TableEra => ({
          from,
          change: from === '2005-10-01' ? 'appears as 606.8a' : from === '2009-10-01' ? 'becomes a state-based action of 704' : 'renumbered',
          quote: 'In a Two-Headed Giant game, if a team has 0 or less life, that team loses the game.',
          outcomes: { 'team-zero': one('loses-game', 'A') }
        })
      )
    ]
  },
  {
    check: 'commander-to-command-zone',
    numbers: [
      ['1999-04-23', null],
      ['2020-07-03', '704.6d']
    ],
    boards: {
      'commander-died': {
        description: 'Commander: p1’s commander was put into the graveyard since the last check; p1 puts it into the command zone',
        board: board(
          [
            {
              id: 'k1',
              name: 'Uril, the Miststalker',
              types: ['Creature'],
              supertypes: ['Legendary'],
              controller: 'p1',
              toughness: 5,
              commander: true,
              zone: 'graveyard',
              enteredZoneSinceLastCheck: true
            }
          ],
          [
            { id: 'p1', life: 40 },
            { id: 'p2', life: 40 }
          ],
          { variant: 'commander' }
        ),
        choices: [{ kind: 'commander-to-command-zone', player: 'p1', answer: true }]
      },
      'commander-stays': {
        description: 'Commander: p1’s commander was exiled since the last check; p1 leaves it in exile',
        board: board(
          [
            {
              id: 'k1',
              name: 'Uril, the Miststalker',
              types: ['Creature'],
              supertypes: ['Legendary'],
              controller: 'p1',
              toughness: 5,
              commander: true,
              zone: 'exile',
              enteredZoneSinceLastCheck: true
            }
          ],
          [
            { id: 'p1', life: 40 },
            { id: 'p2', life: 40 }
          ],
          { variant: 'commander' }
        ),
        choices: [{ kind: 'commander-to-command-zone', player: 'p1', answer: false }]
      }
    },
    eras: [
      none('1999-04-23', 'before 2020-07-03 a commander changing zones was a replacement effect, not a state-based action'),
      {
        from: '2020-07-03',
        change: 'becomes a state-based action, 704.6d',
        quote:
          '704.6d: In a Commander game, if a commander is in a graveyard or in exile and that card was put into that zone since the last time state-based actions were checked, its owner may put it into the command zone.',
        outcomes: {
          'commander-died': one('to-command-zone', 'k1', { objects: { k1: { zone: 'command' } } }),
          'commander-stays': { events: [], after: { objects: { k1: { zone: 'exile' } } } }
        }
      }
    ]
  },
  {
    check: 'planechase-phenomenon',
    numbers: [
      ['1999-04-23', null],
      ['2012-07-01', '704.5x'],
      ['2017-09-29', '704.5w'],
      ['2018-07-13', '704.5x'],
      ['2020-07-03', '704.6f']
    ],
    boards: {
      phenomenon: {
        description: 'Planechase: a phenomenon face up in the command zone, its ability resolved',
        board: board(
          [{ id: 'ph1', name: 'Chaotic Aether', types: ['Phenomenon'], controller: 'p1', zone: 'command', faceUp: true }],
          twoPlayers({ planarController: true }),
          {
            variant: 'planechase'
          }
        )
      },
      'phenomenon-pending': {
        description: 'Planechase: a face-up phenomenon whose triggered ability has not left the stack',
        board: board(
          [{ id: 'ph1', name: 'Chaotic Aether', types: ['Phenomenon'], controller: 'p1', zone: 'command', faceUp: true, triggeredAbilityPending: true }],
          twoPlayers({ planarController: true }),
          { variant: 'planechase' }
        )
      }
    },
    eras: [
      none('1999-04-23', 'no phenomena before Planechase 2012 (2012-07-01)'),
      ...['2012-07-01', '2017-09-29', '2018-07-13', '2020-07-03'].map(
        (from): TableEra => ({
          from,
          change: from === '2012-07-01' ? 'appears as 704.5x' : 'renumbered',
          quote:
            'In a Planechase game, if a phenomenon card is face up in the command zone, and it isn’t the source of a triggered ability that has triggered but not yet left the stack, the planar controller planeswalks.',
          outcomes: { phenomenon: one('planeswalked', 'ph1') }
        })
      )
    ]
  }
]

/** The table entry of a check, if the table has one. */
export function findTableEntry(check: string): TableEntry | undefined {
  return expectationTable.find((entry) => entry.check === check)
}
