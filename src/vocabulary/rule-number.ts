/**
 * Rule numbers: parsing (lenient for people, exact for the store) and ordering.
 *
 * A rule number is a label: `7` (section), `704` (rule), `704.5` and `704.5j`
 * (subrules). Its canonical form has no trailing period.
 */
import { CrdbError, quoteInput } from './errors.js'
import { rememberAccepted } from './remember.js'

/** The parts of a canonical rule number. */
export interface RuleNumberParts {
  section: number
  rule?: number
  subrule?: number
  letter?: string
}

const canonicalPattern = /^(?:(\d)|(\d{3})(?:\.(\d{1,3})([a-z])?)?)$/

/**
 * Split a canonical rule number into its parts, or `undefined` when it is not one.
 */
export function splitRuleNumber(number: string): RuleNumberParts | undefined {
  const match = canonicalPattern.exec(number)
  if (!match) return undefined
  if (match[1] !== undefined) return { section: Number(match[1]) }
  const rule = Number(match[2])
  if (rule < 100) return undefined
  return {
    section: Math.floor(rule / 100),
    rule,
    subrule: match[3] === undefined ? undefined : Number(match[3]),
    letter: match[4]
  }
}

/**
 * Read a rule number the way people write it: `704.5j`, `704.5J`, `704.5j.`,
 * `CR 704.5j`, `rule 704.5j`, ` 704. 5j `. Returns the canonical form.
 *
 * @throws {CrdbError} `E_BAD_NUMBER` when the input is not a rule number.
 */
export const parseRuleNumber: (input: string) => string = rememberAccepted(readRuleNumber, 100_000)

function readRuleNumber(input: string): string {
  const cleaned = input
    .trim()
    .replace(/^(?:cr|rule|rules|comprehensive rules?)\s*/i, '')
    .replace(/\s+/g, '')
    .replace(/\.$/, '')
    .toLowerCase()
  if (splitRuleNumber(cleaned)) return cleaned
  throw new CrdbError(
    'E_BAD_NUMBER',
    `${quoteInput(input)} is not a rule number (expected a section like 7, a rule like 704, or a subrule like 704.5 or 704.5j)`
  )
}

/**
 * A string that sorts rule numbers in document order: sections before their
 * rules, `704.5` before `704.5a` before `704.6`, `100.9` before `100.10`.
 */
export function sortKeyOf(number: string): string {
  let key = sortKeys.get(number)
  if (key === undefined) {
    key = computeSortKey(number)
    if (sortKeys.size < 100_000) sortKeys.set(number, key)
  }
  return key
}

// A build asks for the same few thousand numbers half a million times.
const sortKeys = new Map<string, string>()

function computeSortKey(number: string): string {
  const parts = splitRuleNumber(number)
  if (!parts) return number
  if (parts.rule === undefined) return String(parts.section)
  let key = String(parts.rule)
  if (parts.subrule !== undefined) key += '.' + String(parts.subrule).padStart(3, '0')
  if (parts.letter !== undefined) key += parts.letter
  return key
}

/** The number one level up: `704.5j` -> `704.5` -> `704` -> `7`; a section has none. */
export function parentOf(number: string): string | undefined {
  const parts = splitRuleNumber(number)
  if (!parts || parts.rule === undefined) return undefined
  if (parts.subrule === undefined) return String(parts.section)
  if (parts.letter === undefined) return String(parts.rule)
  return `${parts.rule}.${parts.subrule}`
}
