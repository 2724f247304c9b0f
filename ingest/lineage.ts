/**
 * After storing: lineages, which follow a rule through renumberings.
 *
 * A rule number is a label, not an identity. Between each pair of neighbouring
 * editions, the rule versions that stop are matched to the versions that start
 * (see `lineage/match.ts` for the evidence): the same text under a new number is
 * a move; a similar text is a move with changes; the same number with a similar
 * text is a change; one rule may split into several or several merge into one.
 * The older text is read through the vocabulary table of a great rewrite
 * (`corpus/rewrite-vocabulary.json`). Each link keeps its score and reason.
 * An override file fixes the cases matching gets wrong.
 *
 * Everything here is derived from the versions: recomputed whole after an ingest
 * that changed stored editions, extended by the new pairs when editions were
 * only appended after the newest (a pair of editions is matched from those two
 * editions alone, so the pairs before stay as they were).
 *
 * Each lineage gets a stable id from where it starts (`1999-04-23_420.5e`, see
 * `src/vocabulary/lineage-id.ts`). Ids the database knew before that no longer
 * name a lineage are kept as aliases of the lineages now holding their versions.
 */
import { existsSync } from 'node:fs'
import { driverOf, type Crdb } from '../src/store/handle.js'
import { lineageOverridesSchema, readCorpusJson } from '../src/vocabulary/corpus-files.js'
import { parseRuleNumber } from '../src/vocabulary/rule-number.js'
import { matchRules, parentOf, type MatchContext, type MatchLink, type MatchRow } from './lineage/match.js'
import { normalizeText, referencesOf, wordsOf, WordWeights, type WeightedWords, type WordCounts } from './lineage/text.js'
import { compileRewrites, readRewriteVocabulary, type CompiledRewrite, type Rewrite } from '../src/vocabulary/rewrite-vocabulary.js'
import { readLineageWeights } from './lineage/weights.js'
import { listEditionDates } from '../src/store/editions.js'
import {
  addLineage,
  hasLinkInto,
  readLineageInput,
  readOverrideLinks,
  readStoredLineageIds,
  readTermLineageInput,
  writeLineage,
  writeLineageIds,
  type LineageAliasInput,
  type LineageInputRow,
  type TermLineageRow
} from '../src/store/lineage-writes.js'
import { formatLineageId, parseLineageId } from '../src/vocabulary/lineage-id.js'
import type { VersionKind } from '../src/vocabulary/kinds.js'

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
  splits: number
  merges: number
  lineages: number
  /** Ids known before that no longer name a lineage, now aliases (this computation's). */
  aliased: string[]
}

type VersionRow = LineageInputRow

/**
 * Read an override file (absent: no overrides): a JSON array of {@link LineageOverride}, through its schema
 * (`lineageOverridesSchema`, `src/vocabulary/corpus-files.ts`).
 *
 * @throws {CrdbError} `E_FORMAT` naming the file, the JSON path of the bad entry and what is wrong.
 */
export function readLineageOverrides(path: string): LineageOverride[] {
  if (!existsSync(path)) return []
  return readCorpusJson(path, lineageOverridesSchema, 'lineage overrides').map((entry) =>
    entry.from !== undefined && entry.to !== undefined
      ? { edition: entry.edition, from: parseRuleNumber(entry.from), to: parseRuleNumber(entry.to) }
      : { edition: entry.edition, number: parseRuleNumber(entry.number!), newLineage: true as const }
  )
}

/**
 * Recompute lineage links and lineage ids for every rule and term version, in
 * one transaction. `rewrites` is the vocabulary table (default: the project's).
 */
export function computeLineage(
  db: Crdb,
  overrides: LineageOverride[] = [],
  rewrites: Rewrite[] = readRewriteVocabulary(),
  counts: WordCounts | undefined = readLineageWeights()
): LineageSummary {
  const { rows, textOf } = readLineageInput(db)
  const links = matchEditionPairs(listEditionDates(db), rows, textOf, overrides, compileRewrites(rewrites), counts)

  const write = driverOf(db).transaction(() => {
    const lineageOf = new Map<number, number>()
    const ids = new Map<number, string>()
    assignRuleLineages(rows, bestLinks(links), lineageOf, ids)
    // Glossary terms keep their key: one lineage per term, from its first version.
    const terms = readTermLineageInput(db)
    const before = new Map<number, number | null>()
    for (const row of rows) before.set(row.id, row.lineage)
    for (const row of terms) before.set(row.id, row.lineage)
    const known = readStoredLineageIds(db)
    assignTermLineages(terms, lineageOf, ids)
    const aliases = findAliases(before, known, lineageOf, ids, () => [
      ...rows.map((row) => ({ kind: 'rule' as const, ...row })),
      ...terms.map((row) => ({ kind: 'term' as const, ...row }))
    ])
    writeLineage(db, links, lineageOf, before)
    writeLineageIds(db, ids, aliases, new Date().toISOString(), known)
    return { lineages: ids.size, aliased: [...new Set(aliases.map((alias) => alias.alias))] }
  })
  const { lineages, aliased } = write.immediate()
  return summarize(links, lineages, aliased)
}

