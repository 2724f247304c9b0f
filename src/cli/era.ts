/**
 * `crdb era` and `crdb era diff`: the rules of an era for game engines, and
 * how two eras differ.
 */
import { describeEra, listEraChecks } from '../engine/answers.js'
import { checkCatalog, type CheckCategory } from '../engine/catalog.js'
import { diffProfiles, type EraProfile, type SwitchDifference, type SwitchGroup, type SwitchValue } from '../engine/profile.js'
import type { CheckAnswer, EraRules } from '../engine/rules.js'
import { findEraPreset } from '../vocabulary/era-presets.js'
import type { EditionSelector } from '../vocabulary/selector.js'
import type { RegisterCommand } from './context.js'
import { eraHeader, eraOptions, openEraRules } from './era-rules.js'

const categoryTitles: Record<CheckCategory, string> = {
  sba: 'state-based actions',
  variant: 'variant state-based actions',
  loop: 'the check loop',
  switch: 'era switches'
}

/** Register `crdb era` (and its `era diff`). */
export const registerEra: RegisterCommand = (program, context) => {
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
    const rules = openEraRules(context, { ...options, era: era ?? options.era })
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
      const [a, b] = [openEraRules(context, { era: from }), openEraRules(context, { era: to })]
      const differences = diffProfiles(a.profile(), b.profile())
      context.print({ from: { era: a.era, edition: a.edition }, to: { era: b.era, edition: b.edition }, differences }, () =>
        formatDifferences(a, b, differences, context.io.columns)
      )
    })
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
