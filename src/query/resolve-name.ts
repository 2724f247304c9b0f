/**
 * Reading a name where a rule number is expected: `crdb get trample` is the
 * rule titled Trample in the edition asked about (702.19 in 2024, 502.9 in
 * 2003); a glossary term (`legend rule`) is the first rule its definition cites.
 */
import type { CrdbDatabase } from '../database.js'
import { CrdbError } from '../errors.js'
import { parseRuleNumber } from '../rule-number.js'
import { resolveAt, type At } from './at.js'
import { findReferences } from './get.js'
import { getTerm } from './glossary.js'
import { prepared } from './statements.js'

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
export function resolveRuleName(db: CrdbDatabase, input: string, at: At = {}): ResolvedRuleName {
  if (/\d/.test(input) || input.trim() === '') return { number: parseRuleNumber(input), by: 'number' }
  const edition = resolveAt(db, at)
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

/** The title rule (a number without a letter) whose text is `name`, ignoring case. */
function readTitleRule(db: CrdbDatabase, name: string, edition: string): { key: string; text: string } | undefined {
  return prepared(
    db,
    `SELECT v.key, c.text FROM versions v JOIN contents c ON c.id = v.content_id
     WHERE v.kind = 'rule' AND v.first_date <= @edition AND v.last_date >= @edition
       AND lower(c.text) = lower(@name) AND v.key NOT GLOB '*[a-z]*'
     ORDER BY v.sort_key LIMIT 1`
  ).get({ edition, name }) as { key: string; text: string } | undefined
}

function readRuleExists(db: CrdbDatabase, key: string, edition: string): boolean {
  return prepared(db, `SELECT 1 FROM versions WHERE kind = 'rule' AND key = ? AND first_date <= ? AND last_date >= ?`).get(key, edition, edition) !== undefined
}