/**
 * Derive lineage for editions appended after `since` (the newest edition whose
 * lineage is stored and current): match each new edition against the one before
 * it, link its versions and give them their lineages, in one transaction. The
 * links and lineages of the editions up to `since` stay as stored: a pair of
 * editions is matched from those two editions alone, so they are what
 * {@link computeLineage} would find again. Returns what it added (`lineages`: the
 * lineages the new versions start).
 */
export function extendLineage(
  db: Crdb,
  since: string,
  overrides: LineageOverride[] = [],
  rewrites: Rewrite[] = readRewriteVocabulary(),
  counts: WordCounts | undefined = readLineageWeights()
): LineageSummary {
  const { rows, textOf } = readLineageInput(db, since)
  const dates = listEditionDates(db).filter((date) => date >= since)
  const links = matchEditionPairs(dates, rows, textOf, overrides, compileRewrites(rewrites), counts)

  const write = driverOf(db).transaction(() => {
    const lineageOf = new Map<number, number>()
    const ids = new Map<number, string>()
    // A new version continuing one stored before takes that version's stored lineage.
    const storedLineage = new Map(rows.map((row) => [row.id, row.lineage]))
    assignRuleLineages(
      rows.filter((row) => row.firstDate > since),
      bestLinks(links),
      lineageOf,
      ids,
      storedLineage
    )
    const terms = readTermLineageInput(db, since)
    const termLineages = new Map<number, number>()
    const termIds = new Map<number, string>()
    assignTermLineages(terms, termLineages, termIds)
    for (const row of terms) {
      if (row.firstDate <= since) continue
      lineageOf.set(row.id, termLineages.get(row.id)!)
      if (termIds.has(row.id)) ids.set(row.id, termIds.get(row.id)!)
    }
    addLineage(db, links, lineageOf, ids)
    return ids.size
  })
  return summarize(links, write.immediate(), [])
}

/**
 * Whether the lineage stored up to the edition dated `through` was computed with
 * `overrides`: the links the file makes in the editions held are those stored,
 * and no rule it starts a lineage with is linked to. (A `newLineage` entry removed from the file is not
 * seen: the next whole computation links its rule again.)
 */
export function hasStoredOverrides(db: Crdb, overrides: LineageOverride[], through: string): boolean {
  const stored = new Set(readOverrideLinks(db, through))
  const held = new Set(listEditionDates(db))
  const wanted = new Set<string>()
  for (const override of overrides) {
    if (override.edition > through || !held.has(override.edition)) continue
    if ('newLineage' in override) {
      if (hasLinkInto(db, override.number, override.edition)) return false
    } else wanted.add(`${override.edition} ${override.from} ${override.to}`)
  }
  return stored.size === wanted.size && [...wanted].every((link) => stored.has(link))
}

/**
 * The links between each pair of neighbouring `dates`. `rows` holds every rule
 * version in force on one of those dates (more do no harm), in an order of the
 * data (first edition, then document order); `textOf` their texts by content id.
 * A pair is matched from its two editions alone: words weigh by how rare they
 * are in the fixed `counts` (else among the texts in force in one of the two),
 * so matching a pair again, with editions added after it or not, gives the same links.
 */
