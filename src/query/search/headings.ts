/**
 * The headings a rule inherits: the titles of the rules above it (704.5c is under 704 "State-Based
 * Actions" and section 7 "Additional Rules"; 702.19b under 702.19 "Trample"), as weak evidence of
 * what it is about. "The SBA for poison" finds 704.5c, whose own text never says state-based.
 */
import type { Crdb } from '../../store/database.js'
import { readRuleTitles } from '../../store/search.js'
import type { ScopeVersion, SearchCache } from './scope.js'
import { stopWords, tokenize } from './words.js'

/**
 * A heading's stems (those of the query), each with how much it weighs beside the rule's own text
 * (0..1): a title the query names whole ("the SBA for poison" names 704 "State-Based Actions")
 * weighs as the text does.
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
const untitled: readonly string[] = []

/** The title stems a rule inherits in one edition, by level (`rule`: a lettered subrule's parent only). */
interface TitleChain {
  rule: readonly string[] | undefined
  block: readonly string[]
  section: readonly string[]
}

/**
 * What headings keeps per handle: the titles by key, the key whose titles each rule inherits
 * (`704.5` for 704.5c and its siblings, `704` for 704.5; `null`: none), and the chains by that key
 * and day, so that siblings in force on the same day share one chain (and one heading per search).
 */
interface HeadingCache {
  titles: Map<string, TitleVersion[]>
  chainKeys: Map<string, string | null>
  chains: Map<string, Map<string, TitleChain>>
}

/** What headings keeps for `db`: the titles of every version of every titled rule read once per handle. */
function headingCacheOf(db: Crdb, cache: SearchCache): HeadingCache {
  let kept = cache.extra.get('headings') as HeadingCache | undefined
  if (kept) return kept
  const titles = new Map<string, TitleVersion[]>()
  for (const [key, firstDate, lastDate, name] of readRuleTitles(db)) {
    const stems = tokenize(name)
      .filter((token) => !stopWords.has(token.word))
      .map((token) => token.stem)
    let list = titles.get(key)
    if (!list) titles.set(key, (list = []))
    list.push({ firstDate, lastDate, stems })
  }
  kept = { titles, chainKeys: new Map(), chains: new Map() }
  cache.extra.set('headings', kept)
  return kept
}

/** The title stems of rule `key` in force on `day` (none when untitled). */
function titleOn(titles: Map<string, TitleVersion[]>, key: string, day: string): readonly string[] {
  for (const version of titles.get(key) ?? []) if (version.firstDate <= day && version.lastDate >= day) return version.stems
  return untitled
}

/** The key whose titles rule `key` inherits: a lettered subrule's parent (`704.5`), else its three-digit rule (`704`); `null` for none. */
function chainKeyOf(key: string): string | null {
  const match = /^(\d)(\d\d)(?:\.(\d+)([a-z]*))?$/.exec(key)
  if (!match || match[3] === undefined) return null
  return match[4] ? `${match[1]}${match[2]}.${match[3]}` : `${match[1]}${match[2]}`
}

/** The titles rule `key` inherits on `day`, or `undefined` for a rule that inherits none (a section, a three-digit rule). */
function chainOf(kept: HeadingCache, key: string, day: string): TitleChain | undefined {
  let chainKey = kept.chainKeys.get(key)
  if (chainKey === undefined) kept.chainKeys.set(key, (chainKey = chainKeyOf(key)))
  if (chainKey === null) return undefined
  let byDay = kept.chains.get(chainKey)
  if (!byDay) kept.chains.set(chainKey, (byDay = new Map()))
  let chain = byDay.get(day)
  if (!chain) {
    const dot = chainKey.indexOf('.')
    const block = dot < 0 ? chainKey : chainKey.slice(0, dot)
    chain = {
      rule: dot < 0 ? undefined : titleOn(kept.titles, chainKey, day),
      block: titleOn(kept.titles, block, day),
      section: titleOn(kept.titles, chainKey[0], day)
    }
    byDay.set(day, chain)
  }
  return chain
}

/** The chain of titles of each version read (a version is kept per handle, and its chain with it; `null`: none). */
const chainsOfVersions = new WeakMap<ScopeVersion, TitleChain | null>()

/**
 * The headings rules inherit in one search, whose query's stems are `asked`: for a version of rule
 * `704.5c`, the titles of its ancestors in its last edition, weighed by level, and in full where
 * `asked` holds a rule's whole title. A heading keeps only the stems `asked` holds (a score looks up
 * no other): one that holds none is no heading. Each is worked out once per search and chain.
 */
export function headingsFor(db: Crdb, cache: SearchCache, asked: ReadonlySet<string>): (version: ScopeVersion) => Heading {
  const kept = headingCacheOf(db, cache)
  const made = new Map<TitleChain, Heading>()
  return (version) => {
    let chain = chainsOfVersions.get(version)
    if (chain === undefined) chainsOfVersions.set(version, (chain = chainOf(kept, version.key, version.lastDate) ?? null))
    if (chain === null) return none
    let heading = made.get(chain)
    if (!heading) made.set(chain, (heading = headingOfChain(chain, asked)))
    return heading
  }
}

