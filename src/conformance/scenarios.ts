/**
 * Hand-written scenarios of the conformance suite: interactions of several
 * rules on one board (the legend rule with tokens and counters, Two-Headed
 * Giant, Commander, Sagas, battles, dungeons, speed), each on one edition, with
 * its expectation written from the rules it quotes.
 */
import type { ConformanceCase } from './case.js'

/** A scenario: a case, and the checks it is about (for `--checks`). */
export interface Scenario extends ConformanceCase {
  checks: string[]
}

/** The scenarios, in a stable order. */
export const scenarios: readonly Scenario[] = []
