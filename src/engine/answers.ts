/**
 * The JSON answers of the era commands, shared by the CLI (`--json`) and the
 * HTTP API so that both print the same shapes.
 */
import { findEraPreset } from '../vocabulary/era-presets.js'
import type { CheckAnswer, CheckRun, EraRules } from './rules.js'
import type { SbaResult } from './sba.js'
import type { EraSemantics } from './semantics.js'

/** What `crdb era --json` prints and `GET /v1/eras/{era}` answers. */
export interface EraAnswer {
  era: string | null
  edition: string
  validTo: string | null
  summary: string | null
  semantics: EraSemantics
}

/** What `crdb era --checks --json` prints and `GET /v1/checks` answers. */
export interface EraChecksAnswer {
  era: string | null
  edition: string
  validTo: string | null
  checks: CheckAnswer[]
}

/** An era's edition, its preset summary and how an engine should behave. */
export function describeEra(rules: EraRules): EraAnswer {
  const preset = rules.era ? findEraPreset(rules.era) : undefined
  return { era: rules.era, edition: rules.edition, validTo: rules.validTo, summary: preset?.summary ?? null, semantics: rules.semantics }
}

/** Every catalog check with its rule in an era. */
export function listEraChecks(rules: EraRules): EraChecksAnswer {
  return { era: rules.era, edition: rules.edition, validTo: rules.validTo, checks: rules.checks() }
}

/** One check in an era, with every run of editions in which it was in force when `withHistory`. */
export function describeCheck(rules: EraRules, id: string, withHistory: boolean): CheckAnswer | (CheckAnswer & { history: CheckRun[] }) {
  const answer = rules.check(id)
  return withHistory ? { ...answer, history: rules.history(answer.id) } : answer
}

/** What `crdb sba --json` prints and `POST /v1/sba` answers: the era, the new state and the events with their citations. */
export function answerSba(rules: EraRules, result: SbaResult): SbaResult & { era: string | null } {
  return { era: rules.era, ...result }
}
