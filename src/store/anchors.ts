/**
 * The rule versions the engine's anchors are matched against (the check catalog
 * and the era profile): read once per database handle, every edition at once.
 */
import type { Crdb } from './database.js'
import { prepared } from './statements.js'

/** A rule version an anchor can match, with its provenance and lineage. */
export interface AnchorRow {
  id: number
  key: string
  sortKey: string
  firstDate: string
  lastDate: string
  text: string
  contentId: number
  uri: string
  sha256: string
  line: number
  /** The stable id of its lineage (`1999-04-23_420.5e`), `null` before the lineage has ids. */
  lineageId: string | null
}

const anchorSelect = `SELECT v.id, v.key, v.sort_key AS sortKey, v.first_date AS firstDate, v.last_date AS lastDate, c.text, v.content_id AS contentId,
       s.uri, s.sha256, v.line, (SELECT l.id FROM lineages l WHERE l.root = v.lineage_id) AS lineageId
FROM versions v JOIN contents c ON c.id = v.content_id JOIN sources s ON s.id = v.source_id`

/** Every version of a section heading (a three-digit rule such as `704`), with its text. */
export function listSectionHeadings(db: Crdb): Array<{ number: string; firstDate: string; lastDate: string; text: string }> {
  return prepared<[], { number: string; firstDate: string; lastDate: string; text: string }>(
    db,
    `SELECT v.key AS number, v.first_date AS firstDate, v.last_date AS lastDate, c.text FROM versions v JOIN contents c ON c.id = v.content_id
     WHERE v.kind = 'rule' AND v.key GLOB '[0-9][0-9][0-9]'`
  ).all()
}

/** Every version of the rules numbered under section `number` (`704` -> 704.1, 704.5a, ...), in document order. */
export function listAnchorRowsUnder(db: Crdb, number: string): AnchorRow[] {
  return prepared<[string], AnchorRow>(db, `${anchorSelect} WHERE v.kind = 'rule' AND v.key GLOB ? ORDER BY v.sort_key, v.first_date`).all(`${number}.*`)
}

/** Every version of every rule whose text contains `like` (SQL LIKE), in document order. */
export function listAnchorRowsLike(db: Crdb, like: string): AnchorRow[] {
  return prepared<[string], AnchorRow>(db, `${anchorSelect} WHERE v.kind = 'rule' AND c.text LIKE ? ORDER BY v.sort_key, v.first_date`).all(like)
}
