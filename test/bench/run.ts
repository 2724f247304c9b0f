/**
 * Benchmark: prints medians (and min/max) of the numbers crdb has targets for.
 * It never asserts timing; it is not a test.
 *
 *   npm run bench                      (compiles the library, then runs this file with tsx)
 *   npx tsx test/bench/run.ts [--runs N] [--json]
 *
 * The archive is `../shared/corpus/cr` relative to the project root, or
 * `$CRDB_ARCHIVE`. Without it the benchmark says so and exits 0.
 * With `--json` the text report goes to stderr and the results as JSON to stdout.
 *
 * Measured, each over N runs (default 5):
 *  1. cold build: `node bin/crdb.js --db TMP build --archive DIR` on a fresh database file (wall time);
 *  2. re-run with nothing new: the same command on the built database (wall time; also without
 *     NODE_EXTRA_CA_CERTS where it is set, see 5);
 *  3. database size after the build (the file plus any -wal file);
 *  4. getRule in-process over ~200 (number, date) pairs taken from the database, for ~1 s per run;
 *  5. `node bin/crdb.js --db TMP get 704.5j --date 2010-01-01` end to end (wall time), beside `node -e 0`; where
 *     NODE_EXTRA_CA_CERTS is set (Node then reads that CA bundle at every start), also both without it;
 *  6. adding the newest edition to a store built from the others, `crdb build` end to end (add-edition.ts); the
 *     modules beside this file on the built database: diffs and history (diff.ts), lineage precision and
 *     recall against the hand-checked fixtures and the whole lineage computation's time (lineage.ts),
 *     lookups and search (query.ts), the state-based-action engine (engine.ts), the era conformance
 *     suite run through crdb's engine (conformance.ts), and the
 *     HTTP server under load (server.ts: `crdb serve` and autocannon, 20 connections), and under a crawl of
 *     unique costly URLs by 8 clients, then a sweep of every edition's pages and searches (server-crawl.ts);
 *     `crdb cite --as-of` over a generated tree of 2,000 files / 500,000 lines, and `--blame` once (cite.ts);
 *     the latency of `get_rule` and `search_rules` called over `crdb mcp`'s stdio (mcp.ts);
 *  7. the import time of each entry point (`crdb`, `crdb/engine`, `crdb/ingest`) in a fresh node.
 *
 * The in-process figures (4, 6) time the compiled library in dist/, what a user imports (library.ts).
 *
 * Before each cold build it measures the floor no build can beat, in the same conditions: reading and
 * decoding every edition with the project's own (compiled) decoder and running one regular expression over every
 * line. Build figures are also printed as a ratio to the floor's median. The peak memory (max RSS) of
 * each build is reported by the child itself, through a preloaded script.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { benchAddEdition } from './add-edition.js'
import { benchCite } from './cite.js'
import { benchConformance } from './conformance.js'
import { benchDiff } from './diff.js'
import { driverOf } from '../../src/store/database.js'
import { loadShipped, type Shipped } from './library.js'
import { benchEngine } from './engine.js'
import { benchLineage } from './lineage.js'
import { benchMcp } from './mcp.js'
import { benchQuery } from './query.js'
import { benchSearch } from './search.js'
import { benchServer } from './server.js'
import { benchServerCrawlApart } from './server-crawl-apart.js'

interface Stats {
  median: number
  min: number
  max: number
  samples: number[]
}

interface Metric {
  label: string
  unit: string
  stats: Stats
  target: number
  extra?: string
}

const targets = {
  coldBuildSeconds: 10,
  buildPeakMB: 500,
  rerunSeconds: 1,
  databaseMB: 60,
  getMicroseconds: 50,
  cliGetMilliseconds: 300
}

function parseArgs(argv: string[]): { runs: number; json: boolean } {
  let runs = 5
  let json = false
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]
    if (arg === '--json') json = true
    else if (arg === '--runs' || arg.startsWith('--runs=')) {
      const value = arg === '--runs' ? argv[++index] : arg.slice('--runs='.length)
      const parsed = Number(value)
      if (!Number.isInteger(parsed) || parsed < 1) {
        process.stderr.write(`bench: --runs needs a positive integer, got ${value ?? 'nothing'}\n`)
        process.exit(2)
      }
      runs = parsed
    } else if (arg === '--help' || arg === '-h') {
      process.stdout.write('usage: tsx test/bench/run.ts [--runs N] [--json]\n')
      process.exit(0)
    } else {
      process.stderr.write(`bench: unknown argument ${arg}\n`)
      process.exit(2)
    }
  }
  return { runs, json }
}

/** The project root: the nearest folder above this file whose package.json is crdb's. */
function findRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const manifest = join(folder, 'package.json')
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'crdb') return folder
      } catch {
        // not a readable manifest; keep going up
      }
    }
    const parent = dirname(folder)
    if (parent === folder) return process.cwd()
    folder = parent
  }
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  return { median, min: sorted[0], max: sorted[sorted.length - 1], samples }
}

