/**
 * Adding editions to a built store derives lineage only for what is new when the
 * editions come after the newest one (each pair of editions is matched from those
 * two alone), and recomputes it whole otherwise. Either way the store ends as a
 * store built from scratch with all the files: the same links (with their scores
 * and reasons), lineages and ids, and the same histories and diffs. On five
 * editions of the archive (2024-07-30 to 2025-07-25, the renumbering of
 * 2024-11-08 among them).
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ingestPaths } from '../ingest/ingest.js'
import { diffEditions } from '../src/query/diff.js'
import { ruleHistory } from '../src/query/history.js'
import { search } from '../src/query/search.js'
import { driverOf, openDatabase, type Crdb } from '../src/store/database.js'
import { readDerivedState } from '../src/store/derived-state.js'
import { archiveAvailable, archiveDir, temporaryFolder } from './helpers.js'

const files = ['2024-08-02.txt', '2024-11-08.txt', '2025-02-07.txt', '2025-04-04.txt', '2025-07-25.txt'].map((name) => join(archiveDir, name))

/** Every link, by the versions it joins (kind, key, first and last edition), with what it says. */
function linksOf(db: Crdb): string[] {
  return driverOf(db)
    .prepare(
      `SELECT f.key || ' ' || f.first_date || ' ' || f.last_date || ' -> ' || t.key || ' ' || t.first_date || ' ' || t.last_date || ': ' ||
              l.kind || ' ' || l.similarity || ' ' || l.score || ' ' || l.basis || ' ' || l.reason
       FROM lineage_links l JOIN versions f ON f.id = l.from_version JOIN versions t ON t.id = l.to_version`
    )
    .pluck()
    .all()
    .sort() as string[]
}

/** Every version (kind, key, text, first and last edition) with its lineage's id. */
function lineagesOf(db: Crdb): string[] {
  return driverOf(db)
    .prepare(
      `SELECT v.kind || ' ' || v.key || ' ' || c.hash || ' ' || v.first_date || ' ' || v.last_date || ' ' || coalesce(l.id, 'none')
       FROM versions v JOIN contents c ON c.id = v.content_id LEFT JOIN lineages l ON l.root = v.lineage_id`
    )
    .pluck()
    .all()
    .sort() as string[]
}

/** The stored lineage ids with the version each starts from. */
function idsOf(db: Crdb): string[] {
  return driverOf(db)
    .prepare(`SELECT l.id || ' ' || v.kind || ' ' || v.key || ' ' || v.first_date FROM lineages l JOIN versions v ON v.id = l.root`)
    .pluck()
    .all()
    .sort() as string[]
}

/** What a reader sees: the history of each rule a link of the newest edition reaches, and the newest diff. */
function answersOf(db: Crdb, older: string, newer: string): unknown {
  const rules = driverOf(db)
    .prepare(
      `SELECT DISTINCT f.key AS number, f.last_date AS date FROM lineage_links l JOIN versions f ON f.id = l.from_version JOIN versions t ON t.id = l.to_version
       WHERE t.first_date IN (?, ?) ORDER BY f.key, f.last_date LIMIT 60`
    )
    .all(older, newer) as Array<{ number: string; date: string }>
  expect(rules.length).toBeGreaterThan(5)
  return {
    histories: rules.map(({ number, date }) => ruleHistory(db, number, { at: { date } })),
    diff: diffEditions(db, { date: older }, { date: newer }),
    // The search index of a store given an edition is not merged again: the same hits all the same.
    searches: ['first strike', 'commander tax', 'library', 'saga chapter ability', 'day night'].map((query) => search(db, query, { all: true }))
  }
}

const mark = 'marked by the test'

/**
 * Change the reason of one link stored into `edition`: a recomputation writes it
 * back, an extension leaves it. Returns a function that puts the reason back.
 */
function markOneLink(db: Crdb, edition: string): () => void {
  const link = driverOf(db)
    .prepare(
      `SELECT l.from_version AS "from", l.to_version AS "to", l.reason FROM lineage_links l JOIN versions t ON t.id = l.to_version WHERE t.first_date = ? ORDER BY 1, 2 LIMIT 1`
    )
    .get(edition) as { from: number; to: number; reason: string }
  const update = driverOf(db).prepare('UPDATE lineage_links SET reason = ? WHERE from_version = ? AND to_version = ?')
  expect(update.run(mark, link.from, link.to).changes).toBe(1)
  return () => {
    update.run(link.reason, link.from, link.to)
  }
}

