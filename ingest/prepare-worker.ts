/**
 * A worker thread of the prepare pool (`prepare-pool.ts`): prepares the
 * sources it is sent, one at a time, and answers each on its port, then
 * raises the shared signal the waiting build thread sleeps on.
 */
import { type MessagePort, workerData } from 'node:worker_threads'
import { CrdbError } from '../src/vocabulary/errors.js'
import { prepareTaskBytes } from './prepare-edition.js'
import { type PrepareAnswer, type PrepareTask, packEdition } from './prepare-pool.js'

const { port, signal } = workerData as { port: MessagePort; signal: Int32Array }
// Contents this worker already sent: editions repeat most of their texts, and the build thread keeps one copy of
// each, so later answers leave out the text and examples of a content sent before (see `packEdition`).
const sent = new Set<string>()

port.on('message', (task: PrepareTask) => {
  let answer: PrepareAnswer
  try {
    const prepared = prepareTaskBytes(task)
    // A dump goes back to the build thread whole (its parsers live there); only say which.
    answer = { index: task.index, prepared: 'dump' in prepared ? { dump: prepared.dump } : packEdition(prepared, sent) }
  } catch (error) {
    answer =
      error instanceof CrdbError
        ? { index: task.index, error: { code: error.code, message: error.message } }
        : { index: task.index, error: { message: (error as Error).message ?? String(error) } }
  }
  port.postMessage(answer)
  Atomics.add(signal, 0, 1)
  Atomics.notify(signal, 0)
})
