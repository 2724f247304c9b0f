/**
 * Benchmark of the era conformance suite: the whole suite generated from the
 * database and run through the protocol against crdb's own engine
 * (`crdb conformance run --engine "crdb conformance engine"`), wall time of the
 * command, median of the runs (target: under 10 s).
 *
 *   import { benchConformance } from './conformance.js'; await benchConformance(dbPath, 5)
 */
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'

const projectRoot = resolve(import.meta.dirname, '../..')
const bin = resolve(projectRoot, 'bin/crdb.js')

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** Run the whole suite `runs` times through crdb's engine on `database`. */
export async function benchConformance(database: string, runs: number): Promise<Array<{ name: string; median: number; unit: string; target: string }>> {
  const engine = `"${process.execPath}" "${bin}" --db "${database}" conformance engine`
  const times: number[] = []
  let summary = ''
  for (let run = 0; run < runs; run++) {
    const started = performance.now()
    const result = spawnSync(process.execPath, [bin, '--db', database, '--json', 'conformance', 'run', '--engine', engine], {
      encoding: 'utf8',
      maxBuffer: 64 << 20
    })
    times.push(performance.now() - started)
    const report = JSON.parse(result.stdout) as { cases: number; passed: number }
    summary = `${report.cases} cases, ${((100 * report.passed) / report.cases).toFixed(1)}% passed`
  }
  return [{ name: `conformance suite through crdb's engine (${summary})`, median: median(times), unit: 'ms', target: '< 10000 ms' }]
}