function countMarked(db: Crdb): number {
  return driverOf(db).prepare('SELECT count(*) FROM lineage_links WHERE reason = ?').pluck().get(mark) as number
}

describe.skipIf(!archiveAvailable())('adding editions to a built store', () => {
  const folder = temporaryFolder()
  let scratch: Crdb
  const stores: Crdb[] = []
  /** A store built from `first`, then given `then` in a second build. */
  const buildInTwo = (name: string, first: string[], then: string[], beforeSecond?: (db: Crdb) => void): Crdb => {
    const db = openDatabase(join(folder.dir, name))
    stores.push(db)
    const initial = ingestPaths(db, first)
    expect(initial.rejected).toBe(0)
    beforeSecond?.(db)
    const added = ingestPaths(db, [...first, ...then])
    expect(added.stored).toBe(then.length)
    expect(readDerivedState(db).lineage).toBe(false)
    return db
  }

  beforeAll(() => {
    scratch = openDatabase(join(folder.dir, 'scratch.sqlite'))
    expect(ingestPaths(scratch, files).stored).toBe(files.length)
  })
  afterAll(() => {
    scratch?.close()
    for (const db of stores) db.close()
    folder.cleanup()
  })

  it('the newest edition: only its pair is matched, and the store is the one built from scratch', () => {
    const db = buildInTwo('newest.sqlite', files.slice(0, 4), files.slice(4))
    expect(linksOf(db)).toEqual(linksOf(scratch))
    expect(lineagesOf(db)).toEqual(lineagesOf(scratch))
    expect(idsOf(db)).toEqual(idsOf(scratch))
    expect(driverOf(db).prepare('SELECT count(*) FROM lineage_aliases').pluck().get()).toBe(0)
    expect(answersOf(db, '2025-04-04', '2025-07-25')).toEqual(answersOf(scratch, '2025-04-04', '2025-07-25'))
  })

  it('two new editions at once, the older links left as stored', () => {
    let unmark = (): void => {}
    const db = buildInTwo('two.sqlite', files.slice(0, 3), files.slice(3), (db) => {
      unmark = markOneLink(db, '2025-02-07')
    })
    // The link marked before is kept: the pairs up to the newest edition stored before were not matched again.
    expect(countMarked(db)).toBe(1)
    unmark()
    expect(linksOf(db)).toEqual(linksOf(scratch))
    expect(lineagesOf(db)).toEqual(lineagesOf(scratch))
    expect(idsOf(db)).toEqual(idsOf(scratch))
    expect(answersOf(db, '2025-02-07', '2025-04-04')).toEqual(answersOf(scratch, '2025-02-07', '2025-04-04'))
  })

  it('the newest edition with an override file changed for an older one: lineage is recomputed whole, the override applied', () => {
    const into = (db: Crdb): string =>
      driverOf(db)
        .prepare(
          `SELECT t.key FROM lineage_links l JOIN versions t ON t.id = l.to_version WHERE t.kind = 'rule' AND t.first_date = '2025-02-07' ORDER BY t.sort_key LIMIT 1`
        )
        .pluck()
        .get() as string
    const db = openDatabase(join(folder.dir, 'overrides.sqlite'))
    stores.push(db)
    expect(ingestPaths(db, files.slice(0, 4)).rejected).toBe(0)
    markOneLink(db, '2024-11-08')
    const number = into(db)
    const override = { edition: '2025-02-07', number, newLineage: true as const }
    expect(ingestPaths(db, files, { lineageOverrides: [override] }).stored).toBe(1)
    expect(countMarked(db)).toBe(0)
    expect(into(db)).not.toBe(number)
    // Built again with the same file: nothing new, and the links stay.
    const links = linksOf(db)
    expect(ingestPaths(db, files, { lineageOverrides: [override] }).stored).toBe(0)
    expect(linksOf(db)).toEqual(links)
  })

  it('an edition in the middle: lineage is recomputed whole, and the store is the one built from scratch', () => {
    const db = buildInTwo('middle.sqlite', [files[0], files[1], files[3], files[4]], [files[2]], (db) => {
      markOneLink(db, '2024-11-08')
    })
    expect(countMarked(db)).toBe(0)
    expect(linksOf(db)).toEqual(linksOf(scratch))
    expect(lineagesOf(db)).toEqual(lineagesOf(scratch))
    expect(answersOf(db, '2024-11-08', '2025-02-07')).toEqual(answersOf(scratch, '2024-11-08', '2025-02-07'))
  })
})
