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

/** Reads a switch's value from the text of its deciding rule (`null`: no rule of the edition matches). */
type Reader = (text: string | null) => SwitchValue

/** Whether the edition has the rule. */
const exists: Reader = (text) => text !== null
/** Whether the rule exists and says `pattern`. */
const says =
  (pattern: RegExp): Reader =>
  (text) =>
    text !== null && pattern.test(text)
/** The number (a word or digits) captured by `pattern`. */
const count =
  (pattern: RegExp): Reader =>
  (text) =>
    numberIn(text, pattern)
/** The value of the first pattern the rule matches, else `otherwise`; `absent` without a rule. */
const wording =
  (otherwise: string, choices: Array<[RegExp, string]>, absent: SwitchValue = null): Reader =>
  (text) =>
    text === null ? absent : (choices.find(([pattern]) => pattern.test(text))?.[1] ?? otherwise)
/** Found through a catalog check. */
const check = (id: CheckId): SwitchDefinition['from'] => ({ check: id })
/** Found by anchors of its own. */
const rule = (...anchors: Anchor[]): SwitchDefinition['from'] => ({ anchors })

const hand = '(?:his or her|their)'
/** The rule that lists the zones. */
const zones = anywhere('%zones:%', /There are (?:normally )?\w+ (?:basic )?zones:/i)
// Anchors and readers too long for a row of the table.
const mulliganRule = anywhere('%mulligan%', new RegExp(`dissatisfied with ${hand} (?:initial|opening) hand`, 'i'), /\bmulligan\b/i)
const mulliganKind = wording('one-fewer', [
  [/draws a new hand of cards equal to \w+ starting hand size/i, 'bottom'],
  [/\blook at the top card of (?:his or her|their) library\b[^.]*\.[^.]*\bput that card on the bottom/i, 'scry']
])
const handSize = /starting hand size, which is normally (\w+)|\bdraws a hand of (\w+) cards/i
const firstDraw = anywhere('%first turn%', new RegExp(`player who plays first skips the draw step .*of ${hand} first turn`, 'i'))
const lifeTwoPlayer = anywhere(
  '%life total%',
  /^(?!In an? )[^.]*\beach player (?:sets (?:his or her|their) life total to|begins the game with a (?:starting )?life total of) (\d+)/i
)
const lifeTeam = anywhere(
  '%Two-Headed Giant%life total%',
  /^In a Two-Headed Giant game, each team(?:.s starting life total is| (?:starts|begins the game) with a shared life total of) (\d+)/i
)
// The first Two-Headed Giant rules (2005-10-01 to 2007-02-01) say it only in 606.4a, without naming the variant.
const lifeTeamFirst = anywhere('%shared life total%', /^Each team has a shared life total, which starts at (\d+) life/i)
const lifeCommander = anywhere(
  '%life total%',
  /^In an? (?:EDH|Commander) game, each player(?:.s starting life total is| begins the game with a starting life total of| sets (?:his or her|their) life total to) (\d+)/i
)
const manaEmpties = anywhere(
  '%mana pool%',
  /^(?:When|As) (?:a|each) (?:step or )?phase ends/i,
  /(?:unused|unspent) mana left in a player.s mana pool (?:is lost|empties)/i
)
const attackRules = [
  anywhere('%can be attacked%', /Only a (?:player|creature)/i, /can be attacked/i),
  anywhere('%attack%', /\bcan attack\b.*\bplayer\b/i, /declare attackers/i),
  // 2003-07-01 to 2007-07-13, before planeswalkers, 306.3 names who is attacked: "The nonactive player is being
  // attacked and is the defending player." (2005-10-01: "The chosen opponent is being attacked ...").
  anywhere('%being attacked and is the defending player%', /\bis being attacked and is the defending player\b/i)
]
const attackable = wording(
  'players',
  [
    [/battle/i, 'players-planeswalkers-battles'],
    [/planeswalker/i, 'players-planeswalkers']
  ],
  'players'
)
const legendRule = wording('all', [
  [/earliest timestamp/i, 'earliest-timestamp'],
  [/\bthe longest\b/i, 'longest'],
  [/chooses one of them/i, 'controller-chooses']
])
const poisonCount = count(/(\w+) or more poison counters/i)
const rangeRule = (pattern: RegExp) => rule(anywhere('%range of influence%', pattern))
const auraRange = rangeRule(/(?:Aura|local enchantment) can.t enchant .*outside its controller.s range of influence/i)
const commanderGone = rule(
  sba(/commander is in a graveyard or in exile/i),
  anywhere('%command zone instead%', /(?:general|commander) would be (?:put into (?:its owner.s graveyard|the exile zone)|exiled)/i)
)
const triggeredOrStatic = wording('static', [[/triggered/i, 'triggered']])
/** A designation or keyword that exists from the edition whose rules define it. */
const defined = (like: string, pattern: RegExp) => rule(anywhere(like, pattern))

