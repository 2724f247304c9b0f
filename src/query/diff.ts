/**
 * What changed between any two editions: added, removed, changed, moved
 * (renumbered) and moved-and-changed rules, split and merged ones, paired
 * through lineage links only (never by number alone: the same number with a
 * new rule under it is a removal and an addition), with word-level changes in
 * rule text and examples, and the glossary's added, removed, changed and
 * renamed terms.
 */
import type { LinkBasis } from '../vocabulary/kinds.js'
import { listLineageIdsOf } from '../store/lineage-ids.js'
import type { Crdb } from '../store/database.js'
import { parseRuleNumber } from '../vocabulary/rule-number.js'
import { resolveEdition } from './editions.js'
import type { EditionSelector } from '../vocabulary/selector.js'
import {
  countVersionsStaying,
  listContentsOf,
  listLinksBetween,
  listRuleKeysStaying,
  listRuleTextsOnlyIn,
  listVersionsOnlyIn,
  type ContentRow,
  type DiffTextRow,
  type DiffVersionRow
} from '../store/diff.js'
import { readSectionAt, type SectionNumbering } from './renumber.js'
import { diffTerms, type TermDiff } from './term-diff.js'
import { diffWords, differsOnlyInReferences, differsOnlyInTypography, type WordChange } from './word-diff.js'
import { differsOnlyByDamage } from './source-damage.js'

/** A rule as one side of a diff shows it. */
export interface DiffSide {
  number: string
  text: string
  examples: string[]
  /** When this text took effect. */
  validFrom: string
}

/** How one example changed. */
export interface ExampleChange {
  /** Position in the newer rule (or the older, for a removed example). */
  ordinal: number
  kind: 'added' | 'removed' | 'changed'
  changes: WordChange[]
}

/** One lineage link on the way from one side of a pair to the other, with why it was made. */
export interface DiffEvidence {
  from: string
  to: string
  /** The edition in which the newer side took effect. */
  edition: string
  kind: string
  /** Confidence of the link (0..1). */
  score: number
  reason: string
  /** What kind of evidence made the link: same text, shared words, structure, a restructure, or the override file. */
  basis: LinkBasis
}

/** One rule that differs between the two editions. */
export interface RuleChange {
  kind: 'added' | 'removed' | 'changed' | 'moved' | 'moved-changed'
  /** The old rule became several (`split`) or several became this one (`merge`); one change per pair. */
  relation?: 'split' | 'merge'
  /** The other numbers of the split (new numbers) or merge (old numbers). */
  also?: string[]
  from?: DiffSide
  to?: DiffSide
  /** The lineage links that pair the two sides (several when editions lie between). */
  evidence?: DiffEvidence[]
  /** The text changed only in the numbers of its cross-references. */
  referencesOnly: boolean
  /** The text changed only in typography (straight or curly quotes, dashes), examples included. */
  typographyOnly: boolean
  /** The typography that changed is source damage arriving or leaving (an edition printed `?` for quotes and dashes). */
  sourceDamage?: true
  /** The text is the same; only examples changed. */
  examplesOnly: boolean
  /** Word-level changes of the text (changed and moved-changed rules). */
  textChanges: WordChange[]
  exampleChanges: ExampleChange[]
  /** The stable id of the rule's lineage (`1999-04-23_420.5e`, as the newer side has it); absent before the lineage has ids. */
  id?: string
}

/** The difference between two editions. */
export interface EditionDiff {
  from: string
  to: string
  section?: string
  /**
   * A section neither edition has, as each numbers it (704 from 2002-10-07 to 2003-12-01: 420 in both), each with a
   * plain line; a change is then kept when its older side is in the section as the older edition numbers it, or its
   * newer side as the newer one does. Absent where either edition has the section's number (that number decides).
   */
  sectionNumbering?: SectionNumbering[]
  summary: {
    added: number
    removed: number
    changed: number
    moved: number
    movedChanged: number
    referencesOnly: number
    examplesOnly: number
    typographyOnly: number
    /** Changes that are part of a split or a merge (also counted under their kind). */
    split: number
    merge: number
    unchanged: number
  }
  changes: RuleChange[]
  /** With {@link DiffOptions.limit}: how many changes there are in all, of which `changes` is a stretch. */
  total?: number
  /** The glossary's changes (absent with `kind: 'rule'` or a section). */
  terms?: TermDiff
}

/** Options for {@link diffEditions}. */
export interface DiffOptions {
  /** Only rules of this section, rule or subrule (`7`, `704`, `704.5`); one neither edition has is read in each one's numbering (`sectionNumbering`). */
  section?: string
  /** Only rules, only glossary terms, or both (default). With `term`, `changes` is empty. */
  kind?: 'rule' | 'term'
  /** Leave out the word-level changes (`textChanges`, `exampleChanges` empty): for counts only, much faster. */
  countsOnly?: boolean
  /**
   * Only this many changes (in order, from `offset`), with their word-level changes: the result then
   * carries `total`, the number of changes before the cut. The summary counts them all.
   */
  limit?: number
  /** The first change to keep with `limit` (default 0). */
  offset?: number
}

