/**
 * What one search reads, cached per database handle until the database
 * changes: every version (read once, shared by every scope: a scope is a range
 * of dates, not a copy), the indexed texts already read (their words as ids of
 * one vocabulary), the texts each full-text expression matches, and word counts.
 */
import type { Crdb } from '../../store/database.js'
import {
  countIndexedTexts,
  matchTexts,
  readAllVersions,
  readEditionDates,
  readGeneration,
  readIndexedTexts,
  readRuleVersions,
  readStemCounts,
  readVersionsOfContents,
  type ScopeRange,
  type VersionTuple
} from '../../store/search.js'
import { lowerBound, upperBound } from '../../vocabulary/sorted.js'
import { foldWord, stemOf, stopWords, wordSpans } from './words.js'

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
  /** Its lineage: the row id of the lineage's first version (`versions.lineage_id`), `null` before the lineage is computed. */
  lineage: number | null
}

/**
 * The words of the texts read so far, each with an id: a text keeps its words
 * as ids (four bytes a word) rather than as objects.
 */
export interface Vocabulary {
  /** Id of each folded word. */
  ids: Map<string, number>
  /** Each word id's folded word, stem, and whether it is a stop word. */
  words: string[]
  stems: string[]
  stop: boolean[]
  /** The word ids of each stem. */
  byStem: Map<string, number[]>
  /** The word ids a prefix matches (by word or by stem), and how many words of the vocabulary that list has looked at. */
  prefixes: Map<string, { seen: number; ids: number[] }>
}

/** An indexed text with its words, field by field (name, then text, then examples, in one array). */
export interface IndexedText {
  id: number
  name: string
  text: string
  examples: string
  /** Vocabulary ids of the words of the name (`[0, nameEnd)`), the text (`[nameEnd, textEnd)`) and the examples (the rest). */
  words: Int32Array
  nameEnd: number
  textEnd: number
}

/** The versions a search reads. */
export interface Scope {
  /** The versions in scope of a content, for any of these contents (`undefined`: none in scope). */
  versionsFor: (contentIds: ArrayLike<number>) => (contentId: number) => readonly ScopeVersion[] | undefined
  /** The versions in scope of these rule numbers. */
  rulesNumbered: (keys: string[]) => ScopeVersion[]
  /** The day a version whose last edition is `lastDate` stopped being in force. */
  validTo: (lastDate: string) => string | null
  /** The content ids of any of these lists with a version in scope, ascending (once every version is loaded; `undefined` before). */
  holding?: (lists: ReadonlyArray<ArrayLike<number>>) => ArrayLike<number>
}

/** The per-handle state of search. */
export interface SearchCache {
  generation: string
  dates: string[]
  /** Texts in the index. */
  textCount: number
  texts: Map<number, IndexedText>
  vocabulary: Vocabulary
  /** The ids of the texts each full-text expression matches, ascending (a word's, a boolean query's), and their sum of lengths. */
  matches: Map<string, Int32Array>
  matchedIds: number
  /** How many texts hold each stem read so far ({@link loadStemCounts}): a stem not loaded is not known to be absent. */
  stemCounts: Map<string, number>
  /** Searches on this handle so far: the versions read are kept from the second on. */
  searches: number
  /**
   * The versions of each content read so far, each once however many ranges hold it (a range's are
   * all there once its mask is made), and every version of each rule number asked for.
   */
  contentVersions: Map<number, ScopeVersion[]>
  ruleVersions: Map<string, ScopeVersion[]>
  /** Per version id: 1 once it is in `contentVersions`. */
  versionsKept: Uint8Array
  /** Per range of dates (`from/to`, `*`): its mask (a few hundred ranges kept). */
  masks: Map<string, RangeMask>
  /** Per content id, the last union it was counted in (to join lists of ids without sorting them all). */
  marks: Int32Array
  stamp: number
  /** Anything else a module keeps per handle (the vocabulary for typo correction). */
  extra: Map<string, unknown>
  /** Every lineage's stable id by its root, read with the first hit that needs one. */
  lineageIds?: Map<number, string>
}

/** Which contents a range of dates holds. */
interface RangeMask {
  /** Per content id: how many of its versions are in the range (0: none). */
  counts: Uint8Array
  /**
   * The versions in the range of the contents that have others too, found once: a content's versions
   * in a range are all kept when its mask is made (those kept after it are outside), so they do not change.
   */
  versions: Map<number, readonly ScopeVersion[]>
}

