/**
 * How a rule is found in any edition of the Comprehensive Rules: by text anchors,
 * never by a table of numbers (see `catalog.ts` for the regions). Shared by the
 * check catalog, the state-based-action table and the era profile.
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

/** An anchor in the state-based section. */
export const sba = (...all: RegExp[]): Anchor => ({ region: 'sba', all })
/** An anchor in a rule that declares itself state-based, outside the section. */
export const declared = (...all: RegExp[]): Anchor => ({ region: 'declared-sba', all })
/** An anchor anywhere, narrowed by a LIKE substring. */
export const anywhere = (like: string, ...all: RegExp[]): Anchor => ({ region: 'anywhere', like, all })
