/**
 * Watches: what a reader follows (a rule through its renumberings, a section,
 * a glossary term through its renames, a saved search) and every edition that
 * changed it, newest first, each change with its word diff. The feeds at
 * `/feed.xml?rule=...` are a rendering of these.
 */
import type { Crdb } from '../store/database.js'
import { listEditionDates } from '../store/editions.js'
import { findLineageVersionAtEnd } from '../store/history.js'
import { CrdbError } from '../vocabulary/errors.js'
import { parseRuleNumber } from '../vocabulary/rule-number.js'
import { diffEditions, type RuleChange } from './diff.js'
import { getRule } from './get.js'
import { getTerm } from './glossary.js'
import { ruleHistory, termHistory } from './history.js'
import { search, type SearchHit } from './search.js'
import { diffWords, type WordChange } from './word-diff.js'

/** What a watch follows. */
export type WatchKind = 'rule' | 'section' | 'term' | 'search'

/** One change an edition made to what a watch follows. */
export interface WatchChange {
  /** The rule number or glossary term, as the newer edition has it (the older, for a removal). */
  subject: string
  /**
   * Rules and terms: `added`, `removed`, `changed`, `moved` (renumbered), `moved-changed`,
   * `renamed` (a term); searches also `matched` (it matches from this edition) and `unmatched`.
   */
  kind: RuleChange['kind'] | 'renamed' | 'matched' | 'unmatched'
  /** The number or name it had before, where that differs. */
  from?: string
  /** The text's word changes (all `added` for an added rule, all `removed` for a removed one). */
  textChanges: WordChange[]
  /** The text changed only in cross-reference numbers, or only in typography. */
  referencesOnly?: boolean
  typographyOnly?: boolean
}

/** One edition that changed what a watch follows. */
export interface WatchEntry {
  /** The edition that made the change. */
  edition: string
  /** The edition before it (`null` for the oldest stored edition). */
  previous: string | null
  changes: WatchChange[]
}

/** A watch: what it follows and the editions that changed it, newest first. */
export interface Watch {
  kind: WatchKind
  /** What was asked: `704.5j`, `7`, `legend rule`, a query. */
  subject: string
  /**
   * What the watch follows, stable whatever name it is asked by where one exists: a rule's
   * lineage id (`1999-04-23_420.5e`), a term's first key (`legend rule`), the section, the query.
   */
  key: string
  entries: WatchEntry[]
}

/** Options of the watches that walk editions (sections and searches). */
export interface WatchOptions {
  /** At most this many entries, the newest (default 20). */
  limit?: number
}

const defaultLimit = 20

/** All of `text` as one added (or removed) run. */
function whole(kind: 'added' | 'removed', text: string): WordChange[] {
  return text ? [{ kind, text }] : []
}

/**
 * The rule `number` (its newest wording with that number) followed through
 * every renumbering, back and forward: an entry for each wording, and one for
 * its removal.
 *
 * @throws {CrdbError} `E_BAD_NUMBER`, `E_NOT_FOUND`.
 */
export function watchRule(db: Crdb, number: string): Watch {
  const history = ruleHistory(db, number)
  const dates = listEditionDates(db)
  const before = (date: string): string | null => dates[dates.indexOf(date) - 1] ?? null
  const entries: WatchEntry[] = []
  for (const [index, step] of history.steps.entries()) {
    const previous = history.steps[index - 1]
    if (!previous || !step.change) {
      entries.push({
        edition: step.validFrom,
        previous: before(step.validFrom),
        changes: [{ subject: step.number, kind: 'added', textChanges: whole('added', step.text) }]
      })
    } else {
      const change = step.change
      entries.push({
        edition: step.validFrom,
        previous: previous.editions.at(-1) ?? before(step.validFrom),
        changes: [
          {
            subject: step.number,
            kind:
              change.kind === 'changed' || change.kind === 'moved' || change.kind === 'moved-changed'
                ? change.kind
                : step.number === change.fromNumber
                  ? 'changed'
                  : 'moved-changed',
            ...(change.fromNumber === step.number ? {} : { from: change.fromNumber }),
            textChanges: change.textChanges,
            referencesOnly: change.referencesOnly,
            typographyOnly: change.typographyOnly
          }
        ]
      })
    }
  }
  const last = history.steps.at(-1)
  if (last?.validTo) {
    entries.push({
      edition: last.validTo,
      previous: last.editions.at(-1) ?? null,
      changes: [{ subject: last.number, kind: 'removed', textChanges: whole('removed', last.text) }]
    })
  }
  return { kind: 'rule', subject: history.number, key: history.id ?? history.number, entries: entries.reverse() }
}

/**
 * The glossary term `term` (by any of its names) followed through renames: an
 * entry for each definition, and one for its removal.
 *
 * @throws {CrdbError} `E_NOT_FOUND`.
 */
