/**
 * Warming the server's page code as it starts. V8 compiles a function to
 * machine code once it has run often (a rule page's body after about a thousand
 * pages), on a background thread, and again when it first meets a rule of
 * another shape (one with a note of its numbering, its source damage, examples,
 * subrules): until then every first page pays for running unoptimized code, and
 * the compiling takes a core the requests need. `crdb serve` renders rule pages
 * of every era on a throwaway app over its own handle, one page a turn of the
 * event loop, so a request that comes meanwhile waits for one page at most; the
 * throwaway app and its caches are let go after it; the served app's answer
 * cache, log and state are not touched (what the read side keeps per handle
 * is filled as any page fills it).
 */
import type { Crdb } from '../store/database.js'
import { sampleRuleVersions } from '../store/rules.js'
import { createApp } from './app.js'

/** How many pages a warm-up renders (1-2 s on the full archive as the server starts, in slices of about a millisecond). */
const warmUpPages = 1500

/** A warm-up under way. */
export interface PageWarmUp {
  /** Stop before the next page (the server is closing its handle). */
  stop: () => void
  /** Settles when the warm-up has rendered its pages, stopped or failed: how many pages it rendered. */
  done: Promise<number>
}

/** Start warming the page code over `db` (read-only; `version` as the served app's), `pages` pages. */
export function warmPages(db: Crdb, version: string, pages = warmUpPages): PageWarmUp {
  let rendered = 0
  let next: NodeJS.Immediate | undefined
  let settle!: (rendered: number) => void
  const done = new Promise<number>((resolve) => {
    settle = resolve
  })
  let paths: string[] = []
  let app: ReturnType<typeof createApp> | undefined
  try {
    app = createApp({ db, version })
    paths = sampleRuleVersions(db, pages).map(({ key, day }) => `/rules/${key}?date=${day}`)
  } catch {
    // A store that cannot answer says so to the requests that read it.
  }
  // The throwaway app and its caches are let go once the warm-up ends.
  const finish = (count: number): void => {
    app = undefined
    paths = []
    settle(count)
  }
  const step = (): void => {
    next = undefined
    if (!app || rendered >= paths.length) {
      finish(rendered)
      return
    }
    // The routes answer synchronously: the page is made before app.request's promise settles.
    void Promise.resolve(app.request(paths[rendered]))
      .then((response) => response.arrayBuffer())
      .then(
        () => {
          rendered++
          next = setImmediate(step)
        },
        () => finish(rendered)
      )
  }
  next = setImmediate(step)
  return {
    stop: () => {
      if (next) clearImmediate(next)
      next = undefined
      finish(rendered)
    },
    done
  }
}
