/**
 * What changed in the glossary between two editions: added, removed, changed
 * and renamed terms. A term missing only because an edition's glossary is cut
 * short (a truncated file, such as 2013-02-01) is reported as such, not as
 * removed or added.
 */
import type { Crdb } from '../store/database.js'
import { countVersionsStaying, findLastTermSortKey, isEditionTruncated, listVersionsOnlyIn, type DiffTermRow } from '../store/diff.js'
import { diffWords, differsOnlyInTypography, type WordChange } from './word-diff.js'
import { differsOnlyByDamage } from './source-damage.js'
import { readInLaterVocabulary, readProjectRewrites } from '../vocabulary/rewrite-vocabulary.js'

/** One glossary term that differs between two editions. */
export interface TermChange {
  /**
   * `truncated`: the term is missing from one side only because that edition's
   * glossary is cut short (it stands in the other, and after the last term the cut edition has).
   */
  kind: 'added' | 'removed' | 'changed' | 'renamed' | 'truncated'
  /** The term as printed on each side. */
  from?: { term: string; key: string; definition: string; validFrom: string }
  to?: { term: string; key: string; definition: string; validFrom: string }
  /** The definition changed only in typography. */
  typographyOnly: boolean
  /** Word-level changes of the definition (changed and renamed terms). */
  textChanges: WordChange[]
  /** For `truncated`: the edition whose glossary is cut short. */
  truncatedEdition?: string
}

/** The glossary part of a diff. */
export interface TermDiff {
  summary: { added: number; removed: number; changed: number; renamed: number; truncated: number; unchanged: number }
  changes: TermChange[]
}

type TermRow = DiffTermRow

/** How similar two definitions must be (word overlap) for a removed and an added term to be one term renamed. */
const renameThreshold = 0.5

/** Diff the glossaries of the editions dated `from` and `to` (resolved edition dates); `countsOnly` leaves out word-level changes. */
export function diffTerms(db: Crdb, from: string, to: string, options: { countsOnly?: boolean } = {}): TermDiff {
  const changed = (kind: 'changed' | 'renamed', old: TermRow, current: TermRow): TermChange =>
    describeTermChange(kind, old, current, options.countsOnly === true)
  // Only what differs is read: the versions in force in one edition and not the other (a term in
  // force in both under the same version is unchanged, and only counted).
  const [earlier, later] = from <= to ? [from, to] : [to, from]
  const leaving = listVersionsOnlyIn(db, 'term', earlier, later)
  const arriving = listVersionsOnlyIn(db, 'term', later, earlier)
  const [before, after] = from <= to ? [leaving, arriving] : [arriving, leaving]
  const afterByKey = new Map(after.map((row) => [row.key, row]))
  const beforeByKey = new Map(before.map((row) => [row.key, row]))
  const cut = { from: truncationPoint(db, from), to: truncationPoint(db, to) }
  const changes: TermChange[] = []
  let unchanged = countVersionsStaying(db, 'term', earlier, later)
  const removed: TermRow[] = []
  for (const row of before) {
    const other = afterByKey.get(row.key)
    if (!other) {
      if (cut.to !== undefined && row.sortKey > cut.to) changes.push(truncated(row, undefined, to))
      else removed.push(row)
    } else if (other.contentId === row.contentId) unchanged++
    else changes.push(changed('changed', row, other))
  }
  const added: TermRow[] = []
  for (const row of after) {
    if (beforeByKey.has(row.key)) continue
    if (cut.from !== undefined && row.sortKey > cut.from) changes.push(truncated(undefined, row, from))
    else added.push(row)
  }
  // A removed term whose definition reappears under a new name was renamed.
  const candidates: Array<{ old: TermRow; current: TermRow; value: number }> = []
  const words = new Map<number, Set<string>>()
  const wordsOf = (row: TermRow): Set<string> => {
    let set = words.get(row.id)
    if (!set) words.set(row.id, (set = new Set(row.text.toLowerCase().match(/[a-z0-9]+/g) ?? [])))
    return set
  }
  // The words each added term shares with a removed one, counted through the terms that have each word.
  const addedWithWord = new Map<string, number[]>()
  for (const [index, current] of added.entries())
    for (const word of wordsOf(current)) {
      const list = addedWithWord.get(word)
      if (list) list.push(index)
      else addedWithWord.set(word, [index])
    }
  const shared = new Array<number>(added.length)
  for (const old of removed) {
    shared.fill(0)
    const oldWords = wordsOf(old)
    for (const word of oldWords) for (const index of addedWithWord.get(word) ?? []) shared[index]++
    for (const [index, current] of added.entries()) {
      const value = overlap(oldWords.size, wordsOf(current).size, shared[index])
      if (value >= renameThreshold) candidates.push({ old, current, value })
    }
  }
  // A removed term whose name the great rewrites between the two editions renamed into an added term's (State-Based
  // Effects, State-Based Actions in 2009-07-11): renamed, first of all, whatever its definition says now.
  const rewrites = readProjectRewrites().filter((rewrite) => rewrite.edition > earlier && rewrite.edition <= later)
  if (rewrites.length > 0 && removed.length > 0 && added.length > 0) {
    const [olderRows, newerRows] = from <= to ? [removed, added] : [added, removed]
    const newerByName = new Map(newerRows.map((row) => [readInLaterVocabulary(rewrites, row.key, later, later), row]))
    for (const row of olderRows) {
      const other = newerByName.get(readInLaterVocabulary(rewrites, row.key, earlier, later))
      if (other) candidates.push(from <= to ? { old: row, current: other, value: 2 } : { old: other, current: row, value: 2 })
    }
  }
  candidates.sort((a, b) => b.value - a.value)
  const renamedOld = new Set<number>()
  const renamedNew = new Set<number>()
  for (const { old, current } of candidates) {
    if (renamedOld.has(old.id) || renamedNew.has(current.id)) continue
    renamedOld.add(old.id)
    renamedNew.add(current.id)
    changes.push(changed('renamed', old, current))
  }
  for (const row of removed) if (!renamedOld.has(row.id)) changes.push({ kind: 'removed', from: side(row), typographyOnly: false, textChanges: [] })
  for (const row of added) if (!renamedNew.has(row.id)) changes.push({ kind: 'added', to: side(row), typographyOnly: false, textChanges: [] })
  changes.sort((a, b) => (a.to ?? a.from)!.key.localeCompare((b.to ?? b.from)!.key))
  const count = (kind: TermChange['kind']): number => changes.filter((change) => change.kind === kind).length
  return {
    summary: {
      added: count('added'),
      removed: count('removed'),
      changed: count('changed'),
      renamed: count('renamed'),
      truncated: count('truncated'),
      unchanged
    },
    changes
  }
}

