/**
 * Which engine switches an edition changed: the era semantics (`semantics.ts`)
 * and the catalog checks in force, compared between two editions.
 */
import type { Crdb } from '../store/database.js'
import { openRules } from './rules.js'
import type { EraSemantics } from './semantics.js'

/** One semantic switch whose value differs. */
export interface SwitchChange {
  name: Exclude<keyof EraSemantics, 'edition' | 'warnings'>
  before: unknown
  after: unknown
}

/** One catalog check whose rule came, went or was renumbered. */
export interface CheckChange {
  id: string
  /** Its rule number before (`null`: not in force). */
  before: string | null
  after: string | null
}

/** The engine switches and checks that differ between the editions dated `before` and `after`. */
export function compareEngineEras(db: Crdb, before: string, after: string): { switches: SwitchChange[]; checks: CheckChange[] } {
  const old = openRules(db, { edition: before })
  const current = openRules(db, { edition: after })
  const switches: SwitchChange[] = []
  for (const name of Object.keys(current.semantics) as Array<keyof EraSemantics>) {
    if (name === 'edition' || name === 'warnings') continue
    if (JSON.stringify(old.semantics[name]) !== JSON.stringify(current.semantics[name]))
      switches.push({ name, before: old.semantics[name], after: current.semantics[name] })
  }
  const checks: CheckChange[] = []
  for (const answer of current.checks()) {
    const previous = old.check(answer.id)
    const numberBefore = previous.inForce ? previous.number : null
    const numberAfter = answer.inForce ? answer.number : null
    if (numberBefore !== numberAfter) checks.push({ id: answer.id, before: numberBefore, after: numberAfter })
  }
  return { switches, checks }
}
