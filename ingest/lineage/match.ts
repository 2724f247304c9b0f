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
 *  5. in a great rewrite, a dissolved section's rules: where another rule of the
 *     old edition that said the same thing went (the new edition says it once);
 *  6. last, a new rule with no predecessor, where the parent went, that holds most
 *     of a rule's words.
 *
 * The same number with little in common is no evidence: it is removed plus added.
 */
import { sharedWeight, type WeightedWords } from './text.js'

/** A rule version on one side of a pair of editions. */
export interface MatchRow {
  id: number
  /** Its place in a fixed order of the data (first edition, then document order): ties are broken by it, never by row ids. */
  order: number
  key: string
  contentId: number
  /** The comparable text (see `normalizeText`). */
  normalized: string
  words: WeightedWords
  /** The rule numbers its text refers to ("see rule 213"), read before references are masked. */
  refs?: string[]
}

import type { LinkBasis, LinkKind } from '../../src/vocabulary/kinds.js'
import type { LineageLinkRow } from '../../src/store/history.js'

/** One link found, with why. */
export type MatchLink = LineageLinkRow

/** What the matcher knows of the two editions besides the versions that changed. */
export interface MatchContext {
  /** The rule numbers directly under `parent` in the older edition, in document order. */
  oldChildren: (parent: string) => string[]
  /** The same in the newer edition. */
  newChildren: (parent: string) => string[]
  /** Whether the version of `key` continues unchanged from one edition to the next. */
  continues: (key: string) => boolean
  /** The words of the version of `key` that continues unchanged across the two editions, if one does. */
  continuingWords?: (key: string) => WeightedWords | undefined
  /** Whether the newer edition is a great rewrite (it has an entry in the vocabulary table): the text was rewritten whole. */
  rewritten?: boolean
  /** Human corrections for this edition. */
  overrides: Array<{ from: string; to: string } | { number: string; newLineage: true }>
}

const acceptAlone = 0.5
const acceptWithParent = 0.3
const acceptWithFamily = 0.2
const placeThreshold = 0.25
const containThreshold = 0.6
const listedThreshold = 0.5
const mergeThreshold = 0.8
const sameNumberAlone = 0.85
const sameNumberFloor = 0.1
const restructureThreshold = 0.75
const absorbThreshold = 0.6
const twinThreshold = 0.35
const underParentThreshold = 0.5
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

/** A candidate pair found by word search, with its weighted similarity. */
interface Candidate {
  from: MatchRow
  to: MatchRow
  similarity: number
  /** Whether one side keeps nearly all the other's words (computed once: the words do not change). */
  kept?: boolean
}

/** A candidate with the structural evidence for it and its score. */
interface ScoredCandidate extends Candidate {
  parent: boolean
  family: boolean
  kept: boolean
  adopted: boolean
  score: number
}

/** Match the versions that stop after one edition to those that start in the next. */
export function matchRules(ended: MatchRow[], started: MatchRow[], context: MatchContext): MatchLink[] {
  const matcher = new RuleMatcher(ended, started, context)
  matcher.applyOverrides()
  matcher.matchSameText()
  matcher.matchSimilarWords()
  matcher.matchPlacement()
  matcher.matchRestructures()
  matcher.matchSplits()
  matcher.matchMerges()
  matcher.matchAbsorbed()
  matcher.matchDissolved()
  matcher.matchUnderParent()
  return matcher.assignKinds()
}

/** The state of one matching: the links found so far and the indexes over both sides. */
class RuleMatcher {
  readonly links: MatchLink[] = []
  private readonly linked = new Map<string, string[]>() // old number -> new numbers it was linked to
  private readonly outgoing = new Map<number, MatchLink[]>()
  private readonly incoming = new Map<number, MatchLink[]>()
  private readonly blocked = new Set<number>() // new versions that start a lineage of their own
  private readonly overridden = new Set<number>()
  private readonly splitParts = new Set<MatchLink>() // links made as split parts: no old rule's main successor
  private readonly endedByKey: Map<string, MatchRow>
  private readonly endedByText = new Map<string, MatchRow[]>()
  private readonly startedByKey: Map<string, MatchRow>
  private readonly rowsById = new Map<number, MatchRow>()
  private readonly continuing: Array<(key: string) => boolean>

  constructor(
    private readonly ended: MatchRow[],
    private readonly started: MatchRow[],
    private readonly context: MatchContext
  ) {
    this.endedByKey = new Map(ended.map((row) => [row.key, row]))
    for (const row of ended) push(this.endedByText, row.normalized, row)
    this.startedByKey = new Map(started.map((row) => [row.key, row]))
    for (const row of ended) this.rowsById.set(row.id, row)
    for (const row of started) this.rowsById.set(row.id, row)
    this.continuing = [context.continues]
  }

  /** Where an old number went: itself when its version continues, else its links. */
  private forwardOf(key: string): string[] {
    return this.linked.get(key) ?? (this.continuing[0](key) ? [key] : noKeys)
  }

  /** The old rule's siblings (itself included), in document order. */
  private oldSiblings(key: string): string[] {
    return this.context.oldChildren(parentOf(key) ?? '')
  }

