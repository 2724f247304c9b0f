/**
 * What `crdb era`, `crdb check` and `crdb sba` share: the era options and the
 * rules they open, and the line that names an era.
 */
import type { Command } from 'commander'
import { openRules, type EraRules } from '../engine/rules.js'
import type { EditionSelector } from '../vocabulary/selector.js'
import type { CliContext } from './context.js'
import { addSelectorOptions, readSelector } from './selector.js'

/** Add the options that choose an era (`--era`, `--date`, `--edition`) to `command`. */
export function eraOptions(command: Command): Command {
  return addSelectorOptions(command)
}

/** The rules of the era the options choose, from the command line's database. */
export function openEraRules(context: CliContext, options: EditionSelector): EraRules {
  const selector = readSelector(options)
  return context.withDatabase(true, (db) => openRules(db, selector))
}

/** The line that names an era: its preset, edition and dates in force. */
export function eraHeader(rules: EraRules): string {
  return `${rules.era ? `era ${rules.era}: ` : ''}edition ${rules.edition} (in force ${rules.edition} to ${rules.validTo ?? 'now'})`
}
