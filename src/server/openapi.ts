/**
 * The routes of the JSON API under `/v1`, each with the zod schemas of its
 * parameters, body and answers; `api.ts` registers them with their handlers,
 * and the OpenAPI 3.1 document served at `/openapi.json` is generated from
 * the same definitions.
 */
import { createRoute, OpenAPIHono, z, type RouteConfig } from '@hono/zod-openapi'
import {
  diffPageSchema,
  diffSummarySchema,
  checkWithHistorySchema,
  citeReportSchema,
  citeRequestSchema,
  editionDiffSchema,
  editionSummarySchema,
  eraChecksSchema,
  eraListingSchema,
  errorSchema,
  glossaryEntrySchema,
  glossaryTermSchema,
  lineageSchema,
  ruleAnswerSchema,
  ruleHistorySchema,
  sbaAnswerSchema,
  searchResultSchema,
  sourceSummarySchema
} from './answer-schemas.js'
import { editionExportSchema } from './export-schema.js'
import {
  checkParams,
  exportParams,
  exportQuery,
  checkQuery,
  lineageParams,
  diffQuery,
  historyQuery,
  ruleParams,
  ruleQuery,
  searchQuery,
  selectorQuery,
  sourcesQuery,
  termParams
} from './parameters.js'

/** The largest request body accepted (a game state). */
export const maxBodyBytes = 1024 * 1024

/** The largest text `POST /v1/cite` checks (a long article, a large source file). */
export const maxCiteBytes = 512 * 1024

const json = <S>(schema: S) => ({ 'application/json': { schema } })
const failure = { description: 'an error', content: json(errorSchema) }
/** The answer of a costly route when too many costly answers are queued (see cost-bound.ts). */
const busy = { description: 'E_BUSY: too many costly answers queued; retry after Retry-After seconds', content: json(errorSchema) }

/** The answers of a GET: the answer, 304 on a matching If-None-Match, and the errors of bad input. */
const answers = <S extends z.ZodType>(description: string, schema: S) =>
  ({
    200: { description, content: json(schema) },
    304: { description: 'not modified (If-None-Match matched the ETag)' },
    400: failure,
    404: failure
  }) as const

