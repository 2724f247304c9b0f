/**
 * The rules of an era for a game engine: each catalog check resolved to the rule
 * that is in force in one edition, from the knowledge base.
 *
 * Resolution reads the versions in force in the edition (`first_date <= E <=
 * last_date`) and picks the best anchored match (see `catalog.ts`). Where no rule
 * matches, the answer says the check is not in force and when it began or ended,
 * from the same resolution run over every stored edition.
 */
import { resolveDatabasePath } from '../store/database-path.js'
import { isCrdb, openDatabase, type Crdb } from '../store/database.js'
import { CrdbError, quoteInput } from '../vocabulary/errors.js'
import type { RuleVersion } from '../vocabulary/rule-version.js'
import { listAnchorRowsLike, listAnchorRowsUnder, listSectionHeadings, type AnchorRow } from '../store/anchors.js'
import { listEditionDates, resolveEdition } from '../store/editions.js'
import { rememberPerContent } from '../store/per-content.js'
import { listExamples } from '../store/rules.js'
import { findEraPreset } from '../vocabulary/era-presets.js'
import type { EditionSelector } from '../vocabulary/selector.js'
import { checkCatalog, describeAnchors, findCheck, type AnchorRegion, type CheckCategory, type CheckDefinition } from './catalog.js'
import { switchTable, type EraProfile, type ProfileSwitch, type SwitchDefinition, type SwitchPoint, type SwitchValue } from './profile.js'
import type { Citation } from './citation.js'
import { deriveSemantics, type EraSemantics } from './semantics.js'

/** A stored rule version that an anchor can match. */
type VersionRow = AnchorRow

/** A check's rule as it stands in an edition: the rule version, and how the check found it. */
export interface CheckRule extends RuleVersion {
  id: string
  title: string
  category: CheckCategory
  inForce: true
  /** How it was found: the region and the expressions of the anchor that matched. */
  anchor: { region: AnchorRegion; patterns: string[] }
  /** The check has been in force without a break since this edition, under these numbers. */
  since: { edition: string; numbers: string[] }
  /** The stable id of the rule's lineage (`1999-04-23_420.5e`), where lineages have ids (else `null`): the same in every era the check's rule kept its lineage. */
  lineageId: string | null
}

/** The answer for a check that no rule of the edition matches. */
export interface CheckNotInForce {
  id: string
  title: string
  category: CheckCategory
  inForce: false
  edition: string
  /** One line: not in force, and when it began or ended. */
  message: string
  /** The last run of editions before this one in which the check was in force. */
  before: { firstEdition: string; lastEdition: string; number: string; endedOn: string } | null
  /** The first run after it. */
  after: { firstEdition: string; number: string } | null
}

/** What `check(id)` answers. */
export type CheckAnswer = CheckRule | CheckNotInForce

/** A run of consecutive editions in which a check resolves to a rule. */
export interface CheckRun {
  firstEdition: string
  lastEdition: string
  /** The day the next edition took effect after `lastEdition`; `null` while in force. */
  endedOn: string | null
  /** The numbers it had in the run, in order. */
  numbers: string[]
}

/** The rules of one era: the object `openRules` returns. */
export interface EraRules {
  /** The preset name, when the era was given as one. */
  era: string | null
  /** The edition's effective date. */
  edition: string
  /** The date the next edition took effect; `null` for the newest. */
  validTo: string | null
  /** A catalog check as it stands in this edition. @throws {CrdbError} `E_NOT_FOUND` for an unknown id. */
  check(id: string): CheckAnswer
  /** Every catalog check, in catalog order. */
  checks(): CheckAnswer[]
  /** The citation of a check in force, else `null` (fast; for engines). */
  citation(id: string): Citation | null
  /** Every run of editions in which the check was in force. */
  history(id: string): CheckRun[]
  /** How an engine should behave in this edition, derived from the resolved texts. */
  semantics: EraSemantics
  /** Every switch of the era profile (`profile.ts`): its value and the rule that decides it. */
  profile(): EraProfile
}

const sbaHeading = /^State-Based (?:Effects|Actions)$/i
const declaresSba = /state-based (?:effect|action)/i

