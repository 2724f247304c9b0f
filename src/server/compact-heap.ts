/**
 * Giving memory back at rest. V8 shrinks a heap only when it collects, and it
 * collects only when it allocates: a server left alone after a burst keeps the
 * young generation the burst grew (32 MB on the server's thread) for as long as
 * it stays alone. One full collection at rest lets V8 see that nothing is being
 * allocated and shrink it back to 1 MB (about 30 MB resident after a sweep of
 * every edition, measured by `npm run bench`).
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

let collect: (() => void) | undefined

/**
 * Collect this thread's whole heap now. `gc` comes from a context of its own,
 * made after `--expose-gc` is set (as jest's leak detector does): nothing global
 * changes, and the process need not be started with the flag.
 */
export function compactHeap(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc')
    collect = runInNewContext('gc') as () => void
  }
  collect()
}
