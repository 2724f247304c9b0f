/**
 * Typo correction: a query word the index does not hold, and that is not an
 * English word, is read as the nearest word it does hold (edit distance over
 * the index's stems and their words; the more common of two equally near ones).
 */
import { distance } from 'fastest-levenshtein'
import type { Crdb } from '../../store/database.js'
import type { SearchCache } from './scope.js'
import { anyTextMatches, readAllStems } from '../../store/search.js'
import { isEnglishWord } from './english-words.js'
import { stemOf, stopWords } from './words.js'

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

/** Whether typo correction looks at `word` (folded) at all: four letters or more, and letters only. */
export function isCorrectable(word: string): boolean {
  return word.length >= 4 && /^[a-z]+$/.test(word)
}

/**
 * The correction of `word` (folded, not in the index), or `undefined` when no
 * indexed word is near enough. Words of fewer than four letters, and words
 * with digits, are never corrected.
 */
export function correctWord(db: Crdb, cache: SearchCache, word: string): Correction | undefined {
  if (!isCorrectable(word)) return undefined
  // A word's correction does not change until the database does (the cache is per generation);
  // an English word's (none) is kept too, rather than looked up in the word list again.
  let known = cache.extra.get('corrections') as Map<string, Correction | undefined> | undefined
  if (!known) cache.extra.set('corrections', (known = new Map()))
  if (known.has(word)) return known.get(word)
  if (known.size >= 10_000) known.clear()
  const correction = isEnglishWord(word) ? undefined : findCorrection(db, cache, word)
  known.set(word, correction)
  return correction
}

/** Edits from one word to another, two letters swapped counting as one (`haev` -> `have`). */
function editsBetween(a: string, b: string): number {
  if (a.length === b.length && a !== b) {
    let at = 0
    while (a[at] === b[at]) at++
    if (a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2)) return 1
  }
  return distance(a, b)
}

/** Endings a stem's words add to it (`protect` -> `protection`), tried when a typed word is longer than a stem. */
const endings = ['e', 's', 'es', 'ed', 'er', 'ing', 'ion', 'ions', 'ity', 'al', 'y', 'ies', 'ive', 'ment', 'able', 'ible', 'ance', 'ence', 'ness']

/**
 * The letters of a word as a bit set (`a` bit 0 ... `z` bit 25, anything else bit 26). A letter one
 * word has and the other lacks costs an edit at least, so the letters two words do not share bound
 * the edits between them from below: most indexed words are left out on that alone.
 */
function lettersOf(word: string): number {
  let letters = 0
  for (let at = 0; at < word.length; at++) {
    const letter = word.charCodeAt(at) - 97
    letters |= 1 << (letter >= 0 && letter < 26 ? letter : 26)
  }
  return letters
}

/** How many bits of `bits` are set. */
function countBits(bits: number): number {
  let left = bits - ((bits >>> 1) & 0x55555555)
  left = (left & 0x33333333) + ((left >>> 2) & 0x33333333)
  return (((left + (left >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/** The fewest edits between two words of these letters and lengths can take (a bound, not the edits). */
function leastEdits(lettersA: number, lengthA: number, lettersB: number, lengthB: number): number {
  return Math.max(Math.abs(lengthA - lengthB), countBits(lettersA & ~lettersB), countBits(lettersB & ~lettersA))
}

/** The index's words a typed word may be a typo of (read once per generation), with their letters. */
interface Vocabulary {
  stems: Array<[string, number]>
  letters: Int32Array
}

const endingLetters = endings.map(lettersOf)

/** The nearest indexed word to `word` (see {@link correctWord}), searched for. */
function findCorrection(db: Crdb, cache: SearchCache, word: string): Correction | undefined {
  // The word counts may be stale after an interrupted build: ask the index itself.
  if (anyTextMatches(db, `"${word}"`)) return undefined
  let vocabulary = cache.extra.get('stems') as Vocabulary | undefined
  if (!vocabulary) {
    const stems = readAllStems(db).filter(([stem]) => /^[a-z]+$/.test(stem))
    cache.extra.set('stems', (vocabulary = { stems, letters: Int32Array.from(stems, ([stem]) => lettersOf(stem)) }))
  }
  const stem = stemOf(word)
  const limit = allowedEdits(word.length)
  const wordLetters = lettersOf(word)
  const stemLetters = lettersOf(stem)
  let best: [string, number, number] | undefined
  const { stems, letters } = vocabulary
  for (let index = 0; index < stems.length; index++) {
    const [candidate, docs] = stems[index]
    // A stem is shorter than its words (`protect` of `protection`): it may be up to four letters shorter than the word.
    const gap = word.length - candidate.length
    if (gap > limit + 4 || -gap > limit) continue
    // A candidate more edits away than the best so far (or the limit) cannot be chosen: its letters alone may say so.
    const most = best ? best[1] : limit
    const candidateLetters = letters[index]
    const near =
      leastEdits(stemLetters, stem.length, candidateLetters, candidate.length) <= most ||
      leastEdits(wordLetters, word.length, candidateLetters, candidate.length) <= most
    let edits = near ? Math.min(editsBetween(stem, candidate), editsBetween(word, candidate)) : Number.POSITIVE_INFINITY
    // Against the stem's words too: `protecton` is one edit from `protection`, two from `protect`.
    if (edits > 1 && gap > 0)
      for (let end = 0; end < endings.length; end++) {
        const ending = endings[end]
        if (leastEdits(wordLetters, word.length, candidateLetters | endingLetters[end], candidate.length + ending.length) > most) continue
        edits = Math.min(edits, distance(word, candidate + ending))
      }
    if (edits > limit || edits === 0) continue
    if (!best || edits < best[1] || (edits === best[1] && docs > best[2])) best = [candidate, edits, docs]
  }
  if (!best) return undefined
  // A typo of a small word (`haev`, `whcih`) is that word: left out, not read as a rules word.
  for (const small of stopWords) if (Math.abs(small.length - word.length) <= best[1] && editsBetween(small, word) <= Math.min(best[1], 2)) return undefined
  return { from: word, to: spell(best[0], word, stem), stem: best[0] }
}

/**
 * The word whose stem is `stem` nearest to the typed word (`protecton` -> `protect` -> `protection`;
 * `plainswalker` -> `planeswalk` -> `planeswalker`).
 */
function spell(stem: string, typed: string, typedStem: string): string {
  const ending = typed.startsWith(typedStem) ? typed.slice(typedStem.length) : ''
  let best = stem
  let edits = Number.POSITIVE_INFINITY
  for (const candidate of [
    stem + ending,
    stem,
    stem.replace(/i$/, 'y'),
    ...endings.map((end) => stem + end),
    ...endings.map((end) => stem.replace(/i$/, '') + end)
  ]) {
    if (stemOf(candidate) !== stem) continue
    const away = distance(candidate, typed)
    if (away < edits) {
      best = candidate
      edits = away
    }
  }
  return best
}