  /** Record a link from `from` to `to`. */
  private take(from: MatchRow, to: MatchRow, similarity: number, score: number, reason: string, basis: LinkBasis, kind?: LinkKind): void {
    const link: MatchLink = {
      from: from.id,
      to: to.id,
      kind: kind ?? 'changed',
      similarity: round(similarity),
      score: round(Math.min(1, score)),
      reason,
      basis
    }
    this.links.push(link)
    push(this.outgoing, from.id, link)
    push(this.incoming, to.id, link)
    push(this.linked, from.key, to.key)
  }

  /** The old rule has no link yet. */
  private readonly freeFrom = (row: MatchRow): boolean => !this.outgoing.has(row.id)

  /** The new rule has no link yet and may take one. */
  private readonly freeTo = (row: MatchRow): boolean => !this.incoming.has(row.id) && !this.blocked.has(row.id)

  /** The old rule's parent went to the new rule's parent. */
  private parentAgrees(from: MatchRow, to: MatchRow): boolean {
    const parent = parentOf(from.key)
    const target = parentOf(to.key)
    if (parent === null || target === null) return false
    return this.forwardOf(parent).includes(target)
  }

  /** The parents under which the old rule's siblings now stand. */
  private siblingParents(from: MatchRow): Set<string> {
    const parents = new Set<string>()
    for (const sibling of this.oldSiblings(from.key)) {
      if (sibling === from.key) continue
      for (const went of this.forwardOf(sibling)) {
        const parent = parentOf(went)
        if (parent !== null) parents.add(parent)
      }
    }
    return parents
  }

  /** The numbers the old rule's siblings became: a new rule under one of them was adopted with them. */
  private siblingTargets(from: MatchRow): Set<string> {
    const targets = new Set<string>()
    for (const sibling of this.oldSiblings(from.key)) if (sibling !== from.key) for (const went of this.forwardOf(sibling)) targets.add(went)
    return targets
  }

  /** Phase 0: the human corrections of the override file. */
  applyOverrides(): void {
    // 0. Human corrections. A rule the override file continues gets no other link: the file says all there is.
    for (const override of this.context.overrides) {
      if ('newLineage' in override) {
        const to = this.startedByKey.get(override.number)
        if (to) this.blocked.add(to.id)
        continue
      }
      const from = this.endedByKey.get(override.from)
      const to = this.startedByKey.get(override.to)
      if (from && to && this.freeTo(to)) {
        this.take(from, to, similarity(from.words, to.words), 1, 'override file', 'override', 'override')
        this.overridden.add(from.id)
      }
    }
  }

  /** Phase 1: the same comparable text on both sides. */
  matchSameText(): void {
    // 1. The same comparable text: unique on both sides, or under parents that went to the same place.
    const byText = new Map<string, { ended: MatchRow[]; started: MatchRow[] }>()
    const group = (text: string) => {
      let entry = byText.get(text)
      if (!entry) byText.set(text, (entry = { ended: [], started: [] }))
      return entry
    }
    for (const row of this.ended) group(row.normalized).ended.push(row)
    for (const row of this.started) group(row.normalized).started.push(row)
    let pending = [...byText.values()].filter((entry) => entry.ended.length > 0 && entry.started.length > 0)
    for (let round = 0; round < 3 && pending.length > 0; round++) {
      for (const entry of pending) this.matchTextGroup(entry, round === 2)
      pending = pending.filter((entry) => entry.ended.some(this.freeFrom) && entry.started.some(this.freeTo))
    }
  }

  /** Link the free rules of one group of the same text, where the pairing is clear. */
  private matchTextGroup(entry: { ended: MatchRow[]; started: MatchRow[] }, byNumber: boolean): void {
    const from = entry.ended.filter(this.freeFrom)
    const to = entry.started.filter(this.freeTo)
    if (from.length === 0 || to.length === 0) return
    if (from.length === 1 && to.length === 1 && (!isTitle(from[0]) || (entry.ended.length === 1 && entry.started.length === 1))) {
      this.take(from[0], to[0], 1, 1, 'same text', 'same-text')
      return
    }
    for (const old of from) {
      // Where the parent went speaks before the number: "300 General" of Turn Structure is 500 General in 2009.
      const open = to.filter(this.freeTo)
      const byParent = open.filter((row) => this.parentAgrees(old, row))
      // The number alone decides only in the last round, once every parent that could move has moved.
      const fits = byParent.length > 0 || !byNumber ? byParent : open.filter((row) => row.key === old.key)
      if (fits.length === 1) this.take(old, fits[0], 1, 1, byParent.length > 0 ? 'same text, parents moved together' : 'same text, same number', 'same-text')
    }
  }

  /** Phase 2: similar words, with structure as evidence. */
  matchSimilarWords(): void {
    // 2. Similar words, with structure as evidence. First the common case of an ordinary edition: the same
    // number, nearly the same words, under a parent that stayed. Then a search through the rest, twice, so that
    // the second round sees the parents the first placed.
    this.matchSameNumber()
    const candidates = this.findCandidates()
    for (let round = 0; round < 2; round++) this.acceptCandidates(this.scoreCandidates(candidates))
  }

  /** The same number, nearly the same words, under a parent that stayed. */
  private matchSameNumber(): void {
    for (const from of this.ended) {
      const to = this.startedByKey.get(from.key)
      if (!to || !this.freeFrom(from) || !this.freeTo(to) || isTitle(from) || !this.parentAgrees(from, to)) continue
      const value = similarity(from.words, to.words)
      if (value >= sameNumberAlone) this.take(from, to, value, value + 0.3, `same number, similar words (${Math.round(value * 100)}%), parent stayed`, 'words')
    }
  }

