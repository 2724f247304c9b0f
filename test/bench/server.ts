/**
 * Benchmark module: the HTTP server. `crdb serve` runs as its own process on
 * 127.0.0.1 (port 0) over the built database, and autocannon loads it with 20
 * connections: `/v1/rules/{n}?date=...` over random rules and dates,
 * `/v1/search` over the query benchmark's searches, and `/rules/{n}` pages.
 * First, what a new URL costs: after a warm-up on 2,500 other URLs of the
 * same kinds, 5,000 rules, the judged fixture's 128 searches (each in its
 * era) and 2,000 rule pages, each URL asked for once, none of them answered
 * before (issue 29's targets), on a fresh server each run (at most three;
 * the median). Then, on the first, 500 URLs over and over for 5 s,
 * three times (the steady state: the server answers from its cache of
 * answers, as it does for any URL asked for again while the file is as it was).
 * Before it, the floor: Node's bare HTTP server answering a constant, loaded
 * the same way, which says what this machine allows at the time.
 * The server's resident memory is sampled during the load. The heaviest pages
 * (the M10 diff's first page and its whole JSON, a whole edition, the changes since 2009) are timed to the last byte on a fresh in-process app each run,
 * so each render is a first one (no page cache). It never asserts timing.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { createApp } from '../../src/server/app.js'
import { getRule } from '../../src/query/get.js'
import { driverOf, openDatabase } from '../../src/store/database.js'
import type { BenchFigure } from './diff.js'
import { benchQueries } from './query.js'
import { readRelevanceQueries } from './relevance.js'

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** A deterministic shuffle (so runs compare), spreading rules and dates over the whole archive. */
function shuffled<T>(items: T[]): T[] {
  const list = [...items]
  let state = 12345
  for (let index = list.length - 1; index > 0; index--) {
    state = (state * 1103515245 + 12345) % 2 ** 31
    const other = state % (index + 1)
    ;[list[index], list[other]] = [list[other], list[index]]
  }
  return list
}

/** Start `crdb serve` on `database` (port 0, quiet) as a child process, with `env` added to the environment; its URL once it listens. */
export function startServe(root: string, database: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [join(root, 'bin/crdb.js'), '--db', database, 'serve', '--port', '0', '--quiet'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env }
  })
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk) => {
      out += chunk
      const match = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(out)
      if (match) resolve({ child, url: match[1] })
    })
    child.once('exit', (code) => reject(new Error(`crdb serve exited ${code}`)))
  })
}

/**
 * The floor no server can beat in the same conditions: Node's own HTTP server
 * in its own process answering every request with the same 500 bytes and the
 * headers crdb's answers carry, loaded the same way.
 */
function startFloor(): Promise<{ child: ChildProcess; url: string }> {
  const code = `
    const body = Buffer.alloc(500, 120)
    const headers = { 'content-type': 'application/json', 'content-length': '500', etag: '"floor"', 'cache-control': 'public, max-age=60', 'access-control-allow-origin': '*' }
    const server = require('node:http').createServer((request, response) => { response.writeHead(200, headers); response.end(body) })
    server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port + '/'))
    process.on('SIGTERM', () => server.close(() => process.exit(0)))`
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (chunk) => resolve({ child, url: String(chunk).trim().replace(/\/$/, '') }))
    child.once('exit', (code) => reject(new Error(`the floor server exited ${code}`)))
  })
}

/** Resident memory of a process in MB (Linux), or NaN. */
export function residentMB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) / 1024 : NaN
  } catch {
    return NaN
  }
}

/** CPU time (user + system) a process has used, in ms (Linux), or NaN. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ')
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return NaN
  }
}

/**
 * The CPU time all the machine's cores have been busy so far, in milliseconds (`/proc/stat`: every state but idle
 * and waiting for the disk), or NaN where there is no such file.
 */
function machineBusyMs(): number {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1, 9).map(Number)
    // user, nice, system, idle, iowait, irq, softirq, steal (guest time is counted in user), in clock ticks (100 a second).
    return (ticks.reduce((sum, value) => sum + value, 0) - ticks[3]! - ticks[4]!) * 10
  } catch {
    return Number.NaN
  }
}

