/**
 * Matching the rules of one edition to those of the next: which rule each
 * rule became. The evidence, strongest first:
 *
 *  1. the same text (after folding typography, masking cross-reference numbers
 *     and reading the older text through the rewrite's vocabulary), when only
 *     one rule on each side has it, or when their parents went to the same place;
 *  2. similar words (weighted by rarity), helped by structure: the rule's
 *     parent went to the new rule's parent, its siblings went to the new rule's
 *     siblings;
 *  3. placement: a rule whose children moved together follows them; a reworded
 *     rule is placed where its neighbours went;
 *  4. splits and merges: a new rule whose words are contained in an old rule
 *     next to where that rule went (and the reverse).
 *
 * The same number with little in common is no evidence: it is removed plus added.
 */
import { sharedWeight, type WeightedWords } from './text.js'

/** A rule version on one side of a pair of editions. */
export interface MatchRow {
  id: number
  key: string
  contentId: number
  /** The comparable text (see `normalizeText`). */
  normalized: string
  words: WeightedWords
}

import type { LinkKind } from '../../src/vocabulary/kinds.js'

/** One link found, with why. */
export interface MatchLink {
  from: number
  to: number
  kind: LinkKind
  /** Weighted word similarity of the two texts (0..1). */
  similarity: number
  /** Confidence (0..1): the similarity with the structural evidence added. */
  score: number
  /** Why the two were linked, in words. */
  reason: string
}

/** What the matcher knows of the two editions besides the versions that changed. */
export interface MatchContext {
  /** The rule numbers directly under `parent` in the older edition, in document order. */
  oldChildren: (parent: string) => string[]
  /** The same in the newer edition. */
  newChildren: (parent: string) => string[]
  /** Whether the version of `key` continues unchanged from one edition to the next. */
  continues: (key: string) => boolean
  /** Human corrections for this edition. */
  overrides: Array<{ from: string; to: string } | { number: string; newLineage: true }>
}

const acceptAlone = 0.5
const acceptWithParent = 0.3
const acceptWithFamily = 0.2
const placeThreshold = 0.25
const containThreshold = 0.6
const mergeThreshold = 0.8
const sameNumberAlone = 0.85
const noKeys: string[] = []

/** The number a rule hangs under: 704.5k -> 704.5 -> 704 -> 7. */
export function parentOf(key: string): string | null {
  let match = /^(\d{3}\.\d+)[a-z]$/.exec(key)
  if (match) return match[1]
  match = /^(\d{3})\.\d+$/.exec(key)
  if (match) return match[1]
  if (/^\d{3}$/.test(key)) return key[0]
  return null
}

const titles = new WeakMap<MatchRow, boolean>()

/** A title: a section or rule heading ("702.7 First Strike"), no sentence. */
function isTitle(row: MatchRow): boolean {
  let title = titles.get(row)
  if (title === undefined) titles.set(row, (title = !/[.:]$/.test(row.normalized) && row.normalized.length < 60 && row.normalized.split(' ').length <= 6))
  return title
}

