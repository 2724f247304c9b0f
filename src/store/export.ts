/**
 * What an export of whole editions reads: every rule and term of one edition
 * with its lineage id in one statement each, and every version of every
 * lineage for the lineage table.
 */
import type { VersionKind } from '../vocabulary/kinds.js'
import type { Crdb } from './database.js'
import { versionsOfEdition } from './edition-scan.js'
import { inForceAt, prepared, validToOf } from './statements.js'

/** A rule of an edition as an export reads it. */
export interface ExportRuleRow {
  key: string
  text: string
  /** Its examples in order, as a JSON array. */
  examples: string
  /** Its lineage's stable id; `null` before the lineage has ids. */
  lineage: string | null
}

/** A glossary term of an edition as an export reads it. */
export interface ExportTermRow {
  key: string
  label: string
  text: string
  obsolete: number
  lineage: string | null
}

const lineageIdOf = '(SELECT l.id FROM lineages l WHERE l.root = v.lineage_id)'

/** The statement reading every rule of an edition in document order from `versions` (see {@link versionsOfEdition}), with its examples and `more` columns. */
function editionRulesSql(versions: string, more = ''): string {
  // Most rules have no example: a probe of the index says so before the examples are gathered.
  return `SELECT v.key, c.text,
            CASE WHEN EXISTS (SELECT 1 FROM examples WHERE content_id = v.content_id)
              THEN (SELECT json_group_array(x.text) FROM (SELECT text FROM examples WHERE content_id = v.content_id ORDER BY ordinal) x)
              ELSE '[]' END AS examples${more}
     FROM ${versions} JOIN contents c ON c.id = v.content_id
     WHERE v.kind = 'rule' AND ${inForceAt('v')} ORDER BY v.sort_key`
}

/** Every rule of `edition`, in document order, with its examples and lineage id. */
export function listExportRules(db: Crdb, edition: string): ExportRuleRow[] {
  return prepared<{ edition: string }, ExportRuleRow>(db, editionRulesSql(versionsOfEdition(db, edition), `, ${lineageIdOf} AS lineage`)).all({ edition })
}

/**
 * Every rule of `edition`, in document order, as `[key, text, examples]`: {@link listExportRules} without the lineage
 * ids (a page of the whole edition). Rows as arrays: a page reads thousands, and a named row costs more to make.
 */
export function listEditionRuleTexts(db: Crdb, edition: string): Array<[key: string, text: string, examples: string]> {
  return prepared<{ edition: string }, [string, string, string]>(db, editionRulesSql(versionsOfEdition(db, edition)))
    .raw()
    .all({ edition })
}

/** Every glossary term of `edition`, in document order, as `[key, label, text]`: {@link listExportTerms} without the lineage ids. */
export function listEditionTermTexts(db: Crdb, edition: string): Array<[key: string, label: string, text: string]> {
  return prepared<{ edition: string }, [string, string, string]>(
    db,
    `SELECT v.key, v.label, c.text FROM versions v JOIN contents c ON c.id = v.content_id
     WHERE v.kind = 'term' AND ${inForceAt('v')} ORDER BY v.sort_key`
  )
    .raw()
    .all({ edition })
}

/** Every glossary term of `edition`, in document order, with its lineage id. */
export function listExportTerms(db: Crdb, edition: string): ExportTermRow[] {
  return prepared<{ edition: string }, ExportTermRow>(
    db,
    `SELECT v.key, v.label, c.text, v.obsolete, ${lineageIdOf} AS lineage
     FROM versions v JOIN contents c ON c.id = v.content_id
     WHERE v.kind = 'term' AND ${inForceAt('v')} ORDER BY v.sort_key`
  ).all({ edition })
}

/** A version of a lineage, as the lineage table lists it. */
export interface LineageVersionRow {
  id: string
  kind: VersionKind
  key: string
  label: string
  firstDate: string
  lastDate: string
  validTo: string | null
}

/** Every version that has a lineage id, by lineage id, then first edition, then document order. */
export function listLineageVersionRows(db: Crdb): LineageVersionRow[] {
  return prepared<[], LineageVersionRow>(
    db,
    `SELECT l.id, v.kind, v.key, v.label, v.first_date AS firstDate, v.last_date AS lastDate, ${validToOf('v')} AS validTo
     FROM versions v JOIN lineages l ON l.root = v.lineage_id
     WHERE v.kind IN ('rule', 'term')
     ORDER BY l.id, v.first_date, v.sort_key`
  ).all()
}

/** An edition with its source, as an export describes it. */
export interface ExportEditionRow {
  effectiveDate: string
  validTo: string | null
  dateStatement: string
  truncated: number
  ruleCount: number
  exampleCount: number
  glossaryCount: number
  uri: string
  sha256: string
  encoding: string
  bytes: number
}

/** The edition dated `edition` with its source and the date of the next edition, or `undefined`. */
export function findExportEdition(db: Crdb, edition: string): ExportEditionRow | undefined {
  return prepared<[string], ExportEditionRow>(
    db,
    `SELECT e.effective_date AS effectiveDate, (SELECT MIN(n.effective_date) FROM editions n WHERE n.effective_date > e.effective_date) AS validTo,
            e.date_statement AS dateStatement, e.truncated, e.rule_count AS ruleCount, e.example_count AS exampleCount,
            e.glossary_count AS glossaryCount, s.uri, s.sha256, s.encoding, s.bytes
     FROM editions e JOIN sources s ON s.id = e.source_id WHERE e.effective_date = ?`
  ).get(edition)
}
