#!/usr/bin/env node
// Thin shim: the command line is the library's `cli` module, bundled (dist/bundle/cli.js, by `npm run build`)
// so that start-up does not resolve and load a hundred files one by one.
import module from 'node:module'

// Node 22+ keeps compiled code between runs; Node 20 has no such cache (the query commands keep their own: src/cli/code-cache.ts).
module.enableCompileCache?.()
const { runCli } = await import('../dist/bundle/cli.js')
process.exitCode = await runCli(process.argv.slice(2))
