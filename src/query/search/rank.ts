/**
 * Scoring a text against a plan: bm25 over fields (a name above the text,
 * examples lower), scaled by how much of the query the text covers, with a
 * bonus for the query's neighbouring words found close together, for a name
 * that is the query, and (for a pasted passage) for word overlap.
 */
import type { SearchPlan } from './plan.js'
import type { IndexedText } from './scope.js'
import { stopWords, tokenize, weakStopWords, type Token } from './words.js'

/** Which fields of a text a score reads, and how much each weighs. */
export interface FieldWeights {
  name: number
  text: number
  examples: number
}

/** A rule or term is scored on its name and text, and a little on its examples. */
export const ruleFields: FieldWeights = { name: 3, text: 1, examples: 0.25 }
/** An example hit is scored on the examples alone. */
export const exampleFields: FieldWeights = { name: 0, text: 0, examples: 1 }

const k1 = 1.2
const b = 0.75
const averageLength = { name: 2, text: 35, examples: 45 }

/** What a score found: the score, and whether the text's name is the query. */
export interface Score {
  score: number
  /** Share of the query's weight found (0..1). */
  coverage: number
  /** 1 when a name of the text (term heading, rule title) is exactly the query's words; less for part of it. */
  nameMatch: number
  /** How many of the query's words that name holds (the fuller name of two ranks first). */
  nameWords: number
}

function matches(token: Token, stems: string[], prefix: boolean): boolean {
  if (prefix) return stems.some((stem) => token.word.startsWith(stem) || token.stem.startsWith(stem))
  return stems.includes(token.stem)
}

const nameSets = new WeakMap<IndexedText, Array<Set<string>>>()
const contentStems = new WeakMap<Token[], Set<string>>()

/** The stems of a field's words, stop words left out (read once per text). */
function contentStemsOf(tokens: Token[]): Set<string> {
  let stems = contentStems.get(tokens)
  if (!stems) contentStems.set(tokens, (stems = new Set(tokens.filter((token) => !stopWords.has(token.word)).map((token) => token.stem))))
  return stems
}

/** The names of a text (read once per text). */
function nameStemSets(text: IndexedText): Array<Set<string>> {
  let sets = nameSets.get(text)
  if (!sets) nameSets.set(text, (sets = readNameStemSets(text)))
  return sets
}

/** The names of a text: a term heading's parts (`Life, Life Total`), a rule's title; content stems only. */
function readNameStemSets(text: IndexedText): Array<Set<string>> {
  if (text.name === '') return []
  const parts = text.name.replace(/\([^)]*\)/g, ' ').split(/\s*[/,;]\s*/)
  const sets: Array<Set<string>> = []
  const whole = new Set<string>()
  for (const part of parts) {
    const stems = tokenize(part)
      .filter((token) => !stopWords.has(token.word) || weakStopWords.has(token.word))
      .map((token) => token.stem)
    if (stems.length > 0) sets.push(new Set(stems))
    for (const stem of stems) whole.add(stem)
  }
  if (parts.length > 1 && whole.size > 0) sets.push(whole)
  return sets
}

/** Where one stem is in a text: how often in its name, and its positions in its text and in its examples. */
interface StemPlaces {
  name: number
  text: number[]
  examples: number[]
}

const stemPlaces = new WeakMap<IndexedText, Map<string, StemPlaces>>()

/** Every stem of a text with its places, field by field (read once per text: a query then looks up each of its terms once). */
function stemPlacesOf(text: IndexedText): Map<string, StemPlaces> {
  let places = stemPlaces.get(text)
  if (!places) {
    const found = new Map<string, StemPlaces>()
    const at = (stem: string): StemPlaces => {
      let place = found.get(stem)
      if (!place) found.set(stem, (place = { name: 0, text: [], examples: [] }))
      return place
    }
    for (const token of text.nameTokens) at(token.stem).name++
    text.textTokens.forEach((token, position) => {
      at(token.stem).text.push(position)
    })
    text.exampleTokens.forEach((token, position) => {
      at(token.stem).examples.push(position)
    })
    stemPlaces.set(text, (places = found))
  }
  return places
}

/** The positions in a field of the tokens a prefix matches, in order. */
function prefixPositions(tokens: Token[], stems: string[]): number[] {
  const at: number[] = []
  tokens.forEach((token, position) => {
    if (matches(token, stems, true)) at.push(position)
  })
  return at
}

const noPlaces: StemPlaces = { name: 0, text: [], examples: [] }

