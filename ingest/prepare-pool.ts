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
import { sortKeyOf } from '../src/vocabulary/rule-number.js'
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
 * The entries of an edition packed to cross between threads: numbers in typed arrays, and the short string
 * fields each joined into one string. Taking a quarter of a million small objects (or one string each) out of a
 * message was most of the build thread's time while workers parse; a few long strings and arrays come across
 * many times faster. What the build keeps (hashes, texts, examples) comes as strings of their own: a part cut
 * from a joined string would keep the whole of it alive. An entry of a content the same worker sent in an
 * earlier answer comes without its text and examples (`fresh` 0): the build thread has them from that answer.
 */
interface EntryColumns {
  count: number
  /** 0 rule, 1 term. */
  kinds: Uint8Array
  obsolete: Uint8Array
  lines: Int32Array
  /** 1 where the text and examples are sent. */
  fresh: Uint8Array
  hashes: string[]
  /** Joined by NUL: keys; labels and sort keys (STX: the key itself; SOH: the rule sort key of the key). */
  keys: string
  labels: string
  sortKeys: string
  /** Per entry, its aliases each after an SOH (none: empty); entries joined by NUL. */
  aliases: string
  /** The texts of fresh entries. */
  texts: string[]
  /** The number of examples of each fresh entry, and all their examples. */
  exampleCounts: Int32Array
  examples: string[]
}

/** An edition as a worker sends it: its entries as {@link EntryColumns}. */
export type PackedEdition = Omit<EditionInput, 'entries'> & { columns: EntryColumns }

// The decoder lets no control character through, so none of these occurs in what they join.
const separator = '\u0000'
const innerSeparator = '\u0001'
const ruleSortKey = '\u0001'
const sameAsKey = '\u0002'

/**
 * `input` as a worker sends it: packed, the entries of contents in `sent` without their text and examples;
 * the contents of the others are added to `sent`.
 */
export function packEdition(input: EditionInput, sent: Set<string>): PackedEdition {
  const { entries, ...rest } = input
  const count = entries.length
  const kinds = new Uint8Array(count)
  const obsolete = new Uint8Array(count)
  const lines = new Int32Array(count)
  const fresh = new Uint8Array(count)
  const keys: string[] = new Array(count)
  const hashes: string[] = new Array(count)
  const labels: string[] = new Array(count)
  const sortKeys: string[] = new Array(count)
  const aliases: string[] = new Array(count)
  const texts: string[] = []
  const exampleCounts: number[] = []
  const examples: string[] = []
  for (let index = 0; index < count; index++) {
    const entry = entries[index]
    kinds[index] = entry.kind === 'term' ? 1 : 0
    obsolete[index] = entry.obsolete ? 1 : 0
    lines[index] = entry.line
    keys[index] = entry.key
    hashes[index] = entry.hash
    labels[index] = entry.label === entry.key ? sameAsKey : entry.label
    sortKeys[index] = entry.sortKey === entry.key ? sameAsKey : entry.kind === 'rule' && entry.sortKey === sortKeyOf(entry.key) ? ruleSortKey : entry.sortKey
    aliases[index] = entry.aliases.length === 0 ? '' : innerSeparator + entry.aliases.join(innerSeparator)
    if (!sent.has(entry.hash)) {
      sent.add(entry.hash)
      fresh[index] = 1
      texts.push(entry.text)
      exampleCounts.push(entry.examples.length)
      examples.push(...entry.examples)
    }
  }
  const columns: EntryColumns = {
    count,
    kinds,
    obsolete,
    lines,
    fresh,
    keys: keys.join(separator),
    hashes,
    labels: labels.join(separator),
    sortKeys: sortKeys.join(separator),
    aliases: aliases.join(separator),
    texts,
    exampleCounts: Int32Array.from(exampleCounts),
    examples
  }
  return { ...rest, columns }
}

