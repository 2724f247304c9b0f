/**
 * `crdb mcp`: the MCP server for AI assistants over standard input and
 * output, read-only, until the client closes it. Standard output carries only
 * the protocol; what is logged goes to standard error.
 */
import { CrdbError, quoteInput } from '../vocabulary/errors.js'
import type { RegisterCommand } from './context.js'

/** Register `crdb mcp`. */
export const registerMcp: RegisterCommand = (program, context) => {
  program
    .command('mcp')
    .description('serve the knowledge base to AI assistants as MCP tools and resources over stdio (read-only)')
    .option('--base-url <url>', 'the public URL of a crdb server, to make permalinks absolute (https://crdb.example)')
    .action(async (options: { baseUrl?: string }) => {
      if (options.baseUrl !== undefined && !/^https?:\/\/[^\s/]+/i.test(options.baseUrl))
        throw new CrdbError('E_USAGE', `--base-url ${quoteInput(options.baseUrl)}: expected an http(s) URL such as https://crdb.example`)
      // Loaded here, not at start-up, like the server for serve.
      const [{ serveMcpOverStdio }, { readVersion }] = await Promise.all([import('../mcp/stdio.js'), import('../server/node.js')])
      await serveMcpOverStdio({
        databasePath: context.databasePath(),
        version: readVersion(),
        baseUrl: options.baseUrl,
        log: (line) => context.io.err(`${line}\n`)
      })
    })
}
