/**
 * The check catalog: every rule a game engine needs to switch by era, under a
 * stable id, with how to find that rule in any edition of the Comprehensive Rules.
 *
 * A check is found by text anchors, never by a table of numbers: each anchor is
 * one or more regular expressions that must all match a rule's text, searched in
 * a region of the edition:
 *
 * - `sba`: the state-based section, found by its heading ("State-Based Effects",
 *   420 before July 2009; "State-Based Actions", 704 from then on), all its rules;
 * - `declared-sba`: any other rule that declares itself state-based ("This is a
 *   state-based effect/action"), e.g. the Two-Headed Giant rules of 2005-2009;
 * - `anywhere`: any rule of the edition (for switches such as mana burn), with a
 *   `like` substring that narrows the SQL before the expressions are tried.
 *
 * Anchors are tried in order; the first that matches wins, and among its matches
 * the first in document order. (Where lineage links are built, the rule found in
 * one edition and the one found in the next should share a lineage; the answer
 * carries `lineageId` so that a caller can confirm it.)
 */

/** What kind of rule a check is. */
export type CheckCategory = 'sba' | 'variant' | 'loop' | 'switch'

/** Where an anchor looks. */
export type AnchorRegion = 'sba' | 'declared-sba' | 'anywhere'

/** One way to find a check's rule: all of `all` must match the rule's text. */
export interface Anchor {
  region: AnchorRegion
  all: RegExp[]
  /** For `anywhere`: a substring (SQL LIKE, ASCII case-insensitive) every match contains. */
  like?: string
}

/** The multiplayer or casual variant a check belongs to. */
export type GameVariant = 'two-headed-giant' | 'commander' | 'archenemy' | 'planechase'

/** A catalog entry. */
export interface CheckDefinition {
  /** Stable id, e.g. `legend-rule`. */
  id: string
  /** A short name. */
  title: string
  category: CheckCategory
  /** What the rule is about, whatever its era's wording. */
  description: string
  /** The variant a `variant` check belongs to. */
  variant?: GameVariant
  anchors: Anchor[]
}

const sba = (...all: RegExp[]): Anchor => ({ region: 'sba', all })
const declared = (...all: RegExp[]): Anchor => ({ region: 'declared-sba', all })
const anywhere = (like: string, ...all: RegExp[]): Anchor => ({ region: 'anywhere', like, all })

/** Ids of the state-based actions of a normal game, in the order of the rules. */
export const sbaCheckIds = [
  'player-zero-life',
  'draw-from-empty-library',
  'poison',
  'token-outside-battlefield',
  'token-phased-out',
  'copy-outside-stack',
  'toughness-zero',
  'lethal-damage',
  'deathtouch-damage',
  'planeswalker-zero-loyalty',
  'planeswalker-uniqueness',
  'legend-rule',
  'world-rule',
  'aura-illegal',
  'equipment-illegal',
  'non-aura-attached',
  'counter-annihilation',
  'counter-limit',
  'saga-final-chapter',
  'dungeon-complete',
  'space-sculptor-sector',
  'battle-zero-defense',
  'battle-no-protector',
  'siege-self-protector',
  'role-uniqueness',
  'speed-start'
] as const

/** Every check id. */
export type CheckId =
  | (typeof sbaCheckIds)[number]
  | 'team-zero-life-2hg'
  | 'team-poison-2hg'
  | 'commander-damage'
  | 'commander-to-command-zone'
  | 'archenemy-scheme'
  | 'planechase-phenomenon'
  | 'check-loop'
  | 'check-loop-triggers'
  | 'single-replacement-effect'
  | 'last-known-information'
  | 'mana-burn'
  | 'combat-damage-on-stack'
  | 'zone-in-play'
  | 'zone-battlefield'
  | 'zone-removed-from-game'
  | 'zone-exile'
  | 'deathtouch-triggered'
  | 'deathtouch-static'
  | 'planeswalker-damage-redirection'
  | 'damage-assignment-order'

