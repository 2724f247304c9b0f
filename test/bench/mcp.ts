/**
 * Benchmark of `crdb mcp`: the latency of a tool call over stdio, as an
 * assistant's client sees it (the SDK's client, a `crdb mcp` child process,
 * JSON-RPC both ways), process start excluded. `get_rule` over 200 (number,
 * date) pairs spread over the database, `search_rules` over the judged search
 * fixture's queries in their eras. Medians of each run's median; it never
 * asserts, `run.ts` prints it.
 *
 *   const results = await benchMcp('db/crdb.sqlite', 3)
 *   // [{ name: 'MCP get_rule over stdio (200 calls)', median: 0.9, unit: 'ms', target: '< 5 ms' }, ...]
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import Database from 'better-sqlite3'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'

/** One measured figure. */
export interface McpBenchResult {
  name: string
  median: number
  unit: string
  target: string
}

const projectRoot = resolve(import.meta.dirname, '../..')

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** The median latency (ms) of each call of `calls`, timed one after another, and how many failed. */
async function timeCalls(client: Client, calls: Array<{ name: string; arguments: Record<string, unknown> }>): Promise<{ median: number; failed: number }> {
  const times: number[] = []
  let failed = 0
  for (const call of calls) {
    const started = performance.now()
    const result = await client.callTool(call)
    times.push(performance.now() - started)
    if (result.isError) failed++
  }
  return { median: median(times), failed }
}

/** Measure `runs` runs of each tool's calls over one `crdb mcp` process on `database`. */
export async function benchMcp(database: string, runs: number): Promise<McpBenchResult[]> {
  const driver = new Database(database, { readonly: true })
  const all = driver.prepare(`SELECT key, first_date AS date FROM versions WHERE kind = 'rule' ORDER BY id`).all() as Array<{ key: string; date: string }>
  driver.close()
  const pairs = Array.from({ length: Math.min(200, all.length) }, (_, index) => all[Math.floor((index * all.length) / Math.min(200, all.length))])
  const fixture = JSON.parse(readFileSync(join(projectRoot, 'test/fixtures/search/relevance.json'), 'utf8')) as {
    queries: Array<{ query: string; era: string }>
  }
  const ruleCalls = pairs.map((pair) => ({ name: 'get_rule', arguments: { rule: pair.key, date: pair.date } }))
  const searchCalls = fixture.queries.map((entry) => ({ name: 'search_rules', arguments: { query: entry.query, era: entry.era } }))

  const client = new Client({ name: 'crdb-bench', version: '1' })
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [join(projectRoot, 'bin/crdb.js'), '--db', database, 'mcp'], stderr: 'ignore' })
  )
  try {
    // One pass to warm up the statements and the era's data, then the timed runs.
    await timeCalls(client, ruleCalls)
    await timeCalls(client, searchCalls)
    const rule: number[] = []
    const found: number[] = []
    let failures = 0
    for (let run = 0; run < runs; run++) {
      const rules = await timeCalls(client, ruleCalls)
      const searches = await timeCalls(client, searchCalls)
      rule.push(rules.median)
      found.push(searches.median)
      failures += rules.failed + searches.failed
    }
    return [
      {
        name: `MCP get_rule over stdio (${ruleCalls.length} calls${failures ? `, ${failures} tool errors` : ''})`,
        median: median(rule),
        unit: 'ms',
        target: '< 5 ms'
      },
      { name: `MCP search_rules over stdio (${searchCalls.length} queries)`, median: median(found), unit: 'ms', target: '< 5 ms' }
    ]
  } finally {
    await client.close()
  }
}
