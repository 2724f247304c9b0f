/**
 * `crdb eras`, `crdb era`, `crdb check`, `crdb sba`: eras for game engines.
 */
import { readFileSync } from 'node:fs'
import type { Command } from 'commander'
import { answerSba, describeCheck, describeEra, listEraChecks } from '../engine/answers.js'
import { checkCatalog, describeAnchors, findCheck, type CheckCategory } from '../engine/catalog.js'
import { openRules, type CheckAnswer, type Citation, type EraRules } from '../engine/rules.js'
import { diffProfiles, type EraProfile, type SwitchDifference, type SwitchGroup, type SwitchValue } from '../engine/profile.js'
import { checkStateBasedActions, type SbaEvent, type SbaResult } from '../engine/sba.js'
import { parseState, type GameState, type ObjectState } from '../engine/state.js'
import { listEras } from '../query/eras.js'
import { findEraPreset } from '../vocabulary/era-presets.js'
import type { EditionSelector } from '../vocabulary/selector.js'
import { CrdbError } from '../vocabulary/errors.js'
import type { CliContext, RegisterCommand } from './context.js'
import { addSelectorOptions, readSelector } from './selector.js'

const categoryTitles: Record<CheckCategory, string> = {
  sba: 'state-based actions',
  variant: 'variant state-based actions',
  loop: 'the check loop',
  switch: 'era switches'
}

/** Register `crdb eras`, `crdb era`, `crdb check` and `crdb sba`. */
export const registerEras: RegisterCommand = (program, context) => {
  program
    .command('eras')
    .description('list the era presets and every edition with its date range')
    .action(() => {
      const listing = context.withDatabase(true, (db) => listEras(db))
      context.print(listing, () => {
        const lines = ['preset  edition     in force                  what sets it apart']
        for (const preset of listing.presets) {
          lines.push(`${preset.name.padEnd(6)}  ${preset.edition}  ${`${preset.edition} to ${preset.validTo ?? 'now'}`.padEnd(24)}  ${preset.summary}`)
        }
        lines.push('', 'edition     in force until  preset')
        for (const edition of listing.editions)
          lines.push(`${edition.edition}  ${(edition.validTo ?? 'now').padEnd(14)}  ${edition.presets.join(', ')}`.trimEnd())
        return lines.join('\n') + '\n'
      })
    })

  const eraCommand = eraOptions(
    program
      .command('era')
      .description(
        'the rules of an era: its edition and what an engine should do; --checks lists every catalog check, --profile every switch; `era diff A B` compares two eras'
      )
      .argument('[era]', 'a preset (2003, 2009, 2024) or a day YYYY-MM-DD')
      .option('--checks', 'list every catalog check with its rule in this era')
      .option('--profile', 'list every era-profile switch with its value and the rule that decides it')
  ).action((era: string | undefined, options: EditionSelector & { checks?: boolean; profile?: boolean }) => {
    const rules = open(context, { ...options, era: era ?? options.era })
    if (options.profile) {
      const profile = rules.profile()
      context.print(
        { era: rules.era, edition: rules.edition, validTo: rules.validTo, switches: profile.switches },
        () => eraHeader(rules) + '\n' + formatProfile(profile, context.io.columns)
      )
      return
    }
    if (options.checks) {
      const checks = rules.checks()
      context.print(listEraChecks(rules), () => eraHeader(rules) + '\n' + formatChecks(checks, context.io.columns))
      return
    }
    const preset = rules.era ? findEraPreset(rules.era) : undefined
    context.print(describeEra(rules), () => {
      const lines = [eraHeader(rules)]
      if (preset) lines.push(`  ${preset.summary}`)
      lines.push('', formatSemantics(rules))
      return lines.join('\n') + '\n'
    })
  })

  eraCommand
    .command('diff')
    .description('the era-profile switches whose values differ between two eras, with both citations')
    .argument('<from>', 'a preset (2003, 2009, 2024) or a day YYYY-MM-DD')
    .argument('<to>', 'a preset or a day')
    .action((from: string, to: string) => {
      const [a, b] = [open(context, { era: from }), open(context, { era: to })]
      const differences = diffProfiles(a.profile(), b.profile())
      context.print({ from: { era: a.era, edition: a.edition }, to: { era: b.era, edition: b.edition }, differences }, () =>
        formatDifferences(a, b, differences, context.io.columns)
      )
    })

  eraOptions(
    program
      .command('check')
      .description("a catalog check's rule in an era, or when it began or ended")
      .argument('<id>', 'a check id, e.g. legend-rule (crdb era --checks lists them)')
      .option('--history', 'also list every run of editions in which the check was in force')
  ).action((id: string, options: EditionSelector & { history?: boolean }) => {
    const definition = findCheck(id)
    const rules = open(context, options)
    const answer = rules.check(id)
    const history = options.history ? rules.history(answer.id) : undefined
    context.print(describeCheck(rules, id, options.history === true), () => {
      const lines = [
        `${answer.id} (${answer.title}) in the edition of ${answer.edition}${rules.era ? ` (era ${rules.era})` : ''}: ${answer.inForce ? answer.number : 'not in force'}`
      ]
      if (answer.inForce) {
        lines.push(`${answer.number} ${answer.text}`)
        for (const example of answer.examples) lines.push(`  Example: ${example}`)
        lines.push(`  in force ${answer.validFrom} to ${answer.validTo ?? 'now'} (edition ${answer.edition}); ${answer.source.uri}:${answer.source.line}`)
        lines.push(`  this check has been in force since ${answer.since.edition} (as ${answer.since.numbers.join(', then ')})`)
      } else lines.push(`  ${answer.message}`)
      if (definition) lines.push(`  found ${describeAnchors(definition)}`)
      if (history) {
        lines.push('history:')
        for (const run of history) lines.push(`  ${run.firstEdition} to ${run.endedOn ?? 'now'}  ${run.numbers.join(', ')}`)
        if (history.length === 0) lines.push('  in no stored edition')
      }
      return lines.join('\n') + '\n'
    })
  })

  eraOptions(
    program
      .command('sba')
      .description("perform an era's state-based actions on a game state (JSON) until nothing more happens")
      .argument('<state>', 'a game state file (JSON; - for standard input)')
  ).action((file: string, options: EditionSelector) => {
    const state = readState(file)
    const rules = open(context, options)
    const result = checkStateBasedActions(state, rules)
    context.print(answerSba(rules, result), () => formatResult(rules, result))
  })
}

