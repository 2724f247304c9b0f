/**
 * `crdb sba`: an era's state-based actions performed on a game state.
 */
import { answerSba } from '../engine/answers.js'
import type { Citation } from '../engine/citation.js'
import type { EraRules } from '../engine/rules.js'
import { checkStateBasedActions, type SbaEvent, type SbaResult } from '../engine/sba.js'
import { parseState, type GameState, type ObjectState } from '../engine/state.js'
import { maxStateBytes, readBounded } from '../vocabulary/bounded-read.js'
import type { EditionSelector } from '../vocabulary/selector.js'
import type { RegisterCommand } from './context.js'
import { eraHeader, eraOptions, openEraRules } from './era-rules.js'

/** Register `crdb sba`. */
export const registerSba: RegisterCommand = (program, context) => {
  eraOptions(
    program
      .command('sba')
      .description("perform an era's state-based actions on a game state (JSON) until nothing more happens")
      .argument('<state>', 'a game state file (JSON; - for standard input)')
  ).action((file: string, options: EditionSelector) => {
    const state = readState(file)
    const rules = openEraRules(context, options)
    const result = checkStateBasedActions(state, rules)
    context.print(answerSba(rules, result), () => formatResult(rules, result))
  })
}

/** The state file's text: at most {@link maxStateBytes} (1 MB, as the server takes), read no further. */
function readState(file: string): GameState {
  const name = file === '-' ? 'standard input' : file
  const text = readBounded(file === '-' ? 0 : file, maxStateBytes, name, 'the state file').toString('utf8')
  return parseState(text, name)
}

const actionWords: Record<SbaEvent['action'], string> = {
  'loses-game': 'loses the game',
  'put-into-graveyard': "is put into its owner's graveyard",
  destroyed: 'is destroyed',
  regenerated: 'is regenerated',
  sacrificed: 'is sacrificed',
  'ceases-to-exist': 'ceases to exist',
  unattached: 'becomes unattached',
  'counters-removed': 'loses counters',
  'speed-set': 'gets speed 1',
  'sector-chosen': 'gets a sector',
  'protector-chosen': 'gets a protector',
  'dungeon-removed': 'completes the dungeon',
  'to-command-zone': 'goes to the command zone',
  'scheme-to-bottom': 'goes to the bottom of the scheme deck',
  planeswalked: 'makes the planar controller planeswalk'
}

function formatResult(rules: EraRules, result: SbaResult): string {
  const lines = [
    `${eraHeader(rules)}: ${result.events.length} event${result.events.length === 1 ? '' : 's'} in ${result.passes} check${result.passes === 1 ? '' : 's'}`
  ]
  for (let pass = 1; pass <= result.passes; pass++) {
    const events = result.events.filter((event) => event.pass === pass)
    if (events.length === 0) {
      lines.push(`check ${pass}: nothing more happens`)
      continue
    }
    lines.push(`check ${pass}:`)
    for (const event of events) {
      const who =
        event.subject.kind === 'object' ? `${event.subject.name} (${event.subject.id})` : `${event.subject.kind === 'team' ? 'team ' : ''}${event.subject.id}`
      const cites = event.rules.map((rule) => `${rule.check} ${rule.number}`).join('; ')
      lines.push(`  ${who} ${actionWords[event.action]}${event.detail ? `, ${event.detail}` : ''}  [${cites}]`)
    }
  }
  if (result.notes.length) lines.push('notes:', ...result.notes.map((note) => `  ${note}`))
  const cited = new Map<string, Citation>()
  for (const event of result.events) for (const rule of event.rules) cited.set(rule.number, rule)
  if (cited.size) {
    lines.push('rules cited:')
    for (const rule of cited.values()) lines.push(`  ${rule.number} ${rule.text.replace(/\s+/g, ' ')}`)
  }
  lines.push('state after:', ...describeState(rules, result.state))
  return lines.join('\n') + '\n'
}

function describeState(rules: EraRules, state: GameState): string[] {
  const lines = [
    '  ' +
      state.players
        .map(
          (player) =>
            `${player.id}: ${player.life} life${player.poison ? `, ${player.poison} poison` : ''}${player.speed ? `, speed ${player.speed}` : ''}${player.lost ? ', lost' : ''}`
        )
        .join('; ')
  ]
  const zoneName = (zone: string): string => (zone === 'battlefield' ? rules.semantics.battlefield : zone === 'exile' ? rules.semantics.exile : zone)
  const zones = new Map<string, ObjectState[]>()
  for (const object of state.permanents) {
    const zone = object.phasedOut ? 'phased out' : (object.zone ?? 'battlefield')
    const list = zones.get(zone)
    if (list) list.push(object)
    else zones.set(zone, [object])
  }
  for (const [zone, objects] of zones) {
    lines.push(`  ${zoneName(zone)}: ${objects.map(describeObject).join('; ')}`)
  }
  return lines
}

function describeObject(object: ObjectState): string {
  const parts: string[] = []
  if (object.types.includes('Creature') && (object.zone ?? 'battlefield') === 'battlefield') {
    const plus = object.counters?.['+1/+1'] ?? 0
    const minus = object.counters?.['-1/-1'] ?? 0
    parts.push(`${(object.power ?? 0) + plus - minus}/${(object.toughness ?? 0) + plus - minus}`)
  }
  const counters = Object.entries(object.counters ?? {}).filter(([, n]) => n > 0)
  if (counters.length) parts.push(`counters ${counters.map(([kind, n]) => `${n} ${kind}`).join(' and ')}`)
  if (object.damage) parts.push(`${object.damage} damage`)
  if (object.attachedTo) parts.push(`attached to ${object.attachedTo}`)
  if (object.token) parts.push('token')
  return `${object.name} (${object.id})${parts.length ? ' ' + parts.join(', ') : ''}`
}
