/**
 * The functions of zod/mini that the corpus schemas use (`src/vocabulary/corpus-files.ts`), each loading
 * zod/mini on its first call: the corpus files are read synchronously, and a static import would load zod (the
 * larger part of `import 'crdb'`) with every module that might read one. Its CommonJS build, through `require`.
 *
 * The bundled CLI (scripts/bundle.js) has this module re-export zod/mini instead: one copy of zod, cut down to
 * what these functions need, and in the code cache of the query commands.
 */
import { createRequire } from 'node:module'
import type * as Z from 'zod/mini'

let zod: typeof Z | undefined

/** `zod/mini`'s function `name`, loading zod/mini when first called. */
function onDemand<Name extends keyof typeof Z>(name: Name): (typeof Z)[Name] {
  return ((...args: unknown[]) => {
    zod ??= createRequire(import.meta.url)('zod/mini') as typeof Z
    return (zod[name] as (...args: unknown[]) => unknown)(...args)
  }) as (typeof Z)[Name]
}

/** `z.array` of zod/mini. */
export const array = onDemand('array')
/** `z._default` of zod/mini. */
export const _default = onDemand('_default')
/** `z.int` of zod/mini. */
export const int = onDemand('int')
/** `z.literal` of zod/mini. */
export const literal = onDemand('literal')
/** `z.minLength` of zod/mini. */
export const minLength = onDemand('minLength')
/** `z.nullable` of zod/mini. */
export const nullable = onDemand('nullable')
/** `z.object` of zod/mini. */
export const object = onDemand('object')
/** `z.optional` of zod/mini. */
export const optional = onDemand('optional')
/** `z.record` of zod/mini. */
export const record = onDemand('record')
/** `z.refine` of zod/mini. */
export const refine = onDemand('refine')
/** `z.regex` of zod/mini. */
export const regex = onDemand('regex')
/** `z.string` of zod/mini. */
export const string = onDemand('string')
