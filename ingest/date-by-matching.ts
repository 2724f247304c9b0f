/**
 * Dating a dump by its text: which official editions does it agree with?
 *
 * Each comparable entry of the dump (a rule or glossary entry with a key) is
 * equal to some official versions; a version spans a run of editions. An
 * edition's score is the share of entries whose text in that edition equals
 * the dump's. The dump is dated to the run of consecutive editions with the
 * best score; the entries that are not equal throughout that run are the
 * ones that disagree.
 */
import { lowerBound } from '../src/vocabulary/sorted.js'

/** An official version as dating sees it: the editions it spans. */
export interface SpanningVersion {
  firstDate: string
  lastDate: string
}

/** One entry of a dump, with the official versions its text is equal to. */
export interface DatingItem {
  /** How the dump numbers it: `420.5a`, `G12.4a`. */
  label: string
  /** The versions of its key whose text equals the dump's (any era). */
  equalVersions: SpanningVersion[]
}

/** The editions a dump matches best. */
export interface DatingResult {
  /** First and last edition (effective dates) of the best-matching run. */
  from: string
  to: string
  /** Share of entries equal in every edition of the run, 0..1. */
  score: number
  /** Entries equal throughout the run, and all entries compared. */
  matched: number
  total: number
  /** Entries not equal throughout the run, by label. */
  disagreeing: string[]
  /** Other runs with the same best score, if any. */
  ties: Array<{ from: string; to: string }>
  /** The score of each edition, oldest first. */
  scores: Array<{ edition: string; score: number }>
}

/**
 * Date a dump against `editions` (effective dates, oldest first). Returns
 * undefined when there is nothing to compare (no entries or no editions), or
 * when no edition agrees with any entry.
 */
export function dateByMatching(items: readonly DatingItem[], editions: readonly string[]): DatingResult | undefined {
  if (items.length === 0 || editions.length === 0) return undefined
  // equalAt[i] = the editions (indices) in which item i is equal.
  const counts = new Array<number>(editions.length).fill(0)
  const equalAt = items.map((item) => {
    const at = new Set<number>()
    for (const version of item.equalVersions) {
      for (let index = lowerBound(editions, version.firstDate); index < editions.length && editions[index] <= version.lastDate; index++) at.add(index)
    }
    for (const index of at) counts[index]++
    return at
  })
  const best = Math.max(...counts)
  if (best === 0) return undefined

  const runs: Array<{ start: number; end: number }> = []
  for (let index = 0; index < editions.length; index++) {
    if (counts[index] !== best) continue
    const last = runs.at(-1)
    if (last && last.end === index - 1) last.end = index
    else runs.push({ start: index, end: index })
  }
  // The longest run wins; among equals, the latest.
  const chosen = runs.reduce((a, b) => (b.end - b.start >= a.end - a.start ? b : a))
  const disagreeing: string[] = []
  let matched = 0
  items.forEach((item, index) => {
    let throughout = true
    for (let edition = chosen.start; edition <= chosen.end; edition++) if (!equalAt[index].has(edition)) throughout = false
    if (throughout) matched++
    else disagreeing.push(item.label)
  })
  return {
    from: editions[chosen.start],
    to: editions[chosen.end],
    score: matched / items.length,
    matched,
    total: items.length,
    disagreeing,
    ties: runs.filter((run) => run !== chosen).map((run) => ({ from: editions[run.start], to: editions[run.end] })),
    scores: editions.map((edition, index) => ({ edition, score: counts[index] / items.length }))
  }
}