interface LinkStep {
  to: number
  kind: string
  score: number
  reason: string
  basis: LinkBasis
}

type Row = DiffVersionRow

/**
 * Diff the editions that answer `a` and `b` (dates, editions or eras).
 *
 * @throws {CrdbError} `E_BAD_DATE`, `E_NOT_FOUND`, `E_BAD_NUMBER` (for a bad section).
 */
export function diffEditions(db: Crdb, a: EditionSelector, b: EditionSelector, options: DiffOptions = {}): EditionDiff {
  const from = resolveEdition(db, a, 'diffEditions')
  const to = resolveEdition(db, b, 'diffEditions')
  const section = options.section === undefined ? undefined : parseRuleNumber(options.section)
  // A section neither edition has is read in each one's numbering (704 from 2002-10-07 to 2003-12-01 is 420 on both
  // sides). Where one has it, its number there decides, as for any section: a rule moved into or out of it is a move.
  const reads = section === undefined ? [] : [readSectionAt(db, section, { edition: from }), readSectionAt(db, section, { edition: to })]
  const sectionNumbering = reads.every((read) => read !== undefined) ? (reads as SectionNumbering[]) : []
  const sectionsAt = (edition: string): string[] =>
    section === undefined ? [] : (sectionNumbering.find((read) => read.edition === edition)?.numbers ?? [section])
  const [fromSections, toSections] = [sectionsAt(from), sectionsAt(to)]
  // Pair whole editions, then keep the changes with a side in the section, so that a
  // rule moved into (or out of) the section is a move, not an addition.
  const inScope = (number: string | undefined, sections: string[]): boolean =>
    section === undefined || (number !== undefined && sections.some((each) => inSection(number, each)))
  const withRules = options.kind !== 'term'
  // Only what differs is read: the versions in force in one edition and not the other. Those in
  // force in both are the same rule with the same text, and only counted.
  const [earlier, later] = from <= to ? [from, to] : [to, from]
  // A whole-edition diff shows nearly every version that differs: read their texts along. A section's
  // diff reads only the texts of the changes it shows (below).
  const onlyIn =
    section === undefined ? listRuleTextsOnlyIn : (db: Crdb, edition: string, other: string): Row[] => listVersionsOnlyIn(db, 'rule', edition, other)
  const leaving = withRules ? onlyIn(db, earlier, later) : []
  const arriving = withRules ? onlyIn(db, later, earlier) : []
  const leftovers = from <= to ? { before: leaving, after: arriving } : { before: arriving, after: leaving }
  let unchanged = !withRules
    ? 0
    : section === undefined
      ? countVersionsStaying(db, 'rule', earlier, later)
      : listRuleKeysStaying(db, earlier, later).filter((key) => inScope(key, fromSections) || inScope(key, toSections)).length

  // Pair what is left through lineage links only, following them across the editions in between.
  const forward = from <= to
  const { steps, keyOf } = linkSteps(db, forward ? from : to, forward ? to : from, forward)
  const afterById = new Map(leftovers.after.map((row) => [row.id, row]))
  const pairs: Array<{ old?: Row; current?: Row; evidence?: DiffEvidence[] }> = []
  const sourcesOf = new Map<number, Row[]>()
  const targetsOf = new Map<number, Row[]>()
  for (const row of leftovers.before) {
    const reached = reach(row.id, steps, afterById, keyOf)
    if (reached.length === 0) pairs.push({ old: row })
    for (const { row: current, evidence } of reached) {
      pairs.push({ old: row, current, evidence })
      push(sourcesOf, current.id, row)
      push(targetsOf, row.id, current)
    }
  }
  for (const row of leftovers.after) if (!sourcesOf.has(row.id)) pairs.push({ current: row })

  const changes: RuleChange[] = []
  const rowOf = new Map<RuleChange, number>()
  const shown = pairs.filter(({ old, current }) => inScope(old?.key, fromSections) || inScope(current?.key, toSections))
  // The texts of the changed rules only, in one query: most rules of two editions are the same version.
  const contents =
    section === undefined
      ? textsOf([...leaving, ...arriving] as DiffTextRow[])
      : listContentsOf(
          db,
          shown.flatMap(({ old, current }) => [old?.contentId ?? [], current?.contentId ?? []].flat())
        )
  for (const { old, current, evidence } of shown) {
    if (old && current && old.key === current.key && old.contentId === current.contentId) {
      unchanged++ // The same text left and came back as another version.
      continue
    }
    // Word-level changes are made below, for the changes kept only.
    const change = describeChange(contents, old, current, true)
    if (evidence) change.evidence = evidence
    const targets = old ? (targetsOf.get(old.id) ?? []) : []
    const sources = current ? (sourcesOf.get(current.id) ?? []) : []
    if (targets.length > 1) {
      change.relation = 'split'
      change.also = targets.filter((row) => row !== current).map((row) => row.key)
    } else if (sources.length > 1) {
      change.relation = 'merge'
      change.also = sources.filter((row) => row !== old).map((row) => row.key)
    }
    changes.push(change)
    rowOf.set(change, (current ?? old)!.id)
  }
  // Each change's key made once (not per comparison), compared as localeCompare does.
  const keys = new Map(changes.map((change) => [change, sortKeyOfChange(change)]))
  const compare = new Intl.Collator().compare
  changes.sort((x, y) => compare(keys.get(x)!, keys.get(y)!))
  const offset = options.offset ?? 0
  const kept = options.limit === undefined ? changes : changes.slice(offset, offset + options.limit)
  if (options.countsOnly !== true) {
    for (const change of kept) addWordChanges(change)
    // Each change's stable id (its lineage, as the newer side has it), read in one statement.
    const ids = listLineageIdsOf(
      db,
      kept.map((change) => rowOf.get(change)!)
    )
    for (const change of kept) {
      const id = ids.get(rowOf.get(change)!)
      if (id !== undefined) change.id = id
    }
  }

  const count = (kind: RuleChange['kind']): number => changes.filter((change) => change.kind === kind).length
  return {
    from,
    to,
    ...(section === undefined ? {} : { section }),
    ...(sectionNumbering.length > 0 ? { sectionNumbering } : {}),
    summary: {
      added: count('added'),
      removed: count('removed'),
      changed: count('changed'),
      moved: count('moved'),
      movedChanged: count('moved-changed'),
      referencesOnly: changes.filter((change) => change.referencesOnly).length,
      examplesOnly: changes.filter((change) => change.examplesOnly).length,
      typographyOnly: changes.filter((change) => change.typographyOnly).length,
      split: changes.filter((change) => change.relation === 'split').length,
      merge: changes.filter((change) => change.relation === 'merge').length,
      unchanged
    },
    changes: kept,
    ...(options.limit === undefined ? {} : { total: changes.length }),
    ...(options.kind === 'rule' || section !== undefined ? {} : { terms: diffTerms(db, from, to, { countsOnly: options.countsOnly === true }) })
  }
}

