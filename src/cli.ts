/**
 * The `crdb` command line: a thin layer over the library, one module per
 * command under `src/cli/`. Only this module decides exit codes: 0 success,
 * 1 a command that failed (a `CrdbError`, or sources rejected), 2 a command
 * line that does not parse.
 */
import { Command, CommanderError } from 'commander'
import { createContext, type Io, type RegisterCommand } from './cli/context.js'
import { defaultDatabasePath } from './store/database.js'
import { CrdbError } from './vocabulary/errors.js'
import { packageVersion } from './vocabulary/paths.js'

// Each command's module, loaded only when needed: a command line that names one
// command loads that one (start-up is most of a `crdb get`); help and unknown
// commands load them all.
const commands: Record<string, () => Promise<RegisterCommand>> = {
  build: async () => (await import('./cli/build.js')).registerBuild,
  editions: async () => (await import('./cli/editions.js')).registerEditions,
  get: async () => (await import('./cli/get.js')).registerGet,
  diff: async () => (await import('./cli/diff.js')).registerDiff,
  history: async () => (await import('./cli/history.js')).registerHistory,
  eras: async () => (await import('./cli/eras.js')).registerEras,
  search: async () => (await import('./cli/search.js')).registerSearch,
  glossary: async () => (await import('./cli/glossary.js')).registerGlossary,
  sources: async () => (await import('./cli/sources.js')).registerSources,
  fetch: async () => (await import('./cli/fetch.js')).registerFetch,
  update: async () => (await import('./cli/update.js')).registerUpdate,
  scrape: async () => (await import('./cli/scrape.js')).registerScrape,
  serve: async () => (await import('./cli/serve.js')).registerServe
}

/** The command `argv` names (its first word that is neither an option nor `--db`'s value), if crdb has it. */
function commandNamed(argv: string[]): string | undefined {
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index]
    if (word === '--db') index++
    else if (word === '--') return undefined
    else if (!word.startsWith('-')) return Object.hasOwn(commands, word) ? word : undefined
  }
  return undefined
}

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
  const named = commandNamed(argv)
  const loaders = named ? [commands[named]] : Object.values(commands)
  for (const register of await Promise.all(loaders.map((load) => load()))) register(program, context)

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
