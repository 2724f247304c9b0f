/**
 * `crdb mcp`: the MCP server over standard input and output, one JSON-RPC
 * message per line, until the client closes its end.
 */
import { Transform, type Readable, type Writable } from 'node:stream'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { openDatabase } from '../store/database.js'
import { watchFileReplacement } from '../store/file-replacement.js'
import { createState } from '../server/state.js'
import { createMcpServer } from './server.js'
import { createPinner } from './pin.js'
import type { ToolContext } from './tools.js'

/** Options of {@link serveMcpOverStdio}. */
export interface StdioOptions {
  /** The database file, opened read-only. */
  databasePath: string
  /** crdb's version, told to clients. */
  version: string
  /** The public base URL of a crdb server, for absolute permalinks (default: paths). */
  baseUrl?: string
  /** Where messages are read from; default: standard input. */
  input?: Readable
  /** Where answers are written; default: standard output. */
  output?: Writable
  /** Where to write what is logged (a dropped line, an internal error); default: standard error. */
  log?: (line: string) => void
}

/** The longest message line read (a game state or a text to check fits many times over); a longer one is dropped. */
export const maxLineBytes = 4 * 1024 * 1024

/**
 * Serve MCP on stdio until the input ends; then close the database. A database file replaced while it runs (another
 * moved over it, or it deleted and built again) is opened anew before the next message is answered, a second later at
 * most; one updated in place is followed at once, by SQLite's `data_version`.
 */
export async function serveMcpOverStdio(options: StdioOptions): Promise<void> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`))
  const { databasePath, version, baseUrl } = options
  // Made before the file is opened (see watchFileReplacement). Tools read the context when they answer, and answer
  // synchronously: a handle let go between two messages is in no one's hands.
  const replacement = watchFileReplacement(
    databasePath,
    () => {
      const replaced = db
      db = openDatabase(databasePath, { readonly: true })
      context.state = createState(db, version)
      context.pin = createPinner(db, baseUrl)
      replaced.close()
    },
    (line) => log(`crdb mcp: ${line}`)
  )
  let db = openDatabase(databasePath, { readonly: true })
  const context: ToolContext = { state: createState(db, version), pin: createPinner(db, baseUrl) }
  const input = options.input ?? process.stdin
  const server = createMcpServer({ context, version, log })
  const transport = new StdioServerTransport(input.pipe(capLines(maxLineBytes, log, replacement.check)), options.output ?? process.stdout)
  // A line that is not JSON-RPC is the client's mistake: say so on stderr and go on.
  transport.onerror = (error) => log(`crdb mcp: ${error.message.split('\n')[0]}`)
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve()
    input.once('end', () => void server.close())
  })
  await server.connect(transport)
  await closed
  db.close()
}

/**
 * A stream that passes lines through and drops any longer than `max` bytes
 * (saying so), so that a client sending an endless line cannot make the
 * server hold it all; `onLine` is called before lines are passed on.
 */
function capLines(max: number, log: (line: string) => void, onLine: () => void): Transform {
  // The line being read, passed on whole once it ends: a dropped one leaves nothing behind.
  let pending: Buffer[] = []
  let length = 0
  let dropping = false
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const lines: Buffer[] = []
      let start = 0
      while (start < chunk.length) {
        const end = chunk.indexOf(10, start)
        const stop = end === -1 ? chunk.length : end + 1
        if (!dropping) {
          pending.push(chunk.subarray(start, stop))
          length += stop - start
          if (length > max) {
            dropping = true
            pending = []
            log(`crdb mcp: a message line is over ${max} bytes; it is dropped`)
          }
        }
        if (end !== -1) {
          if (!dropping) lines.push(...pending)
          pending = []
          length = 0
          dropping = false
        }
        start = stop
      }
      // Before the lines are answered: the database file is looked at (replaced, it is opened anew).
      if (lines.length > 0) onLine()
      done(null, Buffer.concat(lines))
    }
  })
}