/** One line that sums a diff up: `2009-05-01 -> 2009-07-11: 310 added, ...`. */
export function summarizeDiff(diff: EditionDiff): string {
  const s = diff.summary
  return (
    `${diff.from} -> ${diff.to}${diff.section ? ` (section ${diff.section})` : ''}: ` +
    `${s.added} added, ${s.removed} removed, ${s.changed} changed, ${s.moved} moved, ${s.movedChanged} moved and changed` +
    `${s.split || s.merge ? `, ${s.split} parts of splits, ${s.merge} parts of merges` : ''}` +
    ` (${s.referencesOnly} only in cross-references, ${s.examplesOnly} only in examples, ${s.typographyOnly} only in typography); ${s.unchanged} unchanged`
  )
}

function describeChange(contents: Map<number, ContentRow>, old: Row | undefined, current: Row | undefined, countsOnly = false): RuleChange {
  const from = old ? side(contents, old) : undefined
  const to = current ? side(contents, current) : undefined
  const kind: RuleChange['kind'] = !from
    ? 'added'
    : !to
      ? 'removed'
      : from.number === to.number
        ? 'changed'
        : old!.contentId === current!.contentId
          ? 'moved'
          : 'moved-changed'
  if (!from || !to) return { kind, from, to, referencesOnly: false, examplesOnly: false, typographyOnly: false, textChanges: [], exampleChanges: [] }
  const sameText = from.text === to.text
  // Source damage arriving or leaving (`?` printed for quotes and dashes) is typography too, and says so.
  const damaged = (a: string, b: string): boolean => differsOnlyByDamage(a, b) || differsOnlyByDamage(b, a)
  const alike = (a: string, b: string): boolean => a === b || differsOnlyInTypography(a, b) || damaged(a, b)
  const typographyOnly =
    alike(from.text, to.text) &&
    from.examples.length === to.examples.length &&
    from.examples.every((example, index) => alike(example, to.examples[index])) &&
    !(sameText && from.examples.every((example, index) => example === to.examples[index]))
  const sourceDamage = typographyOnly && (damaged(from.text, to.text) || from.examples.some((example, index) => damaged(example, to.examples[index])))
  return {
    kind,
    from,
    to,
    referencesOnly: differsOnlyInReferences(from.text, to.text),
    typographyOnly,
    ...(sourceDamage ? { sourceDamage: true as const } : {}),
    examplesOnly: sameText && kind !== 'moved',
    textChanges: sameText || countsOnly ? [] : diffWords(from.text, to.text),
    exampleChanges: countsOnly ? [] : diffExamples(from.examples, to.examples)
  }
}