/** The most ids {@link SearchCache.matches} keeps (4 bytes each), and the most expressions. */
const maxMatchedIds = 2_000_000
const maxMatches = 5000
/** The most texts kept read (the index of every edition holds about 17,000). */
const maxTexts = 60_000
/**
 * The most ranges whose masks are kept (one byte per text each: 17 KB for the 17,000 texts of every
 * edition). Enough for every edition's own range (108 so far) and some ranges of dates: a server
 * asked in many editions (the real questions name 72) would otherwise read them again and again.
 */
const maxMasks = 256

const caches = new WeakMap<Crdb, SearchCache>()

/** The search state of `db`, fresh if the database changed since it was read. */
export function searchCacheOf(db: Crdb): SearchCache {
  const generation = readGeneration(db)
  let cache = caches.get(db)
  if (!cache || cache.generation !== generation) {
    cache = {
      generation,
      dates: readEditionDates(db),
      textCount: Math.max(1, countIndexedTexts(db)),
      texts: new Map(),
      vocabulary: { ids: new Map(), words: [], stems: [], stop: [], byStem: new Map(), prefixes: new Map() },
      matches: new Map(),
      matchedIds: 0,
      stemCounts: new Map(),
      searches: 0,
      contentVersions: new Map(),
      ruleVersions: new Map(),
      versionsKept: new Uint8Array(0),
      masks: new Map(),
      marks: new Int32Array(0),
      stamp: 0,
      extra: new Map()
    }
    caches.set(db, cache)
  }
  return cache
}

/** Read how many texts hold each of these stems into {@link SearchCache.stemCounts} (0 for none), once per handle. */
export function loadStemCounts(db: Crdb, cache: SearchCache, stems: string[]): void {
  const missing = stems.filter((stem) => !cache.stemCounts.has(stem))
  if (missing.length > 0) {
    const counts = readStemCounts(db, missing)
    for (const stem of missing) cache.stemCounts.set(stem, counts.get(stem) ?? 0)
  }
}

/**
 * The ids of the texts a full-text expression (already quoted and checked) matches, ascending,
 * read once per handle: a common word's or phrase's thousands of hits are read from FTS5 once,
 * not per query (`"the stack"` reads the positions of every `the` in every edition).
 */
export function textsMatching(db: Crdb, cache: SearchCache, expression: string): Int32Array {
  let ids = cache.matches.get(expression)
  if (!ids) {
    ids = Int32Array.from(matchTexts(db, expression)).sort()
    if (cache.matches.size >= maxMatches || cache.matchedIds + ids.length > maxMatchedIds) {
      cache.matches.clear()
      cache.matchedIds = 0
    }
    cache.matches.set(expression, ids)
    cache.matchedIds += ids.length
  }
  return ids
}

/** The ids of the texts the full-text index matches `word` in (any field), ascending, read once per handle. */
export function textsHolding(db: Crdb, cache: SearchCache, word: string): Int32Array {
  return textsMatching(db, cache, `"${word.replace(/"/g, '""')}"`)
}

/** The id of a folded word, added to the vocabulary when new. */
function wordIdOf(vocabulary: Vocabulary, word: string): number {
  let id = vocabulary.ids.get(word)
  if (id === undefined) {
    id = vocabulary.words.length
    const stem = stemOf(word)
    vocabulary.ids.set(word, id)
    vocabulary.words.push(word)
    vocabulary.stems.push(stem)
    vocabulary.stop.push(stopWords.has(word))
    let same = vocabulary.byStem.get(stem)
    if (!same) vocabulary.byStem.set(stem, (same = []))
    same.push(id)
  }
  return id
}

/** The word ids of the vocabulary a prefix matches (a word or its stem starts with it), kept per handle. */
export function wordsWithPrefix(vocabulary: Vocabulary, prefix: string): readonly number[] {
  let found = vocabulary.prefixes.get(prefix)
  if (!found) {
    if (vocabulary.prefixes.size >= 1000) vocabulary.prefixes.clear()
    vocabulary.prefixes.set(prefix, (found = { seen: 0, ids: [] }))
  }
  // Words added since the list was made are looked at now.
  for (; found.seen < vocabulary.words.length; found.seen++) {
    if (vocabulary.words[found.seen].startsWith(prefix) || vocabulary.stems[found.seen].startsWith(prefix)) found.ids.push(found.seen)
  }
  return found.ids
}