export function watchTerm(db: Crdb, term: string): Watch {
  const history = termHistory(db, term)
  const dates = listEditionDates(db)
  const before = (date: string): string | null => dates[dates.indexOf(date) - 1] ?? null
  const entries: WatchEntry[] = []
  for (const [index, step] of history.steps.entries()) {
    const previous = history.steps[index - 1]
    const change: WatchChange =
      previous && step.change
        ? {
            subject: step.term,
            kind: step.change.kind,
            ...(step.change.fromTerm === step.term ? {} : { from: step.change.fromTerm }),
            textChanges: step.change.textChanges,
            typographyOnly: step.change.typographyOnly
          }
        : { subject: step.term, kind: 'added', textChanges: whole('added', step.definition) }
    // A term missing only from a truncated edition's glossary came back unchanged: no entry.
    if (previous && !step.change) continue
    entries.push({ edition: step.validFrom, previous: before(step.validFrom), changes: [change] })
  }
  const last = history.steps.at(-1)
  if (last?.validTo) {
    entries.push({
      edition: last.validTo,
      previous: last.editions.at(-1) ?? null,
      changes: [{ subject: last.term, kind: 'removed', textChanges: whole('removed', last.definition) }]
    })
  }
  return { kind: 'term', subject: history.term, key: history.steps[0]?.key ?? history.term, entries: entries.reverse() }
}

/** A diff's rule change as a watch change. */
function watchChangeOf(change: RuleChange): WatchChange {
  const subject = change.to?.number ?? change.from!.number
  return {
    subject,
    kind: change.kind,
    ...(change.from && change.from.number !== subject ? { from: change.from.number } : {}),
    textChanges:
      change.kind === 'added' ? whole('added', change.to!.text) : change.kind === 'removed' ? whole('removed', change.from!.text) : change.textChanges,
    referencesOnly: change.referencesOnly,
    typographyOnly: change.typographyOnly
  }
}

/**
 * The section, rule or subrule `section` (`7`, `704`, `704.5`) and everything
 * under it: an entry for each edition that changed a rule of it, newest first.
 *
 * @throws {CrdbError} `E_BAD_NUMBER`, or `E_NOT_FOUND` when no edition has it.
 */
export function watchSection(db: Crdb, section: string, options: WatchOptions = {}): Watch {
  const key = parseRuleNumber(section)
  if (!findLineageVersionAtEnd(db, key, 'last')) throw new CrdbError('E_NOT_FOUND', `section ${key} is in no stored edition`)
  const limit = options.limit ?? defaultLimit
  const dates = listEditionDates(db)
  const entries: WatchEntry[] = []
  for (let index = dates.length - 1; index > 0 && entries.length < limit; index--) {
    const [previous, edition] = [dates[index - 1]!, dates[index]!]
    const diff = diffEditions(db, { edition: previous }, { edition }, { section: key })
    if (diff.changes.length) entries.push({ edition, previous, changes: diff.changes.map(watchChangeOf) })
  }
  return { kind: 'section', subject: key, key, entries }
}

/** The hits of `query` in `edition`, by kind and key, each with the first day of its matching text. */
function matchesIn(db: Crdb, query: string, edition: string): Map<string, SearchHit> {
  const result = search(db, query, { at: { edition }, kinds: ['rule', 'term'], limit: 1000 })
  return new Map(result.hits.map((hit) => [`${hit.kind} ${hit.key}`, hit]))
}

/** The text of a rule or term hit as it stands in `edition`. */
function textOf(db: Crdb, hit: SearchHit, edition: string): string {
  return hit.kind === 'term' ? getTerm(db, hit.key, { edition }).definition : getRule(db, hit.number ?? hit.key, { edition }).text
}

/** How a hit is named in a change: its rule number or its term. */
function subjectOf(hit: SearchHit): string {
  return hit.kind === 'term' ? (hit.term ?? hit.key) : (hit.number ?? hit.key)
}

/**
 * A saved search: an entry for each edition in which the set of rules and
 * terms that `query` finds changed (one more, one fewer) or the text of one of
 * them changed, newest first.
 *
 * @throws {CrdbError} what {@link search} throws for a bad query.
 */
export function watchSearch(db: Crdb, query: string, options: WatchOptions = {}): Watch {
  const limit = options.limit ?? defaultLimit
  const dates = listEditionDates(db)
  const entries: WatchEntry[] = []
  let newer = dates.length ? matchesIn(db, query, dates.at(-1)!) : new Map<string, SearchHit>()
  for (let index = dates.length - 1; index > 0 && entries.length < limit; index--) {
    const [previous, edition] = [dates[index - 1]!, dates[index]!]
    const older = matchesIn(db, query, previous)
    const changes: WatchChange[] = []
    for (const [key, hit] of newer) {
      const was = older.get(key)
      if (!was) changes.push({ subject: subjectOf(hit), kind: 'matched', textChanges: whole('added', textOf(db, hit, edition)) })
      else if (was.validFrom !== hit.validFrom) {
        const [before, after] = [textOf(db, was, previous), textOf(db, hit, edition)]
        if (before !== after) changes.push({ subject: subjectOf(hit), kind: 'changed', textChanges: diffWords(before, after) })
      }
    }
    for (const [key, hit] of older) {
      if (!newer.has(key)) changes.push({ subject: subjectOf(hit), kind: 'unmatched', textChanges: whole('removed', textOf(db, hit, previous)) })
    }
    if (changes.length) entries.push({ edition, previous, changes })
    newer = older
  }
  return { kind: 'search', subject: query, key: query.trim().replace(/\s+/g, ' '), entries }
}
