/**
 * Full-text search over rule text, examples and glossary definitions, in one
 * edition or across every version, ranked by bm25 with highlighted snippets.
 *
 * The user's query is parsed here into an FTS5 expression in which every word
 * and phrase is quoted, so no user text reaches FTS5 (or SQL) unparsed: a query
 * that does not parse is an `E_BAD_QUERY`, never an SQLite error.
 */
import type { CrdbDatabase } from '../store/database.js'
import { CrdbError } from '../vocabulary/errors.js'
import { parseRuleNumber, sortKeyOf } from '../vocabulary/rule-number.js'
import { checkSelector } from '../vocabulary/selector.js'
import { resolveEdition } from './editions.js'
import type { EditionSelector } from '../vocabulary/selector.js'
import { prepared } from '../store/statements.js'

/** What a hit is: a rule's text, a rule's examples, or a glossary definition. */
export type SearchKind = 'rule' | 'example' | 'term'

/** Options of {@link search}. */
export interface SearchOptions {
  /** Search the edition that answers `at` (default: the newest). */
  at?: EditionSelector
  /** Search every version of every edition; hits are grouped by key with their date ranges. */
  all?: boolean
  /** Only rules (and their examples) of this section, rule or subrule: `'7'`, `'704'`, `'704.5'`. */
  section?: string
  /** Only these kinds of hit (default: all three). */
  kinds?: SearchKind[]
  /** EditionSelector most this many hits (default 10, at most 1000). */
  limit?: number
}

/** One hit: a rule, a rule's examples, or a glossary term. */
export interface SearchHit {
  kind: SearchKind
  /** `704.5j`, or the glossary key (`legend rule`). */
  key: string
  /** The rule number, for a rule or example hit. */
  number?: string
  /** The term as printed, for a term hit. */
  term?: string
  /** A passage of the matching text, `…` where it is cut; `\n` read as a space. */
  snippet: string
  /** Where the query's words are in `snippet`: `[start, end)` offsets, in order. */
  highlights: Array<[number, number]>
  /** bm25 score: lower is better. */
  rank: number
  /** First day the matching text was in force (with `all`: the earliest). */
  validFrom: string
  /** The day it stopped being in force; `null` while it still is (with `all`: of the latest). */
  validTo: string | null
  /** Every interval in which a matching text of this key was in force, oldest first, adjacent ones joined. */
  ranges: Array<{ validFrom: string; validTo: string | null }>
  /** A glossary term found by its name (the query's words are one of its names); it ranks first. */
  byName?: true
}

/** What {@link search} returns. */
export interface SearchResult {
  query: string
  /** The FTS5 expression the query was read as. */
  expression: string
  /** The edition searched; `null` with `all`. */
  edition: string | null
  /** Hits before `limit`. */
  total: number
  hits: SearchHit[]
}

const allKinds: readonly SearchKind[] = ['rule', 'example', 'term']
const snippetTokens = 24
const open = '\u0002'
const close = '\u0003'

/**
 * Search rule text, examples and glossary definitions for `query`: words (all
 * must match), `"phrases"`, prefixes (`legend*`), `AND`, `OR`, `NOT` (upper case)
 * and parentheses. Matching ignores case and accents and stems English words
 * (`legends` finds `legend`). A hit matches within one field: a rule's text, its
 * examples, or a definition; a glossary term whose name is the query's words
 * (`legend rule`, `life total`) is a hit too, ranked first.
 *
 * Default scope: the newest edition; `at` picks another; `all` searches every
 * version and groups hits by key with their date ranges.
 *
 * @throws {CrdbError} `E_BAD_QUERY` for a query that does not parse; `E_BAD_NUMBER`
 *   for a bad `section`; `E_USAGE` for bad options; `E_BAD_DATE`, `E_NOT_FOUND` from `at`.
 */
