/**
 * What a server at rest does (src/server/idle-watch.ts, src/server/compact-heap.ts): a quiet period noticed once,
 * not while work is under way, started again by any use; and a full collection without --expose-gc at start.
 */
import { describe, expect, it } from 'vitest'
import { compactHeap } from '../src/server/compact-heap.js'
import { watchIdle } from '../src/server/idle-watch.js'

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Wait until `done()` or 5 s. */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done() && waited < 5000; waited += 10) await pause(10)
}

describe('watchIdle', () => {
  it('calls onIdle once per quiet period, never while busy, and again after a use', async () => {
    let busy = true
    let idled = 0
    const watch = watchIdle({ idleMs: 30, busy: () => busy, onIdle: () => idled++ })
    watch.touch()
    await pause(120)
    // Busy the whole time: no quiet period yet.
    expect(idled).toBe(0)
    busy = false
    await until(() => idled === 1)
    expect(idled).toBe(1)
    await pause(100)
    // Once per quiet period: nothing more until the next use.
    expect(idled).toBe(1)
    watch.touch()
    await until(() => idled === 2)
    expect(idled).toBe(2)
    watch.touch()
    watch.stop()
    await pause(100)
    expect(idled).toBe(2)
  })
})

describe('compactHeap', () => {
  it('collects what nothing holds any more', () => {
    let held: string[] | undefined = Array.from({ length: 400_000 }, (_, index) => `garbage ${index} ${'x'.repeat(64)}`)
    const before = process.memoryUsage().heapUsed
    expect(held.length).toBe(400_000)
    held = undefined
    compactHeap()
    const after = process.memoryUsage().heapUsed
    // 400,000 strings of about 80 characters: over 30 MB, all of it gone after one collection.
    expect(before - after).toBeGreaterThan(25 * 1024 * 1024)
    expect(held).toBeUndefined()
  })
})
