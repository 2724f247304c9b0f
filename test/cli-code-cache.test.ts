/**
 * The V8 code cache the bundled query commands run with (`src/cli/code-cache.ts`),
 * compiled, in child processes as the CLI uses it: the first run writes the
 * cache, later runs use it as it is, a cache V8 refuses is replaced, and stack
 * traces keep the file's own lines.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectRoot, temporaryFolder } from './helpers.js'

const loader = pathToFileURL(join(projectRoot, 'dist/src/cli/code-cache.js')).href

/** Run `file` through the loader in a new process and call its `answer(n)`. */
function answer(file: string, n: number): { code: number; stdout: string; stderr: string } {
  const script = `import { requireWithCodeCache } from ${JSON.stringify(loader)}
try { console.log(requireWithCodeCache(${JSON.stringify(file)}).answer(${n})) } catch (error) { console.log(error.stack); process.exitCode = 3 }`
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })
  return { code: result.status ?? -1, stdout: result.stdout.trim(), stderr: result.stderr }
}

describe('the code cache of a bundled file', () => {
  let folder: ReturnType<typeof temporaryFolder>
  let file: string
  let cache: string

  beforeAll(() => {
    if (!existsSync(join(projectRoot, 'dist/src/cli/code-cache.js'))) throw new Error('run `npm run build` first (npm test does it)')
    folder = temporaryFolder()
    file = join(folder.dir, 'module.cjs')
    cache = `${file}.v8-cache`
    writeFileSync(
      file,
      [
        "'use strict'",
        "const { dirname, join } = require('node:path')",
        '',
        "function fail(n) { throw new Error(n + ' is too big') }",
        "exports.answer = (n) => (n > 100 ? fail(n) : join('a', 'b') + ' ' + (n * 2 + 2) + ' ' + (__dirname === dirname(__filename)))",
        ''
      ].join('\n')
    )
  })
  afterAll(() => folder?.cleanup())

  it('runs the file as a CommonJS module and writes the cache at exit', () => {
    expect(existsSync(cache)).toBe(false)
    expect(answer(file, 20)).toEqual({ code: 0, stdout: `${join('a', 'b')} 42 true`, stderr: '' })
    expect(statSync(cache).size).toBeGreaterThan(0)
  })

  it('compiles with the cache, leaving it as it is', () => {
    const before = statSync(cache)
    expect(answer(file, 5)).toEqual({ code: 0, stdout: `${join('a', 'b')} 12 true`, stderr: '' })
    // Rewritten, the cache would be a new file (written beside it, then renamed over it).
    expect(statSync(cache).ino).toBe(before.ino)
  })

  it('replaces a cache V8 refuses, and runs the file all the same', () => {
    writeFileSync(cache, Buffer.from('not a code cache'.repeat(64)))
    const refused = statSync(cache)
    expect(answer(file, 1).stdout).toBe(`${join('a', 'b')} 4 true`)
    const replaced = statSync(cache)
    expect(replaced.ino).not.toBe(refused.ino)
    expect(readFileSync(cache).toString('latin1')).not.toContain('not a code cache')
    expect(answer(file, 2).stdout).toBe(`${join('a', 'b')} 6 true`)
    expect(statSync(cache).ino).toBe(replaced.ino)
  })

  it("keeps the file's line numbers in stack traces", () => {
    const result = answer(file, 200)
    expect(result.code).toBe(3)
    expect(result.stdout).toContain('200 is too big')
    expect(result.stdout).toContain(`${file}:4:`)
  })
})