/** The catalog, in a stable order: state-based actions, variant ones, the check loop, era switches. */
export const checkCatalog: readonly CheckDefinition[] = [
  // State-based actions of a normal game.
  {
    id: 'player-zero-life',
    title: 'player at 0 life',
    category: 'sba',
    description: 'A player with 0 or less life loses the game.',
    anchors: [sba(/\bplayer (?:with|has) 0 (?:or less life|life or less)/i)]
  },
  {
    id: 'draw-from-empty-library',
    title: 'draw from an empty library',
    category: 'sba',
    description: 'A player who attempted to draw from an empty library since the last check loses the game.',
    anchors: [sba(/draw more cards than were in|draw a card from (?:an empty library|a library with no cards)/i)]
  },
  {
    id: 'poison',
    title: 'ten poison counters',
    category: 'sba',
    description: 'A player with ten or more poison counters loses the game.',
    anchors: [sba(/\bplayer (?:with|has) ten or more poison counters/i)]
  },
  {
    id: 'token-outside-battlefield',
    title: 'token outside the battlefield',
    category: 'sba',
    description: 'A token in a zone other than the battlefield ("in play" before 2009), or phased out where the era says so, ceases to exist.',
    anchors: [sba(/\btoken\b.*\bin a zone other than the (?:in-play zone|battlefield)/i)]
  },
  {
    id: 'token-phased-out',
    title: 'phased-out token',
    category: 'sba',
    description: 'A phased-out token ceases to exist (while phasing out moved permanents to the phased-out zone, and from Magic 2010 until August 2017).',
    anchors: [sba(/\btoken is phased out\b/i), declared(/Tokens in the phased-out zone cease to exist/i)]
  },
  {
    id: 'copy-outside-stack',
    title: 'copy outside the stack',
    category: 'sba',
    description: 'A copy of a spell outside the stack, or a copy of a card outside the stack and the battlefield, ceases to exist.',
    anchors: [sba(/copy of a spell (?:is )?in a zone other than the stack/i), declared(/copy of a spell (?:is )?in a zone other than the stack/i)]
  },
  {
    id: 'toughness-zero',
    title: 'toughness 0 or less',
    category: 'sba',
    description: "A creature with toughness 0 or less is put into its owner's graveyard; regeneration can't replace this.",
    anchors: [sba(/creature (?:with|has) toughness 0/i)]
  },
  {
    id: 'lethal-damage',
    title: 'lethal damage',
    category: 'sba',
    description: 'A creature with damage marked on it at least equal to its toughness (greater than 0) is destroyed.',
    anchors: [sba(/lethal damage/i, /destroyed/i)]
  },
  {
    id: 'deathtouch-damage',
    title: 'damage from a deathtouch source',
    category: 'sba',
    description: 'A creature dealt damage by a source with deathtouch since the last check is destroyed (a state-based action from Magic 2010; before, deathtouch was a triggered ability).',
    anchors: [sba(/damage by a source with deathtouch/i)]
  },
  {
    id: 'planeswalker-zero-loyalty',
    title: 'planeswalker at 0 loyalty',
    category: 'sba',
    description: "A planeswalker with loyalty 0 is put into its owner's graveyard.",
    anchors: [sba(/planeswalker (?:with|has) loyalty 0/i)]
  },
  {
    id: 'planeswalker-uniqueness',
    title: 'planeswalker uniqueness rule',
    category: 'sba',
    description: 'Planeswalkers that share a planeswalker type: all go (Lorwyn to 2013), or each controller keeps one (2013 to 2017, when the legend rule took over).',
    anchors: [sba(/planeswalker uniqueness rule|planeswalkers that share a planeswalker type/i)]
  },
  {
    id: 'legend-rule',
    title: 'legend rule',
    category: 'sba',
    description: 'Legendary permanents with the same name: the earliest (1999) or the one legendary longest (2001-2004) stays, all go (2004-2013), or each controller keeps one (from 2013).',
    anchors: [sba(/legend rule/i)]
  },
  {
    id: 'world-rule',
    title: 'world rule',
    category: 'sba',
    description: 'Two or more world permanents ("enchant worlds" before 2004): all but the newest go; a tie for newest puts all into the graveyard.',
    anchors: [sba(/enchant worlds|supertype world/i)]
  },
  {
    id: 'aura-illegal',
    title: 'Aura attached illegally',
    category: 'sba',
    description: "An Aura (a local enchantment before 2005) attached to an illegal object or player, or to nothing, is put into its owner's graveyard.",
    anchors: [sba(/local enchantment that enchants an illegal|Aura (?:is )?attached to an illegal/i)]
  },
  {
    id: 'equipment-illegal',
    title: 'Equipment or Fortification attached illegally',
    category: 'sba',
    description: 'An Equipment or Fortification attached to an illegal permanent (or, from 2019, a player) becomes unattached and stays on the battlefield.',
    anchors: [sba(/Equipment (?:that equips an illegal|(?:or Fortification )?(?:is )?attached to an illegal)/i)]
  },
  {
    id: 'non-aura-attached',
    title: 'other permanent attached',
    category: 'sba',
    description: 'A permanent that is not an Aura, Equipment or Fortification (and, from late 2009, any creature; from 2023, any battle) attached to something becomes unattached.',
    anchors: [sba(/neither an Aura, an Equipment, nor a Fortification|non-Aura, non-Equipment permanent/i)]
  },
  {
    id: 'counter-annihilation',
    title: '+1/+1 and -1/-1 counters',
    category: 'sba',
    description: 'A permanent with both +1/+1 and -1/-1 counters loses N of each, N the smaller count (from Time Spiral, October 2006).',
    anchors: [sba(/\+1\/\+1 counter and a -1\/-1 counter/i)]
  },
  {
    id: 'counter-limit',
    title: 'counter limit',
    category: 'sba',
    description: "A permanent whose ability says it can't have more than N counters of a kind loses the excess.",
    anchors: [sba(/can.t have more than N counters/i)]
  },
  {
    id: 'saga-final-chapter',
    title: 'Saga at its final chapter',
    category: 'sba',
    description: "A Saga with lore counters at least its final chapter number, and no chapter ability waiting, is sacrificed.",
    anchors: [sba(/lore counters on a Saga/i)]
  },
  {
    id: 'dungeon-complete',
    title: 'dungeon completed',
    category: 'sba',
    description: "A dungeon whose venture marker is on its bottommost room, with no room ability waiting, is removed from the game.",
    anchors: [sba(/venture marker is on the bottommost room/i)]
  },
  {
    id: 'space-sculptor-sector',
    title: 'space sculptor sectors',
    category: 'sba',
    description: 'With a space sculptor permanent on the battlefield, creatures without a sector get one.',
    anchors: [sba(/space sculptor/i)]
  },
  {
    id: 'battle-zero-defense',
    title: 'battle at 0 defense',
    category: 'sba',
    description: "A battle with defense 0, and no ability of it waiting, is put into its owner's graveyard.",
    anchors: [sba(/battle has defense 0/i)]
  },
  {
    id: 'battle-no-protector',
    title: 'battle without a protector',
    category: 'sba',
    description: 'A battle with no protector that is not being attacked gets one chosen by its controller, or goes to the graveyard.',
    anchors: [sba(/battle has no player .*designated as its protector/i)]
  },
  {
    id: 'siege-self-protector',
    title: 'Siege protected by its controller',
    category: 'sba',
    description: "A Siege whose controller is its protector gets an opponent as protector, or goes to the graveyard.",
    anchors: [sba(/Siege.s controller is also its designated protector/i)]
  },
  {
    id: 'role-uniqueness',
    title: 'one Role per player',
    category: 'sba',
    description: 'Of the Roles one player controls on a permanent, only the newest stays.',
    anchors: [sba(/more than one Role/i)]
  },
  {
    id: 'speed-start',
    title: 'start your engines!',
    category: 'sba',
    description: "A player who controls a permanent with start your engines! and has no speed gets speed 1.",
    anchors: [sba(/start your engines!?.*\bno speed\b/i)]
  },

  // Variant state-based actions.
  {
    id: 'team-zero-life-2hg',
    title: 'Two-Headed Giant team at 0 life',
    category: 'variant',
    variant: 'two-headed-giant',
    description: 'In a Two-Headed Giant game, a team with 0 or less life loses the game.',
    anchors: [sba(/team has 0 or less life/i), declared(/team.s life total is 0 or less/i)]
  },
  {
    id: 'team-poison-2hg',
    title: 'Two-Headed Giant team poison',
    category: 'variant',
    variant: 'two-headed-giant',
    description: 'In a Two-Headed Giant game, a team with fifteen or more poison counters loses the game.',
    anchors: [sba(/team has fifteen or more poison counters/i), declared(/team has fifteen or more poison counters/i)]
  },
  {
    id: 'commander-damage',
    title: 'commander damage',
    category: 'variant',
    variant: 'commander',
    description: 'In a Commander (EDH) game, a player dealt 21 or more combat damage by the same commander (general) loses the game.',
    anchors: [sba(/21 or more combat damage by the same (?:general|commander)/i), declared(/21 or more combat damage by the same (?:general|commander)/i)]
  },
  {
    id: 'commander-to-command-zone',
    title: 'commander to the command zone',
    category: 'variant',
    variant: 'commander',
    description: 'In a Commander game, a commander put into a graveyard or exile since the last check may go to the command zone (a state-based action from July 2020; before, a replacement effect).',
    anchors: [sba(/commander is in a graveyard or in exile/i), declared(/commander is in a graveyard or in exile/i)]
  },
  {
    id: 'archenemy-scheme',
    title: 'Archenemy scheme',
    category: 'variant',
    variant: 'archenemy',
    description: 'In an Archenemy game, a face-up non-ongoing scheme with nothing waiting is turned face down and put on the bottom of its scheme deck.',
    anchors: [sba(/non-ongoing scheme card is face up/i), declared(/non-ongoing scheme card is face up/i)]
  },
  {
    id: 'planechase-phenomenon',
    title: 'Planechase phenomenon',
    category: 'variant',
    variant: 'planechase',
    description: 'In a Planechase game, a face-up phenomenon with nothing waiting makes the planar controller planeswalk.',
    anchors: [sba(/phenomenon card is face up/i), declared(/phenomenon card is face up/i)]
  },

  // The check loop.
  {
    id: 'check-loop',
    title: 'when state-based actions are checked',
    category: 'loop',
    description: 'Whenever a player would get priority, all applicable state-based actions are performed at once as a single event, and the check is repeated.',
    anchors: [sba(/^Whenever a player .*priority.*state-based/i)]
  },
  {
    id: 'check-loop-triggers',
    title: 'how triggers interleave',
    category: 'loop',
    description: 'Once no more state-based actions are performed, waiting triggered abilities go on the stack (and, from 2009, the check is repeated).',
    anchors: [sba(/triggered abilities/i, /(?:go|are put|put) on(?:to)? the stack/i)]
  },
  {
    id: 'single-replacement-effect',
    title: 'one replacement for simultaneous results',
    category: 'loop',
    description: 'If several state-based actions would have the same result at once, a single replacement effect replaces them all (from October 2008).',
    anchors: [sba(/single replacement effect will replace all/i)]
  },
  {
    id: 'last-known-information',
    title: 'last known information',
    category: 'loop',
    description: "A permanent that leaves the battlefield through state-based actions performed together has the last known information of the state before any of them (from February 2012).",
    anchors: [sba(/last known information/i)]
  },

  // Era switches an engine needs outside the state-based actions.
  {
    id: 'mana-burn',
    title: 'mana burn',
    category: 'switch',
    description: 'Unused mana lost as a phase ends costs its player 1 life each (removed by Magic 2010).',
    anchors: [anywhere('%mana burn%', /This is called mana burn/i), anywhere('%mana burn%', /unused mana/i, /mana burn/i)]
  },
  {
    id: 'combat-damage-on-stack',
    title: 'combat damage uses the stack',
    category: 'switch',
    description: 'Combat damage is assigned, put on the stack and resolves later (removed by Magic 2010).',
    anchors: [
      anywhere('%combat damage go on the stack%', /(?:assignments|announcements) of combat damage go on the stack/i),
      anywhere('%combat damage%stack%', /combat damage (?:goes|is put) on(?:to)? the stack/i)
    ]
  },
  {
    id: 'zone-in-play',
    title: 'the "in play" zone',
    category: 'switch',
    description: 'Permanents are "in play" (the zone became the battlefield in Magic 2010).',
    anchors: [anywhere('%zones:%', /There are (?:normally )?\w+ (?:basic )?zones:/i, /\bin play\b/i)]
  },
  {
    id: 'zone-battlefield',
    title: 'the battlefield',
    category: 'switch',
    description: 'Permanents are on the battlefield (from Magic 2010; "in play" before).',
    anchors: [anywhere('%zones:%', /There are (?:normally )?\w+ (?:basic )?zones:/i, /\bbattlefield\b/i)]
  },
  {
    id: 'zone-removed-from-game',
    title: 'the "removed from the game" zone',
    category: 'switch',
    description: 'Objects are "removed from the game" (the zone became exile in Magic 2010).',
    anchors: [anywhere('%zones:%', /There are (?:normally )?\w+ (?:basic )?zones:/i, /removed from the game/i)]
  },
  {
    id: 'zone-exile',
    title: 'exile',
    category: 'switch',
    description: 'Objects are exiled (from Magic 2010; "removed from the game" before).',
    anchors: [anywhere('%zones:%', /There are (?:normally )?\w+ (?:basic )?zones:/i, /\bexile\b/i)]
  },
  {
    id: 'deathtouch-triggered',
    title: 'deathtouch as a triggered ability',
    category: 'switch',
    description: 'Deathtouch is a triggered ability: "Whenever this permanent deals damage to a creature, destroy that creature" (Future Sight to Magic 2010).',
    anchors: [anywhere('%deathtouch is a triggered%', /Deathtouch is a triggered ability/i)]
  },
  {
    id: 'deathtouch-static',
    title: 'deathtouch as a static ability',
    category: 'switch',
    description: 'Deathtouch is a static ability whose damage destroys through a state-based action (from Magic 2010).',
    anchors: [anywhere('%deathtouch is a static%', /Deathtouch is a static ability/i)]
  },
  {
    id: 'planeswalker-damage-redirection',
    title: 'damage redirection to planeswalkers',
    category: 'switch',
    description: "Noncombat damage to a player may be redirected to a planeswalker that player controls (Lorwyn to Dominaria).",
    anchors: [anywhere('%to a planeswalker%', /deal that damage to a planeswalker .*controls instead/i)]
  },
  {
    id: 'damage-assignment-order',
    title: 'damage assignment order',
    category: 'switch',
    description: 'An attacking creature blocked by several creatures orders them and assigns lethal damage in that order (Magic 2010 to Foundations).',
    anchors: [anywhere('%damage assignment order%', /announces (?:its|that creature.s) damage assignment order/i)]
  }
]

const byId = new Map(checkCatalog.map((check) => [check.id, check]))

/** The catalog entry with this id, or `undefined`. */
export function findCheck(id: string): CheckDefinition | undefined {
  return byId.get(id.trim().toLowerCase())
}

/** How to find a check's rule, in words (for `crdb check` and the docs). */
export function describeAnchors(check: CheckDefinition): string {
  const region: Record<AnchorRegion, string> = {
    sba: 'in the rules under the heading "State-Based Effects" or "State-Based Actions" (420 before July 2009, 704 since)',
    'declared-sba': 'in any rule that declares itself a state-based effect or action',
    anywhere: 'in any rule'
  }
  return check.anchors
    .map((anchor) => `${region[anchor.region]}, the first rule matching ${anchor.all.map((pattern) => String(pattern)).join(' and ')}`)
    .join('; else ')
}