/**
 * Give a change of a diff made with `countsOnly` its word-level changes (`textChanges`,
 * `exampleChanges`), as a full diff has them: a page of a large diff makes them for its own changes only.
 */
export function addWordChanges(change: RuleChange): RuleChange {
  const { from, to } = change
  if (!from || !to) return change
  change.textChanges = from.text === to.text ? [] : diffWords(from.text, to.text)
  change.exampleChanges = diffExamples(from.examples, to.examples)
  return change
}

/**
 * The lineage links between two editions, by the version they leave from
 * (`forward`) or arrive at (backward, for a diff from a newer to an older edition).
 */
function linkSteps(
  db: Crdb,
  older: string,
  newer: string,
  forward: boolean
): { steps: Map<number, LinkStep[]>; keyOf: (id: number) => { key: string; firstDate: string } } {
  const steps = new Map<number, LinkStep[]>()
  // Numbers and dates of the versions the links touch, for the evidence.
  const labels = new Map<number, { key: string; firstDate: string }>()
  for (const row of listLinksBetween(db, older, newer)) {
    push(steps, forward ? row.from : row.to, { to: forward ? row.to : row.from, kind: row.kind, score: row.score, reason: row.reason, basis: row.basis })
    labels.set(row.from, { key: row.fromKey, firstDate: row.fromDate })
    labels.set(row.to, { key: row.toKey, firstDate: row.toDate })
  }
  return { steps, keyOf: (id) => labels.get(id)! }
}

/** The versions of the other side that `start` leads to, each with the links on the way. */
function reach(
  start: number,
  steps: Map<number, LinkStep[]>,
  targets: Map<number, Row>,
  keyOf: (id: number) => { key: string; firstDate: string }
): Array<{ row: Row; evidence: DiffEvidence[] }> {
  const found: Array<{ row: Row; evidence: DiffEvidence[] }> = []
  const seen = new Set<number>([start])
  const walk = (id: number, path: DiffEvidence[]): void => {
    for (const step of steps.get(id) ?? []) {
      if (seen.has(step.to)) continue
      seen.add(step.to)
      const [a, b] = [keyOf(id), keyOf(step.to)]
      const later = a.firstDate > b.firstDate ? a : b
      const evidence = [
        ...path,
        { from: a.key, to: b.key, edition: later.firstDate, kind: step.kind, score: step.score, reason: step.reason, basis: step.basis }
      ]
      const row = targets.get(step.to)
      if (row) found.push({ row, evidence })
      else walk(step.to, evidence)
    }
  }
  walk(start, [])
  return found
}

/** The texts rows read with their versions carry, by content. */
function textsOf(rows: DiffTextRow[]): Map<number, ContentRow> {
  return new Map(rows.map((row) => [row.contentId, row.content]))
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

function diffExamples(before: string[], after: string[]): ExampleChange[] {
  const changes: ExampleChange[] = []
  const length = Math.max(before.length, after.length)
  for (let ordinal = 0; ordinal < length; ordinal++) {
    const old = before[ordinal]
    const current = after[ordinal]
    if (old === current) continue
    if (old === undefined) changes.push({ ordinal, kind: 'added', changes: [{ kind: 'added', text: current! }] })
    else if (current === undefined) changes.push({ ordinal, kind: 'removed', changes: [{ kind: 'removed', text: old }] })
    else changes.push({ ordinal, kind: 'changed', changes: diffWords(old, current) })
  }
  return changes
}

function side(contents: Map<number, ContentRow>, row: Row): DiffSide {
  const content = contents.get(row.contentId)!
  return { number: row.key, text: content.text, examples: content.examples, validFrom: row.firstDate }
}

function sortKeyOfChange(change: RuleChange): string {
  return (change.to ?? change.from)!.number.replace(/\d+/g, (digits) => digits.padStart(4, '0'))
}

/** Whether `key` lies in the section, rule or subrule `section` (`7`, `704`, `704.5`). */
export function inSection(key: string, section: string): boolean {
  if (key === section) return true
  if (/^\d$/.test(section)) return /^\d{3}/.test(key) && key[0] === section
  if (/^\d{3}$/.test(section)) return key.startsWith(section + '.')
  if (/^\d{3}\.\d+$/.test(section)) return key.startsWith(section) && /^[a-z]$/.test(key.slice(section.length))
  return false
}
