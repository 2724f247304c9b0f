/**
 * The history of one rule across renumberings, and "blame": for each rule of
 * an edition, since when its text has stood.
 */
import type { LinkBasis, LinkKind } from '../vocabulary/kinds.js'
import type { Crdb } from '../store/database.js'
import { CrdbError, quoteInput } from '../vocabulary/errors.js'
import { parseRuleNumber } from '../vocabulary/rule-number.js'
import { termKey } from '../vocabulary/term-key.js'
import { resolveEdition } from './editions.js'
import { checkSelector, type EditionSelector } from '../vocabulary/selector.js'
import { inSection } from './diff.js'
import { getRule } from './get.js'
import { readSectionAt, type SectionNumbering } from './renumber.js'
import { describeEndGap, describeGap, listMissingEditions } from './gaps.js'
import { listEditionDates } from '../store/editions.js'
import { rememberPerContent } from '../store/per-content.js'
import { listContinuations } from '../store/diff.js'
import {
  findBlameRow,
  findLineageAndIdOf,
  findLineageVersionAt,
  findLineageVersionAtEnd,
  findTermKeyNamed,
  listBlameRows,
  listLineageLinks,
  listLineageVersions,
  listTermVersions,
  type LineageLinkRow,
  type LineageVersionRow,
  type TermVersionRow
} from '../store/history.js'
import { findLineageIdAt } from '../store/lineage-ids.js'
import { listExamplesOf } from '../store/rules.js'
import { differsOnlyByDamage, readDamagedEditions, readSourceDamageOf } from './source-damage.js'
import type { RuleNumbering, SourceDamageNote } from '../vocabulary/rule-version.js'
import { diffTerms, truncationPoint } from './term-diff.js'
import { diffWords, differsOnlyInReferences, differsOnlyInTypography, type WordChange } from './word-diff.js'

/** One wording of a rule in its history. */
export interface HistoryStep {
  number: string
  text: string
  examples: string[]
  validFrom: string
  /** When the next wording (or none) took over; `null` while in force. */
  validTo: string | null
  /** The editions that have this wording, oldest first. */
  editions: string[]
  /** How this wording came from the one before (absent for the first). */
  change?: {
    kind: LinkKind
    fromNumber: string
    /** Confidence of the lineage link (0..1) and why it was made; absent when no link joins the two. */
    score?: number
    reason?: string
    /** What kind of evidence made the link (absent when no link joins the two). */
    basis?: LinkBasis
    /** The text changed only in cross-reference numbers. */
    referencesOnly: boolean
    /** The text changed only in typography (straight or curly quotes, dashes). */
    typographyOnly: boolean
    textChanges: WordChange[]
    examplesChanged: boolean
    /** The change is source damage arriving or leaving (an edition printed `?` for quotes and dashes): typography only. */
    sourceDamage?: true
    /**
     * Editions not held between the last edition of the wording before and the first of this one (oldest first):
     * the change may have come with one of them, not with `validFrom`.
     */
    notHeld?: string[]
    /** With `notHeld`: `changed between the editions of 2025-04-04 and 2025-07-25 (2025-06-06 not held)`. */
    gap?: string
  }
  source: { uri: string; line: number }
  /**
   * On the last wording of a rule that ended (removed, or gone into other rules) where editions not held fall
   * between its last edition and the next held one: those editions, oldest first, and the sentence (`ended
   * between the editions of 2024-07-30 and 2024-11-08 (2024-09-17 not held)`). It may have ended with one of them.
   */
  ended?: { notHeld: string[]; gap: string }
  /** Paragraphs of this wording an edition printed with substitution damage, restored or kept as printed (absent when none). */
  sourceDamage?: SourceDamageNote[]
}

/** A rule's history, oldest wording first. */
export interface RuleHistory {
  /** The number of the wording the history starts from: the number asked, or what it was numbered in the edition asked (`numbering`). */
  number: string
  /** The stable id of the rule's lineage (`1999-04-23_420.5e`); absent before the lineage has ids. */
  id?: string
  /**
   * How the number asked led to the wording the history starts from, when the edition asked numbers that rule
   * otherwise (`704.5j` asked of 2003 starts from 420.5e: "704.5j was numbered 420.5e in the edition of 2002-10-07").
   */
  numbering?: RuleNumbering
  steps: HistoryStep[]
  /** The numbers the rule has had, in order (`['420.5e', '704.5k', '704.5j']`). */
  numbers: string[]
  /**
   * Where the rule went when its last wording ended in other rules' histories (merged into a rule that goes on
   * from another, or split into parts): each rule it continued as, with the edition it did and the link's kind.
   * Absent when the history goes on, or the rule was removed.
   */
  continuesAs?: Array<{ number: string; edition: string; kind: LinkKind }>
}