export function search(db: CrdbDatabase, query: string, options: SearchOptions = {}): SearchResult {
  const tree = parseQuery(query)
  const expression = emit(tree)
  const kinds = new Set(options.kinds ?? allKinds)
  for (const kind of kinds) {
    if (!allKinds.includes(kind)) throw new CrdbError('E_USAGE', `"${kind}" is not a kind of hit (expected rule, example or term)`)
  }
  if (kinds.size === 0) throw new CrdbError('E_USAGE', 'no kind of hit to search for (give rule, example or term)')
  const limit = options.limit ?? 10
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new CrdbError('E_USAGE', `limit must be a whole number from 1 to 1000, not ${limit}`)
  if (options.all && options.at && Object.values(options.at).some((value) => value !== undefined)) {
    throw new CrdbError('E_USAGE', 'search one edition (at) or all of them (all), not both')
  }
  const section = options.section === undefined ? undefined : sortKeyOf(parseRuleNumber(options.section))
  if (options.at) checkSelector(options.at)
  const edition = options.all ? null : resolveEdition(db, options.at)
  const scope = scopeOf(db, edition)

  // One FTS5 query per field: rule and term texts, and examples.
  const candidates: Candidate[] = []
  const fields: Array<{ column: 0 | 1; kinds: SearchKind[] }> = [
    { column: 0, kinds: (['rule', 'term'] as const).filter((kind) => kinds.has(kind)) },
    { column: 1, kinds: kinds.has('example') ? ['example'] : [] }
  ]
  const matches: Array<{ column: 0 | 1; match: string; rows: Array<[number, number]> }> = []
  for (const field of fields) {
    if (field.kinds.length === 0) continue
    const match = `${field.column === 0 ? '{text}' : '{examples}'} : (${expression})`
    const rows = prepared(db, 'SELECT rowid AS id, bm25(contents_fts) AS rank FROM contents_fts WHERE contents_fts MATCH ?').raw().all(match) as Array<[number, number]>
    matches.push({ column: field.column, match, rows })
  }
  const versionsOf = scope.versionsFor(matches.flatMap((m) => m.rows.map(([id]) => id)))
  for (const { column, match, rows } of matches) {
    for (const [id, rank] of rows) {
      const versions = versionsOf.get(id)
      if (!versions) continue
      for (const version of versions) {
        const kind: SearchKind = column === 1 ? 'example' : version.kind
        if (!kinds.has(kind)) continue
        if (section !== undefined && (version.kind !== 'rule' || !version.sortKey.startsWith(section))) continue
        candidates.push({ kind, version, contentId: id, column, match, rank })
      }
    }
  }

  // A glossary term whose name is the query (`legend rule`, `life total`) ranks first.
  const name = kinds.has('term') && section === undefined ? plainWords(tree) : undefined
  if (name !== undefined) {
    const best = candidates.reduce((rank, candidate) => Math.min(rank, candidate.rank), 0)
    const names = new Set(prepared(db, 'SELECT key FROM term_aliases WHERE alias = ?').pluck().all(name) as string[])
    names.add(name)
    for (const version of scope.termsNamed(names)) {
      candidates.push({ kind: 'term', version, contentId: version.contentId, column: 0, match: '', rank: best - 1, byName: true })
    }
  }

  // Group by key (one version each in one edition; every matching version with `all`).
  const groups = new Map<string, Candidate[]>()
  for (const candidate of candidates) {
    const id = candidate.kind + '\u0000' + candidate.version.key
    let group = groups.get(id)
    if (!group) groups.set(id, (group = []))
    group.push(candidate)
  }
  const ranked = [...groups.values()].map((group) => {
    group.sort((a, b) => a.rank - b.rank || b.version.firstDate.localeCompare(a.version.firstDate))
    return group
  })
  ranked.sort((a, b) => a[0].rank - b[0].rank || kindOrder(a[0].kind) - kindOrder(b[0].kind) || a[0].version.sortKey.localeCompare(b[0].version.sortKey))

  const hits = ranked.slice(0, limit).map((group): SearchHit => {
    const best = group[0]
    // A term found by its name shows its definition, highlighted where the text matched too.
    const shown = best.byName ? group.find((c) => !c.byName && c.contentId === best.contentId) : best
    const { snippet, highlights } = shown ? snippetOf(db, shown) : nameSnippetOf(db, best)
    const ranges = joinRanges(group.map((c) => ({ validFrom: c.version.firstDate, validTo: scope.validTo(c.version.lastDate) })))
    const hit: SearchHit = {
      kind: best.kind,
      key: best.version.key,
      snippet,
      highlights,
      rank: best.rank,
      validFrom: ranges[0].validFrom,
      validTo: ranges[ranges.length - 1].validTo,
      ranges
    }
    if (best.kind === 'term') hit.term = best.version.label
    else hit.number = best.version.key
    if (best.byName) hit.byName = true
    return hit
  })
  return { query, expression, edition, total: ranked.length, hits }
}

