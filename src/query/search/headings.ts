/**
 * The headings a rule inherits: the titles of the rules above it (704.5c is under 704 "State-Based
 * Actions" and section 7 "Additional Rules"; 702.19b under 702.19 "Trample"), as weak evidence of
 * what it is about. "The SBA for poison" finds 704.5c, whose own text never says state-based.
 */
import type { Crdb } from '../../store/database.js'
import { readRuleTitles } from '../../store/search.js'
import type { SearchCache } from './scope.js'
import { stopWords, tokenize } from './words.js'

/**
 * A heading's stems, each with how much it weighs beside the rule's own text (0..1): a title the
 * query names whole ("the SBA for poison" names 704 "State-Based Actions") weighs as the text does.
 */
export interface Heading {
  stems: ReadonlyMap<string, number>
  /** The query names one of its titles whole: the rule is in the part of the rules the query asks about. */
  named: boolean
}

interface TitleVersion {
  firstDate: string
  lastDate: string
  stems: string[]
}

/** How much each level's title weighs: the rule's own parent, its three-digit rule, its section. */
const levelWeights = { rule: 0.5, block: 0.4, section: 0.15 }

const none: Heading = { stems: new Map(), named: false }

/** The titles of every version of every titled rule, by key, read once per handle. */
function titlesOf(db: Crdb, cache: SearchCache): Map<string, TitleVersion[]> {
  let titles = cache.extra.get('titles') as Map<string, TitleVersion[]> | undefined
  if (titles) return titles
  titles = new Map()
  for (const [key, firstDate, lastDate, name] of readRuleTitles(db)) {
    const stems = tokenize(name)
      .filter((token) => !stopWords.has(token.word))
      .map((token) => token.stem)
    let list = titles.get(key)
    if (!list) titles.set(key, (list = []))
    list.push({ firstDate, lastDate, stems })
  }
  cache.extra.set('titles', titles)
  return titles
}

/** The title stems of rule `key` in force on `day` (none when untitled). */
function titleOn(titles: Map<string, TitleVersion[]>, key: string, day: string): string[] {
  for (const version of titles.get(key) ?? []) if (version.firstDate <= day && version.lastDate >= day) return version.stems
  return []
}

/**
 * The heading rule `key` (`704.5c`) inherits in the edition of `day`: its ancestors' titles, weighed by
 * level, and in full where the query's stems (`asked`) hold a rule's whole title.
 */
export function headingOf(db: Crdb, cache: SearchCache, key: string, day: string, asked: ReadonlySet<string>): Heading {
  const match = /^(\d)(\d\d)(?:\.(\d+)([a-z]*))?$/.exec(key)
  if (!match || match[3] === undefined) return none
  const titles = titlesOf(db, cache)
  const heading = new Map<string, number>()
  let named = false
  const add = (stems: string[], weight: number): void => {
    for (const stem of stems) if (weight > (heading.get(stem) ?? 0)) heading.set(stem, weight)
  }
  const addRule = (stems: string[], weight: number): void => {
    const whole = stems.length > 0 && stems.every((stem) => asked.has(stem))
    if (whole) named = true
    add(stems, whole ? 1 : weight)
  }
  if (match[4]) addRule(titleOn(titles, `${match[1]}${match[2]}.${match[3]}`, day), levelWeights.rule)
  addRule(titleOn(titles, `${match[1]}${match[2]}`, day), levelWeights.block)
  add(titleOn(titles, match[1], day), levelWeights.section)
  return heading.size === 0 ? none : { stems: heading, named }
}
