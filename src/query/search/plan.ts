/**
 * A query's plan: the words search looks for, with their weights, as read from
 * plain words (ranked: stop words left out, typos corrected, numbers in both
 * spellings, informal words expanded) or from the boolean syntax (exact).
 */
import type { Crdb } from '../../store/database.js'
import { parseRuleNumber } from '../../vocabulary/rule-number.js'
import { informalPhrases } from './informal-words.js'
import { positiveTerms, type ParsedQuery } from './query-language.js'
import { stemCountsOf, type SearchCache } from './scope.js'
import { correctWord, type Correction } from './spelling.js'
import { foldWord, numberTwin, stemOf, stopWords, tokenize, weakStopWords } from './words.js'

/** One thing a hit is scored on: a word (or its alternatives: `10`, `ten`). */
interface PlanTerm {
  /** The word searched for, as shown. */
  display: string
  /** The words given to the full-text index (any of them matches). */
  words: string[]
  /** Their stems, which the scoring matches (or, for a prefix, the folded prefix). */
  stems: string[]
  prefix: boolean
  weight: number
  /** Texts holding it, and its inverse document frequency. */
  docs: number
  idf: number
}

/** What a query is searched as. */
export interface SearchPlan {
  mode: 'ranked' | 'boolean'
  terms: PlanTerm[]
  /** Pairs of terms (indices) that the query has next to each other: found close together, they count more. */
  pairs: Array<[number, number]>
  /** The stems of the query's words that a name (term heading, rule title) is matched against. */
  nameStems: string[]
  /** Stems a name may leave out and still match fully (question words: "how does trample work"). */
  optionalNameStems: Set<string>
  corrections: Correction[]
  expansions: Array<{ informal: string; means: string }>
  /** Words of the query found nowhere in the rules, and not corrected. */
  unknown: string[]
  /** Rule numbers the query names (`704.5j`). */
  ruleNumbers: string[]
  /** A pasted passage (many words): ranked by word overlap as much as by bm25. */
  passage: boolean
}

/** Inverse document frequency, bm25's. */
function idfOf(docs: number, total: number): number {
  return Math.log(1 + (total - docs + 0.5) / (docs + 0.5))
}

/** A plan of `mode` with nothing in it yet. */
function emptyPlan(mode: SearchPlan['mode']): SearchPlan {
  return {
    mode,
    terms: [],
    pairs: [],
    nameStems: [],
    optionalNameStems: new Set(),
    corrections: [],
    expansions: [],
    unknown: [],
    ruleNumbers: [],
    passage: false
  }
}

/** The plan of a plain query: ranked. */
export function planRanked(db: Crdb, cache: SearchCache, query: string): SearchPlan {
  const tokens = tokenize(query)
  const plan = emptyPlan('ranked')
  // Rule numbers as written (704.5j, 702.19), before the text is split into words.
  for (const match of query.matchAll(/(?<![\d.])\d{3}(?:\.\d{1,3}[a-z]?)?(?![\d\w])/g)) {
    try {
      plan.ruleNumbers.push(parseRuleNumber(match[0]))
    } catch {
      // not a rule number
    }
  }

  // Informal phrases, longest first, each word read once.
  const consumed = new Set<number>()
  const stems = tokens.map((token) => token.stem)
  const informal: Array<{ at: number; stems: string[]; meansWords: string[]; meansStems: string[] }> = []
  for (const phrase of informalPhrases()) {
    for (let at = 0; at + phrase.stems.length <= stems.length; at++) {
      if (phrase.stems.some((stem, offset) => stem !== stems[at + offset] || consumed.has(at + offset))) continue
      for (let offset = 0; offset < phrase.stems.length; offset++) consumed.add(at + offset)
      informal.push({ at, stems: phrase.stems, meansWords: phrase.meansWords, meansStems: phrase.meansStems })
      plan.expansions.push({
        informal: tokens
          .slice(at, at + phrase.stems.length)
          .map((token) => query.slice(token.start, token.end))
          .join(' '),
        means: phrase.means
      })
    }
  }

  const content = tokens.filter((token) => !stopWords.has(token.word) || weakStopWords.has(token.word))
  const kept = content.length > 0 ? content : tokens
  const keptIndex = new Set(kept.map((token) => tokens.indexOf(token)))
  plan.passage = kept.length >= 12

  // Word counts for every stem the query may search for.
  const wanted = new Set<string>()
  for (const token of tokens) {
    wanted.add(token.stem)
    const twin = numberTwin(token.word)
    if (twin) wanted.add(stemOf(twin))
  }
  for (const item of informal) for (const stem of item.meansStems) wanted.add(stem)
  const counts = stemCountsOf(db, cache, [...wanted])

  const byStem = new Map<string, number>()
  const slotOf: Array<number | undefined> = []
  const add = (term: Omit<PlanTerm, 'docs' | 'idf'>): number | undefined => {
    const docs = Math.min(
      cache.textCount,
      term.stems.reduce((sum, stem) => sum + (counts.get(stem) ?? cache.stemCounts.get(stem) ?? 0), 0)
    )
    if (docs === 0) return undefined
    const known = byStem.get(term.stems[0])
    if (known !== undefined) {
      plan.terms[known].weight = Math.max(plan.terms[known].weight, term.weight)
      return known
    }
    plan.terms.push({ ...term, docs, idf: idfOf(docs, cache.textCount) })
    byStem.set(term.stems[0], plan.terms.length - 1)
    return plan.terms.length - 1
  }

  tokens.forEach((token, index) => {
    if (!keptIndex.has(index)) return
    const weak = weakStopWords.has(token.word) && content.length > 1
    const weight = weak ? 0.3 : 1
    const twin = numberTwin(token.word)
    let slot: number | undefined
    if (twin) {
      slot = add({ display: token.word, words: [token.word, twin], stems: [token.stem, stemOf(twin)], prefix: false, weight })
    } else if ((counts.get(token.stem) ?? 0) > 0) {
      slot = add({ display: token.word, words: [token.word], stems: [token.stem], prefix: false, weight })
    } else if (!consumed.has(index)) {
      const correction = correctWord(db, cache, token.word)
      if (correction) {
        stemCountsOf(db, cache, [correction.stem])
        plan.corrections.push(correction)
        slot = add({ display: correction.to, words: [correction.to], stems: [correction.stem], prefix: false, weight })
      } else plan.unknown.push(query.slice(token.start, token.end))
    }
    slotOf[index] = slot
    if (weak) plan.optionalNameStems.add(token.stem)
    if (slot !== undefined) plan.nameStems.push(plan.terms[slot].stems[0])
    else if (consumed.has(index) && !stopWords.has(token.word)) plan.nameStems.push(token.stem)
  })
  for (const item of informal) {
    let previous: number | undefined
    item.meansWords.forEach((word, offset) => {
      const slot = add({ display: word, words: [word], stems: [item.meansStems[offset]], prefix: false, weight: 1 })
      if (slot !== undefined && previous !== undefined && previous !== slot) plan.pairs.push([previous, slot])
      previous = slot
    })
  }
  // Neighbouring words of the query (stop words between them allowed).
  let previous: number | undefined
  tokens.forEach((_, index) => {
    if (!keptIndex.has(index)) return
    const slot = slotOf[index]
    if (slot !== undefined && previous !== undefined && previous !== slot) plan.pairs.push([previous, slot])
    previous = slot
  })
  if (plan.passage) plan.ruleNumbers = []
  return plan
}

