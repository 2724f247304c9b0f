/**
 * What changed between any two editions: added, removed, changed, moved
 * (renumbered) and moved-and-changed rules, paired through their lineage, with
 * word-level changes in rule text and examples.
 */
import type { CrdbDatabase } from '../store/database.js'
import { parseRuleNumber } from '../vocabulary/rule-number.js'
import { resolveEdition } from './editions.js'
import type { EditionSelector } from '../vocabulary/selector.js'
import { prepared } from '../store/statements.js'
import { diffWords, differsOnlyInReferences, differsOnlyInTypography, type WordChange } from './word-diff.js'

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

/** One rule that differs between the two editions. */
export interface RuleChange {
  kind: 'added' | 'removed' | 'changed' | 'moved' | 'moved-changed'
  from?: DiffSide
  to?: DiffSide
  /** The text changed only in the numbers of its cross-references. */
  referencesOnly: boolean
  /** The text changed only in typography (straight or curly quotes, dashes), examples included. */
  typographyOnly: boolean
  /** The text is the same; only examples changed. */
  examplesOnly: boolean
  /** Word-level changes of the text (changed and moved-changed rules). */
  textChanges: WordChange[]
  exampleChanges: ExampleChange[]
}

/** The difference between two editions. */
export interface EditionDiff {
  from: string
  to: string
  section?: string
  summary: {
    added: number
    removed: number
    changed: number
    moved: number
    movedChanged: number
    referencesOnly: number
    examplesOnly: number
    typographyOnly: number
    unchanged: number
  }
  changes: RuleChange[]
}

/** Options for {@link diffEditions}. */
export interface DiffOptions {
  /** Only rules of this section, rule or subrule (`7`, `704`, `704.5`). */
  section?: string
  /** Leave out the word-level changes (`textChanges`, `exampleChanges` empty): for counts only, much faster. */
  countsOnly?: boolean
}

interface Row {
  id: number
  key: string
  sortKey: string
  contentId: number
  lineageId: number | null
  firstDate: string
  text: string
}

/**
 * Diff the editions that answer `a` and `b` (dates, editions or eras).
 *
 * @throws {CrdbError} `E_BAD_DATE`, `E_NOT_FOUND`, `E_BAD_NUMBER` (for a bad section).
 */
export function diffEditions(db: CrdbDatabase, a: EditionSelector, b: EditionSelector, options: DiffOptions = {}): EditionDiff {
  const from = resolveEdition(db, a)
  const to = resolveEdition(db, b)
  const section = options.section === undefined ? undefined : parseRuleNumber(options.section)
  // Pair whole editions, then keep the changes with a side in the section, so that a
  // rule moved into (or out of) the section is a move, not an addition.
  const inScope = (number: string | undefined): boolean => section === undefined || (number !== undefined && inSection(number, section))
  const before = rulesAt(db, from)
  const after = rulesAt(db, to)

  const afterIds = new Set(after.map((row) => row.id))
  const beforeIds = new Set(before.map((row) => row.id))
  let unchanged = 0
  const leftovers = { before: [] as Row[], after: [] as Row[] }
  for (const row of before) {
    if (!afterIds.has(row.id)) leftovers.before.push(row)
    else if (inScope(row.key)) unchanged++
  }
  for (const row of after) if (!beforeIds.has(row.id)) leftovers.after.push(row)

  // Pair what is left: the same lineage first (same number preferred), then the same number.
  const pairs: Array<[Row | undefined, Row | undefined]> = []
  const byLineage = new Map<number, Row[]>()
  for (const row of leftovers.after) {
    if (row.lineageId === null) continue
    let list = byLineage.get(row.lineageId)
    if (!list) byLineage.set(row.lineageId, (list = []))
    list.push(row)
  }
  const pairedAfter = new Set<number>()
  const unpairedBefore: Row[] = []
  for (const row of leftovers.before) {
    const candidates = (row.lineageId === null ? [] : byLineage.get(row.lineageId) ?? []).filter((c) => !pairedAfter.has(c.id))
    const match = candidates.find((c) => c.key === row.key) ?? candidates[0]
    if (match) {
      pairedAfter.add(match.id)
      pairs.push([row, match])
    } else {
      unpairedBefore.push(row)
    }
  }
  const afterByKey = new Map(leftovers.after.filter((row) => !pairedAfter.has(row.id)).map((row) => [row.key, row]))
  for (const row of unpairedBefore) {
    const match = afterByKey.get(row.key)
    if (match) {
      afterByKey.delete(row.key)
      pairedAfter.add(match.id)
      pairs.push([row, match])
    } else {
      pairs.push([row, undefined])
    }
  }
  for (const row of leftovers.after) if (!pairedAfter.has(row.id)) pairs.push([undefined, row])

  const changes: RuleChange[] = []
  for (const [old, current] of pairs) {
    if (!inScope(old?.key) && !inScope(current?.key)) continue
    if (old && current && old.key === current.key && old.contentId === current.contentId) {
      unchanged++ // The same text left and came back as another version.
      continue
    }
    changes.push(describeChange(db, old, current, options.countsOnly === true))
  }
  changes.sort((x, y) => sortKeyOfChange(x).localeCompare(sortKeyOfChange(y)))

  const count = (kind: RuleChange['kind']): number => changes.filter((change) => change.kind === kind).length
  return {
    from,
    to,
    ...(section === undefined ? {} : { section }),
    summary: {
      added: count('added'),
      removed: count('removed'),
      changed: count('changed'),
      moved: count('moved'),
      movedChanged: count('moved-changed'),
      referencesOnly: changes.filter((change) => change.referencesOnly).length,
      examplesOnly: changes.filter((change) => change.examplesOnly).length,
      typographyOnly: changes.filter((change) => change.typographyOnly).length,
      unchanged
    },
    changes
  }
}

