/**
 * The diff page's ways around a big diff in a real browser without JavaScript
 * (Debian's chromium-headless-shell, playwright-core) against the server on
 * loopback: the M10 diff paged, its section table and kind filters followed by
 * clicks, no horizontal overflow at 320, 390 and 1280 px, in light and dark, and
 * an accessibility audit (axe-core) of a page of it.
 */
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startServer, type RunningServer } from '../src/server/node.js'
import { archiveAvailable } from './helpers.js'

const executablePath = process.env.CRDB_CHROMIUM ?? '/usr/bin/chromium-headless-shell'
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

function browserAvailable(): boolean {
  const present = existsSync(executablePath)
  if (!present && process.env.CI) throw new Error(`CI is set but no browser at ${executablePath}`)
  if (!present) console.warn(`skipping diff browser tests: no browser at ${executablePath} (set CRDB_CHROMIUM)`)
  return present
}

const enabled = archiveAvailable() && browserAvailable()

describe.skipIf(!enabled)('the diff page in a real browser, without JavaScript', () => {
  let server: RunningServer
  let browser: Browser
  beforeAll(async () => {
    server = await startServer({ databasePath: inject('archiveDatabase')!, port: 0 })
    browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] })
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  const m10 = '/diff?from=2009-05-01&to=2009-07-11'

  it('pages, filters and navigates by clicks, and fits 320, 390 and 1280 px in light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [320, 390, 1280]) {
        const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: false, colorScheme })
        const page = await context.newPage()
        const errors: string[] = []
        page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
        await page.goto(server.url + m10)
        const fits = async (): Promise<void> => {
          const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
          expect(scroll, `${page.url()} at ${width} px (${colorScheme})`).toBeLessThanOrEqual(inner)
        }
        await fits()
        expect(await page.locator('section.change').count()).toBe(200)
        // The next page, then a section from the table, then one kind from the summary.
        await page.locator('a[rel="next"]').first().click()
        expect(page.url()).toMatch(/page=2$/)
        await fits()
        await page.getByRole('link', { name: /^7 Additional Rules$/ }).click()
        expect(page.url()).toMatch(/section=7$/)
        expect(await page.locator('h1').textContent()).toBe('Changes from 2009-05-01 to 2009-07-11 in 7')
        await fits()
        await page.getByRole('link', { name: /^\d+ added$/ }).click()
        expect(page.url()).toMatch(/section=7&only=added$/)
        const added = await page.locator('section.change h3').allTextContents()
        expect(added.length).toBeGreaterThan(0)
        expect(added.every((title) => / added$/.test(title))).toBe(true)
        await fits()
        expect(errors).toEqual([])
        await context.close()
      }
    }
  }, 120_000)

  it('has no serious or critical accessibility violation on a page of the M10 diff', async () => {
    // bypassCSP: the test injects axe-core, a script the page's policy forbids.
    const context = await browser.newContext({ viewport: { width: 390, height: 800 }, bypassCSP: true })
    const page = await context.newPage()
    await page.goto(`${server.url}${m10}&page=2`)
    await page.addScriptTag({ path: axePath })
    const violations = (await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }).axe
      return (await axe.run(document, { resultTypes: ['violations'] })).violations
    })) as Array<{ id: string; impact: string }>
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([])
    await context.close()
  }, 60_000)
})