/** One line that sums a glossary diff up. */
export function summarizeTermDiff(diff: TermDiff): string {
  const s = diff.summary
  return (
    `glossary: ${s.added} added, ${s.removed} removed, ${s.changed} changed, ${s.renamed} renamed` +
    `${s.truncated ? `, ${s.truncated} missing only from a truncated edition` : ''}; ${s.unchanged} unchanged`
  )
}

/**
 * For an edition whose file is truncated, the sort key of the last glossary term
 * it has: terms after it are missing because the file is cut short. `undefined`
 * for a complete edition.
 */
export function truncationPoint(db: Crdb, edition: string): string | undefined {
  if (!isEditionTruncated(db, edition)) return undefined
  return findLastTermSortKey(db, edition)
}

function side(row: TermRow): NonNullable<TermChange['from']> {
  return { term: row.label, key: row.key, definition: row.text, validFrom: row.firstDate }
}

function describeTermChange(kind: 'changed' | 'renamed', old: TermRow, current: TermRow, countsOnly: boolean): TermChange {
  const same = old.text === current.text || countsOnly
  return {
    kind,
    from: side(old),
    to: side(current),
    // Source damage (`?` printed for quotes and dashes) arriving or leaving is typography too.
    typographyOnly:
      differsOnlyInTypography(old.text, current.text) || differsOnlyByDamage(old.text, current.text) || differsOnlyByDamage(current.text, old.text),
    textChanges: same ? [] : diffWords(old.text, current.text)
  }
}

function truncated(old: TermRow | undefined, current: TermRow | undefined, edition: string): TermChange {
  return {
    kind: 'truncated',
    ...(old ? { from: side(old) } : {}),
    ...(current ? { to: side(current) } : {}),
    typographyOnly: false,
    textChanges: [],
    truncatedEdition: edition
  }
}

/** Word overlap (Jaccard) of two definitions' word sets, of `x` and `y` words with `shared` in common. */
function overlap(x: number, y: number, shared: number): number {
  return x + y - shared === 0 ? 1 : shared / (x + y - shared)
}