interface LoadResult {
  perSecond: number
  p99: number
  errors: number
  /** The server's CPU time per request, in microseconds: what the load costs it, whatever else the machine runs. */
  cpuPerRequest: number
  /**
   * The machine's CPU time per request, in microseconds: every thread of the server, the client (autocannon, in this
   * process) and whatever else ran meanwhile. At a target rate on N cores, a request can cost N * 1e6 / rate at most.
   */
  machinePerRequest?: number
  /** Requests made. */
  requests?: number
}

/** Load `paths` in turn for `seconds`, or (with `once`) ask for each of them once. */
async function load(url: string, paths: string[], seconds: number, pid: number, once = false): Promise<LoadResult> {
  let next = 0
  const cpuBefore = cpuMs(pid)
  const machineBefore = machineBusyMs()
  const started = performance.now()
  let lastAnswer = started
  const result = await autocannon({
    url,
    connections: 20,
    ...(once ? { amount: paths.length } : { duration: seconds }),
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
        onResponse: () => {
          lastAnswer = performance.now()
        }
      }
    ]
  })
  const cpuPerRequest = ((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total)
  const machinePerRequest = ((machineBusyMs() - machineBefore) * 1000) / Math.max(1, result.requests.total)
  // autocannon averages its per-second samples (too few in a short run of requests counted out), and a run of
  // counted requests ends on its next whole second: the time is from the start to the last answer.
  const perSecond = once ? (result.requests.total * 1000) / (lastAnswer - started) : result.requests.average
  const errors = result.errors + result.timeouts + result.non2xx
  return { perSecond, p99: result.latency.p99, errors, cpuPerRequest, machinePerRequest, requests: result.requests.total }
}

/** A text of about 20 kB as people write them: prose and code comments, a citation every few lines. */
function citeText20k(): string {
  const lines = [
    '// CR 704.5j: the legend rule. Checked each time state-based actions are checked.',
    'A creature with toughness 0 or less is put into its owner graveyard (see rule 704.5f).',
    'fn combat_damage() { /* rules 510.1c-d: assigning combat damage */ }',
    'Trample (702.19b) lets excess damage go to the player; version 1.2.3 of the engine, 2.5 mana.',
    'Section 7 of the Comprehensive Rules covers additional rules; MTR 4.2 is not a CR citation.',
    'Mana burn was rule 300.3 before M10; see 420.5e for the old legend rule.'
  ]
  let text = ''
  for (let index = 0; text.length < 20_000; index++) text += `${lines[index % lines.length]}\n`
  return text
}

