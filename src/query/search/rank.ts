/**
 * Scoring a text against a plan: bm25 over fields (a name above the text,
 * examples lower), scaled by how much of the query the text covers, with a
 * bonus for the query's neighbouring words found close together and for a name
 * that is the query; a rule also reads the headings it inherits (headings.ts).
 */
import type { Heading } from './headings.js'
import type { SearchPlan } from './plan.js'
import { wordsWithPrefix, type IndexedText, type Vocabulary } from './scope.js'
import { stopWords, tokenize, weakStopWords } from './words.js'

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

const nameSets = new WeakMap<IndexedText, Array<Set<string>>>()
const noNames: Array<Set<string>> = []

/** The names of a text (read once per text). */
function nameStemSets(text: IndexedText): Array<Set<string>> {
  if (text.name === '') return noNames
  let sets = nameSets.get(text)
  if (!sets) nameSets.set(text, (sets = readNameStemSets(text)))
  return sets
}

/** The names of a text: a term heading's parts (`Life, Life Total`), a rule's title; content stems only. */
function readNameStemSets(text: IndexedText): Array<Set<string>> {
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

/**
 * Which of a plan's terms each word of the vocabulary is, made once per plan (and again when the
 * vocabulary has grown), and the places of the terms in the text read last: scoring a text is one
 * pass over its word ids, whatever the number of terms.
 */
interface Matcher {
  /** How many words of the vocabulary it knows. */
  size: number
  /** Per word id: 0 for no term, `t + 1` for term `t` alone, `-(k + 1)` for the terms of `several[k]`. */
  termOf: Int32Array
  several: number[][]
  /** The text whose places are below. */
  scanned?: IndexedText
  /** Per term: how often it is in the name, the text, the examples (`3t`, `3t + 1`, `3t + 2`). */
  counts: Int32Array
  /** Per pair of terms: whether they are close together, in order, in the text (`2p`) and in the examples (`2p + 1`). */
  near: Uint8Array
  /** Per term: the pairs it is the second term of. */
  pairsEnding: number[][]
  /** Per term: where it was last seen in the field being read (-1: not yet), and whether a score found it. */
  lastAt: Int32Array
  found: Uint8Array
  /**
   * The terms the text read last holds in any field, ascending (the first `seenCount`), and per term
   * whether it is among them: a score without a heading looks at those only.
   */
  seen: Int32Array
  seenCount: number
  isSeen: Uint8Array
  /** The weight of all the plan's terms (`weight * idf` summed, in order): what coverage divides. */
  wanted: number
}

const matchers = new WeakMap<SearchPlan, Matcher>()

/** The matcher of `plan` over the words of `vocabulary` read so far. */
function matcherOf(plan: SearchPlan, vocabulary: Vocabulary): Matcher {
  const known = matchers.get(plan)
  if (known && known.size === vocabulary.words.length) return known
  const size = vocabulary.words.length
  const termOf = new Int32Array(size)
  const several: number[][] = []
  plan.terms.forEach((term, index) => {
    for (const stem of term.stems) {
      // A word is counted once for a term, whichever of its stems (or prefixes) it matches.
      for (const id of term.prefix ? wordsWithPrefix(vocabulary, stem) : (vocabulary.byStem.get(stem) ?? [])) {
        if (id >= size) continue
        const was = termOf[id]
        if (was === 0) termOf[id] = index + 1
        else if (was > 0 && was !== index + 1) {
          several.push([was - 1, index])
          termOf[id] = -several.length
        } else if (was < 0 && !several[-was - 1].includes(index)) several[-was - 1].push(index)
      }
    }
  })
  let wanted = 0
  for (const term of plan.terms) wanted += term.weight * term.idf
  const pairsEnding: number[][] = plan.terms.map(() => [])
  for (let pair = 0; pair < plan.pairs.length; pair++) pairsEnding[plan.pairs[pair][1]].push(pair)
  const matcher: Matcher = {
    size,
    termOf,
    several,
    counts: new Int32Array(3 * plan.terms.length),
    near: new Uint8Array(2 * plan.pairs.length),
    pairsEnding,
    lastAt: new Int32Array(plan.terms.length),
    found: new Uint8Array(plan.terms.length),
    seen: new Int32Array(plan.terms.length),
    seenCount: 0,
    isSeen: new Uint8Array(plan.terms.length),
    wanted
  }
  matchers.set(plan, matcher)
  return matcher
}

/** Whether each of the `count` words of `words` from `first` (vocabulary ids) is one of the plan's terms (a snippet marks them). */
export function markTermWords(plan: SearchPlan, vocabulary: Vocabulary, words: Int32Array, first: number, count: number): boolean[] {
  const { termOf } = matcherOf(plan, vocabulary)
  const marks: boolean[] = []
  for (let index = 0; index < count; index++) marks.push(termOf[words[first + index]] !== 0)
  return marks
}

/** Read where the plan's terms are in `text` (once for the text's two scores, as a rule and as examples). */
function scan(matcher: Matcher, plan: SearchPlan, text: IndexedText): void {
  if (matcher.scanned === text) return
  matcher.scanned = text
  const { termOf, several, counts, seen, isSeen } = matcher
  const words = text.words
  counts.fill(0)
  matcher.near.fill(0)
  for (let index = 0; index < matcher.seenCount; index++) isSeen[seen[index]] = 0
  matcher.seenCount = 0
  for (let index = 0; index < text.nameEnd; index++) {
    const term = termOf[words[index]]
    if (term > 0) count(matcher, term - 1, 0)
    else if (term < 0) for (const each of several[-term - 1]) count(matcher, each, 0)
  }
  readField(matcher, plan, words, 1, text.nameEnd, text.textEnd)
  readField(matcher, plan, words, 2, text.textEnd, words.length)
  // In order of terms (a handful: an insertion sort), as a score adds them up.
  for (let index = 1; index < matcher.seenCount; index++) {
    const term = seen[index]
    let at = index
    for (; at > 0 && seen[at - 1] > term; at--) seen[at] = seen[at - 1]
    seen[at] = term
  }
}

/** Count one more of `term` in `field` (0: the name, 1: the text, 2: the examples). */
function count(matcher: Matcher, term: number, field: 0 | 1 | 2): void {
  matcher.counts[3 * term + field]++
  if (matcher.isSeen[term] === 0) {
    matcher.isSeen[term] = 1
    matcher.seen[matcher.seenCount++] = term
  }
}

/** Mark the pairs ending with `term`, at `position` of `field`, whose first term is at most three words back. */
function markPairs(matcher: Matcher, plan: SearchPlan, term: number, position: number, field: 1 | 2): void {
  for (const pair of matcher.pairsEnding[term]) {
    const before = matcher.lastAt[plan.pairs[pair][0]]
    if (before >= 0 && position - before <= 3) matcher.near[2 * pair + field - 1] = 1
  }
}

/**
 * Count the terms in the words `[from, to)` (field 1, the text, or 2, the examples), and mark the
 * pairs of terms found close together there: the second at most three words after the first.
 */
function readField(matcher: Matcher, plan: SearchPlan, words: Int32Array, field: 1 | 2, from: number, to: number): void {
  const { termOf, several, lastAt } = matcher
  const withPairs = plan.pairs.length > 0
  if (withPairs) lastAt.fill(-1)
  // The first term's last place before this one is the nearest: a pair is close when it is at most three words back.
  for (let index = from; index < to; index++) {
    const term = termOf[words[index]]
    if (term === 0) continue
    const position = index - from
    if (term > 0) {
      count(matcher, term - 1, field)
      if (withPairs) {
        markPairs(matcher, plan, term - 1, position, field)
        lastAt[term - 1] = position
      }
    } else {
      const terms = several[-term - 1]
      for (const each of terms) {
        count(matcher, each, field)
        if (withPairs) markPairs(matcher, plan, each, position, field)
      }
      if (withPairs) for (const each of terms) lastAt[each] = position
    }
  }
}

const planNames = new WeakMap<SearchPlan, Array<Set<string>>>()

/** A plan's name stems as sets, as typed and as meant (made once per plan, not per text). */
function nameStemsOf(plan: SearchPlan): Array<Set<string>> {
  let names = planNames.get(plan)
  if (!names) {
    names = [plan.nameStems, plan.meantNameStems ?? []].filter((stems) => stems.length > 0).map((stems) => new Set(stems))
    planNames.set(plan, names)
  }
  return names
}

/** Whether every member of `set` is in `other`. */
function everyIn(set: Set<string>, other: Set<string>): boolean {
  for (const member of set) if (!other.has(member)) return false
  return true
}

/**
 * Score `text` (its words read with `vocabulary`) against `plan`, reading the fields `weights` gives weight to,
 * and the `heading` the rule inherits (weak evidence for the query words the text itself lacks).
 */
export function scoreText(plan: SearchPlan, text: IndexedText, weights: FieldWeights, vocabulary: Vocabulary, heading?: Heading): Score {
  const matcher = matcherOf(plan, vocabulary)
  scan(matcher, plan, text)
  const { counts } = matcher
  // The fields read, in this order: name, text, examples (each with its length normalisation).
  const nameLength = text.nameEnd
  const textLength = text.textEnd - text.nameEnd
  const examplesLength = text.words.length - text.textEnd
  const useName = weights.name > 0 && nameLength > 0
  const useText = weights.text > 0
  const useExamples = weights.examples > 0 && examplesLength > 0
  const nameNorm = 1 - b + (b * nameLength) / averageLength.name
  const textNorm = 1 - b + (b * textLength) / averageLength.text
  const examplesNorm = 1 - b + (b * examplesLength) / averageLength.examples

  let bm = 0
  let found = 0
  const termFound = matcher.found
  termFound.fill(0)
  // Without a heading, a term the text does not hold adds nothing: only the terms it holds are read (in order).
  const every = heading !== undefined
  const steps = every ? plan.terms.length : matcher.seenCount
  for (let step = 0; step < steps; step++) {
    const index = every ? step : matcher.seen[step]
    const term = plan.terms[index]
    const inName = counts[3 * index]
    const inText = counts[3 * index + 1]
    const inExamples = counts[3 * index + 2]
    let weighted = 0
    if (useName && inName > 0) weighted += (weights.name * inName) / nameNorm
    if (useText && inText > 0) weighted += (weights.text * inText) / textNorm
    if (useExamples && inExamples > 0) weighted += (weights.examples * inExamples) / examplesNorm
    if (weighted > 0) {
      bm += (term.weight * term.idf * weighted * (k1 + 1)) / (k1 + weighted)
      found += term.weight * term.idf
      termFound[index] = 1
    } else if (heading !== undefined) {
      const inherited = heading.stems.get(term.stems[0]) ?? 0
      if (inherited > 0) {
        bm += (term.weight * term.idf * inherited * (k1 + 1)) / (k1 + inherited)
        found += inherited * term.weight * term.idf
      }
    }
  }
  if (bm === 0) return { score: 0, coverage: 0, nameMatch: 0, nameWords: 0 }
  const coverage = matcher.wanted > 0 ? found / matcher.wanted : 0

  // Neighbouring query words close together (at most two words between them, in order), in the text (or the examples).
  let near = 0
  const field = weights.text > 0 ? 0 : 1
  for (let pair = 0; pair < plan.pairs.length; pair++) {
    const [first, second] = plan.pairs[pair]
    if (termFound[first] === 1 && termFound[second] === 1 && matcher.near[2 * pair + field] === 1) {
      near += 0.6 * Math.min(plan.terms[first].idf, plan.terms[second].idf)
    }
  }

  // A short query wants all its words (coverage squared); a long question has many words no rule holds
  // (names, filler): the share it covers counts once.
  let score = (bm + near) * (plan.passage ? coverage : coverage * coverage)
  // In the part of the rules the query names ("the SBA for poison": 704), a rule ranks a little higher.
  if (heading?.named) score *= 1.3

  // A name that is the query (or the query with question words around it).
  let nameMatch = 0
  let nameWords = 0
  // (A text without a name has none to match: most rules.)
  if (text.name !== '') {
    for (const query of nameStemsOf(plan)) {
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
  }
  return { score, coverage, nameMatch, nameWords }
}

/** The final rank value of a score: names that are the query first, then by score. Larger is better. */
export function finalScore(score: Score, passage: boolean): number {
  if (passage) return score.score
  if (score.nameMatch === 1) return 1000 + 50 * score.nameWords + score.score
  return score.score * (1 + score.nameMatch)
}