  /** For each free old rule, the few free new rules with the most similar words. */
  private findCandidates(): Candidate[] {
    const open = this.started.filter(this.freeTo)
    const postings = indexWords(open)
    // Candidates share a word that is not everywhere; common words count in the similarity, not in the search.
    const common = Math.max(50, open.length / 8)
    const candidates: Candidate[] = []
    const shared = new Float64Array(open.length)
    for (const from of this.ended) {
      if (!this.freeFrom(from)) continue
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
      candidates.push(...bestCandidates(from, open, touched, shared, commonWeight))
    }
    return candidates
  }

  /** The candidates still free, with their structural evidence, best first. */
  private scoreCandidates(candidates: Candidate[]): ScoredCandidate[] {
    const parentsOfSiblings = new Map<number, Set<string>>()
    const targetsOfSiblings = new Map<number, Set<string>>()
    return candidates
      .filter((candidate) => this.freeFrom(candidate.from) && this.freeTo(candidate.to))
      .map((candidate) => {
        const parent = this.parentAgrees(candidate.from, candidate.to)
        let parents = parentsOfSiblings.get(candidate.from.id)
        if (!parents) parentsOfSiblings.set(candidate.from.id, (parents = this.siblingParents(candidate.from)))
        const target = parentOf(candidate.to.key)
        let targets = targetsOfSiblings.get(candidate.from.id)
        if (!targets) targetsOfSiblings.set(candidate.from.id, (targets = this.siblingTargets(candidate.from)))
        const isAdopted = target !== null && targets.has(target)
        const family = target !== null && (parents.has(target) || isAdopted)
        const kept = (candidate.kept ??=
          candidate.similarity >= 0.25 &&
          Math.max(containment(candidate.from.words, candidate.to.words), containment(candidate.to.words, candidate.from.words)) >= 0.9)
        const score =
          candidate.similarity +
          (parent ? 0.25 : 0) +
          (family ? 0.1 : 0) +
          (kept ? 0.2 : 0) +
          (candidate.from.key === candidate.to.key ? (kept ? 0.1 : 0.05) : 0)
        return { ...candidate, parent, family, kept, adopted: isAdopted, score }
      })
      .sort((a, b) => b.score - a.score || a.from.order - b.from.order || a.to.order - b.to.order)
  }

  /** Link the scored candidates, best first, that their evidence accepts. */
  private acceptCandidates(scored: ScoredCandidate[]): void {
    for (const candidate of scored) {
      if (!this.freeFrom(candidate.from) || !this.freeTo(candidate.to)) continue
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
          (candidate.adopted && value >= acceptWithFamily) ||
          // Carved out: most of the new rule's words are the old rule's (2013: 700.4 indestructible -> 702.12b).
          // (A new rule leading subrules of its own is a restructure, weighed with its subrules in phase 4.)
          (value >= 0.4 && containment(candidate.to.words, candidate.from.words) >= 0.8 && this.context.newChildren(candidate.to.key).length === 0)
      if (!accepted) continue
      // A part of a new rule's list whose head holds the old rule's words (Commander 2016: 603.10a under the new
      // 603.10, from 603.6d) is weighed with that head and its list as a restructure (phase 4), not linked alone.
      if (kept && value < acceptAlone && this.headsRestructure(candidate.from, candidate.to)) continue
      // A weak link (structure more than words) gives way to a sibling that holds the rule's words far better:
      // the old rule was folded into that one (Kaldheim: 201.2b into 201.2a, not on to 201.2c).
      if (value < acceptAlone && !kept && this.absorbedBy(candidate.from, candidate.to)) continue
      const evidence = [
        parent ? 'parent moved with it' : '',
        family ? 'siblings moved with it' : '',
        kept && value < acceptAlone ? 'one text keeps the other' : ''
      ]
        .filter(Boolean)
        .join(', ')
      this.take(candidate.from, candidate.to, value, candidate.score, `similar words (${Math.round(value * 100)}%)${evidence ? `, ${evidence}` : ''}`, 'words')
    }
  }

  /** Whether `to`'s parent is a new rule, still free, most of whose words come from `from`: the head of a restructure. */
  private headsRestructure(from: MatchRow, to: MatchRow): boolean {
    const parent = parentOf(to.key)
    const head = parent === null ? undefined : this.startedByKey.get(parent)
    return head !== undefined && this.freeTo(head) && !isTitle(head) && containment(head.words, from.words) >= restructureThreshold
  }

  /** Phase 3: placement by children and neighbours. */
  matchPlacement(): void {
    // 3. Placement: follow the children; take the place the neighbours left.
    for (let round = 0; round < 2; round++) {
      for (const from of this.ended) {
        if (!this.freeFrom(from)) continue
        if (this.placeByChildren(from)) continue
        if (this.placeByStructure(from)) continue
        this.placeByNeighbours(from)
      }
    }
  }

