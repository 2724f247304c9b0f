/**
 * Looking up rules as they stood in one edition: one rule, a rule with its
 * subrules, its neighbours in document order, and the rules its text cites.
 */
import type { Crdb } from '../store/database.js'
import { CrdbError } from '../vocabulary/errors.js'
import { parentOf, parseRuleNumber, sortKeyOf, splitRuleNumber } from '../vocabulary/rule-number.js'
import type { RuleNumbering, RuleVersion } from '../vocabulary/rule-version.js'
import { resolveEdition } from './editions.js'

export type { RuleNumbering, RuleVersion, SourceDamageNote } from '../vocabulary/rule-version.js'
import { checkSelector, type EditionSelector } from '../vocabulary/selector.js'
import {
  findRuleBeside,
  findRuleOnDay,
  findNumbersAround,
  findRuleTextAt,
  listExamplesOf,
  listNumbersBeside,
  listRulesBetween,
  listSubtreeOnDay,
  listSubtreeTextsAt,
  listTwoRuleTextsAt,
  type RuleLookupRow,
  type RuleRow
} from '../store/rules.js'
import { findWhereabouts, RuleMovedError } from './moved.js'
import { readSourceDamageAt } from './source-damage.js'
import { findNewestVersion, findNumberReuse, findVersionInForce, type LinkedVersion } from '../store/renumbering.js'
import { type NumberTranslation, translateVersion } from './renumber.js'

/** Options of {@link getRule}. */
export interface GetRuleOptions {
  /**
   * The edition whose numbering `number` comes from (`{ date: '2004-01-15' }` for
   * a number from a 2004 text): the number is then translated through the lineage
   * even where the edition asked has the same number for another rule.
   */
  numberedAs?: EditionSelector
}

/**
 * The text of rule `number` in the edition that answers `at` (default: the newest).
 *
 * A number is a label, not an identity. A number the edition does not have is
 * followed through the lineage from the rule it named last (or in the edition
 * `options.numberedAs` selects) to that rule's number in the edition asked,
 * and the answer says so in `numbering` ("704.5j was numbered 420.5e in the
 * edition of 2003-12-01"). A number the edition has answers with that edition's
 * rule, and when the number named another rule later on, `numbering` says that too.
 *
 * @throws {CrdbError} `E_BAD_NUMBER`, `E_BAD_DATE`, `E_USAGE`, or `E_NOT_FOUND` (with the nearest
 *   numbers; a {@link RuleMovedError} saying where it went, for a rule no longer in force; the day it
 *   began, for a rule not yet in force); {@link AmbiguousNumberError} (`E_AMBIGUOUS`) for a rule that was
 *   split into several, or merged from several, in the edition asked.
 */
export function getRule(db: Crdb, number: string, at: EditionSelector = {}, options: GetRuleOptions = {}): RuleVersion {
  return noteSourceDamage(db, findRule(db, number, at, options))
}

/** `rule` with the source damage of the edition asked, where it printed the rule damaged. */
function noteSourceDamage(db: Crdb, rule: RuleVersion): RuleVersion {
  const damage = readSourceDamageAt(db, rule.number, rule.edition)
  if (damage.length > 0) rule.sourceDamage = damage
  return rule
}

function findRule(db: Crdb, number: string, at: EditionSelector, options: GetRuleOptions): RuleVersion {
  const key = parseRuleNumber(number)
  const selector = checkSelector(at, 'getRule')
  if (options.numberedAs !== undefined) return getTranslatedRule(db, key, resolveEdition(db, at, 'getRule'), options.numberedAs)
  // One statement answers; only a miss asks again, to say why.
  const row = findRuleOnDay(db, key, dayOf(selector))
  if (row && (selector.by !== 'edition' || row.edition === selector.edition)) {
    const rule = toLookedUp(row)
    // A wording no longer in force may be the number's earlier rule: say so when the number went to another.
    if (row.numberReused) {
      const reuse = findNumberReuse(db, key, row.edition)
      if (reuse) rule.numbering = describeReuse(db, key, row.edition, reuse)
    }
    return rule
  }
  const edition = resolveEdition(db, at, 'getRule')
  const newest = findNewestVersion(db, key)
  if (!newest) throw notFound(db, key, edition)
  return answerTranslation(db, translateVersion(db, key, newest, newest.lastDate, edition))
}