/** Options for {@link ruleHistory}. */
export interface HistoryOptions {
  /**
   * Start from the wording in force in this edition: the number's rule there, or the rule a number of another numbering
   * named then, as `getRule` follows it (default: the number's wording in the newest edition that has it).
   */
  at?: EditionSelector
  /** `both` (default) follows the rule back and forward; `forward` starts at its oldest wording and goes on. */
  direction?: 'both' | 'forward' | 'backward'
}

/**
 * Every wording of the rule `number`, followed through renumberings (`704.5j`
 * goes back to the 420.5e of 1999; `direction: 'forward'` from `420.5e` reaches
 * 704.5j), with the word-level change at each step.
 *
 * @throws {CrdbError} `E_BAD_NUMBER`; `E_NOT_FOUND` when no edition has the number, or (with `at`) as `getRule` says:
 *   where the rule went, that it did not exist yet; `E_AMBIGUOUS` for a split or merge in the edition asked.
 */
export function ruleHistory(db: Crdb, number: string, options: HistoryOptions = {}): RuleHistory {
  return traceHistory(db, number, options).history
}

/** A wording of a rule, as a rule page names it: its number and the first day it was in force. */
export interface Wording {
  number: string
  validFrom: string
}

/** A rule's history with the wordings on its way that have the same history (see {@link traceRuleHistory}). */
export interface TracedHistory {
  /** The history of the wording asked. */
  history: RuleHistory
  /** The wordings before it on its way whose history is this one (the way forward from each leads here), oldest first, each with its last edition. */
  preceding: Array<Wording & { lastDate: string }>
  /** The wordings after it on its way, oldest first, each with its last edition. */
  following: Array<Wording & { lastDate: string }>
}

/**
 * {@link ruleHistory} of the wording of rule `number` in force on `validFrom` (its first day), with the wordings on its way
 * that have the same history, so {@link historyAlong} answers theirs from these steps: every wording after it (the history
 * follows the same links back and forward from each: a step forward is the one link into the next wording the way back
 * takes too), and those before it from which the way forward leads here (not so where a split leads elsewhere).
 *
 * @throws {CrdbError} as ruleHistory does.
 */
export function traceRuleHistory(db: Crdb, wording: Wording): TracedHistory {
  return traceHistory(db, wording.number, { at: { edition: wording.validFrom } })
}

/**
 * The history of `wording`, one of `traced.preceding` or `traced.following`: the same as
 * {@link ruleHistory}`(db, wording.number, { at: { edition: wording.validFrom } })` answers, sharing the steps of
 * `traced.history`.
 */
export function historyAlong(db: Crdb, traced: TracedHistory, wording: TracedHistory['following'][number]): RuleHistory {
  const { steps, numbers, continuesAs } = traced.history
  const id = findLineageIdAt(db, 'rule', wording.number, wording.lastDate)
  return { number: wording.number, ...(id === undefined ? {} : { id }), steps, numbers, ...(continuesAs ? { continuesAs } : {}) }
}

