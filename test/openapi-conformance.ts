/**
 * Holding the `/v1` answers to the OpenAPI document: {@link checkAnswers} makes
 * every `app.request()` of a test validate the JSON it gets under `/v1`
 * against the schema the document gives for that path, method and status
 * (OpenAPI 3.1 schemas are JSON Schema 2020-12), and fail on the spot if it
 * does not conform. {@link findLooseSchemas} finds what a generated client
 * could not type.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import type { Hono } from 'hono'

// ajv-formats is CommonJS: its function is the module's default, one level down under NodeNext.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default

/** The parts of an OpenAPI 3.1 document read here. */
export interface OpenApiDocument {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, JsonSchema> }
}

interface Operation {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema: JsonSchema }>
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>
}

type JsonSchema = Record<string, unknown>

/** What {@link checkAnswers} saw: answers checked, by `METHOD /path/template STATUS`. */
export interface ConformanceLog {
  checked: Map<string, number>
}

/** Make `app.request()` check every JSON answer under `/v1` against `document`; throws on the first that does not conform. */
export function checkAnswers(app: Hono, document: OpenApiDocument): ConformanceLog {
  const log: ConformanceLog = { checked: new Map() }
  const validators = new Map<string, ValidateFunction>()
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  const routes = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+')}$`)
  }))
  const validatorFor = (key: string, schema: JsonSchema): ValidateFunction => {
    let validate = validators.get(key)
    if (!validate) {
      // The components beside the schema, so that its `#/components/schemas/...` references resolve.
      validate = ajv.compile({ ...schema, components: document.components })
      validators.set(key, validate)
    }
    return validate
  }
  const request = app.request.bind(app)
  app.request = (async (input: RequestInfo | URL, init?: RequestInit, ...rest: unknown[]) => {
    const response = await (request as (...args: unknown[]) => Promise<Response>)(input, init, ...rest)
    // A path is read as a path even when it starts with `//` (which URL would take for a host).
    const target = input instanceof Request ? input.url : String(input)
    const url = new URL(target.startsWith('/') ? `http://localhost${target}` : target)
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toLowerCase()
    if (!url.pathname.startsWith('/v1') || !(response.headers.get('content-type') ?? '').includes('json')) return response
    // HEAD and 304 answers carry no body.
    const text = await response.clone().text()
    if (text === '') return response
    const body: unknown = JSON.parse(text)
    const route = routes.find((candidate) => candidate.pattern.test(url.pathname))
    const operation = route ? document.paths[route.template][method] : undefined
    const documented = operation?.responses[String(response.status)]?.content?.['application/json']?.schema
    // An error the route does not list (405, 500, no such route) is still an error body.
    const schema = documented ?? (response.status >= 400 ? { $ref: '#/components/schemas/Error' } : undefined)
    const key = `${method.toUpperCase()} ${documented ? route!.template : '(any)'} ${response.status}`
    if (!schema) throw new Error(`${key}: ${url.pathname}${url.search} answered JSON the document does not describe`)
    const validate = validatorFor(key, schema)
    if (!validate(body)) {
      const problems = (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`)
      throw new Error(`${key}: the answer to ${url.pathname}${url.search} does not conform to /openapi.json: ${problems.join('; ')}`)
    }
    log.checked.set(key, (log.checked.get(key) ?? 0) + 1)
    return response
  }) as Hono['request']
  return log
}

/**
 * Where the document leaves an answer or a body untyped: every success
 * response and request body needs a JSON schema, and no schema it reaches may
 * be a bare object (`{"type": "object"}`, no properties), an empty schema, or
 * a reference to nothing. Returns the places, empty when there are none.
 */
export function findLooseSchemas(document: OpenApiDocument): string[] {
  const problems: string[] = []
  const visited = new Set<unknown>()
  const walk = (schema: unknown, where: string): void => {
    if (schema === null || typeof schema !== 'object' || visited.has(schema)) return
    visited.add(schema)
    const node = schema as JsonSchema
    if (typeof node.$ref === 'string') {
      const name = /^#\/components\/schemas\/(.+)$/.exec(node.$ref)?.[1]
      const target = name === undefined ? undefined : document.components.schemas[name]
      if (target === undefined) problems.push(`${where}: $ref ${node.$ref} names no schema`)
      else walk(target, `#/components/schemas/${name}`)
      return
    }
    const keys = Object.keys(node).filter((key) => !['description', 'example', 'examples', 'title', 'deprecated'].includes(key))
    if (keys.length === 0) problems.push(`${where}: an empty schema (anything)`)
    const types = ([] as unknown[]).concat(node.type ?? [])
    if (types.includes('object') && node.properties === undefined && node.additionalProperties === undefined)
      problems.push(`${where}: an object with no properties`)
    if (types.includes('array') && node.items === undefined && node.prefixItems === undefined) problems.push(`${where}: an array of anything`)
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' || key === 'patternProperties' || key === '$defs')
        for (const [name, child] of Object.entries(value as Record<string, unknown>)) walk(child, `${where}.${name}`)
      else if (Array.isArray(value)) for (const [index, child] of value.entries()) walk(child, `${where}.${key}[${index}]`)
      else if (typeof value === 'object') walk(value, `${where}.${key}`)
    }
  }
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const where = `${method.toUpperCase()} ${path}`
      const successes = Object.entries(operation.responses).filter(([status]) => /^2/.test(status))
      if (successes.length === 0) problems.push(`${where}: no success response`)
      for (const [status, response] of successes) {
        const schema = response.content?.['application/json']?.schema
        if (!schema) problems.push(`${where} ${status}: no JSON schema`)
        else walk(schema, `${where} ${status}`)
      }
      for (const [status, response] of Object.entries(operation.responses))
        if (/^[45]/.test(status) && !response.content?.['application/json']?.schema) problems.push(`${where} ${status}: no error schema`)
      for (const parameter of operation.parameters ?? []) if (!parameter.schema) problems.push(`${where}: parameter ${parameter.name} has no schema`)
      if (operation.requestBody) {
        const schema = operation.requestBody.content['application/json']?.schema
        if (!schema) problems.push(`${where}: request body without a JSON schema`)
        else walk(schema, `${where} body`)
      }
    }
  }
  return problems
}
