/**
 * The documentation tests itself: every `$ crdb` command of a ` ```console `
 * block in README.md and docs/ is run, through the compiled bin, against a
 * database built by the docs' own `crdb build` example (the archive and the
 * dumps of `corpus/`), and its output (stdout and stderr) compared with the
 * block by the placeholder rules of CONTRIBUTING.md; every relative link and
 * `#anchor` must lead somewhere.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkLink, extractConsoleExamples, extractRelativeLinks, listDocFiles, matchesOutput, type ConsoleExample } from './docs-examples.js'
import { archiveAvailable, projectRoot, temporaryFolder } from './helpers.js'

const files = listDocFiles(projectRoot)
const examples = files.flatMap((file) => extractConsoleExamples(file, readFileSync(join(projectRoot, file), 'utf8')))
const build = examples.filter((example) => /^crdb build(\s|$)/.test(example.command))
const queries = examples.filter((example) => !build.includes(example))

/** Commands that need the network, a server or change the database: shown in ```text blocks, never run. */
const notRunnable = /^crdb\s+(serve|fetch|update|scrape)\b|--remove\b|--replace\b/

/** Run `command` (a line starting with `crdb`, pipes allowed) from the project root; stdout and stderr together. */
function run(command: string, database: string): { code: number; output: string } {
  const script = `crdb() { node "$CRDB_BIN" "$@"; }\n{ ${command}\n} 2>&1`
  const result = spawnSync('bash', ['-c', script], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: { ...process.env, CRDB_BIN: join(projectRoot, 'bin/crdb.js'), CRDB_DB: database, NO_COLOR: '1', FORCE_COLOR: '' }
  })
  return { code: result.status ?? -1, output: result.stdout }
}

function describeMismatch(example: ConsoleExample, output: string): string {
  return `${example.file}:${example.line}: the output of \`${example.command}\` is not what the docs say.\n--- docs\n${example.expected.join('\n')}\n--- actual\n${output}`
}

describe('docs: links', () => {
  it('finds the docs', () => {
    expect(files).toContain('README.md')
    expect(files).toContain('docs/cli.md')
  })

  it('has every relative link and #anchor lead to a file and a heading', () => {
    const broken = files
      .flatMap((file) => extractRelativeLinks(file, readFileSync(join(projectRoot, file), 'utf8')))
      .flatMap((link) => checkLink(projectRoot, link) ?? [])
    expect(broken).toEqual([])
  })

  it('keeps the README short', () => {
    expect(readFileSync(join(projectRoot, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(250)
  })
})

describe('docs: console examples', () => {
  it('has one crdb build example, and no example that needs the network, a server or writes', () => {
    expect(build.map((example) => `${example.file}:${example.line}`)).toHaveLength(1)
    expect(queries.filter((example) => notRunnable.test(example.command)).map((example) => `${example.file}:${example.line} ${example.command}`)).toEqual([])
    expect(queries.length).toBeGreaterThan(30)
  })
})

describe.skipIf(!archiveAvailable())('docs: console examples, run', () => {
  let folder: ReturnType<typeof temporaryFolder>
  let database: string
  let built: { code: number; output: string }

  beforeAll(() => {
    if (!existsSync(join(projectRoot, 'dist/bundle/cli.cjs'))) throw new Error('run `npm run build` first (npm test does it)')
    folder = temporaryFolder()
    database = join(folder.dir, 'crdb.sqlite')
    // The docs' own build example makes the database every other example reads.
    built = run(build[0].command, database)
  }, 600_000)
  afterAll(() => folder?.cleanup())

  it(`${build[0]?.file}:${build[0]?.line} ${build[0]?.command}`, () => {
    expect(built.code, built.output).toBe(0)
    expect(matchesOutput(build[0].expected, built.output), describeMismatch(build[0], built.output)).toBe(true)
  })

  for (const example of queries) {
    it(`${example.file}:${example.line} ${example.command}`, () => {
      const { output } = run(example.command, database)
      expect(matchesOutput(example.expected, output), describeMismatch(example, output)).toBe(true)
    })
  }
})