interface ScopeVersion {
  contentId: number
  kind: 'rule' | 'term'
  key: string
  label: string
  sortKey: string
  firstDate: string
  lastDate: string
}

interface Candidate {
  kind: SearchKind
  version: ScopeVersion
  contentId: number
  column: 0 | 1
  match: string
  rank: number
  byName?: true
}

interface Scope {
  /** The versions in scope of these contents, by content id (it may hold others too). */
  versionsFor: (contentIds: number[]) => Map<number, ScopeVersion[]>
  /** The glossary versions in scope whose key, or a name their heading lists, is one of `names`. */
  termsNamed: (names: Set<string>) => ScopeVersion[]
  /** The day a version whose last edition is `lastDate` stopped being in force. */
  validTo: (lastDate: string) => string | null
}

type VersionTuple = ['rule' | 'term', string, string, string, number, string, string]

const versionColumns = 'kind, key, label, sort_key, content_id, first_date, last_date'

/**
 * Per handle, until the database changes: the dates of the editions, how often
 * each scope was searched, and the scopes loaded whole. A scope is loaded whole
 * (every version in it, in memory) from its second search on; the first reads
 * only the versions of the contents that matched, which is what a one-shot CLI
 * search wants.
 */
const scopes = new WeakMap<CrdbDatabase, { generation: string; dates: string[]; uses: Map<string, number>; loaded: Map<string, Scope> }>()

function scopeOf(db: CrdbDatabase, edition: string | null): Scope {
  const generation = `${prepared(db, 'SELECT data_version FROM pragma_data_version').pluck().get()}:${prepared(db, 'SELECT total_changes()').pluck().get()}`
  let cached = scopes.get(db)
  if (!cached || cached.generation !== generation) {
    const dates = prepared(db, 'SELECT effective_date FROM editions ORDER BY effective_date').pluck().all() as string[]
    scopes.set(db, (cached = { generation, dates, uses: new Map(), loaded: new Map() }))
  }
  const name = edition ?? '*'
  const loaded = cached.loaded.get(name)
  if (loaded) return loaded
  const dates = cached.dates
  const validTo = (lastDate: string): string | null => {
    let low = 0
    let high = dates.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (dates[middle] <= lastDate) low = middle + 1
      else high = middle
    }
    return dates[low] ?? null
  }
  const inScope = edition === null ? '' : ' AND first_date <= @edition AND last_date >= @edition'
  const uses = (cached.uses.get(name) ?? 0) + 1
  cached.uses.set(name, uses)

  if (uses === 1) {
    // First search of this scope: read only what it needs.
    return {
      versionsFor: (contentIds) => {
        const rows = prepared(db, `SELECT ${versionColumns} FROM versions WHERE content_id IN (SELECT value FROM json_each(@ids))${inScope}`)
          .raw()
          .all({ ids: JSON.stringify([...new Set(contentIds)]), ...(edition === null ? {} : { edition }) }) as VersionTuple[]
        return indexVersions(rows).byContent
      },
      termsNamed: (names) => {
        const rows = prepared(
          db,
          `SELECT ${versionColumns} FROM versions WHERE kind = 'term' AND (key IN (SELECT value FROM json_each(@names)) OR key LIKE '%/%' OR key LIKE '%,%')${inScope}`
        )
          .raw()
          .all({ names: JSON.stringify([...names]), ...(edition === null ? {} : { edition }) }) as VersionTuple[]
        return termsOf(indexVersions(rows).terms, names)
      },
      validTo
    }
  }

  const rows = prepared(db, `SELECT ${versionColumns} FROM versions WHERE 1 = 1${inScope}`)
    .raw()
    .all(edition === null ? {} : { edition }) as VersionTuple[]
  const { byContent, terms } = indexVersions(rows)
  const scope: Scope = { versionsFor: () => byContent, termsNamed: (names) => termsOf(terms, names), validTo }
  cached.loaded.set(name, scope)
  return scope
}