/** Every stored version an anchor could match, loaded once per database handle and content (`indexOf`). */
class RuleIndex {
  readonly editions: string[]
  private readonly next = new Map<string, string | null>()
  private readonly sections: Array<{ number: string; firstDate: string; lastDate: string }>
  private readonly sbaPool: VersionRow[]
  private declaredPool: VersionRow[] | undefined
  private readonly likePools = new Map<string, VersionRow[]>()
  private allRules: VersionRow[] | undefined
  private folded: string[] | undefined
  private readonly anchorRows = new Map<string, VersionRow[][]>()
  private readonly runs = new Map<string, Array<{ edition: string; row: VersionRow; anchor: number } | null>>()
  private readonly switches = new Map<string, Array<{ value: SwitchValue; row: VersionRow | null; check?: string }>>()

  constructor(private readonly db: Crdb) {
    this.editions = listEditionDates(db)
    for (const [index, edition] of this.editions.entries()) this.next.set(edition, this.editions[index + 1] ?? null)
    this.sections = listSectionHeadings(db).filter((row) => sbaHeading.test(row.text.trim()))
    const numbers = [...new Set(this.sections.map((section) => section.number))]
    this.sbaPool = numbers.flatMap((number) => listAnchorRowsUnder(db, number))
  }

  /** The date of the edition after `edition`, or `null`. */
  nextEdition(edition: string): string | null {
    return this.next.get(edition) ?? null
  }

  /** The number of the state-based section in `edition`, or `null`. */
  sbaSection(edition: string): string | null {
    return this.sections.find((section) => section.firstDate <= edition && section.lastDate >= edition)?.number ?? null
  }

  examples(contentId: number): string[] {
    return listExamples(this.db, contentId)
  }

  private pool(region: AnchorRegion, like: string | undefined): VersionRow[] {
    if (region === 'sba') return this.sbaPool
    if (region === 'declared-sba') return (this.declaredPool ??= listAnchorRowsLike(this.db, '%state-based%').filter((row) => declaresSba.test(row.text)))
    const key = like ?? '%'
    let rows = this.likePools.get(key)
    if (!rows) {
      // One read of every rule version serves every LIKE pattern: its parts, in order, case-insensitive.
      const parts = key.toLowerCase().split('%').filter(Boolean)
      this.allRules ??= listAnchorRowsLike(this.db, '%')
      this.folded ??= this.allRules.map((row) => row.text.toLowerCase())
      const folded = this.folded
      const matches = (index: number): boolean => {
        let from = 0
        for (const part of parts) {
          const at = folded[index].indexOf(part, from)
          if (at < 0) return false
          from = at + part.length
        }
        return true
      }
      this.likePools.set(key, (rows = this.allRules.filter((_row, index) => matches(index))))
    }
    return rows
  }

  /** For each anchor of `check`, the versions (of any edition) its expressions match. */
  private matches(check: CheckDefinition): VersionRow[][] {
    let rows = this.anchorRows.get(check.id)
    if (!rows) {
      rows = check.anchors.map((anchor) => this.pool(anchor.region, anchor.like).filter((row) => anchor.all.every((pattern) => pattern.test(row.text))))
      this.anchorRows.set(check.id, rows)
    }
    return rows
  }

  /** The rule `check` resolves to in `edition`, with the index of the anchor that found it. */
  resolve(check: CheckDefinition, edition: string): { row: VersionRow; anchor: number } | null {
    const section = this.sbaSection(edition)
    const prefix = section === null ? null : `${section}.`
    const perAnchor = this.matches(check)
    for (let index = 0; index < check.anchors.length; index++) {
      const region = check.anchors[index].region
      for (const row of perAnchor[index]) {
        if (row.firstDate > edition || row.lastDate < edition) continue
        const inSection = prefix !== null && row.key.startsWith(prefix)
        if (region === 'sba' ? inSection : region === 'declared-sba' ? !inSection : true) return { row, anchor: index }
      }
    }
    return null
  }

  /** The resolution of `check` in every edition, oldest first. */
  timeline(check: CheckDefinition): Array<{ edition: string; row: VersionRow; anchor: number } | null> {
    let line = this.runs.get(check.id)
    if (!line) {
      line = this.editions.map((edition) => {
        const found = this.resolve(check, edition)
        return found ? { edition, ...found } : null
      })
      this.runs.set(check.id, line)
    }
    return line
  }

