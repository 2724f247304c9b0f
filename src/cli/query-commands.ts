/**
 * The commands that only read the knowledge base (`get`, `diff`, ...: most
 * command lines), loaded together. The bundle makes this module one file with
 * all it needs: loading a module costs a `crdb get` about a millisecond, and
 * the split bundle of every command would load twenty (see scripts/bundle.js).
 */
import { registerBlame } from './blame.js'
import type { Io } from './context.js'
import { registerDiff } from './diff.js'
import { registerGet } from './get.js'
import { registerGlossary } from './glossary.js'
import { registerHistory } from './history.js'
import { type LoadCommand, runProgram } from './program.js'
import type { QueryCommand } from './query-command-names.js'
import { registerSearch } from './search.js'
import { registerSources } from './sources.js'

const commands: Record<QueryCommand, LoadCommand> = {
  get: async () => registerGet,
  diff: async () => registerDiff,
  history: async () => registerHistory,
  blame: async () => registerBlame,
  search: async () => registerSearch,
  glossary: async () => registerGlossary,
  sources: async () => registerSources
}

/** Run the command line `argv`, which names the query command `named`, and return the exit code. */
export function runCommand(argv: string[], io: Io, named: string | undefined): Promise<number> {
  return runProgram(argv, io, commands, named)
}
