/**
 * The era semantics in plain words: each switch of {@link EraSemantics} with
 * what it decides, its value as a reader says it, and the catalog check whose
 * rule decides it, so that a page can cite the rule in force (or, for a switch
 * that is off, where its rule was last in force).
 */
import type { CheckAnswer, EraRules } from './rules.js'
import type { EraSemantics } from './semantics.js'

/** A switch of the era semantics (every field but the edition and the warnings). */
export type SemanticName = Exclude<keyof EraSemantics, 'edition' | 'warnings'>

/** One semantic switch as a reader sees it. */
export interface SemanticSwitch {
  /** The field of {@link EraSemantics} (`combatDamageUsesStack`). */
  name: SemanticName
  /** What it decides, in plain words. */
  title: string
  /** The value as the engine reads it (`false`, `'all'`). */
  value: string | boolean | null
  /** The value in plain words (`no`, `all go to the graveyard`). */
  words: string
  /** The catalog check whose rule decides it, as it stands in the edition (in force or not). */
  check: CheckAnswer
}

/** Each switch: its title, the check that decides it (by value, where the value picks the rule), and its value in words. */
const table: { [N in SemanticName]: { title: string; check: string | ((value: EraSemantics[N]) => string); words?: (value: EraSemantics[N]) => string } } = {
  battlefield: {
    title: 'the zone permanents are in',
    check: (value) => (value === 'in play' ? 'zone-in-play' : 'zone-battlefield'),
    words: (value) => (value === 'in play' ? 'in play' : 'the battlefield')
  },
  exile: {
    title: 'the zone removed objects go to',
    check: (value) => (value === 'exile' ? 'zone-exile' : 'zone-removed-from-game'),
    words: (value) => (value === 'exile' ? 'exile' : 'removed from the game')
  },
  manaBurn: { title: 'unused mana costs its player life (mana burn)', check: 'mana-burn' },
  combatDamageUsesStack: { title: 'combat damage uses the stack', check: 'combat-damage-on-stack' },
  deathtouch: {
    title: 'how deathtouch works',
    check: (value) => (value === 'triggered' ? 'deathtouch-triggered' : 'deathtouch-static'),
    words: (value) =>
      value === 'none' ? 'not in the rules' : value === 'triggered' ? 'a triggered ability' : 'a static ability, destroying as a state-based action'
  },
  planeswalkerDamageRedirection: { title: 'noncombat damage to a player may be redirected to their planeswalker', check: 'planeswalker-damage-redirection' },
  damageAssignmentOrder: { title: 'an attacker orders its blockers and assigns damage in that order', check: 'damage-assignment-order' },
  legendRule: {
    title: 'the legend rule',
    check: 'legend-rule',
    words: (value) =>
      value === null
        ? 'not in force'
        : {
            'earliest-timestamp': 'the earliest timestamp stays; a tie puts all into the graveyard',
            longest: 'the one legendary longest stays; a tie puts all into the graveyard',
            all: 'all go to the graveyard',
            'controller-chooses': 'each controller keeps one of their own'
          }[value]
  },
  legendSubtypeCounts: { title: 'the creature type Legend makes a permanent legendary', check: 'legend-rule' },
  planeswalkerUniqueness: {
    title: 'planeswalkers sharing a type',
    check: 'planeswalker-uniqueness',
    words: (value) => (value === null ? 'no such rule' : value === 'all' ? 'all go to the graveyard' : 'each controller keeps one')
  },
  worldRule: { title: 'the world rule: only the newest world permanent stays', check: 'world-rule' },
  lethalDamageNeedsPositiveToughness: { title: 'lethal damage destroys only a creature with toughness above 0', check: 'lethal-damage' },
  deathtouchNeedsPositiveToughness: { title: 'deathtouch damage destroys only a creature with toughness above 0', check: 'deathtouch-damage' },
  phasedOutTokensCease: { title: 'a phased-out token ceases to exist', check: 'token-phased-out' },
  cardCopiesCease: { title: 'a copy of a card outside the stack and the battlefield ceases to exist', check: 'copy-outside-stack' },
  aurasMayEnchantPlayers: { title: 'Auras can be attached to players', check: 'aura-illegal' },
  equipmentOnPlayerUnattaches: { title: 'Equipment or a Fortification attached to a player becomes unattached', check: 'equipment-illegal' },
  attachedCreaturesUnattach: { title: 'a creature attached to something becomes unattached', check: 'non-aura-attached' },
  attachedBattlesUnattach: { title: 'a battle attached to something becomes unattached', check: 'non-aura-attached' },
  poisonIgnoredInTwoHeadedGiant: { title: 'the ten-poison rule is ignored in Two-Headed Giant', check: 'poison' },
  sagaNeedsChapterAbilities: { title: 'a Saga is sacrificed only if it has chapter abilities', check: 'saga-final-chapter' }
}

/** A value in words: yes or no for a flag, the word itself otherwise. */
function sayValue(value: unknown): string {
  return value === true ? 'yes' : value === false ? 'no' : value === null ? 'none' : String(value)
}

/** Every semantic switch of the era `rules` in plain words, each with the check whose rule decides it. */
export function describeSemantics(rules: EraRules): SemanticSwitch[] {
  const semantics = rules.semantics
  // Each entry's functions take its own field's value: the table's type ties them, so one read here is sound.
  type Entry = { title: string; check: string | ((value: unknown) => string); words?: (value: unknown) => string }
  return (Object.keys(table) as SemanticName[]).map((name): SemanticSwitch => {
    const entry = table[name] as unknown as Entry
    const value = semantics[name] as SemanticSwitch['value']
    const check = typeof entry.check === 'string' ? entry.check : entry.check(value)
    return { name, title: entry.title, value, words: entry.words ? entry.words(value) : sayValue(value), check: rules.check(check) }
  })
}
