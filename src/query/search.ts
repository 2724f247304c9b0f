/**
 * Search over rule text, examples and glossary definitions, in one edition, a
 * range of dates, or across every version: one function for the CLI, the
 * library and the HTTP API.
 *
 * A query of plain words is ranked, not filtered: stop and question words are
 * left out, words are stemmed, numbers match their words, a word the rules do
 * not hold is corrected to the nearest one they do, informal words are
 * expanded (corpus/informal-words.json), and a name that is the query (a
 * keyword, a rule title, a glossary term) ranks first. Quotes, `*`, AND, OR,
 * NOT and parentheses ask for the boolean syntax (exact, then ranked the same
 * way) when the query is written as a query, not as a sentence
 * (search/read-mode.ts); an exact query that finds nothing falls back to the
 * ranked search of its words, and says so.
 *
 * The user's text never reaches FTS5 (or SQL) unparsed: a query read as a query
 * that does not parse is text in `auto` mode and an `E_BAD_QUERY` in `query` mode,
 * and no other error than a `CrdbError` leaves here.
 */
import type { Crdb } from '../store/database.js'
import { CrdbError, quoteInput } from '../vocabulary/errors.js'
import { parseRuleNumber, sortKeyOf } from '../vocabulary/rule-number.js'
import { checkSelector, type EditionSelector } from '../vocabulary/selector.js'
import { resolveEdition } from './editions.js'
import { findReferences, getRule, type RuleVersion } from './get.js'
import { readSectionAt, type SectionNumbering } from './renumber.js'
import { candidateExpression, candidateWords, describePlan, planBoolean, planRanked, type SearchPlan } from './search/plan.js'
import { checkQueryLength, emitFlat, parseQuery, positiveTerms, toFtsExpression } from './search/query-language.js'
import { readQueryMode, type SearchMode } from './search/read-mode.js'
import { exampleFields, finalScore, markTermWords, ruleFields, scoreText } from './search/rank.js'
import {
  indexedTextsOf,
  scopeOf,
  searchCacheOf,
  textsHolding,
  textsMatching,
  unionOf,
  type IndexedText,
  type Scope,
  type SearchCache,
  type ScopeVersion,
  type Vocabulary
} from './search/scope.js'
import { citedFactorsFor } from './search/citations.js'
import { headingsFor, topicSharesFor } from './search/headings.js'
import { snippetOf } from './search/snippet.js'
import { matchBestTexts, readLineageIds, type ScopeRange } from '../store/search.js'
import { explainStoreError } from '../store/store-errors.js'
import { wordSpans } from './search/words.js'

export { toFtsExpression }
export { maxQueryLength } from './search/query-language.js'
export type { SearchMode } from './search/read-mode.js'

/** What a hit is: a rule's text, a rule's examples, or a glossary definition. */
export type SearchKind = 'rule' | 'example' | 'term'

/** Options of {@link search}. */
export interface SearchOptions {
  /** Search the edition that answers `at` (default: the newest). */
  at?: EditionSelector
  /** Search every version of every edition; each hit lists every matching version with its own text and dates. */
  all?: boolean
  /** Search every version in force at some time from this day (YYYY-MM-DD)... */
  from?: string
  /** ... to this day (default: today); like `all`, each hit lists its matching versions. */
  to?: string
  /** Only rules (and their examples) of this section, rule or subrule: `'7'`, `'704'`, `'704.5'`; in one edition, read in its numbering (`sectionNumbering`). */
  section?: string
  /** Only these kinds of hit (default: all three). */
  kinds?: SearchKind[]
  /** At most this many hits (default 10, at most 1000). */
  limit?: number
  /**
   * Leave out this many of the best hits first (default 0): the page of hits from `offset + 1`. The
   * result then says `offset`; `total` counts every hit, so the next page starts at `offset + hits.length`.
   */
  offset?: number
  /**
   * `auto` (default): the query syntax applies when the query is written as a query, not as a
   * sentence (the rule is in docs/search.md); `query`: it always applies; `text`: quotes, parentheses,
   * `*` and AND/OR/NOT are only punctuation and words.
   */
  mode?: SearchMode
}

/** One matching version of a hit: its own text and interval. */
export interface SearchVersion {
  /** A passage of this version's matching text, `…` where it is cut; `\n` read as a space. */
  snippet: string
  /** Where the found words are in `snippet`: `[start, end)` offsets, in order. */
  highlights: Array<[number, number]>
  validFrom: string
  /** The day it stopped being in force; `null` while it still is. */
  validTo: string | null
}