  /**
   * Link an old rule to the new rule of its number when structure says it is the same rule, however reworded:
   * its parent stayed, and its neighbours on both sides went to the neighbours of the new rule (Magic Origins'
   * 613.6c, Theros Beyond Death's 702.102c). Whether it was linked.
   */
  private placeByStructure(from: MatchRow): boolean {
    const to = this.startedByKey.get(from.key)
    if (!to || !this.freeTo(to) || isTitle(from) || isTitle(to)) return false
    const parent = parentOf(from.key)
    if (parent === null || !this.forwardOf(parent).includes(parent)) return false
    const old = this.oldSiblings(from.key)
    const index = old.indexOf(from.key)
    const [before, after] = [old[index - 1], old[index + 1]]
    if (before === undefined || after === undefined) return false
    if (!this.forwardOf(before).includes(newSiblingAt(this.context.newChildren, to.key, -1) ?? '')) return false
    if (!this.forwardOf(after).includes(newSiblingAt(this.context.newChildren, to.key, 1) ?? '')) return false
    const value = similarity(from.words, to.words)
    if (value < sameNumberFloor) return false
    // No other rule on either side is a better match in words.
    for (const other of this.ended) if (other !== from && this.freeFrom(other) && similarity(other.words, to.words) > value) return false
    this.take(
      from,
      to,
      value,
      value + 0.5,
      `same rule by structure: its parent stayed and its neighbours ${before} and ${after} went beside it (${Math.round(value * 100)}% words shared)`,
      'structure'
    )
    return true
  }

  /** Link an old rule to the new rule most of its children moved under; whether it was linked. */
  private placeByChildren(from: MatchRow): boolean {
    const votes = new Map<string, number>()
    const section = /^\d{3}$/.test(from.key)
    // A section votes with all its rules, by the section they went to (2009: 403's rules went to 602).
    const children = section ? this.descendants(from.key) : this.context.oldChildren(from.key)
    for (const child of children)
      for (const went of this.forwardOf(child)) {
        const parent = section ? went.slice(0, 3) : parentOf(went)
        if (parent !== null && parent !== went) votes.set(parent, (votes.get(parent) ?? 0) + 1)
      }
    const [best, count] = [...votes].sort((a, b) => b[1] - a[1])[0] ?? []
    const target = best === undefined ? undefined : this.startedByKey.get(best)
    if (!target || this.blocked.has(target.id)) return false
    const value = similarity(from.words, target.words)
    const kept = containment(from.words, target.words)
    // Most children moved there, or the only one did and the new rule holds the old one's words (401.1 -> 111.1).
    if (count! < Math.max(2, children.length / 2) && !(count! >= 1 && !isTitle(from) && kept >= 0.8)) return false
    const titles = isTitle(from) && isTitle(target)
    const evidence = `structure: its ${section ? 'rules' : 'children'} moved to ${best} (${count} of ${children.length})`
    if (!this.freeTo(target)) {
      // Another old rule already leads there: this one merged into it, when its children say so firmly
      // (2009: 404 Triggered Abilities and 410 Handling Triggered Abilities into 603; 310.2 into 510.1).
      const merged = titles ? kept >= 0.5 && count! >= Math.max(2, children.length * 0.6) : (value >= sameNumberFloor && count! >= 2) || kept >= 0.8
      if (!merged) return false
      this.take(from, target, value, Math.max(value, kept) + 0.2, `${evidence}, merged with the rule already there`, 'structure')
      return true
    }
    // A section most of whose rules went to one new section is that section, however renamed (415 Targeted Spells and Abilities -> 113 Targets).
    const wholesale = section && count! >= Math.max(3, children.length * 0.6)
    if (wholesale || (value >= placeThreshold && (!titles || value >= 0.5 || from.normalized === target.normalized || kept >= 0.99))) {
      this.take(from, target, value, value + 0.3, evidence, 'structure')
      return true
    }
    return false
  }

  /** The numbers under `key` in the older edition, at every depth. */
  private descendants(key: string): string[] {
    const found: string[] = []
    for (const child of this.context.oldChildren(key)) found.push(child, ...this.descendants(child))
    return found
  }

  /** Link an old rule to the place next to where one of its neighbours went. */
  private placeByNeighbours(from: MatchRow): void {
    // Neighbours: where the next sibling went, this rule is the one before; where the previous went, the one after.
    const order = this.oldSiblings(from.key)
    const index = order.indexOf(from.key)
    for (const [neighbour, step] of [
      [order[index + 1], -1],
      [order[index - 1], 1]
    ] as const) {
      if (neighbour === undefined || !this.freeFrom(from)) continue
      for (const went of this.forwardOf(neighbour)) {
        const row = newSiblingAt(this.context.newChildren, went, step)
        const to = row === undefined ? undefined : this.startedByKey.get(row)
        if (!to || !this.freeTo(to)) continue
        const value = similarity(from.words, to.words)
        const titles = isTitle(from) || isTitle(to)
        if (titles ? from.normalized === to.normalized : value >= placeThreshold) {
          this.take(from, to, value, value + 0.25, `placed where its neighbour ${neighbour} went (${went})`, 'structure')
          break
        }
      }
    }
  }

  /** Phase 4, splits: new rules contained in an old rule that went next to them. */
  matchSplits(): void {
    // 4. Splits: a new rule contained in an old rule that went to its parent or to a sibling.
    const linkedInto = new Map<string, MatchRow[]>() // new number -> old rows linked to it
    for (const link of this.links) push(linkedInto, this.rowsById.get(link.to)!.key, this.rowsById.get(link.from)!)
    for (const to of this.started) {
      if (!this.freeTo(to) || to.words.ids.length < 3) continue
      const parent = parentOf(to.key)
      if (parent === null) continue
      const sources = this.splitSources(parent, linkedInto)
      for (const row of this.endedByText.get(to.normalized) ?? []) sources.add(row) // an old text copied here whole
      const best = this.splitSource(to, sources)
      if (best) {
        const went = this.forwardOf(best.from.key)
        this.take(
          best.from,
          to,
          similarity(best.from.words, to.words),
          best.containment,
          `split: ${Math.round(best.containment * 100)}% of its words come from ${best.from.key}${went.length ? `, which went to ${went.join(', ')}` : ''}`,
          'words'
        )
        this.splitParts.add(this.links.at(-1)!)
      }
    }
  }