function traceHistory(db: Crdb, number: string, options: HistoryOptions): TracedHistory {
  const key = parseRuleNumber(number)
  const direction = options.direction ?? 'both'
  const { row: start, numbering } = startingVersion(db, key, options.at, direction)
  const [lineageOf, lineageId] = findLineageAndIdOf(db, start.id)
  const lineage = lineageOf ?? start.id
  const members = listLineageVersions(db, lineage)
  const byId = new Map<number, LineageVersionRow>(members.map((row) => [row.id, row]))
  byId.set(start.id, start)
  const links = listLineageLinks(db, lineage)
  const incoming = new Map<number, LineageLinkRow>()
  const outgoing = new Map<number, LineageLinkRow[]>()
  for (const link of links) {
    const best = incoming.get(link.to)
    // The link the lineage follows: from a member of it first (a merge has links from other lineages too), then the best.
    const member = byId.has(link.from)
    if (!best || (member && !byId.has(best.from)) || (member === byId.has(best.from) && link.score > best.score)) incoming.set(link.to, link)
    let list = outgoing.get(link.from)
    if (!list) outgoing.set(link.from, (list = []))
    list.push(link)
  }

  const chain: LineageVersionRow[] = [start]
  if (direction !== 'forward') {
    for (let link = incoming.get(start.id); link && byId.has(link.from); link = incoming.get(link.from)) chain.unshift(byId.get(link.from)!)
  }
  // The wording a history goes on to from `current`: the one link into a member the way back takes too, the same number first.
  const nextOf = (current: LineageVersionRow): LineageVersionRow | undefined => {
    const next = (outgoing.get(current.id) ?? [])
      .filter((link) => byId.has(link.to) && incoming.get(link.to) === link)
      .sort((a, b) => Number(byId.get(b.to)!.key === current.key) - Number(byId.get(a.to)!.key === current.key) || b.score - a.score)[0]
    return next && byId.get(next.to)
  }
  if (direction !== 'backward') {
    for (let current: LineageVersionRow | undefined = nextOf(start); current; current = nextOf(current)) chain.push(current)
  }

  const { dates, positions, missing, damaged } = readCalendar(db)
  // Most histories have no damaged wording: their notes are not read.
  const damage = chain.some((row) => damaged.get(row.key)?.some((edition) => edition >= row.firstDate && edition <= row.lastDate))
    ? readSourceDamageOf(
        db,
        chain.map((row) => row.key)
      )
    : new Map<string, SourceDamageNote[]>()
  const wordings = new Map(members.map((row) => [row.id, row]))
  const steps: HistoryStep[] = []
  // Every step's examples came with the lineage's rows; a step outside them (a lineage not derived yet) in one query.
  const outside = chain.filter((row) => !wordings.has(row.id))
  const examplesByContent = outside.length
    ? listExamplesOf(
        db,
        outside.map((row) => row.contentId)
      )
    : undefined
  for (const [index, row] of chain.entries()) {
    const wording = wordings.get(row.id)
    const examples = wording ? (wording.examples === null ? [] : (JSON.parse(wording.examples) as string[])) : (examplesByContent!.get(row.contentId) ?? [])
    const step: HistoryStep = {
      number: row.key,
      text: row.text,
      examples,
      validFrom: row.firstDate,
      validTo: validToOf(dates, positions, row.lastDate),
      editions: editionsBetween(dates, positions, row.firstDate, row.lastDate),
      source: { uri: row.uri, line: row.line }
    }
    const previous = chain[index - 1]
    if (previous) {
      const link = incoming.get(row.id)
      const kind = link?.kind ?? (previous.key === row.key ? 'changed' : 'moved-changed')
      const evidence = link ? { score: link.score, reason: link.reason, basis: link.basis } : {}
      const referencesOnly = differsOnlyInReferences(previous.text, row.text)
      const typographyOnly = differsOnlyInTypography(previous.text, row.text)
      const examplesChanged = previous.contentId !== row.contentId && previous.text === row.text
      if (previous.text === row.text) {
        step.change = { kind, fromNumber: previous.key, ...evidence, referencesOnly, typographyOnly, textChanges: [], examplesChanged }
      } else {
        const before = previous.text
        const after = row.text
        // The word-level changes are made when first read, in this place among the properties (see keepWordChanges).
        const change: NonNullable<HistoryStep['change']> = {
          kind,
          fromNumber: previous.key,
          ...evidence,
          referencesOnly,
          typographyOnly,
          get textChanges(): WordChange[] {
            return keepWordChanges(change, diffWords(before, after))
          },
          set textChanges(value: WordChange[]) {
            keepWordChanges(change, value)
          },
          examplesChanged
        }
        step.change = change
      }
      const notHeld = missing.filter((date) => date > previous.lastDate && date < row.firstDate)
      if (notHeld.length) Object.assign(step.change, { notHeld, gap: describeGap(previous.lastDate, row.firstDate, notHeld) })
    }
    const notes = (damage.get(row.key) ?? []).filter((note) => note.edition >= row.firstDate && note.edition <= row.lastDate)
    if (notes.length > 0) step.sourceDamage = notes
    if (step.change && (notes.length > 0 || steps[index - 1]?.sourceDamage)) classifyDamage(step, steps[index - 1], chain[index - 1].text, row.text)
    steps.push(step)
  }
  const numbers = steps.map((step) => step.number).filter((value, index, all) => all.indexOf(value) === index)
  // The stable id of the lineage the history follows (the wording it started from belongs to it).
  const id = lineageId ?? undefined
  // A last wording that ended across editions not held may have ended with one of them.
  const end = steps.at(-1)!
  if (end.validTo) {
    const lastDate = chain.at(-1)!.lastDate
    const notHeld = missing.filter((date) => date > lastDate && date < end.validTo!)
    if (notHeld.length) end.ended = { notHeld, gap: describeEndGap(lastDate, end.validTo, notHeld) }
  }
  // A last wording that went into other rules' histories (a merge, parts of a split) says where.
  const last = chain.at(-1)!
  const continuesAs =
    direction === 'backward'
      ? []
      : listContinuations(db, last.id)
          .filter((link) => !byId.has(link.id))
          .map((link) => ({ number: link.key, edition: link.firstDate, kind: link.kind }))
  // The wordings on its way with the same history: those after the one asked (only a history both ways goes back from them
  // the same way), and those before it from which the way forward leads here (not so where a split leads elsewhere).
  const startsAt = chain.indexOf(start)
  let sharedFrom = startsAt
  if (direction === 'both' && wordings.has(start.id)) while (sharedFrom > 0 && nextOf(chain[sharedFrom - 1]) === chain[sharedFrom]) sharedFrom--
  const wordingOf = (row: LineageVersionRow) => ({ number: row.key, validFrom: row.firstDate, lastDate: row.lastDate })
  return {
    history: {
      number: start.key,
      ...(id === undefined ? {} : { id }),
      ...(numbering ? { numbering } : {}),
      steps,
      numbers,
      ...(continuesAs.length ? { continuesAs } : {})
    },
    preceding: chain.slice(sharedFrom, startsAt).map(wordingOf),
    following: direction === 'both' ? chain.slice(startsAt + 1).map(wordingOf) : []
  }
}

