/**
 * `crdb serve`: the JSON API and the web pages from one database, opened
 * read-only, until SIGINT or SIGTERM.
 */
import { CrdbError, quoteInput } from '../vocabulary/errors.js'
import type { RegisterCommand } from './context.js'

/** Register `crdb serve`. */
export const registerServe: RegisterCommand = (program, context) => {
  program
    .command('serve')
    .description('serve the JSON API (/v1) and the web pages from the database, read-only')
    .option('--port <port>', 'TCP port (0: any free port)', '8080')
    .option('--host <host>', 'address to listen on (0.0.0.0 exposes it beyond this machine)', '127.0.0.1')
    .option('--base-url <url>', 'public base URL for absolute links, in feeds and citations (https://rules.example.org); none: root-relative links')
    .option('--base-path <path>', 'path prefix the server is reached under behind a reverse proxy (/crdb): every link carries it')
    .option('--quiet', 'do not log one line per request')
    .option('--mcp-origin <origin...>', "a web origin (https://assistant.example) whose pages may call /mcp, beside this machine's")
    .action(async (options: { port: string; host: string; quiet?: boolean; baseUrl?: string; basePath?: string; mcpOrigin?: string[] }) => {
      const port = Number(options.port)
      if (!/^\d{1,5}$/.test(options.port) || port > 65535)
        throw new CrdbError('E_USAGE', `--port ${quoteInput(options.port)}: expected a whole number from 0 to 65535`)
      // Loaded here, not at start-up, like the ingest pipeline for build.
      const [{ startServer, readVersion }, { mountMcp }] = await Promise.all([import('../server/node.js'), import('../mcp/http.js')])
      const log = options.quiet ? undefined : (line: string): void => context.io.err(`${new Date().toISOString()} ${line}\n`)
      let server: Awaited<ReturnType<typeof startServer>>
      try {
        server = await startServer({
          databasePath: context.databasePath(),
          port,
          host: options.host,
          log,
          baseUrl: options.baseUrl,
          basePath: options.basePath,
          mcp: mountMcp({ version: readVersion(), allowedOrigins: options.mcpOrigin, log })
        })
      } catch (error) {
        if (error instanceof CrdbError) throw error
        throw new CrdbError('E_IO', `cannot listen on ${options.host}:${port} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
      }
      context.io.out(`crdb serve: ${server.url}/ (database ${context.databasePath()}, read-only)\n`)
      await new Promise<void>((resolve) => {
        const stop = (signal: string): void => {
          process.off('SIGINT', onInt)
          process.off('SIGTERM', onTerm)
          context.io.err(`crdb serve: ${signal}, stopping\n`)
          void server.close().then(resolve)
        }
        const onInt = (): void => stop('SIGINT')
        const onTerm = (): void => stop('SIGTERM')
        process.on('SIGINT', onInt)
        process.on('SIGTERM', onTerm)
      })
    })
}
