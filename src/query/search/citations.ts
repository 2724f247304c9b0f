/**
 * How often the rules cite a rule: the rules a question's answer is made of (601.2c, casting a
 * spell; 603.3b, triggered abilities on the stack; 704.3, when state-based actions are checked) are
 * those other rules point to, and a keyword's reminder or an example's aside are cited by none. A
 * long question's words match both alike; the citations tell them apart (a prior, as links are for
 * web pages).
 */
import type { Crdb } from '../../store/database.js'
import { readCitingRuleVersions } from '../../store/search.js'
import { findReferences } from '../get.js'
import type { ScopeVersion, SearchCache } from './scope.js'

/** One rule citing another: the citing rule's key and the interval its text was in force. */
interface Citation {
  from: string
  firstDate: string
  lastDate: string
}

/** The citations of every rule, by the key cited (read once per handle). */
function citationsOf(db: Crdb, cache: SearchCache): Map<string, Citation[]> {
  let kept = cache.extra.get('citations') as Map<string, Citation[]> | undefined
  if (kept) return kept
  kept = new Map()
  const citedBy = new Map<number, string[]>()
  for (const [key, firstDate, lastDate, contentId, text] of readCitingRuleVersions(db)) {
    let cited = citedBy.get(contentId)
    if (!cited) citedBy.set(contentId, (cited = [...new Set(findReferences(text).map((reference) => reference.from))]))
    for (const number of cited) {
      if (number === key) continue
      let list = kept.get(number)
      if (!list) kept.set(number, (list = []))
      list.push({ from: key, firstDate, lastDate })
    }
  }
  cache.extra.set('citations', kept)
  return kept
}

/** How many rules in force on `day` cite `key`. */
function countCiting(citations: Map<string, Citation[]>, key: string, day: string): number {
  const from = new Set<string>()
  for (const citation of citations.get(key) ?? []) if (citation.firstDate <= day && citation.lastDate >= day) from.add(citation.from)
  return from.size
}

/** How much the citations of a rule raise its score: `1 + weight * ln(1 + citations)`. */
const citedWeight = 0.2

/**
 * The factor a rule's score is raised by for how often the rules in force with it cite it (on its
 * last day), and half as much for how often they cite its parent rule (703.4 for 703.4a): 1 for a
 * rule no rule cites, about 1.5 for one cited ten times.
 */
export function citedFactorsFor(db: Crdb, cache: SearchCache): (version: ScopeVersion) => number {
  const citations = citationsOf(db, cache)
  return (version) => {
    let factor = factorsOfVersions.get(version)
    if (factor === undefined) {
      const parent = /^(\d{3}\.\d+)[a-z]+$/.exec(version.key)?.[1]
      const count = countCiting(citations, version.key, version.lastDate) + (parent ? 0.5 * countCiting(citations, parent, version.lastDate) : 0)
      factor = 1 + citedWeight * Math.log1p(count)
      factorsOfVersions.set(version, factor)
    }
    return factor
  }
}

/** The factor of each version read (a version is kept per handle, and its factor with it). */
const factorsOfVersions = new WeakMap<ScopeVersion, number>()
