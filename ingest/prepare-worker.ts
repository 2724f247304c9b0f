/**
 * A worker thread of the prepare pool (`prepare-pool.ts`): prepares the
 * sources it is sent, one at a time, and answers each on its port, then
 * raises the shared signal the waiting build thread sleeps on. After the
 * editions are stored, it matches pairs of them for the lineage beside the
 * build thread (a {@link LineageTask}).
 */
import { type MessagePort, workerData } from 'node:worker_threads'
import { CrdbError } from '../src/vocabulary/errors.js'
import type { LineageTask } from './lineage.js'
import { prepareTaskBytes } from './prepare-edition.js'
import { type LineageAnswer, type PrepareAnswer, type PrepareTask, packEdition } from './prepare-pool.js'

const { port, signal } = workerData as { port: MessagePort; signal: Int32Array }
// Contents this worker already sent: editions repeat most of their texts, and the build thread keeps one copy of
// each, so later answers leave out the text and examples of a content sent before (see `packEdition`).
const sent = new Set<string>()

port.on('message', (task: PrepareTask | { lineage: LineageTask }) => {
  if ('lineage' in task) {
    void matchLineage(task.lineage).then(reply)
    return
  }
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
  reply(answer)
})

function reply(answer: PrepareAnswer | LineageAnswer): void {
  port.postMessage(answer)
  Atomics.add(signal, 0, 1)
  Atomics.notify(signal, 0)
}

/** The pairs this worker matched of `task`, on a handle of its own (the lineage's code is loaded only then). */
async function matchLineage(task: LineageTask): Promise<LineageAnswer> {
  try {
    const [{ matchClaimedPairs }, { openDatabase }] = await Promise.all([import('./lineage.js'), import('../src/store/database.js')])
    const db = openDatabase(task.databasePath, { readonly: true })
    try {
      return { lineage: matchClaimedPairs(db, task) }
    } finally {
      db.close()
    }
  } catch (error) {
    // The build thread matches what this worker claimed and did not answer for.
    return { lineage: [], failed: (error as Error).message ?? String(error) }
  }
}