/** `key` read in the numbering of `numberedAs`, answered in `edition`. */
function getTranslatedRule(db: Crdb, key: string, edition: string, numberedAs: EditionSelector): RuleVersion {
  const from = resolveEdition(db, numberedAs, 'getRule')
  const start = findVersionInForce(db, key, from)
  if (!start) {
    const near = nearestNumbers(db, key, from)
    throw new CrdbError(
      'E_NOT_FOUND',
      `rule ${key} is not in the edition of ${from}, whose numbering it was said to come from${near.length ? ` (nearest: ${near.join(', ')})` : ''}`
    )
  }
  return answerTranslation(db, translateVersion(db, key, start, from, edition))
}

/** The rule a translation leads to, with the translation; or why there is none. */
function answerTranslation(db: Crdb, translation: NumberTranslation): RuleVersion {
  const { edition } = translation
  if (translation.numbers.length === 1) {
    const row = findRuleOnDay(db, translation.numbers[0], edition)
    if (row && row.edition === edition) {
      const rule = toLookedUp(row)
      if (translation.status !== 'same')
        rule.numbering = { kind: 'translated', asked: translation.number, numberedAs: translation.numberedAs, note: translation.note }
      return rule
    }
  }
  if (translation.numbers.length > 1) throw new AmbiguousNumberError(translation)
  // A rule no longer in force answers as it always has: where it went, or why the edition lacks it (truncated).
  if (translation.status === 'gone') throw notFound(db, translation.number, edition)
  const near = nearestNumbers(db, translation.number, edition)
  throw new CrdbError(
    'E_NOT_FOUND',
    `rule ${translation.number} is not in the edition of ${edition}: ${translation.note}${near.length ? ` (nearest: ${near.join(', ')})` : ''}`
  )
}

/** What the number `key`, which later named another rule, named in `edition`, for a {@link RuleNumbering} of kind `reused`. */
function describeReuse(db: Crdb, key: string, edition: string, reuse: { newest: LinkedVersion; numbers: string[] }): RuleNumbering {
  const { newest } = reuse
  // One number from the lineage is the answer; where the lineage had split by then, the walk says which branch.
  const numbers = reuse.numbers.length <= 1 ? reuse.numbers : translateVersion(db, key, newest, newest.lastDate, edition).numbers
  const then = numbers.length > 0 ? `, which was numbered ${numbers.join(' and ')} then` : newest.firstDate > edition ? ', which did not exist yet' : ''
  return {
    kind: 'reused',
    asked: key,
    numberedAs: newest.lastDate,
    otherNumbers: numbers,
    note: `${key} in the edition of ${edition} is another rule than ${key} in the edition of ${newest.lastDate}${then}`
  }
}

/** A rule number that names several rules in the edition asked (a split or a merge); carries the translation. */
export class AmbiguousNumberError extends CrdbError {
  readonly translation: NumberTranslation

  constructor(translation: NumberTranslation) {
    super('E_AMBIGUOUS', `${translation.note}; ask for one of them`)
    this.translation = translation
  }
}

/** The day whose edition in force a checked selector names (the far future for the newest). */
function dayOf(selector: ReturnType<typeof checkSelector>): string {
  return selector.by === 'newest' ? '9999-12-31' : selector.by === 'edition' ? selector.edition : selector.date
}

function toLookedUp(row: RuleLookupRow): RuleVersion {
  return {
    number: row.key,
    ...(row.lineage === null ? {} : { id: row.lineage }),
    text: row.text,
    examples: row.examples,
    edition: row.edition,
    validFrom: row.firstDate,
    validTo: row.validTo,
    lastEdition: row.lastDate,
    source: { uri: row.uri, sha256: row.sha256, line: row.line }
  }
}

/** The rule numbers of an edition closest to `key` in document order: two before, two after. */
export function nearestNumbers(db: Crdb, key: string, edition: string): string[] {
  const target = sortKeyOf(key)
  return [...listNumbersBeside(db, target, edition, 'before', 2).reverse(), ...listNumbersBeside(db, target, edition, 'after', 2)]
}

/** The rules of one edition around a rule: the one before and the one after it in document order. */
export interface RuleNeighbours {
  /** The edition asked about. */
  edition: string
  rule: RuleVersion
  /** The rule before it in document order; `null` for the first rule of the edition. */
  previous: RuleVersion | null
  /** The rule after it in document order; `null` for the last rule of the edition. */
  next: RuleVersion | null
}

