// Runs `npm ci` only when node_modules is missing or was not installed from this package-lock.json, so that
// `npm run kb` and `npm test` each work on a fresh clone and the second does not install everything again.
// It compares the lockfile with npm's own record of what it installed (node_modules/.package-lock.json): every
// package the lockfile requires must be there in the same version, and nothing else. Packages npm may leave out
// (optional ones, such as another platform's binaries) may be missing. Plain Node, no dependencies: it runs first.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Why node_modules does not match the lockfile, or `undefined` when it does. */
function findMismatch() {
  const installedPath = join(root, 'node_modules', '.package-lock.json')
  if (!existsSync(join(root, 'node_modules'))) return 'node_modules is missing'
  if (!existsSync(installedPath)) return 'node_modules has no record of what npm installed (node_modules/.package-lock.json)'
  const wanted = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages ?? {}
  const installed = JSON.parse(readFileSync(installedPath, 'utf8')).packages ?? {}
  for (const [path, entry] of Object.entries(wanted)) {
    if (path === '' || entry.link) continue
    const have = installed[path]
    if (!have) {
      if (entry.optional || entry.devOptional) continue
      return `${path} is not installed`
    }
    if (have.version !== entry.version) return `${path} is ${have.version}, the lockfile says ${entry.version}`
  }
  for (const path of Object.keys(installed)) {
    if (!(path in wanted)) return `${path} is installed but not in the lockfile`
  }
  return undefined
}

const mismatch = findMismatch()
if (mismatch !== undefined) {
  console.error(`ensure-installed: ${mismatch}; running npm ci`)
  const result = spawnSync('npm', ['ci'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' })
  process.exit(result.status ?? 1)
}
