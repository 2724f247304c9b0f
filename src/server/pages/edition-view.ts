/**
 * What every page that shows one edition reads from its request, in a leaf of
 * its own: `index.ts` imports every page, and no page imports it back.
 */
import type { Context } from 'hono'
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
  const path = new URL(c.req.url).pathname
  return { at, edition, picker: { path, at, edition, editions: state.editions().map((e) => e.effectiveDate), keep } }
}
