/**
 * After storing: lineages, which follow a rule through renumberings.
 *
 * A rule number is a label, not an identity. Between each pair of neighbouring
 * editions, the rule versions that stop are matched to the versions that start,
 * the way git detects renames: the same text under a new number is a move; a
 * similar text is a move with changes; the same number with a new text is a
 * change. Matching is greedy on a score (text similarity, plus a bonus for the
 * same number), so a number reused for another rule is not mistaken for it.
 * An override file fixes the cases matching gets wrong.
 *
 * Everything here is derived from the versions, so it is recomputed whole after
 * each ingest that stored something.
 */
import { readFileSync, existsSync } from 'node:fs'
import type { CrdbDatabase } from '../src/store/database.js'
import { CrdbError } from '../src/vocabulary/errors.js'
import type { LinkKind } from '../src/vocabulary/kinds.js'
import { parseRuleNumber } from '../src/vocabulary/rule-number.js'

/** One correction to lineage matching, from the override file. */
export type LineageOverride =
  /** In the edition dated `edition`, `to` continues `from` (the rule of the edition before). */
  | { edition: string; from: string; to: string }
  /** In the edition dated `edition`, `number` starts a lineage of its own. */
  | { edition: string; number: string; newLineage: true }

/** What a lineage computation found. */
export interface LineageSummary {
  links: number
  moves: number
  lineages: number
}

/** How similar two texts must be (0..1) for a move to be believed. */
const moveThreshold = 0.5
/** How similar the texts under one number must be to count as one rule changed. */
const sameNumberThreshold = 0.2
/** A bonus for keeping the number, so that equal candidates prefer it. */
const sameNumberBonus = 0.15

interface VersionRow {
  id: number
  key: string
  contentId: number
  firstDate: string
  lastDate: string
  text: string
}
interface Link {
  from: number
  to: number
  kind: LinkKind
  similarity: number
}

/**
 * Read an override file: a JSON array of {@link LineageOverride}.
 *
 * @throws {CrdbError} `E_FORMAT` naming the file and the bad entry.
 */
export function readLineageOverrides(path: string): LineageOverride[] {
  if (!existsSync(path)) return []
  let entries: unknown
  try {
    entries = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new CrdbError('E_FORMAT', `${path}: not JSON (${(error as Error).message})`)
  }
  if (!Array.isArray(entries)) throw new CrdbError('E_FORMAT', `${path}: expected a JSON array of overrides`)
  return entries.map((entry, index) => {
    const where = `${path}: entry ${index + 1}`
    if (typeof entry !== 'object' || entry === null || typeof entry.edition !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(entry.edition)) {
      throw new CrdbError('E_FORMAT', `${where}: needs "edition" as YYYY-MM-DD`)
    }
    if (typeof entry.from === 'string' && typeof entry.to === 'string') {
      return { edition: entry.edition, from: parseRuleNumber(entry.from), to: parseRuleNumber(entry.to) }
    }
    if (typeof entry.number === 'string' && entry.newLineage === true) {
      return { edition: entry.edition, number: parseRuleNumber(entry.number), newLineage: true }
    }
    throw new CrdbError('E_FORMAT', `${where}: needs "from" and "to", or "number" with "newLineage": true`)
  })
}

/**
 * Recompute lineage links and lineage ids for every rule and term version, in
 * one transaction.
 */
export function computeLineage(db: CrdbDatabase, overrides: LineageOverride[] = []): LineageSummary {
  const dates = db.prepare('SELECT effective_date FROM editions ORDER BY effective_date').pluck().all() as string[]
  const rows = db
    .prepare(
      `SELECT v.id, v.key, v.content_id AS contentId, v.first_date AS firstDate, v.last_date AS lastDate, c.text
       FROM versions v JOIN contents c ON c.id = v.content_id WHERE v.kind = 'rule'`
    )
    .all() as VersionRow[]
  const endingAt = groupBy(rows, (row) => row.lastDate)
  const startingAt = groupBy(rows, (row) => row.firstDate)
  const links: Link[] = []
  const tokenCache = new Map<number, Set<string>>()
  const tokensOf = (row: VersionRow): Set<string> => {
    let tokens = tokenCache.get(row.contentId)
    if (!tokens) tokenCache.set(row.contentId, (tokens = tokenize(row.text)))
    return tokens
  }

  for (let index = 1; index < dates.length; index++) {
    const ended = endingAt.get(dates[index - 1]) ?? []
    const started = startingAt.get(dates[index]) ?? []
    if (ended.length === 0 || started.length === 0) continue
    const editionOverrides = overrides.filter((override) => override.edition === dates[index])
    links.push(...matchEditions(ended, started, tokensOf, editionOverrides))
  }

  const write = db.transaction(() => {
    db.prepare('DELETE FROM lineage_links').run()
    const insert = db.prepare('INSERT INTO lineage_links (from_version, to_version, kind, similarity) VALUES (?, ?, ?, ?)')
    for (const link of links) insert.run(link.from, link.to, link.kind, link.similarity)

    // A version's lineage is that of its best predecessor, or its own id.
    const best = new Map<number, Link>()
    for (const link of links) {
      const current = best.get(link.to)
      if (!current || link.similarity > current.similarity) best.set(link.to, link)
    }
    const lineageOf = new Map<number, number>()
    const ordered = [...rows].sort((a, b) => a.firstDate.localeCompare(b.firstDate) || a.id - b.id)
    for (const row of ordered) {
      const link = best.get(row.id)
      lineageOf.set(row.id, link ? lineageOf.get(link.from) ?? link.from : row.id)
    }
    const update = db.prepare('UPDATE versions SET lineage_id = ? WHERE id = ?')
    for (const [id, lineage] of lineageOf) update.run(lineage, id)
    // Glossary terms keep their key: one lineage per term.
    db.prepare(
      `UPDATE versions SET lineage_id = (SELECT MIN(other.id) FROM versions other WHERE other.kind = 'term' AND other.key = versions.key)
       WHERE kind = 'term'`
    ).run()
    return new Set(lineageOf.values()).size
  })
  const lineages = write.immediate()
  return { links: links.length, moves: links.filter((link) => link.kind !== 'changed').length, lineages }
}