/** Match the versions that stop after one edition to those that start in the next. */
export function matchRules(ended: MatchRow[], started: MatchRow[], context: MatchContext): MatchLink[] {
  const links: MatchLink[] = []
  const linked = new Map<string, string[]>() // old number -> new numbers it was linked to
  const outgoing = new Map<number, MatchLink[]>()
  const incoming = new Map<number, MatchLink[]>()
  const blocked = new Set<number>() // new versions that start a lineage of their own
  const endedByKey = new Map(ended.map((row) => [row.key, row]))
  const startedByKey = new Map(started.map((row) => [row.key, row]))
  const rowsById = new Map<number, MatchRow>()
  for (const row of ended) rowsById.set(row.id, row)
  for (const row of started) rowsById.set(row.id, row)
  const continuing = [context.continues]
  /** Where an old number went: itself when its version continues, else its links. */
  const forwardOf = (key: string): string[] => linked.get(key) ?? (continuing[0](key) ? [key] : noKeys)
  const oldSiblings = (key: string): string[] => context.oldChildren(parentOf(key) ?? '')

  const take = (from: MatchRow, to: MatchRow, similarity: number, score: number, reason: string, kind?: LinkKind): void => {
    const link: MatchLink = { from: from.id, to: to.id, kind: kind ?? 'changed', similarity: round(similarity), score: round(Math.min(1, score)), reason }
    links.push(link)
    push(outgoing, from.id, link)
    push(incoming, to.id, link)
    push(linked, from.key, to.key)
  }
  const freeFrom = (row: MatchRow): boolean => !outgoing.has(row.id)
  const freeTo = (row: MatchRow): boolean => !incoming.has(row.id) && !blocked.has(row.id)

  /** The old rule's parent went to the new rule's parent. */
  const parentAgrees = (from: MatchRow, to: MatchRow): boolean => {
    const parent = parentOf(from.key)
    const target = parentOf(to.key)
    if (parent === null || target === null) return false
    return forwardOf(parent).includes(target)
  }
  /** The parents under which the old rule's siblings now stand. */
  const siblingParents = (from: MatchRow): Set<string> => {
    const parents = new Set<string>()
    for (const sibling of oldSiblings(from.key)) {
      if (sibling === from.key) continue
      for (const went of forwardOf(sibling)) {
        const parent = parentOf(went)
        if (parent !== null) parents.add(parent)
      }
    }
    return parents
  }
  /** The numbers the old rule's siblings became: a new rule under one of them was adopted with them. */
  const siblingTargets = (from: MatchRow): Set<string> => {
    const targets = new Set<string>()
    for (const sibling of oldSiblings(from.key)) if (sibling !== from.key) for (const went of forwardOf(sibling)) targets.add(went)
    return targets
  }

  // 0. Human corrections. A rule the override file continues gets no other link: the file says all there is.
  const overridden = new Set<number>()
  for (const override of context.overrides) {
    if ('newLineage' in override) {
      const to = startedByKey.get(override.number)
      if (to) blocked.add(to.id)
      continue
    }
    const from = endedByKey.get(override.from)
    const to = startedByKey.get(override.to)
    if (from && to && freeTo(to)) {
      take(from, to, similarity(from.words, to.words), 1, 'override file', 'override')
      overridden.add(from.id)
    }
  }

  // 1. The same comparable text: unique on both sides, or under parents that went to the same place.
  const byText = new Map<string, { ended: MatchRow[]; started: MatchRow[] }>()
  const group = (text: string) => {
    let entry = byText.get(text)
    if (!entry) byText.set(text, (entry = { ended: [], started: [] }))
    return entry
  }
  for (const row of ended) group(row.normalized).ended.push(row)
  for (const row of started) group(row.normalized).started.push(row)
  let pending = [...byText.values()].filter((entry) => entry.ended.length > 0 && entry.started.length > 0)
  for (let round = 0; round < 3 && pending.length > 0; round++) {
    for (const entry of pending) {
      const from = entry.ended.filter(freeFrom)
      const to = entry.started.filter(freeTo)
      if (from.length === 0 || to.length === 0) continue
      if (from.length === 1 && to.length === 1 && (!isTitle(from[0]) || (entry.ended.length === 1 && entry.started.length === 1))) {
        take(from[0], to[0], 1, 1, 'same text')
        continue
      }
      for (const old of from) {
        const fits = to.filter((row) => freeTo(row) && (row.key === old.key || parentAgrees(old, row)))
        if (fits.length === 1) take(old, fits[0], 1, 1, 'same text, parents moved together')
      }
    }
    pending = pending.filter((entry) => entry.ended.some(freeFrom) && entry.started.some(freeTo))
  }

  // 2. Similar words, with structure as evidence. First the common case of an ordinary edition: the same
  // number, nearly the same words, under a parent that stayed. Then a search through the rest, twice, so that
  // the second round sees the parents the first placed.
  for (const from of ended) {
    const to = startedByKey.get(from.key)
    if (!to || !freeFrom(from) || !freeTo(to) || isTitle(from) || !parentAgrees(from, to)) continue
    const value = similarity(from.words, to.words)
    if (value >= sameNumberAlone) take(from, to, value, value + 0.3, `same number, similar words (${Math.round(value * 100)}%), parent stayed`)
  }
  const open = started.filter(freeTo)
  const postings = indexWords(open)
  // Candidates share a word that is not everywhere; common words count in the similarity, not in the search.
  const common = Math.max(50, open.length / 8)
  const candidates: Array<{ from: MatchRow; to: MatchRow; similarity: number }> = []
  const shared = new Float64Array(open.length)
  for (const from of ended) {
    if (!freeFrom(from)) continue
    const touched: number[] = []
    let commonWeight = 0
    for (let index = 0; index < from.words.ids.length; index++) {
      const weight = from.words.weights[index]
      const list = postings.get(from.words.ids[index])
      if (!list) continue
      if (list.length > common) {
        commonWeight += weight
        continue
      }
      for (const position of list) {
        if (shared[position] === 0) touched.push(position)
        shared[position] += weight
      }
    }
    // Exact similarity, best upper bound first, only while a candidate could still make the few best.
    const bounded: Array<{ to: MatchRow; bound: number; exact?: number }> = []
    for (const position of touched) {
      const to = open[position]
      const sharedWeight = shared[position]
      shared[position] = 0
      const most = Math.min(sharedWeight + commonWeight, from.words.total, to.words.total)
      const bound = most / (from.words.total + to.words.total - most)
      if (bound < acceptWithFamily) continue
      // With no common word skipped, the shared weight is exact.
      bounded.push(commonWeight === 0 ? { to, bound, exact: sharedWeight / (from.words.total + to.words.total - sharedWeight) } : { to, bound })
    }
    bounded.sort((a, b) => b.bound - a.bound)
    const mine: Array<{ from: MatchRow; to: MatchRow; similarity: number }> = []
    let best = 0
    for (const { to, bound, exact } of bounded) {
      if (bound < best - 0.4 || (mine.length >= 12 && bound < mine[mine.length - 1].similarity)) break
      const value = exact ?? similarity(from.words, to.words)
      if (value < acceptWithFamily) continue
      best = Math.max(best, value)
      mine.push({ from, to, similarity: value })
      mine.sort((a, b) => b.similarity - a.similarity)
      if (mine.length > 12) mine.pop()
    }
    // The few best are enough: structure adds at most 0.4 to a score.
    for (const candidate of mine) if (candidate.similarity >= best - 0.4) candidates.push(candidate)
  }
  for (let round = 0; round < 2; round++) {
    const parentsOfSiblings = new Map<number, Set<string>>()
    const targetsOfSiblings = new Map<number, Set<string>>()
    const scored = candidates
      .filter((candidate) => freeFrom(candidate.from) && freeTo(candidate.to))
      .map((candidate) => {
        const parent = parentAgrees(candidate.from, candidate.to)
        let parents = parentsOfSiblings.get(candidate.from.id)
        if (!parents) parentsOfSiblings.set(candidate.from.id, (parents = siblingParents(candidate.from)))
        const target = parentOf(candidate.to.key)
        let targets = targetsOfSiblings.get(candidate.from.id)
        if (!targets) targetsOfSiblings.set(candidate.from.id, (targets = siblingTargets(candidate.from)))
        const isAdopted = target !== null && targets.has(target)
        const family = target !== null && (parents.has(target) || isAdopted)
        const kept =
          candidate.similarity >= 0.25 && Math.max(containment(candidate.from.words, candidate.to.words), containment(candidate.to.words, candidate.from.words)) >= 0.9
        const score = candidate.similarity + (parent ? 0.25 : 0) + (family ? 0.1 : 0) + (kept ? 0.2 : 0) + (candidate.from.key === candidate.to.key ? 0.05 : 0)
        return { ...candidate, parent, family, kept, adopted: isAdopted, score }
      })
      .sort((a, b) => b.score - a.score || a.from.id - b.from.id || a.to.id - b.to.id)
    for (const candidate of scored) {
      if (!freeFrom(candidate.from) || !freeTo(candidate.to)) continue
      const { similarity: value, parent, family } = candidate
      const titles = isTitle(candidate.from) || isTitle(candidate.to)
      // A rule trimmed or extended keeps nearly all the words of the shorter side.
      const kept = candidate.kept
      const accepted = titles
        ? value >= 0.99 && (parent || family)
        : value >= acceptAlone ||
          kept ||
          (parent && value >= acceptWithParent) ||
          (family && value >= acceptWithParent) ||
          (parent && family && value >= acceptWithFamily) ||
          (candidate.adopted && value >= acceptWithFamily)
      if (!accepted) continue
      const evidence = [parent ? 'parent moved with it' : '', family ? 'siblings moved with it' : '', kept && value < acceptAlone ? 'one text keeps the other' : '']
        .filter(Boolean)
        .join(', ')
      take(candidate.from, candidate.to, value, candidate.score, `similar words (${Math.round(value * 100)}%)${evidence ? `, ${evidence}` : ''}`)
    }
  }

  // 3. Placement: follow the children; take the place the neighbours left.
  for (let round = 0; round < 2; round++) {
    for (const from of ended) {
      if (!freeFrom(from)) continue
      const votes = new Map<string, number>()
      const children = context.oldChildren(from.key)
      for (const child of children) for (const went of forwardOf(child)) {
        const parent = parentOf(went)
        if (parent !== null) votes.set(parent, (votes.get(parent) ?? 0) + 1)
      }
      const [best, count] = [...votes].sort((a, b) => b[1] - a[1])[0] ?? []
      const target = best === undefined ? undefined : startedByKey.get(best)
      if (target && freeTo(target) && count! >= Math.max(2, children.length / 2)) {
        const value = similarity(from.words, target.words)
        const titles = isTitle(from) && isTitle(target)
        if (value >= placeThreshold && (!titles || value >= 0.5 || from.normalized === target.normalized)) {
          take(from, target, value, value + 0.3, `its children moved to ${best} (${count} of ${children.length})`)
          continue
        }
      }
      // Neighbours: where the next sibling went, this rule is the one before; where the previous went, the one after.
      const order = oldSiblings(from.key)
      const index = order.indexOf(from.key)
      for (const [neighbour, step] of [
        [order[index + 1], -1],
        [order[index - 1], 1]
      ] as const) {
        if (neighbour === undefined || !freeFrom(from)) continue
        for (const went of forwardOf(neighbour)) {
          const row = newSiblingAt(context.newChildren, went, step)
          const to = row === undefined ? undefined : startedByKey.get(row)
          if (!to || !freeTo(to)) continue
          const value = similarity(from.words, to.words)
          const titles = isTitle(from) || isTitle(to)
          if (titles ? from.normalized === to.normalized : value >= placeThreshold) {
            take(from, to, value, value + 0.25, `placed where its neighbour ${neighbour} went (${went})`)
            break
          }
        }
      }
    }
  }

  // 4. Splits: a new rule contained in an old rule that went to its parent or to a sibling.
  const linkedInto = new Map<string, MatchRow[]>() // new number -> old rows linked to it
  for (const link of links) push(linkedInto, rowsById.get(link.to)!.key, rowsById.get(link.from)!)
  for (const to of started) {
    if (!freeTo(to) || to.words.ids.length < 3) continue
    const parent = parentOf(to.key)
    if (parent === null) continue
    const sources = new Set<MatchRow>()
    for (const row of linkedInto.get(parent) ?? []) {
      sources.add(row)
      for (const child of context.oldChildren(row.key)) {
        const old = endedByKey.get(child)
        if (old) sources.add(old)
      }
    }
    for (const sibling of context.newChildren(parent)) for (const row of linkedInto.get(sibling) ?? []) sources.add(row)
    let best: { from: MatchRow; containment: number } | undefined
    for (const from of sources) {
      if (overridden.has(from.id)) continue
      const value = containment(to.words, from.words)
      if (value < containThreshold || (best && value <= best.containment)) continue
      // A split part says what the rule's main successor no longer says.
      // (It is no part when the main successor holds its words as well as the old rule does, unless it is nearly
      // the old rule itself, as when one rule became two similar ones.)
      const main = (outgoing.get(from.id) ?? []).map((link) => rowsById.get(link.to)!)
      const explained = main.some((row) => containment(to.words, row.words) > value - 0.1)
      if (explained && !(value >= 0.9 && similarity(to.words, from.words) >= 0.5)) continue
      best = { from, containment: value }
    }
    if (best) {
      const went = forwardOf(best.from.key)
      take(best.from, to, similarity(best.from.words, to.words), best.containment, `split: ${Math.round(best.containment * 100)}% of its words come from ${best.from.key}${went.length ? `, which went to ${went.join(', ')}` : ''}`)
    }
  }
  // Merges: an old rule contained in a new rule under the place its parent or siblings went.
  for (const from of ended) {
    if (!freeFrom(from) || from.words.ids.length < 3) continue
    const parents = siblingParents(from)
    const parent = parentOf(from.key)
    if (parent !== null) for (const went of forwardOf(parent)) parents.add(went)
    let best: { to: MatchRow; containment: number } | undefined
    for (const place of parents) {
      for (const key of context.newChildren(place)) {
        const to = startedByKey.get(key)
        if (!to || blocked.has(to.id)) continue
        const value = containment(from.words, to.words)
        if (value >= mergeThreshold && (!best || value > best.containment)) best = { to, containment: value }
      }
    }
    if (best) take(from, best.to, similarity(from.words, best.to.words), best.containment, `merge: ${Math.round(best.containment * 100)}% of its words are in ${best.to.key}`)
  }

  // Kinds, now that every link is known.
  for (const link of links) {
    if (link.kind === 'override') continue
    const from = rowsById.get(link.from)!
    const to = rowsById.get(link.to)!
    link.kind =
      outgoing.get(link.from)!.length > 1
        ? 'split'
        : incoming.get(link.to)!.length > 1
          ? 'merge'
          : from.key === to.key
            ? 'changed'
            : from.contentId === to.contentId
              ? 'moved'
              : 'moved-changed'
  }
  return links
}

/** The sibling `step` places after (or before) `key` in the newer edition. */
function newSiblingAt(children: (parent: string) => string[], key: string, step: number): string | undefined {
  const order = children(parentOf(key) ?? '')
  const index = order.indexOf(key)
  return index < 0 ? undefined : order[index + step]
}

/** Weighted Jaccard similarity of two word sets. */
export function similarity(a: WeightedWords, b: WeightedWords): number {
  if (a.total === 0 && b.total === 0) return 1
  const common = sharedWeight(a, b)
  return common / (a.total + b.total - common)
}

function indexWords(rows: MatchRow[]): Map<number, number[]> {
  const postings = new Map<number, number[]>()
  rows.forEach((row, position) => {
    for (const id of row.words.ids) push(postings, id, position)
  })
  return postings
}

/** The share (by weight) of `part`'s words that are in `whole`. */
function containment(part: WeightedWords, whole: WeightedWords): number {
  return part.total === 0 ? 0 : sharedWeight(part, whole) / part.total
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000
}
