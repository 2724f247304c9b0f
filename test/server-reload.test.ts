/**
 * A server on a database file that `crdb build` adds an edition to: it keeps
 * answering while the build runs, and serves the new edition after it, without
 * a restart (SQLite's data_version tells it the content changed; its ETag follows),
 * every answer as a server started after the build gives it; and the same once
 * `crdb editions --remove` takes the edition out again.
 */
import { spawn } from 'node:child_process'
import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { mountMcp } from '../src/mcp/http.js'
import { startServer, type RunningServer } from '../src/server/node.js'
import { archiveAvailable, archiveDir, projectRoot, temporaryFolder } from './helpers.js'

const bin = join(projectRoot, 'bin/crdb.js')

function build(database: string, archive: string): Promise<{ code: number | null; stderr: string }> {
  return crdb(['--db', database, 'build', '--archive', archive, '--no-corpus'])
}

function crdb(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr += chunk))
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })))
}

describe.skipIf(!archiveAvailable())('serving while crdb build adds an edition', () => {
  const folder = temporaryFolder()
  let server: RunningServer | undefined
  afterAll(async () => {
    await server?.close()
    folder.cleanup()
  })

  it('keeps answering during the build, serves the new edition after it without a restart, and answers as a server started after the build, or after a removal', async () => {
    const first = join(folder.dir, 'first')
    const second = join(folder.dir, 'second')
    mkdirSync(first)
    mkdirSync(second)
    for (const name of ['2009-05-01.txt', '2009-07-11.txt']) copyFileSync(join(archiveDir, name), join(first, name))
    copyFileSync(join(archiveDir, '2009-09-04.txt'), join(second, '2009-09-04.txt'))
    const database = join(folder.dir, 'crdb.sqlite')
    expect((await build(database, first)).code).toBe(0)

    server = await startServer({ databasePath: database, port: 0, mcp: mountMcp({ version: 'test' }) })
    const editions = async (): Promise<string[]> =>
      ((await (await fetch(`${server!.url}/v1/editions`)).json()) as Array<{ effectiveDate: string }>).map((e) => e.effectiveDate)
    expect(await editions()).toEqual(['2009-05-01', '2009-07-11'])
    const tagBefore = (await fetch(`${server.url}/v1/rules/704.5k`)).headers.get('etag')

    let running = true
    const building = build(database, second).finally(() => (running = false))
    const failures: string[] = []
    let answered = 0
    const paths = ['/v1/editions', '/v1/rules/704.5k', '/rules/704.5k', '/v1/search?q=legend', '/v1/glossary', '/']
    // Every kind of state a server keeps between requests (engine rules, histories, search, pages), read before the build.
    const compared = [
      ...paths,
      '/v1/rules/704.5k/history',
      '/v1/checks',
      '/v1/checks/legend-rule?history=true',
      '/eras/2009',
      '/changes?since=2009-06-01',
      '/v1/diff?from=2009-05-01&to=2009-07-11&summary=true',
      '/v1/search?q=state-based%20actions%20legend',
      '/cr',
      '/glossary',
      '/feed.xml',
      '/feed.xml?rule=704.5k',
      '/v1/editions/2009-07-11/export?format=md',
      '/v1/sources'
    ]
    // The answers made of a request's body: the engine's, citations', and MCP's tools.
    const tool = (name: string, args: Record<string, unknown>): string =>
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } })
    const posted: Array<[path: string, body: string]> = [
      ['/v1/sba?era=2009-07-11', JSON.stringify({ players: [{ id: 'a', life: 0 }], permanents: [] })],
      ['/v1/cite', JSON.stringify({ text: 'the legend rule, 704.5k' })],
      ['/mcp', tool('era_profile', { era: '2009-07-11' })],
      ['/mcp', tool('rule_history', { rule: '704.5k' })],
      ['/mcp', tool('search_rules', { query: 'legend rule' })]
    ]
    const answers = async (url: string): Promise<string[]> => {
      const out: string[] = []
      for (const path of compared) {
        const response = await fetch(url + path)
        out.push(`${path} ${response.status} ${await response.text()}`)
      }
      for (const [path, body] of posted) {
        const response = await fetch(url + path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body
        })
        out.push(`POST ${path} ${response.status} ${await response.text()}`)
      }
      return out
    }
    await answers(server.url)
    while (running) {
      for (const path of paths) {
        const response = await fetch(server.url + path)
        await response.arrayBuffer()
        if (response.status !== 200) failures.push(`${path}: ${response.status}`)
        answered++
      }
    }
    const outcome = await building
    expect(outcome.code, outcome.stderr).toBe(0)
    expect(failures).toEqual([])
    expect(answered).toBeGreaterThan(0)
    console.log(`${answered} requests answered during the build, none failed`)

    expect(await editions()).toEqual(['2009-05-01', '2009-07-11', '2009-09-04'])
    const rule = await fetch(`${server.url}/v1/rules/704.5k`)
    expect(((await rule.json()) as { edition: string }).edition).toBe('2009-09-04')
    expect(rule.headers.get('etag')).not.toBe(tagBefore)
    const stale = await fetch(`${server.url}/v1/rules/704.5k`, { headers: { 'if-none-match': tagBefore! } })
    expect(stale.status).toBe(200)
    expect(await (await fetch(`${server.url}/`)).text()).toContain('href="/cr?edition=2009-09-04"')

    // Nothing the server kept from before the build shows through: it answers as one started now.
    const started = await startServer({ databasePath: database, port: 0, mcp: mountMcp({ version: 'test' }) })
    try {
      const [kept, fresh] = [await answers(server.url), await answers(started.url)]
      for (const [index, answer] of kept.entries()) expect(answer.slice(0, 200)).toBe(fresh[index].slice(0, 200))
      expect(kept).toEqual(fresh)
      expect(fresh.filter((answer) => !answer.includes(' 200 '))).toEqual([])
      // A tool's error is an answer of 200 too.
      expect(fresh.filter((answer) => answer.includes('crdb/error'))).toEqual([])
    } finally {
      await started.close()
    }

    // And once an edition is removed, nothing the server kept of it shows through either.
    const removed = await crdb(['--db', database, 'editions', '--remove', '2009-09-04'])
    expect(removed.code, removed.stderr).toBe(0)
    expect(await editions()).toEqual(['2009-05-01', '2009-07-11'])
    const restarted = await startServer({ databasePath: database, port: 0, mcp: mountMcp({ version: 'test' }) })
    try {
      expect(await answers(server.url)).toEqual(await answers(restarted.url))
    } finally {
      await restarted.close()
    }
  }, 120_000)
})
