/**
 * Errors that stop a command. Each has a stable `code` that callers (and the
 * CLI's exit status) can rely on; the message is one line naming the input.
 */

/** Stable error codes. */
export type ErrorCode =
  | 'E_DECODE' // bytes that are not text in a known encoding
  | 'E_FORMAT' // text that is not a document of a known format
  | 'E_NO_DATE' // a document that states no effective date
  | 'E_DUPLICATE_EDITION' // another source already states this edition's date
  | 'E_IO' // a file or folder that cannot be read
  | 'E_DB_NEWER' // a database written by a newer crdb
  | 'E_DB' // a database that cannot be opened or migrated, or is read-only for a build
  | 'E_DB_FOREIGN' // a SQLite database that is not crdb's (left untouched)
  | 'E_DB_BUSY' // another build holds the database
  | 'E_DB_CORRUPT' // a database file whose pages SQLite cannot read back (damaged on disk, overwritten)
  | 'E_DISK_FULL' // a write the disk (or the file's size limit) has no room for; the transaction is undone
  | 'E_TOO_LARGE' // an input or download (a state file, standard input, a source, a body) over its documented size limit
  | 'E_BAD_NUMBER' // a rule number that is not one
  | 'E_BAD_DATE' // a date that is not YYYY-MM-DD or not a real day
  | 'E_NOT_FOUND' // a rule, term or edition that does not exist
  | 'E_AMBIGUOUS' // a rule number that names several rules in the edition asked (a split or a merge), or a name several terms or rules
  | 'E_USAGE' // a command line that does not fit
  | 'E_BAD_ERA' // an era that is not a preset name or a date
  | 'E_BAD_STATE' // a game state (for the state-based-action engine) that is not valid
  | 'E_FETCH' // a download that failed before any HTTP answer (refused, reset, DNS)
  | 'E_HTTP' // an HTTP answer that is not a success (404, 500 after retries)
  | 'E_TIMEOUT' // no complete answer within the time allowed
  | 'E_CHECKSUM' // bytes whose sha256 is not the one the manifest lists
  | 'E_IMPLAUSIBLE_DATE' // a fetched document dated after tomorrow: refused, not stored
  | 'E_BAD_QUERY' // a search query that does not parse (unbalanced quote or parenthesis, dangling operator, empty)

/** Longest message an error carries: whatever it echoes, it stays readable. */
const maxMessageLength = 1000

/**
 * Quote what a user typed for an error message, cut to a readable length
 * (`"704.5jjjjjjjj…" (10000 characters)`). Control characters show as inert
 * escapes (`"\x1b]0;title\x07704.5j"`): what was typed is visible, and no
 * terminal obeys it.
 */
export function quoteInput(input: string, max = 60): string {
  const oneLine = input.replace(/\s+/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
  return oneLine.length <= max ? `"${oneLine}"` : `"${oneLine.slice(0, max - 1)}…" (${input.length} characters)`
}

/** An error with a stable code and a one-line message. */
export class CrdbError extends Error {
  readonly code: ErrorCode

  constructor(code: ErrorCode, message: string) {
    // One line, of a readable length, whatever input it echoes.
    const line = message.replace(/\s*[\r\n]+\s*/g, ' ')
    super(line.length > maxMessageLength ? line.slice(0, maxMessageLength - 1) + '…' : line)
    this.name = 'CrdbError'
    this.code = code
  }
}
