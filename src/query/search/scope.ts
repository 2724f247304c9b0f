/**
 * What one search reads, cached per database handle until the database
 * changes: the versions in scope (one edition, a range of them, or all), the
 * indexed texts already read (with their words), and word counts.
 */
import type { CrdbDatabase } from '../../store/database.js'
import {
  countIndexedTexts,
  readAllVersions,
  readEditionDates,
  readGeneration,
  matchTexts,
  readIndexedTexts,
  readRuleVersions,
  readStemCounts,
  readVersionsOfContents,
  type ScopeRange,
  type VersionTuple
} from '../../store/search.js'
import { tokenize, type Token } from './words.js'

/** A version in scope. */
export interface ScopeVersion {
  contentId: number
  kind: 'rule' | 'term'
  key: string
  label: string
  sortKey: string
  firstDate: string
  lastDate: string
  obsolete: boolean
}

/** An indexed text with its words, field by field. */
export interface IndexedText {
  id: number
  name: string
  text: string
  examples: string
  nameTokens: Token[]
  textTokens: Token[]
  exampleTokens: Token[]
}

/** The versions a search reads. */
export interface Scope {
  /** The versions in scope of these contents, by content id (it may hold others too). */
  versionsFor: (contentIds: readonly number[]) => Map<number, ScopeVersion[]>
  /** The versions in scope of these rule numbers. */
  rulesNumbered: (keys: string[]) => ScopeVersion[]
  /** The day a version whose last edition is `lastDate` stopped being in force. */
  validTo: (lastDate: string) => string | null
  /**
   * Of the texts holding any of `words` (`lists`: each word's, ascending), those with a version in
   * scope, ascending, kept per set of words (a loaded scope only: `undefined` while the scope reads
   * versions as it needs them).
   */
  holdingAny?: (words: readonly string[], lists: ReadonlyArray<readonly number[]>) => readonly number[]
}

/** The per-handle state of search. */
export interface SearchCache {
  generation: string
  dates: string[]
  /** Texts in the index. */
  textCount: number
  texts: Map<number, IndexedText>
  /** The ids of the texts each word matches in the full-text index, ascending. */
  wordTexts: Map<string, readonly number[]>
  stemCounts: Map<string, number>
  uses: Map<string, number>
  loaded: Map<string, Scope>
  /** Anything else a module keeps per handle (the vocabulary for typo correction). */
  extra: Map<string, unknown>
}

const caches = new WeakMap<CrdbDatabase, SearchCache>()

/** The search state of `db`, fresh if the database changed since it was read. */
export function searchCacheOf(db: CrdbDatabase): SearchCache {
  const generation = readGeneration(db)
  let cache = caches.get(db)
  if (!cache || cache.generation !== generation) {
    cache = {
      generation,
      dates: readEditionDates(db),
      textCount: Math.max(1, countIndexedTexts(db)),
      texts: new Map(),
      wordTexts: new Map(),
      stemCounts: new Map(),
      uses: new Map(),
      loaded: new Map(),
      extra: new Map()
    }
    caches.set(db, cache)
  }
  return cache
}

/** How many texts hold each stem (0 for none), read once per handle. */
export function stemCountsOf(db: CrdbDatabase, cache: SearchCache, stems: string[]): Map<string, number> {
  const missing = stems.filter((stem) => !cache.stemCounts.has(stem))
  if (missing.length > 0) {
    const counts = readStemCounts(db, missing)
    for (const stem of missing) cache.stemCounts.set(stem, counts.get(stem) ?? 0)
  }
  return new Map(stems.map((stem) => [stem, cache.stemCounts.get(stem)!]))
}

/**
 * The ids of the texts the full-text index matches `word` in (any field), ascending, read once per
 * handle: a common word's thousands of hits are read from FTS5 once, not per query.
 */
export function textsHolding(db: CrdbDatabase, cache: SearchCache, word: string): readonly number[] {
  let ids = cache.wordTexts.get(word)
  if (!ids) {
    if (cache.wordTexts.size >= 5000) cache.wordTexts.clear()
    ids = matchTexts(db, `"${word.replace(/"/g, '""')}"`).sort((a, b) => a - b)
    cache.wordTexts.set(word, ids)
  }
  return ids
}

