/**
 * The edition questions citation checking asks the store: the edition that
 * took effect next after a day (when a rule stopped; which edition was
 * published by a day).
 */
import type { Crdb } from './database.js'
import { prepared } from './statements.js'

/** The first edition after `date`, taking effect no later than `until` when given, or `undefined`. */
export function findNextEdition(db: Crdb, date: string, until = '9999-12-31'): string | undefined {
  return (
    prepared<[string, string], string | null>(db, 'SELECT MIN(effective_date) FROM editions WHERE effective_date > ? AND effective_date <= ?')
      .pluck()
      .get(date, until) ?? undefined
  )
}
