/**
 * Costly answers off the server's thread. The handlers are synchronous SQLite
 * and rendering: a whole diff holds the thread for hundreds of milliseconds,
 * and every request behind it waits, however cheap. `crdb serve` makes the
 * costly answers (the requests the bound in `cost-bound.ts` names) on a worker
 * thread with its own read-only handle instead, one at a time; the server's
 * thread only takes requests in, answers the cheap ones and the cached ones,
 * and sends the worker's answers on. Where the worker's script is not there
 * (the TypeScript sources run by a test runner), answers are made in-process.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { keepAnswerBody } from './answer-text.js'
import { watchIdle } from './idle-watch.js'

/** What the worker is started with. */
export interface WorkerData {
  databasePath: string
  version: string
  baseUrl?: string
  basePath?: string
  /** Fill the search's state first: set by {@link startAnswerWorker} for the worker started with the server. */
  warm?: boolean
  /** Stop filling it this long after the worker started (ms), done or not. */
  warmForMs?: number
}

/** A request sent to the worker. */
export interface WorkerRequest {
  id: number
  method: string
  url: string
  headers: Array<[string, string]>
}

/** The worker's answer to a request. */
export interface WorkerAnswer {
  id: number
  status: number
  headers: Array<[string, string]>
  body: Uint8Array<ArrayBuffer>
}

/**
 * What the worker says when it is done filling the search's state: how long it took (ms), whether the store could
 * not answer, and whether it stopped at `warmForMs` before the end (a worker busy with requests warms slowly).
 */
export interface WorkerWarmed {
  warmed: number
  failed?: true
  cut?: true
}

/** A worker thread making answers. */
export interface AnswerWorker {
  /** The answer to a GET (or HEAD, asked as a GET: Node's server leaves a HEAD's body out). */
  answer: (request: Request) => Promise<Response>
  /** Stop the worker. */
  close: () => Promise<void>
}

const workerScript = new URL('./answer-worker.js', import.meta.url)

/**
 * The worker's heap. Left to itself V8 lets a heap grow far past what it holds
 * live (about 45 MB here: the search state, names, histories) before it
 * collects; these limits keep the worker near that. The costliest answer (the
 * whole diff from 1999 to today, 2.8 MB of JSON) peaks under 90 MB; a worker
 * that ran out would stop, its request answer 500, and the next start a new one.
 */
const workerHeap = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 8 }

/**
 * How long the worker may sit idle before it stops. Its heap stays near its
 * high-water mark while it lives (about 60 MB more than at start after a sweep
 * of every edition's pages and diffs); stopping gives that back, and the next
 * costly answer starts another worker (about 0.3 s more for that one answer).
 */
const workerIdleMs = 10_000

/**
 * How long the worker started with the server may spend filling the search's state. On an idle server it takes about
 * 2 s; one crawled from its start takes a search a turn between the crawl's answers, and would still be filling it
 * (busy, so never stopping when idle) long after the crawl.
 */
const workerWarmForMs = 10_000

/** Options of {@link startAnswerWorker}. */
export interface AnswerWorkerOptions {
  /** Stop the worker after this long without a request (ms; default 10 s). */
  idleMs?: number
  /** Stop filling the search's state this long after the server started the worker (ms; default 10 s). */
  warmForMs?: number
}

/** Start the worker, or `undefined` where its script is not built. A worker that stops (idle, or failed) is started again on the next request. */
export function startAnswerWorker(
  data: Omit<WorkerData, 'warm' | 'warmForMs'>,
  log?: (line: string) => void,
  options: AnswerWorkerOptions = {}
): AnswerWorker | undefined {
  if (!existsSync(fileURLToPath(workerScript))) return undefined
  const idleMs = options.idleMs ?? workerIdleMs
  const pending = new Map<number, { request: Request; to: Worker; resolve: (response: Response) => void; reject: (error: Error) => void }>()
  let nextId = 0
  let worker: Worker | undefined
  // The worker filling the search's state, while it does (it is busy then, with no request pending).
  let warming: Worker | undefined
  // An idle worker stops: its heap stays near its high-water mark while it lives.
  const idle = watchIdle({
    idleMs,
    busy: () => pending.size > 0 || (warming !== undefined && warming === worker),
    onIdle: () => {
      const stopping = worker
      worker = undefined
      if (!stopping) return
      log?.(`the answer worker stopped after ${idleMs} ms idle`)
      void stopping.terminate()
    }
  })
  // The worker started with the server fills the search's state while no request waits; one started by a request does not.
  const start = (warm: boolean): Worker => {
    const workerData: WorkerData = { ...data, warm, warmForMs: options.warmForMs ?? workerWarmForMs }
    const started = new Worker(workerScript, { workerData, resourceLimits: workerHeap })
    started.on('message', (answer: WorkerAnswer | WorkerWarmed) => {
      if ('warmed' in answer) {
        // Idle time counts from here.
        if (warming === started) warming = undefined
        idle.touch()
        // A store that cannot answer says so to the requests that read it; the worker is idle all the same.
        if (answer.failed) return
        if (answer.cut) log?.(`the answer worker filled the search's state for ${answer.warmed} ms and left the rest (it was busy)`)
        else log?.(`the answer worker filled the search's state in ${answer.warmed} ms`)
        return
      }
      const waiting = pending.get(answer.id)
      if (!waiting) return
      pending.delete(answer.id)
      idle.touch()
      const empty = answer.status === 204 || answer.status === 304
      if (!empty) keepAnswerBody(waiting.request, answer.body)
      waiting.resolve(new Response(empty ? null : answer.body, { status: answer.status, headers: answer.headers }))
    })
    started.on('error', (error) => log?.(`error: the answer worker failed: ${error.stack ?? error}`))
    started.on('exit', () => {
      if (worker === started) worker = undefined
      if (warming === started) warming = undefined
      // Only what was sent to this worker: one stopped when idle may exit after the next has taken requests.
      for (const [id, waiting] of pending) {
        if (waiting.to !== started) continue
        pending.delete(id)
        waiting.reject(new Error('the answer worker stopped'))
      }
    })
    if (warm) warming = started
    idle.touch()
    return started
  }
  worker = start(true)
  return {
    answer: (request) =>
      new Promise((resolve, reject) => {
        worker ??= start(false)
        idle.touch()
        const id = nextId++
        pending.set(id, { request, to: worker, resolve, reject })
        const message: WorkerRequest = { id, method: request.method === 'HEAD' ? 'GET' : request.method, url: request.url, headers: [...request.headers] }
        worker.postMessage(message)
      }),
    close: async () => {
      const running = worker
      worker = undefined
      idle.stop()
      if (running) await running.terminate()
    }
  }
}
