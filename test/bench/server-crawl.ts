/**
 * Benchmark module: the HTTP server under a crawl of costly URLs. `crdb serve`
 * runs as its own process; 8 clients ask, each one request after the other,
 * for unique costly URLs none of which the server has answered yet (whole
 * diffs `/v1/diff`, diff pages, whole editions `/cr`), while one more client
 * asks for rules (`/v1/rules/{n}?edition=...`, each URL new too) and times
 * each answer: the p99 of those says whether cheap requests stay fast while
 * costly ones queue (target < 20 ms). Then a sweep of every edition's pages
 * and searches (`/cr`, `/glossary`, `/search`, `/v1/search`, `/diff` and
 * `/v1/diff` against the edition before), and the server's resident memory
 * as it ends and once the server has been left alone long enough for its idle
 * answer worker to stop (target < 250 MB); then the sweep alone on a fresh
 * server, plainly and started as docs/http-api.md advises for memory. It never
 * asserts timing.
 */
import { driverOf, openDatabase } from '../../src/store/database.js'
import type { BenchFigure } from './diff.js'
import { residentMB, startServe } from './server.js'

/** Crawling clients. */
const crawlers = 8
/** How long the rules are timed while the crawl goes on. */
const crawlSeconds = 15

/** GET `url` and read its body; its status. */
async function get(url: string): Promise<number> {
  const response = await fetch(url)
  await response.arrayBuffer()
  return response.status
}

/** The p-th percentile of `values` (0 to 100). */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN
}

/** Crawl `crdb serve` on the database at `dbPath` (`root`: the project root, for `bin/crdb.js`). */
export async function benchServerCrawl(dbPath: string, root: string): Promise<BenchFigure[]> {
  const db = openDatabase(dbPath, { readonly: true })
  let editions: string[]
  let rules: string[]
  try {
    editions = driverOf(db).prepare('SELECT effective_date FROM editions ORDER BY effective_date').pluck().all() as string[]
    rules = driverOf(db).prepare(`SELECT DISTINCT key FROM versions WHERE kind = 'rule' ORDER BY id LIMIT 400`).pluck().all() as string[]
  } finally {
    db.close()
  }
  // Unique costly URLs, spread over the archive: a crawler finds none in the answer cache.
  const costly: string[] = []
  for (let index = 1; index < editions.length; index++) {
    const back = editions[Math.max(0, index - 1 - (index % 7))]
    costly.push(`/v1/diff?from=${back}&to=${editions[index]}`, `/cr?edition=${editions[index]}`, `/diff?from=${editions[0]}&to=${editions[index]}`)
  }
  const server = await startServe(root, dbPath)
  const pid = server.child.pid!
  const latencies: number[] = []
  let crawled = 0
  let refused = 0
  let sweptUrls = 0
  let sweepRefused = 0
  let memory = Number.NaN
  let memoryAtRest = Number.NaN
  try {
    let next = 0
    let stop = false
    const crawl = async (): Promise<void> => {
      while (!stop && next < costly.length) {
        const status = await get(server.url + costly[next++])
        if (status === 503) refused++
        crawled++
      }
    }
    const crawling = Array.from({ length: crawlers }, crawl)
    // Let the crawl fill the queue before timing.
    await new Promise((resolve) => setTimeout(resolve, 500))
    const started = performance.now()
    for (let index = 0; performance.now() - started < crawlSeconds * 1000 && next < costly.length; index++) {
      const path = `/v1/rules/${rules[index % rules.length]}?edition=${editions[index % editions.length]}`
      const asked = performance.now()
      await get(server.url + path)
      latencies.push(performance.now() - asked)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    stop = true
    await Promise.all(crawling)

    const swept = await sweepEditions(server.url, editions)
    sweptUrls = swept.urls
    sweepRefused = swept.refused
    memory = residentMB(pid)
    memoryAtRest = await restingMB(pid)
  } finally {
    const exited = new Promise((resolve) => server.child.once('exit', resolve))
    server.child.kill('SIGTERM')
    await exited
  }
  const refusals = (count: number): string => (count ? `, ${count} answered 503 E_BUSY` : '')
  return [
    {
      name: `server GET /v1/rules/{n} p99 while ${crawlers} clients crawl unique diffs and editions (${latencies.length} rules, ${crawled} costly${refusals(refused)})`,
      median: percentile(latencies, 99),
      unit: 'ms',
      target: '< 20 ms'
    },
    { name: 'server GET /v1/rules/{n} median during that crawl', median: percentile(latencies, 50), unit: 'ms', target: 'none' },
    {
      name: `server resident memory as that crawl and a sweep of every edition's pages and searches end (${sweptUrls} URLs${refusals(sweepRefused)})`,
      median: memory,
      unit: 'MB',
      target: 'none'
    },
    {
      name: `the same ${restSeconds} s later, the idle answer worker stopped`,
      median: memoryAtRest,
      unit: 'MB',
      target: '< 250 MB'
    },
    {
      name: `server resident memory after the sweep alone, a fresh server, ${restSeconds} s later`,
      median: await sweepMemory(root, dbPath, editions, {}),
      unit: 'MB',
      target: '< 250 MB'
    },
    {
      name: `the same, started with ${Object.entries(tunedMemory)
        .map(([name, value]) => `${name}=${value}`)
        .join(' ')} (docs/http-api.md#memory)`,
      median: await sweepMemory(root, dbPath, editions, tunedMemory),
      unit: 'MB',
      target: '< 250 MB'
    }
  ]
}

/**
 * What the docs advise for a long-running server: a young generation of 1 MB (V8 otherwise keeps tens of MB
 * of it on the server's thread) and glibc's mmap threshold fixed (it rises after each large answer is freed,
 * and the answers made after are carved from the heap and fragment it).
 */
const tunedMemory = { NODE_OPTIONS: '--max-semi-space-size=1', MALLOC_MMAP_THRESHOLD_: '131072' }

/** Longer than the answer worker's idle time (10 s, src/server/answer-workers.ts), and the time to unmap its heap. */
const restSeconds = 12

/** The resident memory of `pid` once it has been left alone {@link restSeconds} s. */
async function restingMB(pid: number): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, restSeconds * 1000))
  return residentMB(pid)
}