/** Match the versions that stop after one edition to those that start in the next. */
function matchEditions(ended: VersionRow[], started: VersionRow[], tokensOf: (row: VersionRow) => Set<string>, overrides: LineageOverride[]): Link[] {
  const links: Link[] = []
  const usedFrom = new Set<number>()
  const usedTo = new Set<number>()
  const take = (from: VersionRow, to: VersionRow, similarity: number, kind?: Link['kind']): void => {
    usedFrom.add(from.id)
    usedTo.add(to.id)
    links.push({ from: from.id, to: to.id, similarity, kind: kind ?? (from.key === to.key ? 'changed' : from.contentId === to.contentId ? 'moved' : 'moved-changed') })
  }

  for (const override of overrides) {
    if ('newLineage' in override) {
      const to = started.find((row) => row.key === override.number)
      if (to) usedTo.add(to.id)
      continue
    }
    const from = ended.find((row) => row.key === override.from)
    const to = started.find((row) => row.key === override.to)
    if (from && to && !usedTo.has(to.id)) take(from, to, similarity(tokensOf(from), tokensOf(to)), 'override')
  }

  // Identical texts first: a pure renumbering. A title ("General") moves only when it is
  // the one such title on both sides.
  const startedByContent = groupBy(started, (row) => row.contentId)
  const endedByContent = groupBy(ended, (row) => row.contentId)
  for (const from of ended) {
    if (usedFrom.has(from.id)) continue
    const same = startedByContent.get(from.contentId) ?? []
    if (isTitle(from) && (same.length !== 1 || endedByContent.get(from.contentId)!.length !== 1)) continue
    const to = same.find((row) => !usedTo.has(row.id))
    if (to) take(from, to, 1)
  }

  // Then similar texts, best score first: count shared words through an inverted index
  // (exact Jaccard from the counts), so only texts that share words are compared.
  const open = started.filter((row) => !usedTo.has(row.id))
  const postings = new Map<string, number[]>()
  open.forEach((row, position) => {
    for (const token of tokensOf(row)) {
      let list = postings.get(token)
      if (!list) postings.set(token, (list = []))
      list.push(position)
    }
  })
  const shared = new Int32Array(open.length)
  const candidates: Array<{ from: VersionRow; to: VersionRow; score: number; similarity: number }> = []
  for (const from of ended) {
    if (usedFrom.has(from.id)) continue
    const fromTokens = tokensOf(from)
    const touched: number[] = []
    for (const token of fromTokens) {
      for (const position of postings.get(token) ?? []) {
        if (shared[position]++ === 0) touched.push(position)
      }
    }
    for (const position of touched) {
      const to = open[position]
      const count = shared[position]
      shared[position] = 0
      const value = count / (fromTokens.size + tokensOf(to).size - count)
      const sameKey = from.key === to.key
      if (value >= moveThreshold || (sameKey && value >= sameNumberThreshold)) {
        candidates.push({ from, to, similarity: value, score: value + (sameKey ? sameNumberBonus : 0) })
      }
    }
  }
  candidates.sort((a, b) => b.score - a.score || a.from.id - b.from.id || a.to.id - b.to.id)
  for (const candidate of candidates) {
    if (usedFrom.has(candidate.from.id) || usedTo.has(candidate.to.id)) continue
    take(candidate.from, candidate.to, round(candidate.similarity))
  }
  return links
}

const stopWords = new Set('a an and are as at be by for from has have if in is it its of on or that the their then this to with'.split(' '))

/** Words of a text, lower case, without stop words; rule numbers count as words. */
function tokenize(text: string): Set<string> {
  const tokens = new Set<string>()
  for (const word of text.toLowerCase().split(/[^a-z0-9/+-]+/)) {
    if (word.length > 0 && !stopWords.has(word)) tokens.add(word)
  }
  return tokens
}

/** Jaccard similarity of two word sets. */
function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1
  let shared = 0
  const [small, large] = a.size < b.size ? [a, b] : [b, a]
  for (const token of small) if (large.has(token)) shared++
  return shared / (a.size + b.size - shared)
}

/** Sections and three-digit rules carry a title, not a rule text. */
function isTitle(row: VersionRow): boolean {
  return !row.key.includes('.')
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000
}

function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>()
  for (const item of items) {
    const key = keyOf(item)
    let group = groups.get(key)
    if (!group) groups.set(key, (group = []))
    group.push(item)
  }
  return groups
}