/** One hit: a rule, a rule's examples, or a glossary term. */
export interface SearchHit {
  kind: SearchKind
  /** `704.5j`, or the glossary key (`legend rule`). */
  key: string
  /** The rule number, for a rule or example hit. */
  number?: string
  /** The term as the glossary lists it (`Legend Rule`; `Legend (obsolete)` for an obsolete one), for a term hit. */
  term?: string
  /** Marked obsolete by the glossary (term hits). */
  obsolete?: true
  /** The best-scoring version's snippet. */
  snippet: string
  highlights: Array<[number, number]>
  /** Lower is better (the negated score). */
  rank: number
  /** First day a matching text was in force (the earliest). */
  validFrom: string
  /** The day the last matching text stopped being in force; `null` while it still is. */
  validTo: string | null
  /** Every interval in which a matching text of this key was in force, oldest first, adjacent ones joined. */
  ranges: Array<{ validFrom: string; validTo: string | null }>
  /** Every matching version, oldest first, each with its own text and interval (one in a one-edition search). */
  versions: SearchVersion[]
  /** Its name (term heading, rule title) is the query's words: it ranks first. */
  byName?: true
  /** The stable id of the rule's (or term's) lineage (`1999-04-23_420.5e`); absent before the lineage has ids. */
  id?: string
}

/** What {@link search} returns. */
export interface SearchResult {
  query: string
  /** The FTS5 expression the query was read as (boolean syntax), or the words searched for, OR'ed (plain words). */
  expression: string
  /** `ranked` for plain words and text, `boolean` for the boolean syntax. */
  mode: 'ranked' | 'boolean'
  /** How the query was read: `query` (its operators applied) or `text` (they were words and punctuation). */
  readAs: 'query' | 'text'
  /**
   * Said about the reading, when there is something to say: why quotes or operators were read as
   * text ("read as text (it has sentence punctuation): ..."), or that the query has no word.
   */
  note?: string
  /** The exact query found nothing, and these are the ranked hits of its words: says so in one line. */
  fallback?: string
  /** The words searched for, after corrections and expansions. */
  searchedFor: string
  /** Words read as others: `deathtuch` -> `deathtouch` ("showing results for deathtouch"). */
  corrections: Array<{ from: string; to: string }>
  /** Informal words read with the rules' words: `ETB` -> `enters the battlefield`. */
  expansions: Array<{ informal: string; means: string }>
  /** Words found nowhere in the rules and not corrected (left out); names are not among them. */
  unknown: string[]
  /** Names the query holds, as written (`Laboratory Maniac`, `E. Honda, Sumo Champion`): not corrected, and weighed little. */
  names: string[]
  /** The edition searched; `null` with `all` or a date range. */
  edition: string | null
  /** With `from`/`to`: the editions the range covers. */
  range?: { from: string; to: string }
  /** Hits before `limit` (and `offset`). */
  total: number
  /** The `offset` asked for, present only when it was given: `hits` are those from `offset + 1`. */
  offset?: number
  hits: SearchHit[]
  /**
   * The query was a rule number (`704.5j`, `rule 704`, `CR 510.1c`, `section 7`, `§704`): the rule it
   * names in the edition searched, first among the hits. `note` says how a number from another
   * numbering was followed ("704.5j was numbered 420.5e in the edition of 2003-12-01").
   */
  rule?: { asked: string; number: string; edition: string; note?: string }
  /**
   * The `section` asked is another numbering's (704 asked of 2003): the section(s) searched, as the edition
   * searched numbers them (`numbers: ['420']`), with a plain line saying so. Absent where the edition has the
   * section's number, and over several editions (`all`, `from`/`to`), where the number is read as given.
   */
  sectionNumbering?: SectionNumbering
}

const allKinds: readonly SearchKind[] = ['rule', 'example', 'term']
/** The most texts a ranked search over several editions scores (the best by bm25); six times as many in one edition. */
const maxCandidates = 1500

interface Candidate {
  kind: SearchKind
  version: ScopeVersion
  text: IndexedText
  score: number
  byName: boolean
}

/**
 * Search rule text, examples and glossary definitions for `query`.
 *
 * Plain words are ranked (see the module comment); `"phrases"`, prefixes
 * (`legend*`), `AND`, `OR`, `NOT` (upper case) and parentheses are the boolean
 * syntax, matched exactly within one field (a rule's text, its examples, or a
 * definition), when the query is written as a query (`mode`; the rule is in docs/search.md);
 * an exact query that finds nothing falls back to the ranked search of its words
 * (`fallback` says so). Default scope: the newest edition; `at` picks another; `all`,
 * or `from`/`to`, search every version in force in that time, and each hit then
 * lists its matching versions with their own texts and dates.
 *
 * Any text of at most {@link maxQueryLength} characters is answered in `auto` and `text` mode (a
 * query with no word: no hits, and a `note`).
 *
 * @throws {CrdbError} `E_BAD_QUERY` for a query over {@link maxQueryLength} characters, or one that
 *   does not parse in `query` mode; `E_BAD_NUMBER` for a bad `section`;
 *   `E_USAGE` for bad options; `E_BAD_DATE`, `E_BAD_ERA`, `E_NOT_FOUND` from `at`;
 *   `E_DB` when the database cannot answer.
 */
