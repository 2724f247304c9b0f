/**
 * Lineages by their stable ids: a rule (or glossary term) followed through its
 * renumberings under one name that survives renumbering and rebuilding
 * (`1999-04-23_420.5e` is the legend rule, 420.5e in 2004 and 704.5j today; see
 * `src/vocabulary/lineage-id.ts` for the form). An id that better matching or a
 * newly added edition retired leads, through the aliases the database kept, to
 * the lineage(s) that hold its versions now.
 */
import type { Crdb } from '../store/database.js'
import { findLineageIdAt, findLineageRoot, hasLineageIds, listLineageAliases, listLineageMembers } from '../store/lineage-ids.js'
import { CrdbError, quoteInput } from '../vocabulary/errors.js'
import { formatLineageId, parseLineageId, type LineageIdParts } from '../vocabulary/lineage-id.js'
import { parseRuleNumber } from '../vocabulary/rule-number.js'
import type { RuleVersion } from '../vocabulary/rule-version.js'
import type { EditionSelector } from '../vocabulary/selector.js'
import { termKey } from '../vocabulary/term-key.js'
import { resolveEdition } from './editions.js'
import { getRule } from './get.js'
import { getTerm, type GlossaryTerm } from './glossary.js'

/** One alias followed: an old id and the ids it leads to. */
export interface LineageAliasStep {
  /** The old id. */
  alias: string
  /** The ids it leads to, the one holding most of its versions first (an id here may be an alias itself, followed next). */
  lineages: string[]
}

/** What an id names now. */
export interface ResolvedLineageId {
  /** The id asked about, in its one written form (lower case). */
  id: string
  /** The ids of the lineages it names now: itself when it names one, else those its aliases lead to, the likeliest first. */
  lineages: string[]
  /** The aliases followed, in the order followed; empty when the id names a lineage. */
  aliases: LineageAliasStep[]
}

/**
 * The lineage(s) the id `id` names now: itself, or (for an id a rebuild retired)
 * the lineages its aliases lead to, following aliases of aliases.
 *
 * @throws {CrdbError} `E_USAGE` for a string that is not a lineage id; `E_NOT_FOUND`
 *   naming the id when no lineage has it and no alias leads anywhere.
 */
export function resolveLineageId(db: Crdb, id: string): ResolvedLineageId {
  const parts = parseLineageId(id)
  const canonical = formatLineageId(parts)
  if (findLineageRoot(db, canonical) !== undefined) return { id: canonical, lineages: [canonical], aliases: [] }
  const lineages: string[] = []
  const aliases: LineageAliasStep[] = []
  const seen = new Set([canonical])
  for (const queue = [canonical]; queue.length > 0; ) {
    const alias = queue.shift()!
    const targets = listLineageAliases(db, alias).map((row) => row.lineage)
    if (targets.length === 0) continue
    aliases.push({ alias, lineages: targets })
    for (const target of targets) {
      if (seen.has(target)) continue
      seen.add(target)
      if (findLineageRoot(db, target) !== undefined) lineages.push(target)
      else queue.push(target)
    }
  }
  if (lineages.length > 0) return { id: canonical, lineages, aliases }
  throw new CrdbError('E_NOT_FOUND', `lineage ${quoteInput(id)} not found: ${whyNotFound(db, parts, aliases.length > 0)}`)
}

/** Why no lineage answers an id: no ids yet, versions gone, or (a hint, never an answer) the lineage its number belongs to that day. */
function whyNotFound(db: Crdb, parts: LineageIdParts, aliased: boolean): string {
  if (!hasLineageIds(db)) return 'this database has no lineage ids yet; run crdb build'
  if (aliased) return 'the versions it named are no longer stored'
  const named = parts.kind === 'rule' ? parts.key : `term "${parts.key}"`
  const holder = findLineageIdAt(db, parts.kind, parts.key, parts.date)
  if (holder) return `no lineage starts with ${named} in the edition of ${parts.date}; ${named} was then part of ${holder}, which starts earlier`
  return `no lineage starts with ${named} in the edition of ${parts.date}, and this database never gave that id to one`
}

