/**
 * The web pages: server-rendered HTML, one module per page kind. Every page is
 * a permalink: its path and query alone reproduce it.
 */
import type { Context, Hono } from 'hono'
import type { Picker } from '../html.js'
import { editionOf, readSelector, type At } from '../selector.js'
import type { ServerState } from '../state.js'
import { registerCrPage } from './cr.js'
import { registerDiffPage } from './diff.js'
import { registerErasPages } from './eras.js'
import { registerGlossaryPages } from './glossary.js'
import { registerHomePage } from './home.js'
import { registerRulePages } from './rule.js'
import { registerSearchPage } from './search.js'

/** Register every page on `app`. */
export function registerPages(app: Hono, state: ServerState): void {
  for (const register of [
    registerHomePage,
    registerRulePages,
    registerCrPage,
    registerDiffPage,
    registerGlossaryPages,
    registerSearchPage,
    registerErasPages
  ]) {
    register(app, state)
  }
}

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