export function search(db: Crdb, query: string, options: SearchOptions = {}): SearchResult {
  try {
    if (options === null || typeof options !== 'object' || options.offset === undefined) return searchOnce(db, query, options)
    // A page of hits: the first `offset + limit`, ranked as always, less the first `offset`.
    const { offset, ...rest } = options
    if (!Number.isInteger(offset) || offset < 0 || offset > maxOffset)
      throw new CrdbError('E_USAGE', `offset must be a whole number from 0 to ${maxOffset}, not ${offset}`)
    const result = searchOnce(db, query, rest, offset)
    return { ...result, offset, hits: result.hits.slice(offset) }
  } catch (error) {
    if (error instanceof CrdbError) throw error
    // A damaged file or a full disk: SQLite's own error, which the CLI and the server report (E_DB_CORRUPT, ...).
    if (explainStoreError(error, db.path) !== error) throw error
    const message = (error as Error).message ?? String(error)
    if (/fts5|MATCH/i.test(message))
      throw new CrdbError('E_BAD_QUERY', `search query ${JSON.stringify(query.slice(0, 80))}: the index cannot read it (${message})`)
    throw new CrdbError('E_DB', `search: the database cannot answer (${message})`)
  }
}

const optionNames = new Set(['at', 'all', 'from', 'to', 'section', 'kinds', 'limit', 'offset', 'mode'])

/** The largest `offset`: a page starts within the first ten thousand hits. */
const maxOffset = 10_000

/**
 * One search (the ranked fallback of an exact query that found nothing included): its first
 * `skip + limit` hits, for a page that leaves out the first `skip`.
 */
function searchOnce(db: Crdb, query: string, options: SearchOptions, skip = 0): SearchResult {
  const result = runSearch(db, query, options, skip)
  return result.mode === 'boolean' && result.total === 0 ? fallBack(db, result, options, skip) : result
}

/** An exact query that found nothing: the ranked search of its words (not those after NOT), saying so. */
function fallBack(db: Crdb, exact: SearchResult, options: SearchOptions, skip: number): SearchResult {
  const words = positiveTerms(parseQuery(exact.query).tree)
    .map((term) => term.text)
    .join(' ')
  const ranked = runSearch(db, words, { ...options, mode: 'text' }, skip)
  const shown = words.length > 80 ? `${words.slice(0, 79)}…` : words
  const { note: _, ...rest } = ranked
  return { ...rest, query: exact.query, readAs: 'query', fallback: `the exact query found nothing: showing ranked results for its words (${shown})` }
}