/** Every route of the API, by name. */
export const apiRoutes = {
  editions: createRoute({
    method: 'get',
    path: '/v1/editions',
    summary: 'Every stored edition, oldest first, with counts and messages (crdb editions)',
    responses: answers('editions', z.array(editionSummarySchema))
  }),
  export: createRoute({
    method: 'get',
    path: '/v1/editions/{edition}/export',
    summary:
      "A whole edition as a file (crdb export): format=json (default) the structured edition with every rule, example and glossary term and their stable ids (EditionExport, also published as crdb/schemas/edition-export.json), md Markdown with an anchor per rule and term, txt the text in the CR's own layout; the same bytes as crdb export, with a Content-Disposition filename",
    request: { params: exportParams, query: exportQuery },
    responses: {
      ...answers('the edition', editionExportSchema),
      200: {
        description: 'the edition in the format asked',
        content: {
          ...json(editionExportSchema),
          'text/markdown': { schema: z.string().openapi({ description: 'the edition as Markdown' }) },
          'text/plain': { schema: z.string().openapi({ description: 'the edition as plain text, in the layout of the CR' }) }
        }
      }
    }
  }),
  eras: createRoute({
    method: 'get',
    path: '/v1/eras',
    summary: 'The era presets with their editions, and every edition with its date range (crdb eras)',
    responses: answers('eras', eraListingSchema)
  }),
  sources: createRoute({
    method: 'get',
    path: '/v1/sources',
    summary: 'Every source: official editions and secondary dumps (crdb sources)',
    request: { query: sourcesQuery },
    responses: answers('sources', z.array(sourceSummarySchema))
  }),
  rule: createRoute({
    method: 'get',
    path: '/v1/rules/{number}',
    summary:
      'A rule as it stood (crdb get), by number or by name (a rule title such as trample, a glossary term such as legend rule, read in the edition asked); a number from another numbering is followed through the lineage (numbering says so; numbered_as names the numbering); include adds subtree, neighbours, refs or sources in the shapes of crdb get --subtree, --neighbours, --refs, --sources; limit and cursor page a subtree (subtreePage, Link rel=next)',
    request: { params: ruleParams, query: ruleQuery },
    responses: {
      ...answers('the rule', ruleAnswerSchema),
      300: {
        description: 'a number that names several rules (a split or a merge: translation) or a name of several rules (candidates)',
        content: json(errorSchema)
      }
    }
  }),
  history: createRoute({
    method: 'get',
    path: '/v1/rules/{number}/history',
    summary: 'Every wording of a rule across renumberings (crdb history), by number or by name as GET /v1/rules/{number} reads it',
    request: { params: ruleParams, query: historyQuery },
    responses: {
      ...answers('the history', ruleHistorySchema),
      300: { description: 'a name of several rules: the candidates', content: json(errorSchema) }
    }
  }),
  glossary: createRoute({
    method: 'get',
    path: '/v1/glossary',
    summary: 'The glossary terms of an edition (crdb glossary --list)',
    request: { query: selectorQuery },
    responses: answers('terms', z.array(glossaryEntrySchema))
  }),
  term: createRoute({
    method: 'get',
    path: '/v1/glossary/{term}',
    summary: 'A glossary term found by any of its names (crdb glossary TERM)',
    request: { params: termParams, query: selectorQuery },
    responses: {
      ...answers('the term', glossaryTermSchema),
      300: { description: 'a name of several terms: the candidates', content: json(errorSchema) }
    }
  }),
  search: createRoute({
    method: 'get',
    path: '/v1/search',
    summary:
      'Full-text search over rules, examples and the glossary (crdb search): one edition (date, edition, era), every edition (all=true) or the editions of a range of days (from, to); offset pages the hits (Link rel=next, prev, first)',
    request: { query: searchQuery },
    responses: { ...answers('the hits', searchResultSchema), 503: busy }
  }),
  diff: createRoute({
    method: 'get',
    path: '/v1/diff',
    summary: 'What changed between any two editions (crdb diff)',
    request: { query: diffQuery },
    responses: {
      ...answers(
        'the diff (only its counts with summary=true; one page of its changes with limit)',
        z.union([editionDiffSchema, diffPageSchema, diffSummarySchema])
      ),
      503: busy
    }
  }),
  checks: createRoute({
    method: 'get',
    path: '/v1/checks',
    summary: "An era's catalog of engine checks, each with its rule (crdb era --checks)",
    request: { query: selectorQuery },
    responses: answers('the checks', eraChecksSchema)
  }),
  check: createRoute({
    method: 'get',
    path: '/v1/checks/{id}',
    summary: "One check's rule in an era (crdb check)",
    request: { params: checkParams, query: checkQuery },
    responses: answers('the check', checkWithHistorySchema)
  }),
  sba: createRoute({
    method: 'post',
    path: '/v1/sba',
    summary: "Perform an era's state-based actions on a game state until nothing more happens (crdb sba)",
    request: {
      query: selectorQuery,
      // A reference rather than the zod schema: the engine's own validator reads the body (see api.ts), with its messages.
      body: {
        required: true,
        description: `a game state in the engine format (at most ${maxBodyBytes / 1024 / 1024} MB)`,
        content: json({ $ref: '#/components/schemas/GameState' })
      }
    },
    responses: {
      200: { description: 'the new state and the events with their citations', content: json(sbaAnswerSchema) },
      400: failure,
      404: failure,
      413: failure,
      415: failure
    }
  }),
  lineage: createRoute({
    method: 'get',
    path: '/v1/id/{id}',
    summary:
      'A rule or glossary term by its stable id (its lineage: 1999-04-23_420.5e is the legend rule), as it stands in the edition asked, with its whole life; an id a rebuild retired leads to its successor(s)',
    request: { params: lineageParams, query: selectorQuery },
    responses: answers('the lineage', lineageSchema)
  }),
  cite: createRoute({
    method: 'post',
    path: '/v1/cite',
    summary: 'Check the CR citations of a text: each cited number read on the day it was written and followed to today (crdb cite)',
    request: {
      body: { required: true, description: `the text (at most ${maxCiteBytes / 1024} kB) and the day it was written`, content: json(citeRequestSchema) }
    },
    responses: {
      200: { description: 'every citation found, checked', content: json(citeReportSchema) },
      400: failure,
      404: failure,
      413: failure,
      415: failure,
      503: busy
    }
  })
} satisfies Record<string, RouteConfig>

const description =
  'The Magic: The Gathering Comprehensive Rules, every edition since 1999, read-only. Every route takes one edition selector (date, edition or era; none: the newest edition) and answers in the shapes `crdb --json` prints, except that a source is its edition and official source (edition, file, url) where the CLI prints the path it was read from (uri). As there, an answer taken from a truncated edition carries `truncated: true`, one that depends on derived data (lineage, reconciliation of the dumps) left out of date by an interrupted build carries `stale: true`, and a rule number that moved answers 404 with `whereabouts` beside the error. Answers carry an ETag (304 on If-None-Match) and Cache-Control.'

/** The OpenAPI 3.1 document of {@link apiRoutes}. */
function describeApi(): ReturnType<OpenAPIHono['getOpenAPI31Document']> {
  const registry = new OpenAPIHono()
  for (const route of Object.values(apiRoutes)) registry.openAPIRegistry.registerPath(route)
  return registry.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'crdb', version: '1', description } })
}

/** The OpenAPI document served at `/openapi.json`. */
export const openApiDocument = describeApi()
