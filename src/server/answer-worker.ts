/**
 * The worker thread that makes the server's costly answers (see
 * `answer-workers.ts`): its own read-only handle on the database and its own
 * app (routes only: the server's thread keeps the answer cache, the headers,
 * the links' prefix and the bound), answering each request it is sent in turn.
 * The one started with the server first fills the search's state.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { limitPageCache, openDatabase } from '../store/database.js'
import { createServerApp } from './app.js'
import { readAnswerBytes } from './answer-text.js'
import { warmSearch } from '../query/search-warm-up.js'
import type { WorkerAnswer, WorkerData, WorkerRequest, WorkerWarmed } from './answer-workers.js'

const data = workerData as WorkerData
const db = openDatabase(data.databasePath, { readonly: true })
// Its searches keep what they read (texts, words, each edition's scope); a page cache of 16 MB would add about 13 MB to
// what the server holds at rest once the worker has stopped (docs/performance-log.md, the twelfth round).
limitPageCache(db, 2048)
const { app } = createServerApp({ db, version: data.version, baseUrl: data.baseUrl, basePath: data.basePath, worker: true })

/** The answer to `request` as the worker sends it: the body its route kept (not read back out of the Response, a stream). */
async function answerRequest(request: Omit<WorkerRequest, 'id'>): Promise<Omit<WorkerAnswer, 'id'>> {
  const asked = new Request(new URL(request.url, 'http://localhost'), { method: request.method, headers: request.headers })
  const response = await app.fetch(asked)
  const kept = response.body === null ? undefined : readAnswerBytes(asked)
  const body = kept ?? new Uint8Array(await response.arrayBuffer())
  return { status: response.status, headers: [...response.headers], body }
}

// The worker started with the server fills the search's state first, a search a turn, so that a request that comes
// meanwhile waits for one search at most, and for `warmForMs` at most (see search-warm-up.ts). It asks as a client's
// request is answered: what a search request runs beside the search (the route, its parameters, the JSON) is compiled too.
if (data.warm) {
  const started = performance.now()
  const steps = warmSearch(db, async (question, options) => {
    const era = options.at && 'era' in options.at ? `&era=${options.at.era}` : ''
    const { status } = await answerRequest({ method: 'GET', url: `/v1/search?q=${encodeURIComponent(question)}${era}`, headers: [] })
    // The route answers a store that cannot answer with 500: the warm-up stops there, as a search's error stopped it.
    if (status >= 500) throw new Error(`the warm-up's search answered ${status}`)
  })
  const finish = (failed: boolean, cut: boolean): void => {
    const warmed: WorkerWarmed = { warmed: Math.round(performance.now() - started), ...(failed ? { failed: true } : cut ? { cut: true } : {}) }
    parentPort!.postMessage(warmed)
  }
  const step = (): void => {
    const cut = performance.now() - started >= (data.warmForMs ?? Number.POSITIVE_INFINITY)
    try {
      const next = cut ? undefined : steps.next()
      if (next && !next.done) {
        // A store that cannot answer says so to the requests that read it.
        Promise.resolve(next.value).then(
          () => setImmediate(step),
          () => finish(true, false)
        )
        return
      }
    } catch {
      finish(true, false)
      return
    }
    finish(false, cut)
  }
  setImmediate(step)
}

parentPort!.on('message', async (request: WorkerRequest) => {
  const answer: WorkerAnswer = { id: request.id, ...(await answerRequest(request)) }
  parentPort!.postMessage(answer, [answer.body.buffer])
})
