/**
 * Something done once a quiet period has passed: the answer worker stopping,
 * the server's thread giving memory back. One timer at a time, armed by the
 * first use after a quiet period and re-armed for what is left of it, so a use
 * costs a clock read, never a timer.
 */

/** Options of {@link watchIdle}. */
export interface IdleWatchOptions {
  /** How long without a use counts as idle (ms). */
  idleMs: number
  /** Whether work is still under way (the quiet period then starts again). */
  busy?: () => boolean
  /** What to do once idle; called once per quiet period. */
  onIdle: () => void
}

/** A watch for a quiet period: see {@link watchIdle}. */
export interface IdleWatch {
  /** Note a use now: the quiet period starts again. */
  touch: () => void
  /** Stop watching (until the next touch). */
  stop: () => void
}

/** Watch for `options.idleMs` without a {@link IdleWatch.touch}, then call `options.onIdle` once. */
export function watchIdle(options: IdleWatchOptions): IdleWatch {
  const { idleMs, busy, onIdle } = options
  let lastUse = Date.now()
  let timer: NodeJS.Timeout | undefined
  const arm = (delay: number): void => {
    timer = setTimeout(() => {
      timer = undefined
      const quiet = Date.now() - lastUse
      if (busy?.()) return arm(idleMs)
      if (quiet < idleMs) return arm(idleMs - quiet)
      onIdle()
    }, delay)
    // A quiet period never keeps the process alive.
    timer.unref()
  }
  return {
    touch: () => {
      lastUse = Date.now()
      if (!timer) arm(idleMs)
    },
    stop: () => {
      clearTimeout(timer)
      timer = undefined
    }
  }
}
