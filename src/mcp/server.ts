/**
 * crdb's MCP server: the tools of `tools.ts` and the resources of
 * `resources.ts` on the SDK's low-level server, read-only, with crdb's errors
 * as tool errors. One server per connection (stdio) or per request (HTTP);
 * what it answers from (the database, the era rules and editions already
 * read) is the {@link ToolContext} they share.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type Tool as ListedTool
} from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { explainError } from '../query/answer-flags.js'
import { AmbiguousNumberError } from '../query/get.js'
import { RuleMovedError } from '../query/moved.js'
import { AmbiguousNameError } from '../query/names.js'
import { CrdbError, quoteInput } from '../vocabulary/errors.js'
import { listResources, listResourceTemplates, readResource } from './resources.js'
import { type Tool, type ToolContext, tools } from './tools.js'

/** Options of {@link createMcpServer}. */
export interface McpServerOptions {
  /** What the tools answer from. */
  context: ToolContext
  /** crdb's version, told to clients. */
  version: string
  /** Where to write internal errors (a bug, never a client's mistake); none writes nothing. */
  log?: (line: string) => void
}

/** What the server tells a client it is for, once, at initialization. */
const instructions =
  'crdb answers from every edition of the Magic: The Gathering Comprehensive Rules since 1999. Give a day (date), an edition ' +
  '(its date or set code) or an era (2003, 2009, 2024) to read the rules in force then; without one, tools read the newest ' +
  'edition. Every rule or term answered carries `pinned`: the edition, the days its text was in force, its number then and ' +
  'now, and its permalink. Quote the text as answered and cite it with its number and edition. Long lists come a page at a ' +
  'time: call again with next.offset.'

/** The tools as `tools/list` answers them, their schemas converted once. */
const listedTools: ListedTool[] = tools.map((tool) => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: toJsonSchema(tool.published ?? tool.input, 'input'),
  outputSchema: toJsonSchema(tool.output, 'output'),
  annotations: { title: tool.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }
}))

const toolsByName = new Map(tools.map((tool) => [tool.name, tool]))

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): ListedTool['inputSchema'] {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io, target: 'draft-7', unrepresentable: 'any' }) as ListedTool['inputSchema'] & { $schema?: string }
  return json
}

/** An MCP server answering from `options.context`: connect it to a transport. */
export function createMcpServer(options: McpServerOptions): Server {
  const { context, log } = options
  const server = new Server(
    { name: 'crdb', title: 'crdb: the Comprehensive Rules, every edition', version: options.version },
    {
      capabilities: { tools: {}, resources: {} },
      instructions
    }
  )
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listedTools }))
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const tool = toolsByName.get(request.params.name)
    if (!tool)
      throw new McpError(ErrorCode.InvalidParams, `unknown tool ${quoteInput(request.params.name)}; the tools are ${tools.map((t) => t.name).join(', ')}`)
    return callTool(context, tool, request.params.arguments, log)
  })
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: listResources(context) }))
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: listResourceTemplates() }))
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    try {
      return readResource(context, request.params.uri)
    } catch (error) {
      if (error instanceof CrdbError) {
        const code = error.code === 'E_NOT_FOUND' ? -32002 : ErrorCode.InvalidParams
        throw new McpError(code, `${error.code}: ${explainError(context.state.db, error).message}`, { code: error.code })
      }
      throw internalError(error, log)
    }
  })
  return server
}

/**
 * Call `tool` with `args`: its answer as structured content (and as JSON
 * text, for clients that read only text), or a tool error with crdb's code
 * and one-line message.
 */
function callTool(context: ToolContext, tool: Tool, args: unknown, log: McpServerOptions['log']): CallToolResult {
  try {
    const parsed = tool.input.safeParse(args ?? {})
    if (!parsed.success) throw argumentError(tool, parsed.error)
    const answer = tool.run(context, parsed.data) as Record<string, unknown>
    return { content: [{ type: 'text', text: JSON.stringify(answer) }], structuredContent: answer }
  } catch (error) {
    if (error instanceof CrdbError) return toolError(context, tool, error)
    // Deep or huge arguments can overflow a reader's stack: a bad argument, not a bug.
    if (error instanceof RangeError)
      return toolError(context, tool, new CrdbError('E_USAGE', `the arguments are too large or too deeply nested (${error.message})`))
    internalError(error, log)
    return {
      isError: true,
      content: [{ type: 'text', text: 'E_INTERNAL: internal error' }],
      _meta: { 'crdb/error': { code: 'E_INTERNAL', message: 'internal error' } }
    }
  }
}

/** The error of arguments that do not fit the tool's schema: the first problem, naming the argument. */
function argumentError(tool: Tool, error: z.ZodError): CrdbError {
  const issue = error.issues[0]
  const where = issue.path.length > 0 ? `argument ${issue.path.join('.')}` : 'arguments'
  const message = issue.code === 'unrecognized_keys' ? `unknown argument ${issue.keys.map((key) => quoteInput(key)).join(', ')}` : `${where}: ${issue.message}`
  return new CrdbError('E_USAGE', `${tool.name}: ${message}`)
}

/**
 * A crdb error as a tool error: the code and message as text (`E_NOT_FOUND: ...`), and in
 * `_meta['crdb/error']` shaped as a `/v1` error's body, with what the error carries (where a
 * moved rule went, the candidates of an ambiguous number or name). Not as structured content:
 * clients check that against the tool's output schema, which describes answers.
 */
function toolError(context: ToolContext, tool: Tool, error: CrdbError): CallToolResult {
  const explained = explainError(context.state.db, error)
  const extra = extraOf(error)
  return {
    isError: true,
    content: [{ type: 'text', text: `${explained.code}: ${explained.message}` }],
    _meta: { 'crdb/error': { code: explained.code, message: explained.message, tool: tool.name, ...extra } }
  }
}

function extraOf(error: CrdbError): Record<string, unknown> {
  if (error instanceof RuleMovedError) return { whereabouts: error.whereabouts }
  if (error instanceof AmbiguousNumberError) return { translation: error.translation }
  if (error instanceof AmbiguousNameError) return { candidates: error.candidates }
  return {}
}

function internalError(error: unknown, log: McpServerOptions['log']): McpError {
  log?.(`crdb mcp: internal error: ${(error as Error)?.stack ?? error}`)
  return new McpError(ErrorCode.InternalError, 'internal error')
}