/** Each switch's title. */
const titles = {
  mulligan: 'mulligan procedure',
  'multiplayer-free-mulligan': 'free first mulligan in multiplayer',
  'starting-hand-size': 'starting hand size',
  'maximum-hand-size': 'maximum hand size',
  'first-player-skips-draw': 'the first player skips the first draw (two players)',
  'starting-life': 'starting life (two-player game)',
  'starting-life-two-headed-giant': 'starting life (Two-Headed Giant team)',
  'starting-life-commander': 'starting life (Commander)',
  'mana-empties': 'when mana pools empty',
  'mana-burn': 'mana burn',
  'combat-damage-on-stack': 'combat damage uses the stack',
  'damage-assignment-order': 'damage assignment order',
  attackable: 'what can be attacked',
  'battles-attackable': 'battles can be attacked',
  'planeswalker-damage-redirection': 'damage redirection to planeswalkers',
  lifelink: 'lifelink',
  deathtouch: 'deathtouch',
  'indestructible-keyword': 'indestructible is a keyword',
  'regeneration-shields': 'regeneration',
  'legend-rule': 'legend rule',
  'legend-rule-scope': 'legend rule scope',
  'legend-rule-tie': 'legend rule tie',
  'planeswalker-uniqueness': 'planeswalker uniqueness',
  'poison-threshold': 'poison counters that lose the game',
  'poison-threshold-two-headed-giant': 'poison counters that lose a Two-Headed Giant team the game',
  'deathtouch-state-based': 'deathtouch destroys as a state-based action',
  'counter-annihilation': '+1/+1 and -1/-1 counters annihilate',
  'limited-range-legend': 'range of influence limits the legend rule',
  'limited-range-world': 'range of influence limits the world rule',
  'limited-range-aura': 'range of influence limits Auras',
  'win-overrides-cant-win': 'winning overrides "can\'t win"',
  'commander-damage': 'commander damage',
  'commander-zone-change': 'commander to the command zone',
  'commander-hand-library-replacement': 'commander to hand or library: command zone instead',
  companion: 'companion',
  'day-night': 'day and night',
  monarch: 'the monarch',
  initiative: 'the initiative',
  speed: 'speed',
  'battlefield-name': 'the zone of permanents',
  'exile-name': 'the zone of removed objects'
}