/** Versions by content id, and glossary versions by key and by each name their heading lists ('life/life total': 'life', 'life total'). */
function indexVersions(rows: VersionTuple[]): { byContent: Map<number, ScopeVersion[]>; terms: Map<string, ScopeVersion[]> } {
  const byContent = new Map<number, ScopeVersion[]>()
  const terms = new Map<string, ScopeVersion[]>()
  for (const [kind, key, label, sortKey, contentId, firstDate, lastDate] of rows) {
    const version: ScopeVersion = { contentId, kind, key, label, sortKey, firstDate, lastDate }
    let list = byContent.get(contentId)
    if (!list) byContent.set(contentId, (list = []))
    list.push(version)
    if (kind === 'term') {
      for (const name of new Set([key, ...key.split(/\s*[/,]\s*/)])) {
        if (name === '') continue
        let forName = terms.get(name)
        if (!forName) terms.set(name, (forName = []))
        forName.push(version)
      }
    }
  }
  return { byContent, terms }
}

function termsOf(terms: Map<string, ScopeVersion[]>, names: Set<string>): ScopeVersion[] {
  return [...new Set([...names].flatMap((name) => terms.get(name) ?? []))]
}

function kindOrder(kind: SearchKind): number {
  return kind === 'rule' ? 0 : kind === 'term' ? 1 : 2
}

/** The snippet of a candidate's field, its markers turned into offsets. */
function snippetOf(db: CrdbDatabase, candidate: Candidate): { snippet: string; highlights: Array<[number, number]> } {
  const marked = (prepared(
    db,
    `SELECT snippet(contents_fts, ?, '${open}', '${close}', '…', ${snippetTokens}) FROM contents_fts WHERE contents_fts MATCH ? AND rowid = CAST(? AS INTEGER)`
  )
    .pluck()
    .get(candidate.column, candidate.match, candidate.contentId) ?? '') as string
  let snippet = ''
  const highlights: Array<[number, number]> = []
  let start = -1
  for (const character of marked.replace(/\n/g, ' ')) {
    if (character === open) start = snippet.length
    else if (character === close) {
      if (start >= 0 && snippet.length > start) {
        const last = highlights[highlights.length - 1]
        // Join marks separated only by spaces ("legend rule" as one highlight).
        if (last && /^ *$/.test(snippet.slice(last[1], start))) last[1] = snippet.length
        else highlights.push([start, snippet.length])
      }
      start = -1
    } else snippet += character
  }
  return { snippet, highlights }
}

/** The start of a term's definition, for a hit found by the term's name. */
function nameSnippetOf(db: CrdbDatabase, candidate: Candidate): { snippet: string; highlights: Array<[number, number]> } {
  const text = ((prepared(db, 'SELECT text FROM contents WHERE id = ?').pluck().get(candidate.contentId) ?? '') as string).replace(/\n/g, ' ')
  const words = text.split(' ')
  const snippet = words.length > snippetTokens ? words.slice(0, snippetTokens).join(' ') + '…' : text
  return { snippet, highlights: [] }
}

