/**
 * The query commands as a user runs them: `crdb get` (with --era, --subtree,
 * --neighbours, --refs), `crdb search` and `crdb glossary`, the compiled bin in
 * a child process against the whole-archive database; and their layout (wrapping,
 * colour) in-process.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { runCli } from '../src/cli.js'
import { breakLine } from '../src/cli/render.js'
import { archiveAvailable, projectRoot } from './helpers.js'

const bin = join(projectRoot, 'bin/crdb.js')

describe('breaking lines', () => {
  it('breaks at spaces within the width, and cuts a word longer than a line', () => {
    const text = 'If two or more legendary permanents with the same name are controlled by the same player'
    const pieces = breakLine(text, 30, 40)
    expect(pieces.map(([a, b]) => text.slice(a, b))).toEqual(['If two or more legendary', 'permanents with the same name are', 'controlled by the same player'])
    expect(breakLine('x'.repeat(25), 10, 10).map(([a, b]) => b - a)).toEqual([10, 10, 5])
    expect(breakLine('', 10, 10)).toEqual([[0, 0]])
  })
})

describe.skipIf(!archiveAvailable())('query commands on the whole archive', { timeout: 120_000 }, () => {
  let database: string

  beforeAll(() => {
    if (!existsSync(join(projectRoot, 'dist/src/cli.js'))) throw new Error('run `npm run build` first (npm test does it)')
    database = inject('archiveDatabase')!
  })

  function crdb(args: string[]): { code: number; stdout: string; stderr: string } {
    const result = spawnSync(process.execPath, [bin, '--db', database, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
    return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr }
  }

  /** The output of a command that must succeed (its stderr as the message if it does not). */
  function ok(args: string[]): string {
    const result = crdb(args)
    expect(result.code, `crdb ${args.join(' ')}: ${result.stderr}`).toBe(0)
    return result.stdout
  }

  /** Run in-process with a terminal of `columns` columns, colour on or off. */
  async function inTerminal(args: string[], columns: number, color: boolean): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = ''
    let stderr = ''
    const code = await runCli(['--db', database, ...args], { out: (text) => (stdout += text), err: (text) => (stderr += text), columns, color })
    return { code, stdout, stderr }
  }

  it('gets a rule in an era', () => {
    const text = crdb(['get', '704.5j', '--era', '2009'])
    expect(text.code).toBe(0)
    // 704.5j named another rule in 2009: the answer says which number today's 704.5j had then.
    expect(text.stdout).toMatch(
      /^704\.5j in the edition of 2009-10-01 is another rule than 704\.5j in the edition of \d{4}-\d\d-\d\d, which was numbered 704\.5k then\n704\.5j If two or more planeswalkers that share a planeswalker type/
    )
    expect(text.stdout).toContain('(edition 2009-10-01)')
    const json = JSON.parse(ok(['--json', 'get', '420.5e', '--date', '2004-01-15']))
    expect(json).toMatchObject({ number: '420.5e', edition: '2003-12-01' })
    expect(json.text).toContain('with that name the longest')
  })

  it('gets a subtree, neighbours and references', () => {
    const subtree = JSON.parse(ok(['--json', 'get', '704.5', '--subtree', '--era', '2024']))
    expect(subtree.map((rule: { number: string }) => rule.number).slice(0, 4)).toEqual(['704.5', '704.5a', '704.5b', '704.5c'])
    const text = ok(['get', '704.5', '--subtree', '--era', '2024']).trim().split('\n')
    expect(text[0]).toBe('704.5 The state-based actions are as follows:')
    expect(text.at(-1)).toBe('24 rules (704.5 and its subrules) in the edition of 2024-11-08')

    const neighbours = JSON.parse(ok(['--json', 'get', '704.5j', '--neighbours', '--era', '2024']))
    expect([neighbours.previous.number, neighbours.rule.number, neighbours.next.number]).toEqual(['704.5i', '704.5j', '704.5k'])
    const around = ok(['get', '704.5j', '--neighbours', '--era', '2024']).split('\n')
    expect(around[0]).toMatch(/^previous 704\.5i If a planeswalker has loyalty 0/)
    expect(around[1]).toMatch(/^ {9}704\.5j If two or more legendary permanents/)
    expect(around[2]).toMatch(/^next {5}704\.5k /)

    const refs = crdb(['get', '702.26b', '--refs', '--edition', '2013-05-01'])
    expect(refs.stdout).toContain('cites 1 rule (edition 2013-05-01):\n  509 Declare Blockers Step\n')
    const casting = JSON.parse(ok(['--json', 'get', '601.2', '--refs', '--era', '2024']))
    expect(casting.map((r: { number: string }) => r.number)).toEqual(['601.2a', '601.2b', '601.2c', '601.2d', '601.2f', '601.2g', '601.2h', '601.3', '730'])
    expect(casting[0]).toMatchObject({ found: true, cited: 'rules 601.2a–d' })
  })

  it('searches one edition, every edition, a section', () => {
    const text = crdb(['search', '"legend rule"', '--era', '2024'])
    expect(text.code).toBe(0)
    expect(text.stdout).toMatch(/^Legend Rule {2}term {2}2019-05-03 to now\n/)
    expect(text.stdout).toContain('704.5j  rule  2022-09-08 to now\n  …This is called the “legend rule.”\n')
    expect(text.stdout).toMatch(/\n5 hits in the edition of 2024-11-08\n$/)

    const json = JSON.parse(ok(['--json', 'search', 'legend', 'rule', '--all', '--section', '4']))
    expect(json.edition).toBeNull()
    expect(json.hits.map((hit: { key: string }) => hit.key)).toEqual(['420.5e'])
    expect(json.hits[0].ranges[0]).toEqual({ validFrom: '1999-04-23', validTo: '2009-07-11' })

    const limited = crdb(['search', 'graveyard', '--limit', '2', '--kind', 'example'])
    expect(limited.stdout.trim().split('\n').at(-1)).toMatch(/^2 of \d+ hits in the edition of \d{4}-\d{2}-\d{2}$/)
    expect(limited.stdout).toMatch(/^\S+ {2}example {2}/)
    expect(ok(['search', 'planeswalker', '--era', '2003'])).toBe('no hits for planeswalker in the edition of 2003-12-01 (searched as "planeswalker")\n')
  })

  it('reads a sentence with quotes as text, --exact as a query, and falls back from an exact query that finds nothing', () => {
    const sentence = ok(['search', 'What does "legend rule" mean?', '--era', '2024', '--limit', '2']).split('\n')
    expect(sentence[0]).toBe(
      'read as text (it has sentence punctuation): quotes, parentheses, * and AND, OR, NOT are plain words here; ask for an exact query to use them as operators'
    )
    expect(sentence).toContain('Legend Rule  term  2019-05-03 to now')
    const exact = JSON.parse(ok(['--json', 'search', '--exact', 'What does "legend rule" mean?', '--era', '2024']))
    expect(exact).toMatchObject({
      readAs: 'query',
      mode: 'ranked',
      fallback: 'the exact query found nothing: showing ranked results for its words (What does legend rule mean?)'
    })
    const text = JSON.parse(ok(['--json', 'search', '--text', '"legend rule"', '--era', '2024']))
    expect(text).toMatchObject({ readAs: 'text', mode: 'ranked' })
    expect(text.note).toBeUndefined()
    const fallback = ok(['search', '"rule legend"', '--era', '2024', '--limit', '1']).split('\n')
    expect(fallback[0]).toBe('the exact query found nothing: showing ranked results for its words (rule legend)')
  })

  it('prints a glossary term, and the list of an edition', () => {
    const then = crdb(['glossary', 'legend', 'rule', '--era', '2009'])
    expect(then.code).toBe(0)
    expect(then.stdout.split('\n').slice(0, 2)).toEqual([
      'Legend Rule',
      "  A state-based action that causes all legendary permanents with the same name to be put into their owners' graveyards. See rule 704.5k."
    ])
    expect(ok(['glossary', 'Legend Rule', '--era', '2024'])).toContain('See rule 704.5j.')
    expect(ok(['glossary', 'life total'])).toMatch(/^Life, Life Total {2}also: life; life total\n/)
    expect(ok(['glossary', 'legend', '--era', '2024'])).toMatch(/^Legend \(obsolete\)\n/)
    const json = JSON.parse(ok(['--json', 'glossary', 'ability']))
    expect(json.senses).toHaveLength(2)
    const list = ok(['glossary', '--list', '--era', '2024']).trim().split('\n')
    expect(list).toContain('Legend Rule')
    expect(list).toContain('Legend (obsolete)')
    expect(list.at(-1)).toMatch(/^\d{3} terms in the edition of 2024-11-08$/)
  })

  it('answers bad input with one line and a non-zero exit', () => {
    const cases: Array<[string[], number, RegExp]> = [
      [['get', '70x.5', '--subtree'], 1, /^crdb: E_BAD_NUMBER: "70x.5" is not a rule number/],
      [
        ['get', '704.99', '--subtree', '--era', '2024'],
        1,
        /^crdb: E_NOT_FOUND: rule 704\.99 is not in the edition of 2024-11-08 \(nearest: 704\.7, 704\.8, 705, 705\.1\)$/
      ],
      [
        ['get', '704.5l', '--neighbours', '--era', '2024'],
        1,
        /^crdb: E_NOT_FOUND: rule 704\.5l is not in the edition of 2024-11-08 \(nearest: 704\.5j, 704\.5k, 704\.5m, 704\.5n\)$/
      ],
      [['get', '704.5j', '--era', '2010'], 1, /^crdb: E_BAD_ERA: "2010" is not an era \(presets: 2003, 2009, 2024; or a day as YYYY-MM-DD\)$/],
      [['get', '704.5j', '--era', '2009', '--date', '2010-01-01'], 2, /^crdb: E_USAGE: give one of --date, --edition or --era, not --date and --era$/],
      [['get', '704.5j', '--subtree', '--refs'], 2, /^crdb: E_USAGE: give one of --subtree, --neighbours.*, not --subtree and --refs$/],
      [['search', '--exact', '"unclosed'], 1, /^crdb: E_BAD_QUERY: search query "\\"unclosed": the quote at column 1 is never closed$/],
      [['search', '--exact', '(a', 'OR'], 1, /^crdb: E_BAD_QUERY: search query "\(a OR": "OR" at column 4 has no term after it$/],
      [['search', '--exact', 'AND'], 1, /^crdb: E_BAD_QUERY: search query "AND": "AND" at column 1 has no term before it$/],
      [['search', '--exact', ''], 1, /^crdb: E_BAD_QUERY: search query "": it is empty/],
      [['search', '--exact', '*'], 1, /^crdb: E_BAD_QUERY: search query "\*": the "\*" at column 1 needs a word before it/],
      [['search', ''], 2, /^crdb: E_USAGE: search query "": it has no word to search for: give at least one word$/],
      [['search', '*'], 2, /^crdb: E_USAGE: search query "\*": it has no word to search for: give at least one word$/],
      [['search', 'legend', '--exact', '--text'], 2, /^crdb: E_USAGE: give --exact or --text, not both$/],
      [['search', 'legend', '--all', '--era', '2009'], 2, /^crdb: E_USAGE: give --all or one of/],
      [['search', 'legend', '--limit', 'ten'], 2, /^crdb: E_USAGE: --limit "ten": expected a whole number from 1 to 1000$/],
      [['search', 'legend', '--kind', 'card'], 2, /^crdb: E_USAGE: --kind "card": expected rule, example or term$/],
      [['search', 'legend', '--section', '7x'], 1, /^crdb: E_BAD_NUMBER: "7x" is not a rule number/],
      [
        ['glossary', 'lif', 'totl', '--era', '2024'],
        1,
        /^crdb: E_NOT_FOUND: no glossary term "lif totl" in the edition of 2024-11-08 \(close: "Life, Life Total"/
      ],
      [['glossary'], 2, /^crdb: E_USAGE: give a TERM/],
      [['glossary', 'life', '--list'], 2, /^crdb: E_USAGE: give a TERM or --list, not both$/]
    ]
    for (const [args, code, message] of cases) {
      const result = crdb(args)
      expect(result.code, args.join(' ')).toBe(code)
      expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1)
      expect(result.stderr.trim(), args.join(' ')).toMatch(message)
    }
  })

  it('wraps to the terminal and colours only when asked', async () => {
    const visible = (text: string): string => text.replace(/\u001b\[[0-9;]*m/g, '')
    const coloured = await inTerminal(['search', 'legend', 'rule', '--era', '2024'], 50, true)
    expect(coloured.code).toBe(0)
    expect(coloured.stdout).toContain('\u001b[1;33m')
    for (const line of coloured.stdout.trimEnd().split('\n')) expect(visible(line).length, line).toBeLessThanOrEqual(50)
    const plain = await inTerminal(['get', '101.2', '--era', '2024'], 60, false)
    expect(plain.stdout).not.toContain('\u001b[')
    const lines = plain.stdout.trimEnd().split('\n')
    expect(lines.length).toBeGreaterThan(4)
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(60)
    expect(lines[0]).toMatch(/^101\.2 When a rule or effect allows or directs/)
    expect(lines.find((line) => line.startsWith('  Example: '))).toBeDefined()
    const glossary = await inTerminal(['glossary', 'ability'], 40, false)
    for (const line of glossary.stdout.trimEnd().split('\n')) expect(line.length, line).toBeLessThanOrEqual(40)
    // Not a terminal (no width): one line a paragraph, as before.
    expect(ok(['get', '101.2', '--era', '2024']).split('\n')[0]).toBe(
      '101.2 When a rule or effect allows or directs something to happen, and another effect states that it can’t happen, the “can’t” effect takes precedence.'
    )
  })
})
