/**
 * Stable lineage ids: their written form; the same ids from the same data
 * whatever order it was stored in; an edition added in the middle, or a change
 * to the matching overrides, retires only the ids whose lineage it moved, and
 * each retired id leads through the kept aliases to the lineage(s) holding its
 * versions now. On small documents and on the archive.
 */
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ingestPaths, listArchive } from '../ingest/ingest.js'
import { computeLineage, readLineageOverrides, type LineageOverride } from '../ingest/lineage.js'
import { findRuleLineageId, findTermLineageId, getLineage, resolveLineageId, type Lineage, type RuleLineage, type TermLineage } from '../src/query/lineage.js'
import { driverOf, openDatabase, type Crdb } from '../src/store/database.js'
import { readDerivedState } from '../src/store/derived-state.js'
import { formatLineageId, parseLineageId } from '../src/vocabulary/lineage-id.js'
import { lineageOverridesPath } from '../src/vocabulary/paths.js'
import { archiveAvailable, archiveDir, temporaryFolder, thrown, useFreshDatabase, writeEdition } from './helpers.js'
import { inject } from 'vitest'

/** Every version, by what it is (kind, key, first and last edition), with its lineage id. */
function idsByVersion(db: Crdb): Map<string, string> {
  const rows = driverOf(db)
    .prepare(`SELECT v.kind || ' ' || v.key || ' ' || v.first_date || ' ' || v.last_date, l.id FROM versions v LEFT JOIN lineages l ON l.root = v.lineage_id`)
    .raw()
    .all() as Array<[string, string | null]>
  return new Map(rows.map(([version, id]) => [version, id ?? 'none']))
}

/** The answer for a rule's lineage (fails the test for a term's). */
function ruleLineage(lineage: Lineage): RuleLineage {
  if (lineage.kind !== 'rule') throw new Error(`${lineage.id} is not a rule's lineage`)
  return lineage
}

/** The answer for a term's lineage (fails the test for a rule's). */
function termLineage(lineage: Lineage): TermLineage {
  if (lineage.kind !== 'term') throw new Error(`${lineage.id} is not a term's lineage`)
  return lineage
}

function lineageIds(db: Crdb): Set<string> {
  return new Set(driverOf(db).prepare('SELECT id FROM lineages').pluck().all() as string[])
}

/** The lineage ids `db` now gives the versions an old id's lineage held (`before`: version -> id then). */
function holdersOf(alias: string, before: Map<string, string>, after: Map<string, string>): Set<string> {
  return new Set([...before].filter(([version, id]) => id === alias && after.has(version)).map(([version]) => after.get(version)!))
}

describe('lineage ids: the written form', () => {
  it('writes a rule lineage as date_number and a term as date_term.slug, and reads them back', () => {
    expect(formatLineageId({ kind: 'rule', date: '1999-04-23', key: '420.5e' })).toBe('1999-04-23_420.5e')
    expect(formatLineageId({ kind: 'term', date: '2004-10-01', key: 'last known information' })).toBe('2004-10-01_term.last_known_information')
    for (const key of ['control, controller', 'control/controller', 'nontraditional _magic_ card', 'for mirrodin!', 'free-for-all', 'pokémon ~ 1']) {
      const id = formatLineageId({ kind: 'term', date: '2010-01-01', key })
      expect(id).toMatch(/^[A-Za-z0-9._~-]+$/)
      expect(encodeURIComponent(id)).toBe(id)
      expect(parseLineageId(id)).toEqual({ kind: 'term', date: '2010-01-01', key })
    }
    // Two keys never share an id.
    expect(formatLineageId({ kind: 'term', date: '2010-01-01', key: 'control, controller' })).not.toBe(
      formatLineageId({ kind: 'term', date: '2010-01-01', key: 'control/controller' })
    )
    expect(parseLineageId(' 1999-04-23_420.5E ')).toEqual({ kind: 'rule', date: '1999-04-23', key: '420.5e' })
  })

  it('refuses what is not an id with E_USAGE naming it', () => {
    for (const bad of [
      '420.5e',
      '1999-04-23',
      '1999-02-30_420.5e',
      '1999-04-23_99.1',
      '1999-04-23_420.5e.',
      '1999-04-23_term.',
      '1999-04-23_term.a~6',
      '1999-04-23_term.~61'
    ]) {
      const error = thrown(() => parseLineageId(bad))
      expect(error.code, bad).toBe('E_USAGE')
      expect(error.message).toContain(`"${bad}"`)
    }
  })
})

