/**
 * A query's plan: the words search looks for, with their weights, as read from
 * plain words (ranked: stop words left out, typos corrected, numbers in both
 * spellings, informal words expanded) or from the boolean syntax (exact).
 */
import type { Crdb } from '../../store/database.js'
import { parseRuleNumber } from '../../vocabulary/rule-number.js'
import { appliesOn, informalPhrases } from './informal-words.js'
import { findNamedPhrases, type NamedPhrase } from './named-phrases.js'
import { positiveTerms, type ParsedQuery } from './query-language.js'
import { loadStemCounts, type SearchCache } from './scope.js'
import { correctWord, isCorrectable, type Correction } from './spelling.js'
import { foldWord, irregularTwins, numberTwin, stemOf, stopWords, tokenize, weakStopWords, type Token } from './words.js'

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
  /** The same with the informal words read as the rules' (`legendary rule` -> `legend rule`), when the query has any. */
  meantNameStems?: string[]
  /** Stems a name may leave out and still match fully (question words: "how does trample work"). */
  optionalNameStems: Set<string>
  corrections: Correction[]
  expansions: Array<{ informal: string; means: string }>
  /** Words of the query found nowhere in the rules, and not corrected (names are not among them). */
  unknown: string[]
  /** The names the query holds, as written (`Laboratory Maniac`): neither corrected nor weighed as rules words. */
  names: string[]
  /** Rule numbers the query names (`704.5j`). */
  ruleNumbers: string[]
  /** A pasted passage (many words): ranked by word overlap as much as by bm25. */
  passage: boolean
  /** The glossary terms and titled rules the query names as phrases among its words (one edition searched). */
  phrases: NamedPhrase[]
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
    names: [],
    ruleNumbers: [],
    passage: false,
    phrases: []
  }
}

/** Read the counts of every stem the informal phrases mean (of any edition) into the cache, once per handle. */
function loadInformalCounts(db: Crdb, cache: SearchCache): void {
  if (cache.extra.has('informal-counts')) return
  loadStemCounts(db, cache, [...new Set(informalPhrases().flatMap((phrase) => phrase.meansStems))])
  cache.extra.set('informal-counts', true)
}

/** How much a word read as a name (a card's, a person's) weighs beside a rules word. */
const nameWeight = 0.15

/**
 * The most distinct words of one query that typo correction tries. A question in a person's own words holds at
 * most six words the rules do not hold (the 175 real questions and the judged fixture's queries); each costs a
 * scan of the index's words (about 0.3 ms), so a query of hundreds of them is bounded at a few milliseconds. The
 * words past them are left out as unknown, as a word with no correction is.
 */
export const maxCorrectedWords = 16

/** Small words that may stand inside a name of Title Case words (`Sword of Fire and Ice`). */
const nameConnectors: ReadonlySet<string> = new Set(['of', 'the', 'and', 'from', 'to', 'in', 'on', 'a', 'an', 'de', 'for', 'with'])

/**
 * The plan of a plain query: ranked. `day` is the edition searched (absent: several editions), whose
 * own words a query is also read in.
 */
