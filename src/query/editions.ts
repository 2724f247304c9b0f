/**
 * Editions: listing them; {@link resolveEdition} resolves an edition selector to one.
 */
import type { Crdb } from '../store/database.js'
import { listEditionMessageRows, listEditionRows, type MessageRow } from '../store/editions.js'
import { findSetOfEdition, readSetTable, type SetEdition } from '../vocabulary/set-codes.js'

export { resolveEdition } from '../store/editions.js'

/** A stored edition with its source and counts. */
export interface EditionSummary {
  effectiveDate: string
  /** The set (or mid-cycle update) the edition came with, from the corpus manifest; `null` when unknown. */
  set: { code: string; name: string } | null
  /** The date the next edition took effect; `null` for the newest. */
  validTo: string | null
  source: { uri: string; sha256: string; encoding: string; lineEnding: string; bytes: number }
  dateStatement: string
  rules: number
  examples: number
  terms: number
  truncated: boolean
  messages: { error: number; warning: number; info: number }
}

/** A positioned message kept with an edition's source. */
export type EditionMessage = MessageRow

/** Every stored edition, oldest first. */
export function listEditions(db: Crdb): EditionSummary[] {
  const sets = readSetTable()
  return listEditionRows(db).map((row) => ({
    effectiveDate: row.effectiveDate,
    set: setOf(sets, row.effectiveDate),
    validTo: row.validTo,
    source: { uri: row.uri, sha256: row.sha256, encoding: row.encoding, lineEnding: row.lineEnding, bytes: row.bytes },
    dateStatement: row.dateStatement,
    rules: row.ruleCount,
    examples: row.exampleCount,
    terms: row.glossaryCount,
    truncated: row.truncated,
    messages: { error: row.errors, warning: row.warnings, info: row.infos }
  }))
}

function setOf(sets: readonly SetEdition[], effectiveDate: string): { code: string; name: string } | null {
  const found = findSetOfEdition(sets, effectiveDate)
  return found ? { code: found.code, name: found.name } : null
}

/** The messages stored with the edition of `effectiveDate`, in line order. */
export function listEditionMessages(db: Crdb, effectiveDate: string): EditionMessage[] {
  return listEditionMessageRows(db, effectiveDate)
}