/**
 * The floor: read and decode every edition of `archive` with the project's decoder and run one
 * regular expression over every line. Returns seconds; the match count keeps the work alive.
 */
function measureFloor(archive: string, decodeSource: Shipped['ingest']['decodeSource']): { seconds: number; matches: number } {
  const started = performance.now()
  let matches = 0
  const rulePattern = /^(\d{3}\.\d+[a-z]?)\.?\s/
  for (const name of readdirSync(archive).sort()) {
    if (!name.endsWith('.txt')) continue
    const { text } = decodeSource(readFileSync(join(archive, name)), name)
    for (const line of text.split('\n')) if (rulePattern.test(line)) matches++
  }
  return { seconds: (performance.now() - started) / 1000, matches }
}

function fileSize(path: string): number {
  return existsSync(path) ? statSync(path).size : 0
}

async function main(): Promise<void> {
  const { runs, json } = parseArgs(process.argv.slice(2))
  const out = (text: string): void => {
    ;(json ? process.stderr : process.stdout).write(text)
  }
  const root = findRoot()
  const archive = resolve(root, process.env.CRDB_ARCHIVE ?? '../shared/corpus/cr')
  if (!existsSync(archive) || !statSync(archive).isDirectory()) {
    out(`bench: no archive at ${archive} (set CRDB_ARCHIVE to a folder of Comprehensive Rules editions); nothing to measure\n`)
    if (json) process.stdout.write(JSON.stringify({ skipped: true, archive }, null, 2) + '\n')
    return
  }
  const bin = join(root, 'bin', 'crdb.js')
  // The library as shipped (dist/), as the CLI runs it: see library.ts.
  const shipped = await loadShipped()
  const tmp = mkdtempSync(join(os.tmpdir(), 'crdb-bench-'))
  // Preloaded into measured children: writes the process's peak memory (max RSS, kB) where asked.
  const rssProbe = join(tmp, 'rss-probe.cjs')
  writeFileSync(
    rssProbe,
    "process.on('exit', () => { if (process.env.CRDB_BENCH_RSS) require('fs').writeFileSync(process.env.CRDB_BENCH_RSS, String(process.resourceUsage().maxRSS)) })\n"
  )
  const rssFile = join(tmp, 'rss')
  const cli = (
    args: string[],
    measureMemory = false,
    env: NodeJS.ProcessEnv = process.env,
    script: string[] = [bin]
  ): { ms: number; status: number | null; stdout: string; stderr: string; peakMB: number } => {
    rmSync(rssFile, { force: true })
    const started = performance.now()
    const result = spawnSync(process.execPath, measureMemory ? ['-r', rssProbe, ...script, ...args] : [...script, ...args], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: measureMemory ? { ...env, CRDB_BENCH_RSS: rssFile } : env
    })
    const ms = performance.now() - started
    if (result.error) throw result.error
    const peakMB = measureMemory && existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) / 1024 : Number.NaN
    return { ms, status: result.status, stdout: result.stdout, stderr: result.stderr, peakMB }
  }

  const machine = {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGB: os.totalmem() / 2 ** 30,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version
  }
  out(`crdb benchmark: ${runs} run${runs === 1 ? '' : 's'} per metric; archive ${archive}\n`)
  out(`machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGB.toFixed(1)} GB memory, ${machine.platform}, node ${machine.node}\n`)

  const notes: string[] = []
  const removeDatabase = (path: string): void => {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true })
  }
  try {
    // 1-3: cold build, re-run, size. Each run builds a fresh file; the last one is kept for 4 and 5.
    const cold: number[] = []
    const floor: number[] = []
    const peak: number[] = []
    const rerun: number[] = []
    // NODE_EXTRA_CA_CERTS (set on some machines for a proxy) makes every Node read and parse that CA
    // bundle when it starts, before any of crdb runs: the short commands are timed also without it.
    const { NODE_EXTRA_CA_CERTS: extraCerts, ...withoutCerts } = process.env
    const rerunDefault: number[] = []
    const sizes: number[] = []
    let database = ''
    for (let run = 1; run <= runs; run++) {
      if (database) removeDatabase(database)
      database = join(tmp, `run-${run}.sqlite`)
      floor.push(measureFloor(archive, shipped.ingest.decodeSource).seconds)
      const build = cli(['--db', database, 'build', '--archive', archive], true)
      peak.push(build.peakMB)
      if (!existsSync(database)) {
        out(`bench: cold build produced no database (exit ${build.status})\n${build.stderr}`)
        process.exitCode = 1
        return
      }
      if (build.status !== 0 && run === 1)
        notes.push(`cold build exited ${build.status}: ${build.stdout.trim().split('\n').pop() ?? ''} ${build.stderr.trim()}`.trim())
      cold.push(build.ms / 1000)
      sizes.push((fileSize(database) + fileSize(database + '-wal')) / 1e6)
      const again = cli(['--db', database, 'build', '--archive', archive])
      if (again.status !== 0 && run === 1)
        notes.push(`re-run exited ${again.status}: ${again.stdout.trim().split('\n').pop() ?? ''} ${again.stderr.trim()}`.trim())
      rerun.push(again.ms / 1000)
      if (extraCerts) rerunDefault.push(cli(['--db', database, 'build', '--archive', archive], false, withoutCerts).ms / 1000)
      out(
        `  run ${run}/${runs}: floor ${floor[run - 1].toFixed(2)} s, cold build ${(build.ms / 1000).toFixed(2)} s (${build.peakMB.toFixed(0)} MB peak), re-run ${(again.ms / 1000).toFixed(2)} s\n`
      )
    }

    // 4: getRule in-process.
    const { openDatabase, listEditions, getRule } = shipped.crdb
    const db = openDatabase(database, { readonly: true })
    let editionCount: number
    let pairs: Array<{ key: string; date: string }>
    const perLookupUs: number[] = []
    const lookupsPerSecond: number[] = []
    try {
      editionCount = listEditions(db).length
      // Deterministic: about 200 rule versions spread evenly over the table (oldest to newest),
      // each asked about on the first day it was in force.
      const all = driverOf(db).prepare(`SELECT key, first_date AS date FROM versions WHERE kind = 'rule' ORDER BY id`).all() as Array<{
        key: string
        date: string
      }>
      const want = Math.min(200, all.length)
      pairs = Array.from({ length: want }, (_, index) => all[Math.floor((index * all.length) / want)])
      if (pairs.length === 0) {
        out('bench: the built database holds no rule versions; cannot measure lookups\n')
        process.exitCode = 1
        return
      }
      // Warm-up pass, which also checks that every pair answers with its own rule.
      let mismatches = 0
      for (const pair of pairs) {
        try {
          if (getRule(db, pair.key, { date: pair.date }).number !== pair.key) mismatches++
        } catch {
          mismatches++
        }
      }
      if (mismatches) notes.push(`${mismatches} of ${pairs.length} lookup pairs did not answer with their own rule`)
      let sink = 0
      for (let run = 0; run < runs; run++) {
        let count = 0
        const started = performance.now()
        let elapsed = 0
        do {
          for (const pair of pairs) {
            try {
              sink += getRule(db, pair.key, { date: pair.date }).text.length
            } catch {
              sink++
            }
          }
          count += pairs.length
          elapsed = performance.now() - started
        } while (elapsed < 1000)
        lookupsPerSecond.push(count / (elapsed / 1000))
        perLookupUs.push((elapsed * 1000) / count)
      }
      if (sink < 0) out('') // keep the results alive
    } finally {
      db.close()
    }

    // 5: CLI get end to end.
    const getArgs = ['--db', database, 'get', '704.5j', '--date', '2010-01-01']
    const cliGet: number[] = []
    // Node's own start in the same conditions (`node -e 0`): what no command line beats here.
    const nodeStart: number[] = []
    const cliGetDefault: number[] = []
    const nodeStartDefault: number[] = []
    for (let run = 0; run < Math.max(runs, 5); run++) {
      const result = cli(getArgs)
      if (result.status !== 0 && run === 0) notes.push(`CLI get exited ${result.status}: ${result.stderr.trim()}`)
      cliGet.push(result.ms)
      nodeStart.push(cli([], false, process.env, ['-e', '0']).ms)
      if (extraCerts) {
        cliGetDefault.push(cli(getArgs, false, withoutCerts).ms)
        nodeStartDefault.push(cli([], false, withoutCerts, ['-e', '0']).ms)
      }
    }

    const floorMedian = stats(floor).median
    const ratio = (seconds: number[]): string => `${(stats(seconds).median / floorMedian).toFixed(1)}x floor`
    const metrics: Record<string, Metric> = {
      floor: { label: 'floor: read, decode, one regex', unit: 's', stats: stats(floor), target: targets.coldBuildSeconds },
      coldBuild: { label: `cold build (${editionCount} editions)`, unit: 's', stats: stats(cold), target: targets.coldBuildSeconds, extra: ratio(cold) },
      buildPeakMemory: { label: 'cold build peak memory', unit: 'MB', stats: stats(peak), target: targets.buildPeakMB },
      rerun: { label: 're-run, nothing new', unit: 's', stats: stats(rerun), target: targets.rerunSeconds, extra: ratio(rerun) },
      ...(extraCerts
        ? { rerunDefault: { label: 're-run, without NODE_EXTRA_CA_CERTS', unit: 's', stats: stats(rerunDefault), target: targets.rerunSeconds } }
        : {}),
      databaseSize: { label: 'database size', unit: 'MB', stats: stats(sizes), target: targets.databaseMB },
      getInProcess: {
        label: `get in-process (${pairs.length} rules)`,
        unit: 'us',
        stats: stats(perLookupUs),
        target: targets.getMicroseconds,
        extra: `${Math.round(stats(lookupsPerSecond).median).toLocaleString('en-US')} lookups/s`
      },
      cliGet: {
        label: 'CLI get 704.5j --date 2010-01-01',
        unit: 'ms',
        stats: stats(cliGet),
        target: targets.cliGetMilliseconds,
        extra: `node -e 0: ${Math.round(stats(nodeStart).median)} ms`
      },
      ...(extraCerts
        ? {
            cliGetDefault: {
              label: 'CLI get, without NODE_EXTRA_CA_CERTS',
              unit: 'ms',
              stats: stats(cliGetDefault),
              target: targets.cliGetMilliseconds,
              extra: `node -e 0: ${Math.round(stats(nodeStartDefault).median)} ms`
            }
          }
        : {})
    }

    const digits = (unit: string, value: number): string => value.toFixed(unit === 'ms' ? 0 : unit === 'us' ? 1 : unit === 's' ? 2 : 1)
    const width = Math.max(...Object.values(metrics).map((m) => m.label.length)) + 3
    out('\n')
    for (const metric of Object.values(metrics)) {
      const { median, min, max } = metric.stats
      const value = (v: number): string => `${digits(metric.unit, v)} ${metric.unit}`
      out(
        metric.label.padEnd(width) +
          `median ${value(median)}   min ${value(min)}   max ${value(max)}   ` +
          (metric.extra ? `(${metric.extra})   ` : '') +
          `(target <= ${metric.target} ${metric.unit})` +
          (median > metric.target ? '   over target' : '') +
          '\n'
      )
    }
    for (const note of notes) out(`note: ${note}\n`)

    // 6: the modules, each on the database built above.
    const modules: Array<{ name: string; median: number; unit: string; target: string }> = []
    modules.push(...benchAddEdition(archive, root, runs))
    for (const bench of [benchDiff, benchLineage, benchQuery, benchSearch, benchEngine, benchConformance, benchCite, benchMcp])
      modules.push(...(await bench(database, runs)))
    modules.push(...(await benchServer(database, runs, root)))
    modules.push(...(await benchServerCrawlApart(database, root)))
    const moduleWidth = Math.max(...modules.map((figure) => figure.name.length)) + 3
    out('\n')
    for (const figure of modules) {
      const digits = figure.unit === 'ms' || figure.unit === 'us' || figure.unit === '%' ? 1 : 0
      out(`${figure.name.padEnd(moduleWidth)}median ${figure.median.toFixed(digits)} ${figure.unit}   (target ${figure.target})\n`)
    }

    // 7: import time of each entry point, in a fresh node each run.
    const entries = [
      { name: 'crdb', path: 'dist/src/index.js', target: 150 },
      { name: 'crdb/engine', path: 'dist/src/engine/index.js', target: 150 },
      { name: 'crdb/ingest', path: 'dist/ingest/index.js', target: 1000 }
    ]
    out('\n')
    for (const entry of entries) {
      const url = new URL(`file://${join(root, entry.path)}`).href
      const samples: number[] = []
      for (let run = 0; run < runs; run++) {
        const script = `const t = performance.now(); await import(${JSON.stringify(url)}); process.stdout.write(String(performance.now() - t))`
        const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })
        samples.push(Number(result.stdout))
      }
      const figure = { name: `import ${entry.name}`, median: stats(samples).median, unit: 'ms', target: `<= ${entry.target} ms` }
      modules.push(figure)
      out(`${figure.name.padEnd(moduleWidth)}median ${figure.median.toFixed(1)} ms   (target ${figure.target})\n`)
    }

    if (json) {
      const results = Object.fromEntries(
        Object.entries(metrics).map(([name, metric]) => [
          name,
          { label: metric.label, unit: metric.unit, ...metric.stats, target: metric.target, withinTarget: metric.stats.median <= metric.target }
        ])
      )
      process.stdout.write(
        JSON.stringify({ runs, archive, editions: editionCount, machine, results, modules, lookupsPerSecond: stats(lookupsPerSecond), notes }, null, 2) + '\n'
      )
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
}

await main()
