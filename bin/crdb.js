#!/usr/bin/env node
// Thin shim: the command line is the library's `cli` module, bundled (dist/bundle/cli.cjs, by `npm run build`)
// so that start-up does not resolve and load a hundred files one by one. This file and that one are CommonJS
// (bin/package.json says so for this one): Node then starts without its ES module loader, which a `crdb get`
// does not need and which costs it about a tenth of its time.

// Node 22+ keeps compiled code between runs; Node 20 has no such cache (the query commands keep their own: src/cli/code-cache.ts).
require('node:module').enableCompileCache?.()
const { runCli } = require('../dist/bundle/cli.cjs')
runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code
})
