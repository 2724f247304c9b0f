/**
 * The shape of a rule as every question answers it (queries and the engine alike).
 */

/** A rule version as the store holds it. */
export interface RuleVersion {
  number: string
  text: string
  examples: string[]
  /** The edition asked about. */
  edition: string
  /** First day this text was in force (the effective date of its first edition). */
  validFrom: string
  /** The day a different text (or none) took over; `null` while still in force. */
  validTo: string | null
  /** The last edition that has this text. */
  lastEdition: string
  /** Provenance: the source this text was read from, and its line there. */
  source: { uri: string; sha256: string; line: number }
}
