/**
 * Where the package's own files are, from compiled code (`dist/`) or source alike.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

let root: string | undefined
let version: string | undefined

/** The folder holding crdb's package.json. */
export function packageRoot(): string {
  if (root) return root
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const path = join(dir, 'package.json')
    const manifest = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as { name?: string; version: string }) : undefined
    if (manifest?.name === 'crdb') {
      version = manifest.version
      return (root = dir)
    }
    const parent = dirname(dir)
    if (parent === dir) throw new Error('crdb: cannot find the package root')
    dir = parent
  }
}

/** crdb's version, from its package.json. */
export function packageVersion(): string {
  packageRoot()
  return version!
}

/** The project's lineage override file. */
export function lineageOverridesPath(): string {
  return join(packageRoot(), 'corpus', 'lineage-overrides.json')
}
