/**
 * Benchmark module: the library as shipped. The in-process figures time the
 * compiled `dist/` that `import 'crdb'`, `'crdb/engine'` and `'crdb/ingest'`
 * give a user (`npm run bench` builds it first), not the sources as tsx
 * transpiles them on the fly: tsx keeps every function's name by wrapping the
 * function where it is made, which cost a full engine check 6% of its time on
 * a quiet machine (88-91 against 82-86 us on the benchmark board) and up to a
 * fifth on a busy one (98.8 against 81.2 us), measured back to back on 2026-11-23.
 *
 *   const { crdb, engine } = await loadShipped()
 */
import type * as Library from '../../src/index.js'
import type * as Engine from '../../src/engine/index.js'
import type * as Ingest from '../../ingest/index.js'

/** The three entry points of the compiled package. */
export interface Shipped {
  crdb: typeof Library
  engine: typeof Engine
  ingest: typeof Ingest
}

let loaded: Promise<Shipped> | undefined

/** Load the compiled entry points (once); a clear error when `dist/` has not been built. */
export function loadShipped(): Promise<Shipped> {
  loaded ??= (async () => {
    const dist = new URL('../../dist/', import.meta.url)
    const load = async <T>(path: string): Promise<T> => {
      try {
        return (await import(new URL(path, dist).href)) as T
      } catch (error) {
        throw new Error(`bench: cannot load the compiled library dist/${path} (run npm run build first): ${(error as Error).message}`)
      }
    }
    return {
      crdb: await load<typeof Library>('src/index.js'),
      engine: await load<typeof Engine>('src/engine/index.js'),
      ingest: await load<typeof Ingest>('ingest/index.js')
    }
  })()
  return loaded
}