/** The plan of a query in the boolean syntax: its words and phrases (not those after NOT), exact. */
export function planBoolean(db: Crdb, cache: SearchCache, parsed: ParsedQuery): SearchPlan {
  const plan = emptyPlan('boolean')
  const raw: Array<{ display: string; stem: string; prefix: boolean; pairWithPrevious: boolean }> = []
  for (const term of positiveTerms(parsed.tree)) {
    const tokens = tokenize(term.text)
    tokens.forEach((token, index) => {
      const prefix = term.prefix && index === tokens.length - 1
      raw.push({ display: token.word, stem: prefix ? foldWord(token.word) : token.stem, prefix, pairWithPrevious: index > 0 })
    })
  }
  const counts = stemCountsOf(
    db,
    cache,
    raw.filter((item) => !item.prefix).map((item) => item.stem)
  )
  const byKey = new Map<string, number>()
  let previous: number | undefined
  for (const item of raw) {
    const key = (item.prefix ? '*' : '') + item.stem
    let slot = byKey.get(key)
    if (slot === undefined) {
      // A prefix's count is unknown without scanning: weigh it as a fairly rare word.
      const docs = item.prefix ? Math.max(1, Math.round(cache.textCount / 50)) : Math.max(1, counts.get(item.stem) ?? 1)
      plan.terms.push({
        display: item.display,
        words: [item.display],
        stems: [item.stem],
        prefix: item.prefix,
        weight: 1,
        docs,
        idf: idfOf(docs, cache.textCount)
      })
      slot = plan.terms.length - 1
      byKey.set(key, slot)
    }
    if (item.pairWithPrevious && previous !== undefined && previous !== slot) plan.pairs.push([previous, slot])
    previous = slot
    if (!item.prefix) plan.nameStems.push(item.stem)
  }
  return plan
}

/**
 * The words that find a ranked plan's candidates: its rarer words, as many as
 * keep the candidates to a few thousand texts (the common words still count in
 * the scoring); a text holding any of them is a candidate.
 */
export function candidateWords(plan: SearchPlan): string[] {
  const sorted = [...plan.terms].sort((a, b) => a.docs - b.docs)
  const chosen: PlanTerm[] = []
  let total = 0
  for (const term of sorted) {
    if (chosen.length > 0 && (total + term.docs > 2500 || chosen.length >= 16)) break
    chosen.push(term)
    total += term.docs
  }
  return [...new Set(chosen.flatMap((term) => term.words))]
}

/** The FTS5 expression that finds a ranked plan's candidates ({@link candidateWords}, OR'ed). */
export function candidateExpression(plan: SearchPlan): string | undefined {
  const words = candidateWords(plan)
  if (words.length === 0) return undefined
  return `(${words.map((word) => `"${word.replace(/"/g, '""')}"`).join(' OR ')})`
}

/** The words a plan searched for, as shown: `deathtouch`, `enters battlefield`. */
export function describePlan(plan: SearchPlan): string {
  return plan.terms.map((term) => (term.words.length > 1 ? `(${term.words.join(' OR ')})` : term.display)).join(' ')
}