/** The words of a query made only of words and phrases (no operator, no prefix), lower case; else undefined. */
function plainWords(node: Node): string | undefined {
  if (node.type === 'word') return node.prefix ? undefined : node.text.toLowerCase()
  if (node.type !== 'AND') return undefined
  const left = plainWords(node.left)
  const right = plainWords(node.right)
  return left === undefined || right === undefined ? undefined : `${left} ${right}`
}

function joinRanges(ranges: Array<{ validFrom: string; validTo: string | null }>): Array<{ validFrom: string; validTo: string | null }> {
  const sorted = [...ranges].sort((a, b) => a.validFrom.localeCompare(b.validFrom))
  const joined: Array<{ validFrom: string; validTo: string | null }> = []
  for (const range of sorted) {
    const last = joined[joined.length - 1]
    if (last && (last.validTo === null || last.validTo >= range.validFrom)) {
      if (last.validTo !== null && (range.validTo === null || range.validTo > last.validTo)) last.validTo = range.validTo
    } else joined.push({ ...range })
  }
  return joined
}

// ---------------------------------------------------------------------------
// The query language.

type Token =
  | { type: 'word'; text: string; prefix: boolean; at: number }
  | { type: 'AND' | 'OR' | 'NOT' | '(' | ')'; at: number }

type Node = { type: 'word'; text: string; prefix: boolean } | { type: 'AND' | 'OR' | 'NOT'; left: Node; right: Node }

/**
 * Read a search query into a safe FTS5 expression: every word and phrase
 * quoted, operators and grouping made explicit.
 *
 * `legend rule` -> `("legend" AND "rule")`; `"legend rule" OR legend*` ->
 * `("legend rule" OR "legend"*)`.
 *
 * @throws {CrdbError} `E_BAD_QUERY`, one line naming the query and what is wrong:
 *   empty, an unclosed quote or parenthesis, an operator without a term on each
 *   side, a bare or misplaced `*`, a phrase with no letter or digit. A bare word
 *   of punctuation only (`-`) is left out, as the index leaves it out.
 */
export function toFtsExpression(query: string): string {
  return emit(parseQuery(query))
}

function parseQuery(query: string): Node {
  const tokens = tokenize(query)
  if (tokens.length === 0) throw badQuery(query, query.trim() === '' ? 'it is empty: give at least one word' : 'it has no word to search for, only punctuation')
  let index = 0
  const peek = (): Token | undefined => tokens[index]
  const describe = (token: Token | undefined): string =>
    token === undefined ? 'the end' : token.type === 'word' ? `"${token.text}"` : `"${token.type}" at column ${token.at + 1}`

  const parseOr = (): Node => {
    let left = parseAnd()
    while (peek()?.type === 'OR') {
      const operator = tokens[index++]
      left = { type: 'OR', left, right: parseOperand(operator, parseAnd) }
    }
    return left
  }
  const parseAnd = (): Node => {
    let left = parseNot()
    for (;;) {
      const next = peek()
      if (next?.type === 'AND') {
        index++
        left = { type: 'AND', left, right: parseOperand(next, parseNot) }
      } else if (next?.type === 'word' || next?.type === '(') {
        left = { type: 'AND', left, right: parseNot() }
      } else return left
    }
  }
  const parseNot = (): Node => {
    let left = parsePrimary()
    while (peek()?.type === 'NOT') {
      const operator = tokens[index++]
      left = { type: 'NOT', left, right: parseOperand(operator, parsePrimary) }
    }
    return left
  }
  const parseOperand = (operator: Token, parse: () => Node): Node => {
    const next = peek()
    if (next === undefined || next.type === ')' || next.type === 'AND' || next.type === 'OR' || next.type === 'NOT') {
      throw badQuery(query, `"${operator.type}" at column ${operator.at + 1} has no term after it`)
    }
    return parse()
  }
  const parsePrimary = (): Node => {
    const token = peek()
    if (token === undefined) throw badQuery(query, 'it ends where a term is expected')
    if (token.type === 'word') {
      index++
      return { type: 'word', text: token.text, prefix: token.prefix }
    }
    if (token.type === '(') {
      index++
      if (peek()?.type === ')') throw badQuery(query, `the parentheses at column ${token.at + 1} are empty`)
      const inner = parseOr()
      if (peek()?.type !== ')') throw badQuery(query, `the "(" at column ${token.at + 1} is never closed`)
      index++
      return inner
    }
    if (token.type === ')') throw badQuery(query, `the ")" at column ${token.at + 1} closes nothing`)
    throw badQuery(query, `"${token.type}" at column ${token.at + 1} has no term before it`)
  }

  const tree = parseOr()
  if (index < tokens.length) {
    const token = tokens[index]
    throw badQuery(query, token.type === ')' ? `the ")" at column ${token.at + 1} closes nothing` : `unexpected ${describe(token)}`)
  }
  return tree
}

