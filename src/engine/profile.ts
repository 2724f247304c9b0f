/**
 * Era profiles: every rule change a game engine must switch on, as values it can
 * branch on, each with the rule that decides it in the edition.
 *
 * A switch is found the way the check catalog finds a check: by the text of the
 * rule in force (anchors, see `catalog.ts`), or through a catalog check. Its value
 * is read from that text (or from its absence); nothing is typed per era. The
 * table below is the only place a switch is defined.
 */
import { anywhere, sba, type Anchor } from './anchors.js'
import type { CheckId } from './catalog.js'

/** A switch's value: a word, a number, a flag; `null` where the edition has no such thing. */
export type SwitchValue = string | number | boolean | null

/** What part of the game a switch is about. */
export type SwitchGroup = 'start' | 'turn' | 'mana' | 'combat' | 'abilities' | 'state-based' | 'multiplayer' | 'commander' | 'designations' | 'zones'

/** A switch of the profile table. */
export interface SwitchDefinition {
  /** Stable id, e.g. `mulligan`. */
  id: string
  title: string
  group: SwitchGroup
  /** What it decides, and its values. */
  description: string
  /** How its rule is found: through a catalog check, or by anchors of its own. */
  from: { check: CheckId } | { anchors: Anchor[] }
  /** The value, from the text of the deciding rule (`null`: no rule of the edition matches). */
  read(text: string | null): SwitchValue
}

const exists = (text: string | null): boolean => text !== null
/** The number written as a word or digits after `pattern` in `text`. */
function numberIn(text: string | null, pattern: RegExp): number | null {
  const match = text === null ? null : pattern.exec(text)
  if (!match) return null
  const words: Record<string, number> = {
    one: 1,
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    six: 6,
    seven: 7,
    eight: 8,
    nine: 9,
    ten: 10,
    fifteen: 15,
    twenty: 20,
    thirty: 30,
    forty: 40
  }
  const word = (match.slice(1).find((group) => group !== undefined) ?? '').toLowerCase()
  return words[word] ?? (/^\d+$/.test(word) ? Number(word) : null)
}
const hand = '(?:his or her|their)'
/** The rule that lists the zones. */
const zones = anywhere('%zones:%', /There are (?:normally )?\w+ (?:basic )?zones:/i)