/** What every history reads of the store as a whole, once per content of the file: edition dates, editions not held, where source damage is. */
interface Calendar {
  /** Every edition's date, oldest first, and the place of each. */
  dates: readonly string[]
  positions: ReadonlyMap<string, number>
  /** The dates of the editions not held (from the manifest), oldest first. */
  missing: readonly string[]
  /** The editions whose source damage is noted on each rule number (about 1,300 pairs in all). */
  damaged: ReadonlyMap<string, readonly string[]>
}

const readCalendar = rememberPerContent((db: Crdb): Calendar => {
  const dates = listEditionDates(db)
  return {
    dates,
    positions: new Map(dates.map((date, index) => [date, index])),
    missing: listMissingEditions(db).map((edition) => edition.effectiveDate),
    damaged: readDamagedEditions(db)
  }
})

/** The first edition after `lastDate` (`null` for none), as `dates.find((date) => date > lastDate)` reads it. */
function validToOf(dates: readonly string[], positions: ReadonlyMap<string, number>, lastDate: string): string | null {
  const at = positions.get(lastDate)
  if (at === undefined) return dates.find((date) => date > lastDate) ?? null
  return dates[at + 1] ?? null
}

/** The editions from `firstDate` to `lastDate`, as `dates.filter((date) => date >= firstDate && date <= lastDate)` reads them. */
function editionsBetween(dates: readonly string[], positions: ReadonlyMap<string, number>, firstDate: string, lastDate: string): string[] {
  const from = positions.get(firstDate)
  const to = positions.get(lastDate)
  if (from === undefined || to === undefined) return dates.filter((date) => date >= firstDate && date <= lastDate)
  return dates.slice(from, to + 1)
}

/**
 * Keep `value` as `change.textChanges` (a plain property from then on, in the same place): a changed step's word-level
 * changes are made when first read, as an accessor of its change says. A rule page shows a history's steps without them
 * (only whether the text changed, {@link isReworded}), and they were most of its cost; JSON and every other reader get
 * them as before, in the same place.
 */
function keepWordChanges(change: { textChanges: WordChange[] }, value: WordChange[]): WordChange[] {
  Object.defineProperty(change, 'textChanges', { value, writable: true, enumerable: true, configurable: true })
  return value
}

