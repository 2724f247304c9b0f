/**
 * The words for what a state-based action does: one list, which the engine's
 * types, the `/v1` answer schema and the conformance suite's case schema all
 * read (the suite's table may import this, never the engine's checks).
 */

/** Every action the state-based-action engine performs, as answers name it. */
export const sbaActions = [
  'loses-game',
  'put-into-graveyard',
  'destroyed',
  'regenerated',
  'sacrificed',
  'ceases-to-exist',
  'unattached',
  'counters-removed',
  'speed-set',
  'sector-chosen',
  'protector-chosen',
  'dungeon-removed',
  'to-command-zone',
  'scheme-to-bottom',
  'planeswalked'
] as const

/** An action of {@link sbaActions}. */
export type SbaActionName = (typeof sbaActions)[number]