/**
 * These indexed texts with their words, read and split once per handle: the
 * returned map holds each of `ids` the index has (and may hold others).
 */
export function indexedTextsOf(db: CrdbDatabase, cache: SearchCache, ids: readonly number[]): ReadonlyMap<number, IndexedText> {
  const missing = ids.filter((id) => !cache.texts.has(id))
  if (missing.length > 0) {
    if (cache.texts.size + missing.length > 60_000) cache.texts.clear()
    for (const [id, name, text, examples] of readIndexedTexts(db, missing)) {
      cache.texts.set(id, {
        id,
        name,
        text,
        examples,
        nameTokens: tokenize(name),
        textTokens: tokenize(text),
        exampleTokens: examples === '' ? [] : tokenize(examples)
      })
    }
  }
  return cache.texts
}

/**
 * The scope of `range` (`null`: every version). A scope is loaded whole (every
 * version in it, in memory) from its second search on; the first reads only
 * the versions it needs, which is what a one-shot CLI search wants.
 */
export function scopeOf(db: CrdbDatabase, cache: SearchCache, range: ScopeRange): Scope {
  const name = range === null ? '*' : `${range.from}/${range.to}`
  const loaded = cache.loaded.get(name)
  if (loaded) return loaded
  const dates = cache.dates
  const validTo = (lastDate: string): string | null => {
    let low = 0
    let high = dates.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (dates[middle] <= lastDate) low = middle + 1
      else high = middle
    }
    return dates[low] ?? null
  }
  const uses = (cache.uses.get(name) ?? 0) + 1
  cache.uses.set(name, uses)

  if (uses === 1) {
    return {
      versionsFor: (contentIds) => indexVersions(readVersionsOfContents(db, [...new Set(contentIds)], range)).byContent,
      rulesNumbered: (keys) => (keys.length === 0 ? [] : indexVersions(readRuleVersions(db, keys, range)).all),
      validTo
    }
  }
  const { byContent, byRule } = indexVersions(readAllVersions(db, range))
  const narrowed = new Map<string, readonly number[]>()
  const narrow = (word: string, ids: readonly number[]): readonly number[] => {
    let kept = narrowed.get(word)
    if (!kept) {
      if (narrowed.size >= 5000) narrowed.clear()
      narrowed.set(word, (kept = ids.filter((id) => byContent.has(id))))
    }
    return kept
  }
  const unions = new Map<string, readonly number[]>()
  const scope: Scope = {
    versionsFor: () => byContent,
    rulesNumbered: (keys) => keys.flatMap((key) => byRule.get(key) ?? []),
    validTo,
    holdingAny: (words, lists) => {
      if (words.length === 1) return narrow(words[0], lists[0])
      const key = words.join('\u0000')
      let union = unions.get(key)
      if (!union) {
        if (unions.size >= 2000) unions.clear()
        unions.set(key, (union = unionOf(lists.map((list, index) => narrow(words[index], list)))))
      }
      return union
    }
  }
  cache.loaded.set(name, scope)
  return scope
}

/** The union of ascending lists of ids, ascending. */
export function unionOf(lists: ReadonlyArray<readonly number[]>): readonly number[] {
  if (lists.length === 1) return lists[0]
  return [...new Set(lists.flat())].sort((a, b) => a - b)
}

function indexVersions(rows: VersionTuple[]): { all: ScopeVersion[]; byContent: Map<number, ScopeVersion[]>; byRule: Map<string, ScopeVersion[]> } {
  const all: ScopeVersion[] = []
  const byContent = new Map<number, ScopeVersion[]>()
  const byRule = new Map<string, ScopeVersion[]>()
  for (const [kind, key, label, sortKey, contentId, firstDate, lastDate, obsolete] of rows) {
    const version: ScopeVersion = { contentId, kind, key, label, sortKey, firstDate, lastDate, obsolete: obsolete === 1 }
    all.push(version)
    let list = byContent.get(contentId)
    if (!list) byContent.set(contentId, (list = []))
    list.push(version)
    if (kind === 'rule') {
      let forKey = byRule.get(key)
      if (!forKey) byRule.set(key, (forKey = []))
      forKey.push(version)
    }
  }
  return { all, byContent, byRule }
}