function matchEditionPairs(
  dates: string[],
  rows: VersionRow[],
  textOf: (contentId: number) => string,
  overrides: LineageOverride[],
  compiled: Map<string, CompiledRewrite>,
  counts: WordCounts | undefined
): MatchLink[] {
  const weights = new WordWeights(counts)
  // Each text's comparable form and its words as ids, once: every later step works on these.
  // (Made when a text is first compared: an edition added is matched on a few of them. Word ids then come in
  // another order than in a whole build; the weights, fixed or on a grid, do not depend on it.)
  const plain = new Map<number, { normalized: string; words: Int32Array }>()
  const plainOf = (contentId: number): { normalized: string; words: Int32Array } => {
    let found = plain.get(contentId)
    if (!found) {
      const normalized = normalizeText(textOf(contentId))
      plain.set(contentId, (found = { normalized, words: weights.ids(wordsOf(normalized)) }))
    }
    return found
  }
  // Each text's words with their weights (without fixed counts, those of the pair being matched: cleared for each pair).
  const weighed = new Map<number, WeightedWords>()
  const orderOf = new Map(rows.map((row, index) => [row.id, index]))
  const matchRow = (row: VersionRow, rewrite?: CompiledRewrite): MatchRow => {
    const order = orderOf.get(row.id)!
    if (!rewrite) {
      const base = plainOf(row.contentId)
      let words = weighed.get(row.contentId)
      if (!words) weighed.set(row.contentId, (words = weights.weighIds(base.words)))
      return { id: row.id, order, key: row.key, contentId: row.contentId, normalized: base.normalized, words }
    }
    const text = textOf(row.contentId)
    const normalized = normalizeText(text, rewrite)
    return {
      id: row.id,
      order,
      key: row.key,
      contentId: row.contentId,
      normalized,
      words: weights.weigh(wordsOf(normalized, rewrite)),
      refs: referencesOf(text)
    }
  }

  // Which numbers are in force when: each number's versions, and the numbers under each parent in document order.
  const versionsOf = groupBy(rows, (row) => row.key)
  const sortKeys = new Map(rows.map((row) => [row.key, row.sortKey]))
  const childrenOf = new Map<string, string[]>()
  for (const key of [...versionsOf.keys()].sort((a, b) => (sortKeys.get(a)! < sortKeys.get(b)! ? -1 : 1))) {
    const parent = parentOf(key)
    if (parent === null) continue
    let list = childrenOf.get(parent)
    if (!list) childrenOf.set(parent, (list = []))
    list.push(key)
  }
  const inForce = (key: string, date: string): boolean => versionsOf.get(key)!.some((row) => row.firstDate <= date && row.lastDate >= date)
  const childrenAt = (date: string): ((parent: string) => string[]) => {
    const cache = new Map<string, string[]>()
    return (parent) => {
      let list = cache.get(parent)
      if (!list) cache.set(parent, (list = (childrenOf.get(parent) ?? []).filter((key) => inForce(key, date))))
      return list
    }
  }

  // Without fixed counts, the pair's weights: each text in force in one of the two editions counts once, an
  // older text read as it is compared (through the rewrite's vocabulary, when the newer edition is a great rewrite).
  const countPairTexts = (before: string, after: string, rewrite: CompiledRewrite | undefined): void => {
    weights.resetCounts()
    weighed.clear()
    const counted = new Set<number>()
    for (const row of rows) {
      if (counted.has(row.contentId) || row.lastDate < before || row.firstDate > after) continue
      const old = row.firstDate <= before && row.lastDate >= before
      const current = row.firstDate <= after && row.lastDate >= after
      if (!old && !current) continue
      counted.add(row.contentId)
      if (rewrite && !current) weights.addIds(weights.ids(wordsOf(normalizeText(textOf(row.contentId), rewrite), rewrite)))
      else weights.addIds(plainOf(row.contentId).words)
    }
  }

  const endingAt = groupBy(rows, (row) => row.lastDate)
  const startingAt = groupBy(rows, (row) => row.firstDate)
  const links: MatchLink[] = []
  for (let index = 1; index < dates.length; index++) {
    const [before, after] = [dates[index - 1], dates[index]]
    const ended = endingAt.get(before) ?? []
    const started = startingAt.get(after) ?? []
    if (ended.length === 0 || started.length === 0) continue
    const rewrite = compiled.get(after)
    if (!counts) countPairTexts(before, after, rewrite)
    const context: MatchContext = {
      oldChildren: childrenAt(before),
      newChildren: childrenAt(after),
      continues: (key) => versionsOf.get(key)?.some((row) => row.firstDate <= before && row.lastDate >= after) ?? false,
      continuingWords: (key) => {
        const row = versionsOf.get(key)?.find((version) => version.firstDate <= before && version.lastDate >= after)
        return row && matchRow(row).words
      },
      rewritten: rewrite !== undefined,
      overrides: overrides.filter((override) => override.edition === after)
    }
    // The newer side reads its own text, its words mapped to the rewrite's equivalents (ids in order of use).
    const equivalent = new Map<number, number>()
    const equivalentOf = (id: number): number => {
      let mapped = equivalent.get(id)
      if (mapped === undefined) {
        const word = rewrite!.equivalents.get(weights.word(id))
        equivalent.set(id, (mapped = word === undefined ? id : weights.id(word)))
      }
      return mapped
    }
    const newSide = (row: VersionRow): MatchRow => {
      const base = matchRow(row)
      return rewrite ? { ...base, words: weights.weighIds(plainOf(row.contentId).words.map(equivalentOf)) } : base
    }
    links.push(
      ...matchRules(
        ended.map((row) => matchRow(row, rewrite)),
        started.map(newSide),
        context
      )
    )
  }
  return links
}

