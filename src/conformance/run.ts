/**
 * Running an engine over the suite through the protocol: the engine is a
 * command; each case is written as one JSON line on its standard input and its
 * answer read as one JSON line from its standard output, with a time limit per
 * case. An engine that times out, exits or answers garbage fails that case and
 * is started again for the next.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { createInterface } from 'node:readline'
import type { ConformanceCase, EngineAnswer } from './case.js'
import { engineAnswerSchema } from './case.js'
import { judgeAnswer } from './compare.js'

/** The outcome of one case. */
export interface CaseResult {
  id: string
  check: string
  edition: string
  /** The era of the expectation: its first edition. */
  era: string
  passed: boolean
  /** What was wrong (empty when it passed). */
  problems: string[]
  /** Milliseconds from sending the case to reading its answer. */
  ms: number
}

/** One era of one check in a report. */
export interface EraReport {
  from: string
  to: string | null
  rule: string | null
  cases: number
  passed: number
  /** The ids of the cases that failed. */
  failed: string[]
}

/** What `runSuite` returns. */
export interface ConformanceReport {
  engine: string
  cases: number
  passed: number
  failed: number
  /** Milliseconds for the whole run. */
  ms: number
  /** By check (in suite order), then by era. */
  checks: Array<{ check: string; cases: number; passed: number; eras: EraReport[] }>
  results: CaseResult[]
}

/** How to run the engine. */
export interface RunOptions {
  /** Milliseconds an engine has to answer one case (default 5000). */
  timeout?: number
}

/** A running engine: send a line, read the next answer line. */
class EngineProcess {
  private child: ChildProcessWithoutNullStreams | null = null
  private lines: string[] = []
  private waiting: ((line: string | null) => void) | null = null
  private exited: string | null = null
  private stderr = ''

  constructor(private readonly command: string) {}

  private start(): ChildProcessWithoutNullStreams {
    // The engine is a command line, as a CI job writes it.
    // Its own process group, so that stopping it stops what the shell started too.
    const child = spawn(this.command, { shell: true, stdio: ['pipe', 'pipe', 'pipe'], detached: process.platform !== 'win32' })
    this.lines = []
    this.exited = null
    this.stderr = ''
    // Events of an engine already stopped (a timeout) are not this one's.
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (this.child !== child) return
      if (this.waiting) {
        const resolve = this.waiting
        this.waiting = null
        resolve(line)
      } else this.lines.push(line)
    })
    child.stderr.on('data', (chunk: Buffer) => {
      if (this.child !== child) return
      this.stderr = (this.stderr + chunk.toString()).slice(-500)
    })
    child.stdin.on('error', () => {})
    child.on('exit', (code, signal) => {
      if (this.child !== child) return
      this.exited = `the engine exited (${signal ?? `code ${code}`})${this.stderr.trim() ? `: ${this.stderr.trim().split('\n').at(-1)}` : ''}`
      if (this.waiting) {
        const resolve = this.waiting
        this.waiting = null
        resolve(null)
      }
    })
    this.child = child
    return child
  }

  /** Send one case; the answer line, or why there is none. */
  ask(line: string, timeout: number): Promise<{ line: string } | { problem: string }> {
    const child = this.child && this.exited === null ? this.child : this.start()
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = null
        this.stop()
        resolve({ problem: `no answer within ${timeout} ms` })
      }, timeout)
      const take = (answer: string | null): void => {
        clearTimeout(timer)
        if (answer === null) {
          const problem = this.exited ?? 'the engine exited'
          this.stop()
          resolve({ problem })
        } else resolve({ line: answer })
      }
      const queued = this.lines.shift()
      if (queued !== undefined) take(queued)
      else this.waiting = take
      if (queued === undefined) child.stdin.write(line + '\n')
    })
  }

  stop(): void {
    const child = this.child
    this.child = null
    if (!child) return
    child.stdin.end()
    try {
      if (process.platform !== 'win32' && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
      else child.kill('SIGKILL')
    } catch {
      // Already gone.
    }
  }
}

/** Parse one answer line for case `id`; the answer, or the problem with it. */
function readAnswer(id: string, line: string): EngineAnswer | string {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return `the answer is not JSON: ${line.slice(0, 80)}`
  }
  const parsed = engineAnswerSchema.safeParse(value)
  if (!parsed.success) return `the answer does not fit the protocol (${parsed.error.issues[0]?.path.join('.') || 'answer'}: ${parsed.error.issues[0]?.message})`
  if (parsed.data.id !== id) return `the answer is for case ${JSON.stringify(parsed.data.id)}`
  return parsed.data
}

