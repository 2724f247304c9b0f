/**
 * `crdb mcp` and `/mcp` as an assistant meets them: the SDK's own client over
 * a real stdio child process and over HTTP to a real server on loopback. Each
 * tool answers as `crdb --json` does for the same question, pinned to its
 * edition; bad arguments are tool errors with crdb's codes; hostile messages
 * (huge, deep, unknown tools, random arguments) leave the server answering.
 */
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { PassThrough } from 'node:stream'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { maxAnswerCharacters, maxLineBytes, mountMcp, serveMcpOverStdio, tools } from '../src/mcp/index.js'
import { createServerApp } from '../src/server/app.js'
import { type RunningServer, startServer } from '../src/server/node.js'
import { archiveAvailable, openArchiveDatabase, projectRoot, temporaryFolder } from './helpers.js'

const bin = join(projectRoot, 'bin/crdb.js')
const board = readFileSync(join(projectRoot, 'docs/examples/board.json'), 'utf8')

/** `crdb --json ARGS` on the archive's database, parsed. */
function crdbJson(database: string, args: string[], status = 0): Record<string, any> {
  const result = spawnSync(process.execPath, [bin, '--db', database, '--json', ...args], { encoding: 'utf8' })
  expect(result.status, `crdb ${args.join(' ')}: ${result.stderr}`).toBe(status)
  return JSON.parse(result.stdout)
}

/** A tool's answer that must succeed: its structured content. */
async function answer(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, any>> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult
  expect(result.isError, `${name} ${JSON.stringify(args)}: ${JSON.stringify(result.content)}`).toBeFalsy()
  // The same answer as text, for clients that read only text.
  expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent)
  return result.structuredContent as Record<string, any>
}

/** A tool's answer that must fail: its code and message, from the text and from `_meta`. */
async function failure(client: Client, name: string, args: unknown): Promise<{ code: string; message: string }> {
  const result = (await client.callTool({ name, arguments: args as Record<string, unknown> })) as CallToolResult
  expect(result.isError, `${name} ${JSON.stringify(args)} should fail`).toBe(true)
  const text = (result.content[0] as { text: string }).text
  const match = /^(E_[A-Z_]+): (.+)$/.exec(text)
  expect(match, text).not.toBeNull()
  expect(text).not.toContain('\n')
  const meta = result._meta?.['crdb/error'] as { code: string; message: string }
  expect(meta.code).toBe(match![1])
  return { code: match![1], message: match![2] }
}

const rulePart = (rule: Record<string, any>) => ({
  number: rule.number,
  id: rule.id,
  text: rule.text,
  examples: rule.examples,
  edition: rule.edition,
  validFrom: rule.validFrom,
  validTo: rule.validTo,
  numbering: rule.numbering
})