function runSearch(db: Crdb, query: string, options: SearchOptions, skip = 0): SearchResult {
  if (typeof options !== 'object' || options === null) throw new CrdbError('E_USAGE', "search: options must be an object such as { at: { era: '2009' } }")
  for (const name in options) {
    // A selector's key given beside the options (`{ era: '2009' }`) would search the newest edition unasked.
    if (!optionNames.has(name) && (options as Record<string, unknown>)[name] !== undefined)
      throw new CrdbError(
        'E_USAGE',
        `search: unknown option ${quoteInput(name)}${name === 'date' || name === 'edition' || name === 'era' ? ` (an edition goes in at: { ${name} })` : ''}`
      )
  }
  checkQueryLength(query)
  const reading = readQueryMode(query, options.mode)
  const parsed = reading.as === 'query' ? parseQuery(query) : undefined
  const kinds = new Set(options.kinds ?? allKinds)
  for (const kind of kinds) {
    if (!allKinds.includes(kind)) throw new CrdbError('E_USAGE', `${quoteInput(kind)} is not a kind of hit (expected rule, example or term)`)
  }
  if (kinds.size === 0) throw new CrdbError('E_USAGE', 'no kind of hit to search for (give rule, example or term)')
  const asked = options.limit ?? 10
  if (!Number.isInteger(asked) || asked < 1 || asked > 1000) throw new CrdbError('E_USAGE', `limit must be a whole number from 1 to 1000, not ${asked}`)
  // A page (`offset`) ranks the hits it leaves out too.
  const limit = asked + skip
  const sectionAsked = options.section === undefined ? undefined : parseRuleNumber(options.section)
  const { edition, range, rangeGiven } = resolveSearchScope(db, options)
  const oneEdition = edition !== null
  // A section of another numbering (704 asked of 2003) is the section its rule was then (420); over a range, as given.
  const sectionNumbering = sectionAsked !== undefined && edition !== null ? readSectionAt(db, sectionAsked, { edition }) : undefined
  const sections = sectionAsked === undefined ? undefined : (sectionNumbering?.numbers ?? [sectionAsked]).map((number) => sortKeyOf(number))

  const cache = searchCacheOf(db)
  const scope = scopeOf(db, cache, range)
  const plan = parsed === undefined || parsed.plain ? planRanked(db, cache, query, edition ?? undefined) : planBoolean(db, cache, parsed)
  const { ids, forRules, forExamples } = findCandidateTexts(db, plan, parsed, kinds, oneEdition, cache, scope)

  const versionsOf = scope.versionsFor(ids)
  const inScope = (version: ScopeVersion): boolean => sections === undefined || (version.kind === 'rule' && isInSections(version.sortKey, sections))
  const wantedIds: number[] = []
  const wantedVersions: Array<readonly ScopeVersion[]> = []
  for (let index = 0; index < ids.length; index++) {
    const id = ids[index]
    const versions = versionsOf(id)
    if (versions === undefined) continue
    const kept = sections === undefined ? versions : versions.filter(inScope)
    if (kept.length === 0) continue
    wantedIds.push(id)
    wantedVersions.push(kept)
  }
  const texts = indexedTextsOf(db, cache, wantedIds)

  const groups: Groups = { rule: new Map(), example: new Map(), term: new Map() }
  const headingOf = headingsFor(db, cache, new Set(plan.terms.flatMap((term) => term.stems)))
  // A long question's words match a keyword's reminder as well as the rule that answers it: how often the rules cite a rule tells them apart.
  const citedFactorOf = plan.passage ? citedFactorsFor(db, cache) : () => 1
  // The topics the query names: its words but names (a card's), and its informal words read as the rules'.
  const topicShareOf = topicSharesFor(db, cache, new Set([...plan.nameStems, ...(plan.meantNameStems ?? [])]))
  const addCandidate = (kind: SearchKind, version: ScopeVersion, text: IndexedText, score: number, byName: boolean): void => {
    const candidate: Candidate = { kind, version, text, score, byName }
    const group = groups[kind].get(version.key)
    if (group) group.push(candidate)
    else groups[kind].set(version.key, [candidate])
  }
  for (let index = 0; index < wantedIds.length; index++) {
    const id = wantedIds[index]
    const text = texts.get(id)
    if (!text) continue
    const versions = wantedVersions[index]
    if (forRules === undefined || forRules.has(id)) {
      const score = scoreText(plan, text, ruleFields, cache.vocabulary)
      if (score.score > 0) {
        for (const version of versions) {
          if (!kinds.has(version.kind)) continue
          // A rule inherits its headings (704.5c: "state-based actions"): weak evidence for the words its text lacks.
          const heading = version.kind === 'rule' && score.coverage < 1 ? headingOf(version) : undefined
          // A heading holding none of the query's words changes nothing: the score stands.
          const own = heading && heading.stems.size > 0 ? scoreText(plan, text, ruleFields, cache.vocabulary, heading) : score
          addCandidate(
            version.kind,
            version,
            text,
            finalScore(own, plan.passage) *
              (plan.passage && version.kind === 'term' ? passageTermShare : 1) *
              (version.kind === 'rule' ? topicShareOf(version) * citedFactorOf(version) : version.kind === 'term' ? topicShareOf(version) : 1),
            own.nameMatch === 1 && !plan.passage
          )
        }
      }
    }
    if ((forExamples === undefined || forExamples.has(id)) && kinds.has('example') && text.textEnd < text.words.length) {
      const score = scoreText(plan, text, exampleFields, cache.vocabulary)
      // An example supports its rule: it ranks below a rule hit of the same score.
      if (score.score > 0) for (const version of versions) if (version.kind === 'rule') addCandidate('example', version, text, score.score * 0.5, false)
    }
  }

  if (oneEdition) {
    boostNamed(db, cache, plan, scope, groups, kinds, inScope, addCandidate)
    boostRelated(db, cache, plan, scope, groups, kinds, inScope, addCandidate)
  }

  const { total, best } = rankGroups(groups, limit)
  // Each hit's stable id: the lineage of its best-scoring version. (Set as each hit is made: a loop over the hits
  // afterwards read an array whose map V8 had not expected, and left the compiled search at most searches.)
  const hits = best.map((group) => {
    const hit = hitOf(plan, cache.vocabulary, scope.validTo, group)
    const id = lineageIdOf(db, cache, group[0].version)
    if (id !== undefined) hit.id = id
    return hit
  })
  const searched = plan.terms.flatMap((term) => term.words.map((word) => `"${word.replace(/"/g, '""')}"`))
  const expression =
    plan.mode === 'boolean' ? toFtsExpression(query) : searched.length === 1 ? searched[0] : searched.length ? `(${searched.join(' OR ')})` : ''
  const result: SearchResult = {
    query,
    expression,
    mode: plan.mode,
    readAs: reading.as,
    searchedFor: describePlan(plan),
    corrections: plan.corrections.map(({ from, to }) => ({ from, to })),
    expansions: plan.expansions,
    unknown: plan.unknown,
    names: plan.names,
    edition,
    total,
    hits
  }
  if (wordSpans(query).length === 0) result.note = 'the query has no word to search for (no letter or digit)'
  else if (reading.as === 'text' && reading.marked && options.mode !== 'text')
    result.note = `read as text (it ${reading.why}): quotes, parentheses, * and AND, OR, NOT are plain words here; ask for an exact query to use them as operators`
  if (rangeGiven && range) result.range = range
  if (sectionNumbering) result.sectionNumbering = sectionNumbering
  const cited = readCitedNumber(query)
  if (cited && kinds.has('rule')) putNumberFirst(db, result, cited, edition ?? range?.to, sections, limit)
  return result
}