/** The edition a worker packed ({@link packEdition}); entries sent before have `text` and `examples` undefined. */
export function unpackEdition(packed: PackedEdition): EditionInput {
  const { columns, ...rest } = packed
  const { count } = columns
  const split = (joined: string, expected: number): string[] => {
    const parts = expected === 0 ? [] : joined.split(separator)
    if (parts.length !== expected) throw new Error(`${rest.uri}: a packed field has ${parts.length} parts, not ${expected}`)
    return parts
  }
  const keys = split(columns.keys, count)
  const labels = split(columns.labels, count)
  const sortKeys = split(columns.sortKeys, count)
  const aliases = split(columns.aliases, count)
  const { hashes, texts, examples } = columns
  const entries: Entry[] = new Array(count)
  let freshIndex = 0
  let exampleIndex = 0
  for (let index = 0; index < count; index++) {
    const key = keys[index]
    const kind = columns.kinds[index] === 1 ? 'term' : 'rule'
    const sortKey = sortKeys[index]
    let text: string | undefined
    let entryExamples: string[] | undefined
    if (columns.fresh[index] === 1) {
      text = texts[freshIndex]
      const exampleCount = columns.exampleCounts[freshIndex++]
      entryExamples = examples.slice(exampleIndex, exampleIndex + exampleCount)
      exampleIndex += exampleCount
    }
    // Every field spelled out (typed: a field added to entries is not left out unnoticed).
    const entry: Omit<Entry, 'text' | 'examples'> & { text: string | undefined; examples: string[] | undefined } = {
      kind,
      key,
      label: labels[index] === sameAsKey ? key : labels[index],
      sortKey: sortKey === sameAsKey ? key : sortKey === ruleSortKey ? sortKeyOf(key) : sortKey,
      text,
      examples: entryExamples,
      aliases: aliases[index] === '' ? [] : aliases[index].slice(1).split(innerSeparator),
      obsolete: columns.obsolete[index] === 1,
      hash: hashes[index],
      line: columns.lines[index]
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

/** Worker threads that prepare sources, for one build: {@link openPreparePool}. */
export interface PreparePool {
  /**
   * Prepare `tasks` on the workers and on this thread: `onAnswer` is called (on this thread) as each worker's
   * answer arrives; whenever no answer is waiting (this thread would otherwise sleep), `idle` is asked first
   * (it does some other work and says whether it did), then `prepareHere` takes the next task. So one worker
   * fewer than cores: each worker compiles the parsers again in a heap of its own, and this thread has them
   * compiled for the dumps anyway. Returns the tasks left unprepared: none after a normal run, the rest when a
   * worker stopped answering.
   */
  run(tasks: PrepareTask[], onAnswer: (answer: PrepareAnswer) => void, prepareHere: (task: PrepareTask) => void, idle?: () => boolean): PrepareTask[]
  /** Stop the workers. */
  close(): void
}

/**
 * Start the worker threads of a build of `tasks` sources. None where workers are not worth it or cannot run: one
 * core, fewer than four sources, or no compiled worker script beside this module (the TypeScript sources a test
 * runner loads); {@link PreparePool.run} then prepares every task on this thread, with the same code and the
 * same result.
 */
export function openPreparePool(tasks: number): PreparePool {
  const cores = availableParallelism()
  const workers = cores < 2 || tasks < minimumTasks || !existsSync(fileURLToPath(workerScript)) ? 0 : Math.min(cores - 1, 4, Math.ceil(tasks / 2))
  const signal = new Int32Array(new SharedArrayBuffer(4))
  const pool: Array<{ worker: Worker; port: MessagePort }> = []
  for (let count = workers; pool.length < count; ) {
    const { port1, port2 } = new MessageChannel()
    const worker = new Worker(workerScript, { workerData: { port: port2, signal }, transferList: [port2] })
    pool.push({ worker, port: port1 })
  }
  return {
    run(tasks, onAnswer, prepareHere, idle) {
      const answered = new Set<number>()
      let next = 0
      const send = (member: (typeof pool)[number]): void => {
        if (next >= tasks.length) return
        member.port.postMessage(tasks[next++])
      }
      // Tasks in flight per worker: it starts the next while this thread takes in the last, or stores an edition.
      for (const member of pool) for (let slot = 0; slot < 8; slot++) send(member)
      while (answered.size < tasks.length) {
        const seen = Atomics.load(signal, 0)
        let progress = false
        for (const member of pool) {
          for (let message = receiveMessageOnPort(member.port); message; message = receiveMessageOnPort(member.port)) {
            const answer = message.message as PrepareAnswer
            answered.add(answer.index)
            progress = true
            onAnswer(answer)
            send(member)
          }
        }
        if (progress) continue
        if (idle?.()) continue
        if (next < tasks.length) {
          const task = tasks[next++]
          prepareHere(task)
          answered.add(task.index)
          continue
        }
        if (Atomics.wait(signal, 0, seen, stallMs) === 'timed-out' && Atomics.load(signal, 0) === seen) break
      }
      return tasks.filter((task) => !answered.has(task.index))
    },
    close() {
      for (const member of pool) {
        member.port.close()
        void member.worker.terminate()
      }
    }
  }
}
