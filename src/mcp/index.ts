/**
 * crdb's MCP server (`crdb/mcp`): its tools and resources, over stdio or on
 * an HTTP app. This module only re-exports; each export is documented where it
 * is defined.
 */
export { createMcpServer, type McpServerOptions } from './server.js'
export { serveMcpOverStdio, maxLineBytes, type StdioOptions } from './stdio.js'
export { createMcpHandler, mountMcp, checkOrigin, maxMcpBodyBytes, type McpHttpOptions } from './http.js'
export { tools, maxAnswerCharacters, type Tool, type ToolContext } from './tools.js'
export { createPinner, pinSchema, type Pin, type Pinner } from './pin.js'
