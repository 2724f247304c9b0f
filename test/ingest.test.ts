/**
 * The pipeline end to end on small documents: versions spanning editions,
 * incremental and out-of-order ingest, idempotency, and rejection of bad
 * files without losing what is stored.
 */
import { copyFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ingestPaths, removeEdition } from '../ingest/ingest.js'
import { driverOf, openDatabase, type Crdb } from '../src/store/database.js'
import { getRule } from '../src/query/get.js'
import { getTerm } from '../src/query/glossary.js'
import { termHistory } from '../src/query/history.js'
import { listEditionMessages, listEditions } from '../src/query/editions.js'
import { temporaryFolder, useFreshDatabase, writeEdition, type EditionSpec } from './helpers.js'

const base: Record<string, string> = {
  '1': 'Game Concepts',
  '100': 'General',
  '100.1': 'These Magic rules apply to any Magic game with two or more players.',
  '100.1a': 'A two-player game is a game that begins with only two players.'
}

function spec(date: string, changes: Record<string, string | undefined> = {}, extra: Partial<EditionSpec> = {}): EditionSpec {
  const rules: Record<string, string> = { ...base }
  for (const [number, text] of Object.entries(changes)) {
    if (text === undefined) delete rules[number]
    else rules[number] = text
  }
  return { date, rules, ...extra }
}

interface VersionRow {
  key: string
  first_date: string
  last_date: string
  text: string
}

function versionsOf(db: Crdb, key: string): VersionRow[] {
  return driverOf(db)
    .prepare(
      `SELECT v.key, v.first_date, v.last_date, c.text FROM versions v JOIN contents c ON c.id = v.content_id WHERE v.kind = 'rule' AND v.key = ? ORDER BY v.first_date`
    )
    .all(key) as VersionRow[]
}

function tableCounts(db: Crdb): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const table of ['sources', 'editions', 'messages', 'contents', 'examples', 'versions', 'term_aliases', 'contents_fts']) {
    counts[table] = (driverOf(db).prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n
  }
  return counts
}