  /** The value of a profile switch in every edition, oldest first, with the row that decides it. */
  switchTimeline(definition: SwitchDefinition): Array<{ value: SwitchValue; row: VersionRow | null; check?: string }> {
    let line = this.switches.get(definition.id)
    if (!line) {
      const from = definition.from
      const check: CheckDefinition =
        'check' in from
          ? findCheck(from.check)!
          : { id: `switch:${definition.id}`, title: definition.title, category: 'switch', description: definition.description, anchors: from.anchors }
      const checkId = 'check' in from ? from.check : undefined
      line = this.timeline(check).map((entry) => ({
        value: definition.read(entry?.row.text ?? null),
        row: entry?.row ?? null,
        ...(checkId ? { check: checkId } : {})
      }))
      this.switches.set(definition.id, line)
    }
    return line
  }

  /** The runs of consecutive editions in which `check` resolves. */
  history(check: CheckDefinition): CheckRun[] {
    const runs: CheckRun[] = []
    let current: CheckRun | null = null
    for (const entry of this.timeline(check)) {
      if (!entry) {
        current = null
        continue
      }
      if (!current) {
        current = { firstEdition: entry.edition, lastEdition: entry.edition, endedOn: null, numbers: [] }
        runs.push(current)
      }
      current.lastEdition = entry.edition
      current.endedOn = this.nextEdition(entry.edition)
      if (current.numbers.at(-1) !== entry.row.key) current.numbers.push(entry.row.key)
    }
    return runs
  }
}

/**
 * The rule index of `db`, made again when the database's content has changed (a build committed by another
 * connection, or this one's write): a server or an MCP session left running across `crdb build` resolves checks
 * in the editions stored now, not in those it first read.
 */
const indexOf = rememberPerContent((db: Crdb) => new RuleIndex(db))

function knownCheck(id: string): CheckDefinition {
  const check = findCheck(id)
  if (check) return check
  const wanted = id.trim().toLowerCase()
  const near = checkCatalog
    .map((c) => c.id)
    .filter((c) => c.includes(wanted) || wanted.includes(c) || c.split('-').some((part) => part.length > 3 && wanted.includes(part)))
  throw new CrdbError(
    'E_NOT_FOUND',
    `no check "${id}" in the catalog${near.length ? ` (did you mean: ${near.slice(0, 5).join(', ')}?)` : ''}; crdb era --checks lists them`
  )
}

/** Resolve one check in one edition of `db`. */
export function resolveCheck(db: Crdb, id: string, edition: string): CheckAnswer {
  const index = indexOf(db)
  const check = knownCheck(id)
  if (!index.editions.includes(edition)) throw new CrdbError('E_NOT_FOUND', `no edition dated ${edition}`)
  const found = index.resolve(check, edition)
  if (found) {
    const { row, anchor } = found
    const timeline = index.timeline(check)
    let start = index.editions.indexOf(edition)
    while (start > 0 && timeline[start - 1]) start--
    const numbers: string[] = []
    for (let i = start; i <= index.editions.indexOf(edition); i++) {
      const key = timeline[i]!.row.key
      if (numbers.at(-1) !== key) numbers.push(key)
    }
    return {
      id: check.id,
      title: check.title,
      category: check.category,
      inForce: true,
      number: row.key,
      text: row.text,
      examples: index.examples(row.contentId),
      edition,
      validFrom: row.firstDate,
      validTo: index.nextEdition(row.lastDate),
      lastEdition: row.lastDate,
      source: { uri: row.uri, sha256: row.sha256, line: row.line },
      anchor: { region: check.anchors[anchor].region, patterns: check.anchors[anchor].all.map(String) },
      since: { edition: index.editions[start], numbers },
      lineageId: row.lineageId
    }
  }
  const runs = index.history(check)
  const previous = runs.filter((run) => run.lastEdition < edition).at(-1)
  const following = runs.find((run) => run.firstEdition > edition)
  const before = previous
    ? { firstEdition: previous.firstEdition, lastEdition: previous.lastEdition, number: previous.numbers.at(-1)!, endedOn: previous.endedOn! }
    : null
  const after = following ? { firstEdition: following.firstEdition, number: following.numbers[0] } : null
  const parts: string[] = []
  if (before) parts.push(`last in force in the edition of ${before.lastEdition} as ${before.number}, gone from ${before.endedOn}`)
  if (after) parts.push(`first in force from ${after.firstEdition} as ${after.number}`)
  if (!before && !after) parts.push('in no stored edition')
  return {
    id: check.id,
    title: check.title,
    category: check.category,
    inForce: false,
    edition,
    message: `${check.id} is not in force in the edition of ${edition}: ${parts.join('; ')}`,
    before,
    after
  }
}