/** Where a term's stems are in a text (several stems: their places merged, positions in order). */
function termPlaces(text: IndexedText, places: Map<string, StemPlaces>, stems: string[], prefix: boolean): StemPlaces {
  if (prefix) {
    return {
      name: prefixPositions(text.nameTokens, stems).length,
      text: prefixPositions(text.textTokens, stems),
      examples: prefixPositions(text.exampleTokens, stems)
    }
  }
  if (stems.length === 1) return places.get(stems[0]) ?? noPlaces
  const merged: StemPlaces = { name: 0, text: [], examples: [] }
  for (const stem of stems) {
    const place = places.get(stem)
    if (!place) continue
    merged.name += place.name
    merged.text.push(...place.text)
    merged.examples.push(...place.examples)
  }
  merged.text.sort((a, b) => a - b)
  merged.examples.sort((a, b) => a - b)
  return merged
}

const planStems = new WeakMap<SearchPlan, { terms: Set<string>; names: Set<string> }>()

/** A plan's terms' first stems and its name stems, as sets (made once per plan, not per text). */
function stemSetsOf(plan: SearchPlan): { terms: Set<string>; names: Set<string> } {
  let sets = planStems.get(plan)
  if (!sets) planStems.set(plan, (sets = { terms: new Set(plan.terms.map((term) => term.stems[0])), names: new Set(plan.nameStems) }))
  return sets
}

/** Whether every member of `set` is in `other`. */
function everyIn(set: Set<string>, other: Set<string>): boolean {
  for (const member of set) if (!other.has(member)) return false
  return true
}

/** Score `text` against `plan`, reading the fields `weights` gives weight to. */
export function scoreText(plan: SearchPlan, text: IndexedText, weights: FieldWeights): Score {
  // The fields read, in this order: name, text, examples (each with its length normalisation).
  const useName = weights.name > 0 && text.nameTokens.length > 0
  const useText = weights.text > 0
  const useExamples = weights.examples > 0 && text.exampleTokens.length > 0
  const nameNorm = 1 - b + (b * text.nameTokens.length) / averageLength.name
  const textNorm = 1 - b + (b * text.textTokens.length) / averageLength.text
  const examplesNorm = 1 - b + (b * text.exampleTokens.length) / averageLength.examples
  const places = stemPlacesOf(text)

  let bm = 0
  let found = 0
  let wanted = 0
  const positions: Array<number[] | undefined> = []
  const body = weights.text > 0 ? text.textTokens : text.exampleTokens
  for (let index = 0; index < plan.terms.length; index++) {
    const term = plan.terms[index]
    wanted += term.weight * term.idf
    const place = termPlaces(text, places, term.stems, term.prefix)
    let weighted = 0
    if (useName && place.name > 0) weighted += (weights.name * place.name) / nameNorm
    if (useText && place.text.length > 0) weighted += (weights.text * place.text.length) / textNorm
    if (useExamples && place.examples.length > 0) weighted += (weights.examples * place.examples.length) / examplesNorm
    if (weighted > 0) {
      bm += (term.weight * term.idf * weighted * (k1 + 1)) / (k1 + weighted)
      found += term.weight * term.idf
      if (plan.pairs.length > 0) positions[index] = weights.text > 0 ? place.text : place.examples
    }
  }
  if (bm === 0) return { score: 0, coverage: 0, nameMatch: 0, nameWords: 0 }
  const coverage = wanted > 0 ? found / wanted : 0

  // Neighbouring query words close together (at most two words between them, in order).
  let near = 0
  for (const [first, second] of plan.pairs) {
    const a = positions[first]
    const c = positions[second]
    if (!a || !c) continue
    if (a.some((p) => c.some((q) => q > p && q - p <= 3))) near += 0.6 * Math.min(plan.terms[first].idf, plan.terms[second].idf)
  }

  let score = (bm + near) * coverage * coverage

  if (plan.passage) {
    // Word overlap with the passage (Dice over content stems).
    const query = stemSetsOf(plan).terms
    const words = contentStemsOf(body)
    let shared = 0
    for (const stem of query) if (words.has(stem)) shared++
    const dice = (2 * shared) / (query.size + words.size)
    score = score * (0.5 + 2 * dice)
  }

  // A name that is the query (or the query with question words around it).
  let nameMatch = 0
  let nameWords = 0
  if (plan.nameStems.length > 0) {
    const query = stemSetsOf(plan).names
    for (const name of nameStemSets(text)) {
      if (!everyIn(name, query)) continue
      const needed = [...query].filter((stem) => !name.has(stem) && !plan.optionalNameStems.has(stem)).length
      const share = needed === 0 ? 1 : name.size / (name.size + needed)
      if (share > nameMatch || (share === nameMatch && name.size > nameWords)) {
        nameMatch = share
        nameWords = name.size
      }
    }
  }
  return { score, coverage, nameMatch, nameWords }
}

/** The final rank value of a score: names that are the query first, then by score. Larger is better. */
export function finalScore(score: Score, passage: boolean): number {
  if (passage) return score.score
  if (score.nameMatch === 1) return 1000 + 50 * score.nameWords + score.score
  return score.score * (1 + score.nameMatch)
}