/** The heading of a chain of titles for a query whose stems are `asked` (see {@link headingsFor}). */
function headingOfChain(chain: TitleChain, asked: ReadonlySet<string>): Heading {
  const heading = new Map<string, number>()
  let named = false
  const add = (stems: readonly string[], weight: number): void => {
    for (const stem of stems) if (asked.has(stem) && weight > (heading.get(stem) ?? 0)) heading.set(stem, weight)
  }
  const addRule = (stems: readonly string[], weight: number): void => {
    const whole = stems.length > 0 && stems.every((stem) => asked.has(stem))
    if (whole) named = true
    add(stems, whole ? 1 : weight)
  }
  if (chain.rule) addRule(chain.rule, levelWeights.rule)
  addRule(chain.block, levelWeights.block)
  add(chain.section, levelWeights.section)
  return heading.size === 0 ? none : { stems: heading, named }
}

/** Block titles whose numbered rules are each about one named thing (a keyword), by their stems. */
const keywordBlocks = ['Keyword Abilities', 'Keyword Actions'].map(stemsOfTitle)
/** Section titles whose blocks are each about one named thing (a variant, an option), by their stems. */
const variantSections = ['Multiplayer Rules', 'Casual Variants'].map(stemsOfTitle)
/** Words of a variant's title that do not name it (`Two-Headed Giant Variant`). */
const genericTitleStems: ReadonlySet<string> = new Set(['Variant', 'Option', 'Options', 'Rules'].flatMap(stemsOfTitle))

/** The stems of a title, as headings reads them. */
function stemsOfTitle(title: string): string[] {
  return tokenize(title)
    .filter((token) => !stopWords.has(token.word))
    .map((token) => token.stem)
}

/** Whether two lists of stems are the same. */
function sameStems(one: readonly string[], other: readonly string[]): boolean {
  return one.length === other.length && one.every((stem, index) => stem === other[index])
}

/** How much a rule about a named thing the query never names weighs beside the others. */
const unnamedTopicShare = 0.5

/**
 * The share of its score a rule keeps for a query whose stems are `asked`: a rule about one named
 * thing (a keyword's rules, 702.19b under "Trample"; a variant's, 903.4 under "Commander") is
 * rarely the answer to a question that never names it (every word of the name), whatever other
 * words it shares with the question; it keeps {@link unnamedTopicShare}. Every other rule keeps all of it.
 */
export function topicSharesFor(db: Crdb, cache: SearchCache, asked: ReadonlySet<string>): (version: ScopeVersion) => number {
  const kept = headingCacheOf(db, cache)
  const shares = new Map<readonly string[], number>()
  return (version) => {
    let topic = topicsOfVersions.get(version)
    if (topic === undefined) topicsOfVersions.set(version, (topic = topicOf(kept, cache, version)))
    if (topic.length === 0) return 1
    let share = shares.get(topic)
    if (share === undefined) shares.set(topic, (share = topic.every((stem) => asked.has(stem)) ? 1 : unnamedTopicShare))
    return share
  }
}

/** The topic of each version read (a version is kept per handle, and its topic with it). */
const topicsOfVersions = new WeakMap<ScopeVersion, readonly string[]>()

/**
 * The name a version is about, as stems: a keyword rule's keyword, a variant rule's variant, the
 * keyword a glossary term names; none (empty) for any other.
 */
function topicOf(kept: HeadingCache, cache: SearchCache, version: ScopeVersion): readonly string[] {
  // A glossary term that is a keyword's name (Graft, Modular) is about that keyword as its rules are.
  if (version.kind === 'term') {
    const stems = stemsOfTitle(version.key)
    return keywordNamesOf(kept, cache).has(stems.join(' ')) ? stems : untitled
  }
  const match = /^(\d)(\d\d)\.(\d+)/.exec(version.key)
  if (!match) return untitled
  const block = `${match[1]}${match[2]}`
  const day = version.lastDate
  const blockTitle = titleOn(kept.titles, block, day)
  if (keywordBlocks.some((stems) => sameStems(stems, blockTitle))) return titleOn(kept.titles, `${block}.${match[3]}`, day)
  if (variantSections.some((stems) => sameStems(stems, titleOn(kept.titles, match[1], day)))) return blockTitle.filter((stem) => !genericTitleStems.has(stem))
  return untitled
}

/** The names of every keyword of any edition (the titles of the rules under "Keyword Abilities" and "Keyword Actions"), as stems joined by spaces. */
function keywordNamesOf(kept: HeadingCache, cache: SearchCache): ReadonlySet<string> {
  let names = cache.extra.get('keyword-names') as Set<string> | undefined
  if (names) return names
  names = new Set()
  for (const [key, versions] of kept.titles) {
    const match = /^(\d{3})\.\d+$/.exec(key)
    if (!match) continue
    for (const version of versions) {
      const blockTitle = titleOn(kept.titles, match[1], version.lastDate)
      if (keywordBlocks.some((stems) => sameStems(stems, blockTitle))) names.add(version.stems.join(' '))
    }
  }
  cache.extra.set('keyword-names', names)
  return names
}