/** POST `body` (JSON) to `path` for `seconds` from one connection: the latency of one client, not of a queue. */
async function loadPost(url: string, path: string, body: string, seconds: number, pid: number): Promise<LoadResult> {
  const cpuBefore = cpuMs(pid)
  const result = await autocannon({ url: url + path, connections: 1, duration: seconds, method: 'POST', headers: { 'content-type': 'application/json' }, body })
  const cpuPerRequest = ((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total)
  return { perSecond: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx, cpuPerRequest }
}

/**
 * The server's CPU time per request: on a machine shared with other work the
 * requests per second say little, but 1,000,000 / (CPU microseconds per request)
 * is what one core free for the server would answer per second.
 */
function cpuFigure(route: string, results: LoadResult[], perSecond: number): BenchFigure {
  return {
    name: `server CPU per ${route} request (1e6 / it = req/s per free core)`,
    median: median(results.map((result) => result.cpuPerRequest)),
    unit: 'us',
    target: `<= ${Math.round(1e6 / perSecond)} us (${perSecond} req/s on one core)`
  }
}

/** The figures of a route's first requests (each URL once, none answered from the cache), against `perSecond`. */
function firstFigures(route: string, results: LoadResult[], perSecond: number): BenchFigure[] {
  const errors = results.reduce((sum, result) => sum + result.errors, 0)
  return [
    {
      name: `server GET ${route}, each URL once (uncached, ${results[0]?.requests ?? 0} URLs${errors ? `, ${errors} errors` : ''})`,
      median: median(results.map((r) => r.perSecond)),
      unit: 'req/s',
      target: `>= ${perSecond} req/s`
    },
    {
      name: `server CPU per ${route} request, uncached`,
      median: median(results.map((r) => r.cpuPerRequest)),
      unit: 'us',
      target: `<= ${Math.round(1e6 / perSecond)} us (${perSecond} req/s on one core)`
    },
    // What the target leaves each request of the whole machine: a first answer that costs more, all threads and the
    // client counted, cannot reach the rate here however its work is spread over the cores.
    {
      name: `machine CPU per ${route} request, uncached (the server's threads, the client, the rest)`,
      median: median(results.map((r) => r.machinePerRequest ?? Number.NaN)),
      unit: 'us',
      target: `<= ${Math.round((cores * 1e6) / perSecond)} us (${perSecond} req/s on ${cores} cores)`
    }
  ]
}

/** The cores the machine gives this process. */
const cores = availableParallelism()

/**
 * Load `crdb serve` on the database at `dbPath` and time its heaviest pages;
 * `root` is the project root (for `bin/crdb.js`).
 */
export async function benchServer(dbPath: string, runs: number, root: string): Promise<BenchFigure[]> {
  const db = openDatabase(dbPath, { readonly: true })
  let rulePaths: string[]
  let pagePaths: string[]
  let warmRulePaths: string[]
  let warmPagePaths: string[]
  let firstRulePaths: string[]
  let firstPagePaths: string[]
  let firstWarmPaths: string[]
  const heavy = { diff: [] as number[], diffJson: [] as number[], cr: [] as number[], changes: [] as number[], crCompiled: [] as number[] }
  let calibration = Number.NaN
  try {
    const pairs = driverOf(db).prepare(`SELECT key, first_date AS date FROM versions WHERE kind = 'rule' ORDER BY id`).all() as Array<{
      key: string
      date: string
    }>
    const mixed = shuffled(pairs)
    const sample = mixed.slice(0, 500)
    rulePaths = sample.map((pair) => `/v1/rules/${pair.key}?date=${pair.date}`)
    pagePaths = sample.map((pair) => `/rules/${pair.key}?date=${pair.date}`)
    warmRulePaths = mixed.slice(500, 550).map((pair) => `/v1/rules/${pair.key}?date=${pair.date}`)
    warmPagePaths = mixed.slice(500, 550).map((pair) => `/rules/${pair.key}?date=${pair.date}`)
    // The first answers: URLs none of the above, each asked once, after a warm-up on others of their kind
    // (a server that has just started compiles its code and fills its per-edition caches: not what a URL costs).
    firstRulePaths = mixed.slice(1000, 6000).map((pair) => `/v1/rules/${pair.key}?date=${pair.date}`)
    firstPagePaths = mixed.slice(6000, 8000).map((pair) => `/rules/${pair.key}?date=${pair.date}`)
    firstWarmPaths = mixed
      .slice(8000, 10000)
      .flatMap((pair, index) => [`/v1/rules/${pair.key}?date=${pair.date}`, ...(index % 4 === 0 ? [`/rules/${pair.key}?date=${pair.date}`] : [])])
    // How fast this machine is right now: getRule in-process, the unit the README's figures can be scaled by.
    const started = performance.now()
    let lookups = 0
    while (performance.now() - started < 1000) {
      for (const pair of sample.slice(0, 200)) getRule(db, pair.key, { date: pair.date })
      lookups += 200
    }
    calibration = ((performance.now() - started) * 1000) / lookups
    const newest = driverOf(db).prepare('SELECT MAX(effective_date) FROM editions').pluck().get() as string
    // As many runs again, not counted as first renders: what the whole-edition page costs once V8 has compiled its
    // render for good (the first runs' medians are moved by its compiling the render again; docs/performance.md).
    for (let run = 0; run < 2 * runs; run++) {
      const counted = run < runs
      const app = createApp({ db })
      let started = performance.now()
      let response = await app.request('/diff?from=2009-05-01&to=2009-07-11')
      await response.text()
      if (counted) heavy.diff.push(performance.now() - started)
      started = performance.now()
      response = await app.request('/v1/diff?from=2009-05-01&to=2009-07-11')
      await response.text()
      if (counted) heavy.diffJson.push(performance.now() - started)
      started = performance.now()
      response = await app.request(`/cr?edition=${newest}`)
      await response.text()
      ;(counted ? heavy.cr : heavy.crCompiled).push(performance.now() - started)
      started = performance.now()
      response = await app.request('/changes?since=2009-01-01')
      await response.text()
      if (counted) heavy.changes.push(performance.now() - started)
    }
  } finally {
    db.close()
  }
  const searchPaths = benchQueries.map(([query]) => `/v1/search?q=${encodeURIComponent(query)}`)
  // The judged fixture's queries, each in its era: the first searches measured (the bench's own warm up).
  const judged = readRelevanceQueries()
  const firstSearchPaths = judged.map(({ query, era }) => `/v1/search?q=${encodeURIComponent(query)}&era=${era}`)
  // The warm-up searches each of those eras with queries the fixture does not ask, which fills the worker's per-edition state.
  const asked = new Set(judged.map(({ query }) => query))
  const eraWarmPaths = [...new Set(judged.map(({ era }) => era))].flatMap((era) =>
    benchQueries.filter(([query]) => !asked.has(query)).map(([query]) => `/v1/search?q=${encodeURIComponent(query)}&era=${era}`)
  )

  const floors: LoadResult[] = []
  const floor = await startFloor()
  try {
    for (let run = 0; run < Math.min(runs, 3); run++) floors.push(await load(floor.url, ['/'], 5, floor.child.pid!))
  } finally {
    const exited = new Promise((resolve) => floor.child.once('exit', resolve))
    floor.child.kill('SIGTERM')
    await exited
  }

  const server = await startServe(root, dbPath)
  const figures = { rules: [] as LoadResult[], search: [] as LoadResult[], pages: [] as LoadResult[], cite: [] as LoadResult[] }
  const citeBody = JSON.stringify({ text: citeText20k(), asOf: '2015-01-01' })
  const first = { rules: [] as LoadResult[], search: [] as LoadResult[], pages: [] as LoadResult[] }
  const pid = server.child.pid!
  const memory: number[] = []
  const sampler = setInterval(() => memory.push(residentMB(pid)), 100)
  // What a new URL costs on a server that has just started: its first answers are asked once per server (a URL asked
  // again is answered from its cache of answers), so each run after the first starts a fresh one.
  const measureFirst = async (url: string, serverPid: number): Promise<void> => {
    // Warm-up on other URLs: the first requests build per-edition caches and compile the code.
    await load(url, [...warmRulePaths, ...warmPagePaths, ...searchPaths.slice(0, 3)], 2, serverPid)
    // Each URL once: the server answers none of them from its cache of answers yet (what a new URL costs).
    await load(url, firstWarmPaths, 0, serverPid, true)
    await load(url, eraWarmPaths, 0, serverPid, true)
    first.rules.push(await load(url, firstRulePaths, 0, serverPid, true))
    first.search.push(await load(url, firstSearchPaths, 0, serverPid, true))
    first.pages.push(await load(url, firstPagePaths, 0, serverPid, true))
  }
  try {
    await measureFirst(server.url, pid)
    const seconds = 5
    for (let run = 0; run < Math.min(runs, 3); run++) {
      figures.rules.push(await load(server.url, rulePaths, seconds, pid))
      figures.search.push(await load(server.url, searchPaths, seconds, pid))
      figures.pages.push(await load(server.url, pagePaths, seconds, pid))
      figures.cite.push(await loadPost(server.url, '/v1/cite', citeBody, seconds, pid))
    }
  } finally {
    clearInterval(sampler)
    const exited = new Promise((resolve) => server.child.once('exit', resolve))
    server.child.kill('SIGTERM')
    await exited
  }
  for (let run = 1; run < Math.min(runs, 3); run++) {
    const fresh = await startServe(root, dbPath)
    try {
      await measureFirst(fresh.url, fresh.child.pid!)
    } finally {
      const exited = new Promise((resolve) => fresh.child.once('exit', resolve))
      fresh.child.kill('SIGTERM')
      await exited
    }
  }
  const errors = (results: LoadResult[]): string => {
    const total = results.reduce((sum, result) => sum + result.errors, 0)
    return total ? `, ${total} errors` : ''
  }
  return [
    { name: 'server bench calibration: getRule in-process at the time of the load', median: calibration, unit: 'us', target: 'as get in-process above' },
    {
      name: "server floor: Node's bare HTTP server, a constant 500-byte answer (20 connections)",
      median: median(floors.map((r) => r.perSecond)),
      unit: 'req/s',
      target: 'none: what no server beats here now'
    },
    { name: 'server floor p99 latency', median: median(floors.map((r) => r.p99)), unit: 'ms', target: 'none' },
    { name: 'server floor CPU per request', median: median(floors.map((r) => r.cpuPerRequest)), unit: 'us', target: 'none' },
    {
      name: `server GET /v1/rules/{n}?date= (20 connections${errors(figures.rules)})`,
      median: median(figures.rules.map((r) => r.perSecond)),
      unit: 'req/s',
      target: '>= 10000 req/s'
    },
    { name: 'server GET /v1/rules/{n}?date= p99 latency', median: median(figures.rules.map((r) => r.p99)), unit: 'ms', target: '<= 10 ms' },
    cpuFigure('/v1/rules/{n}?date=', figures.rules, 10000),
    {
      name: `server GET /v1/search (20 connections${errors(figures.search)})`,
      median: median(figures.search.map((r) => r.perSecond)),
      unit: 'req/s',
      target: '>= 2000 req/s'
    },
    cpuFigure('/v1/search', figures.search, 2000),
    {
      name: `server GET /rules/{n} HTML (20 connections${errors(figures.pages)})`,
      median: median(figures.pages.map((r) => r.perSecond)),
      unit: 'req/s',
      target: '>= 3000 req/s'
    },
    cpuFigure('/rules/{n}', figures.pages, 3000),
    {
      name: `server POST /v1/cite, a 20 kB text (1 connection${errors(figures.cite)})`,
      median: median(figures.cite.map((r) => r.perSecond)),
      unit: 'req/s',
      target: 'none'
    },
    { name: 'server POST /v1/cite, a 20 kB text, p99 latency (1 connection)', median: median(figures.cite.map((r) => r.p99)), unit: 'ms', target: '< 20 ms' },
    ...firstFigures('/v1/rules/{n}?date=', first.rules, 5000),
    ...firstFigures('/v1/search', first.search, 1000),
    ...firstFigures('/rules/{n}', first.pages, 2000),
    // The page is paged (its first 200 changes of 1,691), timed to the last byte.
    { name: 'server M10 diff page, first render', median: median(heavy.diff), unit: 'ms', target: '< 300 ms' },
    { name: 'server M10 diff as JSON (/v1/diff, 2.4 MB), first answer', median: median(heavy.diffJson), unit: 'ms', target: '< 100 ms' },
    { name: 'server whole-edition /cr page, first render', median: median(heavy.cr), unit: 'ms', target: '< 50 ms' },
    {
      name: 'server whole-edition /cr page, a fresh app after as many runs again (the render compiled)',
      median: median(heavy.crCompiled),
      unit: 'ms',
      target: 'none (for comparison)'
    },
    { name: 'server /changes?since=2009-01-01 page, first render', median: median(heavy.changes), unit: 'ms', target: '< 300 ms' },
    { name: 'server resident memory under load (max)', median: Math.max(...memory.filter((value) => !Number.isNaN(value))), unit: 'MB', target: '< 200 MB' }
  ]
}
