/**
 * zod/mini, loaded when first asked for: the corpus files are read synchronously,
 * and a static import would load zod (the larger part of `import 'crdb'`) with every
 * module that might read one. Its CommonJS build, through `require`; the bundled CLI
 * (scripts/bundle.js) replaces this module with a `require` of the copy it bundles.
 */
import { createRequire } from 'node:module'
import type * as Z from 'zod/mini'

let zod: typeof Z | undefined

/** The zod/mini module, loaded on the first call. */
export function loadZodMini(): typeof Z {
  zod ??= createRequire(import.meta.url)('zod/mini') as typeof Z
  return zod
}