/** A fresh `crdb serve` with `env`: its resident memory after the sweep alone, at rest. */
async function sweepMemory(root: string, dbPath: string, editions: string[], env: Record<string, string>): Promise<number> {
  const server = await startServe(root, dbPath, env)
  try {
    await sweepEditions(server.url, editions)
    return await restingMB(server.child.pid!)
  } finally {
    const exited = new Promise((resolve) => server.child.once('exit', resolve))
    server.child.kill('SIGTERM')
    await exited
  }
}

/**
 * Every edition's pages and searches (`/cr`, `/glossary`, two searches a page and one in `/v1`, the diff page and
 * `/v1/diff` against the edition before), four clients, each URL once (a 503 retried after a pause).
 */
async function sweepEditions(url: string, editions: string[]): Promise<{ urls: number; refused: number }> {
  const sweep: string[] = []
  editions.forEach((edition, index) => {
    const before = editions[index - 1]
    sweep.push(
      `/cr?edition=${edition}`,
      `/glossary?edition=${edition}`,
      `/search?q=damage+prevention&edition=${edition}`,
      `/v1/search?q=legend+rule+sacrifice&edition=${edition}`,
      `/search?q=${encodeURIComponent(`blocked creature ${edition}`)}&edition=${edition}`
    )
    if (before) sweep.push(`/diff?from=${before}&to=${edition}`, `/v1/diff?from=${before}&to=${edition}`)
  })
  let position = 0
  let refused = 0
  const sweeper = async (): Promise<void> => {
    while (position < sweep.length) {
      const path = sweep[position++]
      while ((await get(url + path)) === 503) {
        refused++
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    }
  }
  await Promise.all(Array.from({ length: 4 }, sweeper))
  return { urls: sweep.length, refused }
}
