/**
 * How an engine's answer is judged against a case: every expected event, and
 * no other, each citing the expected rule; and the parts of the final state the
 * case names.
 */
import type { ConformanceCase, EngineAnswer, SwitchCase } from './case.js'

type Json = Record<string, unknown>
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const listOf = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isJson) : [])

/** Counters without the kinds at 0, keys sorted. */
function countersOf(value: unknown): string {
  const counts = isJson(value) ? value : {}
  return JSON.stringify(
    Object.keys(counts)
      .filter((kind) => counts[kind] !== 0)
      .sort()
      .map((kind) => [kind, counts[kind]])
  )
}

/** What is wrong with a switch answer: its value, and the rule it cites where the case names one. */
function judgeSwitch(input: SwitchCase, answer: EngineAnswer): string[] {
  const problems: string[] = []
  const { value, rule } = input.expect
  if (answer.value === undefined) problems.push(`no value for ${input.question.switch}, expected ${JSON.stringify(value)} (${rule ?? 'no rule'})`)
  else if (answer.value !== value)
    problems.push(`${input.question.switch} is ${JSON.stringify(answer.value)}, expected ${JSON.stringify(value)} (${rule ?? 'no rule'})`)
  if (rule !== null && answer.rule !== rule) problems.push(`${input.question.switch} cites ${answer.rule ?? 'no rule'}, expected ${rule}`)
  return problems
}

/** What is wrong with `answer` for `input`: one line per problem; empty when it passes. */
export function judgeAnswer(input: ConformanceCase, answer: EngineAnswer): string[] {
  if (answer.error !== undefined) return [`the engine answered an error: ${answer.error}`]
  if (input.kind === 'switch') return judgeSwitch(input, answer)
  const problems: string[] = []
  const got = (answer.events ?? []).map((event) => ({ ...event, cites: event.rules ?? (event.rule === undefined ? [] : [event.rule]), used: false }))
  for (const expected of input.expect.events) {
    const match = got.find((event) => !event.used && event.action === expected.action && event.subject === expected.subject)
    if (!match) {
      problems.push(`missing: ${expected.subject} ${expected.action} (${expected.check} ${expected.rule})`)
      continue
    }
    match.used = true
    if (!match.cites.includes(expected.rule))
      problems.push(`${expected.subject} ${expected.action} cites ${match.cites.join(', ') || 'no rule'}, expected ${expected.rule} (${expected.check})`)
  }
  for (const event of got)
    if (!event.used) problems.push(`unexpected: ${event.subject} ${event.action}${event.cites.length ? ` (${event.cites.join(', ')})` : ''}`)
  const state = isJson(answer.state) ? answer.state : (input.board as unknown as Json)
  const players = new Map(listOf(state.players).map((player) => [String(player.id), player]))
  for (const [id, wanted] of Object.entries(input.expect.after.players ?? {})) {
    const player = players.get(id)
    if (!player) {
      problems.push(`after: no player ${id} in the answer's state`)
      continue
    }
    if (wanted.lost !== undefined && (player.lost === true) !== wanted.lost)
      problems.push(`after: ${id} lost is ${player.lost === true}, expected ${wanted.lost}`)
    if (wanted.speed !== undefined && (player.speed ?? null) !== wanted.speed)
      problems.push(`after: ${id} speed is ${player.speed ?? null}, expected ${wanted.speed}`)
  }
  const objects = new Map(listOf(state.permanents).map((object) => [String(object.id), object]))
  for (const [id, wanted] of Object.entries(input.expect.after.objects ?? {})) {
    const object = objects.get(id)
    const zone = object ? (object.zone ?? 'battlefield') : null
    if (wanted.zone !== undefined && zone !== wanted.zone)
      problems.push(`after: ${id} is ${zone === null ? 'gone' : `in ${zone}`}, expected ${wanted.zone === null ? 'gone' : `in ${wanted.zone}`}`)
    if (!object) continue
    if (wanted.counters !== undefined && countersOf(object.counters) !== countersOf(wanted.counters))
      problems.push(`after: ${id} has counters ${countersOf(object.counters)}, expected ${countersOf(wanted.counters)}`)
    for (const field of ['attachedTo', 'protector', 'sector'] as const)
      if (wanted[field] !== undefined && (object[field] ?? null) !== wanted[field])
        problems.push(`after: ${id} ${field} is ${object[field] ?? null}, expected ${wanted[field]}`)
  }
  return problems
}
