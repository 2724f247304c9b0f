/**
 * One module per command: a command line that names a command loads that
 * command's module and no other command's, checked on the built CLI in child
 * processes. The split build (dist/bundle/cli/) gives each command module a
 * chunk named after its file (`era-HASH.js`); a resolve hook records every
 * ES module the process loads. The query commands run from their one
 * CommonJS file, so a query command line loads no ES module of the CLI.
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { queryCommands } from '../src/cli/query-command-names.js'
import { archiveAvailable, projectRoot, temporaryFolder } from './helpers.js'

const bin = join(projectRoot, 'bin/crdb.js')
const bundle = join(projectRoot, 'dist/bundle/cli')

describe('one module per command', () => {
  let folder: ReturnType<typeof temporaryFolder>
  let register: string
  let commands: string[]

  beforeAll(() => {
    if (!existsSync(join(bundle, 'commands.js'))) throw new Error('run `npm run build` first (npm test does it)')
    folder = temporaryFolder()
    const hooks = join(folder.dir, 'hooks.mjs')
    writeFileSync(
      hooks,
      `import { appendFileSync } from 'node:fs'
let log
export function initialize(data) { log = data.log }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context)
  appendFileSync(log, result.url + '\\n')
  return result
}
`
    )
    register = join(folder.dir, 'register.mjs')
    writeFileSync(
      register,
      `import { register } from 'node:module'
register(${JSON.stringify(pathToFileURL(hooks).href)}, { data: { log: process.env.CRDB_TEST_MODULE_LOG } })
`
    )
    // Every command `crdb --help` lists: a command added later is checked too.
    const help = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8' }).stdout
    commands = [...help.slice(help.indexOf('Commands:')).matchAll(/^ {2}([a-z]+)\b/gm)].map((match) => match[1]).filter((name) => name !== 'help')
  })
  afterAll(() => folder?.cleanup())

  /** Run `crdb args` and return its exit code and the modules of the CLI's split build it loaded (chunk names without hash). */
  function run(args: string[]): { code: number; stdout: string; stderr: string; loaded: string[] } {
    const log = join(folder.dir, `log-${args[0]}-${Math.random().toString(36).slice(2)}`)
    writeFileSync(log, '')
    const result = spawnSync(process.execPath, ['--import', pathToFileURL(register).href, bin, ...args], {
      encoding: 'utf8',
      env: { ...process.env, CRDB_TEST_MODULE_LOG: log }
    })
    const bundled = pathToFileURL(bundle).href + '/'
    const loaded = readFileSync(log, 'utf8')
      .split('\n')
      .filter((url) => url.startsWith(bundled))
      .map((url) =>
        basename(url)
          .replace(/-[A-Z0-9]{8}\.js$/, '')
          .replace(/\.js$/, '')
      )
    return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr, loaded }
  }

  /** The command modules among `loaded`. */
  const commandModules = (loaded: string[]): string[] => [...new Set(loaded.filter((name) => commands.includes(name)))]

  it('lists the commands the issue names among the rest', () => {
    expect(commands).toEqual(expect.arrayContaining(['get', 'era', 'check', 'sba', 'blame', 'eras', 'build', 'serve']))
  })

  it('each command line loads its own command module only', () => {
    for (const command of commands) {
      const result = run([command, '--help'])
      expect(result.code, `crdb ${command} --help: ${result.stderr}`).toBe(0)
      expect(result.stdout, command).toContain(`Usage: crdb ${command}`)
      if ((queryCommands as readonly string[]).includes(command)) {
        // The query commands' one CommonJS file: no module of the split build.
        expect(result.loaded, command).toEqual([])
      } else {
        expect(result.loaded, command).toContain('commands')
        expect(commandModules(result.loaded), command).toEqual([command])
      }
    }
  }, 120_000)

  it('a build loads the page parsers (cheerio, remark) only for HTML and Markdown dumps', () => {
    // The split build requires them from page-parsers.cjs on their first call: a require, which the resolve hook of
    // ES modules does not see, so a preload records it.
    const preload = join(folder.dir, 'record-require.cjs')
    writeFileSync(
      preload,
      `const Module = require('node:module')
const { appendFileSync } = require('node:fs')
const load = Module._load
Module._load = function (request, ...rest) {
  if (request.endsWith('page-parsers.cjs')) appendFileSync(process.env.CRDB_TEST_MODULE_LOG, request + '\\n')
  return load.call(this, request, ...rest)
}
`
    )
    const build = (name: string, args: string[]): { stdout: string; required: string } => {
      const log = join(folder.dir, `require-${name}`)
      writeFileSync(log, '')
      const result = spawnSync(process.execPath, ['--require', preload, bin, '--db', join(folder.dir, `${name}.sqlite`), 'build', ...args], {
        encoding: 'utf8',
        env: { ...process.env, CRDB_TEST_MODULE_LOG: log }
      })
      expect(result.status, `crdb build ${args.join(' ')}: ${result.stderr}`).toBe(0)
      return { stdout: result.stdout, required: readFileSync(log, 'utf8') }
    }
    const official = build('official', ['--archive', join(projectRoot, 'test/fixtures/official-text/hard-wrapped-2003/input.txt'), '--no-corpus'])
    expect(official.stdout).toContain('1 stored')
    expect(official.required).toBe('')

    const dumps = join(folder.dir, 'dumps')
    mkdirSync(dumps)
    copyFileSync(join(projectRoot, 'test/fixtures/crystal-keep/page-html/input.html'), join(dumps, 'crystal-keep.html'))
    copyFileSync(join(projectRoot, 'test/fixtures/mtg-wiki/page-markdown/input.md'), join(dumps, 'wiki.md'))
    const pages = build('pages', ['--corpus', dumps])
    expect(pages.stdout).toMatch(/4 rules .* crystal-keep-html /)
    expect(pages.stdout).toMatch(/2 rules +1 terms .* mtg-wiki-markdown /)
    expect(pages.required).toContain('page-parsers.cjs')
  }, 60_000)

  it.skipIf(!archiveAvailable())(
    'so do era, check, sba and blame when they answer',
    () => {
      const archive = inject('archiveDatabase')!
      const state = join(projectRoot, 'test/fixtures/engine/empty-library.state.json')
      const lines: Array<[string, string[]]> = [
        ['era', ['era', '2009']],
        ['check', ['check', 'legend-rule', '--era', '2009']],
        ['sba', ['sba', state, '--era', '2009']],
        ['blame', ['blame', '--section', '704.5', '--era', '2009']]
      ]
      for (const [command, args] of lines) {
        const result = run(['--db', archive, ...args])
        expect(result.code, `crdb ${args.join(' ')}: ${result.stderr}`).toBe(0)
        expect(result.stdout.length, command).toBeGreaterThan(0)
        expect(commandModules(result.loaded), command).toEqual(command === 'blame' ? [] : [command])
      }
    },
    120_000
  )
})
