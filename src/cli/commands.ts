/**
 * Every command of the CLI, each module loaded only when needed: a command
 * line that names one command loads that one; help and unknown commands load
 * them all. In the bundle each is a chunk of its own, and so are the parsers
 * and the server they load on demand.
 */
import type { Io } from './context.js'
import { type LoadCommand, runProgram } from './program.js'

const commands: Record<string, LoadCommand> = {
  build: async () => (await import('./build.js')).registerBuild,
  editions: async () => (await import('./editions.js')).registerEditions,
  get: async () => (await import('./get.js')).registerGet,
  diff: async () => (await import('./diff.js')).registerDiff,
  history: async () => (await import('./history.js')).registerHistory,
  blame: async () => (await import('./blame.js')).registerBlame,
  eras: async () => (await import('./eras.js')).registerEras,
  era: async () => (await import('./era.js')).registerEra,
  changes: async () => (await import('./changes.js')).registerChanges,
  check: async () => (await import('./check.js')).registerCheck,
  sba: async () => (await import('./sba.js')).registerSba,
  conformance: async () => (await import('./conformance.js')).registerConformance,
  search: async () => (await import('./search.js')).registerSearch,
  glossary: async () => (await import('./glossary.js')).registerGlossary,
  sources: async () => (await import('./sources.js')).registerSources,
  fetch: async () => (await import('./fetch.js')).registerFetch,
  update: async () => (await import('./update.js')).registerUpdate,
  scrape: async () => (await import('./scrape.js')).registerScrape,
  cite: async () => (await import('./cite.js')).registerCite,
  export: async () => (await import('./export.js')).registerExport,
  serve: async () => (await import('./serve.js')).registerServe,
  mcp: async () => (await import('./mcp.js')).registerMcp
}

/** Run the command line `argv`, which names the command `named` (if any), and return the exit code. */
export function runCommand(argv: string[], io: Io, named: string | undefined): Promise<number> {
  return runProgram(argv, io, commands, named)
}
