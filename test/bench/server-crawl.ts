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
 * after it (target < 250 MB). It never asserts timing.
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
  let swept = 0
  let sweepRefused = 0
  let memory = Number.NaN
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

    // The sweep: every edition's pages and searches, four clients, each URL once (a 503 is retried after a pause).
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
    const sweeper = async (): Promise<void> => {
      while (position < sweep.length) {
        const path = sweep[position++]
        while ((await get(server.url + path)) === 503) {
          sweepRefused++
          await new Promise((resolve) => setTimeout(resolve, 200))
        }
        swept++
      }
    }
    await Promise.all(Array.from({ length: 4 }, sweeper))
  } finally {
    memory = residentMB(pid)
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
      name: `server resident memory after a sweep of every edition's pages and searches (${swept} URLs${refusals(sweepRefused)})`,
      median: memory,
      unit: 'MB',
      target: '< 250 MB'
    }
  ]
}
