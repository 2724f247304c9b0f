/**
 * Ranked search (issue 10): ranking not filtering, typo correction, names
 * first, pasted text, rules as units, informal words, every wording across
 * time, and the relevance fixture; long and deep queries (issue 12, item 2);
 * the migration that rebuilds the index of an older database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measureRelevance } from './bench/relevance.js'
import { ingestPaths } from '../ingest/ingest.js'
import { getTerm } from '../src/query/glossary.js'
import { resolveRuleName } from '../src/query/resolve-name.js'
import { maxQueryLength, search, type SearchHit } from '../src/query/search.js'
import { driverOf, openDatabase, schemaVersion, type Crdb } from '../src/store/database.js'
import { CrdbError } from '../src/vocabulary/errors.js'
import { archiveAvailable, openArchiveDatabase, temporaryFolder, thrown, writeEdition } from './helpers.js'

const keys = (hits: SearchHit[], count = 5): string[] => hits.slice(0, count).map((hit) => (hit.kind === 'term' ? `term:${hit.key}` : hit.key))

describe.skipIf(!archiveAvailable())('ranked search on the whole archive', () => {
  let db: Crdb
  const at = { era: '2024' }

  beforeAll(() => {
    db = openArchiveDatabase()!
  })
  afterAll(() => db?.close())

  it('finds the relevance fixture: recall@5 >= 0.85 and MRR@10 >= 0.7', () => {
    const report = measureRelevance(db)
    expect(report.queries).toBeGreaterThanOrEqual(100)
    const misses = report.misses.map((miss) => `${miss.query} (${miss.era}): ${miss.top.join(' ')}`).join('\n')
    expect(report.recallAt5, misses).toBeGreaterThanOrEqual(0.85)
    expect(report.mrrAt10, misses).toBeGreaterThanOrEqual(0.7)
  })

  it('ranks instead of filtering: question words exclude nothing, all words rank above some', () => {
    const question = search(db, 'can I respond to a mana ability', { at })
    expect(question.mode).toBe('ranked')
    expect(keys(question.hits)).toContain('605.3b')
    const toughness = search(db, 'what happens if a creature has 0 toughness', { at })
    expect(keys(toughness.hits)).toContain('704.5f')
    // Ranked best first; a hit holding every word outranks one holding only some.
    const ranks = toughness.hits.map((hit) => hit.rank)
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    // Plurals and tenses match (stems); numbers match their words.
    expect(keys(search(db, 'poison counters', { at }).hits)).toEqual(expect.arrayContaining(['term:poison counter', '704.5c']))
    const ten = search(db, 'If a player has 10 or more poison counters, that player loses the game', { at })
    expect(['704.5c', '122.1f']).toContain(ten.hits[0].key)
    expect(keys(ten.hits, 2)).toContain('704.5c')
    expect(ten.hits[0].snippet).toContain('ten or more poison counters')
  })

  it('corrects typos to the nearest word of the rules and says so', () => {
    for (const [typed, word, rule] of [
      ['deathtuch', 'deathtouch', '702.2'],
      ['hexprof', 'hexproof', '702.11'],
      ['first stike', 'strike', '702.7']
    ]) {
      const result = search(db, typed, { at })
      expect(
        result.corrections.map((c) => c.to),
        typed
      ).toContain(word)
      expect(keys(result.hits), typed).toContain(rule)
    }
    expect(keys(search(db, 'comander tax', { at }).hits)).toContain('903.8')
    // A word the rules hold is never corrected.
    expect(search(db, 'planeswalker', { at: { era: '2003' } })).toMatchObject({ total: 0, corrections: [] })
  })

  it('ranks names first: a keyword, a title, a glossary term and the rule it cites', () => {
    const trample = search(db, 'trample', { at })
    expect(keys(trample.hits, 2).sort()).toEqual(['702.19', 'term:trample'])
    expect(trample.hits[0].byName).toBe(true)
    const legend = search(db, 'legend rule', { at })
    expect(keys(legend.hits, 2)).toEqual(['term:legend rule', '704.5j'])
    expect(search(db, 'trample', { at: { era: '2003' } }).hits[0].key).toBe('502.9')
    expect(search(db, '704.5j', { at }).hits[0].key).toBe('704.5j')
  })

  it('resolves a name to its rule in the edition asked about', () => {
    expect(resolveRuleName(db, 'trample', { era: '2003' })).toMatchObject({ number: '502.9', by: 'title' })
    expect(resolveRuleName(db, 'trample', { era: '2024' })).toMatchObject({ number: '702.19', by: 'title' })
    expect(resolveRuleName(db, 'Double Strike', { era: '2009' }).number).toBe('702.4')
    expect(resolveRuleName(db, 'legend rule', { era: '2024' })).toMatchObject({ number: '704.5j', by: 'term' })
    expect(resolveRuleName(db, '704.5j')).toEqual({ number: '704.5j', by: 'number' })
    expect(thrown(() => resolveRuleName(db, 'banana')).code).toBe('E_NOT_FOUND')
    expect(thrown(() => resolveRuleName(db, '70x.5')).code).toBe('E_BAD_NUMBER')
  })

  it('finds the rule a pasted passage comes from, with words changed', () => {
    const pasted = search(
      db,
      'If two or more legendary permanents with the same name are controlled by the same player, that player picks one of them and the rest go to the graveyard',
      { at }
    )
    expect(pasted.hits[0].key).toBe('704.5j')
    // A whole rule pasted (over 95 words) parses and finds itself.
    const rule = search(db, '"legend rule"', { at, limit: 1 })
    expect(rule.hits).toHaveLength(1)
    const text = driverOf(db)
      .prepare(
        `SELECT c.text FROM versions v JOIN contents c ON c.id = v.content_id WHERE v.kind = 'rule' AND v.key = '702.19c' AND v.last_date >= '2024-11-08' AND v.first_date <= '2024-11-08'`
      )
      .pluck()
      .get() as string
    const long = `${text} ${text}`.slice(0, maxQueryLength)
    expect(long.split(' ').length).toBeGreaterThan(95)
    expect(search(db, long, { at }).hits[0].key).toBe('702.19c')
  })

  it('raises a rule whose subrules match (rules as units)', () => {
    // 704.5 ("The state-based actions are as follows:") holds none of these words; its subrules do.
    const result = search(db, 'player loses the game', { at, section: '704' })
    expect(keys(result.hits, 3)).toContain('704.5')
  })

  it('expands informal words and says so', () => {
    const etb = search(db, 'ETB', { at })
    expect(etb.expansions).toEqual([{ informal: 'ETB', means: 'enters the battlefield' }])
    expect(etb.hits.length).toBeGreaterThan(0)
    expect(etb.hits.slice(0, 5).filter((hit) => /enter/i.test(hit.snippet)).length).toBeGreaterThanOrEqual(4)
    expect(search(db, 'fizzle', { at }).hits.map((hit) => hit.key)).toContain('608.2b')
    expect(keys(search(db, 'commander tax', { at }).hits)).toContain('903.8')
  })

  it('lists every matching wording with its own text and interval (--all and date ranges)', () => {
    const burn = search(db, 'mana burn', { all: true, kinds: ['term'], limit: 5 })
    const term = burn.hits.find((hit) => hit.key === 'mana burn')!
    expect(term.versions.length).toBeGreaterThan(2)
    const first = term.versions[0]
    const last = term.versions[term.versions.length - 1]
    expect(first.validFrom <= '1999-12-31').toBe(true)
    expect(first.snippet).not.toContain('Older versions')
    expect(last.snippet).toContain('versions of the rules stated')
    expect(last.validTo).toBeNull()
    for (let index = 1; index < term.versions.length; index++) expect(term.versions[index - 1].validTo! <= term.versions[index].validFrom).toBe(true)
    const range = search(db, 'trample', { from: '2008-01-01', to: '2010-01-01', kinds: ['rule'], limit: 20 })
    expect(range.edition).toBeNull()
    expect(range.range).toEqual({ from: '2007-10-01', to: '2009-10-01' })
    expect(range.hits.map((hit) => hit.key)).toEqual(expect.arrayContaining(['502.9', '702.17']))
    expect(range.hits.map((hit) => hit.key)).not.toContain('702.19')
  })

  it('labels an obsolete term as the glossary does', () => {
    const hit = search(db, 'legend', { at, kinds: ['term'] }).hits.find((h) => h.key === 'legend')!
    expect(getTerm(db, 'legend', at).obsolete).toBe(true)
    expect(hit).toMatchObject({ term: 'Legend (obsolete)', obsolete: true })
  })

  it('answers long and deeply nested queries, and throws only CrdbError', () => {
    const nested = '('.repeat(50) + 'legend' + ')'.repeat(50)
    const deep = thrown(() => search(db, nested, { mode: 'query' }))
    expect(deep.code).toBe('E_BAD_QUERY')
    expect(deep.message).toMatch(/nest more than 20 deep/)
    expect(search(db, '('.repeat(20) + 'legend' + ')'.repeat(20), { at }).total).toBeGreaterThan(0)
    const tooLong = thrown(() => search(db, 'word '.repeat(1000)))
    expect(tooLong.code).toBe('E_BAD_QUERY')
    expect(tooLong.message).toMatch(new RegExp(`the limit is ${maxQueryLength}`))
    expect(tooLong.message.length).toBeLessThan(250)
    // A pasted paragraph in quotes, or joined by AND, does not overflow FTS5's parser.
    const words = Array.from({ length: 300 }, (_, index) => `word${index}`)
    expect(search(db, words.join(' AND '), { mode: 'query' }).total).toBe(0)
    expect(search(db, `"${words.slice(0, 150).join(' ')}"`, { mode: 'query' }).total).toBe(0)
    for (const query of ['NOT', '"', '(((', 'a OR', '*', 'x'.repeat(maxQueryLength + 1)]) {
      try {
        search(db, query)
      } catch (error) {
        expect(error, query).toBeInstanceOf(CrdbError)
      }
    }
  })
})

describe('migration 004 on an older database', () => {
  it('rebuilds the index with names and word counts from the stored texts', () => {
    const { dir, cleanup } = temporaryFolder()
    try {
      const path = `${dir}/old.sqlite`
      const edition = writeEdition(dir, 'cr.txt', {
        date: '2024-01-01',
        rules: {
          '1': 'Game Concepts',
          '100': 'General',
          '100.1': 'These Magic rules apply to any Magic game with two or more players.',
          '7': 'Additional Rules',
          '702': 'Keyword Abilities',
          '702.19': 'Trample',
          '702.19a': 'Trample is a static ability that modifies the rules for assigning combat damage.'
        },
        glossary: { Trample: 'A keyword ability that modifies how combat damage is assigned. See rule 702.19.' }
      })
      const db = openDatabase(path)
      try {
        // Store an edition, then turn the index back into schema 3's, as an older crdb left it.
        expect(ingestPaths(db, [edition]).stored).toBe(1)
        driverOf(
          db
        ).exec(`DROP TABLE IF EXISTS derived_state; ALTER TABLE attestations DROP COLUMN dump_key; DROP TABLE contents_fts_vocabulary; DROP TABLE search_stems; DROP TABLE contents_fts;
          CREATE VIRTUAL TABLE contents_fts USING fts5(text, examples, tokenize = 'porter unicode61 remove_diacritics 2');
          INSERT INTO contents_fts (rowid, text, examples) SELECT id, text, '' FROM contents;`)
        driverOf(db).pragma('user_version = 3')
      } finally {
        db.close()
      }
      const upgraded = openDatabase(path)
      try {
        expect(driverOf(upgraded).pragma('user_version', { simple: true })).toBe(schemaVersion)
        expect(driverOf(upgraded).prepare("SELECT name FROM contents_fts WHERE contents_fts MATCH '{name} : trample' ORDER BY name").pluck().all()).toEqual([
          'Trample',
          'Trample'
        ])
        expect((driverOf(upgraded).prepare("SELECT docs FROM search_stems WHERE stem = 'trampl'").pluck().get() as number) >= 2).toBe(true)
        const result = search(upgraded, 'tramle')
        expect(result.corrections).toEqual([{ from: 'tramle', to: 'trample' }])
        expect(
          result.hits
            .map((hit) => hit.key)
            .slice(0, 2)
            .sort()
        ).toEqual(['702.19', 'trample'])
      } finally {
        upgraded.close()
      }
    } finally {
      cleanup()
    }
  })
})
