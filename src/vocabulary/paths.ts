/**
 * Where the package's own files are, from compiled code (`dist/`) or source alike.
 */
import { existsSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
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

/**
 * Whether crdb runs from a checkout of its sources (a clone, `npm link`), which keeps its files (the
 * database, the fetch cache) in the project, rather than from an installed package, which ships `dist/`
 * without the sources' `db/` folder and keeps them in the user's folders (see {@link userFolder}).
 */
export function runsFromCheckout(root: string = packageRoot()): boolean {
  return existsSync(join(root, 'db', 'migrations'))
}

/**
 * crdb's folder among the user's data (`$XDG_DATA_HOME/crdb`, `~/.local/share/crdb` by default) or
 * cache (`$XDG_CACHE_HOME/crdb`, `~/.cache/crdb`), as the XDG base directory specification places them:
 * an empty variable counts as unset.
 */
export function userFolder(kind: 'data' | 'cache', env: Readonly<Record<string, string | undefined>> = process.env): string {
  const base = kind === 'data' ? env.XDG_DATA_HOME || join(homedir(), '.local', 'share') : env.XDG_CACHE_HOME || join(homedir(), '.cache')
  return join(resolve(base), 'crdb')
}
