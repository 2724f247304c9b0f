/**
 * Benchmark entry: {@link benchServerCrawl} in a process of its own, its figures as JSON on stdout. The crawl's
 * p99 is timed by its client; in the process that ran every other module, that client's own garbage collections
 * (a heap grown by them) land in the server's latencies. Run by `run.ts` as `node --import tsx THIS DB ROOT`.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { BenchFigure } from './diff.js'
import { benchServerCrawl } from './server-crawl.js'

/** {@link benchServerCrawl} on `dbPath` (`root`: the project root), in a fresh Node process. */
export async function benchServerCrawlApart(dbPath: string, root: string): Promise<BenchFigure[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), dbPath, root], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`the crawl benchmark exited with ${code}`)
  return JSON.parse(out) as BenchFigure[]
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dbPath, root] = process.argv.slice(2)
  process.stdout.write(JSON.stringify(await benchServerCrawl(dbPath!, root!)))
}