/** Whether the rule whose sort key is `sortKey` lies in one of the sections given by their sort keys. */
function isInSections(sortKey: string, sections: string[]): boolean {
  for (const section of sections) if (sortKey.startsWith(section)) return true
  return false
}

/** A query that is only a rule number, as people cite one: the number, else `undefined`. */
export function readCitedNumber(query: string): string | undefined {
  const match = /^\s*(?:(?:CR|comprehensive\s+rules?|rules?|section|§)\s*)?(\d{1,3}(?:\.\d{1,3}[a-z]?)?)\s*\.?\s*$/i.exec(query)
  if (!match) return undefined
  try {
    return parseRuleNumber(match[1])
  } catch {
    return undefined
  }
}

/**
 * Put the rule `number` names in `edition` (through the lineage, for a number of another numbering)
 * first among the hits, or leave the result as it is when it names none there.
 */
function putNumberFirst(db: Crdb, result: SearchResult, number: string, edition: string | undefined, sections: string[] | undefined, limit: number): void {
  let rule: RuleVersion
  try {
    rule = getRule(db, number, edition === undefined ? {} : { edition })
  } catch (error) {
    if (error instanceof CrdbError) return
    throw error
  }
  if (sections !== undefined && !isInSections(sortKeyOf(rule.number), sections)) return
  const snippet = rule.text.length > 200 ? `${rule.text.slice(0, 199)}…` : rule.text
  const ranges = [{ validFrom: rule.validFrom, validTo: rule.validTo }]
  const hit: SearchHit = {
    kind: 'rule',
    key: rule.number,
    number: rule.number,
    snippet,
    highlights: [],
    rank: Math.min(0, ...result.hits.map((other) => other.rank)) - 1,
    validFrom: rule.validFrom,
    validTo: rule.validTo,
    ranges,
    versions: [{ snippet, highlights: [], validFrom: rule.validFrom, validTo: rule.validTo }],
    byName: true,
    ...(rule.id === undefined ? {} : { id: rule.id })
  }
  const others = result.hits.filter((other) => !(other.kind === 'rule' && other.key === rule.number))
  if (others.length === result.hits.length) result.total++
  result.hits = [hit, ...others].slice(0, limit)
  result.rule = { asked: number, number: rule.number, edition: rule.edition, ...(rule.numbering ? { note: rule.numbering.note } : {}) }
}

/** Which versions a search reads: one edition (`at`, default the newest), all of them, or a range of dates. */
function resolveSearchScope(db: Crdb, options: SearchOptions): { edition: string | null; range: ScopeRange; rangeGiven: boolean } {
  if (options.at !== undefined) checkSelector(options.at, 'search')
  const atGiven = options.at !== undefined && Object.values(options.at).some((value) => value !== undefined)
  const rangeGiven = options.from !== undefined || options.to !== undefined
  if ([atGiven, options.all === true, rangeGiven].filter(Boolean).length > 1) {
    throw new CrdbError('E_USAGE', 'search one edition (at), all of them (all) or a range of dates (from, to), not several')
  }
  if (rangeGiven) {
    const from = resolveEdition(db, { date: options.from ?? '1000-01-01' })
    const to = resolveEdition(db, options.to === undefined ? {} : { date: options.to })
    if (from > to) throw new CrdbError('E_USAGE', `the range ${options.from} to ${options.to} ends before it starts`)
    return { edition: null, range: { from, to }, rangeGiven }
  }
  if (options.all) return { edition: null, range: null, rangeGiven }
  const edition = resolveEdition(db, options.at, 'search')
  return { edition, range: { from: edition, to: edition }, rangeGiven }
}

/**
 * The texts a search scores: the boolean expression's matches (read as rules and terms, or as
 * examples: `forRules`, `forExamples`), or the ranked plan's rarer words' (each read both ways:
 * the two sets are left out).
 */
