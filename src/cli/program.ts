/**
 * The program a command line runs: the global options, the commands it needs
 * and the exit code. Only the CLI decides exit codes: 0 success, 1 a command
 * that failed (a `CrdbError`, or sources rejected), 2 a command line that does
 * not parse.
 */
import { Command, CommanderError } from 'commander'
import { resolveDatabasePath } from '../store/database-path.js'
import { CrdbError } from '../vocabulary/errors.js'
import { packageVersion } from '../vocabulary/paths.js'
import { sanitizeForTerminal } from '../vocabulary/terminal-text.js'
import { createContext, type Io, type RegisterCommand } from './context.js'

/** Gives a command's module (loading it, where it is loaded on demand). */
export type LoadCommand = () => Promise<RegisterCommand>

/**
 * Run the command line `argv` (without `node` and the script) with `commands`
 * and return the exit code. Only the command `named` is loaded when it is one
 * of them; help and unknown commands load them all.
 */
export async function runProgram(argv: string[], given: Io, commands: Record<string, LoadCommand>, named: string | undefined): Promise<number> {
  let exitCode = 0
  const io = terminalSafe(given)
  const program = new Command('crdb')
    .description('A versioned knowledge base of the Magic: The Gathering Comprehensive Rules')
    .option('--db <path>', `database file (default: $CRDB_DB, else ${resolveDatabasePath({ env: { XDG_DATA_HOME: process.env.XDG_DATA_HOME } })})`)
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
  const loaders = named !== undefined && Object.hasOwn(commands, named) ? [commands[named]] : Object.values(commands)
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

/**
 * `io` whose writes carry no terminal escapes or control characters (but newline and tab): the one place
 * everything the CLI prints passes, so a set name, a rule's text or an argument echoed in an error
 * cannot set the title, move the cursor or clear the screen. crdb's own colours stay where colour is on.
 */
function terminalSafe(io: Io): Io {
  const keepStyles = io.color === true
  return {
    ...io,
    out: (text) => io.out(sanitizeForTerminal(text, keepStyles)),
    err: (text) => io.err(sanitizeForTerminal(text, keepStyles))
  }
}