/** A cross-reference found in a rule's text, resolved in the same edition. */
export interface RuleReference {
  /** The rule (or section) cited, canonical: `704.5`, `704`, `7`. */
  number: string
  /** Whether the edition has that number. */
  found: boolean
  /** Its text in that edition, when found. */
  text?: string
  /** The words of the citation as the text has them: `rule 704.5`, `rules 601.2a–h`. */
  cited: string
}

/** A citation as {@link findReferences} reads it: one number, or a range of numbers. */
export interface CitedNumbers {
  /** The words as the text has them. */
  cited: string
  from: string
  /** The last number of a range (`rules 702.21–702.25`, `rules 601.2a–h`); absent for one number. */
  to?: string
}

/**
 * The rule `number` and all its subrules in the edition that answers `at`, in
 * document order: `704.5` gives 704.5, 704.5a, ..., 704.5y; `704` gives 704 and
 * every 704.x and 704.xy; a section like `7` gives 7 and rules 700-799. A
 * number the edition does not have is followed as {@link getRule} does (`704`
 * in 2003 gives 420 and its subrules), and the first rule's `numbering` says so.
 *
 * @throws {CrdbError} `E_BAD_NUMBER`, `E_BAD_DATE`, `E_USAGE`, `E_AMBIGUOUS`, or `E_NOT_FOUND` (with the nearest numbers).
 */
export function getSubtree(db: Crdb, number: string, at: EditionSelector = {}): RuleVersion[] {
  const key = parseRuleNumber(number)
  const selector = checkSelector(at, 'getSubtree')
  const rows = listSubtreeOnDay(db, key, sortKeyOf(key), dayOf(selector))
  if (rows.length > 0 && (selector.by !== 'edition' || rows[0].edition === selector.edition)) return rows.map(toLookedUp)
  const edition = resolveEdition(db, at, 'getSubtree')
  // A number from another numbering: the subtree of the rule it names here, the first rule saying so.
  const rule = getRule(db, key, { edition })
  const subtree = listSubtreeOnDay(db, rule.number, sortKeyOf(rule.number), edition).map(toLookedUp)
  if (subtree.length === 0) throw notFound(db, key, edition)
  if (rule.numbering) subtree[0].numbering = rule.numbering
  return subtree
}

/**
 * Rule `number` with the rules just before and after it in the edition that
 * answers `at`, in document order.
 *
 * @throws {CrdbError} `E_BAD_NUMBER`, `E_BAD_DATE`, `E_USAGE`, or `E_NOT_FOUND` (with the nearest numbers).
 */
export function getNeighbours(db: Crdb, number: string, at: EditionSelector = {}): RuleNeighbours {
  const key = parseRuleNumber(number)
  const edition = resolveEdition(db, at, 'getNeighbours')
  // The rule may come under another number here (see getRule): its neighbours are around that one.
  const rule = getRule(db, key, { edition })
  const target = sortKeyOf(rule.number)
  const previous = findRuleBeside(db, target, edition, 'before')
  const next = findRuleBeside(db, target, edition, 'after')
  return {
    edition,
    rule,
    previous: previous ? toRuleVersions(db, [previous], edition)[0] : null,
    next: next ? toRuleVersions(db, [next], edition)[0] : null
  }
}

/**
 * The numbers of the rules just before and after `rule` (a version {@link getRule} answered) in its edition, in
 * document order: the numbers {@link getNeighbours} answers around it, without reading the rule again or the
 * neighbours' examples (a rule page links to its neighbours by number).
 */
export function findNeighbourNumbers(db: Crdb, rule: Pick<RuleVersion, 'number' | 'edition'>): { previous: string | null; next: string | null } {
  const [previous, next] = findNumbersAround(db, sortKeyOf(rule.number), rule.edition)
  return { previous, next }
}

/**
 * The number and text of each rule directly under `rule` (`704.5` -> 704.5a, 704.5b, ...; `7` -> 700, 701, ...) in its
 * edition, in document order: the subrules a rule page lists, as {@link getSubtree} reads them for a number the edition has.
 */
export function listChildTexts(db: Crdb, rule: Pick<RuleVersion, 'number' | 'edition'>): Array<{ number: string; text: string }> {
  const children: Array<{ number: string; text: string }> = []
  for (const [number, text] of listSubtreeTextsAt(db, rule.number, sortKeyOf(rule.number), rule.edition))
    if (parentOf(number) === rule.number) children.push({ number, text })
  return children
}