  /** The old rules linked to `parent` (and their children) or to its new children. */
  private splitSources(parent: string, linkedInto: Map<string, MatchRow[]>): Set<MatchRow> {
    const sources = new Set<MatchRow>()
    for (const row of linkedInto.get(parent) ?? []) {
      sources.add(row)
      for (const child of this.context.oldChildren(row.key)) {
        const old = this.endedByKey.get(child)
        if (old) sources.add(old)
      }
    }
    for (const sibling of this.context.newChildren(parent)) for (const row of linkedInto.get(sibling) ?? []) sources.add(row)
    return sources
  }

  /**
   * Whether `to` is in the list of a new rule that `from` went to, and that rule with its list holds `from`'s words:
   * the old rule became a heading and its list (2009: 207.2, reminder and flavor text, became 206.2 with 206.2a-b).
   */
  private listedUnder(from: MatchRow, to: MatchRow): boolean {
    const parent = parentOf(to.key)
    const head = parent === null ? undefined : this.startedByKey.get(parent)
    if (!head || !(this.incoming.get(head.id) ?? []).some((link) => link.from === from.id && !this.splitParts.has(link))) return false
    const list = this.context.newChildren(head.key).flatMap((key) => {
      const row = this.startedByKey.get(key)
      return row ? [row.words] : []
    })
    return containment(from.words, unionOf([head.words, ...list])) >= restructureThreshold
  }

  /** The source that best contains the new rule `to` as a split part, if any. */
  private splitSource(to: MatchRow, sources: Set<MatchRow>): { from: MatchRow; containment: number } | undefined {
    let best: { from: MatchRow; containment: number } | undefined
    for (const from of sources) {
      if (this.overridden.has(from.id)) continue
      const value = containment(to.words, from.words)
      if ((value < containThreshold && !(value >= listedThreshold && this.listedUnder(from, to))) || (best && value <= best.containment)) continue
      // A split part says what the rule's main successor no longer says.
      // (It is no part when the main successor holds its words as well as the old rule does, unless it is nearly
      // the old rule itself, as when one rule became two similar ones.)
      const main = (this.outgoing.get(from.id) ?? []).filter((link) => !this.splitParts.has(link)).map((link) => this.rowsById.get(link.to)!)
      // An old rule whose successor says all it said was not split. A new rule sharing its words is a second copy
      // (2009: 205.2a is both 300.1 and 204.2a) unless it leads subrules of its own: then it only reuses the
      // wording (Ikoria: 613.3 went whole to 613.4; the new layer-1 rule 613.2 copies its wording, not its content).
      if (main.some((row) => row.contentId === from.contentId || containment(from.words, row.words) >= 0.98)) {
        const copy = containment(from.words, to.words) >= 0.95 && similarity(to.words, from.words) >= 0.6
        if (!copy || this.context.newChildren(to.key).length > 0) continue
        best = { from, containment: value }
        continue
      }
      if (this.isBoilerplateOf(to, from)) continue
      const explained = main.some((row) => containment(to.words, row.words) > value - 0.1)
      if (explained && !(value >= 0.9 && similarity(to.words, from.words) >= 0.5)) continue
      best = { from, containment: value }
    }
    return best
  }

  /** Phase 4, merges: old rules contained in a new rule where their parent or siblings went. */
  matchMerges(): void {
    // Merges: an old rule contained in a new rule under the place its parent or siblings went.
    for (const from of this.ended) {
      if (!this.freeFrom(from) || from.words.ids.length < 3) continue
      const parents = this.siblingParents(from)
      const parent = parentOf(from.key)
      if (parent !== null) for (const went of this.forwardOf(parent)) parents.add(went)
      let best: { to: MatchRow; containment: number } | undefined
      for (const place of parents) {
        for (const key of this.context.newChildren(place)) {
          const to = this.startedByKey.get(key)
          if (!to || this.blocked.has(to.id)) continue
          const value = containment(from.words, to.words)
          if (value >= mergeThreshold && (!best || value > best.containment)) best = { to, containment: value }
        }
      }
      if (best)
        this.take(
          from,
          best.to,
          similarity(from.words, best.to.words),
          best.containment,
          `merge: ${Math.round(best.containment * 100)}% of its words are in ${best.to.key}`,
          'words'
        )
    }
  }

