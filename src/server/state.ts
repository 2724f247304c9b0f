/**
 * What the server holds: the read-only database handle, its content tag, and
 * the era rules, editions and rule histories already read (dropped when the
 * database changes).
 */
import type { Crdb } from '../store/database.js'
import { openRules, type EraRules } from '../engine/rules.js'
import { listEditions, type EditionSummary } from '../query/editions.js'
import { historyAlong, traceRuleHistory, type RuleHistory } from '../query/history.js'
import { trackContent, type ContentState } from './content-tag.js'
import type { PublicUrls } from './public-urls.js'
import { editionOf, type At } from './selector.js'

/** Shared by every route of one app. */
export interface ServerState {
  db: Crdb
  /** Where the server is reached from outside: what links written as text start with. */
  urls: PublicUrls
  /** The database's content now (the same object until it changes). */
  content: () => ContentState
  /** The current ETag of the database's content. */
  tag: () => string
  /** The rules of the era `at` selects, opened once per edition and content. */
  eraRules: (at: At) => EraRules
  /** Every edition, oldest first (read once per content). */
  editions: () => EditionSummary[]
  /**
   * The history of the rule version `rule` (a number and the first day of its
   * wording): computed once per version and content, and for the wordings after
   * it on its way along with it (the same steps); the most recent 500 kept.
   */
  history: (rule: { number: string; validFrom: string }) => RuleHistory
}

/** Rule histories kept (each a few kB; the wordings of one history share its steps). */
const historyEntries = 500

/** Era rules kept (one per edition and era asked; each holds its edition's profile and rule texts). */
const eraRulesEntries = 24

/** The state of an app serving `db`, as crdb `version`, reached at `urls`. */
export function createState(db: Crdb, version: string, urls: PublicUrls = { basePath: '', linkBase: '' }): ServerState {
  const content = trackContent(db, version)
  let cachedFor: ContentState | undefined
  const rules = new Map<string, EraRules>()
  let editions: EditionSummary[] = []
  // A history made, or one to make from the history of a wording before it on its way.
  const histories = new Map<string, RuleHistory | (() => RuleHistory)>()
  const keep = (key: string, entry: RuleHistory | (() => RuleHistory)): void => {
    histories.delete(key)
    if (histories.size >= historyEntries) histories.delete(histories.keys().next().value!)
    histories.set(key, entry)
  }
  const fresh = (): void => {
    const current = content()
    if (current !== cachedFor) {
      rules.clear()
      histories.clear()
      editions = listEditions(db)
      cachedFor = current
    }
  }
  return {
    db,
    urls,
    content,
    tag: () => content().tag,
    eraRules: (at) => {
      fresh()
      const key = `${editionOf(db, at)} ${at.era ?? ''}`
      let found = rules.get(key)
      if (found) rules.delete(key)
      else {
        found = openRules(db, at)
        if (rules.size >= eraRulesEntries) rules.delete(rules.keys().next().value!)
      }
      rules.set(key, found)
      return found
    },
    editions: () => {
      fresh()
      return editions
    },
    history: (rule) => {
      fresh()
      const key = `${rule.number} ${rule.validFrom}`
      const entry = histories.get(key)
      if (entry) {
        const found = typeof entry === 'function' ? entry() : entry
        keep(key, found)
        return found
      }
      // The version in force on its first day is this wording: the same history for every edition that has it.
      const traced = traceRuleHistory(db, { number: rule.number, validFrom: rule.validFrom })
      for (const wording of traced.following) {
        const other = `${wording.number} ${wording.validFrom}`
        if (!histories.has(other)) keep(other, () => historyAlong(db, traced, wording))
      }
      keep(key, traced.history)
      return traced.history
    }
  }
}
