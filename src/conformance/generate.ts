/**
 * The generator of the conformance suite: the hand-written table (`table.ts`)
 * turned into cases at every edition where a check's rule appears, ends,
 * changes number or meaning (the edition of the change and the one before it),
 * plus the first and newest editions, and the hand-written scenarios.
 *
 * The database only says which editions exist and confirms the table's rule
 * numbers (a table out of date with the database is an error, never a silent
 * case); the expectations come from the table alone. Same database, same cases,
 * in the same order.
 */
import type { Crdb } from '../store/database.js'
import { listEditionDates } from '../store/editions.js'
import { resolveCheck } from '../engine/rules.js'
import { CrdbError } from '../vocabulary/errors.js'
import type { ConformanceCase, ExpectedEvent } from './case.js'
import { expectationTable, findTableEntry, type TableEntry, type TableEra } from './table.js'
import { scenarios } from './scenarios.js'
import { switchTable, type SwitchEntry } from './switch-table.js'

/** Which cases to generate. */
export interface GenerateOptions {
  /** Only editions on or after this date. */
  from?: string
  /** Only editions on or before this date. */
  to?: string
  /** Only these checks (and the scenarios that name them). */
  checks?: readonly string[]
}

const tableFile = 'src/conformance/table.ts'

/** A board the suite does not ask in a range of editions, and why (no rule of those editions says what it does, or a known limit). */
export interface SuiteNote {
  check: string
  board: string
  /** First and last edition dates of the range. */
  from: string
  to: string
  reason: string
}

/** The checks `options` selects (lower case), or `undefined` for all. */
const wantedChecks = (options: GenerateOptions): string[] | undefined => options.checks?.map((id) => id.trim().toLowerCase())

/**
 * The notes of the suite: each board of the table left out for a range of
 * editions, with the reason, for the checks and editions `options` selects.
 * `crdb conformance export` writes them into `index.json`.
 */
export function listSuiteNotes(options: GenerateOptions = {}): SuiteNote[] {
  const wanted = wantedChecks(options)
  const notes: SuiteNote[] = []
  for (const entry of expectationTable) {
    if (wanted && !wanted.includes(entry.check)) continue
    for (const skip of entry.skip ?? [])
      if ((options.from === undefined || skip.to >= options.from) && (options.to === undefined || skip.from <= options.to))
        notes.push({ check: entry.check, board: skip.board, from: skip.from, to: skip.to, reason: skip.reason })
  }
  return notes
}

/** The number of `entry`'s rule in `edition` by the table, or `null`. */
function numberIn(entry: TableEntry, edition: string): string | null {
  let number: string | null = null
  for (const [from, value] of entry.numbers) if (from <= edition) number = value
  return number
}

/** The era of `entry` covering `edition`. */
function eraOf(entry: TableEntry, edition: string): { era: TableEra; to: string | null } {
  let index = -1
  entry.eras.forEach((era, i) => {
    if (era.from <= edition) index = i
  })
  if (index < 0) throw new Error(`conformance table: ${entry.check} has no era for ${edition}`)
  return { era: entry.eras[index], to: entry.eras[index + 1]?.from ?? null }
}

/** The expected events of a board in an era, each with the rule the table gives it in `edition`. */
function expectedEvents(entry: TableEntry, era: TableEra, board: string, edition: string): ExpectedEvent[] {
  const outcome = era.outcomes[board]
  if (!outcome) return []
  return outcome.events.map(([action, subject, check]) => {
    const owner = check ? findTableEntry(check) : entry
    const rule = owner ? numberIn(owner, edition) : null
    if (rule === null) throw new Error(`conformance table: ${entry.check}/${board} cites ${check ?? entry.check}, not in force in ${edition}`)
    return { action: action as ExpectedEvent['action'], subject, check: check ?? entry.check, rule }
  })
}

/** The editions of the database before which each change of `entry` falls: [edition of the change, what changed]. */
function changesOf(entry: TableEntry, editions: readonly string[]): Array<[string, string]> {
  const changes = new Map<string, string>()
  for (const era of entry.eras.slice(1)) changes.set(era.from, era.change)
  for (const [from, number] of entry.numbers.slice(1)) if (!changes.has(from)) changes.set(from, number === null ? 'not in force' : `renumbered ${number}`)
  for (const date of changes.keys())
    if (!editions.includes(date)) throw new Error(`conformance table: ${entry.check} changes on ${date}, which is no stored edition`)
  return [...changes].sort(([a], [b]) => a.localeCompare(b))
}

/** Confirm the table's rule number for `entry` in `edition` against the database. */
function confirmNumber(db: Crdb, entry: TableEntry, edition: string): void {
  const answer = resolveCheck(db, entry.check, edition)
  const found = answer.inForce ? answer.number : null
  const written = numberIn(entry, edition)
  if (found !== written)
    throw new Error(`conformance table: ${entry.check} in ${edition} is ${written ?? 'not in force'} by the table, ${found ?? 'not in force'} by the database`)
}

const within = (edition: string, options: GenerateOptions): boolean =>
  (options.from === undefined || edition >= options.from) && (options.to === undefined || edition <= options.to)

