/**
 * What every command of the CLI shares: output, the database, `--json`.
 */
import type { Command } from 'commander'
import { defaultDatabasePath, openDatabase, type CrdbDatabase } from '../store/database.js'

/** Where the CLI writes. Tests pass their own. */
export interface Io {
  out: (text: string) => void
  err: (text: string) => void
  /** Terminal width for wrapping text; `undefined` when not a terminal. */
  columns?: number
  /** Whether to colour output (only on a TTY, and never with `NO_COLOR`). */
  color?: boolean
}

/** Handed to each command's `register` function. */
export interface CliContext {
  io: Io
  /** `--json` was given. */
  json: () => boolean
  /** The database file: `--db`, else `$CRDB_DB`, else `db/crdb.sqlite`. */
  databasePath: () => string
  /** Print `value` as JSON with `--json`, else the text `text()` returns. */
  print: (value: unknown, text: () => string) => void
  /** Open the database for one action and close it after. */
  withDatabase: <T>(readonly: boolean, action: (db: CrdbDatabase) => T) => T
  /** Set the exit code for a command that finished but failed in part. */
  setExitCode: (code: number) => void
}

/** A module of the CLI: adds its command(s) to the program. */
export type RegisterCommand = (program: Command, context: CliContext) => void

/** Build the context for a program whose global options are `--db` and `--json`. */
export function createContext(program: Command, io: Io, setExitCode: (code: number) => void): CliContext {
  const globals = (): { db?: string; json?: boolean } => program.opts()
  const databasePath = (): string => globals().db ?? process.env.CRDB_DB ?? defaultDatabasePath
  return {
    io,
    json: () => globals().json === true,
    databasePath,
    print: (value, text) => io.out(globals().json ? JSON.stringify(value, null, 2) + '\n' : text()),
    withDatabase: (readonly, action) => {
      const db = openDatabase(databasePath(), { readonly })
      try {
        return action(db)
      } finally {
        db.close()
      }
    },
    setExitCode
  }
}