/** A version's lineage is that of its best predecessor (the first of equals), or its own. */
function bestLinks(links: MatchLink[]): Map<number, MatchLink> {
  const best = new Map<number, MatchLink>()
  for (const link of links) {
    const current = best.get(link.to)
    if (!current || link.score > current.score) best.set(link.to, link)
  }
  return best
}

/**
 * A rule version's lineage is that of its best predecessor (`lineageOf`, else `stored`, else the predecessor's
 * own), or its own, whose stable id goes in `ids`. The rows are in order of first edition: a predecessor comes
 * before what continues it.
 */
function assignRuleLineages(
  rows: VersionRow[],
  best: Map<number, MatchLink>,
  lineageOf: Map<number, number>,
  ids: Map<number, string>,
  stored?: Map<number, number | null>
): void {
  for (const row of rows) {
    const link = best.get(row.id)
    const root = link ? (lineageOf.get(link.from) ?? stored?.get(link.from) ?? link.from) : row.id
    lineageOf.set(row.id, root)
    if (root === row.id) ids.set(root, formatLineageId({ kind: 'rule', date: row.firstDate, key: row.key }))
  }
}

/** Glossary terms keep their key: one lineage per term, from its first version (`terms` in order of key, then date). */
function assignTermLineages(terms: TermLineageRow[], lineageOf: Map<number, number>, ids: Map<number, string>): void {
  let termRoot = -1
  let termKey: string | undefined
  for (const row of terms) {
    if (row.key !== termKey) {
      termKey = row.key
      termRoot = row.id
      ids.set(termRoot, formatLineageId({ kind: 'term', date: row.firstDate, key: row.key }))
    }
    lineageOf.set(row.id, termRoot)
  }
}

function summarize(links: MatchLink[], lineages: number, aliased: string[]): LineageSummary {
  const count = (kind: string): number => links.filter((link) => link.kind === kind).length
  return {
    links: links.length,
    moves: links.filter((link) => link.kind !== 'changed').length,
    splits: count('split'),
    merges: count('merge'),
    lineages,
    aliased
  }
}

/** A version as alias finding reads it: which key, in force when. */
interface SpanRow {
  id: number
  kind: VersionKind
  key: string
  firstDate: string
  lastDate: string
}

/**
 * The aliases a recomputation adds: each id known before (`known`: old first
 * version -> id) that no longer names a lineage leads to the lineages that now
 * hold the versions it held (`before`: version -> old first version), and to
 * the one holding the version its id names (its number in force on its date),
 * which finds it even where the build re-created its rows.
 */
function findAliases(
  before: Map<number, number | null>,
  known: Map<number, string>,
  lineageOf: Map<number, number>,
  ids: Map<number, string>,
  spans: () => SpanRow[]
): LineageAliasInput[] {
  const live = new Set(ids.values())
  const dead = new Map<number, string>()
  for (const [root, id] of known) if (!live.has(id)) dead.set(root, id)
  if (dead.size === 0) return []
  const heldBy = new Map<string, Map<string, number>>()
  const count = (alias: string, lineage: string, add: number): void => {
    let held = heldBy.get(alias)
    if (!held) heldBy.set(alias, (held = new Map()))
    held.set(lineage, (held.get(lineage) ?? 0) + add)
  }
  for (const [version, root] of before) {
    const alias = root === null ? undefined : dead.get(root)
    const now = lineageOf.get(version)
    if (alias !== undefined && now !== undefined) count(alias, ids.get(now)!, 1)
  }
  const spansOf = groupBy(spans(), (row) => `${row.kind} ${row.key}`)
  for (const alias of dead.values()) {
    let parts: ReturnType<typeof parseLineageId>
    try {
      parts = parseLineageId(alias)
    } catch {
      continue // written by a crdb whose ids this one does not read: its versions (above) still lead on
    }
    const { kind, key, date } = parts
    const named = spansOf.get(`${kind} ${key}`)?.find((row) => row.firstDate <= date && row.lastDate >= date)
    const now = named && lineageOf.get(named.id)
    if (now !== undefined && !heldBy.get(alias)?.has(ids.get(now)!)) count(alias, ids.get(now)!, 1)
  }
  return [...heldBy].flatMap(([alias, held]) => [...held].map(([lineage, versions]) => ({ alias, lineage, held: versions })))
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
