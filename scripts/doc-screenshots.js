/**
 * Make the two screenshots of docs/http-api.md (a rule page and the first page of the
 * M10 diff) in Chromium at 1280x900, light theme, viewport-sized so each stays small.
 * Run by hand once the pages change: `node scripts/doc-screenshots.js` (needs db/crdb.sqlite
 * and /usr/bin/chromium-headless-shell, or CRDB_CHROMIUM). Not part of the test suite.
 */
import { spawn } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const shots = [
  ['rule-page.png', '/rules/704.5j?era=2024'],
  ['diff-page.png', '/diff?from=2009-05-01&to=2009-07-11']
]

const child = spawn(process.execPath, [join(root, 'bin/crdb.js'), '--db', join(root, 'db/crdb.sqlite'), 'serve', '--port', '0', '--quiet'], {
  stdio: ['ignore', 'pipe', 'inherit']
})
const url = await new Promise((resolve, reject) => {
  let out = ''
  child.stdout.on('data', (chunk) => {
    out += chunk
    const match = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(out)
    if (match) resolve(match[1])
  })
  child.once('exit', (code) => reject(new Error(`crdb serve exited ${code}`)))
})
const browser = await chromium.launch({ executablePath: process.env.CRDB_CHROMIUM ?? '/usr/bin/chromium-headless-shell', args: ['--no-sandbox'] })
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' })
  mkdirSync(join(root, 'docs/images'), { recursive: true })
  for (const [file, path] of shots) {
    await page.goto(url + path)
    // The diff: past its summary, to its pager and its first changes, words struck and inserted.
    if (path.startsWith('/diff'))
      await page.evaluate(() => window.scrollTo(0, document.querySelector('.pager').getBoundingClientRect().top + window.scrollY - 70))
    await page.screenshot({ path: join(root, 'docs/images', file) })
    console.log(`docs/images/${file}: ${path}`)
  }
} finally {
  await browser.close()
  child.kill('SIGTERM')
}
