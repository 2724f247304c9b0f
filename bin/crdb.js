#!/usr/bin/env node
// Thin shim: the command line lives in the library's compiled `cli` module.
import { runCli } from '../dist/src/cli.js'

process.exitCode = await runCli(process.argv.slice(2))