/** What each switch decides, and its values. */
const descriptions: Record<keyof typeof titles, string> = {
  mulligan:
    '`one-fewer`: shuffle the hand away and draw one fewer card (Paris); `scry`: the same, then a player whose hand is smaller than the starting hand looks at the top card of their library and may put it on the bottom (Vancouver, from Battle for Zendikar, 2015; a scry 1 in all but name); `bottom`: draw a full hand and put one card on the bottom per mulligan (London, 2019).',
  'multiplayer-free-mulligan': 'In a multiplayer game the first mulligan costs no card (from July 2007).',
  'starting-hand-size': 'The cards each player draws to start the game.',
  'maximum-hand-size': 'The hand size a player discards down to in the cleanup step.',
  'first-player-skips-draw': 'In a two-player game, the player who plays first skips the draw step of their first turn.',
  'starting-life': 'The life total each player starts with.',
  'starting-life-two-headed-giant': "A Two-Headed Giant team's shared starting life.",
  'starting-life-commander': 'The life each player starts a Commander (EDH) game with.',
  'mana-empties': '`phase`: unused mana empties at the end of each phase; `step`: at the end of each step and phase (from Magic 2010).',
  'mana-burn': 'Unused mana costs its player 1 life each as a phase ends (removed by Magic 2010).',
  'combat-damage-on-stack': 'Combat damage is put on the stack and can be responded to (removed by Magic 2010).',
  'damage-assignment-order': 'An attacker blocked by several creatures orders them and assigns lethal damage in that order (Magic 2010 to Foundations).',
  attackable: '`players`, `players-planeswalkers` (from Lorwyn), `players-planeswalkers-battles` (from March of the Machine).',
  'battles-attackable': 'Battles exist and can be attacked (from March of the Machine, 2023).',
  'planeswalker-damage-redirection': 'Noncombat damage to a player may be redirected to a planeswalker that player controls (Lorwyn to Dominaria).',
  lifelink: '`triggered` (Future Sight to Magic 2010), `static`: the damage itself causes the life gain (from Magic 2010); `null` before it was a keyword.',
  deathtouch: '`triggered` (Future Sight to Magic 2010), `static` with a state-based action (from Magic 2010); `null` before it was a keyword.',
  'indestructible-keyword': 'Indestructible is a keyword ability (from Magic 2014, 2013); before, "is indestructible" was a quality an effect states.',
  'regeneration-shields': 'Regeneration replaces a destruction (a "regeneration shield"): the permanent is tapped, removed from combat, its damage removed.',
  'legend-rule':
    '`earliest-timestamp` (1999), `longest` (2001-2004), `all` (2004-2013): among legendary permanents with one name; `controller-chooses` (from 2013): per controller.',
  'legend-rule-scope': "`battlefield`: every legendary permanent with the name, whoever controls it; `controller`: each player's own (from 2013).",
  'legend-rule-tie': '`all-go`: on a tie for the one that stays, all go (1999-2004); `none`: no tie to break.',
  'planeswalker-uniqueness':
    '`subtype-all`: planeswalkers sharing a subtype all go (2007-2013); `subtype-controller`: each controller keeps one (2013-2017); `null`: no such rule (before Lorwyn, and from 2017, when the legend rule covers legendary planeswalkers).',
  'poison-threshold': 'Ten poison counters make a player lose.',
  'poison-threshold-two-headed-giant': 'Fifteen poison counters make a team lose (from 2011); before, each player was checked for ten.',
  'deathtouch-state-based': 'A creature dealt damage by a deathtouch source is destroyed as a state-based action (from Magic 2010).',
  'counter-annihilation': 'A permanent with both loses them in pairs (from Time Spiral, 2006-10-01: 420.5n).',
  'limited-range-legend': "With limited range of influence, the legend rule applies only among permanents within the controller's range (to 2013).",
  'limited-range-world': "With limited range of influence, the world rule applies only among permanents within the controller's range.",
  'limited-range-aura': "An Aura can't enchant an object or player outside its controller's range of influence.",
  'win-overrides-cant-win': "A player whose opponents have all left the game wins, whatever effects say it can't.",
  'commander-damage': 'Combat damage from one commander that makes a player lose.',
  'commander-zone-change':
    '`replacement`: a commander going to a graveyard or exile may go to the command zone instead (a replacement effect); `state-based`: from July 2020 it goes there as a state-based action, while hand and library stay replacements.',
  'commander-hand-library-replacement':
    "A commander that would be put into its owner's hand or library may go to the command zone instead (from Magic Origins, 2015-07-17).",
  companion: 'The companion keyword exists (from Ikoria, April 2020).',
  'day-night': 'The game can be day or night (from Innistrad: Midnight Hunt, 2021).',
  monarch: 'A player can be the monarch (from Conspiracy: Take the Crown, 2016).',
  initiative: 'A player can have the initiative (from 2022).',
  speed: 'Players can have speed, from start your engines! (from Aetherdrift, 2025).',
  'battlefield-name': '`in play` before Magic 2010, `battlefield` from then.',
  'exile-name': '`removed from the game` before Magic 2010, `exile` from then.'
}