export function planRanked(db: Crdb, cache: SearchCache, query: string, day?: string): SearchPlan {
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
  // A section named in words ("section 7 of the rules"): the section, not the word seven.
  const sections = new Set<number>()
  for (const match of query.matchAll(/\b(?:section|chapter|part)\s+(\d)\b(?![.\d])/gi)) {
    plan.ruleNumbers.push(match[1])
    const at = match.index + match[0].length - 1
    tokens.forEach((token, index) => {
      if (token.start === at) sections.add(index)
    })
  }

  // Word counts for every stem the query may search for (the informal phrases' once per handle).
  const wanted = new Set<string>()
  for (const token of tokens) {
    wanted.add(token.stem)
    const twin = numberTwin(token.word)
    if (twin) wanted.add(stemOf(twin))
    for (const form of irregularTwins(token.word)) wanted.add(stemOf(form))
  }
  loadStemCounts(db, cache, [...wanted])
  loadInformalCounts(db, cache)
  const docsOf = (stem: string): number => cache.stemCounts.get(stem) ?? 0
  const known = (index: number): boolean => docsOf(tokens[index].stem) > 0 || numberTwin(tokens[index].word) !== undefined

  // Names (a card's, a person's) are not typos: they are neither corrected nor weighed as rules words.
  const names = findNames(query, tokens, known)
  // Each run of name words once, as written (`E. Honda, Sumo Champion`).
  let run: [number, number] | undefined
  for (const index of [...names].sort((a, b) => a - b)) {
    const token = tokens[index]
    if (run && names.has(index - 1) && /^[\s.,'’-]*$/.test(query.slice(run[1], token.start))) run[1] = token.end
    else {
      if (run) plan.names.push(query.slice(run[0], run[1]))
      run = [token.start, token.end]
    }
  }
  if (run) plan.names.push(query.slice(run[0], run[1]))

  // Each word as searched: itself, or its correction (a lower-case word the rules do not hold). Only the first
  // words to correct are: each costs a scan of the index's words, and a pasted page of words the rules do not
  // hold would hold the search for hundreds of milliseconds (see maxCorrectedWords).
  const tried = new Set<string>()
  const corrected: Array<Correction | undefined> = tokens.map((token, index) => {
    if (names.has(index) || known(index) || stopWords.has(token.word)) return undefined
    if (isCorrectable(token.word) && !tried.has(token.word)) {
      if (tried.size >= maxCorrectedWords) return undefined
      tried.add(token.word)
    }
    return correctWord(db, cache, token.word)
  })
  for (const correction of corrected) if (correction) loadStemCounts(db, cache, [correction.stem])
  const stems = tokens.map((token, index) => corrected[index]?.stem ?? token.stem)

  // Informal phrases (and the era's own words), longest first, each word read once; only those
  // whose first word the query holds can match (most of the table is looked at no further).
  const consumed = new Set<number>()
  const informal: Array<{ at: number; stems: string[]; meansWords: string[]; meansStems: string[] }> = []
  const queryStems = new Set(stems)
  for (const phrase of informalPhrases()) {
    if (!queryStems.has(phrase.stems[0]) || !appliesOn(phrase, day)) continue
    for (let at = 0; at + phrase.stems.length <= stems.length; at++) {
      if (phrase.stems.some((stem, offset) => stem !== stems[at + offset] || consumed.has(at + offset) || names.has(at + offset))) continue
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

  const content: number[] = []
  tokens.forEach((token, index) => {
    if ((!stopWords.has(token.word) || weakStopWords.has(token.word)) && !sections.has(index)) content.push(index)
  })
  const keptIndex = new Set(content.length > 0 ? content : tokens.keys())
  plan.passage = keptIndex.size >= 12

  const byStem = new Map<string, number>()
  const slotOf: Array<number | undefined> = []
  const add = (term: Omit<PlanTerm, 'docs' | 'idf'>): number | undefined => {
    const docs = Math.min(
      cache.textCount,
      term.stems.reduce((sum, stem) => sum + docsOf(stem), 0)
    )
    if (docs === 0) return undefined
    const seen = byStem.get(term.stems[0])
    if (seen !== undefined) {
      plan.terms[seen].weight = Math.max(plan.terms[seen].weight, term.weight)
      return seen
    }
    plan.terms.push({
      display: term.display,
      words: term.words,
      stems: term.stems,
      prefix: term.prefix,
      weight: term.weight,
      docs,
      idf: idfOf(docs, cache.textCount)
    })
    byStem.set(term.stems[0], plan.terms.length - 1)
    return plan.terms.length - 1
  }

  const quoted = plan.passage ? findQuoted(query, tokens) : new Set<number>()
  const title = plan.passage ? findTitle(query, tokens) : new Set<number>()
  tokens.forEach((token, index) => {
    if (!keptIndex.has(index)) return
    const weak = weakStopWords.has(token.word) && content.length > 1
    const name = names.has(index)
    const weight = (name ? nameWeight : weak ? 0.3 : 1) * (quoted.has(index) ? quotedWeight : 1) * (title.has(index) ? titleWeight : 1)
    const twin = numberTwin(token.word)
    const correction = corrected[index]
    let slot: number | undefined
    const forms = twin ? [] : irregularTwins(token.word).filter((form) => docsOf(stemOf(form)) > 0)
    if (twin) {
      slot = add({ display: token.word, words: [token.word, twin], stems: [token.stem, stemOf(twin)], prefix: false, weight })
    } else if (forms.length > 0) {
      const words = [token.word, ...forms]
      slot = add({ display: token.word, words, stems: words.map(stemOf), prefix: false, weight })
    } else if (docsOf(token.stem) > 0) {
      slot = add({ display: token.word, words: [token.word], stems: [token.stem], prefix: false, weight })
    } else if (correction) {
      plan.corrections.push(correction)
      slot = add({ display: correction.to, words: [correction.to], stems: [correction.stem], prefix: false, weight })
    } else if (!consumed.has(index) && !name) plan.unknown.push(query.slice(token.start, token.end))
    slotOf[index] = slot
    if (weak) plan.optionalNameStems.add(token.stem)
    if (name) return
    if (slot !== undefined) plan.nameStems.push(plan.terms[slot].stems[0])
    else if (consumed.has(index) && !stopWords.has(token.word)) plan.nameStems.push(token.stem)
  })
  // The query's words as the rules would say them: each informal phrase replaced by what it means.
  const meant: string[] = []
  tokens.forEach((_, index) => {
    const item = informal.find((each) => each.at === index)
    if (item) meant.push(...item.meansStems)
    else if (keptIndex.has(index) && !consumed.has(index) && !names.has(index) && slotOf[index] !== undefined) meant.push(plan.terms[slotOf[index]!].stems[0])
  })
  if (informal.length > 0) plan.meantNameStems = meant
  if (day !== undefined) plan.phrases = findNamedPhrases(db, cache, meant, day, docsOf)
  for (const item of informal) {
    let previous: number | undefined
    item.meansWords.forEach((word, offset) => {
      const slot = add({ display: word, words: [word], stems: [item.meansStems[offset]], prefix: false, weight: 1 })
      if (slot !== undefined && previous !== undefined && previous !== slot) plan.pairs.push([previous, slot])
      previous = slot
    })
  }
  // Neighbouring words of the query (stop words between them allowed; names break the chain).
  let previous: number | undefined
  tokens.forEach((_, index) => {
    if (!keptIndex.has(index)) return
    const slot = names.has(index) ? undefined : slotOf[index]
    if (slot !== undefined && previous !== undefined && previous !== slot) plan.pairs.push([previous, slot])
    previous = slot
  })
  if (plan.passage) plan.ruleNumbers = []
  return plan
}

/** How much more a word a long question puts in quotes weighs: what the asker stresses ("damage going on the stack"). */
const quotedWeight = 1.5

/** How much more the words of a long question's title weigh (a short first line or sentence: `Mulligan.`). */
const titleWeight = 1.25

/** The words of a long question's title: its first sentence or line, when it has at most eight words. */
function findTitle(query: string, tokens: Token[]): Set<number> {
  const end = query.search(/[.?!:]\s|\n/)
  if (end < 0) return new Set()
  const inside = tokens.flatMap((token, index) => (token.end <= end ? [index] : []))
  return new Set(inside.length <= 8 ? inside : [])
}

/** The words of a query between quotes (straight or curly) of a short quotation (at most twelve words). */
function findQuoted(query: string, tokens: Token[]): Set<number> {
  const quoted = new Set<number>()
  for (const match of query.matchAll(/["“]([^"“”]{1,200})["”]/g)) {
    const from = match.index
    const to = from + match[0].length
    const inside = tokens.flatMap((token, index) => (token.start >= from && token.end <= to ? [index] : []))
    if (inside.length <= 12) for (const index of inside) quoted.add(index)
  }
  return quoted
}

/** Whether the word of `text` from `start` is written with a capital first (`Honda`, `E`), not all in capitals (`ETB`). */
function isCapitalised(text: string, start: number, end: number): boolean {
  const first = text[start]
  if (first === undefined || first === first.toLowerCase() || first !== first.toUpperCase()) return false
  if (end - start === 1) return true
  const rest = text.slice(start + 1, end)
  return rest !== rest.toUpperCase()
}

/**
 * The words of a query that read as names: a run of two or more capitalised words (`Laboratory
 * Maniac`, `E. Honda, Sumo Champion`, `Sword of Fire and Ice`) holding a word the rules do not,
 * a capitalised word the rules do not hold inside a sentence (`cast Infest`), and what is between
 * `[[` and `]]` (`[[Blaze]]`, as chat bots are asked for cards). A capitalised rules word (`Trample`)
 * is not a name, nor a run of them (`First Strike`), nor a word in capitals (`ETB`).
 */
function findNames(query: string, tokens: Token[], known: (index: number) => boolean): Set<number> {
  const names = new Set<number>()
  for (const match of query.matchAll(/\[\[([^\]]{1,200})\]\]/g)) {
    const from = match.index
    const to = from + match[0].length
    tokens.forEach((token, index) => {
      if (token.start >= from && token.end <= to) names.add(index)
    })
  }
  const capital = tokens.map((token) => isCapitalised(query, token.start, token.end))
  const between = (index: number): string => query.slice(tokens[index - 1].end, tokens[index].start)
  // A sentence starts at the beginning, after . ? ! : ; or a quote, unless the dot ends an initial (`E.`).
  const startsSentence = (index: number): boolean =>
    index === 0 || (/[.?!:;"“(]/.test(between(index)) && !(tokens[index - 1].end - tokens[index - 1].start === 1 && capital[index - 1]))
  let index = 0
  while (index < tokens.length) {
    if (!capital[index]) {
      index++
      continue
    }
    // A run: capitalised words, joined by spaces, an initial's dot, `, ` between parts, or small words.
    let end = index + 1
    let last = index
    while (end < tokens.length) {
      const gap = between(end)
      const joins = /^[\s'’-]*$/.test(gap) || (/^\.\s*$/.test(gap) && tokens[end - 1].end - tokens[end - 1].start === 1) || /^,\s+$/.test(gap)
      // The pronoun I is no part of a name (`Call the Bloodline and I discard`).
      if (!joins || tokens[end].word === 'i') break
      if (capital[end]) last = end
      else if (!nameConnectors.has(tokens[end].word) || /,/.test(gap)) break
      end++
    }
    const run: number[] = []
    // A sentence's first word (`Can`, `If`, `My`) does not start a name.
    for (let at = index; at <= last; at++) if (run.length > 0 || !stopWords.has(tokens[at].word)) run.push(at)
    const words = run.filter((at) => capital[at])
    const unknownWord = run.some((at) => capital[at] && !known(at))
    if (words.length >= 2 && unknownWord) for (const at of run) names.add(at)
    else if (words.length === 1 && !known(words[0]) && !startsSentence(words[0]) && !stopWords.has(tokens[words[0]].word)) names.add(words[0])
    index = last + 1
  }
  return names
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
  loadStemCounts(
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
      const docs = item.prefix ? Math.max(1, Math.round(cache.textCount / 50)) : Math.max(1, cache.stemCounts.get(item.stem) ?? 1)
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
