/**
 * Hand-written scenarios of the conformance suite: interactions of several
 * rules on one board (the legend rule with tokens and counters, Two-Headed
 * Giant, Commander, Sagas, battles, dungeons, speed), each on one edition, with
 * its expectation written from the rules it quotes.
 */
import type { BoardCase } from './case.js'

/** A scenario: a case, and the checks it is about (for `--checks`). */
export interface Scenario extends BoardCase {
  checks: string[]
}

const source = (edition: string, rule: string, quote: string): BoardCase['source'] => ({
  table: 'src/conformance/scenarios.ts',
  from: edition,
  to: edition,
  rule,
  quote
})
const players = (ids: string[], extra: Record<string, Record<string, unknown>> = {}): BoardCase['board']['players'] =>
  ids.map((id) => ({ id, life: 20, ...extra[id] }))

/** The scenarios, in a stable order. */
export const scenarios: readonly Scenario[] = [
  {
    id: 'scenario/legend-rule-tokens-counters',
    check: 'scenario',
    checks: ['legend-rule', 'counter-annihilation', 'token-outside-battlefield'],
    edition: '2024-11-08',
    boundary: null,
    description:
      'p1 controls a legendary creature with a +1/+1 and a -1/-1 counter and a token copy of it; p1 keeps the card: the token goes to the graveyard and ceases to exist, the counters annihilate',
    board: {
      players: players(['p1', 'p2']),
      permanents: [
        {
          id: 'l1',
          name: 'Kamahl, Pit Fighter',
          types: ['Creature'],
          supertypes: ['Legendary'],
          controller: 'p1',
          power: 6,
          toughness: 1,
          counters: { '+1/+1': 1, '-1/-1': 1 },
          timestamp: 1
        },
        {
          id: 'l2',
          name: 'Kamahl, Pit Fighter',
          types: ['Creature'],
          supertypes: ['Legendary'],
          controller: 'p1',
          power: 6,
          toughness: 1,
          token: true,
          timestamp: 2
        }
      ]
    },
    choices: [{ kind: 'legend-rule', player: 'p1', answer: 'l1' }],
    expect: {
      events: [
        { action: 'put-into-graveyard', subject: 'l2', check: 'legend-rule', rule: '704.5j' },
        { action: 'counters-removed', subject: 'l1', check: 'counter-annihilation', rule: '704.5q' },
        { action: 'ceases-to-exist', subject: 'l2', check: 'token-outside-battlefield', rule: '704.5d' }
      ],
      after: { objects: { l1: { zone: 'battlefield', counters: {} }, l2: { zone: null } } }
    },
    source: source(
      '2024-11-08',
      '704.5j',
      '704.5j (legend rule), 704.5q (+1/+1 and -1/-1 counters), 704.5d (a token outside the battlefield ceases to exist), performed in two checks'
    )
  },
  {
    id: 'scenario/two-headed-giant-shared-life-and-poison',
    check: 'scenario',
    checks: ['team-zero-life-2hg', 'team-poison-2hg', 'poison', 'player-zero-life'],
    edition: '2024-11-08',
    boundary: null,
    description:
      'Two-Headed Giant: team A has 0 life (a1 shows 0 life); team B has 12 poison counters, b1 ten of them: team A loses by 704.6a; no player loses alone, and ten poison counters on b1 do nothing (704.5c is ignored; the team has fewer than fifteen)',
    board: {
      variant: 'two-headed-giant',
      players: [
        { id: 'a1', life: 0, team: 'A' },
        { id: 'a2', life: 0, team: 'A' },
        { id: 'b1', life: 25, team: 'B', poison: 10 },
        { id: 'b2', life: 25, team: 'B', poison: 2 }
      ],
      teams: [
        { id: 'A', life: 0 },
        { id: 'B', life: 25, poison: 12 }
      ],
      permanents: []
    },
    choices: [],
    expect: { events: [{ action: 'loses-game', subject: 'A', check: 'team-zero-life-2hg', rule: '704.6a' }], after: {} },
    source: source(
      '2024-11-08',
      '704.6a',
      '704.6a: In a Two-Headed Giant game, if a team has 0 or less life, that team loses the game; 704.5c: Ignore this rule in Two-Headed Giant games'
    )
  },
  {
    id: 'scenario/commander-damage-and-command-zone',
    check: 'scenario',
    checks: ['commander-damage', 'commander-to-command-zone'],
    edition: '2024-11-08',
    boundary: null,
    description:
      'Commander: p1 has been dealt 21 combat damage by k2; k3, p3’s commander, was put into the graveyard since the last check and p3 moves it to the command zone',
    board: {
      variant: 'commander',
      players: [
        { id: 'p1', life: 19, commanderDamage: { k2: 21 } },
        { id: 'p2', life: 40 },
        { id: 'p3', life: 40 }
      ],
      permanents: [
        { id: 'k2', name: 'Uril, the Miststalker', types: ['Creature'], supertypes: ['Legendary'], controller: 'p2', power: 5, toughness: 5, commander: true },
        {
          id: 'k3',
          name: 'Atraxa, Praetors’ Voice',
          types: ['Creature'],
          supertypes: ['Legendary'],
          controller: 'p3',
          toughness: 4,
          commander: true,
          zone: 'graveyard',
          enteredZoneSinceLastCheck: true
        }
      ]
    },
    choices: [{ kind: 'commander-to-command-zone', player: 'p3', answer: true }],
    expect: {
      events: [
        { action: 'loses-game', subject: 'p1', check: 'commander-damage', rule: '704.6c' },
        { action: 'to-command-zone', subject: 'k3', check: 'commander-to-command-zone', rule: '704.6d' }
      ],
      after: { players: { p1: { lost: true } }, objects: { k3: { zone: 'command' } } }
    },
    source: source('2024-11-08', '704.6c', '704.6c: 21 or more combat damage by the same commander; 704.6d: its owner may put it into the command zone')
  },
  ...(['2024-11-08', '2025-07-25'] as const).map(
    (edition): Scenario => ({
      id: `scenario/sagas-${edition}`,
      check: 'scenario',
      checks: ['saga-final-chapter'],
      edition,
      boundary: null,
      description:
        'History of Benalia at its final chapter, and Urza’s Saga that has lost its chapter abilities (Blood Moon) with 2 lore counters: both are sacrificed under 714.2d of 2024 (final chapter number 0), only History of Benalia from 2025-07-25',
      board: {
        players: players(['p1', 'p2']),
        permanents: [
          { id: 's1', name: 'History of Benalia', types: ['Enchantment'], subtypes: ['Saga'], controller: 'p1', counters: { lore: 3 }, finalChapter: 3 },
          {
            id: 's2',
            name: 'Urza’s Saga',
            types: ['Enchantment', 'Land'],
            subtypes: ['Urza’s', 'Saga'],
            controller: 'p1',
            counters: { lore: 2 },
            hasChapterAbilities: false
          }
        ]
      },
      choices: [],
      expect: {
        events:
          edition === '2024-11-08'
            ? [
                { action: 'sacrificed', subject: 's1', check: 'saga-final-chapter', rule: '704.5s' },
                { action: 'sacrificed', subject: 's2', check: 'saga-final-chapter', rule: '704.5s' }
              ]
            : [{ action: 'sacrificed', subject: 's1', check: 'saga-final-chapter', rule: '704.5s' }],
        after: { objects: { s1: { zone: 'graveyard' }, s2: { zone: edition === '2024-11-08' ? 'graveyard' : 'battlefield' } } }
      },
      source: source(
        edition,
        '704.5s',
        edition === '2024-11-08'
          ? '704.5s: lore counters greater than or equal to its final chapter number: sacrificed (a Saga with no chapter abilities has final chapter number 0)'
          : '704.5s: a Saga permanent with one or more chapter abilities ... sacrifices it'
      )
    })
  ),
  {
    id: 'scenario/battles',
    check: 'scenario',
    checks: ['battle-zero-defense', 'siege-self-protector', 'battle-no-protector'],
    edition: '2024-11-08',
    boundary: null,
    description: 'A Siege with defense 0 goes to the graveyard; a Siege protected by its own controller gets an opponent as protector',
    board: {
      players: players(['p1', 'p2']),
      permanents: [
        { id: 'b1', name: 'Invasion of Dominaria', types: ['Battle'], subtypes: ['Siege'], controller: 'p1', protector: 'p2', counters: { defense: 0 } },
        { id: 'b2', name: 'Invasion of Zendikar', types: ['Battle'], subtypes: ['Siege'], controller: 'p1', protector: 'p1', counters: { defense: 3 } }
      ]
    },
    choices: [{ kind: 'protector', player: 'p1', answer: 'p2' }],
    expect: {
      events: [
        { action: 'put-into-graveyard', subject: 'b1', check: 'battle-zero-defense', rule: '704.5v' },
        { action: 'protector-chosen', subject: 'b2', check: 'siege-self-protector', rule: '704.5x' }
      ],
      after: { objects: { b1: { zone: 'graveyard' }, b2: { zone: 'battlefield', protector: 'p2' } } }
    },
    source: source(
      '2024-11-08',
      '704.5v',
      '704.5v: a battle with defense 0 is put into its owner’s graveyard; 704.5x: a Siege’s controller that is its protector chooses an opponent'
    )
  },
  {
    id: 'scenario/dungeons',
    check: 'scenario',
    checks: ['dungeon-complete'],
    edition: '2024-11-08',
    boundary: null,
    description: 'p1’s venture marker is on the bottommost room, p2’s on a middle room: only p1’s dungeon is removed',
    board: {
      players: [
        { id: 'p1', life: 20, dungeon: { name: 'Tomb of Annihilation', onBottommostRoom: true } },
        { id: 'p2', life: 20, dungeon: { name: 'Dungeon of the Mad Mage', onBottommostRoom: false } }
      ],
      permanents: []
    },
    choices: [],
    expect: { events: [{ action: 'dungeon-removed', subject: 'p1', check: 'dungeon-complete', rule: '704.5t' }], after: {} },
    source: source('2024-11-08', '704.5t', '704.5t: venture marker on the bottommost room ... the dungeon card’s owner removes it from the game')
  },
  {
    id: 'scenario/speed-and-toughness',
    check: 'scenario',
    checks: ['speed-start', 'toughness-zero'],
    edition: '2026-01-16',
    boundary: null,
    description:
      'p1 controls a creature with start your engines! and has no speed, and a 0/0; p2 has speed 3: p1’s speed becomes 1 and the 0/0 dies in the same check',
    board: {
      players: [
        { id: 'p1', life: 20 },
        { id: 'p2', life: 20, speed: 3 }
      ],
      permanents: [
        { id: 'c1', name: 'Guidelight Pathmaker', types: ['Creature'], controller: 'p1', power: 2, toughness: 2, abilities: ['start your engines!'] },
        { id: 'c2', name: 'Shapeshifter', types: ['Creature'], controller: 'p1', power: 0, toughness: 0 },
        { id: 'c3', name: 'Speedway Fanatic', types: ['Creature'], controller: 'p2', power: 2, toughness: 1, abilities: ['start your engines!'] }
      ]
    },
    choices: [],
    expect: {
      events: [
        { action: 'speed-set', subject: 'p1', check: 'speed-start', rule: '704.5z' },
        { action: 'put-into-graveyard', subject: 'c2', check: 'toughness-zero', rule: '704.5f' }
      ],
      after: { players: { p1: { speed: 1 }, p2: { speed: 3 } }, objects: { c2: { zone: 'graveyard' } } }
    },
    source: source('2026-01-16', '704.5z', '704.5z: a player with start your engines! and no speed gets speed 1; 704.5f: toughness 0 or less')
  },
  {
    id: 'scenario/protection-aura-and-equipment',
    check: 'scenario',
    checks: ['aura-illegal', 'equipment-illegal'],
    edition: '2024-11-08',
    boundary: null,
    description:
      'A creature with protection from white and from artifacts, enchanted by a white Aura and equipped: the Aura goes to the graveyard, the Equipment falls off (702.16)',
    board: {
      players: players(['p1', 'p2']),
      permanents: [
        { id: 'c1', name: 'Stonecloaker', types: ['Creature'], controller: 'p1', power: 3, toughness: 2, protectionFrom: ['white', 'artifacts'] },
        {
          id: 'a1',
          name: 'Pacifism',
          types: ['Enchantment'],
          subtypes: ['Aura'],
          enchant: ['creature'],
          colors: ['white'],
          controller: 'p2',
          attachedTo: 'c1'
        },
        { id: 'e1', name: 'Bonesplitter', types: ['Artifact'], subtypes: ['Equipment'], controller: 'p1', attachedTo: 'c1' }
      ]
    },
    choices: [],
    expect: {
      events: [
        { action: 'put-into-graveyard', subject: 'a1', check: 'aura-illegal', rule: '704.5m' },
        { action: 'unattached', subject: 'e1', check: 'equipment-illegal', rule: '704.5n' }
      ],
      after: { objects: { a1: { zone: 'graveyard' }, e1: { zone: 'battlefield', attachedTo: null }, c1: { zone: 'battlefield' } } }
    },
    source: source(
      '2024-11-08',
      '704.5m',
      '702.16: protection; 704.5m: an Aura attached to an illegal object; 704.5n: an Equipment attached to an illegal permanent becomes unattached'
    )
  },
  {
    id: 'scenario/range-of-influence-world-rule',
    check: 'scenario',
    checks: ['world-rule'],
    edition: '2026-01-16',
    boundary: null,
    description:
      'Four players with a range of influence of 1: p1’s and p3’s world enchantments are two seats apart, out of each other’s range, so the world rule puts neither into the graveyard (801.12)',
    board: {
      players: players(['p1', 'p2', 'p3', 'p4']),
      rangeOfInfluence: 1,
      permanents: [
        { id: 'w1', name: 'Concordant Crossroads', types: ['Enchantment'], supertypes: ['World'], controller: 'p1', timestamp: 1 },
        { id: 'w3', name: 'The Abyss', types: ['Enchantment'], supertypes: ['World'], controller: 'p3', timestamp: 2 }
      ]
    },
    choices: [],
    expect: { events: [], after: { objects: { w1: { zone: 'battlefield' }, w3: { zone: 'battlefield' } } } },
    source: source(
      '2026-01-16',
      '801.12',
      '801.12: The “world rule” (see rule 704.5k) applies to a permanent only if other world permanents are within its controller’s range of influence.'
    )
  },
  {
    id: 'scenario/cant-lose',
    check: 'scenario',
    checks: ['player-zero-life', 'poison', 'draw-from-empty-library'],
    edition: '2026-01-16',
    boundary: null,
    description:
      'p1 has 0 life, ten poison counters and drew from an empty library, but can’t lose the game (Platinum Angel): nothing happens to p1; p2 at 0 life loses',
    board: {
      players: [
        { id: 'p1', life: 0, poison: 10, attemptedDrawFromEmptyLibrary: true, cantLose: true },
        { id: 'p2', life: 0 },
        { id: 'p3', life: 20 }
      ],
      permanents: []
    },
    choices: [],
    expect: {
      events: [{ action: 'loses-game', subject: 'p2', check: 'player-zero-life', rule: '704.5a' }],
      after: { players: { p1: { lost: false }, p2: { lost: true } } }
    },
    source: source('2026-01-16', '704.5a', '104.3: an effect that says a player can’t lose the game stops 704.5a, 704.5b and 704.5c for that player')
  },
  {
    // Translated (not copied) from XMage's LegendRuleTest.testRegular (magefree/mage,
    // Mage.Tests/src/test/java/org/mage/test/cards/rules/LegendRuleTest.java, commit c0de3766bc44dbd79cc387aa91e1dcc4aa349098):
    // playerA casts two Isamaru, Hound of Konda, chooses one to keep; one is in the graveyard, one on the battlefield.
    id: 'scenario/xmage-legend-rule-regular',
    check: 'scenario',
    checks: ['legend-rule'],
    edition: '2026-01-16',
    boundary: null,
    description: 'XMage LegendRuleTest.testRegular: playerA controls two Isamaru, Hound of Konda and keeps one; the other goes to the graveyard',
    board: {
      players: players(['playerA', 'playerB']),
      permanents: [
        {
          id: 'isamaru-1',
          name: 'Isamaru, Hound of Konda',
          types: ['Creature'],
          supertypes: ['Legendary'],
          subtypes: ['Dog'],
          controller: 'playerA',
          power: 2,
          toughness: 2,
          timestamp: 1
        },
        {
          id: 'isamaru-2',
          name: 'Isamaru, Hound of Konda',
          types: ['Creature'],
          supertypes: ['Legendary'],
          subtypes: ['Dog'],
          controller: 'playerA',
          power: 2,
          toughness: 2,
          timestamp: 2
        }
      ]
    },
    choices: [{ kind: 'legend-rule', player: 'playerA', answer: 'isamaru-1' }],
    expect: {
      events: [{ action: 'put-into-graveyard', subject: 'isamaru-2', check: 'legend-rule', rule: '704.5j' }],
      after: { objects: { 'isamaru-1': { zone: 'battlefield' }, 'isamaru-2': { zone: 'graveyard' } } }
    },
    source: source(
      '2026-01-16',
      '704.5j',
      'XMage LegendRuleTest.testRegular (commit c0de3766bc44dbd79cc387aa91e1dcc4aa349098), under 704.5j: that player chooses one of them, and the rest are put into their owners’ graveyards'
    )
  },
  {
    // Translated (not copied) from XMage's WorldEnchantmentsRuleTest.TestTwoWorldEnchantsments (magefree/mage,
    // Mage.Tests/src/test/java/org/mage/test/cards/rules/WorldEnchantmentsRuleTest.java, commit 18b98edbc6f6b261ee0d28a94e4b0c176b4e2727):
    // playerA casts Nether Void on turn 1 (then another spell, for a later timestamp), playerB casts Nether Void on turn 2;
    // playerA's is in the graveyard, playerB's on the battlefield.
    id: 'scenario/xmage-world-rule-two-world-enchantments',
    check: 'scenario',
    checks: ['world-rule'],
    edition: '2026-01-16',
    boundary: null,
    description:
      'XMage WorldEnchantmentsRuleTest.TestTwoWorldEnchantsments: playerA’s Nether Void entered on turn 1, playerB’s on turn 2; the world rule keeps the newer, playerB’s',
    board: {
      players: players(['playerA', 'playerB']),
      permanents: [
        { id: 'void-a', name: 'Nether Void', types: ['Enchantment'], supertypes: ['World'], colors: ['black'], controller: 'playerA', timestamp: 1 },
        { id: 'lion-a', name: 'Silvercoat Lion', types: ['Creature'], colors: ['white'], controller: 'playerA', power: 2, toughness: 2, timestamp: 2 },
        { id: 'void-b', name: 'Nether Void', types: ['Enchantment'], supertypes: ['World'], colors: ['black'], controller: 'playerB', timestamp: 3 }
      ]
    },
    choices: [],
    expect: {
      events: [{ action: 'put-into-graveyard', subject: 'void-a', check: 'world-rule', rule: '704.5k' }],
      after: { objects: { 'void-a': { zone: 'graveyard' }, 'void-b': { zone: 'battlefield' }, 'lion-a': { zone: 'battlefield' } } }
    },
    source: source(
      '2026-01-16',
      '704.5k',
      'XMage WorldEnchantmentsRuleTest.TestTwoWorldEnchantsments (commit 18b98edbc6f6b261ee0d28a94e4b0c176b4e2727), under 704.5k: all except the one that has had the world supertype for the shortest amount of time are put into their owners’ graveyards'
    )
  },
  {
    // Translated (not copied) from XMage's AttachmentTest.testProtectionShedsAttachments (magefree/mage,
    // Mage.Tests/src/test/java/org/mage/test/cards/rules/AttachmentTest.java, commit 303a0460bda39d06ee5c385c350bc622404d3bc4):
    // Keeper of Kookus, equipped with Jackhammer (red) and enchanted with Agility (red), gains protection from red;
    // Agility is in the graveyard, Jackhammer on the battlefield and no longer attached.
    id: 'scenario/xmage-protection-sheds-attachments',
    check: 'scenario',
    checks: ['aura-illegal', 'equipment-illegal'],
    edition: '2026-01-16',
    boundary: null,
    description:
      'XMage AttachmentTest.testProtectionShedsAttachments: Keeper of Kookus gains protection from red while enchanted by Agility (a red Aura) and equipped with Jackhammer (red Equipment): the Aura goes to the graveyard, the Equipment falls off',
    board: {
      players: players(['playerA', 'playerB']),
      permanents: [
        {
          id: 'keeper',
          name: 'Keeper of Kookus',
          types: ['Creature'],
          subtypes: ['Goblin'],
          colors: ['red'],
          controller: 'playerA',
          power: 1,
          toughness: 1,
          protectionFrom: ['red']
        },
        { id: 'jackhammer', name: 'Jackhammer', types: ['Artifact'], subtypes: ['Equipment'], colors: ['red'], controller: 'playerA', attachedTo: 'keeper' },
        {
          id: 'agility',
          name: 'Agility',
          types: ['Enchantment'],
          subtypes: ['Aura'],
          enchant: ['creature'],
          colors: ['red'],
          controller: 'playerA',
          attachedTo: 'keeper'
        }
      ]
    },
    choices: [],
    expect: {
      events: [
        { action: 'put-into-graveyard', subject: 'agility', check: 'aura-illegal', rule: '704.5m' },
        { action: 'unattached', subject: 'jackhammer', check: 'equipment-illegal', rule: '704.5n' }
      ],
      after: { objects: { agility: { zone: 'graveyard' }, jackhammer: { zone: 'battlefield', attachedTo: null }, keeper: { zone: 'battlefield' } } }
    },
    source: source(
      '2026-01-16',
      '704.5m',
      'XMage AttachmentTest.testProtectionShedsAttachments (commit 303a0460bda39d06ee5c385c350bc622404d3bc4), under 702.16 (protection), 704.5m (an Aura attached to an illegal object is put into its owner’s graveyard) and 704.5n (an Equipment attached to an illegal permanent becomes unattached and remains on the battlefield)'
    )
  },
  {
    // Translated (not copied) from XMage's AttachmentTest.testAttachNonAttachable (same file and commit): Lion Sash, a
    // reconfigured Equipment attached to Codsworth, Handy Helper, is enchanted by Darksteel Mutation, which makes it an Insect
    // artifact creature (the test's premise: it is no longer an Equipment); it is no longer attached, and Darksteel Mutation stays.
    id: 'scenario/xmage-attach-non-attachable',
    check: 'scenario',
    checks: ['non-aura-attached', 'aura-illegal'],
    edition: '2026-01-16',
    boundary: null,
    description:
      'XMage AttachmentTest.testAttachNonAttachable: Lion Sash, made an Insect artifact creature (no longer an Equipment) by Darksteel Mutation, is attached to Codsworth, Handy Helper: it becomes unattached; the Aura on it stays',
    board: {
      players: players(['playerA', 'playerB']),
      permanents: [
        {
          id: 'codsworth',
          name: 'Codsworth, Handy Helper',
          types: ['Artifact', 'Creature'],
          supertypes: ['Legendary'],
          subtypes: ['Robot'],
          controller: 'playerA',
          power: 2,
          toughness: 3
        },
        {
          id: 'sash',
          name: 'Lion Sash',
          types: ['Artifact', 'Creature'],
          subtypes: ['Insect'],
          controller: 'playerA',
          power: 0,
          toughness: 1,
          abilities: ['indestructible'],
          attachedTo: 'codsworth'
        },
        {
          id: 'mutation',
          name: 'Darksteel Mutation',
          types: ['Enchantment'],
          subtypes: ['Aura'],
          enchant: ['creature'],
          colors: ['blue'],
          controller: 'playerA',
          attachedTo: 'sash'
        }
      ]
    },
    choices: [],
    expect: {
      events: [{ action: 'unattached', subject: 'sash', check: 'non-aura-attached', rule: '704.5p' }],
      after: { objects: { sash: { zone: 'battlefield', attachedTo: null }, mutation: { zone: 'battlefield', attachedTo: 'sash' } } }
    },
    source: source(
      '2026-01-16',
      '704.5p',
      'XMage AttachmentTest.testAttachNonAttachable (commit 303a0460bda39d06ee5c385c350bc622404d3bc4), under 704.5p: If a battle or creature is attached to an object or player, it becomes unattached and remains on the battlefield (and so does a permanent that’s neither an Aura, an Equipment, nor a Fortification)'
    )
  },
  // Translated (not copied) from Forge's ComprehensiveRulesSection104 (Card-Forge/forge,
  // forge-gui-desktop/src/test/java/forge/gamesimulationtests/comprehensiverules/ComprehensiveRulesSection104.java,
  // commit 072ad06164b2c0bc610c33385597bb5e5550a4af; its tests are marked enabled = false there): a game state, and the
  // player the test expects to win. Only their state-based part is translated: player2's life or poison, checked at once.
  ...(
    [
      ['test_104_3b_player_with_zero_life_loses_the_game', 'zero-life', { life: 0 }, 'player-zero-life', '704.5a', 'player2 has 0 life'],
      ['test_104_3b_player_with_less_than_zero_life_loses_the_game', 'less-than-zero-life', { life: -1 }, 'player-zero-life', '704.5a', 'player2 has -1 life'],
      ['test_104_3d_player_with_ten_poison_counters_loses', 'ten-poison', { poison: 10 }, 'poison', '704.5c', 'player2 has ten poison counters'],
      [
        'test_104_3d_player_with_more_than_ten_poison_counters_loses',
        'more-than-ten-poison',
        { poison: 11 },
        'poison',
        '704.5c',
        'player2 has eleven poison counters'
      ]
    ] as const
  ).map(
    ([test, name, player2, check, rule, what]): Scenario => ({
      id: `scenario/forge-104-${name}`,
      check: 'scenario',
      checks: [check],
      edition: '2026-01-16',
      boundary: null,
      description: `Forge ComprehensiveRulesSection104.${test}: ${what}; player2 loses the game (the test expects player1 to win)`,
      board: { players: players(['player1', 'player2'], { player2 }), permanents: [] },
      choices: [],
      expect: {
        events: [{ action: 'loses-game', subject: 'player2', check, rule }],
        after: { players: { player1: { lost: false }, player2: { lost: true } } }
      },
      source: source(
        '2026-01-16',
        rule,
        `Forge ComprehensiveRulesSection104.${test} (commit 072ad06164b2c0bc610c33385597bb5e5550a4af), under ${rule}: ${
          rule === '704.5a'
            ? 'If a player has 0 or less life, that player loses the game.'
            : 'If a player has ten or more poison counters, that player loses the game.'
        }`
      )
    })
  ),
  {
    // Translated from the same Forge file and commit: test_104_2a_player_wins_if_all_opponents_left_even_if_he_couldnt_win.
    // Its state-based part: with player1's Abyssal Persecutor on the battlefield, player2 can't lose the game, so drawing from
    // an empty library on turn 2 does not make player2 lose (the win after player2 concedes is no state-based action).
    id: 'scenario/forge-104-2a-cant-lose',
    check: 'scenario',
    checks: ['draw-from-empty-library'],
    edition: '2026-01-16',
    boundary: null,
    description:
      'Forge ComprehensiveRulesSection104.test_104_2a_player_wins_if_all_opponents_left_even_if_he_couldnt_win: player1 controls Abyssal Persecutor (opponents can’t lose the game); player2 attempted to draw from an empty library: nothing happens',
    board: {
      players: players(['player1', 'player2'], { player2: { attemptedDrawFromEmptyLibrary: true, cantLose: true }, player1: { cantWin: true } }),
      permanents: [
        {
          id: 'persecutor',
          name: 'Abyssal Persecutor',
          types: ['Creature'],
          subtypes: ['Demon'],
          colors: ['black'],
          controller: 'player1',
          power: 6,
          toughness: 6
        }
      ]
    },
    choices: [],
    expect: { events: [], after: { players: { player1: { lost: false }, player2: { lost: false } } } },
    source: source(
      '2026-01-16',
      '704.5b',
      'Forge ComprehensiveRulesSection104.test_104_2a_player_wins_if_all_opponents_left_even_if_he_couldnt_win (commit 072ad06164b2c0bc610c33385597bb5e5550a4af), under 704.5b (a player who attempted to draw from an empty library loses), which Abyssal Persecutor’s “your opponents can’t lose the game” overrides (101.1: Whenever a card’s text directly contradicts these rules, the card takes precedence)'
    )
  }
]
