/**
 * Editions not held: the official editions public inventories know of that the
 * store does not have (`notHeld` in `corpus/manifest.json`). An answer whose
 * interval crosses one says so, since a change it places in the next held
 * edition may have come with the one missing (701.16b became 701.20b with the
 * edition of 2025-06-06, not held, rather than with 2025-07-25), and a lookup on
 * a day in a missing edition's time answers from the nearest held edition
 * before it, with that warning.
 */
import type { Crdb } from '../store/database.js'
import { listEditionDates } from '../store/editions.js'
import { rememberPerContent } from '../store/per-content.js'
import { readProjectManifest, type ManifestEditionNotHeld } from '../vocabulary/corpus-files.js'
import { checkSelector, type EditionSelector } from '../vocabulary/selector.js'

/** An edition known to have existed that the store does not hold. */
export interface MissingEdition {
  /** The date its sources give (a file name, an upload day). */
  effectiveDate: string
  /** The set (or mid-cycle update) it came with, where known. */
  set?: { code: string; name: string }
  /** The held editions around it: the one before (answers read in its time come from it) and the one after. */
  heldBefore: string | null
  heldAfter: string | null
  /** The formats and places it exists in. */
  exists: ManifestEditionNotHeld['exists']
  /** The formats crdb cannot read yet, when the official copies known are only in those (`['docx']`): see {@link findUnreadableFormats}. */
  unreadable: string[]
  /** Where the entry's facts come from. */
  sources: string[]
  note?: string
  /** Always false: no sha256 is known for an edition not held, so no copy of it can be verified. */
  verified: false
}

/** A stored edition this close to a listed one is taken for it (a source's date is often a file name, days off the stated one). */
const sameEditionDays = 12

/** Days between two `YYYY-MM-DD` dates. */
function daysApart(a: string, b: string): number {
  return Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000
}

/**
 * The editions not held, oldest first: those the project manifest lists as not held and the store does not have
 * (a stored edition of the same date, or one the manifest does not list within days of it, is taken for it).
 */
export function listMissingEditions(db: Crdb): MissingEdition[] {
  return [...missingEditionsOf(db)]
}

// Every rule history asks (a rule page, a history answer): worked out once per content of the file.
const missingEditionsOf = rememberPerContent<readonly MissingEdition[]>(findMissingEditions)

function findMissingEditions(db: Crdb): MissingEdition[] {
  const manifest = readProjectManifest()
  const listed = manifest?.notHeld ?? []
  if (listed.length === 0) return []
  const stored = listEditionDates(db)
    .slice()
    .sort((a, b) => a.localeCompare(b))
  const known = new Set((manifest?.editions ?? []).map((edition) => edition.effectiveDate))
  const held = (date: string): boolean => stored.some((day) => day === date || (!known.has(day) && daysApart(day, date) <= sameEditionDays))
  return listed
    .filter((entry) => !held(entry.effectiveDate))
    .map((entry) => {
      return {
        effectiveDate: entry.effectiveDate,
        ...(entry.set ? { set: { code: entry.set.code, name: entry.set.name } } : {}),
        heldBefore: stored.filter((day) => day < entry.effectiveDate).at(-1) ?? null,
        heldAfter: stored.find((day) => day > entry.effectiveDate) ?? null,
        exists: entry.exists,
        unreadable: findUnreadableFormats(entry),
        sources: entry.sources,
        ...(entry.note ? { note: entry.note } : {}),
        verified: false as const
      }
    })
    .sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate))
}

/** The places that hold an official copy (the publisher's bytes), rather than a third party's text of it. */
const officialPlaces = new Set(['wizards', 'wayback', 'academy-ruins'])

/**
 * The formats crdb cannot read yet (`['docx']`) when every official copy known of an edition not held is in one of
 * them (2014-05-01: a Word document only); empty when an official text exists or no official copy is known.
 * Third-party text conversions do not count: they are not the edition's bytes.
 */
export function findUnreadableFormats(entry: ManifestEditionNotHeld): string[] {
  const official = entry.exists.filter((place) => officialPlaces.has(place.place))
  if (official.length === 0 || official.some((place) => place.format === 'txt')) return []
  return [...new Set(official.map((place) => place.format))]
}

/** The dates of the editions not held strictly after `from` and up to `to` (inclusive), oldest first. */
export function findMissingBetween(db: Crdb, from: string, to: string): string[] {
  if (to <= from) return []
  return listMissingEditions(db)
    .map((edition) => edition.effectiveDate)
    .filter((date) => date > from && date <= to)
}

/** `2025-06-06 not held` or `2023-06-16, 2023-09-01 not held`. */
function notHeldList(dates: readonly string[]): string {
  return `${dates.join(', ')} not held`
}

/** The note on a change placed between two held editions that editions not held separate: `changed between the editions of A and B (X not held)`. */
export function describeGap(from: string, to: string, missing: readonly string[]): string {
  return `changed between the editions of ${from} and ${to} (${notHeldList(missing)})`
}

/** Where a rule's last wording ended across editions not held: `ended between the editions of A and B (X not held)`. */
export function describeEndGap(from: string, to: string, missing: readonly string[]): string {
  return `ended between the editions of ${from} and ${to} (${notHeldList(missing)})`
}

/** The warning on a diff whose editions editions not held separate. */
export function describeSpanGap(from: string, to: string, missing: readonly string[]): string {
  return `editions not held fall between the editions of ${from} and ${to} (${notHeldList(missing)}): a change shown here may have come with one of them`
}

/** The warning on a lookup on a day that falls in the time of an edition not held: the answer is the nearest held text before it. */
export function describeDayGap(day: string, edition: string, missing: readonly string[]): string {
  const last = missing.at(-1)!
  return `on ${day} the edition of ${last} was in force, which is not held: this answer is the text of the nearest held edition, ${edition}${missing.length > 1 ? ` (${notHeldList(missing)})` : ''}`
}

/**
 * The day a selector asks about, when it asks about one (`{ date }`, or an era's day): the answers for it come from
 * the edition in force on that day, which an edition not held may have replaced before it. `undefined` for an
 * edition named or the newest.
 */
export function askedDay(at: EditionSelector | undefined): string | undefined {
  if (at === undefined) return undefined
  const checked = checkSelector(at)
  return checked.by === 'date' || checked.by === 'era' ? checked.date : undefined
}