/** Add the vocabulary ids of the words of `text` to `into`. */
function addWords(vocabulary: Vocabulary, text: string, into: number[]): void {
  const spans = wordSpans(text)
  for (let index = 0; index < spans.length; index += 2) into.push(wordIdOf(vocabulary, foldWord(text.slice(spans[index], spans[index + 1]))))
}

/**
 * These indexed texts with their words, read and split once per handle: the
 * returned map holds each of `ids` the index has (and may hold others).
 */
export function indexedTextsOf(db: Crdb, cache: SearchCache, ids: ArrayLike<number>): ReadonlyMap<number, IndexedText> {
  const missing: number[] = []
  for (let index = 0; index < ids.length; index++) if (!cache.texts.has(ids[index])) missing.push(ids[index])
  if (missing.length > 0) {
    if (cache.texts.size + missing.length > maxTexts) cache.texts.clear()
    const vocabulary = cache.vocabulary
    const words: number[] = []
    for (const [id, name, text, examples] of readIndexedTexts(db, missing)) {
      words.length = 0
      addWords(vocabulary, name, words)
      const nameEnd = words.length
      addWords(vocabulary, text, words)
      const textEnd = words.length
      if (examples !== '') addWords(vocabulary, examples, words)
      cache.texts.set(id, { id, name, text, examples, words: Int32Array.from(words), nameEnd, textEnd })
    }
  }
  return cache.texts
}

/**
 * The scope of `range` (`null`: every version). From the handle's second
 * search on, a range's versions are read whole the first time it is searched
 * (through the index of dates) and kept: as a mask of its contents, a byte a
 * text, and each version once per handle however many ranges hold it. The
 * first search reads only the versions it needs, which is what a one-shot CLI
 * search wants.
 */
export function scopeOf(db: Crdb, cache: SearchCache, range: ScopeRange): Scope {
  const dates = cache.dates
  const validTo = (lastDate: string): string | null => dates[upperBound(dates, lastDate)] ?? null
  cache.searches++
  if (cache.searches === 1) {
    return {
      versionsFor: (contentIds) => {
        const found = groupVersions(readVersionsOfContents(db, [...new Set(Array.from(contentIds))], range), dates, (version) => version.contentId)
        return (contentId) => found.get(contentId)
      },
      rulesNumbered: (keys) => (keys.length === 0 ? [] : readRuleVersions(db, keys, range).map((row) => versionOf(row, dates))),
      validTo
    }
  }
  const { counts: mask, versions: inRangeVersions } = maskOf(db, cache, range)
  // In force at some time of the range: first date <= to, last date >= from (by the dates' places among the editions').
  const toPlace = range === null ? 0 : placeOf(dates, range.to)
  const fromPlace = range === null ? 0 : placeOf(dates, range.from)
  const inRange = (version: ScopeVersion): boolean => {
    if (range === null) return true
    const { firstPlace, lastPlace } = version as KeptVersion
    return (
      (firstPlace < toPlace || (firstPlace === toPlace && version.firstDate <= range.to)) &&
      (lastPlace > fromPlace || (lastPlace === fromPlace && version.lastDate >= range.from))
    )
  }
  const versionsOf = (id: number): readonly ScopeVersion[] | undefined => {
    const inside = mask[id]
    if (!inside) return undefined
    // Versions kept after the mask was made are outside the range: while there are none, all are in it.
    const versions = cache.contentVersions.get(id)!
    if (inside === versions.length) return versions
    let kept = inRangeVersions.get(id)
    if (!kept) inRangeVersions.set(id, (kept = versions.filter(inRange)))
    return kept
  }
  return {
    versionsFor: () => versionsOf,
    rulesNumbered: (keys) => {
      const unread = keys.filter((key) => !cache.ruleVersions.has(key))
      if (unread.length > 0) {
        const read = groupVersions(readRuleVersions(db, unread, null), dates, (version) => version.key)
        for (const key of unread) cache.ruleVersions.set(key, read.get(key) ?? [])
      }
      return keys.flatMap((key) => cache.ruleVersions.get(key)!.filter(inRange))
    },
    validTo,
    holding: (lists) => {
      const kept: number[] = []
      if (lists.length === 1) {
        const list = lists[0]
        for (let index = 0; index < list.length; index++) if (mask[list[index]]) kept.push(list[index])
        return kept
      }
      if (cache.marks.length < mask.length) cache.marks = new Int32Array(mask.length)
      const marks = cache.marks
      const stamp = ++cache.stamp
      for (const list of lists) {
        for (let index = 0; index < list.length; index++) {
          const id = list[index]
          if (mask[id] && marks[id] !== stamp) {
            marks[id] = stamp
            kept.push(id)
          }
        }
      }
      return Int32Array.from(kept).sort()
    }
  }
}

