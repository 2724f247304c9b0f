/**
 * `crdb serve` whose database file is replaced under it (another file built beside it and moved over it, or the
 * file deleted and built again) opens the new file within about a second and answers from it: its pages, its cached
 * answers and its costly answers (made on the answer worker) alike, as a server started on the new file does; and
 * `crdb mcp` over stdio answers its next tool call from the new file, as one started on it does.
 */
import { spawn } from 'node:child_process'
import { copyFileSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { archiveAvailable, archiveDir, type CrdbServe, projectRoot, startCrdbServe, stopCrdbServe, temporaryFolder } from './helpers.js'

const bin = join(projectRoot, 'bin/crdb.js')

/** `crdb build` of the editions named into `database`; its exit code. */
function build(database: string, folder: string, editions: string[]): Promise<number | null> {
  mkdirSync(folder, { recursive: true })
  for (const name of editions) copyFileSync(join(archiveDir, name), join(folder, name))
  const child = spawn(process.execPath, [bin, '--db', database, 'build', '--archive', folder, '--no-corpus'], { stdio: 'ignore' })
  return new Promise((resolve) => child.once('exit', resolve))
}

describe.skipIf(!archiveAvailable())('serving a database file that is replaced', () => {
  const folder = temporaryFolder()
  const database = join(folder.dir, 'crdb.sqlite')
  const older = join(folder.dir, 'older.sqlite')
  const newer = join(folder.dir, 'newer.sqlite')
  let server: CrdbServe | undefined

  beforeAll(async () => {
    expect(await build(older, join(folder.dir, 'a'), ['2009-05-01.txt', '2009-07-11.txt'])).toBe(0)
    expect(await build(newer, join(folder.dir, 'b'), ['2016-11-11.txt'])).toBe(0)
  })
  afterAll(async () => {
    await stopCrdbServe(server)
    folder.cleanup()
  })

  /** The server's answer to `path`: its status and body. */
  const ask = async (path: string): Promise<string> => {
    const response = await fetch(`${server!.url}${path}`)
    return `${response.status} ${await response.text()}`
  }
  /** The answers of a server started on the file as it is now. */
  const askFresh = async (paths: string[]): Promise<string[]> => {
    const fresh = await startCrdbServe(database)
    try {
      const answers: string[] = []
      for (const path of paths) {
        const response = await fetch(`${fresh.url}${path}`)
        answers.push(`${response.status} ${await response.text()}`)
      }
      return answers
    } finally {
      await stopCrdbServe(fresh)
    }
  }
  // A list, a rule (kept in the answer cache), a page, and a search (made on the answer worker).
  const paths = ['/v1/editions', '/v1/rules/704.5k', '/rules/704.5k', '/v1/search?q=legend%20rule']
  const editionsIn = (answer: string): string[] =>
    (JSON.parse(answer.slice(answer.indexOf(' ') + 1)) as Array<{ effectiveDate: string }>).map((edition) => edition.effectiveDate)

  it('opens a file moved over the one it serves, and answers as a server started on it', async () => {
    copyFileSync(older, database)
    server = await startCrdbServe(database, [])
    const before: string[] = []
    for (const path of paths) before.push(await ask(path))
    expect(editionsIn(before[0])).toEqual(['2009-05-01', '2009-07-11'])

    copyFileSync(newer, `${database}.new`)
    renameSync(`${database}.new`, database)
    await sleep(1100)
    const after: string[] = []
    for (const path of paths) after.push(await ask(path))
    expect(editionsIn(after[0])).toEqual(['2016-11-11'])
    expect(after).toEqual(await askFresh(paths))
    expect(after).not.toEqual(before)
    expect(server.stderr()).toContain(`database ${database} replaced; serving the new file`)
  })

  it('opens a file deleted and built again, and answers as a server started on it', async () => {
    // The file alone: its -wal and -shm stay, open in the server, and the new build takes them over.
    rmSync(database)
    expect(await build(database, join(folder.dir, 'c'), ['2009-09-04.txt'])).toBe(0)
    await sleep(1100)
    const after: string[] = []
    for (const path of paths) after.push(await ask(path))
    expect(editionsIn(after[0])).toEqual(['2009-09-04'])
    expect(after).toEqual(await askFresh(paths))
  })

  it('crdb mcp over stdio answers from a file moved over the one it opened, as one started on it', async () => {
    const mcpDatabase = join(folder.dir, 'mcp.sqlite')
    copyFileSync(older, mcpDatabase)
    const connect = async (): Promise<Client> => {
      const client = new Client({ name: 'crdb-test', version: '1' })
      await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, '--db', mcpDatabase, 'mcp'], stderr: 'pipe' }))
      return client
    }
    const getRule = (client: Client): Promise<unknown> => client.callTool({ name: 'get_rule', arguments: { rule: '704.5k' } })
    const client = await connect()
    try {
      const before = await getRule(client)
      copyFileSync(newer, `${mcpDatabase}.new`)
      renameSync(`${mcpDatabase}.new`, mcpDatabase)
      await sleep(1100)
      const after = await getRule(client)
      const fresh = await connect()
      try {
        expect(after).toEqual(await getRule(fresh))
      } finally {
        await fresh.close()
      }
      expect(after).not.toEqual(before)
    } finally {
      await client.close()
    }
  })
})
