/**
 * What every command of the CLI shares: output, the database, `--json`.
 */
import type { Command } from 'commander'
import { resolveDatabasePath } from '../store/database-path.js'
import { openDatabase, type Crdb } from '../store/database.js'
import { explainStoreError } from '../store/store-errors.js'
import { explainError, readAnswerNotes, type AnswerBasis, type DerivedData } from '../query/answer-flags.js'
import { escapeJsonControls } from '../vocabulary/terminal-text.js'

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
  /**
   * The database file to read (`'read'`, the default) or build (`'write'`): `--db`, else `$CRDB_DB`, else the
   * default (see {@link resolveDatabasePath}).
   */
  databasePath: (purpose?: 'read' | 'write') => string
  /** Print `value` as JSON with `--json`, else the text `text()` returns. */
  print: (value: unknown, text: () => string) => void
  /** Open the database for one action and close it after. */
  withDatabase: <T>(readonly: boolean, action: (db: Crdb) => T) => T
  /** Set the exit code for a command that finished but failed in part. */
  setExitCode: (code: number) => void
  /**
   * Say (one warning line on stderr, and `stale: true` in the JSON printed next)
   * when derived data the answer depends on is out of date.
   */
  noteDerived: (db: Crdb, needs: DerivedData) => void
  /**
   * Say (one warning line on stderr, and `truncated: true` in the JSON printed next)
   * when the answer comes from a truncated edition; with `asked`, the day asked about, also when an edition not
   * held was in force on that day (`notHeld` in the JSON).
   */
  noteEdition: (db: Crdb, edition: string, asked?: string) => void
  /** Say (one warning line on stderr, and `notHeld` in the JSON printed next) when editions not held fall between two compared. */
  noteSpan: (db: Crdb, from: string, to: string) => void
}

/** A module of the CLI: adds its command(s) to the program. */
export type RegisterCommand = (program: Command, context: CliContext) => void

/** Build the context for a program whose global options are `--db` and `--json`. */
export function createContext(program: Command, io: Io, setExitCode: (code: number) => void): CliContext {
  const globals = (): { db?: string; json?: boolean } => program.opts()
  const databasePath = (purpose: 'read' | 'write' = 'read'): string => resolveDatabasePath({ db: globals().db, purpose })
  // Flags the next JSON object printed carries (stale derived data, a truncated edition).
  const flags: Record<string, unknown> = {}
  const warned = new Set<string>()
  const warn = (text: string): void => {
    if (warned.has(text)) return
    warned.add(text)
    io.err(`crdb: ${text}\n`)
  }
  // The query layer decides the flags and their warnings; the CLI prints them.
  const note = (db: Crdb, basis: AnswerBasis): void => {
    const { flags: found, warnings } = readAnswerNotes(db, basis)
    Object.assign(flags, found)
    for (const warning of warnings) warn(`warning: ${warning}`)
  }
  return {
    io,
    json: () => globals().json === true,
    databasePath,
    print: (value, text) => {
      const flagged = Object.keys(flags).length > 0 && value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value, ...flags } : value
      // JSON.stringify escapes C0 but leaves DEL and C1 raw: escaped too, the data stays whole and inert.
      io.out(globals().json ? escapeJsonControls(JSON.stringify(flagged, null, 2)) + '\n' : text())
    },
    withDatabase: (readonly, action) => {
      const db = openDatabase(databasePath(readonly ? 'read' : 'write'), { readonly })
      try {
        return action(db)
      } catch (error) {
        // SQLite's own failures (a damaged file, a full disk) as one line with a code, raised here for every command.
        const explained = explainStoreError(error, db.path)
        // A rule or term missing from a truncated edition: say that the edition is cut short.
        throw explained === error ? explainError(db, error) : explained
      } finally {
        db.close()
      }
    },
    setExitCode,
    noteDerived: (db, needs) => note(db, { needs }),
    noteEdition: (db, edition, asked) => note(db, { edition, asked }),
    noteSpan: (db, from, to) => note(db, { span: { from, to } })
  }
}
