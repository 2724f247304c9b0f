/**
 * Fetching from the web, politely, into a local cache: the HTTP client
 * (`fetch/http.ts`), the corpus manifest (read by `src/vocabulary/corpus-files.ts`), the sources
 * of official editions, one module each (`fetch/source-*.ts`, in the order of
 * `fetch/sources.ts`), verification (`fetch/verify.ts`), the editions folder
 * with its origins (`fetch/editions.ts`, `fetch/origins.ts`) and editions newer
 * than the manifest (`fetch/newer.ts`).
 */
export * from './fetch/http.js'
export { readManifest, type Manifest, type ManifestEdition } from '../src/vocabulary/corpus-files.js'
export * from './fetch/sources.js'
export * from './fetch/source-academy-ruins.js'
export * from './fetch/verify.js'
export * from './fetch/origins.js'
export * from './fetch/editions.js'
export * from './fetch/newer.js'
