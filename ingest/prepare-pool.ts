/**
 * Parse editions on every core: worker threads decode, parse and normalize
 * sources (`prepare-worker.ts`) while the build thread waits for their
 * answers synchronously (the ingest API is synchronous), then stores them
 * itself, one writer, in date order.
 *
 * Used only where the compiled worker script is beside this module (the
 * built package, not the TypeScript sources a test runner loads) and there
 * is more than one core and a few sources; otherwise the caller prepares
 * in-process, with the same code and the same result.
 */
import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads'
import type { ErrorCode } from '../src/vocabulary/errors.js'
import type { SourceFormat } from './parse/dump.js'
import type { EditionInput } from './store.js'

/** One source for a worker to prepare. */
export interface PrepareTask {
  /** Its position in the caller's list. */
  index: number
  uri: string
  /** The bytes (fetched ones); absent for a file, read where it is prepared. */
  bytes?: Uint8Array
  /** The sha256 the bytes had when found new. */
  sha256: string
  contentType?: string
}

/**
 * A worker's answer: the prepared edition (packed), the dump format found, or the error (code and message of a
 * `CrdbError`).
 */
export type PrepareAnswer =
  | { index: number; prepared: PackedEdition | { dump: Exclude<SourceFormat, 'official-text'> } }
  | { index: number; error: { code?: ErrorCode; message: string } }

type Entry = EditionInput['entries'][number]

/**
 * The entries of an edition field by field, one array each: a few arrays cross between threads several times
 * faster than a quarter of a million small objects, which were most of the build thread's time in taking
 * answers. An entry of a content the same worker sent in an earlier answer has no text and examples
 * (undefined): the build thread has them from that answer.
 */
export interface EntryColumns {
  kind: Array<Entry['kind']>
  key: string[]
  label: string[]
  sortKey: string[]
  text: Array<string | undefined>
  examples: Array<string[] | undefined>
  aliases: string[][]
  obsolete: boolean[]
  hash: string[]
  line: Int32Array
}

/** An edition as a worker sends it: its entries as {@link EntryColumns}. */
export type PackedEdition = Omit<EditionInput, 'entries'> & { columns: EntryColumns }

/**
 * `input` as a worker sends it: packed, the entries of contents in `sent` without their text and examples;
 * the contents of the others are added to `sent`.
 */
export function packEdition(input: EditionInput, sent: Set<string>): PackedEdition {
  const { entries, ...rest } = input
  const count = entries.length
  const columns: EntryColumns = {
    kind: new Array(count),
    key: new Array(count),
    label: new Array(count),
    sortKey: new Array(count),
    text: new Array(count),
    examples: new Array(count),
    aliases: new Array(count),
    obsolete: new Array(count),
    hash: new Array(count),
    line: new Int32Array(count)
  }
  for (let index = 0; index < count; index++) {
    const entry = entries[index]
    const fresh = !sent.has(entry.hash)
    if (fresh) sent.add(entry.hash)
    columns.kind[index] = entry.kind
    columns.key[index] = entry.key
    columns.label[index] = entry.label
    columns.sortKey[index] = entry.sortKey
    columns.text[index] = fresh ? entry.text : undefined
    columns.examples[index] = fresh ? entry.examples : undefined
    columns.aliases[index] = entry.aliases
    columns.obsolete[index] = entry.obsolete
    columns.hash[index] = entry.hash
    columns.line[index] = entry.line
  }
  return { ...rest, columns }
}

/** The edition a worker packed ({@link packEdition}); entries sent before have `text` and `examples` undefined. */
export function unpackEdition(packed: PackedEdition): EditionInput {
  const { columns, ...rest } = packed
  const count = columns.line.length
  const entries: Entry[] = new Array(count)
  for (let index = 0; index < count; index++) {
    // Every field spelled out (typed: a field added to entries is not left out unnoticed).
    const entry: Omit<Entry, 'text' | 'examples'> & { text: string | undefined; examples: string[] | undefined } = {
      kind: columns.kind[index],
      key: columns.key[index],
      label: columns.label[index],
      sortKey: columns.sortKey[index],
      text: columns.text[index],
      examples: columns.examples[index],
      aliases: columns.aliases[index],
      obsolete: columns.obsolete[index],
      hash: columns.hash[index],
      line: columns.line[index]
    }
    entries[index] = entry as Entry
  }
  return { ...rest, entries }
}

const workerScript = new URL('./prepare-worker.js', import.meta.url)
// Workers start in about 50 ms each: not worth it for a source or two.
const minimumTasks = 4
// No answer for this long while tasks are out: a worker died; the rest is prepared in-process.
const stallMs = 60_000

/**
 * Prepare `tasks` on worker threads, calling `onAnswer` (on this thread) as
 * each answer arrives. Returns the tasks left unprepared: all of them when
 * workers are not used here, none after a normal run.
 */
export function prepareInWorkers(tasks: PrepareTask[], onAnswer: (answer: PrepareAnswer) => void): PrepareTask[] {
  const cores = availableParallelism()
  if (cores < 2 || tasks.length < minimumTasks || !existsSync(fileURLToPath(workerScript))) return tasks
  const signal = new Int32Array(new SharedArrayBuffer(4))
  const pool: Array<{ worker: Worker; port: MessagePort; out: Set<number> }> = []
  const answered = new Set<number>()
  try {
    for (let count = Math.min(cores, 4, Math.ceil(tasks.length / 2)); pool.length < count; ) {
      const { port1, port2 } = new MessageChannel()
      const worker = new Worker(workerScript, { workerData: { port: port2, signal }, transferList: [port2] })
      pool.push({ worker, port: port1, out: new Set() })
    }
    let next = 0
    const send = (member: (typeof pool)[number]): void => {
      if (next >= tasks.length) return
      const task = tasks[next++]
      member.out.add(task.index)
      member.port.postMessage(task)
    }
    // Two tasks in flight per worker: it starts the next while this thread takes in the last.
    for (const member of pool) for (let slot = 0; slot < 2; slot++) send(member)
    while (answered.size < tasks.length) {
      const seen = Atomics.load(signal, 0)
      let progress = false
      for (const member of pool) {
        for (let message = receiveMessageOnPort(member.port); message; message = receiveMessageOnPort(member.port)) {
          const answer = message.message as PrepareAnswer
          member.out.delete(answer.index)
          answered.add(answer.index)
          progress = true
          onAnswer(answer)
          send(member)
        }
      }
      if (!progress && Atomics.wait(signal, 0, seen, stallMs) === 'timed-out' && Atomics.load(signal, 0) === seen) break
    }
  } finally {
    for (const member of pool) {
      member.port.close()
      void member.worker.terminate()
    }
  }
  return tasks.filter((task) => !answered.has(task.index))
}
