/**
 * What every page that shows one edition reads from its request, in a leaf of
 * its own: `index.ts` imports every page, and no page imports it back.
 */
import type { Context } from 'hono'
import type { EditionSummary } from '../../query/editions.js'
import type { Picker } from '../html.js'
import { editionOf, readSelector, type At } from '../selector.js'
import type { ServerState } from '../state.js'

/** What a page that shows one edition reads from its request. */
export interface EditionView {
  at: At
  edition: string
  picker: Picker
}

/** The selector, edition and picker of a page request. */
export function readEditionView(c: Context, state: ServerState, keep?: Record<string, string | undefined>): EditionView {
  const at = readSelector((name) => c.req.query(name))
  const edition = editionOf(state.db, at)
  // Without the base path: links get it when the page is sent.
  const path = c.req.path
  const editions = state.editions()
  return { at, edition, picker: { path, at, edition, editions: editionDates(editions), sets: setNames(editions), keep } }
}

/** The set each edition came with, by edition (`M10 Magic 2010`; `GTC Gatecrash, truncated copy` for an edition stored truncated), as the picker and the history pages show it. */
export function setNames(editions: readonly EditionSummary[]): ReadonlyMap<string, string> {
  let names = namesByList.get(editions)
  if (!names) {
    names = new Map(editions.flatMap((e) => (e.set ? [[e.effectiveDate, `${e.set.code} ${e.set.name}${e.truncated ? ', truncated copy' : ''}`] as const] : [])))
    namesByList.set(editions, names)
  }
  return names
}

/** The dates of a list of editions, made once per list: the picker keeps its options by that list. */
function editionDates(editions: readonly EditionSummary[]): readonly string[] {
  let dates = datesByList.get(editions)
  if (!dates) datesByList.set(editions, (dates = editions.map((e) => e.effectiveDate)))
  return dates
}

const datesByList = new WeakMap<readonly EditionSummary[], readonly string[]>()

/** The names of a list of editions, made once per list (the state keeps one list per database content). */
const namesByList = new WeakMap<readonly EditionSummary[], ReadonlyMap<string, string>>()
