/**
 * Texts as lineage matching compares them: folded typography, no rule numbers,
 * the older side read through the vocabulary of a rewrite, words weighted by
 * how rare they are (a keyword's name tells two "Multiple instances of X are
 * redundant" rules apart; "creature" does not).
 */
import type { CompiledRewrite } from './vocabulary.js'

/** A text's distinct words as sorted word ids, with their weights, and the sum of the weights. */
export interface WeightedWords {
  ids: Int32Array
  weights: Float64Array
  total: number
}

const stopWords = new Set(
  'a an and are as at be by for from has have if in is it its of on or that the their then this to with he she his her they them him'.split(' ')
)

/** Lower case, typography folded, italics markup dropped: the form compared for equality. */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(foldPattern, (found) => folds[found] ?? (found.trim() === '' ? ' ' : ''))
    .trim()
}

const foldPattern = /[’‘`“”—–_™®]|\(tm\)|\(r\)|\s{2,}|[\t\n\r]/g
const folds: Record<string, string> = { '’': "'", '‘': "'", '`': "'", '“': '"', '”': '"', '—': '-', '–': '-' }

// Cross-reference numbers: they change with every renumbering, so they are not evidence.
const referencePattern = /\b\d{3}\.\d{1,3}[a-z]?\b|\b\d{3}\b(?!\/)/g

/** The comparable form of a text: folded, rewritten into the newer vocabulary, references masked. */
export function normalizeText(text: string, rewrite?: CompiledRewrite): string {
  let folded = foldText(text)
  if (rewrite) folded = rewrite.apply(folded)
  return folded.replace(referencePattern, '#').replace(/\s+/g, ' ').trim()
}

/** The words of a normalized text: stop words and numbers dropped, plurals and possessives folded. */
export function wordsOf(normalized: string, rewrite?: CompiledRewrite): string[] {
  const words: string[] = []
  for (const match of normalized.matchAll(wordPattern)) {
    let word = match[0]
    if (word.endsWith("'s")) word = word.slice(0, -2)
    const first = word.charCodeAt(0)
    if ((first >= 48 && first <= 57 && /^[\d/+-]+$/.test(word)) || stopWords.has(word)) continue
    if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) word = word.slice(0, -1)
    words.push(rewrite?.equivalents.get(word) ?? word)
  }
  return words
}

const wordPattern = /[a-z0-9]+(?:['+/-][a-z0-9]+)*/g

/**
 * Document frequencies of words over a set of texts, and the weight they give.
 * Words become small integer ids, so that texts are compact sorted arrays
 * (compared by merging, and light on the garbage collector).
 */
export class WordWeights {
  private readonly idOf = new Map<string, number>()
  private readonly words: string[] = []
  private frequency = new Int32Array(1024)
  private weightOf = new Float64Array(0)
  private documents = 0

  /** The id of a word (a new one for a word never seen). */
  id(word: string): number {
    let id = this.idOf.get(word)
    if (id === undefined) {
      this.idOf.set(word, (id = this.idOf.size))
      this.words.push(word)
      if (id >= this.frequency.length) {
        const grown = new Int32Array(this.frequency.length * 2)
        grown.set(this.frequency)
        this.frequency = grown
      }
    }
    return id
  }

  /** The word of an id. */
  word(id: number): string {
    return this.words[id]
  }

  /** The ids of `words`, in order (new words get new ids). */
  ids(words: string[]): Int32Array {
    const ids = new Int32Array(words.length)
    for (let index = 0; index < words.length; index++) ids[index] = this.id(words[index])
    return ids
  }

  /** Count one document's words. */
  add(words: Iterable<string>): void {
    this.addIds(Array.from(words, (word) => this.id(word)))
  }

  /** Count one document's words, as ids. */
  addIds(ids: ArrayLike<number>): void {
    this.documents++
    this.weightOf = new Float64Array(0)
    const seen = new Set<number>()
    for (let index = 0; index < ids.length; index++) {
      const id = ids[index]
      if (seen.has(id)) continue
      seen.add(id)
      this.frequency[id]++
    }
  }

  /** The weight of a word id: rarer words weigh more (inverse document frequency). */
  weight(id: number): number {
    // Computed once after the counting; a word first seen later (a rewrite's) weighs as the rarest.
    if (this.weightOf.length === 0 && this.documents > 0) {
      this.weightOf = new Float64Array(this.idOf.size)
      for (let index = 0; index < this.weightOf.length; index++) this.weightOf[index] = Math.log(1 + this.documents / Math.max(1, this.frequency[index]))
    }
    return id < this.weightOf.length ? this.weightOf[id] : Math.log(1 + this.documents)
  }

  /** A text's words with their weights. */
  weigh(words: string[]): WeightedWords {
    return this.weighIds(this.ids(words))
  }

  /** A text's words, as ids, with their weights. */
  weighIds(words: Int32Array): WeightedWords {
    const ids = Int32Array.from(new Set(words)).sort()
    const weights = new Float64Array(ids.length)
    let total = 0
    for (let index = 0; index < ids.length; index++) total += weights[index] = this.weight(ids[index])
    return { ids, weights, total }
  }
}

/** The weight two texts share. */
export function sharedWeight(a: WeightedWords, b: WeightedWords): number {
  let shared = 0
  let i = 0
  let j = 0
  while (i < a.ids.length && j < b.ids.length) {
    const x = a.ids[i]
    const y = b.ids[j]
    if (x === y) {
      shared += a.weights[i]
      i++
      j++
    } else if (x < y) i++
    else j++
  }
  return shared
}
