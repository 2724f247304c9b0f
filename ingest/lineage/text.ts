/**
 * Texts as lineage matching compares them: folded typography, no rule numbers,
 * the older side read through the vocabulary of a rewrite, words weighted by
 * how rare they are (a keyword's name tells two "Multiple instances of X are
 * redundant" rules apart; "creature" does not).
 */
import type { CompiledRewrite } from '../../src/vocabulary/rewrite-vocabulary.js'

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
function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(foldPattern, (found) => folds[found] ?? (found.trim() === '' ? ' ' : ''))
    .trim()
}

const foldPattern = /[’‘`“”—–_™®]|\(tm\)|\(r\)|\s{2,}|[\t\n\r]/g
const folds: Record<string, string> = { '’': "'", '‘': "'", '`': "'", '“': '"', '”': '"', '—': '-', '–': '-' }

// Cross-reference numbers: they change with every renumbering, so they are not evidence.
const referencePattern = /\b\d{3}\.\d{1,3}[a-z]?\b|\b\d{3}\b(?!\/)/g

/** The rule numbers a text refers to (`see rule 213`, `rule 601.2c`), each once. */
export function referencesOf(text: string): string[] {
  return [...new Set(text.match(referencePattern) ?? [])]
}

/** The comparable form of a text: folded, rewritten into the newer vocabulary, references masked. */
export function normalizeText(text: string, rewrite?: CompiledRewrite): string {
  let folded = foldText(text)
  if (rewrite) folded = rewrite.apply(folded)
  return folded.replace(referencePattern, '#').replace(/\s+/g, ' ').trim()
}

/** The words of a normalized text: stop words and numbers dropped, plurals and possessives folded. */
export function wordsOf(normalized: string, rewrite?: CompiledRewrite): string[] {
  const words: string[] = []
  // A scan for /[a-z0-9]+(?:['+/-][a-z0-9]+)*/g by hand: this runs over every text of the archive.
  const length = normalized.length
  for (let start = 0; start < length; ) {
    if (!isWordCode(normalized.charCodeAt(start))) {
      start++
      continue
    }
    let end = start + 1
    for (;;) {
      while (end < length && isWordCode(normalized.charCodeAt(end))) end++
      const joiner = normalized.charCodeAt(end)
      if ((joiner === 39 || joiner === 43 || joiner === 47 || joiner === 45) && end + 1 < length && isWordCode(normalized.charCodeAt(end + 1))) end += 2
      else break
    }
    let word = normalized.slice(start, end)
    start = end
    if (word.endsWith("'s")) word = word.slice(0, -2)
    const first = word.charCodeAt(0)
    // Numbers, and labels such as a sublayer's "7d", which move with every renumbering as references do.
    if ((first >= 48 && first <= 57 && /^[\d/+-]+$|^\d+[a-z]$/.test(word)) || stopWords.has(word)) continue
    if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) word = word.slice(0, -1)
    words.push(rewrite?.equivalents.get(word) ?? word)
  }
  return words
}

/** A character of a word: a-z or 0-9. */
function isWordCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57)
}

/** Fixed document frequencies: how many texts were counted, and in how many of them each word is. */
export interface WordCounts {
  documents: number
  words: ReadonlyMap<string, number>
}

/**
 * Document frequencies of words over a set of texts, and the weight they give.
 * Words become small integer ids, so that texts are compact sorted arrays
 * (compared by merging, and light on the garbage collector).
 */
export class WordWeights {
  /**
   * Weights from fixed counts (`documents` texts; `words`: in how many of them each word is) instead of
   * the texts counted here: a word the counts do not have weighs as the rarest.
   */
  constructor(private readonly reference?: WordCounts) {}

  private readonly idOf = new Map<string, number>()
  private readonly words: string[] = []
  private frequency = new Int32Array(1024)
  private counted = new Int32Array(0)
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

  /** Forget every count (the ids stay): the next documents counted make new weights. */
  resetCounts(): void {
    this.frequency.fill(0)
    this.counted.fill(0)
    this.documents = 0
    this.weightOf = new Float64Array(0)
  }

  /** Count one document's words, as ids. */
  addIds(ids: ArrayLike<number>): void {
    this.documents++
    this.weightOf = new Float64Array(0)
    // A word counts once per document: `counted` holds the last document that counted it.
    if (this.counted.length < this.frequency.length) {
      const grown = new Int32Array(this.frequency.length)
      grown.set(this.counted)
      this.counted = grown
    }
    for (let index = 0; index < ids.length; index++) {
      const id = ids[index]
      if (this.counted[id] === this.documents) continue
      this.counted[id] = this.documents
      this.frequency[id]++
    }
  }

  /** The weight of a word id: rarer words weigh more (inverse document frequency). */
  weight(id: number): number {
    if (this.reference) {
      if (id >= this.weightOf.length) {
        // Ids come as words are first seen: weigh those not weighed yet.
        const grown = new Float64Array(Math.max(this.idOf.size, id + 1))
        grown.set(this.weightOf)
        const { documents, words } = this.reference
        for (let index = this.weightOf.length; index < grown.length; index++)
          grown[index] = quantize(Math.log(1 + documents / Math.max(1, words.get(this.words[index]) ?? 0)))
        this.weightOf = grown
      }
      return this.weightOf[id]
    }
    // Computed once after the counting; a word first seen later (a rewrite's) weighs as the rarest.
    if (this.weightOf.length === 0 && this.documents > 0) {
      this.weightOf = new Float64Array(this.idOf.size)
      for (let index = 0; index < this.weightOf.length; index++)
        this.weightOf[index] = quantize(Math.log(1 + this.documents / Math.max(1, this.frequency[index])))
    }
    return id < this.weightOf.length ? this.weightOf[id] : quantize(Math.log(1 + this.documents))
  }

  /** A text's words with their weights. */
  weigh(words: string[]): WeightedWords {
    return this.weighIds(this.ids(words))
  }

  /** A text's words, as ids, with their weights. */
  weighIds(words: Int32Array): WeightedWords {
    // Distinct ids, sorted: sort a copy, then drop repeats in place.
    const sorted = Int32Array.from(words).sort()
    let distinct = 0
    for (let index = 0; index < sorted.length; index++) if (index === 0 || sorted[index] !== sorted[index - 1]) sorted[distinct++] = sorted[index]
    const ids = sorted.slice(0, distinct)
    const weights = new Float64Array(ids.length)
    let total = 0
    for (let index = 0; index < ids.length; index++) total += weights[index] = this.weight(ids[index])
    return { ids, weights, total }
  }
}

/**
 * A weight on a grid of 2^-24: sums of such weights are exact, so they do not depend on the order
 * words are added in (the order of their ids), and a pair of editions matched alone gives the
 * scores it gets in a whole build, whose ids were given in another order.
 */
function quantize(weight: number): number {
  return Math.round(weight * 16_777_216) / 16_777_216
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