describe('ingestPaths', () => {
  const fresh = useFreshDatabase()

  it('stores an unchanged text once, spanning the editions that have it', () => {
    const paths = [
      writeEdition(fresh.dir, 'a.txt', spec('2020-01-01')),
      writeEdition(fresh.dir, 'b.txt', spec('2020-06-01')),
      writeEdition(fresh.dir, 'c.txt', spec('2021-01-01', { '100.1a': 'A two-player game begins with two players.' }))
    ]
    const report = ingestPaths(fresh.db, paths)
    expect(report).toMatchObject({ stored: 3, unchanged: 0, rejected: 0 })
    expect(versionsOf(fresh.db, '100.1')).toEqual([{ key: '100.1', first_date: '2020-01-01', last_date: '2021-01-01', text: base['100.1'] }])
    expect(versionsOf(fresh.db, '100.1a').map((v) => [v.first_date, v.last_date])).toEqual([
      ['2020-01-01', '2020-06-01'],
      ['2021-01-01', '2021-01-01']
    ])
    const old = getRule(fresh.db, '100.1a', { date: '2020-12-31' })
    expect(old).toMatchObject({ text: base['100.1a'], validFrom: '2020-01-01', validTo: '2021-01-01', edition: '2020-06-01' })
    expect(old.source.uri).toBe(paths[0])
    expect(getRule(fresh.db, '100.1a').validTo).toBeNull()
  })

  it('is idempotent: a second run changes nothing', () => {
    const paths = [writeEdition(fresh.dir, 'a.txt', spec('2020-01-01')), writeEdition(fresh.dir, 'b.txt', spec('2020-06-01', { '100.1a': 'Changed.' }))]
    ingestPaths(fresh.db, paths)
    const before = tableCounts(fresh.db)
    const report = ingestPaths(fresh.db, paths)
    expect(report).toMatchObject({ stored: 0, unchanged: 2, rejected: 0 })
    expect(tableCounts(fresh.db)).toEqual(before)
  })

  it('adds only what changed when a newer edition arrives', () => {
    ingestPaths(fresh.db, [writeEdition(fresh.dir, 'a.txt', spec('2020-01-01'))])
    const before = tableCounts(fresh.db)
    const report = ingestPaths(fresh.db, [writeEdition(fresh.dir, 'b.txt', spec('2020-06-01', { '100.2': 'A new rule.' }))])
    expect(report.outcomes[0]).toMatchObject({ status: 'stored', versionsAdded: 1, contentsAdded: 1 })
    const after = tableCounts(fresh.db)
    expect(after.versions - before.versions).toBe(1)
    expect(after.contents - before.contents).toBe(1)
  })

  it('splits, extends and joins versions when an edition arrives out of order', () => {
    ingestPaths(fresh.db, [writeEdition(fresh.dir, 'a.txt', spec('2020-01-01')), writeEdition(fresh.dir, 'c.txt', spec('2021-01-01'))])
    expect(versionsOf(fresh.db, '100.1a').map((v) => [v.first_date, v.last_date])).toEqual([['2020-01-01', '2021-01-01']])

    // An older edition in between that says something else splits the version around it.
    ingestPaths(fresh.db, [writeEdition(fresh.dir, 'b.txt', spec('2020-06-01', { '100.1a': 'Different in the middle.', '100.1': undefined }))])
    expect(versionsOf(fresh.db, '100.1a').map((v) => [v.first_date, v.last_date, v.text])).toEqual([
      ['2020-01-01', '2020-01-01', base['100.1a']],
      ['2020-06-01', '2020-06-01', 'Different in the middle.'],
      ['2021-01-01', '2021-01-01', base['100.1a']]
    ])
    expect(versionsOf(fresh.db, '100.1').map((v) => [v.first_date, v.last_date])).toEqual([
      ['2020-01-01', '2020-01-01'],
      ['2021-01-01', '2021-01-01']
    ])
    expect(() => getRule(fresh.db, '100.1', { date: '2020-07-01' })).toThrow(/not in the edition of 2020-06-01/)

    // An edition before all others that agrees with the oldest extends it backwards.
    ingestPaths(fresh.db, [writeEdition(fresh.dir, 'z.txt', spec('2019-01-01'))])
    expect(versionsOf(fresh.db, '100.1a')[0]).toMatchObject({ first_date: '2019-01-01', last_date: '2020-01-01' })
    expect(getRule(fresh.db, '100.1a', { date: '2019-02-01' }).source.uri).toBe(join(fresh.dir, 'z.txt'))

    // One between two versions with its text joins them into one.
    ingestPaths(fresh.db, [
      writeEdition(fresh.dir, 'd.txt', spec('2021-06-01')),
      writeEdition(fresh.dir, 'e.txt', spec('2022-01-01', { '100.1a': 'Later text.' }))
    ])
    ingestPaths(fresh.db, [writeEdition(fresh.dir, 'f.txt', spec('2021-09-01', { '100.1a': 'Later text.' }))])
    expect(versionsOf(fresh.db, '100.1a').map((v) => [v.first_date, v.last_date])).toEqual([
      ['2019-01-01', '2020-01-01'],
      ['2020-06-01', '2020-06-01'],
      ['2021-01-01', '2021-06-01'],
      ['2021-09-01', '2022-01-01']
    ])
  })

  it('gives the same store whatever the order of ingest', () => {
    const specs = [
      spec('2020-01-01'),
      spec('2020-06-01', { '100.1a': 'B.' }),
      spec('2021-01-01'),
      spec('2021-06-01', { '100.1': undefined }),
      spec('2022-01-01', { '100.1a': 'B.' })
    ]
    const paths = specs.map((s, index) => writeEdition(fresh.dir, `${index}.txt`, s))
    ingestPaths(fresh.db, paths)
    const inOrder = driverOf(fresh.db)
      .prepare(`SELECT v.key, v.first_date, v.last_date, c.text FROM versions v JOIN contents c ON c.id = v.content_id ORDER BY v.kind, v.key, v.first_date`)
      .all()

    const other = openDatabase(join(fresh.dir, 'other.sqlite'))
    for (const index of [4, 0, 2, 1, 3]) ingestPaths(other, [paths[index]])
    const shuffled = driverOf(other)
      .prepare(`SELECT v.key, v.first_date, v.last_date, c.text FROM versions v JOIN contents c ON c.id = v.content_id ORDER BY v.kind, v.key, v.first_date`)
      .all()
    other.close()
    expect(shuffled).toEqual(inOrder)
  })

  it('rejects garbage and unknown formats with one-line errors, stores the rest, and loses nothing', () => {
    ingestPaths(fresh.db, [writeEdition(fresh.dir, 'a.txt', spec('2020-01-01'))])
    const before = tableCounts(fresh.db)
    const garbage = join(fresh.dir, 'garbage.bin')
    writeFileSync(garbage, Buffer.from([0x00, 0xff, 0x13, 0x37, 0x00, 0x01, 0x02, 0xfe, 0x00, 0x00, 0x41]))
    const unknown = join(fresh.dir, 'notes.txt')
    writeFileSync(unknown, 'Shopping list\n\n1. eggs\n2. milk\n')
    const undated = join(fresh.dir, 'undated.txt')
    writeFileSync(undated, 'Magic: The Gathering Comprehensive Rules\n\n100.1. A rule.\n')
    const good = writeEdition(fresh.dir, 'b.txt', spec('2020-06-01', { '100.2': 'New.' }))
    const missing = join(fresh.dir, 'missing.txt')

    const report = ingestPaths(fresh.db, [garbage, unknown, undated, good, missing])
    expect(report).toMatchObject({ stored: 1, rejected: 4 })
    const rejected = report.outcomes.filter((o) => o.status === 'rejected') as Array<{ uri: string; code: string; error: string }>
    expect(rejected.map((r) => [r.uri, r.code])).toEqual([
      [garbage, 'E_DECODE'],
      [unknown, 'E_FORMAT'],
      [undated, 'E_NO_DATE'],
      [missing, 'E_IO']
    ])
    for (const r of rejected) {
      expect(r.error).toContain(r.uri)
      expect(r.error).not.toContain('\n')
    }
    const after = tableCounts(fresh.db)
    expect(after.editions).toBe(before.editions + 1)
    expect(getRule(fresh.db, '100.1a', { edition: '2020-01-01' }).text).toBe(base['100.1a'])
  })

  it('refuses a second source for an edition date, and rolls back all of it', () => {
    ingestPaths(fresh.db, [writeEdition(fresh.dir, 'a.txt', spec('2020-01-01'))])
    const before = tableCounts(fresh.db)
    const report = ingestPaths(fresh.db, [writeEdition(fresh.dir, 'a2.txt', spec('2020-01-01', { '100.1a': 'Another text.' }))])
    expect(report.outcomes[0]).toMatchObject({ status: 'rejected', code: 'E_DUPLICATE_EDITION' })
    expect(tableCounts(fresh.db)).toEqual(before)
    // The writer keeps working after a rollback.
    const later = ingestPaths(fresh.db, [writeEdition(fresh.dir, 'b.txt', spec('2020-06-01', { '100.1a': 'Another text.' }))])
    expect(later.stored).toBe(1)
    expect(getRule(fresh.db, '100.1a').text).toBe('Another text.')
  })

  it('finishes the derived work of a build that stopped after storing editions', () => {
    const reworded = 'A two-player game is a game that begins with exactly two players.'
    const paths = [writeEdition(fresh.dir, 'a.txt', spec('2020-01-01')), writeEdition(fresh.dir, 'b.txt', spec('2020-06-01', { '100.1a': reworded }))]
    ingestPaths(fresh.db, paths)
    expect(driverOf(fresh.db).prepare('SELECT COUNT(*) FROM lineage_links').pluck().get()).toBe(1)
    // As if a build had died between storing versions and computing their lineage.
    driverOf(fresh.db).prepare('UPDATE versions SET lineage_id = NULL').run()
    driverOf(fresh.db).prepare('DELETE FROM lineage_links').run()
    const report = ingestPaths(fresh.db, paths)
    expect(report).toMatchObject({ stored: 0, unchanged: 2 })
    expect(driverOf(fresh.db).prepare('SELECT COUNT(*) FROM versions WHERE lineage_id IS NULL').pluck().get()).toBe(0)
    expect(driverOf(fresh.db).prepare('SELECT COUNT(*) FROM lineage_links').pluck().get()).toBe(1)
  })

  it('files an edition under the date it states, not its file name, and says so', () => {
    ingestPaths(fresh.db, [writeEdition(fresh.dir, '2006-06-01.txt', spec('2004-06-01'))])
    const [edition] = listEditions(fresh.db)
    expect(edition.effectiveDate).toBe('2004-06-01')
    const messages = driverOf(fresh.db).prepare(`SELECT code, text FROM messages`).all() as Array<{ code: string; text: string }>
    expect(messages.find((m) => m.code === 'name-date-mismatch')?.text).toMatch(/2006-06-01.*2004-06-01/)
  })

  it('keeps examples and glossary terms with their versions', () => {
    ingestPaths(fresh.db, [
      writeEdition(
        fresh.dir,
        'a.txt',
        spec(
          '2020-01-01',
          {},
          { examples: { '100.1a': ['Alice and Bob play a game.'] }, glossary: { 'Life, Life Total': 'Each player has an amount of life.' } }
        )
      )
    ])
    expect(getRule(fresh.db, '100.1a').examples).toEqual(['Alice and Bob play a game.'])
    const aliases = driverOf(fresh.db).prepare(`SELECT alias FROM term_aliases WHERE key = 'life, life total' ORDER BY alias`).pluck().all()
    expect(aliases).toEqual(['life', 'life total', 'life, life total'])
    const hits = driverOf(fresh.db).prepare(`SELECT rowid FROM contents_fts WHERE contents_fts MATCH 'alice'`).all()
    expect(hits).toHaveLength(1)
  })

  it('re-keys the terms of a store written before keys folded quotes, and they keep their history', () => {
    const paths = [
      writeEdition(fresh.dir, 'a.txt', spec('2020-01-01', {}, { glossary: { '"As though"': 'Treat the game as if it were true.' } })),
      writeEdition(fresh.dir, 'b.txt', spec('2020-06-01', {}, { glossary: { '“As though”': 'Treat the game exactly as if it were true.' } }))
    ]
    ingestPaths(fresh.db, paths)
    const keys = () => driverOf(fresh.db).prepare(`SELECT key, label, first_date FROM versions WHERE kind = 'term' ORDER BY first_date`).all()
    const folded = [
      { key: '"as though"', label: '"As though"', first_date: '2020-01-01' },
      { key: '"as though"', label: '“As though”', first_date: '2020-06-01' }
    ]
    expect(keys()).toEqual(folded)
    // What an older crdb stored for the second edition: a key of its own.
    driverOf(fresh.db).prepare(`UPDATE versions SET key = '“as though”', sort_key = '“as though”' WHERE kind = 'term' AND first_date = '2020-06-01'`).run()
    driverOf(fresh.db).prepare(`INSERT INTO term_aliases (alias, key) VALUES ('“as though”', '“as though”')`).run()
    // Its key is not the folded name: found only by reading the name's spelling, not as typed.
    expect(getTerm(fresh.db, '"as though"', { edition: '2020-06-01' }).read).toEqual({ asked: '"as though"', by: 'spelling' })

    expect(ingestPaths(fresh.db, paths)).toMatchObject({ stored: 0, unchanged: 2 })
    expect(keys()).toEqual(folded)
    expect(driverOf(fresh.db).prepare(`SELECT alias, key FROM term_aliases ORDER BY alias`).all()).toEqual([{ alias: '"as though"', key: '"as though"' }])
    expect(getTerm(fresh.db, '“As though”', { edition: '2020-06-01' }).definition).toBe('Treat the game exactly as if it were true.')
    expect(termHistory(fresh.db, '"as though"').steps.map((step) => step.term)).toEqual(['"As though"', '“As though”'])
  })

  describe('misprinted numbers decided by the next edition (fixture misprint-next-edition)', () => {
    const fixture = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'official-text', 'misprint-next-edition')
    const overruled = 'A repeated number that reads as the next letter here, but the next edition prints this text as 300.2.'
    const copy = (name: string): string => {
      const path = join(fresh.dir, name)
      copyFileSync(join(fixture, name), path)
      return path
    }
    const repairOf300 = (): string | undefined =>
      listEditionMessages(fresh.db, '2010-07-01').find((message) => message.line === 27 && message.code === 'number-slip')?.text

    it('in one build: the edition after it decides', () => {
      const input = copy('input.txt')
      ingestPaths(fresh.db, [copy('next.txt'), input])
      const rule = getRule(fresh.db, '300.2', { edition: '2010-07-01' })
      expect(rule.text).toBe(overruled)
      expect(rule.source).toMatchObject({ uri: input, line: 27 })
      expect(repairOf300()).toContain('the number the edition of 2010-07-16 gives this text')
      // Never dropped: the duplicate no number fits stays a paragraph of the rule before.
      expect(getRule(fresh.db, '600.1a', { edition: '2010-07-01' }).text).toContain('The next edition numbers this text 600.1b')
    })

    it('across builds: an edition stored before its next edition is read again when that arrives', () => {
      const input = copy('input.txt')
      ingestPaths(fresh.db, [input])
      expect(getRule(fresh.db, '300.1b', { edition: '2010-07-01' }).text).toBe(overruled)
      expect(repairOf300()).toContain('the rule after 300.1a')

      ingestPaths(fresh.db, [copy('next.txt')])
      expect(getRule(fresh.db, '300.2', { edition: '2010-07-01' }).text).toBe(overruled)
      expect(() => getRule(fresh.db, '300.1b', { edition: '2010-07-01' })).toThrow(/not in the edition of 2010-07-01/)
      expect(repairOf300()).toContain('the number the edition of 2010-07-16 gives this text')
      expect(ingestPaths(fresh.db, [input, join(fresh.dir, 'next.txt')])).toMatchObject({ stored: 0, unchanged: 2 })
    })

    it('and read again without it when the next edition is removed', () => {
      ingestPaths(fresh.db, [copy('input.txt'), copy('next.txt')])
      expect(repairOf300()).toContain('the number the edition of 2010-07-16 gives this text')
      expect(removeEdition(fresh.db, '2010-07-16')).toMatchObject({ date: '2010-07-16', removed: join(fresh.dir, 'next.txt') })
      expect(repairOf300()).toContain('the rule after 300.1a')
      expect(getRule(fresh.db, '300.1b', { edition: '2010-07-01' }).text).toBe(overruled)
      expect(() => getRule(fresh.db, '300.2', { edition: '2010-07-01' })).toThrow(/not in the edition of 2010-07-01/)
    })
  })
})

describe('openDatabase', () => {
  it('refuses a database whose schema is newer than the code', () => {
    const folder = temporaryFolder()
    const path = join(folder.dir, 'crdb.sqlite')
    const db = openDatabase(path)
    driverOf(db).pragma('user_version = 99')
    db.close()
    expect(() => openDatabase(path)).toThrow(/schema 99 is newer/)
    folder.cleanup()
  })

  it('refuses a file that is not a database', () => {
    const folder = temporaryFolder()
    const path = join(folder.dir, 'not.sqlite')
    writeFileSync(path, 'this is not sqlite, just text that is long enough to have a header'.repeat(20))
    expect(() => openDatabase(path)).toThrow(/not a crdb database|cannot open/)
    folder.cleanup()
  })
})