/**
 * The texts of rules `numbers` (at most two: a page's section and rule above it) in the edition dated `edition`, each as
 * {@link getRule}`(db, number, { edition })` answers it: one statement where the edition has them, else getRule itself (a
 * number from another numbering); `undefined` for a number getRule refuses.
 *
 * @throws {CrdbError} `E_BAD_NUMBER` for a number that is not one.
 */
export function readRuleTextsAt(db: Crdb, numbers: readonly string[], edition: string): Array<string | undefined> {
  const keys = numbers.map(parseRuleNumber)
  if (keys.length === 0) return []
  if (keys.length > 2) throw new RangeError('readRuleTextsAt: at most two numbers')
  const found = new Map(listTwoRuleTextsAt(db, keys[0], keys.at(-1)!, edition))
  return numbers.map((number, index) => {
    const text = found.get(keys[index])
    if (text !== undefined) return text
    try {
      return getRule(db, number, { edition }).text
    } catch (error) {
      if (error instanceof CrdbError || error instanceof AmbiguousNumberError) return undefined
      throw error
    }
  })
}

/**
 * The cross-references in the text and examples of rule `number` ("See rule
 * 704.5", "rules 704.5a and 704.5b", "rules 702.21–702.25", "rules 601.2a–h",
 * "section 7"), each resolved to the rule in force in the same edition, in the
 * order first cited. A range gives each number of that level the edition has
 * between its ends (and an end it lacks, as not found).
 *
 * @throws {CrdbError} `E_BAD_NUMBER`, `E_BAD_DATE`, `E_USAGE`, or `E_NOT_FOUND` (with the nearest numbers).
 */
export function getReferences(db: Crdb, number: string, at: EditionSelector = {}): RuleReference[] {
  const key = parseRuleNumber(number)
  const edition = resolveEdition(db, at, 'getReferences')
  const rule = getRule(db, key, { edition })
  return resolveReferences(db, [rule.text, ...rule.examples].join('\n'), edition)
}

/**
 * Resolve the citations in `text` (see {@link findReferences}) in the edition
 * dated `edition` (an effective date, as `resolveEdition` returns).
 */
export function resolveReferences(db: Crdb, text: string, edition: string): RuleReference[] {
  const references: RuleReference[] = []
  const seen = new Set<string>()
  const add = (key: string, cited: string, text?: string): void => {
    if (seen.has(key)) return
    seen.add(key)
    if (text === undefined) text = findRuleTextAt(db, key, edition)
    references.push(text === undefined ? { number: key, found: false, cited } : { number: key, found: true, text, cited })
  }
  for (const citation of findReferences(text)) {
    if (citation.to === undefined) {
      add(citation.from, citation.cited)
      continue
    }
    const level = levelOf(citation.from)
    const inRange = listRulesBetween(db, sortKeyOf(citation.from), sortKeyOf(citation.to), edition, 500)
    const members = inRange.filter((row) => levelOf(row.key) === level).slice(0, maxRangeSize)
    if (members[0]?.key !== citation.from) add(citation.from, citation.cited)
    for (const member of members) add(member.key, citation.cited, member.text)
    if (members.at(-1)?.key !== citation.to) add(citation.to, citation.cited)
  }
  return references
}

/** A range never expands to more numbers than this. */
const maxRangeSize = 100

const numberPattern = String.raw`\d{3}\.\d{1,3}[a-z]?|\d{3}|\d`
const anchorPattern = /\b(rules?|sections?)\s+/gi
const firstNumber = new RegExp(String.raw`^(?:${numberPattern})(?![\d.]\d|\w)`)
const rangeEnd = /^(\s*[-–—]\s*|\?(?=[a-z](?!\w)))(\d{3}\.\d{1,3}[a-z]?|\d{3}|\d{1,3}[a-z]?|[a-z])(?![\w])/
const separator = /^(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)/
const nextItem = new RegExp(String.raw`^(?:(?:${numberPattern})(?![\d.]\d|\w)|[a-z](?=[.,;:)]|$))`)

/**
 * The citations of rules and sections in `text`, in order: "rule 704.5",
 * "rules 704.5a and 704.5b", "rules 702.21–702.25", "rules 601.2a–h",
 * "rules 118.7–8", "section 7". Pure: reads no database.
 */
export function findReferences(text: string): CitedNumbers[] {
  const citations: CitedNumbers[] = []
  for (const span of findCitationSpans(text)) {
    // Each number of a list is cited by the whole list: "rules 704.5a and 704.5b".
    const cited = text.slice(span.start, span.end)
    for (const item of span.numbers) citations.push(item.to !== undefined ? { cited, from: item.from, to: item.to } : { cited, from: item.from })
  }
  return citations
}

