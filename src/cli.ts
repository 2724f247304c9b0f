/**
 * The `crdb` command line: a thin layer over the library, one module per
 * command under `src/cli/`. Only this module decides exit codes: 0 success,
 * 1 a command that failed (a `CrdbError`, or sources rejected), 2 a command
 * line that does not parse.
 */
import { Command, CommanderError } from 'commander'
import { registerBuild } from './cli/build.js'
import { registerDiff } from './cli/diff.js'
import { registerHistory } from './cli/history.js'
import { createContext, type Io } from './cli/context.js'
import { registerEditions } from './cli/editions.js'
import { registerEras } from './cli/eras.js'
import { registerGet } from './cli/get.js'
import { registerGlossary } from './cli/glossary.js'
import { registerSearch } from './cli/search.js'
import { registerServe } from './cli/serve.js'
import { registerFetch } from './cli/fetch.js'
import { registerScrape } from './cli/scrape.js'
import { registerSources } from './cli/sources.js'
import { defaultDatabasePath } from './store/database.js'
import { CrdbError } from './vocabulary/errors.js'
import { registerUpdate } from './cli/update.js'
import { packageVersion } from './vocabulary/paths.js'

const commands = [registerBuild, registerEditions, registerGet, registerDiff, registerHistory, registerEras, registerSearch, registerGlossary, registerSources, registerFetch, registerUpdate, registerScrape, registerServe]

/**
 * Run the command line `argv` (without `node` and the script) and return the exit code.
 */
export async function runCli(argv: string[], io: Io = processIo()): Promise<number> {
  let exitCode = 0
  const program = new Command('crdb')
    .description('A versioned knowledge base of the Magic: The Gathering Comprehensive Rules')
    .option('--db <path>', `database file (default: $CRDB_DB or ${defaultDatabasePath})`)
    .option('--json', 'print JSON instead of text')
    .version(packageVersion(), '-V, --version', "print crdb's version")
    .exitOverride()
    .configureOutput({
      writeOut: io.out,
      writeErr: io.err,
      // The parser's own errors read like every other: one line with a stable code.
      outputError: (text) => io.err(`crdb: E_USAGE: ${text.replace(/^error:\s*/, '').trim()} (see crdb --help)\n`)
    })
  const context = createContext(program, io, (code) => (exitCode = code))
  for (const register of commands) register(program, context)

  try {
    await program.parseAsync(argv, { from: 'user' })
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? 0 : 2
    }
    if (error instanceof CrdbError) {
      io.err(`crdb: ${error.code}: ${error.message}\n`)
      return error.code === 'E_USAGE' ? 2 : 1
    }
    io.err(`crdb: internal error: ${(error as Error).stack ?? error}\n`)
    return 1
  }
  return exitCode
}

function processIo(): Io {
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    columns: process.stdout.isTTY ? process.stdout.columns : undefined,
    color: process.stdout.isTTY === true && !process.env.NO_COLOR
  }
}
