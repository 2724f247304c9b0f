/**
 * What the lineage computation reads and writes: every rule version with its
 * text, and the links, lineages, stable lineage ids and their aliases derived
 * from them.
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
  /** Its lineage as stored (the row id of the lineage's first version), `null` before one was derived. */
  lineage: number | null
}

/** A link to store. */
export type LineageLinkInput = LineageLinkRow

/**
 * Every rule version (or, given `since`, those in force on that day or after),
 * and the text of a rule content by id (given `since`, read when first asked
 * for: an edition added is matched on a few of them). The rows come in an order
 * of the data (first edition, then document order), never of row ids, so that
 * the same versions give the same lineages however they were stored.
 */
export function readLineageInput(crdb: Crdb, since?: string): { rows: LineageInputRow[]; textOf: (contentId: number) => string } {
  const db = driverOf(crdb)
  const columns = `id, key, sort_key AS sortKey, content_id AS contentId, first_date AS firstDate, last_date AS lastDate, lineage_id AS lineage`
  if (since !== undefined) {
    const rows = db
      .prepare(`SELECT ${columns} FROM versions WHERE kind = 'rule' AND last_date >= ? ORDER BY first_date, sort_key`)
      .all(since) as LineageInputRow[]
    const text = db.prepare('SELECT text FROM contents WHERE id = ?').pluck()
    const texts = new Map<number, string>()
    return {
      rows,
      textOf: (contentId) => {
        let found = texts.get(contentId)
        if (found === undefined) texts.set(contentId, (found = text.get(contentId) as string))
        return found
      }
    }
  }
  const rows = db.prepare(`SELECT ${columns} FROM versions WHERE kind = 'rule' ORDER BY first_date, sort_key`).all() as LineageInputRow[]
  const texts = new Map(db.prepare(`SELECT id, text FROM contents WHERE kind = 'rule'`).raw().all() as Array<[number, string]>)
  return { rows, textOf: (contentId) => texts.get(contentId)! }
}

/**
 * Add the lineage of versions new since the last computation: `links` (any
 * stored link into those versions is replaced), each version's lineage
 * (`lineageOf`: every new version) and the lineage ids they start (`ids`: first version's row id ->
 * stable id; such an id kept as an alias no longer is one). Run it inside a
 * transaction.
 */
export function addLineage(crdb: Crdb, links: LineageLinkInput[], lineageOf: Map<number, number>, ids: Map<number, string>): void {
  const db = driverOf(crdb)
  const unlink = db.prepare('DELETE FROM lineage_links WHERE to_version = ?')
  for (const id of lineageOf.keys()) unlink.run(id)
  const insert = db.prepare('INSERT INTO lineage_links (from_version, to_version, kind, similarity, score, reason, basis) VALUES (?, ?, ?, ?, ?, ?, ?)')
  for (const link of [...links].sort((a, b) => a.from - b.from || a.to - b.to))
    insert.run(link.from, link.to, link.kind, link.similarity, link.score, link.reason, link.basis)
  const update = db.prepare('UPDATE versions SET lineage_id = ? WHERE id = ?')
  for (const [id, lineage] of lineageOf) update.run(lineage, id)
  const add = db.prepare('INSERT OR REPLACE INTO lineages (id, root) VALUES (?, ?)')
  const unalias = db.prepare('DELETE FROM lineage_aliases WHERE alias = ?')
  for (const [root, id] of ids) {
    add.run(id, root)
    unalias.run(id)
  }
}

/**
 * Make the stored lineage links exactly `links` and set each version's lineage
 * (`lineageOf`: version id -> the id of its lineage's first version), writing
 * only what changed (`stored`: each version's lineage as stored, when the caller
 * has read it). Run it inside a transaction.
 */
export function writeLineage(
  crdb: Crdb,
  links: LineageLinkInput[],
  lineageOf: Map<number, number>,
  stored: Map<number, number | null> = readVersionLineages(crdb)
): void {
  const db = driverOf(crdb)
  // Write only the links that changed: a build that adds one edition leaves most of them as they were.
  const wanted = new Map(links.map((link) => [`${link.from}:${link.to}`, link]))
  const storedLinks = db.prepare('SELECT from_version, to_version, kind, similarity, score, reason, basis FROM lineage_links').raw().all() as Array<
    [number, number, string, number, number, string, string]
  >
  const remove = db.prepare('DELETE FROM lineage_links WHERE from_version = ? AND to_version = ?')
  for (const [from, to, kind, similarity, score, reason, basis] of storedLinks) {
    const key = `${from}:${to}`
    const link = wanted.get(key)
    if (link && link.kind === kind && link.similarity === similarity && link.score === score && link.reason === reason && link.basis === basis)
      wanted.delete(key)
    else remove.run(from, to)
  }
  // In key order, so that the table's b-tree grows at its end; many rows per statement.
  const sorted = [...wanted.values()].sort((a, b) => a.from - b.from || a.to - b.to)
  const batch = 100
  const insertMany = db.prepare(
    `INSERT INTO lineage_links (from_version, to_version, kind, similarity, score, reason, basis) VALUES ${Array(batch).fill('(?, ?, ?, ?, ?, ?, ?)').join(', ')}`
  )
  const insertOne = db.prepare('INSERT INTO lineage_links (from_version, to_version, kind, similarity, score, reason, basis) VALUES (?, ?, ?, ?, ?, ?, ?)')
  const values = (link: LineageLinkInput): unknown[] => [link.from, link.to, link.kind, link.similarity, link.score, link.reason, link.basis]
  let index = 0
  for (; index + batch <= sorted.length; index += batch) insertMany.run(sorted.slice(index, index + batch).flatMap(values))
  for (; index < sorted.length; index++) insertOne.run(...values(sorted[index]))
  // Write only what changed: a build that adds one edition leaves most lineages as they were.
  const update = db.prepare('UPDATE versions SET lineage_id = ? WHERE id = ?')
  for (const [id, lineage] of lineageOf) if (stored.get(id) !== lineage) update.run(lineage, id)
}