/** Every run of editions in which a check was in force. */
export function checkHistory(db: Crdb, id: string): CheckRun[] {
  return indexOf(db).history(knownCheck(id))
}

/** Where to read the rules, for {@link openRules}. */
export interface OpenRulesOptions extends EditionSelector {
  /** An open database, or the path of one (default: `$CRDB_DB`, else the default database: see {@link resolveDatabasePath}). */
  db?: Crdb | string
}

/**
 * The rules of an era: `openRules(db, { era: '2009' })`, or
 * `openRules({ era: '2009' })` reading the default database. Every check is
 * resolved when it opens, so the object keeps no database handle.
 *
 * @throws {CrdbError} `E_BAD_ERA`, `E_BAD_DATE`, `E_NOT_FOUND` (see {@link resolveEdition}), `E_DB`.
 */
export function openRules(db: Crdb, at?: EditionSelector): EraRules
export function openRules(options?: OpenRulesOptions): EraRules
export function openRules(first?: Crdb | OpenRulesOptions, second?: EditionSelector): EraRules {
  if (isCrdb(first)) return buildRules(first, second ?? {})
  const options = (first ?? {}) as OpenRulesOptions
  const { db, ...at } = options
  if (db && typeof db !== 'string') return buildRules(db, at)
  const handle = openDatabase(resolveDatabasePath({ db }), { readonly: true })
  try {
    return buildRules(handle, at)
  } finally {
    handle.close()
  }
}

function buildRules(db: Crdb, at: EditionSelector): EraRules {
  const edition = resolveEdition(db, at, 'openRules')
  const index = indexOf(db)
  const answers = new Map<string, CheckAnswer>()
  const histories = new Map<string, CheckRun[]>()
  for (const check of checkCatalog) {
    answers.set(check.id, resolveCheck(db, check.id, edition))
    histories.set(check.id, index.history(check))
  }
  const citations = new Map<string, Citation | null>()
  for (const [id, answer] of answers) citations.set(id, answer.inForce ? { check: id, number: answer.number, text: answer.text } : null)
  const semantics = deriveSemantics(edition, (id) => citations.get(id) ?? null)
  const era = at.era !== undefined && findEraPreset(at.era) ? at.era.trim() : null
  const position = index.editions.indexOf(edition)
  // Read every switch's timeline now: the object keeps no database handle.
  const timelines = switchTable.map((definition) => ({ definition, line: index.switchTimeline(definition) }))
  let profile: EraProfile | undefined
  return {
    era,
    edition,
    validTo: index.nextEdition(edition),
    check: (id) => answers.get(knownCheck(id).id)!,
    checks: () => checkCatalog.map((check) => answers.get(check.id)!),
    citation: (id) => citations.get(id) ?? null,
    history: (id) => histories.get(knownCheck(id).id)!,
    semantics,
    profile: () => (profile ??= buildProfile(era, edition, timelines, index.editions, position))
  }
}

function buildProfile(
  era: string | null,
  edition: string,
  timelines: Array<{ definition: SwitchDefinition; line: Array<{ value: SwitchValue; row: VersionRow | null; check?: string }> }>,
  editions: readonly string[],
  position: number
): EraProfile {
  const switches = timelines.map(({ definition, line }): ProfileSwitch => {
    const { value, row, check } = line[position]
    let start = position
    while (start > 0 && line[start - 1].value === value) start--
    return {
      id: definition.id,
      title: definition.title,
      group: definition.group,
      description: definition.description,
      value,
      rule: row ? { number: row.key, text: row.text, ...(check ? { check } : {}) } : null,
      since: editions[start]
    }
  })
  const byId = new Map(switches.map((entry) => [entry.id, entry]))
  return { era, edition, switches, get: (id) => byId.get(id) }
}

/**
 * A profile switch in every stored edition, oldest first: its value and the
 * number of the rule that decides it.
 *
 * @throws {CrdbError} `E_NOT_FOUND` for an unknown switch.
 */
export function switchTimeline(db: Crdb, id: string): SwitchPoint[] {
  const definition = switchTable.find((entry) => entry.id === id)
  if (!definition) throw new CrdbError('E_NOT_FOUND', `no switch ${quoteInput(id)} in the era profile; crdb era --profile lists them`)
  const index = indexOf(db)
  return index.switchTimeline(definition).map((point, i) => ({ edition: index.editions[i], value: point.value, number: point.row?.key ?? null }))
}

export { describeAnchors }