  /**
   * Phase 4, restructures: an old rule that became a new rule with subrules of its own elsewhere in the section
   * (Commander 2016: 603.6d became 603.10 and its list 603.10a-e). The new rule's words come from the old one,
   * and the new rule with its subrules holds the old rule's words; the subrules follow as split parts.
   */
  matchRestructures(): void {
    for (const from of this.ended) {
      if (!this.freeFrom(from) || isTitle(from) || from.words.ids.length < 5) continue
      const places = new Set<string>()
      for (let key = parentOf(from.key); key !== null; key = parentOf(key)) {
        for (const went of this.forwardOf(key)) places.add(went)
        if (/^\d{3}$/.test(key)) break
      }
      let best: { to: MatchRow; union: number; head: number; parts: number } | undefined
      for (const place of places)
        for (const key of this.context.newChildren(place)) {
          const to = this.startedByKey.get(key)
          if (!to || !this.freeTo(to) || isTitle(to)) continue
          const head = containment(to.words, from.words)
          if (head < restructureThreshold) continue
          const parts = this.context.newChildren(key).flatMap((child) => {
            const row = this.startedByKey.get(child)
            return row && this.freeTo(row) ? [row] : []
          })
          if (parts.length === 0) continue
          const union = containment(from.words, unionOf([to, ...parts].map((row) => row.words)))
          if (union >= restructureThreshold && (!best || union > best.union)) best = { to, union, head, parts: parts.length }
        }
      if (best)
        this.take(
          from,
          best.to,
          similarity(from.words, best.to.words),
          best.union,
          `restructured: ${Math.round(best.head * 100)}% of ${best.to.key}'s words come from it, and ${best.to.key} with its ${best.parts} new subrules holds ${Math.round(best.union * 100)}% of its words`,
          'restructure'
        )
    }
  }

  /**
   * Phase 5, absorbed: an old rule folded into a new sibling that continues another (Ikoria: the counters
   * sublayer 613.3d into 613.4c). Most of the old rule's words are in the new rule, and what the new rule says
   * beyond its own predecessors comes from the old rule.
   */
  matchAbsorbed(): void {
    for (const from of this.ended) {
      if (!this.freeFrom(from) || isTitle(from) || from.words.ids.length < 3) continue
      const best = this.bestAbsorber(from)
      if (best)
        this.take(
          from,
          best.to,
          similarity(from.words, best.to.words),
          best.containment,
          `absorbed: ${Math.round(best.containment * 100)}% of its words are in ${best.to.key}` +
            (best.cited ? `, where the rule it refers to went` : `, which took its new words from it (${Math.round(best.gain * 100)}%)`),
          'restructure'
        )
    }
  }

  /**
   * Phase 6, a dissolved parent's rules: an old rule whose parent went nowhere (2009: 401 Spells on the Stack,
   * scattered over 111, 112, 604 and 607) has no place to be looked for in. It goes where an old rule that said
   * the same thing elsewhere in the edition (its twin) went, when the twin's successor, or a new rule under it,
   * holds its words: the new edition said once what the old said twice (401.6 and 412.3 into 604.5).
   */
  matchDissolved(): void {
    if (!this.context.rewritten) return
    let olds: Array<{ key: string; words: WeightedWords }> | undefined
    for (const from of this.ended) {
      if (!this.freeFrom(from) || isTitle(from) || from.words.ids.length < 5) continue
      const parent = parentOf(from.key)
      const parentRow = parent === null || !/^\d{3}$/.test(parent) ? undefined : this.endedByKey.get(parent)
      if (!parentRow || !this.freeFrom(parentRow)) continue
      olds ??= this.oldRules()
      let best: { to: MatchRow; twin: string; twinHeld: number; held: number; value: number } | undefined
      for (const old of olds) {
        if (old.key === from.key || parentOf(old.key) === parent) continue
        const twinHeld = containment(from.words, old.words)
        if (twinHeld < twinThreshold) continue
        for (const went of this.forwardOf(old.key))
          for (const key of [went, ...this.context.newChildren(went)]) {
            const to = this.startedByKey.get(key)
            if (!to || this.blocked.has(to.id) || isTitle(to) || (key !== went && !this.freeTo(to))) continue
            const held = containment(from.words, to.words)
            const value = similarity(from.words, to.words)
            if (held < twinThreshold || value < acceptWithFamily) continue
            if (!best || twinHeld + held > best.twinHeld + best.held) best = { to, twin: old.key, twinHeld, held, value }
          }
      }
      // A new rule of its own near where its siblings went, more like it than the twin's successor, may be what it
      // became instead (2009: 411.1, how to play a mana ability, is 605.3b more than 405.6c): that is not for a twin to say.
      if (!best || this.freeRuleNearSiblings(from, parentRow, best.value)) continue
      const went = this.forwardOf(best.twin)
      this.take(
        from,
        best.to,
        best.value,
        (best.twinHeld + best.held) / 2,
        `${parent} dissolved: ${Math.round(best.twinHeld * 100)}% of its words are in ${best.twin}, which went to ${went.join(', ')}; ` +
          `${went.includes(best.to.key) ? best.to.key : `${best.to.key} under ${parentOf(best.to.key)}`} holds ${Math.round(best.held * 100)}% of them`,
        'restructure'
      )
      this.takeDissolvedParts(from, best.to)
    }
  }

  /** The new rules beside `to` (or beside its parent) with no predecessor that say mostly what `from` said: split parts. */
  private takeDissolvedParts(from: MatchRow, to: MatchRow): void {
    const parent = parentOf(to.key)
    const places = [parent, parent === null ? null : parentOf(parent)]
    for (const place of places) {
      if (place === null) continue
      for (const key of this.context.newChildren(place)) {
        const row = this.startedByKey.get(key)
        if (!row || !this.freeTo(row) || isTitle(row) || row.words.ids.length < 5) continue
        const value = containment(row.words, from.words)
        if (value < 0.5 || similarity(row.words, from.words) < acceptWithFamily) continue
        this.take(
          from,
          row,
          similarity(from.words, row.words),
          value,
          `split: ${Math.round(value * 100)}% of its words come from ${from.key}, which went to ${to.key}`,
          'words'
        )
        this.splitParts.add(this.links.at(-1)!)
      }
    }
  }

