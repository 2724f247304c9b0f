/**
 * Sources, their messages and the attestations read from dumps: the questions
 * the read side asks about provenance.
 */
import type { Crdb } from './database.js'
import type { AttestationFields } from './dump-writes.js'
import type { MessageRow } from './editions.js'
import { prepared } from './statements.js'

/** A source row: its bytes and format, with the edition or dump it holds and its message counts. */
export interface SourceRow {
  id: number
  uri: string
  format: string
  sha256: string
  bytes: number
  encoding: string
  effectiveDate: string | null
  ruleCount: number | null
  glossaryCount: number | null
  dumpKind: string | null
  title: string | null
  statedDate: string | null
  eraEdition: string | null
  inferredFrom: string | null
  inferredTo: string | null
  matchScore: number | null
  /** JSON array of the labels not equal throughout the best-matching run. */
  disagreeing: string | null
  errors: number
  warnings: number
  infos: number
}

/** Every source: official editions by date, then dumps in ingest order. */
export function listSourceRows(db: Crdb): SourceRow[] {
  return prepared<[], SourceRow>(
    db,
    `SELECT s.id, s.uri, s.format, s.sha256, s.bytes, s.encoding,
            e.effective_date AS effectiveDate, e.rule_count AS ruleCount, e.glossary_count AS glossaryCount,
            d.kind AS dumpKind, d.title, d.stated_date AS statedDate, d.era_edition AS eraEdition, d.inferred_from AS inferredFrom,
            d.inferred_to AS inferredTo, d.match_score AS matchScore, d.disagreeing,
            (SELECT COUNT(*) FROM messages m WHERE m.source_id = s.id AND m.severity = 'error') AS errors,
            (SELECT COUNT(*) FROM messages m WHERE m.source_id = s.id AND m.severity = 'warning') AS warnings,
            (SELECT COUNT(*) FROM messages m WHERE m.source_id = s.id AND m.severity = 'info') AS infos
     FROM sources s LEFT JOIN editions e ON e.source_id = s.id LEFT JOIN dumps d ON d.source_id = s.id
     ORDER BY d.id IS NOT NULL, e.effective_date, s.id`
  ).all()
}

/** How many attestations each source has, by kind and status. */
export function countAttestations(db: Crdb): Array<{ sourceId: number; kind: string; status: string; n: number }> {
  return prepared<[], { sourceId: number; kind: string; status: string; n: number }>(
    db,
    'SELECT source_id AS sourceId, kind, status, COUNT(*) AS n FROM attestations GROUP BY source_id, kind, status'
  ).all()
}

/** A source's id and uri. */
export interface SourceIdentity {
  id: number
  uri: string
}

/** The source with id `id`, or `undefined`. */
export function findSourceById(db: Crdb, id: number): SourceIdentity | undefined {
  return prepared<[number], SourceIdentity>(db, 'SELECT id, uri FROM sources WHERE id = ?').get(id)
}

/** The sources read from exactly `uri`. */
export function listSourcesByUri(db: Crdb, uri: string): SourceIdentity[] {
  return prepared<[string], SourceIdentity>(db, 'SELECT id, uri FROM sources WHERE uri = ?').all(uri)
}

/** Every source's id and uri. */
export function listSourceIdentities(db: Crdb): SourceIdentity[] {
  return prepared<[], SourceIdentity>(db, 'SELECT id, uri FROM sources').all()
}

/** The messages of source `id`, in line order. */
export function listSourceMessageRows(db: Crdb, id: number): MessageRow[] {
  return prepared<[number], MessageRow>(db, 'SELECT line, rule, severity, code, text FROM messages WHERE source_id = ? ORDER BY line, id').all(id)
}

/** What a dump says about a rule or glossary term, and how it compares. */
export interface Attestation {
  id: number
  source: {
    id: number
    uri: string
    kind: string
    format: string
    /** The date the dump states, else the first edition of the run its text matches best. */
    date: string | null
    dating: 'stated' | 'inferred' | 'none'
    /** For an undated dump: the run of editions its text matches best. */
    inferred: { from: string; to: string } | null
  }
  line: number
  kind: 'rule' | 'term' | 'note' | 'ruling' | 'external'
  /** As the dump numbers it. */
  label: string
  /** The official key it attests (rule number or lower-case term), or null. */
  key: string | null
  term: string | null
  document: string | null
  text: string
  examples: string[]
  fragment: 'head' | 'tail' | null
  asOf: string | null
  revisionDate: string | null
  author: string | null
  authoredDate: string | null
  status: 'pending' | 'equal' | 'differs' | 'partial' | 'unmatched' | 'external'
  similarity: number | null
  diff: string | null
  remarks: string | null
  /** The official version it is linked to: the interval of editions with that text. */
  version: { id: number; firstDate: string; lastDate: string } | null
}

