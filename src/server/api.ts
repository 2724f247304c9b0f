/**
 * The JSON API under `/v1`: the library's answers in the shapes the CLI's
 * `--json` prints, each route taking the edition selector (`date`, `edition`,
 * `era`, at most one). Parameters are read by the zod schemas of
 * `parameters.ts`, the routes and their answers' schemas are those of
 * `openapi.ts`. Each route is one handler on the app that parses its query
 * and path with those schemas itself (see {@link serveRoute}): no sub-app, no
 * validator middleware per parameter kind.
 */
import type { RouteConfig, z } from '@hono/zod-openapi'
import type { Context, Hono, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { validator } from 'hono/validator'
import { answerSba, describeCheck, listEraChecks } from '../engine/answers.js'
import { checkStateBasedActions } from '../engine/sba.js'
import { validateState, type GameState } from '../engine/state.js'
import { flagAnswer, type AnswerBasis, type AnswerFlags } from '../query/answer-flags.js'
import { askedDay } from '../query/gaps.js'
import { listEras } from '../query/eras.js'
import { citeText } from '../query/cite/resolve.js'
import { diffEditions } from '../query/diff.js'
import { listEditions, resolveEdition } from '../query/editions.js'
import { exportFileName, renderEdition, type ExportFormat } from '../query/export.js'
import { getNeighbours, getReferences, getRule, getSubtree, type RuleNeighbours, type RuleReference, type RuleVersion } from '../query/get.js'
import { getTerm, listTerms } from '../query/glossary.js'
import { ruleHistory } from '../query/history.js'
import { getLineage } from '../query/lineage.js'
import { resolveRuleName } from '../query/resolve-name.js'
import { search } from '../query/search.js'
import { getRuleSources, type RuleSources } from '../query/sources.js'
import { listSourcesVerified } from '../query/verification.js'
import type { Crdb } from '../store/database.js'
import { CrdbError } from '../vocabulary/errors.js'
import { citeRequestSchema } from './answer-schemas.js'
import { errorBody, statusOf } from './errors.js'
import { encodeDiffCursor } from './diff-cursor.js'
import { answerJson } from './answer-text.js'
import { apiRoutes, maxBodyBytes, maxCiteBytes } from './openapi.js'
import { errorOfIssues } from './parameters.js'
import { publishSources } from './public-source.js'
import { editionOf } from './selector.js'
import type { ServerState } from './state.js'

export { maxBodyBytes } from './openapi.js'

/** Register the `/v1` routes on `app`. */
export function registerApi(app: Hono, state: ServerState): void {
  const { db } = state

  serveRoute(app, apiRoutes.editions, (c) => answerJson(c, publishSources(state, listEditions(db))))
  serveRoute(app, apiRoutes.export, (c, { param, query }) => {
    const format = query.format ?? 'json'
    const edition = resolveEdition(db, { edition: param.edition })
    return c.body(renderEdition(db, edition, format), 200, {
      'Content-Type': exportContentTypes[format],
      'Content-Disposition': `attachment; filename="${exportFileName(edition, format)}"`
    })
  })
  serveRoute(app, apiRoutes.eras, (c) => answerJson(c, listEras(db)))
  serveRoute(app, apiRoutes.sources, (c, { query }) => answerJson(c, publishSources(state, listSourcesVerified(db, { only: query.only }))))

  serveRoute(app, apiRoutes.rule, (c, { param, query }) => {
    const { at, include = [], numbered_as: numberedAs, limit, cursor } = query
    // A name (trample, legend rule) is the rule it names in the edition asked, as crdb get reads it.
    const rule = getRule(db, resolveRuleName(db, param.number, at).number, at, { numberedAs })
    const edition = { edition: rule.edition }
    const answer: RuleAnswer = { ...rule }
    for (const part of include) {
      if (part === 'subtree') {
        const subtree = getSubtree(db, rule.number, edition)
        if (limit === undefined && cursor === undefined) answer.subtree = subtree
        else {
          const page = pageOf(subtree, limit ?? 100, cursor)
          answer.subtree = page.rules
          answer.subtreePage = { total: subtree.length, next: page.next }
          if (page.next !== null) c.header('Link', `<${linkWith(c, 'cursor', page.next)}>; rel="next"`)
        }
      } else if (part === 'neighbours') answer.neighbours = getNeighbours(db, rule.number, edition)
      else if (part === 'refs') answer.refs = getReferences(db, rule.number, edition)
      else answer.sources = getRuleSources(db, rule.number, edition)
    }
    return answerJson(
      c,
      publishSources(
        state,
        flagged(db, include.length === 0 ? rule : answer, {
          edition: rule.edition,
          asked: askedDay(at),
          needs: include.includes('sources') ? 'reconciliation' : undefined
        })
      )
    )
  })

  serveRoute(app, apiRoutes.history, (c, { param, query }) => {
    const { at, direction } = query
    const number = resolveRuleName(db, param.number, at).number
    const history = ruleHistory(db, number, { at: Object.keys(at).length ? at : undefined, direction })
    return answerJson(c, publishSources(state, flagged(db, history, { needs: 'lineage' })))
  })

  serveRoute(app, apiRoutes.lineage, (c, { param, query }) => {
    const lineage = getLineage(db, param.id, query.at)
    return answerJson(c, publishSources(state, flagged(db, lineage, { needs: 'lineage' })))
  })

  serveRoute(app, apiRoutes.glossary, (c, { query }) => answerJson(c, listTerms(db, { edition: editionOf(db, query.at) })))
  serveRoute(app, apiRoutes.term, (c, { param, query }) => {
    const term = getTerm(db, param.term, query.at)
    return answerJson(c, publishSources(state, flagged(db, term, { edition: term.edition, asked: askedDay(query.at) })))
  })

  serveRoute(app, apiRoutes.search, (c, { query }) => {
    const { q, at, all, from, to, section, kind, limit, offset, mode } = query
    const result = search(db, q, { at, all, from, to, section, kinds: kind, limit, offset, mode })
    // A page (offset given) names its neighbours as RFC 8288 links, the same query with another offset.
    if (result.offset !== undefined) {
      const size = limit ?? 10
      const links: string[] = []
      const at = (offset: number): string => `<${linkWith(c, 'offset', String(offset))}>`
      if (result.offset > 0) links.push(`${at(0)}; rel="first"`, `${at(Math.max(0, result.offset - size))}; rel="prev"`)
      if (result.offset + result.hits.length < result.total) links.push(`${at(result.offset + result.hits.length)}; rel="next"`)
      if (links.length > 0) c.header('Link', links.join(', '))
    }
    return answerJson(c, result)
  })

  serveRoute(app, apiRoutes.diff, (c, { query }) => {
    const { from, to, section, summary, limit, cursor } = query
    const offset = cursor?.offset ?? 0
    const diff = diffEditions(db, from, to, { section, ...(limit === undefined || summary ? {} : { limit, offset }) })
    if (limit !== undefined && !summary) {
      if (cursor && (cursor.from !== diff.from || cursor.to !== diff.to || cursor.section !== diff.section))
        throw new CrdbError(
          'E_USAGE',
          `cursor: it pages the diff from ${cursor.from} to ${cursor.to}${cursor.section ? ` in ${cursor.section}` : ''}, not this one`
        )
      // The glossary's changes come with the first page only.
      const { terms, total = 0, ...page } = diff
      const next = offset + limit < total ? encodeDiffCursor({ offset: offset + limit, from: diff.from, to: diff.to, section: diff.section }) : null
      return answerJson(c, flagged(db, { ...page, ...(cursor || !terms ? {} : { terms }), total, next }, { needs: 'lineage', span: diff }))
    }
    if (summary)
      return answerJson(
        c,
        flagged(
          db,
          {
            from: diff.from,
            to: diff.to,
            section: diff.section,
            ...(diff.sectionNumbering ? { sectionNumbering: diff.sectionNumbering } : {}),
            summary: diff.summary,
            terms: diff.terms && { summary: diff.terms.summary }
          },
          { needs: 'lineage', span: diff }
        )
      )
    return answerJson(c, flagged(db, diff, { needs: 'lineage', span: diff }))
  })

  serveRoute(app, apiRoutes.checks, (c, { query }) => answerJson(c, publishSources(state, listEraChecks(state.eraRules(query.at)))))
  serveRoute(app, apiRoutes.check, (c, { param, query }) =>
    answerJson(c, publishSources(state, describeCheck(state.eraRules(query.at), param.id, query.history)))
  )

  serveRoute(
    app,
    apiRoutes.sba,
    (c, { query }) => {
      const rules = state.eraRules(query.at)
      // The body's validator is route middleware, which the route's types do not follow.
      const game = (c.req as unknown as { valid: (target: 'json') => GameState }).valid('json')
      return answerJson(c, answerSba(rules, checkStateBasedActions(game, rules)))
    },
    [
      bodyLimit({
        maxSize: maxBodyBytes,
        onError: (c) => c.json(errorBody('E_TOO_LARGE', `the body is over ${maxBodyBytes} bytes`), statusOf('E_TOO_LARGE'))
      }),
      requireJson,
      // The engine's validator: its messages name the path of each problem, and it fills in owners and timestamps.
      validator('json', (value) => validateState(value, 'body'))
    ]
  )

  serveRoute(
    app,
    apiRoutes.cite,
    (c) => {
      const { text, asOf } = (c.req as unknown as { valid: (target: 'json') => z.output<typeof citeRequestSchema> }).valid('json')
      return answerJson(c, citeText(db, text, { asOf }))
    },
    [
      bodyLimit({
        maxSize: maxCiteBytes,
        onError: (c) =>
          c.json(errorBody('E_TOO_LARGE', `the body is over ${maxCiteBytes} bytes; check a long text in parts, or with crdb cite`), statusOf('E_TOO_LARGE'))
      }),
      requireJson,
      validator('json', (value) => {
        const result = citeRequestSchema.safeParse(value)
        if (!result.success) throw errorOfIssues(result.error)
        return result.data
      })
    ]
  )
}

/** The media type of each export format. */
const exportContentTypes: Record<ExportFormat, string> = {
  json: 'application/json; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8'
}

/** `GET /v1/rules/{number}` before its sources are published: the rule, with what `include` asked for. */
type RuleAnswer = RuleVersion & {
  subtree?: RuleVersion[]
  subtreePage?: { total: number; next: string | null }
  neighbours?: RuleNeighbours
  refs?: RuleReference[]
  sources?: RuleSources
}

/**
 * The request's path and query with parameter `name` set to `value`: a link to another page of the answer
 * (root-relative, without the base path, which the app puts in every `Link` header).
 */
function linkWith(c: Context, name: string, value: string): string {
  const url = new URL(c.req.url)
  url.searchParams.set(name, value)
  return `${c.req.path}${url.search}`
}

/**
 * At most `limit` rules of a subtree, those after the rule numbered `cursor` (from the first without
 * one), and the cursor of the next page (`null` on the last).
 *
 * @throws {CrdbError} `E_USAGE` for a cursor that is not a rule of the subtree.
 */
function pageOf(rules: RuleVersion[], limit: number, cursor: string | undefined): { rules: RuleVersion[]; next: string | null } {
  let start = 0
  if (cursor !== undefined) {
    const index = rules.findIndex((rule) => rule.number === cursor)
    if (index < 0) throw new CrdbError('E_USAGE', `cursor=${cursor}: not a rule of the subtree of ${rules[0].number} (give the next cursor of the page before)`)
    start = index + 1
  }
  const page = rules.slice(start, start + limit)
  return { rules: page, next: start + limit < rules.length ? page[page.length - 1].number : null }
}

/** What a schema of a route's request reads, or undefined when the route has none. */
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined

/** A route's parameters, read by its schemas. */
interface RouteInput<R extends RouteConfig> {
  query: Parsed<NonNullable<R['request']>['query']>
  param: Parsed<NonNullable<R['request']>['params']>
}

/** How many distinct query strings a route keeps the reading of. */
const readQueries = 1000

/**
 * Register `route` on `app` as one handler (after `middleware`) that reads the
 * query, then the path parameters, with the route's zod schemas, as
 * `@hono/zod-openapi`'s validators would (the same values, in the same order),
 * and refuses the first that does not read with the library's code and message.
 * A plain route on the app, parsed synchronously: a sub-app's routes and two
 * async validator middlewares per route cost an uncached request more than
 * the parsing itself. A query's reading depends on its text alone, so each
 * route keeps it for the last query strings it was given (most requests differ
 * in their path, not in `?date=...`), frozen since every request shares it.
 */
function serveRoute<R extends RouteConfig>(
  app: Hono,
  route: R,
  handle: (c: Context, input: RouteInput<R>) => Response,
  middleware: MiddlewareHandler[] = []
): void {
  const querySchema = route.request?.query
  const paramSchema = route.request?.params as z.ZodType | undefined
  const queries = new Map<string, z.ZodSafeParseResult<unknown>>()
  const readQueryOf = (schema: z.ZodType, c: Context): unknown => {
    const url = c.req.url
    const start = url.indexOf('?')
    const text = start === -1 ? '' : url.slice(start)
    let result = queries.get(text)
    if (!result) {
      result = schema.safeParse(readQuery(c))
      if (result.success) freeze(result.data)
      if (queries.size >= readQueries) queries.clear()
      queries.set(text, result)
    }
    if (!result.success) throw errorOfIssues(result.error)
    return result.data
  }
  app.on([route.method.toUpperCase()], [route.path.replaceAll(/\/{(.+?)}/g, '/:$1')], ...middleware, (c: Context) => {
    const query = querySchema && readQueryOf(querySchema, c)
    let param: unknown
    if (paramSchema) {
      const result = paramSchema.safeParse(c.req.param())
      if (!result.success) throw errorOfIssues(result.error)
      param = result.data
    }
    return handle(c, { query, param } as RouteInput<R>)
  })
}

/** Freeze a parsed query and the objects and lists in it (`at`, `include`): requests share it. */
function freeze(value: unknown): void {
  if (typeof value !== 'object' || value === null) return
  for (const inner of Object.values(value)) if (typeof inner === 'object' && inner !== null) Object.freeze(inner)
  Object.freeze(value)
}

/** The query as Hono's validator reads it: each parameter's value, or its values when it is repeated (a list). */
function readQuery(c: Context): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(c.req.queries()).map(([name, values]) => [name, values.length === 1 ? values[0] : values]))
}

/** The answer with the flags the query layer gives it (`stale`, `truncated`), as `crdb --json` prints them. */
function flagged<T extends object>(db: Crdb, answer: T, basis: AnswerBasis): T & AnswerFlags {
  return flagAnswer(db, answer, basis).answer
}

/**
 * Refuse a body that is not JSON: 415 for another media type, `E_BAD_STATE`
 * (as the CLI says it of a file) for a JSON body that does not parse.
 */
const requireJson: MiddlewareHandler = async (c: Context, next) => {
  const type = c.req.header('content-type') ?? ''
  if (!/^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i.test(type)) {
    return c.json(
      errorBody('E_MEDIA_TYPE', `the body must be JSON (Content-Type: application/json), not ${type ? `"${type.slice(0, 80)}"` : 'untyped'}`),
      statusOf('E_MEDIA_TYPE')
    )
  }
  try {
    JSON.parse(await c.req.text())
  } catch (error) {
    throw new CrdbError('E_BAD_STATE', `body: not JSON (${(error as Error).message})`)
  }
  await next()
}
