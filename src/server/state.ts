/**
 * What the server holds: the read-only database handle, its content tag, and
 * the era rules already opened (dropped when the content changes).
 */
import type { CrdbDatabase } from '../store/database.js'
import { openRules, type EraRules } from '../engine/rules.js'
import { listEditions, type EditionSummary } from '../query/editions.js'
import { trackContentTag } from './content-tag.js'
import { editionOf, type At } from './selector.js'

/** Shared by every route of one app. */
export interface ServerState {
  db: CrdbDatabase
  /** The current ETag of the database's content. */
  tag: () => string
  /** The rules of the era `at` selects, opened once per edition and content. */
  eraRules: (at: At) => EraRules
  /** Every edition, oldest first (read once per content). */
  editions: () => EditionSummary[]
}

/** The state of an app serving `db`, as crdb `version`. */
export function createState(db: CrdbDatabase, version: string): ServerState {
  const tag = trackContentTag(db, version)
  let cachedFor = ''
  const rules = new Map<string, EraRules>()
  let editions: EditionSummary[] = []
  const fresh = (): void => {
    const current = tag()
    if (current !== cachedFor) {
      rules.clear()
      editions = listEditions(db)
      cachedFor = current
    }
  }
  return {
    db,
    tag,
    eraRules: (at) => {
      fresh()
      const key = `${editionOf(db, at)} ${at.era ?? ''}`
      let found = rules.get(key)
      if (!found) rules.set(key, (found = openRules(db, at)))
      return found
    },
    editions: () => {
      fresh()
      return editions
    }
  }
}