describe.skipIf(!archiveAvailable())('MCP over stdio and HTTP', { timeout: 180_000 }, () => {
  let database: string
  let server: RunningServer
  const clients: Record<'stdio' | 'http', Client> = {} as never
  const folder = temporaryFolder()

  beforeAll(async () => {
    database = inject('archiveDatabase')!
    server = await startServer({ databasePath: database, port: 0, mcp: mountMcp({ version: 'test' }) })
    clients.stdio = new Client({ name: 'crdb-test', version: '1' })
    await clients.stdio.connect(new StdioClientTransport({ command: process.execPath, args: [bin, '--db', database, 'mcp'], stderr: 'pipe' }))
    clients.http = new Client({ name: 'crdb-test', version: '1' })
    await clients.http.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)))
  })

  afterAll(async () => {
    await clients.stdio?.close()
    await clients.http?.close()
    await server?.close()
    folder.cleanup()
  })

  describe.each(['stdio', 'http'] as const)('over %s', (transport) => {
    const client = (): Client => clients[transport]

    it('lists the nine tools, each with an input and an output schema, read-only', async () => {
      const listed = (await client().listTools()).tools
      expect(listed.map((tool) => tool.name)).toEqual(tools.map((tool) => tool.name))
      expect(listed.map((tool) => tool.name)).toEqual(
        expect.arrayContaining([
          'get_rule',
          'search_rules',
          'glossary',
          'diff_editions',
          'rule_history',
          'check_citations',
          'era_profile',
          'era_diff',
          'run_state_based_actions'
        ])
      )
      for (const tool of listed) {
        expect(tool.inputSchema.type, tool.name).toBe('object')
        expect(tool.outputSchema?.type, tool.name).toBe('object')
        expect(tool.description!.length, tool.name).toBeGreaterThan(60)
        expect(tool.annotations?.readOnlyHint, tool.name).toBe(true)
      }
      const getRule = listed.find((tool) => tool.name === 'get_rule')!
      expect(Object.keys(getRule.inputSchema.properties!)).toEqual(expect.arrayContaining(['rule', 'date', 'edition', 'era', 'numbered_as']))
      expect(getRule.inputSchema.required).toEqual(['rule'])
    })

    it('get_rule answers as crdb get --json, pinned to the edition in force on the day asked', async () => {
      const then = await answer(client(), 'get_rule', { rule: '420.5e', date: '2004-01-01' })
      expect(rulePart(then)).toEqual(rulePart(crdbJson(database, ['get', '420.5e', '--date', '2004-01-01'])))
      expect(then.pinned.edition).toBe(then.edition)
      expect(then.pinned.inForce.from <= '2004-01-01' && '2004-01-01' < then.pinned.inForce.to).toBe(true)
      expect(then.pinned.numberThen).toBe('420.5e')
      expect(then.pinned.numberNow).toEqual(['704.5j'])
      expect(then.pinned.permalink).toBe(`/id/${then.id}?edition=${then.edition}`)
      // Published sources: the edition and file, never this machine's path.
      expect(then.source.uri).toBeUndefined()
      expect(then.source.file).toMatch(/^\d{4}-\d\d-\d\d\.txt$/)

      // A number from 2003 asked of 2024 follows the renumbering.
      const now = await answer(client(), 'get_rule', { rule: '420.5e', era: '2024' })
      expect(rulePart(now)).toEqual(rulePart(crdbJson(database, ['get', '420.5e', '--era', '2024'])))
      expect(now.number).toBe('704.5j')
      expect(now.numbering.kind).toBe('translated')
      expect(now.pinned.numberThen).toBe('704.5j')

      // A name, and a number read in an older numbering.
      const named = await answer(client(), 'get_rule', { rule: 'trample', edition: 'M10' })
      expect(rulePart(named)).toEqual(rulePart(crdbJson(database, ['get', 'trample', '--edition', 'M10'])))
      const old = await answer(client(), 'get_rule', { rule: '420.5e', era: '2024', numbered_as: '2003-12-01' })
      expect(rulePart(old)).toEqual(rulePart(crdbJson(database, ['get', '420.5e', '--era', '2024', '--numbered-as', '2003-12-01'])))
      // A number that named another rule then: the answer is the rule it named then, as crdb get says.
      const reused = await client().callTool({ name: 'get_rule', arguments: { rule: '704.5j', era: '2024', numbered_as: '2009' } })
      const cliReused = spawnSync(process.execPath, [bin, '--db', database, 'get', '704.5j', '--era', '2024', '--numbered-as', '2009'], { encoding: 'utf8' })
      expect(cliReused.status).not.toBe(0)
      expect((reused.content as Array<{ text: string }>)[0].text).toBe(cliReused.stderr.trim().replace(/^crdb: (?:error: )?/, ''))
    })

    it('get_rule never answers with a text that was not in force on the day asked', async () => {
      const days = ['1999-06-01', '2002-03-01', '2004-07-01', '2008-11-15', '2010-01-01', '2015-06-01', '2020-08-01', '2025-01-01']
      for (const number of ['704.5j', '420.5e', '100.1', '502.9', '704.5s', '613.4c']) {
        for (const date of days) {
          const result = (await client().callTool({ name: 'get_rule', arguments: { rule: number, date } })) as CallToolResult
          if (result.isError) {
            // Nothing was: it says so, and why.
            expect((result.content[0] as { text: string }).text).toMatch(/^E_(NOT_FOUND|AMBIGUOUS): /)
            continue
          }
          const rule = result.structuredContent as Record<string, any>
          expect(rule.validFrom <= date, `${number} on ${date}: ${rule.validFrom}`).toBe(true)
          expect(rule.validTo === null || date < rule.validTo, `${number} on ${date}: until ${rule.validTo}`).toBe(true)
          expect(rule.edition <= date).toBe(true)
        }
      }
      // A rule that did not exist yet: not found, and the message says when it began.
      const early = await failure(client(), 'get_rule', { rule: '704.5s', date: '2004-01-01' })
      expect(early.code).toBe('E_NOT_FOUND')
    })

    it('search_rules answers as crdb search --json, each hit pinned', async () => {
      const result = await answer(client(), 'search_rules', { query: 'legend rule', edition: '2009-10-01', limit: 5 })
      const cli = crdbJson(database, ['search', 'legend rule', '--edition', '2009-10-01', '--limit', '5'])
      expect(result.hits.map((hit: { key: string }) => hit.key)).toEqual(cli.hits.map((hit: { key: string }) => hit.key))
      expect(result.total).toBe(cli.total)
      for (const hit of result.hits) {
        expect(hit.pinned.edition).toBe('2009-10-01')
        expect(hit.pinned.inForce).toEqual({ from: hit.validFrom, to: hit.validTo })
        expect(hit.pinned.permalink).toMatch(/^\/(id|rules|glossary)\//)
      }
      expect(result.next).toEqual({ offset: 5, note: expect.stringContaining('offset 5') })
      const second = await answer(client(), 'search_rules', { query: 'legend rule', edition: '2009-10-01', limit: 5, offset: 5 })
      const cliSecond = crdbJson(database, ['search', 'legend rule', '--edition', '2009-10-01', '--limit', '5', '--offset', '5'])
      expect(second.hits.map((hit: { key: string }) => hit.key)).toEqual(cliSecond.hits.map((hit: { key: string }) => hit.key))
    })

    it('glossary answers as crdb glossary --json', async () => {
      const term = await answer(client(), 'glossary', { term: 'mana burn', era: '2003' })
      const cli = crdbJson(database, ['glossary', 'mana burn', '--era', '2003'])
      for (const key of ['term', 'key', 'definition', 'edition', 'validFrom', 'validTo']) expect(term[key], key).toEqual(cli[key])
      expect(term.pinned.permalink).toMatch(new RegExp(`^/(id|glossary)/.+\\?edition=${term.edition}$`))
    })

    it('diff_editions pages the changes as crdb diff --json lists them, each page within the bound', async () => {
      const cli = crdbJson(database, ['diff', '2009-05-01', '2009-07-11', '--section', '704'])
      const seen: Array<Record<string, any>> = []
      let offset: number | undefined = 0
      let pages = 0
      while (offset !== undefined) {
        const page = await answer(client(), 'diff_editions', { from: '2009-05-01', to: '2009-07-11', section: '704', limit: 7, offset })
        expect(page.summary).toEqual(cli.summary)
        expect(page.total).toBe(cli.changes.length)
        expect(JSON.stringify(page).length).toBeLessThan(maxAnswerCharacters + 20_000)
        seen.push(...page.changes)
        offset = page.next?.offset
        pages++
      }
      expect(pages).toBe(Math.ceil(cli.changes.length / 7))
      expect(seen.map((change) => [change.kind, change.from?.number, change.to?.number])).toEqual(
        cli.changes.map((change: Record<string, any>) => [change.kind, change.from?.number, change.to?.number])
      )
      // The glossary's changes come after the rules', paged the same way.
      const cliTerms = crdbJson(database, ['diff', '2009-05-01', 'M10', '--kind', 'term'])
      const terms: Array<Record<string, any>> = []
      for (let at: number | undefined = 0; at !== undefined; ) {
        const page = await answer(client(), 'diff_editions', { from: '2009-05-01', to: 'M10', kind: 'term', limit: 50, offset: at })
        expect(page.terms.summary).toEqual(cliTerms.terms.summary)
        expect(JSON.stringify(page).length).toBeLessThan(maxAnswerCharacters + 20_000)
        terms.push(...page.terms.changes)
        at = page.next?.offset
      }
      expect(terms.map((change) => [change.kind, change.from?.key, change.to?.key])).toEqual(
        cliTerms.terms.changes.map((change: Record<string, any>) => [change.kind, change.from?.key, change.to?.key])
      )
      const moved = await answer(client(), 'diff_editions', { from: 'M10', to: '2009-10-01', only: 'changed', limit: 50 })
      expect(moved.changes.every((change: { kind: string }) => change.kind === 'changed')).toBe(true)
    })

    it('rule_history answers as crdb history --json, paged, pinned to the newest wording', async () => {
      const cli = crdbJson(database, ['history', '704.5j'])
      const first = await answer(client(), 'rule_history', { rule: '704.5j', limit: 3 })
      expect(first.total).toBe(cli.steps.length)
      expect(first.steps.map((step: Record<string, any>) => [step.number, step.validFrom, step.text])).toEqual(
        cli.steps.slice(0, 3).map((step: Record<string, any>) => [step.number, step.validFrom, step.text])
      )
      expect(first.next.offset).toBe(3)
      expect(first.numbers).toEqual(cli.numbers)
      expect(first.pinned.numberThen).toBe(cli.steps.at(-1).number)
    })

    it('diff_editions and rule_history say where they cross an edition not held, as crdb --json does', async () => {
      const across = await answer(client(), 'diff_editions', { from: '2025-04-04', to: '2025-07-25', limit: 1 })
      expect(across.notHeld).toEqual(crdbJson(database, ['diff', '2025-04-04', '2025-07-25', '--summary']).notHeld)
      expect(across.notHeld).toEqual(['2025-06-06'])
      expect((await answer(client(), 'diff_editions', { from: '2025-07-25', to: '2025-09-19', limit: 1 })).notHeld).toBeUndefined()
      // Each step says the gap it crosses; the answer, whatever its page, names every edition not held the history crosses.
      const history = await answer(client(), 'rule_history', { rule: '701.16b', edition: '2025-04-04', limit: 2 })
      const cli = crdbJson(database, ['history', '701.16b', '--edition', '2025-04-04'])
      const crossed = cli.steps.flatMap((step: Record<string, any>) => step.change?.notHeld ?? [])
      expect(crossed).toContain('2025-06-06')
      expect(history.notHeld).toEqual(crossed)
      const last = await answer(client(), 'rule_history', { rule: '701.16b', edition: '2025-04-04', limit: 2, offset: cli.steps.length - 1 })
      expect(last.steps[0].change).toMatchObject({ notHeld: ['2025-06-06'], gap: expect.stringContaining('(2025-06-06 not held)') })
      expect(last.steps[0].change).toEqual(cli.steps.at(-1).change)
      expect((await answer(client(), 'rule_history', { rule: '702.11a' })).notHeld).toBeUndefined()
      // How a history ends: where its last wording went (401.6 into 604.5), and an end across an edition not held (509.2).
      const merged = await answer(client(), 'rule_history', { rule: '401.6', edition: '2009-05-01' })
      expect(merged.continuesAs).toEqual(crdbJson(database, ['history', '401.6', '--edition', '2009-05-01']).continuesAs)
      expect(merged.continuesAs).toEqual([{ number: '604.5', edition: '2009-07-11', kind: 'merge' }])
      const ended = await answer(client(), 'rule_history', { rule: '509.2', edition: '2024-07-30', limit: 50 })
      const endedCli = crdbJson(database, ['history', '509.2', '--edition', '2024-07-30'])
      expect(ended.steps.at(-1).ended).toEqual(endedCli.steps.at(-1).ended)
      expect(ended.steps.at(-1).ended).toMatchObject({ notHeld: ['2024-09-17'] })
      expect(ended.notHeld).toEqual(['2024-09-17'])
    })

    it('check_citations answers as crdb cite --json', async () => {
      const text = 'See CR 420.5e for the legend rule, rule 502.9 for trample, and 999.99 for nothing.'
      const file = join(folder.dir, 'cited.txt')
      writeFileSync(file, text)
      const result = await answer(client(), 'check_citations', { text, as_of: '2004-01-01' })
      // Exit status 3: findings that need attention.
      const cli = crdbJson(database, ['cite', file, '--as-of', '2004-01-01'], 3)
      const { file: _, ...expected } = cli.findings[0]
      expect(result.findings[0]).toEqual(expected)
      expect(result.findings.map((finding: { kinds: string[] }) => finding.kinds)).toEqual(cli.findings.map((finding: { kinds: string[] }) => finding.kinds))
    })

    it('era_profile and era_diff answer as crdb era --json', async () => {
      const profile = await answer(client(), 'era_profile', { era: '2009' })
      const described = crdbJson(database, ['era', '2009'])
      const switches = crdbJson(database, ['era', '2009', '--profile'])
      expect({ ...profile, switches: undefined }).toEqual({ ...described, switches: undefined })
      expect(profile.switches).toEqual(switches.switches)
      const mana = await answer(client(), 'era_profile', { era: '2009', group: 'mana' })
      expect(mana.switches.length).toBeGreaterThan(0)
      expect(mana.switches.every((entry: { group: string }) => entry.group === 'mana')).toBe(true)

      const diff = await answer(client(), 'era_diff', { from: '2003', to: '2024' })
      expect(diff).toEqual(crdbJson(database, ['era', 'diff', '2003', '2024']))
      expect(diff.differences.length).toBeGreaterThan(5)
    })

    it('run_state_based_actions answers as crdb sba --json', async () => {
      const file = join(folder.dir, 'board.json')
      writeFileSync(file, board)
      for (const era of ['2003', '2009', '2024']) {
        const result = await answer(client(), 'run_state_based_actions', { state: JSON.parse(board), era })
        expect(result).toEqual(crdbJson(database, ['sba', file, '--era', era]))
      }
    })

    it('answers bad arguments with tool errors carrying crdb codes', async () => {
      const cases: Array<[string, unknown, string]> = [
        ['get_rule', { rule: '704.5j', date: '2004-13-45' }, 'E_BAD_DATE'],
        ['get_rule', { rule: '704.5j', date: '2004-01-01', era: '2009' }, 'E_USAGE'],
        ['get_rule', { rule: 'x'.repeat(5000) }, 'E_USAGE'],
        ['get_rule', { rule: 704 }, 'E_USAGE'],
        ['get_rule', { number: '704.5j' }, 'E_USAGE'],
        ['get_rule', { rule: '999.9' }, 'E_NOT_FOUND'],
        ['get_rule', { rule: '704.5j', era: '1066' }, 'E_BAD_ERA'],
        ['search_rules', { query: '' }, 'E_USAGE'],
        ['search_rules', { query: 'trample', limit: 1000 }, 'E_USAGE'],
        ['glossary', { term: 'no such term at all' }, 'E_NOT_FOUND'],
        ['diff_editions', { from: 'yesterday', to: '2009' }, 'E_BAD_DATE'],
        ['diff_editions', { from: '2003' }, 'E_USAGE'],
        ['rule_history', { rule: '704.5j.x' }, 'E_BAD_NUMBER'],
        ['check_citations', { text: 42 }, 'E_USAGE'],
        ['check_citations', { text: 'CR 704.5j', as_of: '20-01-01' }, 'E_BAD_DATE'],
        ['era_profile', { era: '1066' }, 'E_BAD_ERA'],
        ['era_diff', { from: '2003', to: '20-20' }, 'E_BAD_DATE'],
        ['run_state_based_actions', { state: { players: 3 } }, 'E_BAD_STATE'],
        ['run_state_based_actions', {}, 'E_USAGE']
      ]
      for (const [name, args, code] of cases) {
        const error = await failure(client(), name, args)
        expect(error.code, `${name} ${JSON.stringify(args).slice(0, 80)}: ${error.message}`).toBe(code)
        expect(error.message.length).toBeLessThan(1000)
      }
      await expect(client().callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/unknown tool "no_such_tool"/)
    })

    it('reads the resources: the editions, an edition as a document, a rule by its stable id', async () => {
      const listed = (await client().listResources()).resources
      const editions = crdbJson(database, ['editions'])
      expect(listed.length).toBe(editions.length + 1)
      const textOf = (result: { contents: Array<Record<string, unknown>> }): string => result.contents[0].text as string
      const list = await client().readResource({ uri: 'crdb://editions' })
      expect(JSON.parse(textOf(list)).map((edition: { effectiveDate: string }) => edition.effectiveDate)).toEqual(
        editions.map((edition: { effectiveDate: string }) => edition.effectiveDate)
      )
      const document = await client().readResource({ uri: 'crdb://editions/M10' })
      expect(document.contents[0].mimeType).toBe('text/markdown')
      expect(textOf(document)).toContain('704.5j')
      const lineage = await client().readResource({ uri: 'crdb://id/1999-04-23_420.5e' })
      const read = JSON.parse(textOf(lineage))
      expect(read.kind).toBe('rule')
      expect(read.versions.map((version: { label: string }) => version.label)).toEqual(expect.arrayContaining(['420.5e', '704.5j']))
      await expect(client().readResource({ uri: 'crdb://nothing' })).rejects.toThrow(/E_NOT_FOUND/)
      const templates = (await client().listResourceTemplates()).resourceTemplates
      expect(templates.map((template) => template.uriTemplate)).toEqual(['crdb://editions/{edition}', 'crdb://id/{id}'])
    })
  })

  it('answers a fuzz of random and hostile tool calls with results or tool errors, and keeps answering', async () => {
    let seed = 20261127
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed / 2 ** 31
    }
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]
    const values: unknown[] = [
      '',
      ' ',
      '704.5j',
      '2009',
      'M10',
      '2009-02-30',
      '9999-12-31',
      '1999-01-01',
      '-1',
      0,
      -5,
      1.5,
      1e308,
      null,
      true,
      [],
      {},
      ['704.5j'],
      { date: '2009' },
      '\u0000\u001b[31m',
      '"unbalanced (',
      'NOT AND OR *',
      'x'.repeat(10_000),
      '704.5j'.repeat(500),
      '\ud800',
      'rule 704.5j; DROP TABLE rules;--'
    ]
    const names = [...tools.map((tool) => tool.name), 'get_rule ', 'GET_RULE', '']
    const keys = [
      'rule',
      'query',
      'term',
      'from',
      'to',
      'text',
      'era',
      'date',
      'edition',
      'numbered_as',
      'limit',
      'offset',
      'section',
      'state',
      'as_of',
      'mode',
      'kind',
      'only',
      'group',
      '__proto__',
      'constructor'
    ]
    for (const transport of ['stdio', 'http'] as const) {
      for (let index = 0; index < 150; index++) {
        const args: Record<string, unknown> = {}
        for (let count = Math.floor(random() * 4); count >= 0; count--) args[pick(keys)] = pick(values)
        const name = pick(names)
        try {
          const result = (await clients[transport].callTool({ name, arguments: args })) as CallToolResult
          if (result.isError) expect((result.content[0] as { text: string }).text).toMatch(/^E_[A-Z_]+: [^\n]+$/)
          else expect(result.structuredContent).toBeTypeOf('object')
        } catch (error) {
          // Only an unknown tool is a protocol error.
          expect((error as Error).message, `${name} ${JSON.stringify(args).slice(0, 200)}`).toMatch(/unknown tool/)
        }
      }
      const still = await answer(clients[transport], 'get_rule', { rule: '704.5j' })
      expect(still.number).toBe('704.5j')
    }
  })

  it('serves stdio in-process on given streams, and ends when the input ends', async () => {
    const input = new PassThrough()
    const output = new PassThrough()
    const logged: string[] = []
    const served = serveMcpOverStdio({
      databasePath: database,
      version: 'test',
      baseUrl: 'https://crdb.example/',
      input,
      output,
      log: (line) => logged.push(line)
    })
    let text = ''
    output.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
    const messages = (): Array<Record<string, any>> =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    const answerTo = async (id: number): Promise<Record<string, any>> => {
      for (let wait = 0; wait < 400; wait++) {
        const found = messages().find((message) => message.id === id)
        if (found) return found
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      throw new Error(`no answer to ${id}`)
    }
    input.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } })}\n`
    )
    expect((await answerTo(1)).result.serverInfo.name).toBe('crdb')
    input.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`)
    // A line over the cap, written in pieces: dropped whole, said in the log.
    input.write(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_rule","arguments":{"rule":"${'x'.repeat(maxLineBytes / 2)}`)
    input.write(`${'x'.repeat(maxLineBytes)}"}}}\n`)
    input.write('not json\n')
    input.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_rule', arguments: { rule: '420.5e', era: '2024' } } })}\n`
    )
    const answered = await answerTo(3)
    expect(answered.result.structuredContent.pinned.permalink).toBe(`https://crdb.example/id/${answered.result.structuredContent.id}?edition=2024-11-08`)
    expect(messages().some((message) => message.id === 2)).toBe(false)
    expect(logged.join('\n')).toMatch(/over \d+ bytes; it is dropped/)
    input.end()
    await served
  })

  it('over stdio, drops a message line over the cap, survives deep JSON, and answers the next message', async () => {
    const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [bin, '--db', database, 'mcp'])
    const answers: Array<Record<string, any>> = []
    let buffer = ''
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8')
      let end = buffer.indexOf('\n')
      while (end !== -1) {
        answers.push(JSON.parse(buffer.slice(0, end)))
        buffer = buffer.slice(end + 1)
        end = buffer.indexOf('\n')
      }
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    const send = (line: string): void => void child.stdin.write(line + '\n')
    const answerTo = async (id: number): Promise<Record<string, any>> => {
      for (let wait = 0; wait < 600; wait++) {
        const found = answers.find((message) => message.id === id)
        if (found) return found
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      throw new Error(`no answer to ${id}; stderr: ${stderr}`)
    }
    send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } }
      })
    )
    await answerTo(1)
    send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }))
    // A line of 5 MB: dropped, never answered, said on stderr.
    send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_rule', arguments: { rule: 'x'.repeat(5 * 1024 * 1024) } } }))
    // Arguments nested 100,000 deep: a tool error.
    const deep = '['.repeat(100_000) + ']'.repeat(100_000)
    send(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"run_state_based_actions","arguments":{"state":${deep}}}}`)
    // Not JSON at all, then a good call.
    send('{"jsonrpc": "2.0", "id": 4, "method": ')
    send(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'get_rule', arguments: { rule: '704.5j', era: '2009' } } }))
    const deepAnswer = await answerTo(3)
    expect(deepAnswer.result.isError).toBe(true)
    expect(deepAnswer.result.content[0].text).toMatch(/^E_(BAD_STATE|USAGE): /)
    const good = await answerTo(5)
    expect(good.result.structuredContent.edition).toBe('2009-10-01')
    expect(answers.some((message) => message.id === 2)).toBe(false)
    expect(stderr).toMatch(/a message line is over \d+ bytes; it is dropped/)
    child.stdin.end()
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(code).toBe(0)
  })

  it('over HTTP, refuses origins not on this machine (DNS rebinding), and bodies over the cap', async () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }
    const post = (headers: Record<string, string>, body = JSON.stringify(call)) =>
      fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body
      })
    const evil = await post({ origin: 'http://evil.example' })
    expect(evil.status).toBe(403)
    expect((await evil.json()).error.code).toBe('E_ORIGIN')
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:9000']) expect((await post({ origin })).status, origin).toBe(200)
    expect((await post({})).status).toBe(200)
    expect((await post({ origin: 'null' })).status).toBe(403)
    const huge = await post({}, JSON.stringify({ ...call, params: { pad: 'x'.repeat(2 * 1024 * 1024) } }))
    expect(huge.status).toBe(413)
    // Arguments nested 100,000 deep: a tool error, and the server goes on.
    const deep = '['.repeat(100_000) + ']'.repeat(100_000)
    const nested = await post({}, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"run_state_based_actions","arguments":{"state":${deep}}}}`)
    expect(nested.status).toBe(200)
    expect((await nested.json()).result.content[0].text).toMatch(/^E_(BAD_STATE|USAGE): /)
    const broken = await post({}, '{"jsonrpc": "2.0", "id": 3, "method": ')
    expect(broken.status).toBe(400)
    expect((await post({})).status).toBe(200)

    // An origin given to crdb serve --mcp-origin is let through.
    const allowing = await startServer({ databasePath: database, port: 0, mcp: mountMcp({ version: 'test', allowedOrigins: ['https://assistant.example'] }) })
    try {
      const allowed = await fetch(`${allowing.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', origin: 'https://assistant.example' },
        body: JSON.stringify(call)
      })
      expect(allowed.status).toBe(200)
      expect((await allowed.json()).result.tools).toHaveLength(tools.length)
    } finally {
      await allowing.close()
    }
  })

  it('holds a tool call over HTTP to the bound on costly answers: 503 E_BUSY when no room is left', async () => {
    const db = openArchiveDatabase()!
    try {
      const { app } = createServerApp({ db, version: 'test', bound: { concurrency: 1, queue: 0 }, mcp: mountMcp({ version: 'test' }) })
      const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_rule', arguments: { rule: '704.5j' } } })
      const post = () =>
        app.request('/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: call })
      // A whole diff takes the one slot; the tool call asked meanwhile finds no room.
      const diff = app.request('/v1/diff?from=1999-04-23&to=2026-01-16&summary=true')
      // Its middleware runs in microtasks: by the next macrotask it holds the slot, waiting its turn of the loop.
      await new Promise((resolve) => setImmediate(resolve))
      const busy = await post()
      expect(busy.status).toBe(503)
      expect(busy.headers.get('retry-after')).toMatch(/^\d+$/)
      expect((await busy.json()).error.code).toBe('E_BUSY')
      expect((await diff).status).toBe(200)
      // Once the slot is free, the call is answered.
      const answered = await post()
      expect(answered.status).toBe(200)
      expect((await answered.json()).result.structuredContent.number).toBe('704.5j')
    } finally {
      db.close()
    }
  })

  it('is on crdb serve at /mcp, with the origins of --mcp-origin', async () => {
    const child = spawn(process.execPath, [bin, '--db', database, 'serve', '--port', '0', '--quiet', '--mcp-origin', 'https://assistant.example'])
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          const found = /http:\/\/[\d.:]+/.exec(chunk.toString('utf8'))
          if (found) resolve(found[0])
        })
        child.once('exit', (code) => reject(new Error(`crdb serve exited ${code}`)))
      })
      const client = new Client({ name: 'crdb-test', version: '1' })
      await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { origin: 'https://assistant.example' } } }))
      expect((await answer(client, 'get_rule', { rule: '704.5j', era: '2009' })).edition).toBe('2009-10-01')
      await client.close()
      const refused = await fetch(`${url}/mcp`, {
        method: 'POST',
        headers: { origin: 'https://other.example', 'content-type': 'application/json' },
        body: '{}'
      })
      expect(refused.status).toBe(403)
    } finally {
      child.kill('SIGTERM')
    }
  })
})
