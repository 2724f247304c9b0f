/**
 * The shape of a rule as every question answers it (queries and the engine alike).
 */

/** A rule version as the store holds it. */
export interface RuleVersion {
  number: string
  /**
   * The rule's stable identity: its lineage's id (`1999-04-23_420.5e`), the same
   * under every number it had and after every rebuild (`/id/{id}`). Absent
   * before the lineage has ids.
   */
  id?: string
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
  /**
   * How the number asked relates to this rule, when it is not plainly this
   * edition's own number for it: absent in the common case.
   */
  numbering?: RuleNumbering
  /**
   * Where the edition asked printed this rule with substitution damage (`?` for
   * quotes and dashes): one note per damaged paragraph, restored from the
   * neighbouring editions or kept as printed. Absent in the common case.
   */
  sourceDamage?: SourceDamageNote[]
}

/** One paragraph an edition printed with substitution damage (`?` or U+FFFD where quotes, dashes or ™ stood). */
export interface SourceDamageNote {
  /** The effective date of the damaged edition. */
  edition: string
  /** `restored`: the text is what the editions before and after agree on; `kept`: left as printed. */
  status: 'restored' | 'kept'
  /** One line: `source damage: 3 characters printed as "?" restored from the editions of ...`. */
  note: string
  /** The paragraph as the edition printed it, damage and all. */
  printed: string
  /** Provenance: the damaged file and the line of the rule there. */
  source: { uri: string; line: number }
}

/**
 * How a number asked about led to a rule in another numbering:
 * - `translated`: the edition asked numbers the rule otherwise; this is the rule
 *   the number named in the edition `numberedAs` ("704.5j was numbered 420.5e in
 *   the edition of 2003-12-01");
 * - `reused`: this is the edition's own rule under that number, and the number
 *   named another rule in the edition `numberedAs` (`otherNumbers`: that rule's
 *   number(s) in the edition asked).
 */
export interface RuleNumbering {
  kind: 'translated' | 'reused'
  /** The number asked about. */
  asked: string
  /** The edition whose numbering the number was read in. */
  numberedAs: string
  /** For `reused`: the other rule's number(s) in the edition asked (empty when it did not exist yet). */
  otherNumbers?: string[]
  /** One plain line saying so. */
  note: string
}
