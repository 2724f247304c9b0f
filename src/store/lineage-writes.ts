/**
 * What the lineage computation reads and writes: every rule version with its
 * text, and the links and lineage ids derived from them.
 */
import { driverOf, type Crdb } from './handle.js'
import type { LineageLinkRow } from './history.js'

/** A rule version as lineage matching reads it. */
export interface LineageInputRow {
  id: number
  key: string
  sortKey: string
  contentId: number
  firstDate: string
  lastDate: string
}

/** A link to store. */
export type LineageLinkInput = LineageLinkRow

/** Every rule version, and the text of every rule content by id. */
export function readLineageInput(crdb: Crdb): { rows: LineageInputRow[]; texts: Map<number, string> } {
  const db = driverOf(crdb)
  const rows = db
    .prepare<[], LineageInputRow>(
      `SELECT id, key, sort_key AS sortKey, content_id AS contentId, first_date AS firstDate, last_date AS lastDate FROM versions WHERE kind = 'rule'`
    )
    .all()
  const texts = new Map(db.prepare<[], [number, string]>(`SELECT id, text FROM contents WHERE kind = 'rule'`).raw().all())
  return { rows, texts }
}

/**
 * Make the stored lineage links exactly `links` and set each rule version's
 * lineage id, writing only what changed; each glossary term is one lineage. Run
 * it inside a transaction.
 */
export function writeLineage(crdb: Crdb, links: LineageLinkInput[], lineageOf: Map<number, number>): void {
  const db = driverOf(crdb)
  // Write only the links that changed: a build that adds one edition leaves most of them as they were.
  const wanted = new Map(links.map((link) => [`${link.from}:${link.to}`, link]))
  const stored = db
    .prepare<[], [number, number, string, number, number, string]>('SELECT from_version, to_version, kind, similarity, score, reason FROM lineage_links')
    .raw()
    .all()
  const remove = db.prepare('DELETE FROM lineage_links WHERE from_version = ? AND to_version = ?')
  for (const [from, to, kind, similarity, score, reason] of stored) {
    const key = `${from}:${to}`
    const link = wanted.get(key)
    if (link && link.kind === kind && link.similarity === similarity && link.score === score && link.reason === reason) wanted.delete(key)
    else remove.run(from, to)
  }
  // In key order, so that the table's b-tree grows at its end; many rows per statement.
  const sorted = [...wanted.values()].sort((a, b) => a.from - b.from || a.to - b.to)
  const batch = 100
  const insertMany = db.prepare(
    `INSERT INTO lineage_links (from_version, to_version, kind, similarity, score, reason) VALUES ${Array(batch).fill('(?, ?, ?, ?, ?, ?)').join(', ')}`
  )
  const insertOne = db.prepare('INSERT INTO lineage_links (from_version, to_version, kind, similarity, score, reason) VALUES (?, ?, ?, ?, ?, ?)')
  const values = (link: LineageLinkInput): unknown[] => [link.from, link.to, link.kind, link.similarity, link.score, link.reason]
  let index = 0
  for (; index + batch <= sorted.length; index += batch) insertMany.run(sorted.slice(index, index + batch).flatMap(values))
  for (; index < sorted.length; index++) insertOne.run(...values(sorted[index]))
  // Write only what changed: a build that adds one edition leaves most lineages as they were.
  const current = new Map(db.prepare<[], [number, number | null]>(`SELECT id, lineage_id FROM versions WHERE kind = 'rule'`).raw().all())
  const update = db.prepare('UPDATE versions SET lineage_id = ? WHERE id = ?')
  for (const [id, lineage] of lineageOf) if (current.get(id) !== lineage) update.run(lineage, id)
  // Glossary terms keep their key: one lineage per term.
  db.prepare(
    `UPDATE versions SET lineage_id = (SELECT MIN(other.id) FROM versions other WHERE other.kind = 'term' AND other.key = versions.key)
     WHERE kind = 'term' AND lineage_id IS NOT (SELECT MIN(other.id) FROM versions other WHERE other.kind = 'term' AND other.key = versions.key)`
  ).run()
}
