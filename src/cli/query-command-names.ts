/**
 * The names of the query commands, in a leaf of its own: `cli.ts` picks the
 * query commands' bundle by them, and `cli/query-commands.ts` (which `cli.ts`
 * loads) keys its commands by them, without importing `cli.ts` back.
 */

/** The commands that only read the knowledge base, loaded together by `cli/query-commands.ts`. */
export const queryCommands = ['get', 'diff', 'history', 'blame', 'search', 'glossary', 'sources'] as const

/** The name of a query command. */
export type QueryCommand = (typeof queryCommands)[number]
