/**
 * Era semantics: how an engine behaves in one edition, read from the texts the
 * catalog resolved there rather than from a table of years. A rule that is not
 * in force switches its behaviour off; a rule whose wording changed (the legend
 * rule keeps the oldest, all, or one per controller) is classified by its words.
 */
import type { Citation } from './citation.js'

/** What the legend rule does with legendary permanents that share a name. */
export type LegendRuleMode =
  /** 1999: all but the one with the earliest timestamp go; a tie puts all into the graveyard. */
  | 'earliest-timestamp'
  /** 2001-2004: all but the one legendary with that name the longest go; a tie puts all into the graveyard. */
  | 'longest'
  /** 2004-2013: all go. */
  | 'all'
  /** From 2013: each player who controls two or more chooses one; the rest go. */
  | 'controller-chooses'

/** How an engine behaves in one edition. */
export interface EraSemantics {
  edition: string
  /** The zone of permanents: "in play" before Magic 2010. */
  battlefield: 'in play' | 'battlefield'
  /** The zone of removed objects: "removed from the game" before Magic 2010. */
  exile: 'removed from the game' | 'exile'
  manaBurn: boolean
  combatDamageUsesStack: boolean
  /** How deathtouch works: not in the rules, a triggered ability, or a static ability with a state-based action. */
  deathtouch: 'none' | 'triggered' | 'static'
  planeswalkerDamageRedirection: boolean
  damageAssignmentOrder: boolean
  legendRule: LegendRuleMode | null
  /** The creature subtype Legend counts as legendary (before October 2004). */
  legendSubtypeCounts: boolean
  planeswalkerUniqueness: 'all' | 'controller-chooses' | null
  /** The world rule: all but the newest world permanent go, a tie for newest puts all into the graveyard. */
  worldRule: boolean
  /** Lethal damage destroys only a creature with toughness greater than 0 (else 1999-04-23: any). */
  lethalDamageNeedsPositiveToughness: boolean
  /** Deathtouch damage destroys only a creature with toughness greater than 0 (from July 2010). */
  deathtouchNeedsPositiveToughness: boolean
  /** A phased-out token ceases to exist (while phasing was a zone, and 2009-2017). */
  phasedOutTokensCease: boolean
  /** A copy of a card (not only of a spell) outside the stack and the battlefield ceases to exist (from December 2003). */
  cardCopiesCease: boolean
  /** Auras can be attached to players (from July 2006); before, an Aura on a player is on nothing. */
  aurasMayEnchantPlayers: boolean
  /** An Equipment or Fortification attached to a player becomes unattached (from October 2019). */
  equipmentOnPlayerUnattaches: boolean
  /** A creature attached to something becomes unattached even if it is an Aura or Equipment (from September 2009). */
  attachedCreaturesUnattach: boolean
  /** Same for battles (from April 2023). */
  attachedBattlesUnattach: boolean
  /** The ten-poison rule is ignored in Two-Headed Giant games (from April 2011). */
  poisonIgnoredInTwoHeadedGiant: boolean
  /** A Saga is sacrificed only if it has chapter abilities (from July 2025). */
  sagaNeedsChapterAbilities: boolean
  /** Texts the classification did not recognise (the engine falls back to the newest behaviour). */
  warnings: string[]
}

/** Derive the semantics of `edition` from its resolved citations. */
export function deriveSemantics(edition: string, citation: (id: string) => Citation | null): EraSemantics {
  const warnings: string[] = []
  const text = (id: string): string | null => citation(id)?.text ?? null
  const has = (id: string): boolean => citation(id) !== null

  let legendRule: LegendRuleMode | null = null
  const legend = text('legend-rule')
  if (legend !== null) {
    if (/earliest timestamp/i.test(legend)) legendRule = 'earliest-timestamp'
    else if (/\bthe longest\b/i.test(legend)) legendRule = 'longest'
    else if (/chooses one of them/i.test(legend)) legendRule = 'controller-chooses'
    else if (/\ball are put into/i.test(legend)) legendRule = 'all'
    else {
      legendRule = 'controller-chooses'
      warnings.push(`legend-rule ${citation('legend-rule')!.number}: wording not recognised; using "controller chooses"`)
    }
  }

  let planeswalkerUniqueness: EraSemantics['planeswalkerUniqueness'] = null
  const uniqueness = text('planeswalker-uniqueness')
  if (uniqueness !== null) {
    if (/chooses one of them/i.test(uniqueness)) planeswalkerUniqueness = 'controller-chooses'
    else if (/\ball are put into/i.test(uniqueness)) planeswalkerUniqueness = 'all'
    else {
      planeswalkerUniqueness = 'all'
      warnings.push(`planeswalker-uniqueness ${citation('planeswalker-uniqueness')!.number}: wording not recognised; using "all"`)
    }
  }

  const world = text('world-rule')
  if (world !== null && !/shortest amount of time/i.test(world))
    warnings.push(`world-rule ${citation('world-rule')!.number}: wording not recognised; newest stays`)

  const nonAura = text('non-aura-attached') ?? ''

  return {
    edition,
    battlefield: has('zone-in-play') && !has('zone-battlefield') ? 'in play' : 'battlefield',
    exile: has('zone-removed-from-game') && !has('zone-exile') ? 'removed from the game' : 'exile',
    manaBurn: has('mana-burn'),
    combatDamageUsesStack: has('combat-damage-on-stack'),
    deathtouch: has('deathtouch-static') || has('deathtouch-damage') ? 'static' : has('deathtouch-triggered') ? 'triggered' : 'none',
    planeswalkerDamageRedirection: has('planeswalker-damage-redirection'),
    damageAssignmentOrder: has('damage-assignment-order'),
    legendRule,
    legendSubtypeCounts: legend !== null && /subtype Legend\b|\bLegends or\b/.test(legend),
    planeswalkerUniqueness,
    worldRule: world !== null,
    lethalDamageNeedsPositiveToughness: /greater than 0 toughness|toughness greater than 0/i.test(text('lethal-damage') ?? ''),
    deathtouchNeedsPositiveToughness: /toughness greater than 0/i.test(text('deathtouch-damage') ?? ''),
    phasedOutTokensCease: has('token-phased-out'),
    cardCopiesCease: /copy of a card/i.test(text('copy-outside-stack') ?? ''),
    aurasMayEnchantPlayers: /\bplayer\b/i.test(text('aura-illegal') ?? ''),
    equipmentOnPlayerUnattaches: /to a player/i.test(text('equipment-illegal') ?? ''),
    attachedCreaturesUnattach: /\bcreature is attached\b|\bbattle or creature is attached\b/i.test(nonAura),
    attachedBattlesUnattach: /\bbattle or creature is attached\b/i.test(nonAura),
    poisonIgnoredInTwoHeadedGiant: /Ignore this rule in Two-Headed Giant/i.test(text('poison') ?? ''),
    sagaNeedsChapterAbilities: /with one or more chapter abilities/i.test(text('saga-final-chapter') ?? ''),
    warnings
  }
}
