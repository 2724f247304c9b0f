/**
 * The web pages in a real browser (Debian's chromium-headless-shell driven by
 * playwright-core) against `crdb serve` on 127.0.0.1:0: what a judge does with
 * them, a crawl for broken links, and every page kind at 320, 390 and 1280 px in
 * the light and the dark scheme: no horizontal overflow, an accessibility audit
 * (axe-core), no console error, and a screenshot of each into
 * test-results/screenshots/ (an artifact, never committed).
 *
 * Without the browser the tests skip with a message; with `CI` set they fail.
 */
import { existsSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { archiveAvailable, type CrdbServe, projectRoot, startCrdbServe, stopCrdbServe } from './helpers.js'

const executablePath = process.env.CRDB_CHROMIUM ?? '/usr/bin/chromium-headless-shell'
const screenshots = join(projectRoot, 'test-results', 'screenshots')
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

function browserAvailable(): boolean {
  const present = existsSync(executablePath)
  if (!present && process.env.CI) throw new Error(`CI is set but no browser at ${executablePath} (apt-get install chromium-headless-shell)`)
  if (!present)
    console.warn(
      `skipping browser tests: no browser at ${executablePath} (apt-get install -y --no-install-recommends chromium-headless-shell, or set CRDB_CHROMIUM)`
    )
  return present
}

const enabled = archiveAvailable() && browserAvailable()

describe.skipIf(!enabled)('web pages in a real browser', () => {
  let server: CrdbServe
  let browser: Browser
  let context: BrowserContext
  const consoleErrors: string[] = []
  /** Pages opened on purpose that answer 404 (the browser logs their status as a console error). */
  const expectedMissing = new Set(['/rules/999.9', '/no/such/page'])

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true })
    server = await startCrdbServe(inject('archiveDatabase')!)
    browser = await chromium.launch({
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run']
    })
    context = await browser.newContext({ viewport: { width: 1100, height: 800 } })
  })

  afterAll(async () => {
    await browser?.close()
    // crdb serve stops cleanly on SIGTERM.
    if (server) expect(await stopCrdbServe(server)).toBe(0)
  })

  /** A new page that records console errors and uncaught exceptions. */
  async function open(path: string, within: BrowserContext = context): Promise<Page> {
    const page = await within.newPage()
    page.on('console', (message) => {
      const missing = expectedMissing.has(new URL(page.url()).pathname) && /status of 404/.test(message.text())
      if (message.type() === 'error' && !missing) consoleErrors.push(`${page.url()}: ${message.text()}`)
    })
    page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`))
    const response = await page.goto(server.url + path)
    expect(response?.status(), path).toBeLessThan(500)
    return page
  }

  it('opens a rule, follows a cited rule, and switches the era to see the text change', async () => {
    const page = await open('/rules/704.3')
    expect(await page.locator('h1').textContent()).toBe('704.3')
    const cited = page.locator('.rule-text a').first()
    const number = (await cited.textContent())!
    await cited.click()
    await page.waitForURL(new RegExp(`/rules/${number.replace('.', '\\.')}\\?edition=`))
    expect(await page.locator('h1').textContent()).toBe(number)

    await page.goto(server.url + '/rules/704.5j')
    const newest = await page.locator('.rule-text').textContent()
    await page.locator('nav.picker a', { hasText: '2009' }).click()
    await page.waitForURL(/era=2009/)
    expect(await page.locator('h1').textContent()).toBe('704.5j')
    const then = await page.locator('.rule-text').textContent()
    expect(then).not.toBe(newest)
    expect(then).toContain('planeswalker')
    // The edition list of the picker keeps the page too.
    await page.locator('nav.picker select[name="edition"]').selectOption('2015-01-23')
    await page
      .locator('nav.picker form', { has: page.locator('select') })
      .locator('button')
      .click()
    await page.waitForURL(/\/rules\/704\.5j\?edition=2015-01-23/)
    await page.close()
  })

  it('opens the history of a rule and follows a link into the diff where it changed', async () => {
    const page = await open('/rules/704.5j')
    await page.getByRole('link', { name: 'Every wording with its changes' }).click()
    await page.waitForURL(/\/history\/704\.5j/)
    const link = page.getByRole('link', { name: 'see the diff' }).last()
    const target = (await link.getAttribute('href'))!
    const anchor = target.slice(target.indexOf('#') + 1)
    await link.click()
    await page.waitForURL(/\/diff\?from=/)
    const change = page.locator(`[id="${anchor}"]`)
    expect(await change.count()).toBe(1)
    expect(await change.locator('h3').textContent()).toContain('704.5j')
    await page.close()
  })

  it('shows the folded steps of a history when their toggle is opened, without JavaScript', async () => {
    const plain = await browser.newContext({ javaScriptEnabled: false })
    const page = await plain.newPage()
    await page.goto(server.url + '/rules/601.2?edition=2024-11-08')
    const folded = page.locator('details.folded li').first()
    expect(await folded.isVisible()).toBe(false)
    await page.locator('details.folded summary').click()
    expect(await folded.isVisible()).toBe(true)
    expect(await folded.textContent()).toMatch(/only (cross-references|typography) changed/)
    // The citation is there to select and copy.
    expect(await page.locator('#citation-text').textContent()).toMatch(/^Comprehensive Rules 601\.2 \(edition of 2024-11-08, FDN Foundations\): \/id\//)
    await plain.close()
  })

  it('searches from the home page, without JavaScript too', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const plain = await browser.newContext({ javaScriptEnabled })
      const page = await plain.newPage()
      await page.goto(server.url + '/')
      await page.locator('#home-q').fill('legend rule')
      await page.locator('#home-q').press('Enter')
      await page.waitForURL(/\/search\?q=legend\+rule/)
      const hits = page.locator('ol.hits li')
      expect(await hits.count()).toBeGreaterThan(2)
      expect(await page.locator('ol.hits mark').count()).toBeGreaterThan(0)
      await hits.first().locator('a').click()
      await page.waitForURL(/\/(rules|glossary)\//)
      await plain.close()
    }
  })

  it('searches a typo and sees the correction, pastes a sentence with quotes and gets hits, asks for an exact query: without JavaScript too', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const plain = await browser.newContext({ javaScriptEnabled })
      const page = await plain.newPage()
      await page.goto(server.url + '/search')
      await page.locator('#page-q').fill('deathtuch')
      await page.locator('#page-q').press('Enter')
      await page.waitForURL(/\/search\?q=deathtuch/)
      expect(await page.locator('.search-notes .corrections').textContent()).toBe('showing results for deathtouch (not deathtuch)')
      expect(await page.locator('ol.hits mark', { hasText: /deathtouch/i }).count()).toBeGreaterThan(0)

      await page.locator('#page-q').fill('What happens when a creature with "Must be blocked if able" attacks?')
      await page.locator('#page-q').press('Enter')
      await page.waitForURL(/Must\+be\+blocked/)
      expect(await page.locator('.search-notes .reading').textContent()).toMatch(/^read as text \(it has sentence punctuation\)/)
      expect(await page.locator('ol.hits li').count()).toBeGreaterThan(2)
      expect(await page.locator('ol.hits a').allTextContents()).toContain('509.1c')

      await page.locator('#page-q').fill('"rule legend"')
      await page.getByLabel('Read as').selectOption('query')
      await page.locator('#page-q').press('Enter')
      await page.waitForURL(/mode=query/)
      expect(await page.locator('.search-notes .fallback').textContent()).toBe(
        'the exact query found nothing: showing ranked results for its words (rule legend)'
      )
      expect(await page.locator('ol.hits li').count()).toBeGreaterThan(0)
      expect(await page.getByLabel('Read as').inputValue()).toBe('query')
      await plain.close()
    }
  })

  it('opens the M10 diff and finds the move of 420.5e to 704.5k', async () => {
    const page = await open('/diff?from=2009-05-01&to=2009-07-11&section=704')
    const move = page.locator('#change-704\\.5k h3')
    expect(await move.textContent()).toMatch(/420\.5e → 704\.5k/)
    // Side by side on a wide screen.
    expect(await page.locator('#change-704\\.5k .side').isVisible()).toBe(true)
    await page.close()
  })

  it('is keyboard usable: the first Tab reaches the skip link, which leads to the content', async () => {
    const page = await open('/rules/704.5j')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content')
    await page.keyboard.press('Enter')
    expect(page.url()).toMatch(/#main$/)
    await page.close()
  })

  it('follows the system theme: light and dark', async () => {
    const page = await open('/rules/704.5j')
    await page.emulateMedia({ colorScheme: 'light' })
    const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    await page.emulateMedia({ colorScheme: 'dark' })
    const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    expect(dark).not.toBe(light)
    await page.screenshot({ path: join(screenshots, 'rule-dark.png') })
    await page.close()
  })

  it('crawls at least 200 internal links from the home page, 704.5j in three eras and the M10 diff: none broken', async () => {
    const seeds = ['/', '/rules/704.5j?era=2003', '/rules/704.5j?era=2009', '/rules/704.5j?era=2024', '/rules/704.5j', '/diff?from=2009-05-01&to=2009-07-11']
    const queues: string[][] = []
    const page = await context.newPage()
    for (const seed of seeds) {
      await page.goto(server.url + seed)
      // getAttribute, not .href: links inside the SVG charts have an SVGAnimatedString there.
      queues.push(await page.$$eval('a[href]', (links) => links.map((link) => new URL(link.getAttribute('href')!, location.href).href)))
    }
    await page.close()
    // Round robin over the seeds, so every seed's links are checked, and at most 6 links
    // per path (the home page alone links 108 whole editions and 107 diffs).
    const links: string[] = []
    const seen = new Set<string>()
    const perPath = new Map<string, number>()
    for (let index = 0; links.length < 240 && queues.some((queue) => index < queue.length); index++) {
      for (const queue of queues) {
        const link = queue[index]
        if (!link?.startsWith(server.url) || seen.has(link)) continue
        const path = new URL(link).pathname
        if ((perPath.get(path) ?? 0) >= 6) continue
        perPath.set(path, (perPath.get(path) ?? 0) + 1)
        seen.add(link)
        links.push(link)
      }
    }
    expect(links.length).toBeGreaterThanOrEqual(200)
    const broken: string[] = []
    const bodies = new Map<string, string>()
    for (const link of links) {
      const [address, fragment] = link.split('#')
      let body = bodies.get(address)
      if (body === undefined) {
        const response = await context.request.get(address)
        if (response.status() !== 200) {
          broken.push(`${link}: ${response.status()}`)
          continue
        }
        bodies.set(address, (body = await response.text()))
      }
      if (fragment && !body.includes(`id="${decodeURIComponent(fragment)}"`)) broken.push(`${link}: no element #${fragment}`)
    }
    expect(broken).toEqual([])
  }, 240_000)

  /** Every page kind, each at its most demanding: the biggest page, the widest table, the longest words. */
  const pageKinds: Array<[string, string]> = [
    ['home', '/'],
    ['rule', '/rules/704.5j'],
    ['rule-other-era', '/rules/704.5j?era=2003'],
    ['old-number', '/rules/420.5e'],
    ['history', '/history/704.5j'],
    ['section', '/rules/704?era=2024'],
    ['whole-edition', '/cr?edition=1999-04-23'],
    ['glossary', '/glossary'],
    ['term', '/glossary/legend%20rule'],
    ['term-history', '/glossary/legend%20rule/history'],
    ['search', '/search?q=legend%20rule'],
    ['search-all-editions', '/search?q=legend%20rule&all=true'],
    ['search-paged', '/search?q=creature&offset=50'],
    ['search-notes', '/search?q=What%20does%20%22deathtuch%22%20do%20after%20ETB%3F'],
    ['diff', '/diff?from=2025-11-14&to=2026-01-16'],
    ['diff-m10-paged', '/diff?from=2009-05-01&to=2009-07-11&page=2'],
    ['diff-m10-filtered', '/diff?from=2009-05-01&to=2009-07-11&only=moved&section=7'],
    ['eras', '/eras'],
    ['era', '/eras/2009'],
    ['era-diff', '/eras/diff?from=2009&to=2024'],
    ['changes', '/changes?since=2009-01-01'],
    ['cite', '/cite'],
    // The findings page answers the form's POST: filled and submitted in the loop below.
    ['cite-findings', '/cite'],
    ['id', '/id/1999-04-23_420.5e'],
    ['not-found', '/rules/999.9'],
    ['no-route', '/no/such/page']
  ]
  const widths = [320, 390, 1280]
  const schemes = ['light', 'dark'] as const

  /** Serious or critical axe violations of the page as it is now laid out. */
  async function auditPage(page: Page): Promise<string[]> {
    const violations = (await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }).axe
      return (await axe.run(document, { resultTypes: ['violations'] })).violations
    })) as Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.impact} ${violation.id} at ${violation.nodes
            .slice(0, 3)
            .map((node) => node.target.join(' '))
            .join(', ')}`
      )
  }

  it(`every page kind (${pageKinds.length}) at ${widths.join(', ')} px, light and dark: no horizontal overflow, axe clean (no serious or critical violation), a screenshot each`, async () => {
    const problems: string[] = []
    // One context per scheme, the two run side by side; one page per kind, loaded once and
    // laid out again at each width (the stylesheet's media queries follow the viewport).
    await Promise.all(
      schemes.map(async (colorScheme) => {
        // The test injects axe-core, a script the pages' Content-Security-Policy forbids (they have none of their own);
        // the other tests open pages under the policy, and a violation there is a console error.
        const schemed = await browser.newContext({ colorScheme, viewport: { width: widths[0], height: 800 }, bypassCSP: true })
        for (const [name, path] of pageKinds) {
          const started = performance.now()
          const page = await open(path, schemed)
          if (name === 'cite-findings') {
            await page.locator('#cite-text').fill('Per CR 420.5e the legend rule applies; see also rule 704.5j and 510.1c.')
            await page.locator('#cite-as-of').fill('2005-01-01')
            await page.locator('form[action="/cite"] button').click()
            // The form page has no list of findings: it shows once the POST's answer is loaded.
            await page.locator('ol.hits li').first().waitFor()
            expect(await page.locator('ol.hits li').count(), 'cite findings').toBeGreaterThan(1)
          }
          await page.addScriptTag({ path: axePath })
          for (const width of widths) {
            const where = `${name} ${path} at ${width} px (${colorScheme})`
            await page.setViewportSize({ width, height: width < 640 ? 844 : 900 })
            const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
            if (scrollWidth > innerWidth) problems.push(`${where}: ${scrollWidth} px wide > ${innerWidth}`)
            // On a phone a table reflows, a row to a block: no cell is squeezed to a few characters.
            const narrowest = await page.evaluate(() =>
              Math.min(...[...document.querySelectorAll('table.reflow td')].map((cell) => cell.getBoundingClientRect().width))
            )
            if (width < 640 && narrowest < width * 0.6) problems.push(`${where}: a reflowed cell ${Math.round(narrowest)} px wide`)
            for (const violation of await auditPage(page)) problems.push(`${where}: ${violation}`)
            await page.screenshot({ path: join(screenshots, `${name}-${width}-${colorScheme}.png`) })
          }
          await page.close()
          console.log(`${name} (${colorScheme}): ${Math.round(performance.now() - started)} ms`)
        }
        await schemed.close()
      })
    )
    expect(problems).toEqual([])
  }, 240_000)

  it('logged no console error on any page visited', () => {
    expect(consoleErrors).toEqual([])
  })
})