/** Whether a step of a history changed the rule's text (it has word-level changes), without making them. */
export function isReworded(change: NonNullable<HistoryStep['change']>): boolean {
  // Still an accessor: its changes are not made yet, and a change has one only where the text changed.
  return Object.getOwnPropertyDescriptor(change, 'textChanges')?.get !== undefined || change.textChanges.length > 0
}

/**
 * A step from or to a wording an edition printed damaged is only typography when
 * the damage is all it changes (the `?` read as the quotes and dashes they were),
 * or when it changes only typography anyway: it says so, as source damage.
 */
function classifyDamage(step: HistoryStep, previous: HistoryStep, before: string, after: string): void {
  const change = step.change!
  // Only damage in the editions either side of the step can have caused it: arriving with this wording, or leaving with the one before.
  const arriving = step.sourceDamage?.some((note) => note.edition === step.editions[0]) === true
  const leaving = previous.sourceDamage?.some((note) => note.edition === previous.editions.at(-1)) === true
  if (!arriving && !leaving) return
  if (!change.typographyOnly && !change.referencesOnly && (differsOnlyByDamage(before, after) || differsOnlyByDamage(after, before)))
    change.typographyOnly = true
  if (change.typographyOnly) change.sourceDamage = true
}

/** The wording a history starts from, and how the number asked led to it when the edition asked numbers it otherwise. */
function startingVersion(
  db: Crdb,
  key: string,
  at: EditionSelector | undefined,
  direction: HistoryOptions['direction']
): { row: LineageVersionRow; numbering?: RuleNumbering } {
  if (checkSelector(at, 'ruleHistory').by !== 'newest') {
    const edition = resolveEdition(db, at, 'ruleHistory')
    const row = findLineageVersionAt(db, key, edition)
    if (row) return { row }
    // A number from another numbering (704.5j asked of 2003): the rule it names on that day, as getRule reads it (or
    // its error: where the rule went, that it did not exist yet, the candidates of a split).
    const rule = getRule(db, key, { edition })
    const translated = findLineageVersionAt(db, rule.number, edition)
    if (!translated) throw new CrdbError('E_NOT_FOUND', `rule ${key} is not in the edition of ${edition}`)
    return rule.numbering ? { row: translated, numbering: rule.numbering } : { row: translated }
  }
  const row = findLineageVersionAtEnd(db, key, direction === 'forward' ? 'first' : 'last')
  if (!row) throw new CrdbError('E_NOT_FOUND', `rule ${key} is in no stored edition`)
  return { row }
}

/** One rule of an edition with the edition in which its current text appeared. */
export interface BlameLine {
  number: string
  text: string
  /** The effective date of the edition in which this exact text appeared (under any number). */
  since: string
  /** The number the text had then, when it was renumbered since. */
  sinceNumber: string
}

/**
 * For each rule of the edition answering `at` (with `section`, of that section, read in the edition's numbering:
 * 704 of 2003 is 420, and `sectionNumbering` says so), the edition in which its current text appeared, following pure
 * renumberings back.
 */
export function blame(
  db: Crdb,
  at: EditionSelector = {},
  options: { section?: string } = {}
): { edition: string; sectionNumbering?: SectionNumbering; lines: BlameLine[] } {
  const edition = resolveEdition(db, at, 'blame')
  const section = options.section === undefined ? undefined : parseRuleNumber(options.section)
  const sectionNumbering = section === undefined ? undefined : readSectionAt(db, section, { edition })
  const sections = section === undefined ? undefined : (sectionNumbering?.numbers ?? [section])
  const rows = listBlameRows(db, edition)
  const lines: BlameLine[] = []
  for (const row of rows) {
    if (sections !== undefined && !sections.some((each) => inSection(row.key, each))) continue
    let since = row.firstDate
    let sinceNumber = row.key
    let previous = row.previous
    while (previous !== null) {
      const earlier = findBlameRow(db, previous)!
      if (earlier.contentId !== row.contentId) break
      since = earlier.firstDate
      sinceNumber = earlier.key
      previous = earlier.previous
    }
    lines.push({ number: row.key, text: row.text, since, sinceNumber })
  }
  return sectionNumbering ? { edition, sectionNumbering, lines } : { edition, lines }
}

