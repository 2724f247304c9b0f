/**
 * The rule an engine cites: a leaf of its own, so that the checks and the
 * semantics (which the store-reading `rules.ts` loads) need not import
 * `rules.ts` back for it.
 */

/** The rule a state-based-action event cites. */
export interface Citation {
  check: string
  number: string
  text: string
}
