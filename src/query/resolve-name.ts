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

/** A rule number, and how it was read. */
export interface ResolvedRuleName {
  number: string
  /** `number` as given; `title` a rule titled so (`Trample`); `term` the rule a glossary term cites. */
  by: 'number' | 'title' | 'term'
  /** The title or term as the edition prints it (absent for a number). */
  name?: string
  /** The edition the name was read in. */
  edition?: string
}

/**
 * The rule that `input` names in the edition that answers `at`: a rule number
 * as is; words (no digit) as a rule title (a keyword, an action, a step), else
 * as a glossary term whose definition cites a rule.
 *
 * @throws {CrdbError} `E_BAD_NUMBER` for input with digits that is not a rule
 *   number; `E_NOT_FOUND` when no title or term of that name is in the edition;
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
    definition = { term: term.term, text: term.definition }
  } catch (error) {
    if (!(error instanceof CrdbError) || error.code !== 'E_NOT_FOUND') throw error
  }
  const cited = definition ? findReferences(definition.text).map((citation) => citation.from) : []
  for (const number of cited) {
    if (readRuleExists(db, number, edition)) return { number, by: 'term', name: definition!.term, edition }
  }
  throw new CrdbError(
    'E_NOT_FOUND',
    `"${name.slice(0, 80)}" is neither a rule number nor the title of a rule${definition ? ' (its glossary entry cites no rule)' : ' or a glossary term'} in the edition of ${edition} (try crdb search)`
  )
}