/** The switches, in table order: id, group, how its rule is found, how its value is read. */
const rows: Array<[keyof typeof titles, SwitchGroup, SwitchDefinition['from'], Reader]> = [
  // Starting the game.
  ['mulligan', 'start', rule(mulliganRule), mulliganKind],
  [
    'multiplayer-free-mulligan',
    'start',
    rule(anywhere('%mulligan%', /\bmultiplayer game\b/i, /first (?:time a player takes a )?mulligan/i)),
    says(/seven cards|as many cards|doesn.t count|free/i)
  ],
  ['starting-hand-size', 'start', rule(anywhere('%hand%', handSize)), count(handSize)],
  ['maximum-hand-size', 'turn', rule(anywhere('%maximum hand size%', /maximum hand size,? (?:which is )?\(?normally (\w+)/i)), count(/normally (\w+)/i)],
  ['first-player-skips-draw', 'start', rule(firstDraw), exists],
  ['starting-life', 'start', rule(lifeTwoPlayer), count(/(?:life total to|life total of) (\d+)/i)],
  [
    'starting-life-two-headed-giant',
    'multiplayer',
    rule(lifeTeam, lifeTeamFirst),
    count(/(?:starting life total is|shared life total of|shared life total, which starts at) (\d+)/i)
  ],
  ['starting-life-commander', 'commander', rule(lifeCommander), count(/(?:life total is|life total of|life total to) (\d+)/i)],
  // Turn structure and mana.
  ['mana-empties', 'mana', rule(manaEmpties), wording('phase', [[/\bstep or phase ends\b/i, 'step']])],
  ['mana-burn', 'mana', check('mana-burn'), exists],
  // Combat.
  ['combat-damage-on-stack', 'combat', check('combat-damage-on-stack'), exists],
  ['damage-assignment-order', 'combat', check('damage-assignment-order'), exists],
  ['attackable', 'combat', rule(...attackRules), attackable],
  ['battles-attackable', 'combat', defined('%Battles can be attacked%', /Battles can be attacked/i), exists],
  ['planeswalker-damage-redirection', 'combat', check('planeswalker-damage-redirection'), exists],
  // Abilities.
  ['lifelink', 'abilities', defined('%Lifelink is a%', /Lifelink is a (?:triggered|static) ability/i), triggeredOrStatic],
  ['deathtouch', 'abilities', defined('%Deathtouch is a%', /Deathtouch is a (?:triggered|static) ability/i), triggeredOrStatic],
  ['indestructible-keyword', 'abilities', defined('%Indestructible is a%', /Indestructible is a static ability/i), exists],
  // The rule that defines regeneration (419.6b, 613.8, 614.8: "Regeneration is a destruction-replacement effect",
  // 1999-04-23: "damage-replacement"), not the first rule that mentions it (413.2b, 608.2c: "... can't be regenerated").
  ['regeneration-shields', 'abilities', rule(anywhere('%Regeneration is a%', /^Regeneration is a (?:damage|destruction)-replacement effect/i)), exists],
  // State-based actions an engine branches on.
  ['legend-rule', 'state-based', check('legend-rule'), legendRule],
  [
    'legend-rule-scope',
    'state-based',
    check('legend-rule'),
    wording('battlefield', [[/controls two or more legendary|controlled by the same player/i, 'controller']])
  ],
  ['legend-rule-tie', 'state-based', check('legend-rule'), wording('none', [[/\btie\b/i, 'all-go']])],
  ['planeswalker-uniqueness', 'state-based', check('planeswalker-uniqueness'), wording('subtype-all', [[/chooses one of them/i, 'subtype-controller']])],
  ['poison-threshold', 'state-based', check('poison'), poisonCount],
  ['poison-threshold-two-headed-giant', 'multiplayer', check('team-poison-2hg'), poisonCount],
  ['deathtouch-state-based', 'state-based', check('deathtouch-damage'), exists],
  ['counter-annihilation', 'state-based', check('counter-annihilation'), exists],
  // Multiplayer.
  ['limited-range-legend', 'multiplayer', rangeRule(/legend rule.{0,40}applies to a permanent only if/i), exists],
  ['limited-range-world', 'multiplayer', rangeRule(/world rule.{0,40}applies to a permanent only if/i), exists],
  ['limited-range-aura', 'multiplayer', auraRange, exists],
  // 104.2a (from 2010-02-01): "This happens immediately and overrides all effects that would prevent that player from winning the game" ("preclude" from 2017-09-29).
  [
    'win-overrides-cant-win',
    'multiplayer',
    defined('%overrides all effects%', /overrides all effects that would (?:prevent|preclude) that player from winning/i),
    exists
  ],
  // Commander.
  ['commander-damage', 'commander', check('commander-damage'), count(/(\d+) or more combat damage/i)],
  ['commander-zone-change', 'commander', commanderGone, wording('replacement', [[/state-based|is in a graveyard or in exile/i, 'state-based']])],
  ['commander-hand-library-replacement', 'commander', defined('%command zone instead%', /(?:general|commander) would be .*\b(?:hand|library)\b/i), exists],
  ['companion', 'commander', defined('%companion%', /Companion is a keyword ability/i), exists],
  // Designations.
  ['day-night', 'designations', defined('%Day and night are designations%', /Day and night are designations/i), exists],
  ['monarch', 'designations', defined('%monarch is a designation%', /monarch is a designation/i), exists],
  ['initiative', 'designations', defined('%initiative is a designation%', /initiative is a designation/i), exists],
  ['speed', 'designations', defined('%speed%', /Players do not have speed until/i), exists],
  // Zones.
  ['battlefield-name', 'zones', rule(zones), wording('in play', [[/\bbattlefield\b/i, 'battlefield']])],
  ['exile-name', 'zones', rule(zones), wording('removed from the game', [[/\bexile\b/i, 'exile']])]
]

/** The switches: the only place a switch is defined. */
export const switchTable: readonly SwitchDefinition[] = rows.map(([id, group, from, read]) => ({
  id,
  title: titles[id],
  group,
  description: descriptions[id],
  from,
  read
}))

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