function findCandidateTexts(
  db: Crdb,
  plan: SearchPlan,
  parsed: ReturnType<typeof parseQuery> | undefined,
  kinds: Set<SearchKind>,
  oneEdition: boolean,
  cache: SearchCache,
  scope: Scope
): { ids: ArrayLike<number>; forRules?: Set<number>; forExamples?: Set<number> } {
  if (plan.mode === 'boolean' && parsed) {
    // Each expression's matches are read from FTS5 once per handle, then narrowed to the scope (when loaded).
    const expression = emitFlat(parsed.tree)
    const narrow = (ids: ArrayLike<number>): ArrayLike<number> => (scope.holding ? scope.holding([ids]) : ids)
    const rules = kinds.has('rule') || kinds.has('term') ? narrow(textsMatching(db, cache, `{name text} : (${expression})`)) : []
    const examples = kinds.has('example') ? narrow(textsMatching(db, cache, `{examples} : (${expression})`)) : []
    return { ids: unionOf([rules, examples]), forRules: new Set(Array.from(rules)), forExamples: new Set(Array.from(examples)) }
  }
  // The union of the candidate words' texts, each word's read once per handle (and narrowed to the scope when loaded).
  const words = candidateWords(plan)
  if (words.length === 0) return { ids: [] }
  const lists = words.map((word) => textsHolding(db, cache, word))
  // Over many editions a common word matches thousands of texts: score the best by bm25 only.
  // (In one edition about one text in six is in scope: allow six times as many.)
  const most = oneEdition ? 6 * maxCandidates : maxCandidates
  if (lists.reduce((sum, list) => sum + list.length, 0) > most && unionOf(lists).length > most) {
    return { ids: matchBestTexts(db, candidateExpression(plan)!, most) }
  }
  return { ids: scope.holding ? scope.holding(lists) : unionOf(lists) }
}

/** The stable id of the lineage of `version`, or `undefined` before the lineage has ids (every id is read once per handle). */
function lineageIdOf(db: Crdb, cache: SearchCache, version: ScopeVersion): string | undefined {
  if (version.lineage === null) return undefined
  cache.lineageIds ??= new Map(readLineageIds(db))
  return cache.lineageIds.get(version.lineage)
}

/** The candidates of each kind by key: one group per hit (with several editions, every matching version in it). */
type Groups = Record<SearchKind, Map<string, Candidate[]>>

/** The candidate of a kind and key added last (in one edition, the only one). */
function lastOf(groups: Groups, kind: SearchKind, key: string): Candidate | undefined {
  const group = groups[kind].get(key)
  return group?.[group.length - 1]
}

/**
 * How many groups there are, and the best `limit` of them, best first (each sorted best first).
 * Only the groups that can be among them are sorted: those scoring at least the `limit`-th best score.
 */
function rankGroups(groups: Groups, limit: number): { total: number; best: Candidate[][] } {
  const all: Candidate[][] = []
  for (const kind of allKinds) for (const group of groups[kind].values()) all.push(group)
  const top = (group: Candidate[]): number => {
    let score = group[0].score
    for (let index = 1; index < group.length; index++) if (group[index].score > score) score = group[index].score
    return score
  }
  let chosen = all
  if (all.length > limit) {
    const scores = new Float64Array(all.length)
    for (let index = 0; index < all.length; index++) scores[index] = top(all[index])
    scores.sort()
    const least = scores[scores.length - limit]
    chosen = all.filter((group) => top(group) >= least)
  }
  for (const group of chosen) group.sort((a, b) => b.score - a.score || compareText(b.version.firstDate, a.version.firstDate))
  chosen.sort((a, b) => b[0].score - a[0].score || kindOrder(a[0].kind) - kindOrder(b[0].kind) || compareText(a[0].version.sortKey, b[0].version.sortKey))
  return { total: all.length, best: chosen.slice(0, limit) }
}

let collator: Intl.Collator | undefined
/**
 * `localeCompare` (the default locale's order), with the collator made once rather than per comparison,
 * on first use: making it (ICU loads its collation data) would cost a command that does not search (`crdb get`
 * loads this module) 30 ms and more here.
 */
function compareText(a: string, b: string): number {
  collator ??= new Intl.Collator()
  return collator.compare(a, b)
}

/**
 * In one edition: the rules a matched glossary term cites rank just below it
 * ("legend rule" -> the term, then 704.5j), rules named by number rank first,
 * and a rule whose subrules match raises with them (704.5 for the state-based
 * actions of 704.5a-z).
 */
