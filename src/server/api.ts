/**
 * The JSON API under `/v1`: the library's answers in the shapes the CLI's
 * `--json` prints, each route taking the edition selector (`date`, `edition`,
 * `era`, at most one). Parameters are read by the zod schemas of
 * `parameters.ts` through Hono's validator middleware, the routes and their
 * answers' schemas are those of `openapi.ts`.
 */
import { OpenAPIHono, type z } from '@hono/zod-openapi'
import type { Context, Hono, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { validator } from 'hono/validator'
import { answerSba, describeCheck, listEraChecks } from '../engine/answers.js'
import { checkStateBasedActions } from '../engine/sba.js'
import { validateState, type GameState } from '../engine/state.js'
import { flagAnswer, type AnswerBasis } from '../query/answer-flags.js'
import { listEras } from '../query/eras.js'
import { citeText } from '../query/cite/resolve.js'
import { diffEditions } from '../query/diff.js'
import { listEditions } from '../query/editions.js'
import { getNeighbours, getReferences, getRule, getSubtree } from '../query/get.js'
import { getTerm, listTerms } from '../query/glossary.js'
import { ruleHistory } from '../query/history.js'
import { getLineage } from '../query/lineage.js'
import { search } from '../query/search.js'
import { getRuleSources } from '../query/sources.js'
import { listSourcesVerified } from '../query/verification.js'
import type { Crdb } from '../store/database.js'
import { CrdbError } from '../vocabulary/errors.js'
import type { ruleAnswerSchema } from './answer-schemas.js'
import { errorBody, statusOf } from './errors.js'
import { apiRoutes, maxBodyBytes, maxCiteBytes } from './openapi.js'
import { errorOfIssues } from './parameters.js'
import { editionOf } from './selector.js'
import type { ServerState } from './state.js'

export { maxBodyBytes } from './openapi.js'

/** Register the `/v1` routes on `app`. */
export function registerApi(app: Hono, state: ServerState): void {
  const { db } = state
  // A parameter that does not read is refused with the library's code and message (see app.ts's onError), not zod's body.
  const api = new OpenAPIHono({
    defaultHook: (result) => {
      if (!result.success) throw errorOfIssues(result.error)
    }
  })

  api.openapi(apiRoutes.editions, (c) => c.json(listEditions(db), 200))
  api.openapi(apiRoutes.eras, (c) => c.json(listEras(db), 200))
  api.openapi(apiRoutes.sources, (c) => c.json(listSourcesVerified(db, { only: c.req.valid('query').only }), 200))

  api.openapi(apiRoutes.rule, (c) => {
    const { number } = c.req.valid('param')
    const { at, include = [], numbered_as: numberedAs } = c.req.valid('query')
    const rule = getRule(db, number, at, { numberedAs })
    const edition = { edition: rule.edition }
    const answer: z.infer<typeof ruleAnswerSchema> = { ...rule }
    for (const part of include) {
      if (part === 'subtree') answer.subtree = getSubtree(db, rule.number, edition)
      else if (part === 'neighbours') answer.neighbours = getNeighbours(db, rule.number, edition)
      else if (part === 'refs') answer.refs = getReferences(db, rule.number, edition)
      else answer.sources = getRuleSources(db, rule.number, edition)
    }
    return c.json(
      flagged(db, include.length === 0 ? rule : answer, { edition: rule.edition, needs: include.includes('sources') ? 'reconciliation' : undefined }),
      200
    )
  })

  api.openapi(apiRoutes.history, (c) => {
    const { at, direction } = c.req.valid('query')
    const history = ruleHistory(db, c.req.valid('param').number, { at: Object.keys(at).length ? at : undefined, direction })
    return c.json(flagged(db, history, { needs: 'lineage' }), 200)
  })

  api.openapi(apiRoutes.lineage, (c) => {
    const lineage = getLineage(db, c.req.valid('param').id, c.req.valid('query').at)
    return c.json(flagged(db, lineage, { needs: 'lineage' }), 200)
  })

  api.openapi(apiRoutes.glossary, (c) => c.json(listTerms(db, { edition: editionOf(db, c.req.valid('query').at) }), 200))
  api.openapi(apiRoutes.term, (c) => {
    const term = getTerm(db, c.req.valid('param').term, c.req.valid('query').at)
    return c.json(flagged(db, term, { edition: term.edition }), 200)
  })

  api.openapi(apiRoutes.search, (c) => {
    const { q, at, all, section, kind, limit } = c.req.valid('query')
    return c.json(search(db, q, { at, all, section, kinds: kind, limit }), 200)
  })

  api.openapi(apiRoutes.diff, (c) => {
    const { from, to, section, summary } = c.req.valid('query')
    const diff = diffEditions(db, from, to, { section })
    if (summary)
      return c.json(
        flagged(
          db,
          { from: diff.from, to: diff.to, section: diff.section, summary: diff.summary, terms: diff.terms && { summary: diff.terms.summary } },
          { needs: 'lineage' }
        ),
        200
      )
    return c.json(flagged(db, diff, { needs: 'lineage' }), 200)
  })

  api.openapi(apiRoutes.checks, (c) => c.json(listEraChecks(state.eraRules(c.req.valid('query').at)), 200))
  api.openapi(apiRoutes.check, (c) => {
    const { at, history } = c.req.valid('query')
    return c.json(describeCheck(state.eraRules(at), c.req.valid('param').id, history), 200)
  })

  api.openapi(
    {
      ...apiRoutes.sba,
      middleware: [
        bodyLimit({
          maxSize: maxBodyBytes,
          onError: (c) => c.json(errorBody('E_TOO_LARGE', `the body is over ${maxBodyBytes} bytes`), statusOf('E_TOO_LARGE'))
        }),
        requireJson,
        // The engine's validator: its messages name the path of each problem, and it fills in owners and timestamps.
        validator('json', (value) => validateState(value, 'body'))
      ] as const
    },
    (c) => {
      const rules = state.eraRules(c.req.valid('query').at)
      // The body's validator is route middleware, which the route's types do not follow.
      const game = (c.req as unknown as { valid: (target: 'json') => GameState }).valid('json')
      return c.json(answerSba(rules, checkStateBasedActions(game, rules)), 200)
    }
  )

  api.openapi(
    {
      ...apiRoutes.cite,
      middleware: [
        bodyLimit({
          maxSize: maxCiteBytes,
          onError: (c) =>
            c.json(errorBody('E_TOO_LARGE', `the body is over ${maxCiteBytes} bytes; check a long text in parts, or with crdb cite`), statusOf('E_TOO_LARGE'))
        }),
        requireJson
      ] as const
    },
    (c) => {
      const { text, asOf } = c.req.valid('json')
      return c.json(citeText(db, text, { asOf }), 200)
    }
  )

  app.route('/', api)
}

/** The answer with the flags the query layer gives it (`stale`, `truncated`), as `crdb --json` prints them. */
function flagged<T extends object>(db: Crdb, answer: T, basis: AnswerBasis): T & { stale?: true; truncated?: true } {
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
