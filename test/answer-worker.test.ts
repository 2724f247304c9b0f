/**
 * The server's answer worker (src/server/answer-workers.ts), as `crdb serve` runs it: the built script on a
 * real worker thread over the test database. An idle worker stops, giving its heap back, and the next costly
 * answer starts another; the one started with the server fills the search's state first.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { openDatabase } from '../src/store/database.js'
import { archiveAvailable, projectRoot, temporaryFolder } from './helpers.js'

const built = join(projectRoot, 'dist/src/server/answer-workers.js')

describe.skipIf(!archiveAvailable())('the answer worker', () => {
  it('stops when idle and starts again on the next request', async () => {
    expect(existsSync(built), `${built} is built by npm test's pretest (npm run build)`).toBe(true)
    const { startAnswerWorker } = (await import(built)) as typeof import('../src/server/answer-workers.js')
    const lines: string[] = []
    // Warming briefly: this test is of stopping when idle, which a worker filling the search's state is not.
    const worker = startAnswerWorker({ databasePath: inject('archiveDatabase')!, version: 'test' }, (line) => lines.push(line), {
      idleMs: 200,
      warmForMs: 50
    })
    expect(worker).toBeDefined()
    try {
      const first = await worker!.answer(new Request('http://localhost/v1/rules/704.5j?edition=2024-11-08'))
      expect(first.status).toBe(200)
      expect(((await first.json()) as { number: string }).number).toBe('704.5j')
      const stopped = async (count: number): Promise<void> => {
        for (let waited = 0; lines.filter((line) => line.includes('stopped after 200 ms idle')).length < count && waited < 10_000; waited += 50) {
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        expect(lines.filter((line) => line.includes('stopped after 200 ms idle'))).toHaveLength(count)
      }
      await stopped(1)
      const again = await worker!.answer(new Request('http://localhost/v1/rules/420.5e?edition=2003-07-01'))
      expect(again.status).toBe(200)
      expect(((await again.json()) as { number: string }).number).toBe('420.5e')
      await stopped(2)
      expect(lines.filter((line) => line.startsWith('error'))).toEqual([])
    } finally {
      await worker!.close()
    }
  })

  it("answers as the routes do in-process: the body the route kept, or the Response's, status and headers", async () => {
    const { startAnswerWorker } = (await import(built)) as typeof import('../src/server/answer-workers.js')
    const { createServerApp } = (await import(join(projectRoot, 'dist/src/server/app.js'))) as typeof import('../src/server/app.js')
    const databasePath = inject('archiveDatabase')!
    const db = openDatabase(databasePath, { readonly: true })
    // With and without a prefix of the links (a page's are rewritten after the route kept it).
    for (const basePath of ['', '/crdb']) {
      const worker = startAnswerWorker({ databasePath, version: 'test', basePath }, undefined, { warmForMs: 0 })!
      const { app } = createServerApp({ db, version: 'test', basePath, worker: true })
      try {
        for (const path of [
          '/v1/search?q=trample%20deathtouch&era=2009',
          '/search?q=first%20strike',
          '/v1/search?q=%22first',
          '/v1/diff?from=2009-05-01&to=2009-07-11'
        ]) {
          const [byWorker, inProcess] = [await worker.answer(new Request(`http://localhost${path}`)), await app.request(path)]
          const headers = (response: Response): string[] => [...response.headers].filter(([name]) => name !== 'date').map((pair) => pair.join(': '))
          expect(byWorker.status, path).toBe(inProcess.status)
          expect(headers(byWorker), path).toEqual(headers(inProcess))
          expect(Buffer.from(await byWorker.arrayBuffer()).equals(Buffer.from(await inProcess.arrayBuffer())), path).toBe(true)
        }
      } finally {
        await worker.close()
      }
    }
    db.close()
  })

  it('stops when idle after a store with no edition cannot fill the search state', async () => {
    const { startAnswerWorker } = (await import(built)) as typeof import('../src/server/answer-workers.js')
    const folder = temporaryFolder()
    const path = join(folder.dir, 'empty.sqlite')
    openDatabase(path).close()
    const lines: string[] = []
    const worker = startAnswerWorker({ databasePath: path, version: 'test' }, (line) => lines.push(line), { idleMs: 100 })
    try {
      for (let waited = 0; !lines.some((line) => line.includes('stopped after 100 ms idle')) && waited < 10_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(lines).toEqual(['the answer worker stopped after 100 ms idle'])
    } finally {
      await worker!.close()
      folder.cleanup()
    }
  })

  it('fills the search state as the server starts it; one a request starts does not', async () => {
    const { startAnswerWorker } = (await import(built)) as typeof import('../src/server/answer-workers.js')
    const lines: string[] = []
    const count = (text: string): number => lines.filter((line) => line.includes(text)).length
    const until = async (text: string, times: number): Promise<void> => {
      for (let waited = 0; count(text) < times && waited < 25_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50))
      expect(count(text), lines.join('\n')).toBe(times)
    }
    // Far shorter than filling the state (about 2 s): a worker filling it is busy, not idle. (Time enough to finish it
    // on a machine running the other tests.)
    const worker = startAnswerWorker({ databasePath: inject('archiveDatabase')!, version: 'test' }, (line) => lines.push(line), {
      idleMs: 100,
      warmForMs: 25_000
    })
    try {
      await until("filled the search's state in", 1)
      expect(count('stopped after 100 ms idle')).toBe(0)
      const asked = async (): Promise<void> => {
        const found = await worker!.answer(new Request('http://localhost/v1/search?q=trample'))
        expect(found.status).toBe(200)
        expect(((await found.json()) as { hits: Array<{ number?: string }> }).hits[0].number).toBe('702.19')
      }
      await asked()
      await until('stopped after 100 ms idle', 1)
      await asked()
      await until('stopped after 100 ms idle', 2)
      expect(count("filled the search's state in")).toBe(1)
      expect(lines.filter((line) => line.startsWith('error'))).toEqual([])
    } finally {
      await worker!.close()
    }
  })

  it('stops filling the search state after warmForMs, and then stops when idle', async () => {
    const { startAnswerWorker } = (await import(built)) as typeof import('../src/server/answer-workers.js')
    const lines: string[] = []
    const worker = startAnswerWorker({ databasePath: inject('archiveDatabase')!, version: 'test' }, (line) => lines.push(line), {
      idleMs: 100,
      warmForMs: 50
    })
    try {
      for (let waited = 0; !lines.some((line) => line.includes('stopped after 100 ms idle')) && waited < 20_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      // The whole warm-up takes about 2 s: cut short at the first step after 50 ms.
      expect(lines).toHaveLength(2)
      expect(lines[0]).toMatch(/^the answer worker filled the search's state for \d+ ms and left the rest \(it was busy\)$/)
      expect(lines[1]).toBe('the answer worker stopped after 100 ms idle')
    } finally {
      await worker!.close()
    }
  })
})