function boostRelated(
  db: Crdb,
  cache: SearchCache,
  plan: SearchPlan,
  scope: ReturnType<typeof scopeOf>,
  groups: Groups,
  kinds: Set<SearchKind>,
  inScope: (version: ScopeVersion) => boolean,
  addCandidate: (kind: SearchKind, version: ScopeVersion, text: IndexedText, score: number, byName: boolean) => void
): void {
  if (!kinds.has('rule')) return
  const boosts = new Map<string, number>()
  const raise = (key: string, score: number): void => {
    if (score > (boosts.get(key) ?? 0)) boosts.set(key, score)
  }
  for (const number of plan.ruleNumbers) raise(number, 2000)
  for (const group of groups.term.values()) {
    const candidate = group[group.length - 1]
    if (!candidate.byName) continue
    const cited = findReferences(candidate.text.text)
    for (let index = 0; index < cited.length && index < 3; index++) raise(cited[index].from, candidate.score * (0.98 - index * 0.01))
  }
  // Subrules raise their rule: a share of their best three scores, when two or more match.
  if (!plan.passage) {
    const children = new Map<string, number[]>()
    for (const group of groups.rule.values()) {
      const candidate = group[group.length - 1]
      if (candidate.score >= 1000) continue
      const parent = parentOf(candidate.version.key)
      if (!parent) continue
      let list = children.get(parent)
      if (!list) children.set(parent, (list = []))
      list.push(candidate.score)
    }
    for (const [parent, scores] of children) {
      if (scores.length < 2) continue
      scores.sort((a, b) => b - a)
      const own = lastOf(groups, 'rule', parent)?.score ?? 0
      raise(parent, Math.max(own, 0.5 * scores[0] + 0.35 * (scores[1] + (scores[2] ?? 0))))
    }
  }
  if (boosts.size === 0) return
  addMissingRules(db, cache, scope, groups, [...boosts.keys()], inScope, addCandidate)
  for (const [key, score] of boosts) {
    const candidate = lastOf(groups, 'rule', key)
    if (candidate && candidate.score < score) candidate.score = score
  }
}

/**
 * In a long question a glossary definition, a sentence or two, matches a few of its many words by chance
 * as well as the rule that answers it does: a term weighs this much of its score there.
 */
const passageTermShare = 0.7

/** How much a name the query holds as a phrase adds (a share of the best score), and the rules its term cites. */
const namedShare = 0.3
const citedShare = 0.2

/**
 * In one edition: the glossary terms and titled rules a query names among its words (plan.phrases)
 * rise by a share of the best score, and so do the first rules such a term cites: "... the order in
 * which replacement effects are applied" raises the term Replacement Effect and rule 614.
 */
function boostNamed(
  db: Crdb,
  cache: SearchCache,
  plan: SearchPlan,
  scope: ReturnType<typeof scopeOf>,
  groups: Groups,
  kinds: Set<SearchKind>,
  inScope: (version: ScopeVersion) => boolean,
  addCandidate: (kind: SearchKind, version: ScopeVersion, text: IndexedText, score: number, byName: boolean) => void
): void {
  if (plan.phrases.length === 0) return
  let top = 0
  for (const kind of allKinds)
    for (const group of groups[kind].values()) for (const candidate of group) if (candidate.score > top && candidate.score < 1000) top = candidate.score
  if (top === 0) return
  const bonuses = new Map<string, { kind: 'rule' | 'term'; key: string; amount: number }>()
  const give = (kind: 'rule' | 'term', key: string, amount: number): void => {
    const id = `${kind}:${key}`
    if (amount > (bonuses.get(id)?.amount ?? 0)) bonuses.set(id, { kind, key, amount })
  }
  const named = indexedTextsOf(
    db,
    cache,
    plan.phrases.map((phrase) => phrase.contentId)
  )
  for (const phrase of plan.phrases) {
    const strength = phrase.words >= 2 ? 1 : 0.6
    give(phrase.kind, phrase.key, namedShare * strength * top)
    if (phrase.kind !== 'term') continue
    const text = named.get(phrase.contentId)
    if (!text) continue
    const cited = findReferences(text.text)
    for (let index = 0; index < cited.length && index < 3; index++) give('rule', cited[index].from, citedShare * strength * top * (1 - 0.15 * index))
  }
  // The named terms and rules not yet among the candidates join them.
  const missingTerms = plan.phrases.filter((phrase) => phrase.kind === 'term' && kinds.has('term') && !groups.term.has(phrase.key))
  if (missingTerms.length > 0) {
    const versionsOf = scope.versionsFor(missingTerms.map((phrase) => phrase.contentId))
    for (const phrase of missingTerms) {
      const text = named.get(phrase.contentId)
      const version = versionsOf(phrase.contentId)?.find((each) => each.kind === 'term' && each.key === phrase.key)
      // A section scope holds rules only: a term named joins the candidates only without one.
      if (text && version && inScope(version)) addCandidate('term', version, text, 0, false)
    }
  }
  if (kinds.has('rule'))
    addMissingRules(
      db,
      cache,
      scope,
      groups,
      [...bonuses.values()].filter((bonus) => bonus.kind === 'rule').map((bonus) => bonus.key),
      inScope,
      addCandidate
    )
  for (const { kind, key, amount } of bonuses.values()) {
    const candidate = lastOf(groups, kind, key)
    if (candidate) candidate.score += amount
  }
}

