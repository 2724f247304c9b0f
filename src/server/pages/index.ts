/**
 * The web pages: server-rendered HTML, one module per page kind. Every page is
 * a permalink: its path and query alone reproduce it.
 */
import type { Hono } from 'hono'
import type { ServerState } from '../state.js'
import { registerChangesPage } from './changes.js'
import { registerCitePage } from './cite.js'
import { registerCrPage } from './cr.js'
import { registerDiffPage } from './diff.js'
import { registerErasPages } from './eras.js'
import { registerGlossaryPages } from './glossary.js'
import { registerHomePage } from './home.js'
import { registerLineagePage } from './lineage.js'
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
    registerErasPages,
    registerCitePage,
    registerLineagePage,
    registerChangesPage
  ]) {
    register(app, state)
  }
}