/** The switches, by group. */
export const switchTable: readonly SwitchDefinition[] = [
  // Starting the game.
  {
    id: 'mulligan',
    title: 'mulligan procedure',
    group: 'start',
    description:
      '`one-fewer`: shuffle the hand away and draw one fewer card (Paris); `scry`: the same, then a player whose hand is smaller than the starting hand looks at the top card of their library and may put it on the bottom (Vancouver, from Battle for Zendikar, 2015; a scry 1 in all but name); `bottom`: draw a full hand and put one card on the bottom per mulligan (London, 2019).',
    from: { anchors: [anywhere('%mulligan%', new RegExp(`dissatisfied with ${hand} (?:initial|opening) hand`, 'i'), /\bmulligan\b/i)] },
    read: (text) =>
      text === null
        ? null
        : /draws a new hand of cards equal to \w+ starting hand size/i.test(text)
          ? 'bottom'
          : /\blook at the top card of (?:his or her|their) library\b[^.]*\.[^.]*\bput that card on the bottom/i.test(text)
            ? 'scry'
            : 'one-fewer'
  },
  {
    id: 'multiplayer-free-mulligan',
    title: 'free first mulligan in multiplayer',
    group: 'start',
    description: 'In a multiplayer game the first mulligan costs no card (from July 2007).',
    from: { anchors: [anywhere('%mulligan%', /\bmultiplayer game\b/i, /first (?:time a player takes a )?mulligan/i)] },
    read: (text) => text !== null && /seven cards|as many cards|doesn.t count|free/i.test(text)
  },
  {
    id: 'starting-hand-size',
    title: 'starting hand size',
    group: 'start',
    description: 'The cards each player draws to start the game.',
    from: { anchors: [anywhere('%hand%', /starting hand size, which is normally (\w+)|\bdraws a hand of (\w+) cards/i)] },
    read: (text) => numberIn(text, /starting hand size, which is normally (\w+)|\bdraws a hand of (\w+) cards/i)
  },
  {
    id: 'maximum-hand-size',
    title: 'maximum hand size',
    group: 'turn',
    description: 'The hand size a player discards down to in the cleanup step.',
    from: { anchors: [anywhere('%maximum hand size%', /maximum hand size,? (?:which is )?\(?normally (\w+)/i)] },
    read: (text) => numberIn(text, /normally (\w+)/i)
  },
  {
    id: 'first-player-skips-draw',
    title: 'the first player skips the first draw (two players)',
    group: 'start',
    description: 'In a two-player game, the player who plays first skips the draw step of their first turn.',
    from: { anchors: [anywhere('%first turn%', new RegExp(`player who plays first skips the draw step .*of ${hand} first turn`, 'i'))] },
    read: exists
  },
  {
    id: 'starting-life',
    title: 'starting life (two-player game)',
    group: 'start',
    description: 'The life total each player starts with.',
    from: {
      anchors: [
        anywhere(
          '%life total%',
          /^(?!In an? )[^.]*\beach player (?:sets (?:his or her|their) life total to|begins the game with a (?:starting )?life total of) (\d+)/i
        )
      ]
    },
    read: (text) => numberIn(text, /(?:life total to|life total of) (\d+)/i)
  },
  {
    id: 'starting-life-two-headed-giant',
    title: 'starting life (Two-Headed Giant team)',
    group: 'multiplayer',
    description: "A Two-Headed Giant team's shared starting life.",
    from: {
      anchors: [
        anywhere(
          '%Two-Headed Giant%life total%',
          /^In a Two-Headed Giant game, each team(?:.s starting life total is| (?:starts|begins the game) with a shared life total of) (\d+)/i
        )
      ]
    },
    read: (text) => numberIn(text, /(?:starting life total is|shared life total of) (\d+)/i)
  },
  {
    id: 'starting-life-commander',
    title: 'starting life (Commander)',
    group: 'commander',
    description: 'The life each player starts a Commander (EDH) game with.',
    from: {
      anchors: [
        anywhere(
          '%life total%',
          /^In an? (?:EDH|Commander) game, each player(?:.s starting life total is| begins the game with a starting life total of| sets (?:his or her|their) life total to) (\d+)/i
        )
      ]
    },
    read: (text) => numberIn(text, /(?:life total is|life total of|life total to) (\d+)/i)
  },

  // Turn structure and mana.
  {
    id: 'mana-empties',
    title: 'when mana pools empty',
    group: 'mana',
    description: '`phase`: unused mana empties at the end of each phase; `step`: at the end of each step and phase (from Magic 2010).',
    from: {
      anchors: [
        anywhere('%mana pool%', /^(?:When|As) (?:a|each) (?:step or )?phase ends/i, /(?:unused|unspent) mana left in a player.s mana pool (?:is lost|empties)/i)
      ]
    },
    read: (text) => (text === null ? null : /\bstep or phase ends\b/i.test(text) ? 'step' : 'phase')
  },
  {
    id: 'mana-burn',
    title: 'mana burn',
    group: 'mana',
    description: 'Unused mana costs its player 1 life each as a phase ends (removed by Magic 2010).',
    from: { check: 'mana-burn' },
    read: exists
  },

  // Combat.
  {
    id: 'combat-damage-on-stack',
    title: 'combat damage uses the stack',
    group: 'combat',
    description: 'Combat damage is put on the stack and can be responded to (removed by Magic 2010).',
    from: { check: 'combat-damage-on-stack' },
    read: exists
  },
  {
    id: 'damage-assignment-order',
    title: 'damage assignment order',
    group: 'combat',
    description: 'An attacker blocked by several creatures orders them and assigns lethal damage in that order (Magic 2010 to Foundations).',
    from: { check: 'damage-assignment-order' },
    read: exists
  },
  {
    id: 'attackable',
    title: 'what can be attacked',
    group: 'combat',
    description: '`players`, `players-planeswalkers` (from Lorwyn), `players-planeswalkers-battles` (from March of the Machine).',
    from: {
      anchors: [
        anywhere('%can be attacked%', /Only a (?:player|creature)/i, /can be attacked/i),
        anywhere('%attack%', /\bcan attack\b.*\bplayer\b/i, /declare attackers/i)
      ]
    },
    read: (text) =>
      text === null ? 'players' : /battle/i.test(text) ? 'players-planeswalkers-battles' : /planeswalker/i.test(text) ? 'players-planeswalkers' : 'players'
  },
  {
    id: 'battles-attackable',
    title: 'battles can be attacked',
    group: 'combat',
    description: 'Battles exist and can be attacked (from March of the Machine, 2023).',
    from: { anchors: [anywhere('%Battles can be attacked%', /Battles can be attacked/i)] },
    read: exists
  },
  {
    id: 'planeswalker-damage-redirection',
    title: 'damage redirection to planeswalkers',
    group: 'combat',
    description: 'Noncombat damage to a player may be redirected to a planeswalker that player controls (Lorwyn to Dominaria).',
    from: { check: 'planeswalker-damage-redirection' },
    read: exists
  },

  // Abilities.
  {
    id: 'lifelink',
    title: 'lifelink',
    group: 'abilities',
    description:
      '`triggered` (Future Sight to Magic 2010), `static`: the damage itself causes the life gain (from Magic 2010); `null` before it was a keyword.',
    from: { anchors: [anywhere('%Lifelink is a%', /Lifelink is a (?:triggered|static) ability/i)] },
    read: (text) => (text === null ? null : /triggered/i.test(text) ? 'triggered' : 'static')
  },
  {
    id: 'deathtouch',
    title: 'deathtouch',
    group: 'abilities',
    description: '`triggered` (Future Sight to Magic 2010), `static` with a state-based action (from Magic 2010); `null` before it was a keyword.',
    from: { anchors: [anywhere('%Deathtouch is a%', /Deathtouch is a (?:triggered|static) ability/i)] },
    read: (text) => (text === null ? null : /triggered/i.test(text) ? 'triggered' : 'static')
  },
  {
    id: 'indestructible-keyword',
    title: 'indestructible is a keyword',
    group: 'abilities',
    description: 'Indestructible is a keyword ability (from Theros, 2013); before, "is indestructible" was a quality an effect states.',
    from: { anchors: [anywhere('%Indestructible is a%', /Indestructible is a static ability/i)] },
    read: exists
  },
  {
    id: 'regeneration-shields',
    title: 'regeneration',
    group: 'abilities',
    description: 'Regeneration replaces a destruction (a "regeneration shield"): the permanent is tapped, removed from combat, its damage removed.',
    from: { anchors: [anywhere('%regenerat%', /\bregenerat/i, /instead|replace/i, /destroy/i)] },
    read: exists
  },

  // State-based actions an engine branches on.
  {
    id: 'legend-rule',
    title: 'legend rule',
    group: 'state-based',
    description:
      '`earliest-timestamp` (1999), `longest` (2001-2004), `all` (2004-2013): among legendary permanents with one name; `controller-chooses` (from 2013): per controller.',
    from: { check: 'legend-rule' },
    read: (text) =>
      text === null
        ? null
        : /earliest timestamp/i.test(text)
          ? 'earliest-timestamp'
          : /\bthe longest\b/i.test(text)
            ? 'longest'
            : /chooses one of them/i.test(text)
              ? 'controller-chooses'
              : 'all'
  },
  {
    id: 'legend-rule-scope',
    title: 'legend rule scope',
    group: 'state-based',
    description: "`battlefield`: every legendary permanent with the name, whoever controls it; `controller`: each player's own (from 2013).",
    from: { check: 'legend-rule' },
    read: (text) => (text === null ? null : /controls two or more legendary|controlled by the same player/i.test(text) ? 'controller' : 'battlefield')
  },
  {
    id: 'legend-rule-tie',
    title: 'legend rule tie',
    group: 'state-based',
    description: '`all-go`: on a tie for the one that stays, all go (1999-2004); `none`: no tie to break.',
    from: { check: 'legend-rule' },
    read: (text) => (text === null ? null : /\btie\b/i.test(text) ? 'all-go' : 'none')
  },
  {
    id: 'planeswalker-uniqueness',
    title: 'planeswalker uniqueness',
    group: 'state-based',
    description:
      '`subtype-all`: planeswalkers sharing a subtype all go (2007-2013); `subtype-controller`: each controller keeps one (2013-2017); `null`: no such rule (before Lorwyn, and from 2017, when the legend rule covers legendary planeswalkers).',
    from: { check: 'planeswalker-uniqueness' },
    read: (text) => (text === null ? null : /chooses one of them/i.test(text) ? 'subtype-controller' : 'subtype-all')
  },
  {
    id: 'poison-threshold',
    title: 'poison counters that lose the game',
    group: 'state-based',
    description: 'Ten poison counters make a player lose.',
    from: { check: 'poison' },
    read: (text) => numberIn(text, /(\w+) or more poison counters/i)
  },
  {
    id: 'poison-threshold-two-headed-giant',
    title: 'poison counters that lose a Two-Headed Giant team the game',
    group: 'multiplayer',
    description: 'Fifteen poison counters make a team lose (from 2011); before, each player was checked for ten.',
    from: { check: 'team-poison-2hg' },
    read: (text) => numberIn(text, /(\w+) or more poison counters/i)
  },
  {
    id: 'deathtouch-state-based',
    title: 'deathtouch destroys as a state-based action',
    group: 'state-based',
    description: 'A creature dealt damage by a deathtouch source is destroyed as a state-based action (from Magic 2010).',
    from: { check: 'deathtouch-damage' },
    read: exists
  },
  {
    id: 'counter-annihilation',
    title: '+1/+1 and -1/-1 counters annihilate',
    group: 'state-based',
    description: 'From Shadowmoor-era Time Spiral rules (October 2006).',
    from: { check: 'counter-annihilation' },
    read: exists
  },

  // Multiplayer.
  {
    id: 'limited-range-legend',
    title: 'range of influence limits the legend rule',
    group: 'multiplayer',
    description: "With limited range of influence, the legend rule applies only among permanents within the controller's range (to 2013).",
    from: { anchors: [anywhere('%range of influence%', /legend rule.{0,40}applies to a permanent only if/i)] },
    read: exists
  },
  {
    id: 'limited-range-world',
    title: 'range of influence limits the world rule',
    group: 'multiplayer',
    description: "With limited range of influence, the world rule applies only among permanents within the controller's range.",
    from: { anchors: [anywhere('%range of influence%', /world rule.{0,40}applies to a permanent only if/i)] },
    read: exists
  },
  {
    id: 'limited-range-aura',
    title: 'range of influence limits Auras',
    group: 'multiplayer',
    description: "An Aura can't enchant an object or player outside its controller's range of influence.",
    from: { anchors: [anywhere('%range of influence%', /(?:Aura|local enchantment) can.t enchant .*outside its controller.s range of influence/i)] },
    read: exists
  },
  {
    id: 'win-overrides-cant-win',
    title: 'winning overrides "can\'t win"',
    group: 'multiplayer',
    description: "A player whose opponents have all left the game wins, whatever effects say it can't.",
    from: { anchors: [anywhere('%preclude%', /overrides all effects that would preclude that player from winning/i)] },
    read: exists
  },

  // Commander.
  {
    id: 'commander-damage',
    title: 'commander damage',
    group: 'commander',
    description: 'Combat damage from one commander that makes a player lose.',
    from: { check: 'commander-damage' },
    read: (text) => numberIn(text, /(\d+) or more combat damage/i)
  },
  {
    id: 'commander-zone-change',
    title: 'commander to the command zone',
    group: 'commander',
    description:
      '`replacement`: a commander going to a graveyard or exile may go to the command zone instead (a replacement effect); `state-based`: from July 2020 it goes there as a state-based action, while hand and library stay replacements.',
    from: {
      anchors: [
        sba(/commander is in a graveyard or in exile/i),
        anywhere('%command zone instead%', /(?:general|commander) would be (?:put into (?:its owner.s graveyard|the exile zone)|exiled)/i)
      ]
    },
    read: (text) => (text === null ? null : /state-based|is in a graveyard or in exile/i.test(text) ? 'state-based' : 'replacement')
  },
  {
    id: 'commander-hand-library-replacement',
    title: 'commander to hand or library: command zone instead',
    group: 'commander',
    description: "A commander that would be put into its owner's hand or library may go to the command zone instead (from 2016).",
    from: { anchors: [anywhere('%command zone instead%', /(?:general|commander) would be .*\b(?:hand|library)\b/i)] },
    read: exists
  },
  {
    id: 'companion',
    title: 'companion',
    group: 'commander',
    description: 'The companion keyword exists (from Ikoria, April 2020).',
    from: { anchors: [anywhere('%companion%', /Companion is a keyword ability/i)] },
    read: exists
  },

  // Designations.
  {
    id: 'day-night',
    title: 'day and night',
    group: 'designations',
    description: 'The game can be day or night (from Innistrad: Midnight Hunt, 2021).',
    from: { anchors: [anywhere('%Day and night are designations%', /Day and night are designations/i)] },
    read: exists
  },
  {
    id: 'monarch',
    title: 'the monarch',
    group: 'designations',
    description: 'A player can be the monarch (from Conspiracy: Take the Crown, 2016).',
    from: { anchors: [anywhere('%monarch is a designation%', /monarch is a designation/i)] },
    read: exists
  },
  {
    id: 'initiative',
    title: 'the initiative',
    group: 'designations',
    description: 'A player can have the initiative (from 2022).',
    from: { anchors: [anywhere('%initiative is a designation%', /initiative is a designation/i)] },
    read: exists
  },
  {
    id: 'speed',
    title: 'speed',
    group: 'designations',
    description: 'Players can have speed, from start your engines! (from Aetherdrift, 2025).',
    from: { anchors: [anywhere('%speed%', /Players do not have speed until/i)] },
    read: exists
  },

  // Zones.
  {
    id: 'battlefield-name',
    title: 'the zone of permanents',
    group: 'zones',
    description: '`in play` before Magic 2010, `battlefield` from then.',
    from: { anchors: [zones] },
    read: (text) => (text === null ? null : /\bbattlefield\b/i.test(text) ? 'battlefield' : 'in play')
  },
  {
    id: 'exile-name',
    title: 'the zone of removed objects',
    group: 'zones',
    description: '`removed from the game` before Magic 2010, `exile` from then.',
    from: { anchors: [zones] },
    read: (text) => (text === null ? null : /\bexile\b/i.test(text) ? 'exile' : 'removed from the game')
  }
]

/** A switch of the era profile as it stands in an edition. */
export interface ProfileSwitch {
  id: string
  title: string
  group: SwitchGroup
  description: string
  value: SwitchValue
  /** The rule that decides the value (`null`: the edition has no such rule, which decides it too). */
  rule: { number: string; text: string; check?: string } | null
  /** The first edition of the run in which the switch has held this value without a break. */
  since: string
}

/** The profile of an era: every switch an engine branches on. */
export interface EraProfile {
  era: string | null
  edition: string
  switches: ProfileSwitch[]
  /** The switch with this id, or `undefined`. */
  get(id: string): ProfileSwitch | undefined
}

/** A switch in one edition, as its timeline holds it. */
export interface SwitchPoint {
  edition: string
  value: SwitchValue
  number: string | null
}

/** A switch whose value differs between two profiles, with both citations. */
export interface SwitchDifference {
  id: string
  title: string
  group: SwitchGroup
  from: { edition: string; value: SwitchValue; rule: ProfileSwitch['rule']; since: string }
  to: { edition: string; value: SwitchValue; rule: ProfileSwitch['rule']; since: string }
}

/** The switches whose values differ from profile `a` to profile `b`, in table order. */
export function diffProfiles(a: EraProfile, b: EraProfile): SwitchDifference[] {
  const differences: SwitchDifference[] = []
  for (const before of a.switches) {
    const after = b.get(before.id)
    if (!after || after.value === before.value) continue
    differences.push({
      id: before.id,
      title: before.title,
      group: before.group,
      from: { edition: a.edition, value: before.value, rule: before.rule, since: before.since },
      to: { edition: b.edition, value: after.value, rule: after.rule, since: after.since }
    })
  }
  return differences
}
