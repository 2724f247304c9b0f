/**
 * What the bundled CLI hands commander for `node:child_process` (scripts/bundle.js aliases
 * it here): commander requires that module when it loads, only to spawn executable subcommands, which crdb
 * does not have; loading it (with `net` and `dgram`) would be a tenth of a `crdb get`. Loaded on first use.
 */
import type { spawn as spawnProcess } from 'node:child_process'
import { createRequire } from 'node:module'

/** `child_process.spawn`, loaded when first called. */
export const spawn = ((...args: Parameters<typeof spawnProcess>) =>
  (createRequire(import.meta.url)('node:child_process') as { spawn: typeof spawnProcess }).spawn(...args)) as typeof spawnProcess
