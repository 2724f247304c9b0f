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

import { anywhere, sba, type AnchorRegion, type CheckDefinition } from './anchors.js'
import { sbaChecks, type SbaCheckId } from './checks.js'

export type { Anchor, AnchorRegion, CheckCategory, CheckDefinition, GameVariant } from './anchors.js'

/** Ids of the state-based actions of a normal game, in the order of the rules. */
export const sbaCheckIds: readonly SbaCheckId[] = sbaChecks.filter((check) => check.category === 'sba').map((check) => check.id)

/** Every check id: the state-based actions of the table (`checks.ts`), the check loop, and era switches. */
export type CheckId =
  | SbaCheckId
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

/** The catalog, in a stable order: state-based actions (with their variant ones), the check loop, era switches. */
export const checkCatalog: readonly CheckDefinition[] = [
  ...sbaChecks,
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
    description:
      'A permanent that leaves the battlefield through state-based actions performed together has the last known information of the state before any of them (from February 2012).',
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
    description: 'Noncombat damage to a player may be redirected to a planeswalker that player controls (Lorwyn to Dominaria).',
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
