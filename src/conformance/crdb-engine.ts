/**
 * crdb's own engine behind the conformance protocol: a case in, an answer out.
 * `crdb conformance engine` reads cases on standard input and writes these
 * answers, one JSON line each.
 */
import type { Crdb } from '../store/database.js'
import { openRules, type EraRules } from '../engine/rules.js'
import { checkStateBasedActions, type ChoiceCallback } from '../engine/sba.js'
import { validateState } from '../engine/state.js'
import type { EraSemantics } from '../engine/semantics.js'
import type { SwitchValue } from '../engine/profile.js'
import type { ConformanceQuestion, EngineAnswer } from './case.js'

/** The era switches a forced semantic value also decides, with the switch's value for it. */
const forcedSwitches: Partial<Record<keyof EraSemantics, [string, (value: unknown) => SwitchValue]>> = {
  legendRule: ['legend-rule', (value) => value as SwitchValue],
  manaBurn: ['mana-burn', (value) => value as boolean],
  combatDamageUsesStack: ['combat-damage-on-stack', (value) => value as boolean],
  damageAssignmentOrder: ['damage-assignment-order', (value) => value as boolean],
  deathtouch: ['deathtouch', (value) => (value === 'none' ? null : (value as string))]
}

/**
 * An answerer for cases, reading the rules of each edition from `db` once.
 *
 * @param semantics era switches forced to a value in every edition (to test
 *   that the suite catches a wrong engine: `{ legendRule: 'all' }`).
 */
export function createCrdbAnswerer(db: Crdb, semantics: Partial<EraSemantics> = {}): (input: ConformanceQuestion) => EngineAnswer {
  const eras = new Map<string, EraRules>()
  const rulesOf = (edition: string): EraRules => {
    let rules = eras.get(edition)
    if (!rules) {
      const read = openRules(db, { edition })
      rules = Object.keys(semantics).length ? { ...read, semantics: { ...read.semantics, ...semantics } } : read
      eras.set(edition, rules)
    }
    return rules
  }
  return (input) => {
    try {
      if (input.kind === 'switch') {
        const found = rulesOf(input.question.edition)
          .profile()
          .switches.find((item) => item.id === input.question.switch)
        if (!found) return { id: input.id, error: `no switch "${input.question.switch}" in crdb's era profile` }
        // A forced semantic value is the engine's answer for its switch too, so that the flipped engine is one engine.
        const forced = Object.entries(forcedSwitches).find(([name, entry]) => entry[0] === found.id && name in semantics)
        const value = forced ? forced[1][1](semantics[forced[0] as keyof EraSemantics]) : found.value
        return { id: input.id, value, rule: found.rule?.number ?? null }
      }
      const state = validateState(input.board, input.id)
      const choose: ChoiceCallback = (request) => input.choices.find((choice) => choice.kind === request.kind && choice.player === request.player)?.answer
      const result = checkStateBasedActions(state, rulesOf(input.edition), choose)
      return {
        id: input.id,
        events: result.events.map((event) => ({ action: event.action, subject: event.subject.id, rules: event.rules.map((rule) => rule.number) })),
        state: result.state as unknown as Record<string, unknown>
      }
    } catch (error) {
      return { id: input.id, error: (error as Error).message }
    }
  }
}