  /**
   * Whether a new rule with no predecessor is more similar to `from` than `value`, in a section where a sibling of
   * `from` went or one whose title the dissolved section's title holds (411 Playing Mana Abilities: 605 Mana Abilities).
   */
  private freeRuleNearSiblings(from: MatchRow, parent: MatchRow, value: number): boolean {
    const sections = new Set<string>()
    for (const sibling of this.oldSiblings(from.key)) if (sibling !== from.key) for (const went of this.forwardOf(sibling)) sections.add(went.slice(0, 3))
    for (let chapter = 1; chapter <= 9; chapter++)
      for (const key of this.context.newChildren(String(chapter))) {
        const words = this.startedByKey.get(key)?.words ?? this.context.continuingWords?.(key)
        if (words && words.total > 0 && containment(words, parent.words) >= 0.99) sections.add(key)
      }
    const near = (key: string): boolean => {
      for (const child of this.context.newChildren(key)) {
        const row = this.startedByKey.get(child)
        if (row && this.freeTo(row) && !isTitle(row) && similarity(from.words, row.words) > value) return true
        if (near(child)) return true
      }
      return false
    }
    return [...sections].some(near)
  }

  /** Every rule of the older edition with its words (the versions that end here and those that continue). */
  private oldRules(): Array<{ key: string; words: WeightedWords }> {
    const found: Array<{ key: string; words: WeightedWords }> = []
    const visit = (key: string): void => {
      const words = this.endedByKey.get(key)?.words ?? this.context.continuingWords?.(key)
      if (words) found.push({ key, words })
      for (const child of this.context.oldChildren(key)) visit(child)
    }
    for (let chapter = 1; chapter <= 9; chapter++) for (const key of this.context.oldChildren(String(chapter))) visit(key)
    return found
  }

  /**
   * Phase 7, under where the parent went: an old rule still without a successor whose parent went to a new place,
   * and of which a new rule with no predecessor in that place (or one level down) holds most of the words (2009:
   * 406.2, spells that make mana are no mana abilities, is 605.5b under 605 Mana Abilities, where 406 went).
   */
  matchUnderParent(): void {
    const startedUnder = new Map<string, MatchRow[]>() // place -> the new versions in it, one or two levels down
    const rowsUnder = (place: string): MatchRow[] => {
      let rows = startedUnder.get(place)
      if (rows) return rows
      rows = []
      for (const child of this.context.newChildren(place)) {
        for (const key of [child, ...this.context.newChildren(child)]) {
          const row = this.startedByKey.get(key)
          if (row && !isTitle(row)) rows.push(row)
        }
      }
      startedUnder.set(place, rows)
      return rows
    }
    for (const from of this.ended) {
      if (!this.freeFrom(from) || isTitle(from) || from.words.ids.length < 5) continue
      const parent = parentOf(from.key)
      if (parent === null) continue
      let best: { to: MatchRow; held: number; value: number; place: string } | undefined
      for (const place of this.forwardOf(parent))
        for (const to of rowsUnder(place)) {
          if (!this.freeTo(to)) continue
          const held = containment(from.words, to.words)
          if (held < underParentThreshold || (best && held <= best.held)) continue
          const value = similarity(from.words, to.words)
          if (value >= acceptWithFamily) best = { to, held, value, place }
        }
      if (best)
        this.take(
          from,
          best.to,
          best.value,
          best.held,
          `under where its parent went (${best.place}): ${best.to.key}, a new rule there, holds ${Math.round(best.held * 100)}% of its words`,
          'structure'
        )
    }
  }

  /** The new rule near where the old rule's parent and siblings went that best absorbed it, if any. */
  private bestAbsorber(from: MatchRow): { to: MatchRow; containment: number; gain: number; cited: boolean } | undefined {
    const places = this.siblingParents(from)
    const parent = parentOf(from.key)
    if (parent !== null) for (const went of this.forwardOf(parent)) places.add(went)
    // A rule that refers to a section goes where that section went ("See rule 213, Spells": 200.5 into 111.1).
    const referred = new Set<string>()
    // Only a section reference: a rule pointing to a whole section is folded into that section's opening rule.
    for (const ref of from.refs ?? [])
      if (/^\d{3}$/.test(ref))
        for (const went of this.forwardOf(ref)) {
          const first = this.context.newChildren(went)[0]
          if (first === undefined) continue
          referred.add(first)
          places.add(went)
        }
    let best: { to: MatchRow; containment: number; gain: number; cited: boolean } | undefined
    for (const place of places)
      for (const key of this.context.newChildren(place)) {
        const to = this.startedByKey.get(key)
        if (!to || this.blocked.has(to.id) || isTitle(to)) continue
        const value = containment(from.words, to.words)
        if (value < absorbThreshold || (best && value <= best.containment)) continue
        // What the new rule says beyond the rules already linked into it must come from this one.
        const sources = (this.incoming.get(to.id) ?? []).map((link) => this.rowsById.get(link.from)!)
        if (sources.length === 0 && this.freeTo(to)) continue
        const novel = sources.length === 0 ? to.words : minus(to.words, unionOf(sources.map((row) => row.words)))
        const gain = containment(novel, from.words)
        const cited = referred.has(to.key)
        // Only the novel words are weighed against the list's template: the words the new rule kept from its own
        // predecessors are no evidence either way (Ikoria: 613.4c is 613.3c plus the counters of 613.3d).
        if (novel.total === 0 || (!cited && (gain < 0.35 || this.isBoilerplateOf(to, from, novel)))) continue
        best = { to, containment: value, gain, cited }
      }
    return best
  }

