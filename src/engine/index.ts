/**
 * `crdb/engine`: the rules of an era for a game engine, and the reference
 * state-based-action engine. This module only re-exports; each export is
 * documented where it is defined.
 */
export {
  checkCatalog,
  findCheck,
  sbaCheckIds,
  type CheckDefinition,
  type CheckCategory,
  type CheckId,
  type Anchor,
  type AnchorRegion,
  type GameVariant
} from './catalog.js'
export {
  openRules,
  resolveCheck,
  checkHistory,
  switchTimeline,
  describeAnchors,
  type EraRules,
  type CheckAnswer,
  type CheckRule,
  type CheckNotInForce,
  type CheckRun,
  type OpenRulesOptions
} from './rules.js'
export type { Citation } from './citation.js'
export {
  switchTable,
  diffProfiles,
  type EraProfile,
  type ProfileSwitch,
  type SwitchDefinition,
  type SwitchDifference,
  type SwitchGroup,
  type SwitchPoint,
  type SwitchValue
} from './profile.js'
export { sbaChecks, type SbaCheck, type SbaCheckId, type Effect, type Finding, type SbaContext, type Facet } from './checks.js'
export { deriveSemantics, type EraSemantics, type LegendRuleMode } from './semantics.js'
export {
  validateState,
  parseState,
  stateProblems,
  gameStateSchema,
  playerSchema,
  teamSchema,
  objectSchema,
  type GameState,
  type PlayerState,
  type TeamState,
  type ObjectState,
  type Zone,
  type GameVariantName
} from './state.js'
export { checkStateBasedActions, defaultChoice, type SbaResult, type SbaEvent, type SbaAction, type ChoiceRequest, type ChoiceCallback } from './sba.js'
export { compareEngineEras, type SwitchChange, type CheckChange } from './switches.js'
export { describeSemantics, type SemanticSwitch, type SemanticName } from './semantics-words.js'