/** The cases of one table entry. */
function casesOf(db: Crdb, entry: TableEntry, editions: readonly string[], options: GenerateOptions): ConformanceCase[] {
  const points: Array<{ edition: string; boundary: ConformanceCase['boundary'] }> = []
  for (const [change, what] of changesOf(entry, editions)) {
    const before = editions[editions.indexOf(change) - 1]
    points.push({ edition: before, boundary: { change, side: 'before', what } })
    points.push({ edition: change, boundary: { change, side: 'after', what } })
  }
  // The first and newest editions last: where one is also a boundary's, the case names the boundary.
  points.push({ edition: editions[0], boundary: null }, { edition: editions.at(-1)!, boundary: null })
  const cases: ConformanceCase[] = []
  const seen = new Set<string>()
  for (const { edition, boundary } of points) {
    if (!within(edition, options)) continue
    confirmNumber(db, entry, edition)
    const { era, to } = eraOf(entry, edition)
    for (const [name, table] of Object.entries(entry.boards)) {
      if (entry.skip?.some((skip) => skip.board === name && skip.from <= edition && edition <= skip.to)) continue
      const events = expectedEvents(entry, era, name, edition)
      const after = era.outcomes[name]?.after ?? {}
      // One case per board, outcome and range: the same edition reached twice, or a second edition of the same range with the same rule, adds nothing.
      const key = JSON.stringify([name, events, after, era.from])
      const id = `${entry.check}/${edition}/${name}`
      if (seen.has(key) && boundary === null) continue
      if (cases.some((existing) => existing.id === id)) continue
      seen.add(key)
      const rule = numberIn(entry, edition)
      cases.push({
        id,
        check: entry.check,
        edition,
        boundary,
        description: table.description,
        board: table.board,
        choices: table.choices ?? [],
        expect: { events, after },
        source: { table: tableFile, from: era.from, to: to === null ? null : editions[editions.indexOf(to) - 1], rule, quote: era.quote }
      })
    }
  }
  const boards = Object.keys(entry.boards)
  return cases.sort((a, b) => a.edition.localeCompare(b.edition) || boards.indexOf(a.id.split('/')[2]) - boards.indexOf(b.id.split('/')[2]))
}

/** The cases of one switch: the edition before and the edition of each change of its ranges, and the first and newest editions. */
function switchCasesOf(entry: SwitchEntry, editions: readonly string[], options: GenerateOptions): ConformanceCase[] {
  const points: Array<{ edition: string; boundary: ConformanceCase['boundary'] }> = []
  for (const range of entry.ranges.slice(1)) {
    const at = editions.indexOf(range.from)
    if (at < 1) throw new Error(`conformance switch table: ${entry.switch} changes on ${range.from}, which is no stored edition after the first`)
    points.push({ edition: editions[at - 1], boundary: { change: range.from, side: 'before', what: range.change } })
    points.push({ edition: range.from, boundary: { change: range.from, side: 'after', what: range.change } })
  }
  points.push({ edition: editions[0], boundary: null }, { edition: editions.at(-1)!, boundary: null })
  const cases: ConformanceCase[] = []
  for (const { edition, boundary } of points) {
    const id = `switch/${entry.switch}/${edition}`
    if (!within(edition, options) || cases.some((existing) => existing.id === id)) continue
    let index = -1
    entry.ranges.forEach((range, i) => {
      if (range.from <= edition) index = i
    })
    if (index < 0) throw new Error(`conformance switch table: ${entry.switch} has no range for ${edition}`)
    const range = entry.ranges[index]
    const next = entry.ranges[index + 1]
    cases.push({
      kind: 'switch',
      id,
      check: entry.switch,
      edition,
      boundary,
      description: entry.question,
      question: { switch: entry.switch, edition },
      expect: { value: range.value, rule: range.rule },
      source: {
        table: 'src/conformance/switch-table.ts',
        from: range.from,
        to: next ? editions[editions.indexOf(next.from) - 1] : null,
        rule: range.rule,
        quote: range.quote
      }
    })
  }
  return cases.sort((a, b) => a.edition.localeCompare(b.edition))
}

/**
 * Every case of the suite for the editions of `db`: the table's, check by check
 * in catalog order, then the switch table's, then the scenarios.
 *
 * @throws {CrdbError} `E_NOT_FOUND` for a check the table does not have; `Error` where the table and the database disagree.
 */
export function generateSuite(db: Crdb, options: GenerateOptions = {}): ConformanceCase[] {
  const editions = listEditionDates(db)
  const wanted = wantedChecks(options)
  for (const id of wanted ?? [])
    if (!findTableEntry(id) && !switchTable.some((entry) => entry.switch === id) && !scenarios.some((scenario) => scenario.checks.includes(id)))
      throw new CrdbError('E_NOT_FOUND', `--checks: no check "${id}" in the conformance table (crdb conformance export lists its checks in index.json)`)
  const cases: ConformanceCase[] = []
  for (const entry of expectationTable) if (!wanted || wanted.includes(entry.check)) cases.push(...casesOf(db, entry, editions, options))
  for (const entry of switchTable) if (!wanted || wanted.includes(entry.switch)) cases.push(...switchCasesOf(entry, editions, options))
  for (const scenario of scenarios) {
    if (wanted && !scenario.checks.some((id) => wanted.includes(id))) continue
    if (!within(scenario.edition, options)) continue
    if (!editions.includes(scenario.edition)) throw new Error(`conformance scenario ${scenario.id}: no edition dated ${scenario.edition}`)
    const { checks: _checks, ...rest } = scenario
    cases.push(rest)
  }
  return cases
}
