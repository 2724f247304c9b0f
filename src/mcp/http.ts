/**
 * `/mcp` on `crdb serve`: the MCP server over the streamable HTTP transport,
 * stateless (a server per request, answers as JSON), read-only. Browsers send
 * `Origin` with every POST: one not on this machine is refused, against DNS
 * rebinding (a page that rebinds its own name to 127.0.0.1).
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type { Context } from 'hono'
import type { McpMount } from '../server/app.js'
import type { ServerState } from '../server/state.js'
import { quoteInput } from '../vocabulary/errors.js'
import { createPinner } from './pin.js'
import { createMcpServer } from './server.js'
import type { ToolContext } from './tools.js'

/** Options of {@link createMcpHandler} and {@link mountMcp}. */
export interface McpHttpOptions {
  /** Origins allowed beside this machine's (`https://assistant.example`); default none. */
  allowedOrigins?: string[]
  /** crdb's version, told to clients. */
  version: string
  /** Where to write internal errors; none writes nothing. */
  log?: (line: string) => void
}

/** The largest request body read, as `POST /v1/sba` and `/v1/cite` take. */
export const maxMcpBodyBytes = 1024 * 1024

/** The outcome of checking a request's `Origin`: allowed, or the one-line reason it is not. */
export function checkOrigin(origin: string | undefined, allowed: readonly string[] = []): string | null {
  if (origin === undefined) return null
  if (allowed.includes(origin)) return null
  let host: string
  try {
    const url = new URL(origin)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return `Origin ${quoteInput(origin)} is not a web origin`
    host = url.hostname
  } catch {
    return `Origin ${quoteInput(origin)} is not a URL`
  }
  if (host === 'localhost' || host === '127.0.0.1' || host === '[::1]') return null
  return `Origin ${quoteInput(origin)} is not allowed: /mcp answers pages on this machine only (crdb serve --mcp-origin ORIGIN allows another)`
}

/** `/mcp` for `crdb serve`: the handler of each app's state (give it as `createServerApp`'s `mcp`). */
export function mountMcp(options: McpHttpOptions): McpMount {
  return (state) => createMcpHandler(state, options)
}

/** The handler of `/mcp` (any method) on the app serving `state`. */
export function createMcpHandler(state: ServerState, options: McpHttpOptions): (c: Context) => Promise<Response> {
  // Permalinks as the server's own links: under its base URL and base path (`--base-url`, `--base-path`).
  const context: ToolContext = { state, pin: createPinner(state.db, state.urls.linkBase) }
  return async (c) => {
    const refused = checkOrigin(c.req.header('origin'), options.allowedOrigins)
    if (refused) return c.json({ error: { code: 'E_ORIGIN', message: refused } }, 403)
    const server = createMcpServer({ context, version: options.version, log: options.log })
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: maxMcpBodyBytes
    })
    await server.connect(transport)
    try {
      return await transport.handleRequest(c.req.raw)
    } finally {
      await server.close()
    }
  }
}
