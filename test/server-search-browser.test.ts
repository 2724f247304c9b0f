/**
 * The search page in a real browser (chromium-headless-shell, playwright-core)
 * against `crdb serve --port 0`, without JavaScript: the form's "every edition"
 * and "range" choices, the pages of hits followed by their links, at 320 and
 * 390 px in the light and dark schemes with no horizontal overflow, and an
 * axe-core audit with no serious or critical violation.
 *
 * Without the browser the tests skip with a message; with `CI` set they fail.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { archiveAvailable, projectRoot } from './helpers.js'

const executablePath = process.env.CRDB_CHROMIUM ?? '/usr/bin/chromium-headless-shell'
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

function browserAvailable(): boolean {
  const present = existsSync(executablePath)
  if (!present && process.env.CI) throw new Error(`CI is set but no browser at ${executablePath} (apt-get install chromium-headless-shell)`)
  if (!present) console.warn(`skipping the search page's browser tests: no browser at ${executablePath} (or set CRDB_CHROMIUM)`)
  return present
}

describe.skipIf(!(archiveAvailable() && browserAvailable()))('the search page in a real browser', () => {
  let child: ChildProcess
  let url: string
  let browser: Browser
  beforeAll(async () => {
    child = spawn(process.execPath, [join(projectRoot, 'bin/crdb.js'), '--db', inject('archiveDatabase')!, 'serve', '--port', '0', '--quiet'], {
      stdio: ['ignore', 'pipe', 'pipe']
    })
    url = await new Promise<string>((resolve, reject) => {
      let out = ''
      child.stdout!.on('data', (chunk) => {
        out += chunk
        const match = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(out)
        if (match) resolve(match[1])
      })
      child.once('exit', (code) => reject(new Error(`crdb serve exited ${code}`)))
    })
    browser = await chromium.launch({ executablePath })
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    child?.kill()
  })

  /** The page's width against the window's: no horizontal overflow. */
  const expectNoOverflow = async (page: Page, what: string): Promise<void> => {
    const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
    expect(scroll, `${what}: ${scroll} px wide in ${inner}`).toBeLessThanOrEqual(inner)
  }

  it('searches every edition and a range of days from the form, and follows the pages, without JavaScript', async () => {
    for (const width of [320, 390]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 }, colorScheme })
        const page = await context.newPage()
        const errors: string[] = []
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text())
        })
        await page.goto(`${url}/search`)
        await page.locator('#page-q').fill('mana burn')
        await page.getByLabel('every edition').check()
        await page.getByRole('button', { name: 'Search', exact: true }).last().click()
        await page.waitForURL(/scope=all/)
        expect(await page.locator('main > p', { hasText: 'in every edition' }).count()).toBe(1)
        expect(await page.locator('ol.hits > li').count()).toBe(50)
        await expectNoOverflow(page, `${width} ${colorScheme} every edition`)
        await page.locator('a[rel="next"]').click()
        await page.waitForURL(/offset=50/)
        expect(await page.locator('ol.hits').getAttribute('start')).toBe('51')
        expect(await page.locator('a[rel="prev"]').count()).toBe(1)
        await expectNoOverflow(page, `${width} ${colorScheme} page 2`)

        await page.getByLabel('those in force').check()
        await page.getByLabel('from').fill('2005-01-01')
        await page.getByLabel('to', { exact: true }).fill('2008-12-31')
        await page.getByRole('button', { name: 'Search', exact: true }).last().click()
        await page.waitForURL(/scope=range/)
        expect(await page.locator('main > p', { hasText: /in the editions of \d{4}-\d\d-\d\d to 2008-/ }).count()).toBe(1)
        await expectNoOverflow(page, `${width} ${colorScheme} range`)
        expect(errors).toEqual([])
        await context.close()
      }
    }
  }, 120_000)

  it('passes an accessibility audit (axe-core) with no serious or critical violation', async () => {
    // bypassCSP: the test injects axe-core, a script the page's policy forbids.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true })
    const page = await context.newPage()
    for (const path of ['/search?q=mana%20burn&all=true&offset=50', '/search?q=poison%20counters', '/rules/704.5c?era=2009']) {
      await page.goto(url + path)
      await page.addScriptTag({ path: axePath })
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; impact: string }> }> } }
        ).axe
        return (await axe.run(document, { resultTypes: ['violations'] })).violations.map((violation) => ({ id: violation.id, impact: violation.impact }))
      })
      expect(
        violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
        path
      ).toEqual([])
    }
    await context.close()
  }, 60_000)
})