/** One definition of a glossary term in its history. */
export interface TermHistoryStep {
  /** The term as printed then. */
  term: string
  key: string
  definition: string
  validFrom: string
  /** When the next definition (or none) took over; `null` while in force. */
  validTo: string | null
  /** The editions that have this definition, oldest first. */
  editions: string[]
  /** How this definition came from the one before (absent for the first). */
  change?: {
    kind: 'changed' | 'renamed'
    fromTerm: string
    typographyOnly: boolean
    textChanges: WordChange[]
  }
  /**
   * Editions between the step before and this one that lack the term: when
   * `truncated`, only because their glossary is cut short (2013-02-01), not because
   * the term was removed.
   */
  missingBefore?: { editions: string[]; truncated: boolean }
}

/** A glossary term's history, oldest definition first, following renames. */
export interface TermHistory {
  /** The name asked about. */
  term: string
  steps: TermHistoryStep[]
  /** The names the term has had, in order. */
  names: string[]
}

/**
 * Every definition of glossary term `term` (found by any of its names), oldest
 * first, following renames (a term whose definition reappears under a new name),
 * with the editions that lack it in between and whether only because they are
 * truncated.
 *
 * @throws {CrdbError} `E_NOT_FOUND` when no edition has a term of that name.
 */
export function termHistory(db: Crdb, term: string): TermHistory {
  const name = termKey(term)
  const key = findTermKeyNamed(db, name)
  if (key === undefined) throw new CrdbError('E_NOT_FOUND', `no glossary term ${quoteInput(term.trim())} in any stored edition`)
  const dates = listEditionDates(db)
  const versionsOf = (termKey: string): TermVersionRow[] => listTermVersions(db, termKey)

  // Follow renames back and forward: the glossary diff at the edges of the term's span.
  let rows = versionsOf(key)
  const keys = new Set([key])
  for (let hop = 0; hop < 5; hop++) {
    const first = rows[0]
    const before = dates[dates.indexOf(first.firstDate) - 1]
    if (before === undefined) break
    const renamed = diffTerms(db, before, first.firstDate).changes.find((change) => change.kind === 'renamed' && change.to!.key === first.key)
    if (!renamed || keys.has(renamed.from!.key)) break
    keys.add(renamed.from!.key)
    rows = [...versionsOf(renamed.from!.key).filter((row) => row.lastDate <= before), ...rows]
  }
  for (let hop = 0; hop < 5; hop++) {
    const last = rows[rows.length - 1]
    const after = dates[dates.indexOf(last.lastDate) + 1]
    if (after === undefined) break
    const renamed = diffTerms(db, last.lastDate, after).changes.find((change) => change.kind === 'renamed' && change.from!.key === last.key)
    if (!renamed || keys.has(renamed.to!.key)) break
    keys.add(renamed.to!.key)
    rows = [...rows, ...versionsOf(renamed.to!.key).filter((row) => row.firstDate >= after)]
  }

  const steps: TermHistoryStep[] = []
  for (const [index, row] of rows.entries()) {
    const after = dates.find((date) => date > row.lastDate) ?? null
    const step: TermHistoryStep = {
      term: row.label,
      key: row.key,
      definition: row.text,
      validFrom: row.firstDate,
      validTo: after,
      editions: dates.filter((date) => date >= row.firstDate && date <= row.lastDate)
    }
    const previous = rows[index - 1]
    if (previous) {
      const gap = dates.filter((date) => date > previous.lastDate && date < row.firstDate)
      if (gap.length) {
        const truncated = gap.every((date) => {
          const cut = truncationPoint(db, date)
          return cut !== undefined && row.sortKey > cut
        })
        step.missingBefore = { editions: gap, truncated }
      }
      if (previous.contentId !== row.contentId || previous.key !== row.key) {
        step.change = {
          kind: previous.key === row.key ? 'changed' : 'renamed',
          fromTerm: previous.label,
          typographyOnly:
            differsOnlyInTypography(previous.text, row.text) || differsOnlyByDamage(previous.text, row.text) || differsOnlyByDamage(row.text, previous.text),
          textChanges: previous.text === row.text ? [] : diffWords(previous.text, row.text)
        }
      }
    }
    steps.push(step)
  }
  const names = steps.map((step) => step.term).filter((value, index, all) => all.indexOf(value) === index)
  return { term: term.trim(), steps, names }
}
