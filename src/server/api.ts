/**
 * The JSON API under `/v1`: the library's answers in the shapes the CLI's
 * `--json` prints, each route taking the edition selector (`date`, `edition`,
 * `era`, at most one).
 */
import type { Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { answerSba, describeCheck, listEraChecks } from '../engine/answers.js'
import { checkStateBasedActions } from '../engine/sba.js'
import { parseState } from '../engine/state.js'
import { listEras } from '../query/eras.js'
import { CrdbError } from '../vocabulary/errors.js'
import { diffEditions } from '../query/diff.js'
import { listEditions } from '../query/editions.js'
import { getNeighbours, getReferences, getRule, getSubtree } from '../query/get.js'
import { getTerm, listTerms } from '../query/glossary.js'
import { ruleHistory } from '../query/history.js'
import { search, type SearchKind } from '../query/search.js'
import { getRuleSources } from '../query/sources.js'
import { listSourcesVerified } from '../query/verification.js'
import { readDerivedState, type DerivedData } from '../store/derived-state.js'
import type { Crdb } from '../store/database.js'
import { findTruncation } from '../store/edition-flags.js'
import { errorBody, statusOf } from './errors.js'
import { editionOf, readPoint, readSelector, type At } from './selector.js'
import type { ServerState } from './state.js'

/** The largest request body accepted (a game state). */
export const maxBodyBytes = 1024 * 1024

const includes = ['subtree', 'neighbours', 'refs', 'sources'] as const
type Include = (typeof includes)[number]

/** Register the `/v1` routes on `app`. */
export function registerApi(app: Hono, state: ServerState): void {
  const { db } = state
  const at = (c: Context): At => readSelector((name) => c.req.query(name))

  app.get('/v1/editions', (c) => c.json(listEditions(db)))
  app.get('/v1/eras', (c) => c.json(listEras(db)))
  app.get('/v1/sources', (c) => {
    const only = oneOf(c, 'only', ['official', 'dumps'] as const)
    return c.json(listSourcesVerified(db, { only }))
  })

  app.get('/v1/rules/:number', (c) => {
    const number = c.req.param('number')
    const wanted = readIncludes(c.req.query('include'))
    const rule = getRule(db, number, at(c))
    if (wanted.length === 0) return c.json(flag(db, rule, { edition: rule.edition }))
    const answer: Record<string, unknown> = { ...rule }
    const edition = { edition: rule.edition }
    for (const part of wanted) {
      if (part === 'subtree') answer.subtree = getSubtree(db, rule.number, edition)
      else if (part === 'neighbours') answer.neighbours = getNeighbours(db, rule.number, edition)
      else if (part === 'refs') answer.refs = getReferences(db, rule.number, edition)
      else answer.sources = getRuleSources(db, rule.number, edition)
    }
    return c.json(flag(db, answer, { edition: rule.edition, needs: wanted.includes('sources') ? 'reconciliation' : undefined }))
  })

  app.get('/v1/rules/:number/history', (c) => {
    const selector = at(c)
    const direction = oneOf(c, 'direction', ['both', 'forward', 'backward'] as const)
    const history = ruleHistory(db, c.req.param('number'), { at: Object.keys(selector).length ? selector : undefined, direction })
    return c.json(flag(db, history, { needs: 'lineage' }))
  })

  app.get('/v1/glossary', (c) => c.json(listTerms(db, { edition: editionOf(db, at(c)) })))
  app.get('/v1/glossary/:term', (c) => {
    const term = getTerm(db, c.req.param('term'), at(c))
    return c.json(flag(db, term, { edition: term.edition }))
  })

  app.get('/v1/search', (c) => {
    const selector = at(c)
    const all = readBoolean(c, 'all')
    if (all && Object.keys(selector).length) throw new CrdbError('E_USAGE', 'give all=true or one of date, edition and era, not both')
    const q = c.req.query('q')
    if (q === undefined) throw new CrdbError('E_USAGE', 'give a query: q=...')
    return c.json(
      search(db, q, {
        at: selector,
        all,
        section: c.req.query('section') || undefined,
        kinds: readKinds(c.req.query('kind')),
        limit: readLimit(c.req.query('limit'))
      })
    )
  })

  app.get('/v1/diff', (c) => {
    const from = c.req.query('from')
    const to = c.req.query('to')
    if (!from || !to) throw new CrdbError('E_USAGE', 'give from=... and to=... (an edition, a date or an era)')
    const diff = diffEditions(db, readPoint(from), readPoint(to), { section: c.req.query('section') || undefined })
    if (readBoolean(c, 'summary'))
      return c.json(
        flag(
          db,
          { from: diff.from, to: diff.to, section: diff.section, summary: diff.summary, terms: diff.terms && { summary: diff.terms.summary } },
          { needs: 'lineage' }
        )
      )
    return c.json(flag(db, diff, { needs: 'lineage' }))
  })

  app.get('/v1/checks', (c) => c.json(listEraChecks(state.eraRules(at(c)))))
  app.get('/v1/checks/:id', (c) => c.json(describeCheck(state.eraRules(at(c)), c.req.param('id'), readBoolean(c, 'history'))))

  app.post(
    '/v1/sba',
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: (c) => c.json(errorBody('E_TOO_LARGE', `the body is over ${maxBodyBytes} bytes`), statusOf('E_TOO_LARGE'))
    }),
    async (c) => {
      const type = c.req.header('content-type') ?? ''
      if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
        return c.json(
          errorBody('E_MEDIA_TYPE', `the body must be JSON (Content-Type: application/json), not ${type ? `"${type.slice(0, 80)}"` : 'untyped'}`),
          statusOf('E_MEDIA_TYPE')
        )
      }
      const rules = state.eraRules(at(c))
      const game = parseState(await c.req.text(), 'body')
      return c.json(answerSba(rules, checkStateBasedActions(game, rules)))
    }
  )
}

