/**
 * What changed in play since a day: the rules of the edition in force then
 * against the newest, by section, the largest changes first. Changes that do
 * not change play (cross-references, typography or examples only, a pure
 * renumbering) are counted, not listed.
 */
import type { Crdb } from '../store/database.js'
import { CrdbError } from '../vocabulary/errors.js'
import { parseDate } from '../vocabulary/dates.js'
import { diffEditions, type RuleChange } from './diff.js'
import { resolveEdition } from './editions.js'
import { getRule } from './get.js'
import type { WordChange } from './word-diff.js'

/** One rule that changed in play. */
export interface PlayChange {
  kind: 'added' | 'removed' | 'changed' | 'moved-changed'
  /** The rule's number in the newest edition (in the older one, for a removed rule). */
  number: string
  /** Its number in the older edition, where that differs. */
  from?: string
  /** The words added and removed (a whole text for an added or removed rule). */
  size: number
  textChanges: WordChange[]
  /** Part of a split or a merge. */
  relation?: 'split' | 'merge'
}

/** One section's changes in play, the largest first. */
export interface SectionChanges {
  /** `7`. */
  section: string
  /** Its heading in the newest edition (the older, for a section that is gone): `Additional Rules`. */
  title: string
  /** The words added and removed in all its changes. */
  size: number
  changes: PlayChange[]
}

/** What changed in play since a day. */
export interface ChangesSince {
  /** The day asked. */
  since: string
  /** The edition in force that day. */
  from: string
  /** The newest edition (or the one in force on the day asked). */
  to: string
  /** The sections with changes in play, the most changed first. */
  sections: SectionChanges[]
  /** Rules that changed without a change in play, counted. */
  folded: { referencesOnly: number; typographyOnly: number; examplesOnly: number; renumbered: number }
}

/** Words in `text`. */
function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0
}

/** A diff's change as a change in play (`undefined` for one that changes nothing in play). */
function playChangeOf(change: RuleChange): PlayChange | undefined {
  if (change.referencesOnly || change.typographyOnly || change.examplesOnly || change.kind === 'moved') return undefined
  const number = change.to?.number ?? change.from!.number
  const textChanges: WordChange[] =
    change.kind === 'added'
      ? [{ kind: 'added', text: change.to!.text }]
      : change.kind === 'removed'
        ? [{ kind: 'removed', text: change.from!.text }]
        : change.textChanges
  const size = textChanges.reduce((sum, part) => sum + (part.kind === 'same' ? 0 : countWords(part.text)), 0)
  return {
    kind: change.kind,
    number,
    ...(change.from && change.from.number !== number ? { from: change.from.number } : {}),
    size,
    textChanges,
    ...(change.relation ? { relation: change.relation } : {})
  }
}

/** Options of {@link listChangesSince}. */
export interface ChangesSinceOptions {
  /** Compare with the edition in force on this day (YYYY-MM-DD) rather than the newest. */
  to?: string
}

/** `value` read as a day, an error naming the parameter `name` otherwise. */
function readDay(name: string, value: string): string {
  try {
    return parseDate(value)
  } catch (error) {
    if (error instanceof CrdbError) throw new CrdbError(error.code, `${name}: ${error.message}`)
    throw error
  }
}

/**
 * Every rule that changed in play from the edition in force on `since`
 * (YYYY-MM-DD) to the newest (or the one in force on `options.to`), by
 * section, the largest changes first.
 *
 * @throws {CrdbError} `E_BAD_DATE` for a malformed day, `E_NOT_FOUND` for a day before the oldest edition.
 */
export function listChangesSince(db: Crdb, since: string, options: ChangesSinceOptions = {}): ChangesSince {
  const day = readDay('since', since)
  const from = resolveEdition(db, { date: day })
  const to = resolveEdition(db, options.to === undefined ? {} : { date: readDay('to', options.to) })
  const diff = diffEditions(db, { edition: from }, { edition: to }, { kind: 'rule' })
  const folded = { referencesOnly: 0, typographyOnly: 0, examplesOnly: 0, renumbered: 0 }
  const bySection = new Map<string, PlayChange[]>()
  for (const change of diff.changes) {
    const play = playChangeOf(change)
    if (!play) {
      if (change.referencesOnly) folded.referencesOnly++
      else if (change.typographyOnly) folded.typographyOnly++
      else if (change.examplesOnly) folded.examplesOnly++
      else folded.renumbered++
      continue
    }
    const section = play.number[0]!
    let list = bySection.get(section)
    if (!list) bySection.set(section, (list = []))
    list.push(play)
  }
  const titleOf = (section: string): string => {
    for (const edition of [to, from]) {
      try {
        return getRule(db, section, { edition }).text
      } catch (error) {
        if (!(error instanceof CrdbError)) throw error
      }
    }
    return `Section ${section}`
  }
  const sections = [...bySection].map(([section, changes]): SectionChanges => {
    changes.sort((a, b) => b.size - a.size || a.number.localeCompare(b.number, undefined, { numeric: true }))
    return { section, title: titleOf(section), size: changes.reduce((sum, change) => sum + change.size, 0), changes }
  })
  sections.sort((a, b) => b.size - a.size || a.section.localeCompare(b.section))
  return { since: day, from, to, sections, folded }
}
