/**
 * Benchmark of `crdb cite`: the command end to end (a fresh `node bin/crdb.js`)
 * over a generated tree of 2,000 source files and 500,000 lines in four
 * languages, one line in 25 citing a rule (of several eras, with lists, ranges
 * and quotes) among version numbers, addresses, decimals and other documents'
 * sections. Lines per second with `--as-of`, and apart, once, with `--blame`
 * (the same tree committed to a git repository). It never asserts; `run.ts`
 * prints it.
 *
 *   const results = await benchCite('db/crdb.sqlite', 5)
 *   // [{ name: 'cite --as-of (2000 files, 500000 lines)', median: 410000, unit: 'lines/s', target: '>= 200000 lines/s' }, ...]
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join, resolve } from 'node:path'

/** One measured figure. */
export interface CiteBenchResult {
  name: string
  median: number
  unit: string
  target: string
}

const files = 2000
const linesPerFile = 250
const projectRoot = resolve(import.meta.dirname, '../..')

const citations = [
  '// CR 704.5j: the legend rule',
  '# see rule 420.5e',
  '/* rules 702.19b-c and 702.20b */',
  '-- Comprehensive Rules 601.2f',
  '// (see rule 101.4) for APNAP order',
  '/// CR 510.1c-d, section 5',
  '// §704 state-based actions',
  '// 509.5a "blockers declared"',
  '// rule 117.5 and 114.6a',
  '// CR 999.9z never was'
]
const filler = [
  (i: number) => `  const value${i} = compute(${i}, "label ${i}") // adjust by 1.5`,
  (i: number) => `  if (version >= "1.${i % 20}.3") connect("192.168.${i % 255}.1")`,
  (_i: number) => `  total += price * 19.99 // see MTR 4.2 and IPG 2.1`,
  (i: number) => `  for item in items[${i}..]: process(item, 3.14159)`,
  (i: number) => `  return Ok(Thing { id: ${i}, ratio: 0.${i % 97} })`,
  (i: number) => `  log.info("released 2024.11.08, build ${i}")`,
  (_i: number) => '  }',
  (_i: number) => ''
]
const extensions = ['ts', 'rs', 'py', 'md']

/** Write the tree into `root`: `files` files of `linesPerFile` lines, one in 25 a citation; returns the lines written. */
export function writeTree(root: string): number {
  let lines = 0
  let seed = 7
  const next = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff)
  for (let f = 0; f < files; f++) {
    const folder = join(root, `pkg${f % 40}`, `mod${f % 7}`)
    mkdirSync(folder, { recursive: true })
    const out: string[] = []
    for (let l = 0; l < linesPerFile; l++) {
      out.push(next() % 25 === 0 ? citations[next() % citations.length] : filler[next() % filler.length](l))
      lines++
    }
    writeFileSync(join(folder, `file${f}.${extensions[f % extensions.length]}`), out.join('\n') + '\n')
  }
  return lines
}

function runCite(dbPath: string, args: string[], cwd: string): number {
  const started = performance.now()
  const result = spawnSync(process.execPath, [join(projectRoot, 'bin/crdb.js'), '--db', dbPath, 'cite', ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] })
  const seconds = (performance.now() - started) / 1000
  // 3: stale citations found, as the tree holds on purpose.
  if (result.status !== 3) throw new Error(`crdb cite exited ${result.status}: ${result.stderr}`)
  return seconds
}

/** Time `crdb cite --as-of` over the generated tree `runs` times, and `--blame` once. */
export async function benchCite(dbPath: string, runs: number): Promise<CiteBenchResult[]> {
  const root = mkdtempSync(join(os.tmpdir(), 'crdb-bench-cite-'))
  try {
    const tree = join(root, 'tree')
    const lines = writeTree(tree)
    const rates: number[] = []
    for (let run = 0; run < runs; run++) rates.push(lines / runCite(dbPath, [tree, '--as-of', '2015-01-01'], root))
    const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]
    const results: CiteBenchResult[] = [
      { name: `cite --as-of (${files} files, ${lines} lines)`, median: median(rates), unit: 'lines/s', target: '>= 200000 lines/s' }
    ]
    const git = (args: string[]): boolean =>
      spawnSync('git', ['-c', 'init.defaultBranch=main', ...args], {
        cwd: tree,
        stdio: 'ignore',
        env: { ...process.env, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@example.org', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@example.org' }
      }).status === 0
    if (git(['init', '-q']) && git(['add', '.']) && git(['commit', '-q', '-m', 'tree'])) {
      results.push({ name: `cite --blame (same tree, 1 run)`, median: lines / runCite(dbPath, ['.', '--blame'], tree), unit: 'lines/s', target: 'none' })
    }
    return results
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}
