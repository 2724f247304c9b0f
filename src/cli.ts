/**
 * The `crdb` command line: a thin layer over the library, one module per
 * command under `src/cli/`; the program they share (global options, exit
 * codes) is `src/cli/program.ts`.
 *
 * This module loads no command itself: start-up is most of a `crdb get`. A
 * query command (and `crdb --version`) loads the query commands (one file in
 * the bundle), any other command its own module (`src/cli/commands.ts`), and
 * help or an unknown command every command's module.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { requireWithCodeCache } from './cli/code-cache.js'
import type { Io } from './cli/context.js'
import { queryCommands } from './cli/query-command-names.js'

/** The command `argv` names: its first word that is neither an option nor `--db`'s value. */
function commandNamed(argv: string[]): string | undefined {
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index]
    if (word === '--db') index++
    else if (word === '--') return undefined
    else if (!word.startsWith('-')) return word
  }
  return undefined
}

/**
 * Run the command line `argv` (without `node` and the script) and return the exit code.
 */
export async function runCli(argv: string[], io: Io = processIo()): Promise<number> {
  const named = commandNamed(argv)
  // `crdb --version` alone needs no command: the query commands' program prints it as well as the whole one.
  const versionOnly = argv.length === 1 && (argv[0] === '-V' || argv[0] === '--version')
  const light = versionOnly || (queryCommands as readonly (string | undefined)[]).includes(named)
  const { runCommand } = light ? await loadQueryCommands() : await import('./cli/commands.js')
  return runCommand(argv, io, named)
}

/** The query commands: bundled, one CommonJS file run with V8's code cache (scripts/bundle.js); else their module. */
async function loadQueryCommands(): Promise<typeof import('./cli/query-commands.js')> {
  const bundled = fileURLToPath(new URL('./cli/query-commands.cjs', import.meta.url))
  return existsSync(bundled) ? (requireWithCodeCache(bundled) as typeof import('./cli/query-commands.js')) : import('./cli/query-commands.js')
}

let endsQuietlyOnClosedOutput = false

/**
 * The process's own streams. A reader that stops early (`crdb diff ... | head -1`) closes standard output: the
 * next write fails with EPIPE (Node ignores SIGPIPE), and the command line ends there, quietly and with status 0,
 * as other Unix tools do when `head` has read enough.
 */
function processIo(): Io {
  if (!endsQuietlyOnClosedOutput) {
    endsQuietlyOnClosedOutput = true
    const endQuietly = (): never => process.exit(0)
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') endQuietly()
      throw error
    })
    process.once('SIGPIPE', endQuietly)
  }
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    columns: process.stdout.isTTY ? process.stdout.columns : undefined,
    color: process.stdout.isTTY === true && !process.env.NO_COLOR
  }
}
