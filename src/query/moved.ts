/**
 * Old numbers that say where they went: a rule number asked about in an edition
 * that no longer has it answers when it was last in force, what it continued as,
 * and what it is now, following the lineage links (420.5e: last in force in
 * 2009-05-01, continues as 704.5k in 2009-07-11, now 704.5j).
 */
import type { Crdb } from '../store/database.js'
import { CrdbError } from '../vocabulary/errors.js'
import { findLastVersionBefore, isNextEditionTruncated, listContinuations, type VersionSpan } from '../store/diff.js'
import { listEditionDates } from '../store/editions.js'
import { describeGap, findMissingBetween } from './gaps.js'

/** Where a number that an edition no longer has went. */
export interface Whereabouts {
  /** The number asked about. */
  number: string
  /** The edition asked about. */
  edition: string
  /** The last edition (before the one asked about) in which the number was in force. */
  lastInForce: string
  /** What the rule continued as in the edition after that, with how (`moved-changed`, `split`...). */
  continuesAs: Array<{ number: string; edition: string; kind: string }>
  /** What it is in the edition asked about (empty when the rule did not survive). */
  now: string[]
  /**
   * Editions not held between `lastInForce` and the next held edition: the number may have gone with one of them
   * (701.16b, last in force in the held edition of 2025-04-04, went with 2025-06-06, not held).
   */
  notHeld?: string[]
}

/** An `E_NOT_FOUND` for a number that existed before and went elsewhere; carries where. */
export class RuleMovedError extends CrdbError {
  readonly whereabouts: Whereabouts

  constructor(whereabouts: Whereabouts) {
    super('E_NOT_FOUND', describeWhereabouts(whereabouts))
    this.whereabouts = whereabouts
  }
}

type VersionRow = VersionSpan

/**
 * Where rule `key` went, for an edition that does not have it: `undefined` when
 * the number was never in force before that edition (nothing to follow), or when
 * it is missing only because the edition after its last is truncated.
 */
export function findWhereabouts(db: Crdb, key: string, edition: string): Whereabouts | undefined {
  const last = findLastVersionBefore(db, key, edition)
  if (!last) return undefined
  const continuesAs: Whereabouts['continuesAs'] = []
  const now = new Set<string>()
  const seen = new Set<number>([last.id])
  const walk = (row: VersionRow, first: boolean): void => {
    for (const step of listContinuations(db, row.id)) {
      if (seen.has(step.id) || step.firstDate > edition) continue
      seen.add(step.id)
      if (first) continuesAs.push({ number: step.key, edition: step.firstDate, kind: step.kind })
      if (step.lastDate >= edition) now.add(step.key)
      else walk(step, false)
    }
  }
  walk(last, true)
  // A rule missing only because the next edition is cut short did not go anywhere: say nothing here.
  if (continuesAs.length === 0 && isNextEditionTruncated(db, last.lastDate)) {
    return undefined
  }
  const next = listEditionDates(db)
    .filter((date) => date > last.lastDate)
    .sort()[0]
  const notHeld = next === undefined ? [] : findMissingBetween(db, last.lastDate, next)
  return { number: key, edition, lastInForce: last.lastDate, continuesAs, now: [...now], ...(notHeld.length ? { notHeld } : {}) }
}

/** The one-line answer: `rule 420.5e is not in the edition of 2024-11-08: last in force in ... continues as ...`. */
export function describeWhereabouts(where: Whereabouts): string {
  const gap = where.notHeld?.length ? `, the last held: ${describeGap(where.lastInForce, nextHeld(where), where.notHeld)}` : ''
  const head = `rule ${where.number} is not in the edition of ${where.edition}: last in force in the edition of ${where.lastInForce}${gap}`
  if (where.continuesAs.length === 0) return `${head}; it did not continue (removed)`
  const continued = where.continuesAs
    .map((step) => `${step.number} (${step.edition}${step.kind === 'split' || step.kind === 'merge' ? `, ${step.kind}` : ''})`)
    .join(', ')
  const same = where.now.length === where.continuesAs.length && where.now.every((number, index) => number === where.continuesAs[index].number)
  const now = where.now.length === 0 ? '; no longer in force' : same ? '' : `, and now ${where.now.join(', ')}`
  return `${head}; continues as ${continued}${now}`
}

/** The held edition after `lastInForce`: where the rule continued, or (removed) the edition asked about at the latest. */
function nextHeld(where: Whereabouts): string {
  return where.continuesAs[0]?.edition ?? where.edition
}
