/**
 * Positioned messages about a source, collected while the ingest goes on and
 * stored with the source (never thrown).
 */

/** How bad a problem is: `error` lost information, `warning` was repaired or guessed, `info` is notable. */
export type Severity = 'error' | 'warning' | 'info'

/** One problem found in a source. */
export interface SourceMessage {
  /** 1-based line in the decoded source (after line ends were unified). */
  line: number
  /** The rule or glossary term concerned, when there is one. */
  rule?: string
  severity: Severity
  /** Stable, kebab-case kind of problem, e.g. `truncated`, `number-slip`. */
  code: string
  text: string
}