/** Run the engine command `engine` over `cases` and judge each answer. */
export async function runSuite(engine: string, cases: readonly ConformanceCase[], options: RunOptions = {}): Promise<ConformanceReport> {
  const timeout = options.timeout ?? 5000
  const engineProcess = new EngineProcess(engine)
  const results: CaseResult[] = []
  const started = performance.now()
  try {
    for (const item of cases) {
      const sent = performance.now()
      // Sent as the exported file says it, with the expectation left out: an engine sees the question only.
      const { expect: _expect, source: _source, ...question } = item
      const reply = await engineProcess.ask(JSON.stringify(question), timeout)
      const ms = performance.now() - sent
      const answer = 'line' in reply ? readAnswer(item.id, reply.line) : reply.problem
      const problems = typeof answer === 'string' ? [answer] : judgeAnswer(item, answer)
      results.push({ id: item.id, check: item.check, edition: item.edition, era: item.source.from, passed: problems.length === 0, problems, ms })
    }
  } finally {
    engineProcess.stop()
  }
  return summarize(engine, cases, results, performance.now() - started)
}

function summarize(engine: string, cases: readonly ConformanceCase[], results: CaseResult[], ms: number): ConformanceReport {
  const checks: ConformanceReport['checks'] = []
  results.forEach((result, index) => {
    const source = cases[index].source
    let check = checks.find((entry) => entry.check === result.check)
    if (!check) checks.push((check = { check: result.check, cases: 0, passed: 0, eras: [] }))
    // A range is its first and last edition: a switch's range and a board era of the same check may start together and end apart.
    let era = check.eras.find((entry) => entry.from === source.from && entry.to === source.to)
    if (!era) check.eras.push((era = { from: source.from, to: source.to, rule: source.rule, cases: 0, passed: 0, failed: [] }))
    check.cases++
    era.cases++
    if (result.passed) {
      check.passed++
      era.passed++
    } else era.failed.push(result.id)
  })
  for (const check of checks) check.eras.sort((a, b) => a.from.localeCompare(b.from) || (a.to ?? '9999').localeCompare(b.to ?? '9999'))
  const passed = results.filter((result) => result.passed).length
  return { engine, cases: results.length, passed, failed: results.length - passed, ms: Math.round(ms), checks, results }
}

/** The report as text: a line per check and era, then each failure with its problems. */
export function formatReport(report: ConformanceReport): string {
  const percent = report.cases ? ((100 * report.passed) / report.cases).toFixed(1) : '100.0'
  const lines = [`${report.engine}: ${report.passed} of ${report.cases} cases passed (${percent}%), ${report.failed} failed`]
  for (const check of report.checks) {
    lines.push(`${check.passed === check.cases ? 'ok  ' : 'FAIL'} ${check.check}  ${check.passed}/${check.cases}`)
    for (const era of check.eras)
      lines.push(`       ${era.from} to ${era.to ?? 'now'}  ${era.rule ?? '(no rule)'}  ${era.passed}/${era.cases}${era.failed.length ? '  failed' : ''}`)
  }
  const failures = report.results.filter((result) => !result.passed)
  if (failures.length) {
    lines.push('failures:')
    for (const failure of failures) lines.push(`  ${failure.id}: ${failure.problems.join('; ')}`)
  }
  return lines.join('\n') + '\n'
}

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!)

/** The report as JUnit XML: a test suite per check, a test case per case (class name check.era). */
export function formatJunit(report: ConformanceReport): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="crdb conformance" tests="${report.cases}" failures="${report.failed}" time="${(report.ms / 1000).toFixed(3)}">`
  ]
  for (const check of report.checks) {
    const results = report.results.filter((result) => result.check === check.check)
    const time = results.reduce((sum, result) => sum + result.ms, 0) / 1000
    lines.push(`  <testsuite name="${escapeXml(check.check)}" tests="${check.cases}" failures="${check.cases - check.passed}" time="${time.toFixed(3)}">`)
    for (const result of results) {
      const open = `    <testcase name="${escapeXml(result.id)}" classname="${escapeXml(`${result.check}.${result.era}`)}" time="${(result.ms / 1000).toFixed(3)}"`
      if (result.passed) lines.push(`${open}/>`)
      else {
        lines.push(`${open}>`)
        lines.push(`      <failure message="${escapeXml(result.problems[0] ?? 'failed')}">${escapeXml(result.problems.join('\n'))}</failure>`)
        lines.push('    </testcase>')
      }
    }
    lines.push('  </testsuite>')
  }
  lines.push('</testsuites>')
  return lines.join('\n') + '\n'
}