/**
 * An answer with the flags `crdb --json` adds to the same answer: `stale: true`
 * when the derived data it depends on (`needs`) is out of date (an interrupted
 * build), `truncated: true` when it comes from a truncated edition.
 */
function flag<T extends object>(db: Crdb, value: T, from: { edition?: string; needs?: DerivedData }): T & { stale?: true; truncated?: true } {
  const stale = from.needs !== undefined && readDerivedState(db)[from.needs]
  const truncated = from.edition !== undefined && findTruncation(db, from.edition) !== undefined
  if (!stale && !truncated) return value
  return { ...value, ...(stale ? { stale: true as const } : {}), ...(truncated ? { truncated: true as const } : {}) }
}

function readIncludes(value: string | undefined): Include[] {
  if (!value) return []
  const parts = [
    ...new Set(
      value
        .split(',')
        .map((part) => part.trim().toLowerCase())
        .filter(Boolean)
    )
  ]
  for (const part of parts) {
    if (!(includes as readonly string[]).includes(part))
      throw new CrdbError('E_USAGE', `include=${clip(part)}: expected a comma list of ${includes.join(', ')}`)
  }
  return parts as Include[]
}

function readKinds(value: string | undefined): SearchKind[] | undefined {
  if (!value) return undefined
  const kinds = value.split(',').map((kind) => kind.trim().toLowerCase())
  for (const kind of kinds) {
    if (kind !== 'rule' && kind !== 'example' && kind !== 'term') throw new CrdbError('E_USAGE', `kind=${clip(kind)}: expected rule, example or term`)
  }
  return kinds as SearchKind[]
}

function readLimit(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined
  const limit = Number(value)
  if (!/^\d+$/.test(value.trim()) || limit < 1 || limit > 1000) throw new CrdbError('E_USAGE', `limit=${clip(value)}: expected a whole number from 1 to 1000`)
  return limit
}

function readBoolean(c: Context, name: string): boolean {
  const value = c.req.query(name)
  if (value === undefined || value === '' || value === 'false' || value === '0') return false
  if (value === 'true' || value === '1') return true
  throw new CrdbError('E_USAGE', `${name}=${clip(value)}: expected true or false`)
}

function oneOf<T extends string>(c: Context, name: string, values: readonly T[]): T | undefined {
  const value = c.req.query(name)
  if (value === undefined || value === '') return undefined
  if (!(values as readonly string[]).includes(value)) throw new CrdbError('E_USAGE', `${name}=${clip(value)}: expected ${values.join(' or ')}`)
  return value as T
}

/** A value as an error message quotes it: at most 40 characters. */
export function clip(value: string): string {
  return value.length > 40 ? value.slice(0, 40) + '…' : value
}
