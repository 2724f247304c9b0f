/**
 * The OpenAPI 3.1 document of the JSON API, written by hand; a test checks that
 * its paths and the app's `/v1` routes agree.
 */

const selector = [
  { name: 'date', in: 'query', description: 'the edition in force on this day (YYYY-MM-DD)', schema: { type: 'string', format: 'date' } },
  { name: 'edition', in: 'query', description: 'the edition with this effective date (YYYY-MM-DD)', schema: { type: 'string', format: 'date' } },
  { name: 'era', in: 'query', description: 'an era preset (2003, 2009, 2024: the rules in force on 31 December) or a day', schema: { type: 'string' } }
]

const query = (name: string, description: string, schema: Record<string, unknown> = { type: 'string' }, required = false): Record<string, unknown> => ({
  name,
  in: 'query',
  description,
  required,
  schema
})
const path = (name: string, description: string): Record<string, unknown> => ({ name, in: 'path', required: true, description, schema: { type: 'string' } })

const errorResponse = { description: 'an error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }
const errors = { '400': errorResponse, '404': errorResponse }
const ok = (description: string, schema: Record<string, unknown> = { type: 'object' }): Record<string, unknown> => ({
  '200': { description, content: { 'application/json': { schema } } },
  '304': { description: 'not modified (If-None-Match matched the ETag)' },
  ...errors
})

const get = (summary: string, parameters: unknown[], responses: Record<string, unknown>): Record<string, unknown> => ({
  get: { summary, parameters, responses }
})

/** The OpenAPI document served at `/openapi.json`. */
export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'crdb',
    version: '1',
    description:
      'The Magic: The Gathering Comprehensive Rules, every edition since 1999, read-only. Every route takes one edition selector (date, edition or era; none: the newest edition) and answers in the shapes `crdb --json` prints. As there, an answer taken from a truncated edition carries `truncated: true`, one that depends on derived data (lineage, reconciliation of the dumps) left out of date by an interrupted build carries `stale: true`, and a rule number that moved answers 404 with `whereabouts` beside the error. Answers carry an ETag (304 on If-None-Match) and Cache-Control.'
  },
  paths: {
    '/v1/editions': get(
      'Every stored edition, oldest first, with counts and messages (crdb editions)',
      [],
      ok('editions', { type: 'array', items: { type: 'object' } })
    ),
    '/v1/eras': get('The era presets with their editions, and every edition with its date range (crdb eras)', [], ok('eras')),
    '/v1/sources': get(
      'Every source: official editions and secondary dumps (crdb sources)',
      [query('only', 'only official editions or only dumps', { enum: ['official', 'dumps'] })],
      ok('sources', { type: 'array', items: { type: 'object' } })
    ),
    '/v1/rules/{number}': get(
      'A rule as it stood (crdb get); include adds subtree, neighbours, refs or sources in the shapes of crdb get --subtree, --neighbours, --refs, --sources',
      [path('number', 'a rule number: 704.5j, 704, 7'), ...selector, query('include', 'comma list of subtree, neighbours, refs, sources')],
      ok('the rule', { $ref: '#/components/schemas/RuleVersion' })
    ),
    '/v1/rules/{number}/history': get(
      'Every wording of a rule across renumberings (crdb history)',
      [
        path('number', 'a rule number'),
        ...selector,
        query('direction', 'both (default), forward from the oldest wording of the number, or backward', { enum: ['both', 'forward', 'backward'] })
      ],
      ok('the history')
    ),
    '/v1/glossary': get('The glossary terms of an edition (crdb glossary --list)', selector, ok('terms', { type: 'array', items: { type: 'object' } })),
    '/v1/glossary/{term}': get(
      'A glossary term found by any of its names (crdb glossary TERM)',
      [path('term', 'the term, any case'), ...selector],
      ok('the term')
    ),
    '/v1/search': get(
      'Full-text search over rules, examples and the glossary (crdb search)',
      [
        query('q', 'words, "phrases", prefix*, AND, OR, NOT, ( )', { type: 'string' }, true),
        ...selector,
        query('all', 'search every version of every edition', { type: 'boolean' }),
        query('section', 'only rules of this section, rule or subrule'),
        query('kind', 'comma list of rule, example, term'),
        query('limit', 'at most this many hits (1 to 1000, default 10)', { type: 'integer', minimum: 1, maximum: 1000 })
      ],
      ok('the hits')
    ),
    '/v1/diff': get(
      'What changed between any two editions (crdb diff)',
      [
        query('from', 'an edition or any date (YYYY-MM-DD), or an era year', { type: 'string' }, true),
        query('to', 'the same, for the other side', { type: 'string' }, true),
        query('section', 'only this section, rule or subrule'),
        query('summary', 'only the counts, without the changes', { type: 'boolean' })
      ],
      ok('the diff')
    ),
    '/v1/checks': get("An era's catalog of engine checks, each with its rule (crdb era --checks)", selector, ok('the checks')),
    '/v1/checks/{id}': get(
      "One check's rule in an era (crdb check)",
      [path('id', 'a check id, e.g. legend-rule'), ...selector, query('history', 'also every run of editions in which it was in force', { type: 'boolean' })],
      ok('the check')
    ),
    '/v1/sba': {
      post: {
        summary: "Perform an era's state-based actions on a game state until nothing more happens (crdb sba)",
        parameters: selector,
        requestBody: {
          required: true,
          description: 'a game state in the engine format (at most 1 MB)',
          content: { 'application/json': { schema: { type: 'object' } } }
        },
        responses: {
          '200': { description: 'the new state and the events with their citations', content: { 'application/json': { schema: { type: 'object' } } } },
          '400': errorResponse,
          '404': errorResponse,
          '413': errorResponse,
          '415': errorResponse
        }
      }
    }
  },
  components: {
    schemas: {
      Error: {
        type: 'object',
        required: ['error'],
        properties: {
          error: {
            type: 'object',
            required: ['code', 'message'],
            properties: {
              code: {
                type: 'string',
                description:
                  'a stable code: E_BAD_NUMBER, E_BAD_DATE, E_BAD_ERA, E_USAGE, E_BAD_QUERY, E_BAD_STATE, E_NOT_FOUND, E_NO_ROUTE, E_METHOD, E_TOO_LARGE, E_MEDIA_TYPE'
              },
              message: { type: 'string' }
            }
          }
        }
      },
      RuleVersion: {
        type: 'object',
        required: ['number', 'text', 'examples', 'edition', 'validFrom', 'validTo', 'lastEdition', 'source'],
        properties: {
          number: { type: 'string' },
          text: { type: 'string' },
          examples: { type: 'array', items: { type: 'string' } },
          edition: { type: 'string', format: 'date' },
          validFrom: { type: 'string', format: 'date' },
          validTo: { type: ['string', 'null'], format: 'date' },
          lastEdition: { type: 'string', format: 'date' },
          source: { type: 'object', properties: { uri: { type: 'string' }, sha256: { type: 'string' }, line: { type: 'integer' } } },
          truncated: { const: true, description: 'present when the edition is truncated' }
        }
      }
    }
  }
} as const