/** Where `text` cites rules or sections: one span per citation ("rules 704.5a and 704.5b" is one), as {@link findCitationSpans} reads them. */
export interface CitationSpan {
  /** The citation's first character in the text ("rule", "rules", "section" or "sections"). */
  start: number
  /** Just after its last number. */
  end: number
  /** What it cites, in order: one number, or a range's first and last. */
  numbers: Array<{ from: string; to?: string }>
}

/**
 * The citations of rules and sections in `text`, in order, each with where it stands: what {@link findReferences}
 * reads, for a page that links each citation where it is (the same words may cite twice in one text). Pure.
 */
export function findCitationSpans(text: string): CitationSpan[] {
  const spans: CitationSpan[] = []
  for (const anchor of text.matchAll(anchorPattern)) {
    let position = anchor.index + anchor[0].length
    const isSection = /^s/i.test(anchor[1])
    let match = firstNumber.exec(text.slice(position))
    if (!match) continue
    let previous: string | undefined
    const numbers: CitationSpan['numbers'] = []
    let end = position
    for (;;) {
      let from = match[0]
      // A bare letter continues the subrule before it: "rules 601.2a and b".
      if (/^[a-z]$/.test(from)) {
        if (!previous || !/[a-z]$/.test(previous)) break
        from = previous.slice(0, -1) + from
      }
      // "section 7" is a section; a one-digit "rule 7" is not a citation.
      if (/^\d$/.test(from) && !isSection) break
      position += match[0].length
      let to: string | undefined
      const range = rangeEnd.exec(text.slice(position))
      if (range) {
        to = rangeEndOf(from, range[2])
        if (to !== undefined) position += range[0].length
      }
      numbers.push(to !== undefined && to !== from ? { from, to } : { from })
      end = position
      previous = to ?? from
      const gap = separator.exec(text.slice(position))
      if (!gap) break
      const item = nextItem.exec(text.slice(position + gap[0].length))
      if (!item) break
      position += gap[0].length
      match = item
    }
    if (numbers.length > 0) spans.push({ start: anchor.index, end, numbers })
  }
  return spans
}

/** The full number a range ends at, read against the number it starts at. */
function rangeEndOf(from: string, end: string): string | undefined {
  const parts = splitRuleNumber(from)
  if (!parts) return undefined
  if (/^\d{3}\.\d/.test(end)) return end // 409.1a–409.1f
  if (/^\d{3}$/.test(end) && parts.subrule === undefined && parts.rule !== undefined) return end // 212–215
  if (/^[a-z]$/.test(end)) return parts.letter !== undefined ? `${parts.rule}.${parts.subrule}${end}` : undefined // 601.2a–h
  if (/^\d{1,3}[a-z]?$/.test(end) && parts.subrule !== undefined) return `${parts.rule}.${end}` // 118.7–8
  return undefined
}

/** How deep a number is: section, rule, subrule or lettered subrule. */
function levelOf(number: string): number {
  const parts = splitRuleNumber(number)
  if (!parts) return -1
  if (parts.rule === undefined) return 0
  if (parts.subrule === undefined) return 1
  return parts.letter === undefined ? 2 : 3
}

/** A stored rule row as a rule version of `edition`. */
function toRuleVersion(row: RuleRow, examples: string[], edition: string): RuleVersion {
  return {
    number: row.key,
    ...(row.lineage === null ? {} : { id: row.lineage }),
    text: row.text,
    examples,
    edition,
    validFrom: row.firstDate,
    validTo: row.validTo,
    lastEdition: row.lastDate,
    source: { uri: row.uri, sha256: row.sha256, line: row.line }
  }
}

/** Rule rows as rule versions, their examples read in one query. */
function toRuleVersions(db: Crdb, rows: RuleRow[], edition: string): RuleVersion[] {
  const examples = listExamplesOf(
    db,
    rows.map((row) => row.contentId)
  )
  return rows.map((row) => toRuleVersion(row, examples.get(row.contentId) ?? [], edition))
}

function notFound(db: Crdb, key: string, edition: string): CrdbError {
  // A number an earlier edition had says where it went.
  const where = findWhereabouts(db, key, edition)
  if (where) return new RuleMovedError(where)
  const near = nearestNumbers(db, key, edition)
  return new CrdbError('E_NOT_FOUND', `rule ${key} is not in the edition of ${edition}${near.length ? ` (nearest: ${near.join(', ')})` : ''}`)
}
