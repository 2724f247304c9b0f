/**
 * Texts as lineage matching compares them: folded typography, no rule numbers,
 * the older side read through the vocabulary of a rewrite, words weighted by
 * how rare they are (a keyword's name tells two "Multiple instances of X are
 * redundant" rules apart; "creature" does not).
 */
import type { CompiledRewrite } from './vocabulary.js'

/** A text's words with their weights, and the sum of the weights. */
export interface WeightedWords {
  words: Map<string, number>
  total: number
}

const stopWords = new Set(
  'a an and are as at be by for from has have if in is it its of on or that the their then this to with he she his her they them him'.split(' ')
)

/** Lower case, typography folded, italics markup dropped: the form compared for equality. */
export function foldText(text: string): string {
  return text.toLowerCase().replace(foldPattern, (found) => folds[found] ?? (found.trim() === '' ? ' ' : '')).trim()
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

/** Document frequencies of words over a set of texts, and the weight they give. */
export class WordWeights {
  private readonly frequency = new Map<string, number>()
  private readonly weights = new Map<string, number>()
  private documents = 0

  /** Count one document's words. */
  add(words: Iterable<string>): void {
    this.weights.clear()
    this.documents++
    for (const word of new Set(words)) this.frequency.set(word, (this.frequency.get(word) ?? 0) + 1)
  }

  /** The weight of a word: rarer words weigh more (inverse document frequency). */
  weight(word: string): number {
    let value = this.weights.get(word)
    if (value === undefined) this.weights.set(word, (value = Math.log(1 + this.documents / (this.frequency.get(word) ?? 1))))
    return value
  }

  /** A text's words with their weights. */
  weigh(words: string[]): WeightedWords {
    const map = new Map<string, number>()
    let total = 0
    for (const word of words) {
      if (map.has(word)) continue
      const value = this.weight(word)
      map.set(word, value)
      total += value
    }
    return { words: map, total }
  }
}
