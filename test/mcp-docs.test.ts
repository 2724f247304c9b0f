/**
 * The example exchanges of docs/mcp.md, made: each ` ```json mcp-call TOOL `
 * block is called through the SDK's client on crdb's MCP server (linked in
 * memory), and the ` ```json mcp-answer ` block after it must be part of the
 * real answer (each field it shows, each list item it shows, in order).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMcpServer, createPinner, tools } from '../src/mcp/index.js'
import { createState } from '../src/server/state.js'
import type { Crdb } from '../src/store/database.js'
import { archiveAvailable, openArchiveDatabase, projectRoot } from './helpers.js'

interface Exchange {
  tool: string
  args: Record<string, unknown>
  expected: unknown
  line: number
}

/** The call and answer blocks of the page, paired in order. */
function readExchanges(markdown: string): Exchange[] {
  const exchanges: Exchange[] = []
  const block = /^```json (mcp-call (\w+)|mcp-answer)\n([\s\S]*?)^```$/gm
  let call: Omit<Exchange, 'expected'> | undefined
  for (const match of markdown.matchAll(block)) {
    const line = markdown.slice(0, match.index).split('\n').length
    if (match[2]) call = { tool: match[2], args: JSON.parse(match[3]), line }
    else if (call) {
      exchanges.push({ ...call, expected: JSON.parse(match[3]) })
      call = undefined
    }
  }
  return exchanges
}

/** Where `expected` is not part of `actual` (a path and why), or null when it is. */
function notPartOf(actual: unknown, expected: unknown, path = '$'): string | null {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: not a list`
    let from = 0
    for (const [index, item] of expected.entries()) {
      const found = actual.findIndex((candidate, at) => at >= from && notPartOf(candidate, item) === null)
      if (found === -1) return `${path}[${index}]: no item of the answer matches ${JSON.stringify(item)}`
      from = found + 1
    }
    return null
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') return `${path}: not an object`
    for (const [key, value] of Object.entries(expected)) {
      const problem = notPartOf((actual as Record<string, unknown>)[key], value, `${path}.${key}`)
      if (problem) return problem
    }
    return null
  }
  return Object.is(actual, expected) ? null : `${path}: ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}`
}

const page = readFileSync(join(projectRoot, 'docs/mcp.md'), 'utf8')
const exchanges = readExchanges(page)

describe('docs/mcp.md', () => {
  it('shows one exchange for each tool', () => {
    expect(exchanges.map((exchange) => exchange.tool)).toEqual(tools.map((tool) => tool.name))
  })

  it('tells which part of an answer is not part of it', () => {
    expect(notPartOf({ a: [1, 2, 3], b: { c: 'x' } }, { a: [1, 3], b: {} })).toBeNull()
    expect(notPartOf({ a: [1, 2, 3] }, { a: [3, 1] })).toMatch(/^\$\.a\[1\]/)
    expect(notPartOf({ b: { c: 'x' } }, { b: { c: 'y' } })).toBe('$.b.c: "x", not "y"')
  })
})

describe.skipIf(!archiveAvailable())('docs/mcp.md exchanges, made', () => {
  let db: Crdb
  const client = new Client({ name: 'docs', version: '1' })

  beforeAll(async () => {
    db = openArchiveDatabase()!
    const server = createMcpServer({ context: { state: createState(db, 'test'), pin: createPinner(db) }, version: 'test' })
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    await server.connect(serverSide)
    await client.connect(clientSide)
  })

  afterAll(async () => {
    await client.close()
    db?.close()
  })

  it.each(exchanges.map((exchange) => [`${exchange.tool} (docs/mcp.md:${exchange.line})`, exchange] as const))('%s', async (_, exchange) => {
    const result = (await client.callTool({ name: exchange.tool, arguments: exchange.args })) as CallToolResult
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy()
    expect(notPartOf(result.structuredContent, exchange.expected)).toBeNull()
  })
})