function eraOptions(command: Command): Command {
  return addSelectorOptions(command)
}

function open(context: CliContext, options: EditionSelector): EraRules {
  const selector = readSelector(options)
  return context.withDatabase(true, (db) => openRules(db, selector))
}

function readState(file: string): GameState {
  let text: string
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8')
  } catch (error) {
    throw new CrdbError('E_IO', `${file}: cannot read the state file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
  return parseState(text, file === '-' ? 'standard input' : file)
}

function eraHeader(rules: EraRules): string {
  return `${rules.era ? `era ${rules.era}: ` : ''}edition ${rules.edition} (in force ${rules.edition} to ${rules.validTo ?? 'now'})`
}

function clip(text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ')
  return flat.length > width ? flat.slice(0, Math.max(10, width - 1)) + '…' : flat
}

function formatChecks(checks: CheckAnswer[], columns: number | undefined): string {
  const idWidth = Math.max(...checkCatalog.map((check) => check.id.length)) + 2
  const textWidth = Math.max(40, (columns ?? 120) - idWidth - 12)
  const lines: string[] = []
  for (const category of Object.keys(categoryTitles) as CheckCategory[]) {
    lines.push('', categoryTitles[category])
    for (const answer of checks.filter((check) => check.category === category)) {
      const number = answer.inForce ? answer.number : '-'
      const text = answer.inForce ? answer.text : answer.message.replace(/^.*? is not in force in the edition of \S+: /, 'not in force: ')
      lines.push(`  ${answer.id.padEnd(idWidth)}${number.padEnd(9)}${clip(text, textWidth)}`)
    }
  }
  return lines.join('\n').trimStart() + '\n'
}

const groupTitles: Record<SwitchGroup, string> = {
  start: 'starting the game',
  turn: 'the turn',
  mana: 'mana',
  combat: 'combat',
  abilities: 'abilities',
  'state-based': 'state-based actions',
  multiplayer: 'multiplayer',
  commander: 'Commander',
  designations: 'designations',
  zones: 'zones'
}

function showValue(value: SwitchValue): string {
  return value === null ? '-' : value === true ? 'yes' : value === false ? 'no' : String(value)
}

function formatProfile(profile: EraProfile, columns: number | undefined): string {
  const idWidth = Math.max(...profile.switches.map((entry) => entry.id.length)) + 2
  const valueWidth = Math.max(...profile.switches.map((entry) => showValue(entry.value).length)) + 2
  const textWidth = Math.max(30, (columns ?? 120) - idWidth - valueWidth - 30)
  const lines: string[] = []
  for (const group of Object.keys(groupTitles) as SwitchGroup[]) {
    const entries = profile.switches.filter((entry) => entry.group === group)
    if (entries.length === 0) continue
    lines.push('', groupTitles[group])
    for (const entry of entries) {
      const rule = entry.rule ? `${entry.rule.number.padEnd(9)}${clip(entry.rule.text, textWidth)}` : `${'-'.padEnd(9)}no rule of this edition`
      lines.push(`  ${entry.id.padEnd(idWidth)}${showValue(entry.value).padEnd(valueWidth)}since ${entry.since}  ${rule}`)
    }
  }
  return lines.join('\n').trimStart() + '\n'
}

function formatDifferences(a: EraRules, b: EraRules, differences: SwitchDifference[], columns: number | undefined): string {
  const name = (rules: EraRules): string => `${rules.era ? `era ${rules.era}, ` : ''}edition ${rules.edition}`
  const lines = [`${name(a)} -> ${name(b)}: ${differences.length} switch${differences.length === 1 ? '' : 'es'} differ${differences.length === 1 ? 's' : ''}`]
  const width = Math.max(40, (columns ?? 120) - 24)
  for (const difference of differences) {
    lines.push(`  ${difference.id} (${difference.title}): ${showValue(difference.from.value)} -> ${showValue(difference.to.value)}`)
    for (const side of [difference.from, difference.to]) {
      lines.push(`    ${side.edition}  ${side.rule ? `${side.rule.number} ${clip(side.rule.text, width)}` : 'no rule of this edition'}`)
    }
  }
  return lines.join('\n') + '\n'
}

function formatSemantics(rules: EraRules): string {
  const s = rules.semantics
  const number = (id: string): string => {
    const citation = rules.citation(id)
    return citation ? ` (${citation.number})` : ''
  }
  const yes = (value: boolean, id: string): string => (value ? `yes${number(id)}` : 'no')
  const rows: Array<[string, string]> = [
    [
      'permanents are',
      `${s.battlefield === 'in play' ? 'in play' : 'on the battlefield'}${number(s.battlefield === 'in play' ? 'zone-in-play' : 'zone-battlefield')}`
    ],
    [
      'removed objects are',
      `${s.exile === 'exile' ? 'exiled' : 'removed from the game'}${number(s.exile === 'exile' ? 'zone-exile' : 'zone-removed-from-game')}`
    ],
    ['mana burn', yes(s.manaBurn, 'mana-burn')],
    ['combat damage on the stack', yes(s.combatDamageUsesStack, 'combat-damage-on-stack')],
    [
      'deathtouch',
      s.deathtouch === 'none'
        ? 'not in the rules'
        : s.deathtouch === 'triggered'
          ? `a triggered ability${number('deathtouch-triggered')}`
          : `a static ability${number('deathtouch-static')}, destroying as a state-based action${number('deathtouch-damage')}`
    ],
    ['damage redirection to planeswalkers', yes(s.planeswalkerDamageRedirection, 'planeswalker-damage-redirection')],
    ['damage assignment order', yes(s.damageAssignmentOrder, 'damage-assignment-order')],
    [
      'legend rule',
      s.legendRule === null
        ? 'not in force'
        : `${{ 'earliest-timestamp': 'the earliest timestamp stays, a tie puts all into the graveyard', longest: 'the one legendary longest stays, a tie puts all into the graveyard', all: 'all go to the graveyard', 'controller-chooses': 'each controller keeps one of their own' }[s.legendRule]}${number('legend-rule')}`
    ],
    [
      'planeswalker uniqueness',
      s.planeswalkerUniqueness === null
        ? 'not in force'
        : `${s.planeswalkerUniqueness === 'all' ? 'all go to the graveyard' : 'each controller keeps one'}${number('planeswalker-uniqueness')}`
    ],
    ['+1/+1 and -1/-1 counters annihilate', yes(rules.citation('counter-annihilation') !== null, 'counter-annihilation')],
    ['phased-out tokens cease to exist', yes(s.phasedOutTokensCease, 'token-phased-out')]
  ]
  const width = Math.max(...rows.map(([label]) => label.length)) + 2
  const lines = rows.map(([label, value]) => `  ${label.padEnd(width)}${value}`)
  if (s.warnings.length) lines.push(...s.warnings.map((warning) => `  warning: ${warning}`))
  return lines.join('\n')
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
