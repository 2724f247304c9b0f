/**
 * The edition selector on the command line: `--date`, `--edition` and `--era`,
 * declared and read in one place for every command.
 */
import type { Command } from 'commander'
import { CrdbError } from '../vocabulary/errors.js'
import { checkSelector, selectorFields, type EditionSelector } from '../vocabulary/selector.js'

/** Add `--date`, `--edition` and `--era` to `command`; `what` names what they select ("the rules", "the glossary"). */
export function addSelectorOptions(command: Command, what = 'the rules'): Command {
  return command
    .option('--date <YYYY-MM-DD>', `${what} in force on this day`)
    .option('--edition <YYYY-MM-DD>', `${what} of the edition with this effective date`)
    .option('--era <era>', `${what} in force at the end of 2003, 2009 or 2024 (or on a day YYYY-MM-DD)`)
}

/**
 * The selector the options give. Conflicts are reported here with the flags'
 * names; each value is checked by the library's one resolver.
 *
 * @throws {CrdbError} `E_USAGE` when more than one of `--date`, `--edition` and `--era` is given.
 */
export function readSelector(options: EditionSelector): EditionSelector {
  const given = selectorFields.filter((name) => options[name] !== undefined)
  if (given.length > 1) throw new CrdbError('E_USAGE', `give one of --date, --edition or --era, not ${given.map((name) => `--${name}`).join(' and ')}`)
  const selector: EditionSelector = {}
  for (const name of given) selector[name] = options[name]
  // Checked here, so that a bad value's message names the flag's value, not a library function.
  checkSelector(selector)
  return selector
}