  /** Whether a better home for a weakly linked old rule is a sibling of `to` that absorbed it. */
  private absorbedBy(from: MatchRow, to: MatchRow): boolean {
    const own = containment(from.words, to.words)
    const parent = parentOf(to.key)
    if (parent === null) return false
    for (const key of this.context.newChildren(parent)) {
      const other = this.startedByKey.get(key)
      if (!other || other === to || this.blocked.has(other.id) || isTitle(other)) continue
      const value = containment(from.words, other.words)
      if (value >= absorbThreshold && value >= own + 0.05 && containment(other.words, from.words) >= 0.35) return true
    }
    return false
  }

  /**
   * Whether the words `to` shares with `from` are only the boilerplate of its new siblings: what `to` says that
   * no new sibling says (its content) is not in `from` (Commander 2016: 603.10e, "Abilities that trigger when a
   * spell is countered look back in time", shares only the list's template with 603.6d). `said` is the part of
   * `to`'s words in question (default: all of them).
   */
  private isBoilerplateOf(to: MatchRow, from: MatchRow, said: WeightedWords = to.words): boolean {
    const parent = parentOf(to.key)
    if (parent === null) return false
    // The template: the words more than half of its new siblings share with it.
    const uses = new Map<number, number>()
    let siblings = 0
    for (const key of this.context.newChildren(parent)) {
      const row = this.startedByKey.get(key)
      if (!row || row === to) continue
      siblings++
      for (const id of row.words.ids) uses.set(id, (uses.get(id) ?? 0) + 1)
    }
    if (siblings < 3) return false // a list has a template; two or three rules side by side only share a subject
    const template = [...uses].filter(([, count]) => count > siblings / 2).map(([id]) => id)
    const content = minus(said, { ids: Int32Array.from(template), weights: new Float64Array(template.length), total: 0 })
    if (content.total === 0) return true
    const held = containment(content, from.words)
    if (held < 0.5) return true
    // A rule that stays says it as well (Commander 2016: 603.10f, "when a player loses the game", is 603.9's).
    const words = this.context.continuingWords
    if (!words) return false
    const near = new Set([...this.context.oldChildren(parent), ...this.context.oldChildren(parentOf(parent) ?? '')])
    for (const key of near) {
      const other = words(key)
      if (other && containment(content, other) >= held) return true
    }
    return false
  }

  /** The kind of each link, now that every link is known; returns the links. */
  assignKinds(): MatchLink[] {
    // Kinds, now that every link is known.
    for (const link of this.links) {
      if (link.kind === 'override') continue
      const from = this.rowsById.get(link.from)!
      const to = this.rowsById.get(link.to)!
      link.kind =
        this.outgoing.get(link.from)!.length > 1
          ? 'split'
          : this.incoming.get(link.to)!.length > 1
            ? 'merge'
            : from.key === to.key
              ? 'changed'
              : from.contentId === to.contentId
                ? 'moved'
                : 'moved-changed'
    }
    return this.links
  }
}

/** The few new rules most similar to `from`, from the shared weights of a word search. */
function bestCandidates(from: MatchRow, open: MatchRow[], touched: number[], shared: Float64Array, commonWeight: number): Candidate[] {
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
  const mine: Candidate[] = []
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
  return mine.filter((candidate) => candidate.similarity >= best - 0.4)
}

/** The sibling `step` places after (or before) `key` in the newer edition. */
function newSiblingAt(children: (parent: string) => string[], key: string, step: number): string | undefined {
  const order = children(parentOf(key) ?? '')
  const index = order.indexOf(key)
  return index < 0 ? undefined : order[index + step]
}

/** Weighted Jaccard similarity of two word sets. */
function similarity(a: WeightedWords, b: WeightedWords): number {
  if (a.total === 0 && b.total === 0) return 1
  const common = sharedWeight(a, b)
  return common / (a.total + b.total - common)
}

/** The words of several texts together (each word once, with its weight). */
function unionOf(texts: WeightedWords[]): WeightedWords {
  const weightOf = new Map<number, number>()
  for (const text of texts) for (let index = 0; index < text.ids.length; index++) weightOf.set(text.ids[index], text.weights[index])
  const ids = Int32Array.from(weightOf.keys()).sort()
  const weights = Float64Array.from(ids, (id) => weightOf.get(id)!)
  return { ids, weights, total: weights.reduce((sum, weight) => sum + weight, 0) }
}

/** The words of `text` that `other` does not have. */
function minus(text: WeightedWords, other: WeightedWords): WeightedWords {
  const keep = new Set(other.ids)
  const ids: number[] = []
  const weights: number[] = []
  for (let index = 0; index < text.ids.length; index++)
    if (!keep.has(text.ids[index])) {
      ids.push(text.ids[index])
      weights.push(text.weights[index])
    }
  return { ids: Int32Array.from(ids), weights: Float64Array.from(weights), total: weights.reduce((sum, weight) => sum + weight, 0) }
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
