/**
 * The house's layers, checked on the source: which folder may import which,
 * and what the library's entry point loads.
 *
 *   cli -> mcp, server, conformance, query, engine, ingest
 *   conformance -> engine, query, store
 *   mcp -> server, query, engine, store
 *   server -> query, engine, store
 *   query -> store;  engine -> store;  ingest -> store;  store -> vocabulary
 *
 * Nothing on the read side imports `ingest/`, and `crdb` (src/index.ts) loads
 * no HTML or markdown parser.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot } from './helpers.js'

/** The layer of a project file, by folder. */
function layerOf(path: string): string {
  const rel = relative(projectRoot, path)
  if (rel.startsWith('ingest/')) return 'ingest'
  if (rel.startsWith('db/')) return 'migrations'
  const match = /^src\/([^/]+)\//.exec(rel)
  if (match) return match[1]
  if (rel === 'src/cli.ts') return 'cli'
  if (rel === 'src/index.ts') return 'index'
  return rel
}

/** Which layers each layer may import (besides itself and packages). */
const allowed: Record<string, string[]> = {
  vocabulary: [],
  migrations: [],
  store: ['vocabulary', 'migrations'],
  query: ['store', 'vocabulary'],
  engine: ['store', 'vocabulary'],
  ingest: ['store', 'vocabulary'],
  server: ['query', 'engine', 'store', 'vocabulary'],
  mcp: ['server', 'query', 'engine', 'store', 'vocabulary'],
  conformance: ['engine', 'query', 'store', 'vocabulary'],
  cli: ['cli', 'mcp', 'server', 'conformance', 'query', 'engine', 'ingest', 'store', 'vocabulary'],
  index: ['query', 'store', 'vocabulary']
}

function sourceFiles(folder: string): string[] {
  const files: string[] = []
  for (const name of readdirSync(folder)) {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path))
    else if (path.endsWith('.ts')) files.push(path)
  }
  return files
}

/** The module specifiers a file imports (static, dynamic and re-exports). */
function importsOf(path: string): string[] {
  const text = readFileSync(path, 'utf8')
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm)].map((match) => match[1])
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  return resolve(dirname(from), specifier.replace(/\.js$/, '.ts'))
}

const files = [...sourceFiles(join(projectRoot, 'src')), ...sourceFiles(join(projectRoot, 'ingest')), ...sourceFiles(join(projectRoot, 'db'))]

describe('layers', () => {
  it('every import points down the layers', () => {
    const violations: string[] = []
    for (const file of files) {
      const layer = layerOf(file)
      for (const specifier of importsOf(file)) {
        const target = resolveImport(file, specifier)
        if (!target) continue
        const targetLayer = layerOf(target)
        if (targetLayer === layer) continue
        if (!(allowed[layer] ?? []).includes(targetLayer)) violations.push(`${relative(projectRoot, file)} (${layer}) imports ${specifier} (${targetLayer})`)
      }
    }
    expect(violations).toEqual([])
  })

  it('SQL is written only in the store and the migrations', () => {
    const sql = /\.prepare\(|\.pragma\(|\.exec\(\s*[`'"]|\bprepared\(/
    const outside = files.filter((file) => !['store', 'migrations'].includes(layerOf(file)) && sql.test(readFileSync(file, 'utf8')))
    expect(outside.map((file) => relative(projectRoot, file))).toEqual([])
  })

  it('the SQL driver is reached only in the store and ingest (through driverOf), never exported by the library', () => {
    const driver = /\bdriverOf\b|\bfrom\s+['"]better-sqlite3['"]/
    const outside = files.filter((file) => !['store', 'ingest'].includes(layerOf(file)) && driver.test(readFileSync(file, 'utf8')))
    expect(outside.map((file) => relative(projectRoot, file))).toEqual([])
    const importsDriver = files.filter((file) => /\bfrom\s+['"]better-sqlite3['"]/.test(readFileSync(file, 'utf8')))
    expect(importsDriver.map((file) => relative(projectRoot, file))).toEqual(['src/store/database.ts', 'src/store/handle.ts', 'src/store/statements.ts'])
    expect(readFileSync(join(projectRoot, 'src/index.ts'), 'utf8')).not.toMatch(/driverOf|\bDriver\b|isCrdb/)
  })

  it('finds a violation when there is one', () => {
    // The checker itself: a read-side file importing ingest/ is caught.
    const file = join(projectRoot, 'src/query/example.ts')
    const target = resolveImport(file, '../../ingest/ingest.js')!
    expect(layerOf(file)).toBe('query')
    expect(allowed.query).not.toContain(layerOf(target))
  })

  it('the library entry point loads no ingest module, no HTML or markdown parser', () => {
    const seen = new Set<string>()
    const packages = new Set<string>()
    const visit = (file: string): void => {
      if (seen.has(file)) return
      seen.add(file)
      for (const specifier of importsOf(file)) {
        const target = resolveImport(file, specifier)
        if (target) visit(target)
        else packages.add(specifier)
      }
    }
    visit(join(projectRoot, 'src/index.ts'))
    visit(join(projectRoot, 'src/engine/index.ts'))
    expect([...seen].filter((file) => layerOf(file) === 'ingest').map((file) => relative(projectRoot, file))).toEqual([])
    expect([...packages].filter((name) => /^(cheerio|remark|unified|mdast|iconv-lite)/.test(name))).toEqual([])
    expect(packages.has('better-sqlite3')).toBe(true)
  })
})