function emit(node: Node): string {
  if (node.type === 'word') return `"${node.text.replace(/"/g, '""')}"${node.prefix ? '*' : ''}`
  return `(${emit(node.left)} ${node.type} ${emit(node.right)})`
}

function tokenize(query: string): Token[] {
  const tokens: Token[] = []
  let position = 0
  while (position < query.length) {
    const character = query[position]
    if (/\s/.test(character)) {
      position++
    } else if (character === '(' || character === ')') {
      tokens.push({ type: character, at: position })
      position++
    } else if (character === '"') {
      const end = query.indexOf('"', position + 1)
      if (end < 0) throw badQuery(query, `the quote at column ${position + 1} is never closed`)
      const text = query.slice(position + 1, end).replace(/\s+/g, ' ').trim()
      let after = end + 1
      const prefix = query[after] === '*'
      if (prefix) after++
      if (text === '') throw badQuery(query, `the quotes at column ${position + 1} hold no words`)
      if (!/[\p{L}\p{N}]/u.test(text)) throw badQuery(query, `"${text}" at column ${position + 1} has no letter or digit to search for`)
      if (after < query.length && !/[\s()]/.test(query[after])) {
        throw badQuery(query, `a phrase must be followed by a space or parenthesis (column ${after + 1})`)
      }
      tokens.push({ type: 'word', text, prefix, at: position })
      position = after
    } else {
      let end = position
      while (end < query.length && !/[\s()"]/.test(query[end])) end++
      const raw = query.slice(position, end)
      if (raw === 'AND' || raw === 'OR' || raw === 'NOT') {
        tokens.push({ type: raw, at: position })
      } else {
        const prefix = raw.endsWith('*')
        const text = prefix ? raw.slice(0, -1) : raw
        if (text === '' || /^\*+$/.test(text)) throw badQuery(query, `the "*" at column ${position + 1} needs a word before it (as in legend*)`)
        if (text.includes('*')) throw badQuery(query, `"${raw}" at column ${position + 1}: "*" may only end a word (as in legend*)`)
        // Punctuation alone ("-", "—") is not a word: it is left out, as the index leaves it out.
        if (/[\p{L}\p{N}]/u.test(text)) tokens.push({ type: 'word', text, prefix, at: position })
        else if (prefix) throw badQuery(query, `"${raw}" at column ${position + 1} has no letter or digit before its "*"`)
      }
      position = end
    }
  }
  return tokens
}

function badQuery(query: string, problem: string): CrdbError {
  return new CrdbError('E_BAD_QUERY', `search query ${JSON.stringify(query)}: ${problem}`)
}