/** A glossary term version as the lineage computation reads it. */
export interface TermLineageRow {
  id: number
  key: string
  firstDate: string
  lastDate: string
  /** Its lineage as stored, `null` before one was derived. */
  lineage: number | null
}

/**
 * Every glossary term version (or, given `since`, every version of the terms with
 * a version that starts after that day), in an order of the data (key, first edition).
 */
export function readTermLineageInput(crdb: Crdb, since?: string): TermLineageRow[] {
  const db = driverOf(crdb)
  const columns = 'id, key, first_date AS firstDate, last_date AS lastDate, lineage_id AS lineage'
  if (since !== undefined)
    return db
      .prepare(
        `SELECT ${columns} FROM versions WHERE kind = 'term' AND key IN (SELECT key FROM versions WHERE kind = 'term' AND first_date > ?) ORDER BY key, first_date`
      )
      .all(since) as TermLineageRow[]
  return db.prepare(`SELECT ${columns} FROM versions WHERE kind = 'term' ORDER BY key, first_date`).all() as TermLineageRow[]
}

/** Each version's stored lineage (the id of its lineage's first version; `null` before lineage was derived). */
function readVersionLineages(crdb: Crdb): Map<number, number | null> {
  const db = driverOf(crdb)
  return new Map(db.prepare('SELECT id, lineage_id FROM versions').raw().all() as Array<[number, number | null]>)
}

/** The stable ids stored by the last lineage computation: first version's row id -> lineage id. */
export function readStoredLineageIds(crdb: Crdb): Map<number, string> {
  const db = driverOf(crdb)
  return new Map(db.prepare('SELECT root, id FROM lineages').raw().all() as Array<[number, string]>)
}

/** An old id kept as an alias, with a lineage it leads to. */
export interface LineageAliasInput {
  alias: string
  lineage: string
  /** How many of the old id's versions that lineage holds. */
  held: number
}

/**
 * Make the stored lineage ids exactly `ids` (first version's row id -> stable id),
 * add `aliases` (written at `since`), and drop the aliases of any id that names a
 * lineage again. Writes only what changed (`stored`: the ids as stored, when the
 * caller has read them); run it inside a transaction.
 */
export function writeLineageIds(
  crdb: Crdb,
  ids: Map<number, string>,
  aliases: LineageAliasInput[],
  since: string,
  stored: Map<number, string> = readStoredLineageIds(crdb)
): void {
  const db = driverOf(crdb)
  const remove = db.prepare('DELETE FROM lineages WHERE id = ?')
  const wanted = new Map(ids)
  for (const [root, id] of stored) {
    if (wanted.get(root) === id) wanted.delete(root)
    else remove.run(id)
  }
  const insert = db.prepare('INSERT INTO lineages (id, root) VALUES (?, ?)')
  for (const [root, id] of wanted) insert.run(id, root)
  const unalias = db.prepare('DELETE FROM lineage_aliases WHERE alias = ?')
  const aliased = db.prepare('SELECT DISTINCT alias FROM lineage_aliases').pluck().all() as string[]
  const live = new Set(ids.values())
  for (const alias of aliased) if (live.has(alias)) unalias.run(alias)
  const add = db.prepare('INSERT OR REPLACE INTO lineage_aliases (alias, lineage, held, since) VALUES (?, ?, ?, ?)')
  for (const alias of aliases) add.run(alias.alias, alias.lineage, alias.held, since)
}

/**
 * The links made from the override file (`basis = 'override'`) into editions up to
 * `through`, as `edition from to` (`2001-07-23 420.5a 420.5a`).
 */
export function readOverrideLinks(crdb: Crdb, through: string): string[] {
  return driverOf(crdb)
    .prepare(
      `SELECT t.first_date || ' ' || f.key || ' ' || t.key FROM lineage_links l JOIN versions f ON f.id = l.from_version JOIN versions t ON t.id = l.to_version
       WHERE l.basis = 'override' AND t.first_date <= ?`
    )
    .pluck()
    .all(through) as string[]
}

/** Whether some link leads into the version of rule `key` that starts in the edition dated `edition`. */
export function hasLinkInto(crdb: Crdb, key: string, edition: string): boolean {
  return (
    driverOf(crdb)
      .prepare(`SELECT EXISTS (SELECT 1 FROM versions t JOIN lineage_links l ON l.to_version = t.id WHERE t.kind = 'rule' AND t.key = ? AND t.first_date = ?)`)
      .pluck()
      .get(key, edition) === 1
  )
}
