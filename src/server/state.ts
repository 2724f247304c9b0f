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
   * wording): computed once per version and content, and for the other wordings
   * on its way along with it (the same steps); the most recent 2,000 kept.
   */
  history: (rule: { number: string; validFrom: string }) => RuleHistory
  /** Let go of what a burst of requests made and the next can make again (the histories): for a server left alone. */
  rest: () => void
}

/**
 * Rule histories kept, each with every wording on its way that shares its steps: about 13 kB a history (1,500 of
 * them held 20 MB), and none once the server is left alone ({@link ServerState.rest}). A crawl of rule pages meets a
 * history again on another of its wordings: of the bench's 2,000 first pages (random wordings, after 550 others),
 * 936 were of a history already met.
 */
const historyEntries = 2000

/** Era rules kept (one per edition and era asked; each holds its edition's profile and rule texts). */
const eraRulesEntries = 24

/** The state of an app serving `db`, as crdb `version`, reached at `urls`. */
export function createState(db: Crdb, version: string, urls: PublicUrls = { basePath: '', linkBase: '' }): ServerState {
  const content = trackContent(db, version)
  let cachedFor: ContentState | undefined
  const rules = new Map<string, EraRules>()
  let editions: EditionSummary[] = []
  // Each wording's history, made or to make from the history traced (a number), and the wordings of each history traced,
  // least recently asked first: a history goes with all its wordings.
  const histories = new Map<string, { traced: number; history: RuleHistory | (() => RuleHistory) }>()
  const traces = new Map<number, string[]>()
  let tracedCount = 0
  const touch = (traced: number): void => {
    const wordings = traces.get(traced)!
    traces.delete(traced)
    traces.set(traced, wordings)
  }
  const keep = (wordings: Map<string, RuleHistory | (() => RuleHistory)>): void => {
    const traced = tracedCount++
    for (const [key, history] of wordings) histories.set(key, { traced, history })
    traces.set(traced, [...wordings.keys()])
    if (traces.size <= historyEntries) return
    const [oldest, keys] = traces.entries().next().value!
    traces.delete(oldest)
    // A wording traced again since belongs to the newer history.
    for (const key of keys) if (histories.get(key)?.traced === oldest) histories.delete(key)
  }
  const forgetHistories = (): void => {
    histories.clear()
    traces.clear()
  }
  const fresh = (): void => {
    const current = content()
    if (current !== cachedFor) {
      rules.clear()
      forgetHistories()
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
        touch(entry.traced)
        if (typeof entry.history === 'function') entry.history = entry.history()
        return entry.history
      }
      // The version in force on its first day is this wording: the same history for every edition that has it.
      const traced = traceRuleHistory(db, { number: rule.number, validFrom: rule.validFrom })
      const wordings = new Map<string, RuleHistory | (() => RuleHistory)>([[key, traced.history]])
      for (const wording of [...traced.preceding, ...traced.following])
        wordings.set(`${wording.number} ${wording.validFrom}`, () => historyAlong(db, traced, wording))
      keep(wordings)
      return traced.history
    },
    rest: forgetHistories
  }
}
