/**
 * Reading a name where a rule number is expected: `crdb get trample` is the
 * rule titled Trample in the edition asked about (702.19 in 2024, 502.9 in
 * 2003); a glossary term (`legend rule`) is the first rule its definition cites.
 */
import type { Crdb } from '../store/database.js'
import { readRuleExists, readTitleRule } from '../store/search.js'
import { CrdbError } from '../vocabulary/errors.js'
import { parseRuleNumber } from '../vocabulary/rule-number.js'
import type { EditionSelector } from '../vocabulary/selector.js'
import { resolveEdition } from './editions.js'
import { findReferences } from './get.js'
import { getTerm } from './glossary.js'
import { AmbiguousNameError, type NameRead, readName, type NameTarget } from './names.js'

/** A rule number, and how it was read. */
export interface ResolvedRuleName {
  number: string
  /** `number` as given; `title` a rule titled so (`Trample`); `term` the rule a glossary term cites. */
  by: 'number' | 'title' | 'term'
  /** The title or term as the edition prints it (absent for a number). */
  name?: string
  /** The edition the name was read in. */
  edition?: string
  /** How a name the edition does not print as asked was read (`cda`: abbreviation); absent for a name found as typed. */
  read?: NameRead
}

/**
 * The rule that `input` names in the edition that answers `at`: a rule number
 * as is; words (no digit) as a rule title (a keyword, an action, a step), else
 * as a glossary term whose definition cites a rule (or refers to a term that
 * does: `APNAP Order` "See Active Player, Nonactive Player Order"). A name the
 * edition does not print as typed is read the way people type names (`cycle`, `sba`, `state based actions`), and the answer says
 * how in `read`.
 *
 * @throws {CrdbError} `E_BAD_NUMBER` for input with digits that is not a rule
 *   number; `E_NOT_FOUND` when no title or term of that name is in the edition;
 *   {@link AmbiguousNameError} (`E_AMBIGUOUS`) for a name read as several rules;
 *   `E_BAD_DATE`, `E_USAGE` from `at`.
 */
export function resolveRuleName(db: Crdb, input: string, at: EditionSelector = {}): ResolvedRuleName {
  if (/\d/.test(input) || input.trim() === '') return { number: parseRuleNumber(input), by: 'number' }
  const edition = resolveEdition(db, at, 'resolveRuleName')
  const name = input.trim().replace(/\s+/g, ' ')
  const title = readTitleRule(db, name, edition)
  if (title) return { number: title.key, by: 'title', name: title.text, edition }
  let definition: { term: string; text: string } | undefined
  try {
    const term = getTerm(db, name, { edition })
    // Only a term of the name as typed here: a name read otherwise is read below, among titles and terms together.
    if (!term.read) definition = { term: term.term, text: term.definition }
  } catch (error) {
    if (!(error instanceof CrdbError) || (error.code !== 'E_NOT_FOUND' && error.code !== 'E_AMBIGUOUS')) throw error
  }
  const cited = definition ? citedRule(db, definition.text, edition) : undefined
  if (cited) return { number: cited, by: 'term', name: definition!.term, edition }
  const reading = readName(db, name, edition, ['title', 'term'])
  if (reading) {
    const rules = new Map<string, NameTarget>()
    // A title is what a rule is named (as the exact lookup tries titles first); a term, what a rule is about.
    const titles = reading.targets.filter((target) => target.kind === 'title')
    for (const target of titles.length > 0 ? titles : reading.targets) {
      const number = target.kind === 'title' ? target.key : citedRule(db, termDefinition(db, target.key, edition), edition)
      if (number && !rules.has(number)) rules.set(number, target)
    }
    if (rules.size > 1)
      throw new AmbiguousNameError(
        name,
        edition,
        [...rules].map(([number, target]) => `${target.label} (${number})`)
      )
    for (const [number, target] of rules) return { number, by: target.kind, name: target.label, edition, read: reading.read }
  }
  throw new CrdbError(
    'E_NOT_FOUND',
    `"${name.slice(0, 80)}" is neither a rule number nor the title of a rule${definition ? ' (its glossary entry cites no rule)' : ' or a glossary term'} in the edition of ${edition} (try crdb search)`
  )
}

/**
 * The first rule of `edition` a definition cites; for a definition that only
 * refers to another term ("See Active Player, Nonactive Player Order."), the
 * rule that term cites.
 */
function citedRule(db: Crdb, definition: string, edition: string, depth = 0): string | undefined {
  for (const { from } of findReferences(definition)) if (readRuleExists(db, from, edition)) return from
  const see = /^See ([^.]+)\.?$/.exec(definition.trim())?.[1]
  if (!see || depth > 1) return undefined
  try {
    return citedRule(db, getTerm(db, see, { edition }).definition, edition, depth + 1)
  } catch (error) {
    if (error instanceof CrdbError && (error.code === 'E_NOT_FOUND' || error.code === 'E_AMBIGUOUS')) return undefined
    throw error
  }
}

function termDefinition(db: Crdb, key: string, edition: string): string {
  return getTerm(db, key, { edition }).definition
}