/** One version in a lineage's life. */
export interface LineageVersion {
  /** The rule number (`420.5e`), or the glossary term as printed. */
  label: string
  validFrom: string
  /** When the next text (or none) took over; `null` while in force. */
  validTo: string | null
  /** The last edition that has this version. */
  lastEdition: string
  /** The hash that names its text (with its examples): equal texts have equal keys. */
  textKey: string
}

/** What every lineage answer carries. */
interface LineageCommon {
  /** The lineage's id. */
  id: string
  /** The id asked about (differs from `id` when an alias was followed). */
  asked: string
  /** The aliases followed from `asked` to `id`; empty when `asked` names the lineage. */
  aliases: LineageAliasStep[]
  /** Other lineages the aliases also lead to (a lineage split since the id was given), the likeliest first. */
  alternatives: string[]
  /** The edition asked about. */
  edition: string
  /** The first day of its first version. */
  began: string
  /** The day it stopped being in force; `null` while some version of it is. */
  ended: string | null
  /** Every version, in order of first edition, then document order. */
  versions: LineageVersion[]
}

/** A rule's lineage, with the rule(s) as they stand in the edition asked (empty when it was not in force then). */
export interface RuleLineage extends LineageCommon {
  kind: 'rule'
  /** Its rules in force in the edition asked: one, or several after a split. */
  inForce: RuleVersion[]
}

/** A glossary term's lineage, with the definition in the edition asked (empty when the term was not in it). */
export interface TermLineage extends LineageCommon {
  kind: 'term'
  inForce: GlossaryTerm[]
}

/** A lineage as {@link getLineage} answers it. */
export type Lineage = RuleLineage | TermLineage

/**
 * The lineage the id `id` names (following aliases; where they lead to several,
 * the one holding most of the old id's versions, the others listed in
 * `alternatives`): the rule as it stands in the edition `at` answers (default:
 * the newest), and its whole life.
 *
 * @throws {CrdbError} `E_USAGE` for a malformed id or selector, `E_BAD_DATE`, or
 *   `E_NOT_FOUND` naming the id (or the edition).
 */
export function getLineage(db: Crdb, id: string, at: EditionSelector = {}): Lineage {
  const resolved = resolveLineageId(db, id)
  const edition = resolveEdition(db, at)
  const [lineageId, ...alternatives] = resolved.lineages
  const members = listLineageMembers(db, findLineageRoot(db, lineageId)!)
  const versions = members.map((row) => ({ label: row.label, validFrom: row.firstDate, validTo: row.validTo, lastEdition: row.lastDate, textKey: row.textKey }))
  const ended = members.some((row) => row.validTo === null)
    ? null
    : members
        .map((row) => row.validTo!)
        .sort()
        .at(-1)!
  const common: LineageCommon = {
    id: lineageId,
    asked: resolved.id,
    aliases: resolved.aliases,
    alternatives,
    edition,
    began: members[0].firstDate,
    ended,
    versions
  }
  const current = members.filter((row) => row.firstDate <= edition && row.lastDate >= edition)
  if (parseLineageId(lineageId).kind === 'term') return { ...common, kind: 'term', inForce: current.map((row) => getTerm(db, row.key, { edition })) }
  return { ...common, kind: 'rule', inForce: current.map((row) => getRule(db, row.key, { edition })) }
}

/**
 * The id of the lineage of rule `number` as it stands in the edition `at`
 * answers (default: the newest), or `null` when that edition lacks the number
 * or the database has no lineage ids yet.
 *
 * @throws {CrdbError} `E_BAD_NUMBER`, `E_BAD_DATE`, `E_USAGE`, or `E_NOT_FOUND` for an edition not stored.
 */
export function findRuleLineageId(db: Crdb, number: string, at: EditionSelector = {}): string | null {
  return findLineageIdAt(db, 'rule', parseRuleNumber(number), resolveEdition(db, at)) ?? null
}

/**
 * The id of the lineage of the glossary term keyed `term` (its heading, any
 * case) in the edition `at` answers (default: the newest), or `null`.
 *
 * @throws {CrdbError} `E_BAD_DATE`, `E_USAGE`, or `E_NOT_FOUND` for an edition not stored.
 */
export function findTermLineageId(db: Crdb, term: string, at: EditionSelector = {}): string | null {
  return findLineageIdAt(db, 'term', termKey(term), resolveEdition(db, at)) ?? null
}