const rules = {
  '100.1': 'Widgets are the objects of this game, and each player owns a pile of widgets.',
  '100.2': 'Sprockets turn clockwise unless a lantern says otherwise.'
}
const added = 'A zeppelin floats above the table and can carry up to three widgets at once.'

describe('lineage ids on small documents', () => {
  const fresh = useFreshDatabase()
  const january = () => writeEdition(fresh.dir, 'a.txt', { date: '2020-01-01', rules, glossary: { Widget: 'The object of this game.' } })
  const february = () =>
    writeEdition(fresh.dir, 'b.txt', { date: '2020-02-01', rules: { ...rules, '100.3': added }, glossary: { Widget: 'The object of this game.' } })
  const march = () =>
    writeEdition(fresh.dir, 'c.txt', {
      date: '2020-03-01',
      rules: { ...rules, '100.3': added },
      glossary: { Widget: 'The object of this game.', Zeppelin: 'A floating thing.' }
    })

  it('names each lineage by where it starts, rules and terms alike', () => {
    ingestPaths(fresh.db, [january(), march()])
    expect(findRuleLineageId(fresh.db, '100.1')).toBe('2020-01-01_100.1')
    expect(findRuleLineageId(fresh.db, '100.3')).toBe('2020-03-01_100.3')
    expect(findRuleLineageId(fresh.db, '100.3', { edition: '2020-01-01' })).toBeNull()
    expect(findTermLineageId(fresh.db, 'Widget')).toBe('2020-01-01_term.widget')
    expect(findTermLineageId(fresh.db, 'zeppelin')).toBe('2020-03-01_term.zeppelin')
    const widget = termLineage(getLineage(fresh.db, '2020-01-01_term.widget'))
    expect(widget).toMatchObject({ kind: 'term', id: '2020-01-01_term.widget', began: '2020-01-01', ended: null })
    expect(widget.inForce.map((term) => term.definition)).toEqual(['The object of this game.'])
    expect(driverOf(fresh.db).prepare('SELECT COUNT(*) FROM lineage_aliases').pluck().get()).toBe(0)
  })

  it('keeps the id an edition added before a lineage start retires, as an alias of the lineage that now starts earlier', () => {
    ingestPaths(fresh.db, [january(), march()])
    ingestPaths(fresh.db, [february()])
    expect(findRuleLineageId(fresh.db, '100.3')).toBe('2020-02-01_100.3')
    expect(findRuleLineageId(fresh.db, '100.1')).toBe('2020-01-01_100.1')
    expect(resolveLineageId(fresh.db, '2020-03-01_100.3')).toEqual({
      id: '2020-03-01_100.3',
      lineages: ['2020-02-01_100.3'],
      aliases: [{ alias: '2020-03-01_100.3', lineages: ['2020-02-01_100.3'] }]
    })
    const lineage = getLineage(fresh.db, '2020-03-01_100.3', { edition: '2020-01-01' })
    expect(lineage).toMatchObject({ kind: 'rule', id: '2020-02-01_100.3', asked: '2020-03-01_100.3', alternatives: [], began: '2020-02-01', inForce: [] })
    expect(lineage.versions).toMatchObject([{ label: '100.3', validFrom: '2020-02-01', validTo: null, lastEdition: '2020-03-01' }])
    expect(ruleLineage(getLineage(fresh.db, '2020-03-01_100.3')).inForce.map((rule) => rule.text)).toEqual([added])
    // The same documents stored from scratch, newest first: the same ids, and no alias (this file never saw another id).
    const other = temporaryFolder()
    try {
      const db = openDatabase(join(other.dir, 'crdb.sqlite'))
      ingestPaths(db, [march(), february(), january()])
      expect(idsByVersion(db)).toEqual(idsByVersion(fresh.db))
      expect(driverOf(db).prepare('SELECT COUNT(*) FROM lineage_aliases').pluck().get()).toBe(0)
      // It never saw the old id: no alias, but the error names the lineage that rule belonged to.
      expect(thrown(() => resolveLineageId(db, '2020-03-01_100.3')).message).toBe(
        'lineage "2020-03-01_100.3" not found: no lineage starts with 100.3 in the edition of 2020-03-01; 100.3 was then part of 2020-02-01_100.3, which starts earlier'
      )
      db.close()
    } finally {
      other.cleanup()
    }
  })

  it('upgrades a store of schema 10: its lineages get ids at the next build, the lineage marked stale until then', () => {
    const files = [january(), march()]
    ingestPaths(fresh.db, files)
    const ids = idsByVersion(fresh.db)
    // What a store written before migration 11 holds: no id tables, lineage current.
    driverOf(fresh.db).exec('DROP TABLE lineages; DROP TABLE lineage_aliases; PRAGMA user_version = 10')
    const db = fresh.reopen()
    expect(driverOf(db).pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(11)
    expect(readDerivedState(db).lineage).toBe(true)
    expect(thrown(() => resolveLineageId(db, '2020-01-01_100.1')).message).toContain('run crdb build')
    const report = ingestPaths(db, files)
    expect(report.stored).toBe(0)
    expect(readDerivedState(db).lineage).toBe(false)
    expect(idsByVersion(db)).toEqual(ids)
    expect(resolveLineageId(db, '2020-01-01_100.1').lineages).toEqual(['2020-01-01_100.1'])
  })

  it('says which id it does not know, and that a database without ids needs a build', () => {
    ingestPaths(fresh.db, [january()])
    const error = thrown(() => getLineage(fresh.db, '2020-01-01_100.9'))
    expect(error.code).toBe('E_NOT_FOUND')
    expect(error.message).toBe(
      'lineage "2020-01-01_100.9" not found: no lineage starts with 100.9 in the edition of 2020-01-01, and this database never gave that id to one'
    )
    expect(thrown(() => getLineage(fresh.db, '2020-01-01_term.gizmo')).message).toContain('no lineage starts with term "gizmo" in the edition of 2020-01-01')
    expect(thrown(() => getLineage(fresh.db, 'rule-100.1')).code).toBe('E_USAGE')
    driverOf(fresh.db).prepare('DELETE FROM lineages').run()
    expect(thrown(() => resolveLineageId(fresh.db, '2020-01-01_100.1')).message).toContain('run crdb build')
  })
})

describe.skipIf(!archiveAvailable())('lineage ids on the archive', () => {
  let archive: Crdb
  let folder: ReturnType<typeof temporaryFolder>
  const editions = (): string[] => listArchive(archiveDir).filter((path) => /\d{4}-\d{2}-\d{2}\.txt$/.test(path))
  beforeAll(() => {
    archive = openDatabase(inject('archiveDatabase')!, { readonly: true })
    folder = temporaryFolder()
  })
  afterAll(() => {
    archive?.close()
    folder?.cleanup()
  })

  it('names the legend rule the same whether asked as 420.5e in 2004 or as 704.5j today', () => {
    const id = findRuleLineageId(archive, '704.5j')
    expect(id).toBe('1999-04-23_420.5e')
    expect(findRuleLineageId(archive, '420.5e', { date: '2004-06-01' })).toBe(id)
    expect(findRuleLineageId(archive, '704.5k', { era: '2009' })).toBe(id)
    const today = ruleLineage(getLineage(archive, id!))
    expect(today.inForce.map((rule) => rule.number)).toEqual(['704.5j'])
    expect(today.inForce[0].text).toMatch(/legend rule/)
    expect(ruleLineage(getLineage(archive, id!, { date: '2004-06-01' })).inForce.map((rule) => rule.number)).toEqual(['420.5e'])
    expect(new Set(today.versions.map((version) => version.label))).toEqual(new Set(['420.5e', '704.5k', '704.5j']))
    expect(today.versions.every((version) => /^\S+$/.test(version.textKey))).toBe(true)
    // Every version of the archive has an id, and every lineage one.
    expect(driverOf(archive).prepare('SELECT COUNT(*) FROM versions v LEFT JOIN lineages l ON l.root = v.lineage_id WHERE l.id IS NULL').pluck().get()).toBe(0)
  })

  it('gives every version the same id when the archive is built again from scratch, newest edition first', () => {
    const path = join(folder.dir, 'reversed.sqlite')
    const db = openDatabase(path)
    try {
      ingestPaths(db, editions().reverse())
      expect(idsByVersion(db)).toEqual(idsByVersion(archive))
      expect(driverOf(db).prepare('SELECT COUNT(*) FROM lineage_aliases').pluck().get()).toBe(0)
    } finally {
      db.close()
    }
  }, 600_000)

  it('after adding an edition in the middle: ids are those of a clean build, only lineages it moved change id, and each old id leads to its versions', () => {
    const middle = '2010-07-16'
    const next = '2010-10-01'
    const db = openDatabase(join(folder.dir, 'middle.sqlite'))
    try {
      const all = editions()
      ingestPaths(
        db,
        all.filter((path) => !path.endsWith(`${middle}.txt`))
      )
      const before = idsByVersion(db)
      const beforeIds = lineageIds(db)
      ingestPaths(
        db,
        all.filter((path) => path.endsWith(`${middle}.txt`))
      )
      const after = idsByVersion(db)
      expect(after).toEqual(idsByVersion(archive))
      const afterIds = lineageIds(db)
      const retired = [...beforeIds].filter((id) => !afterIds.has(id))
      expect(retired.length).toBeGreaterThan(0)
      // Only lineages that started in the edition after the one added can start elsewhere now.
      for (const id of retired) expect(parseLineageId(id).date, id).toBe(next)
      for (const id of retired) {
        const resolved = resolveLineageId(db, id)
        const holders = new Set([...before].filter(([, old]) => old === id).map(([version]) => version.split(' ').slice(0, 2).join(' ')))
        expect(resolved.lineages.length, id).toBeGreaterThan(0)
        // Each lineage it leads to holds some of the rules (by number) the old lineage held.
        for (const lineage of resolved.lineages) {
          const numbers = [...after].filter(([, now]) => now === lineage).map(([version]) => version.split(' ').slice(0, 2).join(' '))
          expect(
            numbers.some((number) => holders.has(number)),
            `${id} -> ${lineage}`
          ).toBe(true)
        }
      }
      for (const id of beforeIds) if (afterIds.has(id)) expect(resolveLineageId(db, id).lineages).toEqual([id])
    } finally {
      db.close()
    }
  }, 600_000)

  it('after a change to the matching overrides: retired ids lead to the lineages holding their versions, and come back when it is undone', () => {
    const path = join(folder.dir, 'overrides.sqlite')
    copyFileSync(inject('archiveDatabase')!, path)
    const db = openDatabase(path)
    try {
      const defaults = readLineageOverrides(lineageOverridesPath())
      expect(defaults.length).toBeGreaterThan(0)
      const original = idsByVersion(db)
      const originalIds = lineageIds(db)
      const recompute = (overrides: LineageOverride[]) => {
        const before = idsByVersion(db)
        const summary = computeLineage(db, overrides)
        return { before, after: idsByVersion(db), summary }
      }

      // Without the override file: the ids whose lineage matching now joins elsewhere become aliases.
      const without = recompute([])
      expect(without.summary.aliased.length).toBeGreaterThan(0)
      for (const id of without.summary.aliased) {
        expect(resolveLineageId(db, id).lineages.sort(), id).toEqual([...holdersOf(id, without.before, without.after)].sort())
      }
      // With it again: the same ids as before, and an id that names a lineage again has no alias left.
      recompute(defaults)
      expect(idsByVersion(db)).toEqual(original)
      expect(lineageIds(db)).toEqual(originalIds)
      const aliases = driverOf(db).prepare('SELECT DISTINCT alias FROM lineage_aliases').pluck().all() as string[]
      for (const alias of aliases) expect(originalIds.has(alias), alias).toBe(false)

      // The legend rule split in two at the 2009 renumbering, then its later part split off at 704.5j instead:
      // the id of the part that began as 704.5k leads to both lineages that hold its versions now.
      const legend = '1999-04-23_420.5e'
      const renumbered = getLineage(db, legend).versions.find((version) => version.label === '704.5j')!.validFrom
      const split = recompute([...defaults, { edition: '2009-07-11', number: '704.5k', newLineage: true }])
      expect(lineageIds(db).has('2009-07-11_704.5k')).toBe(true)
      expect(split.summary.aliased).toEqual([])
      const moved = recompute([...defaults, { edition: renumbered, number: '704.5j', newLineage: true }])
      expect(moved.summary.aliased).toEqual(['2009-07-11_704.5k'])
      const tail = `${renumbered}_704.5j`
      expect(resolveLineageId(db, '2009-07-11_704.5k').lineages.sort()).toEqual([legend, tail].sort())
      const answer = ruleLineage(getLineage(db, '2009-07-11_704.5k', { era: '2009' }))
      expect(answer.inForce.map((rule) => rule.number)).toEqual(['704.5k'])
      expect([answer.id, ...answer.alternatives].sort()).toEqual([legend, tail].sort())
      // Undone: the tail's id leads back to the legend rule, and so does the first retired id, through it.
      recompute(defaults)
      expect(idsByVersion(db)).toEqual(original)
      expect(resolveLineageId(db, tail).lineages).toEqual([legend])
      expect(resolveLineageId(db, '2009-07-11_704.5k')).toMatchObject({ lineages: [legend] })
      expect(getLineage(db, tail).id).toBe(legend)
    } finally {
      db.close()
    }
  }, 600_000)
})