/**
 * Which contents have a version in `range`, made once per range from its versions (read through
 * the index of dates), which join the versions kept per content (each once).
 */
function maskOf(db: Crdb, cache: SearchCache, range: ScopeRange): RangeMask {
  const name = range === null ? '*' : `${range.from}/${range.to}`
  const known = cache.masks.get(name)
  if (known) return known
  const rows = readAllVersions(db, range)
  let top = 0
  let topVersion = 0
  for (const row of rows) {
    if (row[4] > top) top = row[4]
    if (row[8] > topVersion) topVersion = row[8]
  }
  const mask = new Uint8Array(top + 1)
  if (topVersion >= cache.versionsKept.length) {
    const kept = new Uint8Array(topVersion + 1)
    kept.set(cache.versionsKept)
    cache.versionsKept = kept
  }
  for (const row of rows) {
    const contentId = row[4]
    if (mask[contentId] < 255) mask[contentId]++
    if (cache.versionsKept[row[8]] === 1) continue
    cache.versionsKept[row[8]] = 1
    const versions = cache.contentVersions.get(contentId)
    if (versions) versions.push(versionOf(row, cache.dates))
    else cache.contentVersions.set(contentId, [versionOf(row, cache.dates)])
  }
  if (cache.masks.size >= maxMasks) cache.masks.clear()
  const made = { counts: mask, versions: new Map() }
  cache.masks.set(name, made)
  return made
}

/** A version read. */
function versionOf([kind, key, label, sortKey, contentId, firstDate, lastDate, obsolete, , lineage]: VersionTuple, dates: string[]): KeptVersion {
  return {
    contentId,
    kind,
    key,
    label,
    sortKey,
    firstDate,
    lastDate,
    obsolete: obsolete === 1,
    lineage,
    firstPlace: placeOf(dates, firstDate),
    lastPlace: placeOf(dates, lastDate)
  }
}

/** A version kept, with the places of its dates among the editions' (see {@link placeOf}). */
interface KeptVersion extends ScopeVersion {
  firstPlace: number
  lastPlace: number
}

/**
 * Where `day` falls among the ascending edition `dates`: `2i + 1` for the `i`-th, `2i` between the
 * `i - 1`-th and the `i`-th. Places keep the order of days; two equal places of days not among
 * the dates are compared as strings.
 */
function placeOf(dates: string[], day: string): number {
  const at = lowerBound(dates, day)
  return 2 * at + (dates[at] === day ? 1 : 0)
}

/** Versions read, grouped by `keyOf`. */
function groupVersions<K>(rows: VersionTuple[], dates: string[], keyOf: (version: ScopeVersion) => K): Map<K, ScopeVersion[]> {
  const grouped = new Map<K, ScopeVersion[]>()
  for (const row of rows) {
    const version = versionOf(row, dates)
    const key = keyOf(version)
    const list = grouped.get(key)
    if (list) list.push(version)
    else grouped.set(key, [version])
  }
  return grouped
}

/** The union of ascending lists of ids, ascending. */
export function unionOf(lists: ReadonlyArray<ArrayLike<number>>): ArrayLike<number> {
  if (lists.length === 1) return lists[0]
  let total = 0
  for (const list of lists) total += list.length
  const all = new Int32Array(total)
  let at = 0
  for (const list of lists) {
    all.set(list, at)
    at += list.length
  }
  all.sort()
  let kept = 0
  for (let index = 0; index < all.length; index++) if (index === 0 || all[index] !== all[index - 1]) all[kept++] = all[index]
  return all.subarray(0, kept)
}