/** One line that sums a diff up: `2009-05-01 -> 2009-07-11: 310 added, ...`. */
export function summarizeDiff(diff: EditionDiff): string {
  const s = diff.summary
  return (
    `${diff.from} -> ${diff.to}${diff.section ? ` (section ${diff.section})` : ''}: ` +
    `${s.added} added, ${s.removed} removed, ${s.changed} changed, ${s.moved} moved, ${s.movedChanged} moved and changed` +
    ` (${s.referencesOnly} only in cross-references, ${s.examplesOnly} only in examples, ${s.typographyOnly} only in typography); ${s.unchanged} unchanged`
  )
}

function describeChange(db: CrdbDatabase, old: Row | undefined, current: Row | undefined, countsOnly = false): RuleChange {
  const from = old ? side(db, old) : undefined
  const to = current ? side(db, current) : undefined
  const kind: RuleChange['kind'] = !from ? 'added' : !to ? 'removed' : from.number === to.number ? 'changed' : old!.contentId === current!.contentId ? 'moved' : 'moved-changed'
  if (!from || !to) return { kind, from, to, referencesOnly: false, examplesOnly: false, typographyOnly: false, textChanges: [], exampleChanges: [] }
  const sameText = from.text === to.text
  const typographyOnly =
    (sameText || differsOnlyInTypography(from.text, to.text)) &&
    from.examples.length === to.examples.length &&
    from.examples.every((example, index) => example === to.examples[index] || differsOnlyInTypography(example, to.examples[index])) &&
    !(sameText && from.examples.every((example, index) => example === to.examples[index]))
  return {
    kind,
    from,
    to,
    referencesOnly: differsOnlyInReferences(from.text, to.text),
    typographyOnly,
    examplesOnly: sameText && kind !== 'moved',
    textChanges: sameText || countsOnly ? [] : diffWords(from.text, to.text),
    exampleChanges: countsOnly ? [] : diffExamples(from.examples, to.examples)
  }
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

function side(db: CrdbDatabase, row: Row): DiffSide {
  const examples = prepared(db, 'SELECT text FROM examples WHERE content_id = ? ORDER BY ordinal').pluck().all(row.contentId) as string[]
  return { number: row.key, text: row.text, examples, validFrom: row.firstDate }
}

function sortKeyOfChange(change: RuleChange): string {
  return (change.to ?? change.from)!.number.replace(/\d+/g, (digits) => digits.padStart(4, '0'))
}

/** The rule versions in force in the edition dated `edition`. */
export function rulesAt(db: CrdbDatabase, edition: string): Row[] {
  return prepared(
    db,
    `SELECT v.id, v.key, v.sort_key AS sortKey, v.content_id AS contentId, v.lineage_id AS lineageId, v.first_date AS firstDate, c.text
     FROM versions v JOIN contents c ON c.id = v.content_id
     WHERE v.kind = 'rule' AND v.first_date <= @edition AND v.last_date >= @edition
     ORDER BY v.sort_key`
  ).all({ edition }) as Row[]
}

/** Whether `key` lies in the section, rule or subrule `section` (`7`, `704`, `704.5`). */
export function inSection(key: string, section: string): boolean {
  if (key === section) return true
  if (/^\d$/.test(section)) return /^\d{3}/.test(key) && key[0] === section
  if (/^\d{3}$/.test(section)) return key.startsWith(section + '.')
  if (/^\d{3}\.\d+$/.test(section)) return key.startsWith(section) && /^[a-z]$/.test(key.slice(section.length))
  return false
}
