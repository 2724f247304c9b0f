/**
 * Running a bundled CommonJS file with V8's code cache: the bytecode of its
 * functions, kept beside it, spares a process parsing and compiling them (a
 * third of what a `crdb get` spends beyond Node's own start). Node 22 keeps
 * such a cache itself (`module.enableCompileCache`); Node 20 has only
 * `vm.Script`'s `cachedData`.
 *
 * The first run without a usable cache (the bundle script makes one, or Node
 * changed) writes it when the process exits, if it can: V8 refuses a cache
 * made by another version or with other flags, and the bundle script deletes
 * the cache with the file it was made from.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { Script } from 'node:vm'

/** Run the CommonJS file `file` (compiled with the cache `file.v8-cache`) and return its exports. */
export function requireWithCodeCache(file: string): unknown {
  const cacheFile = `${file}.v8-cache`
  let cachedData: Buffer | undefined
  try {
    cachedData = readFileSync(cacheFile)
  } catch {
    // No cache yet: made at exit.
  }
  // Wrapped as Node wraps a CommonJS module, on the first line: line numbers in stack traces stay the file's.
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`
  const script = new Script(wrapped, { filename: file, cachedData })
  if (cachedData === undefined || script.cachedDataRejected) {
    process.once('exit', () => {
      // Written whole under another name, then renamed: a process reading it meanwhile sees the old cache or the new.
      const partial = `${cacheFile}.${process.pid}`
      try {
        writeFileSync(partial, script.createCachedData())
        renameSync(partial, cacheFile)
      } catch {
        // A read-only install: every run compiles, as without the cache.
        rmSync(partial, { force: true })
      }
    })
  }
  const module = { exports: {} }
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file))
  return module.exports
}