/** The rules of `keys` in scope that are not candidates yet join them with a score of 0 (a boost then raises them). */
function addMissingRules(
  db: Crdb,
  cache: SearchCache,
  scope: ReturnType<typeof scopeOf>,
  groups: Groups,
  keys: string[],
  inScope: (version: ScopeVersion) => boolean,
  addCandidate: (kind: SearchKind, version: ScopeVersion, text: IndexedText, score: number, byName: boolean) => void
): void {
  const missing: string[] = []
  for (const key of keys) if (!groups.rule.has(key)) missing.push(key)
  const versions: ScopeVersion[] = []
  for (const version of scope.rulesNumbered(missing)) if (inScope(version)) versions.push(version)
  const texts = indexedTextsOf(
    db,
    cache,
    versions.map((version) => version.contentId)
  )
  for (const version of versions) {
    const text = texts.get(version.contentId)
    if (text) addCandidate('rule', version, text, 0, false)
  }
}

/** The rule a lettered subrule belongs to (704.5j -> 704.5); none for others (a rule's title is not its block). */
function parentOf(key: string): string | undefined {
  const last = key.charCodeAt(key.length - 1)
  const before = key.charCodeAt(key.length - 2)
  return last >= 97 && last <= 122 && before >= 48 && before <= 57 ? key.slice(0, -1) : undefined
}

function kindOrder(kind: SearchKind): number {
  return kind === 'rule' ? 0 : kind === 'term' ? 1 : 2
}

/**
 * Where the words of a text's field are ({@link wordSpans}), found for the texts shown only (the
 * cache keeps a text's words as ids) and kept while the text is: the same hits come back search after search.
 */
const spansKept = new WeakMap<IndexedText, { text?: number[]; examples?: number[] }>()

/** The spans of the words of `text`'s `field`. */
function spansOf(text: IndexedText, field: 'text' | 'examples'): number[] {
  let kept = spansKept.get(text)
  if (!kept) spansKept.set(text, (kept = {}))
  return (kept[field] ??= wordSpans(text[field]))
}

function hitOf(plan: SearchPlan, vocabulary: Vocabulary, validTo: (lastDate: string) => string | null, group: Candidate[]): SearchHit {
  const best = group[0]
  const snippetFor = ({ kind, text }: Candidate): { snippet: string; highlights: Array<[number, number]> } => {
    const shown = kind === 'example' ? text.examples : text.text
    const spans = spansOf(text, kind === 'example' ? 'examples' : 'text')
    const first = kind === 'example' ? text.textEnd : text.nameEnd
    return snippetOf(shown, spans, markTermWords(plan, vocabulary, text.words, first, spans.length >> 1))
  }
  const shown = snippetFor(best)
  const versions = [...group]
    .sort((a, b) => compareText(a.version.firstDate, b.version.firstDate))
    .map(
      (candidate): SearchVersion => ({
        ...(candidate === best ? shown : snippetFor(candidate)),
        validFrom: candidate.version.firstDate,
        validTo: validTo(candidate.version.lastDate)
      })
    )
  const ranges = joinRanges(versions.map(({ validFrom, validTo }) => ({ validFrom, validTo })))
  const hit: SearchHit = {
    kind: best.kind,
    key: best.version.key,
    snippet: shown.snippet,
    highlights: shown.highlights,
    rank: -best.score,
    validFrom: ranges[0].validFrom,
    validTo: ranges[ranges.length - 1].validTo,
    ranges,
    versions
  }
  if (best.kind === 'term') {
    hit.term = best.version.label + (best.version.obsolete && !/obsolete/i.test(best.version.label) ? ' (obsolete)' : '')
    if (best.version.obsolete) hit.obsolete = true
  } else hit.number = best.version.key
  if (best.byName) hit.byName = true
  return hit
}

function joinRanges(ranges: Array<{ validFrom: string; validTo: string | null }>): Array<{ validFrom: string; validTo: string | null }> {
  const sorted = [...ranges].sort((a, b) => compareText(a.validFrom, b.validFrom))
  const joined: Array<{ validFrom: string; validTo: string | null }> = []
  for (const range of sorted) {
    const last = joined[joined.length - 1]
    if (last && (last.validTo === null || last.validTo >= range.validFrom)) {
      if (last.validTo !== null && (range.validTo === null || range.validTo > last.validTo)) last.validTo = range.validTo
    } else joined.push({ ...range })
  }
  return joined
}
