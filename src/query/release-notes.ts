/**
 * Release notes: what an edition changed against the one before it, as a
 * judge reads it on release day (`crdb update`) and as a feed lists it (one
 * entry per edition, newest first; the web feed is a thin layer over
 * {@link listReleaseNotes}).
 */
import type { Crdb } from '../store/database.js'
import { CrdbError } from '../vocabulary/errors.js'
import { diffEditions, type EditionDiff } from './diff.js'
import { listEditions, type EditionSummary } from './editions.js'

/** What one edition changed against the previous stored edition. */
export interface ReleaseNote {
  effectiveDate: string
  /** The set (or update) it came with, when the manifest knows it. */
  set: { code: string; name: string } | null
  /** The previous stored edition, with its set; `null` for the oldest. */
  previous: { effectiveDate: string; set: { code: string; name: string } | null } | null
  /** Rules and glossary terms in the edition. */
  rules: number
  terms: number
  /** The diff's counts against the previous edition (`null` for the oldest). */
  summary: EditionDiff['summary'] | null
}

/** A release note with the numbers of the rules that changed. */
export interface DetailedReleaseNote extends ReleaseNote {
  numbers: { added: string[]; removed: string[]; changed: string[]; moved: Array<{ from: string; to: string; changed: boolean }> }
}

function noteOf(db: Crdb, editions: EditionSummary[], index: number): { note: ReleaseNote; diff: EditionDiff | null } {
  const edition = editions[index]
  const before = index > 0 ? editions[index - 1] : undefined
  const diff = before ? diffEditions(db, { edition: before.effectiveDate }, { edition: edition.effectiveDate }, { countsOnly: true }) : null
  return {
    note: {
      effectiveDate: edition.effectiveDate,
      set: edition.set,
      previous: before ? { effectiveDate: before.effectiveDate, set: before.set } : null,
      rules: edition.rules,
      terms: edition.terms,
      summary: diff?.summary ?? null
    },
    diff
  }
}

/**
 * The release notes of the stored editions, newest first: the newest `limit`
 * (default 20; `Infinity` for all, about 0.2 s per edition on the whole archive).
 * Each entry has what a feed entry needs: date, set, counts against the edition before.
 */
export function listReleaseNotes(db: Crdb, options: { limit?: number } = {}): ReleaseNote[] {
  const editions = listEditions(db)
  const notes: ReleaseNote[] = []
  for (let index = editions.length - 1; index >= 0 && notes.length < (options.limit ?? 20); index--) notes.push(noteOf(db, editions, index).note)
  return notes
}

/**
 * The release note of the edition dated `effectiveDate`, with the numbers of
 * the rules added, removed, changed and moved.
 *
 * @throws {CrdbError} `E_NOT_FOUND` when no edition has that date.
 */
export function describeRelease(db: Crdb, effectiveDate: string): DetailedReleaseNote {
  const editions = listEditions(db)
  const index = editions.findIndex((edition) => edition.effectiveDate === effectiveDate)
  if (index < 0) throw new CrdbError('E_NOT_FOUND', `no edition dated ${effectiveDate}`)
  const { note, diff } = noteOf(db, editions, index)
  const numbers: DetailedReleaseNote['numbers'] = { added: [], removed: [], changed: [], moved: [] }
  for (const change of diff?.changes ?? []) {
    if (change.kind === 'added') numbers.added.push(change.to!.number)
    else if (change.kind === 'removed') numbers.removed.push(change.from!.number)
    else if (change.kind === 'changed') numbers.changed.push(change.to!.number)
    else numbers.moved.push({ from: change.from!.number, to: change.to!.number, changed: change.kind === 'moved-changed' })
  }
  return { ...note, numbers }
}
