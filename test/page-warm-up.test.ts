/**
 * The server's page warm-up (src/server/page-warm-up.ts): rule pages of every era rendered on a throwaway app, a page a
 * turn, stopped when the server closes, and never an error for a store with nothing to render.
 */
import { describe, expect, it } from 'vitest'
import { warmPages } from '../src/server/page-warm-up.js'
import { startServer } from '../src/server/node.js'
import { sampleRuleVersions } from '../src/store/rules.js'
import { archiveAvailable, useArchiveDatabase, useFreshDatabase } from './helpers.js'
import { inject } from 'vitest'

describe('the page warm-up', () => {
  const fresh = useFreshDatabase()

  it('renders nothing, and fails nothing, where the store holds no rule', async () => {
    expect(await warmPages(fresh.db, 'test', 10).done).toBe(0)
  })
})

describe.skipIf(!archiveAvailable())('the page warm-up on the whole archive', () => {
  const archive = useArchiveDatabase()

  it('asks pages of rules spread over the editions', () => {
    const sample = sampleRuleVersions(archive.db, 300)
    expect(sample).toHaveLength(300)
    const years = new Set(sample.map(({ day }) => day.slice(0, 4)))
    expect(years.has('1999') || years.has('2000')).toBe(true)
    expect(years.has('2025') || years.has('2026')).toBe(true)
    expect(years.size).toBeGreaterThan(15)
  })

  it('renders the pages it is asked for, a page a turn, and no more once stopped', async () => {
    expect(await warmPages(archive.db, 'test', 12).done).toBe(12)
    const stopped = warmPages(archive.db, 'test', 1000)
    // One turn of the loop renders one page: let a few go by, then stop.
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve))
    stopped.stop()
    const rendered = await stopped.done
    expect(rendered).toBeGreaterThan(0)
    expect(rendered).toBeLessThan(10)
  })

  it('runs as crdb serve starts, says so, and stops when it closes', async () => {
    const lines: string[] = []
    const server = await startServer({ databasePath: inject('archiveDatabase')!, port: 0, log: (line) => lines.push(line) })
    const response = await fetch(`${server.url}/rules/704.5j`)
    expect(response.status).toBe(200)
    await server.close()
    const said = lines.find((line) => line.includes('pages to compile its page code'))
    expect(said, lines.join('\n')).toMatch(/the server rendered \d+ pages to compile its page code in \d+ ms/)
  })
})
