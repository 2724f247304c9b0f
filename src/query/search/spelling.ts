/**
 * Typo correction: a query word the index does not hold is read as the
 * nearest word it does hold (edit distance over the index's stems; the more
 * common of two equally near ones).
 */
import { distance } from 'fastest-levenshtein'
import type { Crdb } from '../../store/database.js'
import type { SearchCache } from './scope.js'
import { anyTextMatches, readAllStems } from '../../store/search.js'
import { stemOf } from './words.js'

/** A correction: the word as typed, and the word searched for instead. */
export interface Correction {
  from: string
  to: string
  /** The stem searched for. */
  stem: string
}

/** The most edits a word of this length may need to count as a typo of another. */
function allowedEdits(length: number): number {
  return length <= 4 ? 1 : length <= 8 ? 2 : 3
}

/**
 * The correction of `word` (folded, not in the index), or `undefined` when no
 * indexed word is near enough. Words of fewer than four letters, and words
 * with digits, are never corrected.
 */
export function correctWord(db: Crdb, cache: SearchCache, word: string): Correction | undefined {
  if (word.length < 4 || !/^[a-z]+$/.test(word)) return undefined
  // A word's correction does not change until the database does (the cache is per generation).
  let known = cache.extra.get('corrections') as Map<string, Correction | undefined> | undefined
  if (!known) cache.extra.set('corrections', (known = new Map()))
  if (known.has(word)) return known.get(word)
  if (known.size >= 10_000) known.clear()
  const correction = findCorrection(db, cache, word)
  known.set(word, correction)
  return correction
}

/** The nearest indexed word to `word` (see {@link correctWord}), searched for. */
function findCorrection(db: Crdb, cache: SearchCache, word: string): Correction | undefined {
  // The word counts may be stale after an interrupted build: ask the index itself.
  if (anyTextMatches(db, `"${word}"`)) return undefined
  let vocabulary = cache.extra.get('stems') as Array<[string, number]> | undefined
  if (!vocabulary) cache.extra.set('stems', (vocabulary = readAllStems(db).filter(([stem]) => /^[a-z]+$/.test(stem))))
  const stem = stemOf(word)
  const limit = allowedEdits(word.length)
  let best: [string, number, number] | undefined
  for (const [candidate, docs] of vocabulary) {
    if (Math.abs(candidate.length - stem.length) > limit) continue
    const edits = Math.min(distance(stem, candidate), distance(word, candidate))
    if (edits > limit || edits === 0) continue
    if (!best || edits < best[1] || (edits === best[1] && docs > best[2])) best = [candidate, edits, docs]
  }
  if (!best) return undefined
  return { from: word, to: spell(best[0], word, stem), stem: best[0] }
}

/** A word whose stem is `stem`, ending as the typed word does (`plainswalker` -> `planeswalk` -> `planeswalker`). */
function spell(stem: string, typed: string, typedStem: string): string {
  const ending = typed.startsWith(typedStem) ? typed.slice(typedStem.length) : ''
  for (const candidate of [
    stem + ending,
    stem,
    stem + 'e',
    stem + 's',
    stem + 'er',
    stem + 'ing',
    stem + 'ed',
    stem.replace(/i$/, 'y'),
    stem + 'ion',
    stem + 'ity',
    stem + 'al'
  ]) {
    if (stemOf(candidate) === stem) return candidate
  }
  return stem
}