const attestationColumns = `a.id, a.line, a.kind, a.label, a.key, a.term, a.document, a.text, a.examples, a.fragment, a.as_of AS asOf,
  a.revision_date AS revisionDate, a.author, a.authored_date AS authoredDate, a.status, a.similarity, a.diff, a.remarks, a.version_id, v.first_date, v.last_date,
  s.id AS source_id, s.uri, s.format, d.kind AS dump_kind, d.stated_date, d.inferred_from, d.inferred_to`

/** An attestation row as selected by `attestationColumns`: the stored fields, then its link and its source (snake_case). */
interface AttestationRow extends AttestationFields {
  id: number
  kind: Attestation['kind']
  fragment: Attestation['fragment']
  status: Attestation['status']
  similarity: number | null
  diff: string | null
  remarks: string | null
  version_id: number | null
  first_date: string | null
  last_date: string | null
  source_id: number
  uri: string
  format: string
  dump_kind: string
  stated_date: string | null
  inferred_from: string | null
  inferred_to: string | null
}

const attestationJoins = `FROM attestations a JOIN sources s ON s.id = a.source_id JOIN dumps d ON d.source_id = s.id
LEFT JOIN versions v ON v.id = a.version_id`

function toAttestation(row: AttestationRow): Attestation {
  return {
    id: row.id,
    source: {
      id: row.source_id,
      uri: row.uri,
      kind: row.dump_kind,
      format: row.format,
      date: row.stated_date ?? row.inferred_from ?? null,
      dating: row.stated_date ? 'stated' : row.inferred_from ? 'inferred' : 'none',
      inferred: row.inferred_from ? { from: row.inferred_from, to: row.inferred_to ?? row.inferred_from } : null
    },
    line: row.line,
    kind: row.kind,
    label: row.label,
    key: row.key,
    term: row.term,
    document: row.document,
    text: row.text,
    examples: JSON.parse(row.examples),
    fragment: row.fragment,
    asOf: row.asOf,
    revisionDate: row.revisionDate,
    author: row.author,
    authoredDate: row.authoredDate,
    status: row.status,
    similarity: row.similarity,
    diff: row.diff,
    remarks: row.remarks,
    version: row.version_id !== null && row.first_date ? { id: row.version_id, firstDate: row.first_date, lastDate: row.last_date ?? row.first_date } : null
  }
}

/** Every attestation read from dump source `sourceId`, in its order. */
export function listAttestationsOfSource(db: Crdb, sourceId: number): Attestation[] {
  const rows = prepared<[number], AttestationRow>(db, `SELECT ${attestationColumns} ${attestationJoins} WHERE a.source_id = ? ORDER BY a.ordinal`).all(sourceId)
  return rows.map(toAttestation)
}

/** Every attestation of rule `key`: those labelled with it and those linked to one of its versions, by source and order. */
export function listAttestationsOfRule(db: Crdb, key: string): Attestation[] {
  const rows = prepared<{ key: string }, AttestationRow>(
    db,
    `SELECT ${attestationColumns} ${attestationJoins}
     WHERE (a.key = @key AND a.kind IN ('rule', 'note', 'ruling')) OR a.version_id IN (SELECT id FROM versions WHERE kind = 'rule' AND key = @key)
     ORDER BY s.id, a.ordinal`
  ).all({ key })
  return rows.map(toAttestation)
}

/** Every attestation of glossary term `key`: entries and notes reconciled to it, and those linked to one of its versions, by source and order. */
export function listAttestationsOfTerm(db: Crdb, key: string): Attestation[] {
  const rows = prepared<{ key: string }, AttestationRow>(
    db,
    `SELECT ${attestationColumns} ${attestationJoins}
     WHERE (a.key = @key AND (a.kind = 'term' OR a.term IS NOT NULL)) OR a.version_id IN (SELECT id FROM versions WHERE kind = 'term' AND key = @key)
     ORDER BY s.id, a.ordinal`
  ).all({ key })
  return rows.map(toAttestation)
}
