/**
 * What reconciling secondary dumps reads (official versions by key and in
 * force at an edition, glossary aliases, attestations) and writes (links,
 * the dump's dating, its reconciliation messages). Prepared once per database.
 */
import type { Crdb } from './database.js'
import type { MessageRow } from './edition-writes.js'
import { prepared } from './statements.js'

/** An official version with its text and examples, as reconciliation compares it. */
export interface OfficialVersionRow {
  id: number
  kind: 'rule' | 'term'
  key: string
  label: string
  firstDate: string
  lastDate: string
  text: string
  /** JSON array of the example texts, in order. */
  examples: string
}

/** A stored dump to reconcile. */
export interface DumpToReconcile {
  id: number
  sourceId: number
  statedDate: string | null
  uri: string
}

/** An attestation as reconciliation reads it. */
export interface AttestationRow {
  id: number
  ordinal: number
  line: number
  kind: 'rule' | 'term' | 'note' | 'ruling' | 'external'
  label: string
  /** The key the dump gives it (`dump_key`), never the one an earlier reconciliation found: reconciling is idempotent. */
  key: string | null
  term: string | null
  text: string
  /** JSON array of example texts. */
  examples: string
  fragment: 'head' | 'tail' | null
  asOf: string | null
  revisionDate: string | null
}

/** How an attestation was linked. */
export interface AttestationLink {
  key: string | null
  versionId: number | null
  status: string
  similarity: number | null
  diff: string | null
  remarks: string | null
}

/** How a dump was dated and scored. */
export interface DumpDating {
  eraEdition: string | null
  inferredFrom: string | null
  inferredTo: string | null
  matchScore: number | null
  /** JSON array of the entries that disagree with the best run. */
  disagreeing: string | null
}

/** Reconciliation's statements, prepared once for `db`. */
export type ReconciliationStatements = ReturnType<typeof prepareReconciliation>

const versionColumns = `v.id, v.kind, v.key, v.label, v.first_date AS firstDate, v.last_date AS lastDate, c.text,
  (SELECT json_group_array(text) FROM (SELECT text FROM examples x WHERE x.content_id = c.id ORDER BY x.ordinal)) AS examples`

/** Prepare reconciliation's reads and writes on `db`. */
export function prepareReconciliation(db: Crdb) {
  const s = {
    editionDates: prepared<[], string>(db, 'SELECT effective_date FROM editions ORDER BY effective_date').pluck(),
    byKey: prepared<['rule' | 'term', string], OfficialVersionRow>(
      db,
      `SELECT ${versionColumns} FROM versions v JOIN contents c ON c.id = v.content_id WHERE v.kind = ? AND v.key = ? ORDER BY v.first_date`
    ),
    inForce: prepared<['rule' | 'term', string, string], OfficialVersionRow>(
      db,
      `SELECT ${versionColumns} FROM versions v JOIN contents c ON c.id = v.content_id WHERE v.kind = ? AND v.first_date <= ? AND v.last_date >= ?`
    ),
    alias: prepared<[string], string>(db, 'SELECT DISTINCT key FROM term_aliases WHERE alias = ?').pluck(),
    prefixed: prepared<[string, string], string>(db, `SELECT DISTINCT key FROM versions WHERE kind = 'term' AND key >= ? AND key < ?`).pluck(),
    dumps: prepared<[], DumpToReconcile>(
      db,
      'SELECT d.id, d.source_id AS sourceId, d.stated_date AS statedDate, s.uri FROM dumps d JOIN sources s ON s.id = d.source_id ORDER BY d.id'
    ),
    attestations: prepared<[number], AttestationRow>(
      db,
      `SELECT id, ordinal, line, kind, label, dump_key AS key, term, text, examples, fragment, as_of AS asOf, revision_date AS revisionDate
       FROM attestations WHERE source_id = ? ORDER BY ordinal`
    ),
    update: prepared(db, 'UPDATE attestations SET key = ?, version_id = ?, status = ?, similarity = ?, diff = ?, remarks = ? WHERE id = ?'),
    updateDump: prepared(
      db,
      'UPDATE dumps SET era_edition = ?, inferred_from = ?, inferred_to = ?, match_score = ?, disagreeing = ?, reconciled_at = ? WHERE id = ?'
    ),
    clearMessages: prepared(db, `DELETE FROM messages WHERE source_id = ? AND code LIKE 'reconcile-%'`),
    insertMessage: prepared(db, 'INSERT INTO messages (source_id, line, rule, severity, code, text) VALUES (?, ?, ?, ?, ?, ?)')
  }
  return {
    /** The effective dates of the stored editions, oldest first. */
    editionDates: (): string[] => s.editionDates.all(),
    /** Every version of one key, oldest first. */
    versionsOf: (kind: 'rule' | 'term', key: string): OfficialVersionRow[] => s.byKey.all(kind, key),
    /** The versions of one kind in force at the edition dated `edition`. */
    versionsInForce: (kind: 'rule' | 'term', edition: string): OfficialVersionRow[] => s.inForce.all(kind, edition, edition),
    /** The glossary keys an alias names. */
    termKeysOfAlias: (alias: string): string[] => s.alias.all(alias),
    /** The glossary keys that are `bare` with a parenthesized qualifier (`legend (obsolete)`). */
    qualifiedTermKeys: (bare: string): string[] => s.prefixed.all(bare + ' (', bare + ' )'),
    /** Every stored dump. */
    dumps: (): DumpToReconcile[] => s.dumps.all(),
    /** The attestations of one dump, in order. */
    attestationsOf: (sourceId: number): AttestationRow[] => s.attestations.all(sourceId),
    /** Record how an attestation is linked. */
    linkAttestation: (id: number, link: AttestationLink): void => {
      s.update.run(link.key, link.versionId, link.status, link.similarity, link.diff, link.remarks, id)
    },
    /** Record a dump's dating and score, reconciled now. */
    dateDump: (id: number, dating: DumpDating): void => {
      s.updateDump.run(dating.eraEdition, dating.inferredFrom, dating.inferredTo, dating.matchScore, dating.disagreeing, new Date().toISOString(), id)
    },
    /** Replace a source's reconciliation messages. */
    replaceReconcileMessages: (sourceId: number, messages: readonly MessageRow[]): void => {
      s.clearMessages.run(sourceId)
      for (const message of messages) s.insertMessage.run(sourceId, message.line, message.rule ?? null, message.severity, message.code, message.text)
    }
  }
}
