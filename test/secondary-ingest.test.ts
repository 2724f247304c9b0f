/**
 * Secondary dumps in the store: ingested beside official editions, never
 * changing them, each entry an attestation linked to the official version it
 * matches; undated dumps dated by matching; reconciliation again when editions
 * arrive after the dump. Small editions built in the test, then the five seed
 * dumps against the whole archive.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { comparable, diffSummary, similarity } from '../ingest/compare-text.js'
import { dateByMatching } from '../ingest/date-by-matching.js'
import type { DumpOutcome, IngestOutcome } from '../ingest/ingest-report.js'
import { ingestPaths, listArchive } from '../ingest/ingest.js'
import { runCli } from '../src/cli.js'
import { driverOf, openDatabase, type Crdb } from '../src/store/database.js'
import { readDerivedState } from '../src/store/derived-state.js'
import { reconcileDumps } from '../ingest/reconcile.js'
import { getRule } from '../src/query/get.js'
import { getRuleSources, listAttestations, listSources } from '../src/query/sources.js'
import { archiveAvailable, projectRoot, temporaryFolder, thrown, useFreshDatabase, writeEdition, type EditionSpec } from './helpers.js'

const base: Record<string, string> = {
  '1': 'Game Concepts',
  '100': 'General',
  '100.1': 'These Magic rules apply to any Magic game with two or more players.',
  '100.1a': 'A two-player game is a game that begins with only two players.',
  '100.2': 'To play, each player needs their own deck.'
}

function spec(date: string, changes: Record<string, string> = {}, glossary?: Record<string, string>): EditionSpec {
  return { date, rules: { ...base, ...changes }, ...(glossary ? { glossary } : {}) }
}

function tableCounts(db: Crdb): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const table of ['sources', 'editions', 'contents', 'examples', 'versions', 'term_aliases', 'dumps', 'attestations']) {
    counts[table] = (driverOf(db).prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n
  }
  return counts
}

function dumps(outcomes: IngestOutcome[]): DumpOutcome[] {
  return outcomes.filter((outcome): outcome is DumpOutcome => outcome.status === 'stored' && outcome.kind === 'dump')
}

describe('text comparison', () => {
  it('forgets typography, blanks, rejoined hyphens and the case of "Rule"', () => {
    expect(comparable('the “legend rule” — it’s  here')).toBe(comparable('the "legend rule" -- it\'s here'))
    expect(comparable('when state- based effects are checked')).toBe(comparable('when state-based effects are checked'))
    expect(comparable('(See Rule 404, "Triggered Abilities.")')).toBe(comparable('(See rule 404, “Triggered Abilities.”)'))
    expect(comparable('A player with 0 life')).not.toBe(comparable('A player with 1 life'))
  })

  it('says what differs in a few words, and how similar', () => {
    expect(diffSummary('Regeneration does replace this event.', 'Regeneration can replace this event.')).toBe('"does" -> "can"')
    expect(diffSummary('It was cast.', 'It was cast again.')).toBe('"cast." -> "cast again."')
    expect(similarity('a b c d', 'a b c d')).toBe(1)
    expect(similarity('a b c d', 'a b x d')).toBeCloseTo(0.75)
  })
})

describe('dateByMatching', () => {
  const editions = ['2001-01-01', '2002-01-01', '2003-01-01', '2004-01-01']
  it('picks the run of editions where most entries are equal, and names those that are not', () => {
    const result = dateByMatching(
      [
        { label: '1.1', equalVersions: [{ firstDate: '2001-01-01', lastDate: '2004-01-01' }] },
        { label: '1.2', equalVersions: [{ firstDate: '2002-01-01', lastDate: '2003-01-01' }] },
        { label: '1.3', equalVersions: [{ firstDate: '2003-01-01', lastDate: '2004-01-01' }] },
        { label: '1.4', equalVersions: [] }
      ],
      editions
    )!
    expect(result).toMatchObject({ from: '2003-01-01', to: '2003-01-01', matched: 3, total: 4, score: 0.75, disagreeing: ['1.4'] })
  })

  it('prefers the longest run, and reports ties', () => {
    const result = dateByMatching(
      [
        {
          label: 'a',
          equalVersions: [
            { firstDate: '2001-01-01', lastDate: '2001-01-01' },
            { firstDate: '2003-01-01', lastDate: '2004-01-01' }
          ]
        }
      ],
      editions
    )!
    expect(result).toMatchObject({ from: '2003-01-01', to: '2004-01-01', score: 1, ties: [{ from: '2001-01-01', to: '2001-01-01' }] })
    expect(dateByMatching([{ label: 'a', equalVersions: [] }], editions)).toBeUndefined()
    expect(dateByMatching([], editions)).toBeUndefined()
  })
})

/**
 * A book-style copy, as a reader's web page quotes it: it starts in the middle of rule 100.1 (an
 * unnumbered fragment), then 100.1a and 100.2 (`rule100_2` its text), then the page's own footer.
 */
function writeBookCopy(dir: string, rule100_2: string): string {
  const book = join(dir, 'book.txt')
  const lines = [
    'any Magic game with two or more players.',
    '',
    '100.1a A two-player game is a game that begins with only two players.',
    '',
    `100.2. ${rule100_2}`,
    '',
    'Добавить отзыв',
    ''
  ]
  writeFileSync(book, lines.join('\n'))
  return book
}

describe('ingesting secondary dumps', () => {
  const fresh = useFreshDatabase()

  const crystalKeep = [
    'This search based on the March 1, 2020 release of the Rulings.',
    '100 - General',
    '- 100.1 - These Magic rules apply to any Magic game with two or more',
    'players. [CompRules 2020/01/01]',
    '- 100.1a - A two-player game is a game that begins with just two players. [CompRules 2020/01/01]',
    '- Note - Also see Rule 100.2.',
    '- 100.9 - A rule no edition has. [CompRules 2020/01/01]',
    'This search based on the March 1, 2020 release of the Rulings.',
    ''
  ].join('\n')

  it('stores a dump beside the editions, never in the official tables, and links each entry', () => {
    const editions = [writeEdition(fresh.dir, 'a.txt', spec('2020-01-01')), writeEdition(fresh.dir, 'b.txt', spec('2021-01-01', { '100.1a': 'Changed.' }))]
    const dump = join(fresh.dir, 'ck.txt')
    writeFileSync(dump, crystalKeep)
    ingestPaths(fresh.db, editions)
    const before = tableCounts(fresh.db)
    const official = getRule(fresh.db, '100.1a', { edition: '2020-01-01' })

    const report = ingestPaths(fresh.db, [dump])
    expect(report).toMatchObject({ stored: 1, rejected: 0, reconciled: 1 })
    const [outcome] = dumps(report.outcomes)
    expect(outcome).toMatchObject({
      format: 'crystal-keep-text',
      date: '2020-03-01',
      dating: 'stated',
      era: { from: '2020-01-01', to: '2020-01-01' },
      rules: 4,
      terms: 0,
      others: 1
    })
    expect(outcome.counts).toMatchObject({ equal: 2, differs: 2, unmatched: 1 })

    const after = tableCounts(fresh.db)
    for (const table of ['editions', 'contents', 'examples', 'versions', 'term_aliases']) expect(after[table], table).toBe(before[table])
    expect(getRule(fresh.db, '100.1a', { edition: '2020-01-01' })).toEqual(official)

    const attestations = listAttestations(fresh.db, dump)
    expect(attestations.map((a) => [a.label, a.status, a.version ? `${a.version.firstDate}..${a.version.lastDate}` : null])).toEqual([
      ['100', 'equal', '2020-01-01..2021-01-01'],
      ['100.1', 'equal', '2020-01-01..2021-01-01'],
      ['100.1a', 'differs', '2020-01-01..2020-01-01'],
      ['Note', 'differs', '2020-01-01..2020-01-01'],
      ['100.9', 'unmatched', null]
    ])
    expect(attestations[1].revisionDate).toBe('2020-01-01')
    expect(attestations[2].diff).toBe('"only" -> "just"')
    expect(attestations[3].diff).toBe('the official text does not refer to 100.2')
    expect(attestations[4].remarks).toMatch(/no official rule 100\.9/)
  })

  it('reconciles a dump stored before its editions when they arrive', () => {
    const dump = join(fresh.dir, 'ck.txt')
    writeFileSync(dump, crystalKeep)
    const first = ingestPaths(fresh.db, [dump])
    expect(dumps(first.outcomes)[0].counts).toMatchObject({ pending: 5 })
    expect(listSources(fresh.db)[0]).toMatchObject({ kind: 'crystal-keep', era: null })

    const later = ingestPaths(fresh.db, [writeEdition(fresh.dir, 'a.txt', spec('2020-01-01'))])
    expect(later).toMatchObject({ stored: 1, reconciled: 1 })
    expect(listAttestations(fresh.db, dump).map((a) => a.status)).toEqual(['equal', 'equal', 'differs', 'differs', 'unmatched'])
    // Editions that split versions change ids: links follow.
    ingestPaths(fresh.db, [
      writeEdition(fresh.dir, 'b.txt', spec('2019-06-01', { '100.1': 'Older.' })),
      writeEdition(fresh.dir, 'c.txt', spec('2020-02-01', { '100.1': 'Newer.' }))
    ])
    const linked = listAttestations(fresh.db, dump)[1]
    expect(linked).toMatchObject({ status: 'equal', version: { firstDate: '2020-01-01', lastDate: '2020-01-01' } })
  })

  it('dates an undated book copy by the editions its text matches, and recovers a fragment by its text', () => {
    ingestPaths(fresh.db, [
      writeEdition(fresh.dir, 'a.txt', spec('2020-01-01')),
      writeEdition(fresh.dir, 'b.txt', spec('2020-06-01', { '100.2': 'To play, each player needs their own deck of traditional Magic cards.' })),
      writeEdition(
        fresh.dir,
        'c.txt',
        spec('2021-01-01', { '100.2': 'To play, each player needs their own deck of traditional Magic cards.', '100.1a': 'Changed.' })
      )
    ])
    const book = writeBookCopy(fresh.dir, 'To play, each player needs their own deck of traditional Magic cards.')
    const [outcome] = dumps(ingestPaths(fresh.db, [book]).outcomes)
    expect(outcome).toMatchObject({ format: 'book-text', dating: 'inferred', date: '2020-06-01', era: { from: '2020-06-01', to: '2020-06-01' }, score: 1 })
    const [source] = listSources(fresh.db, { only: 'dumps' })
    expect(source).toMatchObject({ dating: 'inferred', bestMatch: { from: '2020-06-01', to: '2020-06-01' }, score: 1 })
    const attestations = listAttestations(fresh.db, book)
    expect(attestations[0]).toMatchObject({ key: '100.1', status: 'partial', fragment: 'tail' })
    const messages = driverOf(fresh.db).prepare(`SELECT code, text FROM messages WHERE code = 'reconcile-dated'`).all() as Array<{ text: string }>
    expect(messages[0].text).toMatch(/states no date; its text matches the edition of 2020-06-01 best: 2 of 2 entries equal/)
  })

  /** An edition set and a book copy whose first paragraph is an unnumbered fragment (its number recovered from its text). */
  function ingestBookWithFragment(): string {
    ingestPaths(fresh.db, [
      writeEdition(fresh.dir, 'a.txt', spec('2020-01-01')),
      writeEdition(fresh.dir, 'b.txt', spec('2021-01-01', { '100.1a': 'Changed.' }))
    ])
    const book = writeBookCopy(fresh.dir, 'To play, each player needs their own deck.')
    const report = ingestPaths(fresh.db, [book])
    expect(report.stored, JSON.stringify(report.outcomes)).toBe(1)
    return book
  }

  it("reconciles a dump the same however often it runs: a recovered number is not read back as the dump's own", () => {
    const book = ingestBookWithFragment()
    const once = listAttestations(fresh.db, book)
    expect(once[0]).toMatchObject({
      label: '',
      key: '100.1',
      status: 'partial',
      fragment: 'tail',
      remarks: 'number recovered from its text: the end of rule 100.1'
    })
    const messages = (): unknown[] =>
      driverOf(fresh.db).prepare(`SELECT source_id, line, code, text FROM messages WHERE code LIKE 'reconcile-%' ORDER BY id`).all()
    const onceMessages = messages()
    // Again (an interrupted build's next run), and when a new edition makes every dump reconciled again.
    reconcileDumps(fresh.db)
    reconcileDumps(fresh.db)
    expect(listAttestations(fresh.db, book)).toEqual(once)
    expect(messages()).toEqual(onceMessages)
    ingestPaths(fresh.db, [writeEdition(fresh.dir, 'c.txt', spec('2022-01-01', { '100.2': 'Changed.' }))])
    expect(listAttestations(fresh.db, book)[0]).toMatchObject({
      key: '100.1',
      status: 'partial',
      remarks: 'number recovered from its text: the end of rule 100.1'
    })
  })

  it('migration 009 keeps the key each dump gave, and has a fragment reconciled again', () => {
    const book = ingestBookWithFragment()
    const keys = (): unknown[] => driverOf(fresh.db).prepare('SELECT label, key, dump_key FROM attestations ORDER BY ordinal').raw().all()
    expect(keys()).toEqual([
      ['', '100.1', null],
      ['100.1a', '100.1a', '100.1a'],
      ['100.2', '100.2', '100.2']
    ])
    // The same database as crdb before migration 009 left it, reconciled twice (the remark lost).
    driverOf(fresh.db).exec(`ALTER TABLE attestations DROP COLUMN dump_key; UPDATE attestations SET remarks = NULL; UPDATE derived_state SET stale = 0`)
    driverOf(fresh.db).pragma('user_version = 8') // the schema before migration 009
    fresh.reopen()
    expect(keys()).toEqual([
      ['', '100.1', null],
      ['100.1a', '100.1a', '100.1a'],
      ['100.2', '100.2', '100.2']
    ])
    expect(readDerivedState(fresh.db).reconciliation).toBe(true)
    ingestPaths(fresh.db, [])
    expect(readDerivedState(fresh.db).reconciliation).toBe(false)
    expect(listAttestations(fresh.db, book)[0]).toMatchObject({ key: '100.1', remarks: 'number recovered from its text: the end of rule 100.1' })
  })

  it('rejects a page of an unknown shape with one line naming it, and keeps everything stored', () => {
    ingestPaths(fresh.db, [writeEdition(fresh.dir, 'a.txt', spec('2020-01-01'))])
    const before = tableCounts(fresh.db)
    const page = join(fresh.dir, 'page.html')
    writeFileSync(page, '<html><body><h1>My deck</h1><p>Four Lightning Bolts.</p></body></html>')
    const empty = join(fresh.dir, 'empty-ck.txt')
    writeFileSync(empty, 'This search based on the March 1, 2020 release of the Rulings.\n|\n')
    const report = ingestPaths(fresh.db, [page, empty])
    expect(report.outcomes.map((o) => o.status === 'rejected' && [o.code, o.error.includes(o.uri), o.error.includes('\n')])).toEqual([
      ['E_FORMAT', true, false],
      ['E_FORMAT', true, false]
    ])
    expect(tableCounts(fresh.db)).toEqual(before)
  })

  it('is idempotent, and answers sources and get --sources on the command line', async () => {
    const dump = join(fresh.dir, 'ck.txt')
    writeFileSync(dump, crystalKeep)
    const paths = [writeEdition(fresh.dir, 'a.txt', spec('2020-01-01')), dump]
    ingestPaths(fresh.db, paths)
    const before = tableCounts(fresh.db)
    expect(ingestPaths(fresh.db, paths)).toMatchObject({ stored: 0, unchanged: 2 })
    expect(tableCounts(fresh.db)).toEqual(before)
    fresh.db.close()

    const run = async (...args: string[]) => {
      let stdout = ''
      let stderr = ''
      const code = await runCli(['--db', join(fresh.dir, 'crdb.sqlite'), ...args], { out: (t) => (stdout += t), err: (t) => (stderr += t) })
      return { code, stdout, stderr }
    }
    const sources = await run('sources')
    expect(sources.code).toBe(0)
    expect(sources.stdout).toMatch(/official +official-text +2020-01-01 +stated/)
    expect(sources.stdout).toMatch(/crystal-keep +crystal-keep-text +2020-03-01 +stated 0\.50 +4 +0 +1 +2\/2\/0\/1/)
    const got = await run('get', '100.1a', '--sources')
    expect(got.stdout).toContain('differs   Crystal Keep rulings of 2020-03-01 (revised 2020-01-01)')
    expect(got.stdout).toContain('differs: "only" -> "just"')
    const json = JSON.parse((await run('--json', 'get', '100.1', '--sources')).stdout)
    expect(json.versions[0].attestations[0]).toMatchObject({ label: '100.1', status: 'equal', revisionDate: '2020-01-01' })
    expect((await run('sources', '--messages', 'ck.txt')).stdout).toMatch(/reconcile-summary 5 entries: 2 equal, 2 differ/)
    expect((await run('get', '999.9', '--sources')).stderr).toMatch(/^crdb: E_NOT_FOUND: rule 999\.9 is in no stored edition and no dump quotes it\n$/)
  })
})

describe('crdb build', () => {
  it("ingests the project's corpus/ by default, after the --archive editions", async () => {
    const folder = temporaryFolder()
    try {
      const archive = join(folder.dir, 'archive')
      mkdirSync(archive)
      writeEdition(archive, '2004-01-01.txt', spec('2004-01-01'))
      let stdout = ''
      const code = await runCli(['--db', join(folder.dir, 'crdb.sqlite'), 'build', '--archive', archive], {
        out: (t) => (stdout += t),
        err: (t) => (stdout += t)
      })
      expect(code).toBe(0)
      const lines = stdout.trim().split('\n')
      expect(lines[0]).toMatch(/^2004-01-01 /)
      expect(lines.filter((line) => line.startsWith('dump '))).toHaveLength(5)
      expect(lines.at(-1)).toMatch(/^6 stored, 0 unchanged, 0 rejected .* 1 edition, .*, 5 dumps with 151 attestations;/)
      stdout = ''
      await runCli(['--db', join(folder.dir, 'crdb.sqlite'), 'build'], { out: (t) => (stdout += t), err: (t) => (stdout += t) })
      expect(stdout).toMatch(/0 stored, 5 unchanged, 0 rejected/)
    } finally {
      folder.cleanup()
    }
  })
})

const available = archiveAvailable()

describe.skipIf(!available)('the five seed dumps against the whole archive', () => {
  let folder: ReturnType<typeof temporaryFolder>
  let db: Crdb
  let outcomes: DumpOutcome[]
  const seeds = listArchive(join(projectRoot, 'corpus')).filter((path) => /\/\d{3}_[0-9a-f]+\.txt$/.test(path))
  const seed = (number: string): DumpOutcome => outcomes.find((outcome) => outcome.uri.includes(`/${number}_`))!

  beforeAll(() => {
    folder = temporaryFolder()
    const path = join(folder.dir, 'archive.sqlite')
    copyFileSync(inject('archiveDatabase')!, path)
    if (existsSync(inject('archiveDatabase') + '-wal')) copyFileSync(inject('archiveDatabase') + '-wal', path + '-wal')
    db = openDatabase(path)
    const before = tableCounts(db)
    const report = ingestPaths(db, seeds)
    expect(report.rejected).toBe(0)
    outcomes = dumps(report.outcomes)
    const after = tableCounts(db)
    for (const table of ['editions', 'contents', 'versions']) expect(after[table], table).toBe(before[table])
  }, 300_000)
  afterAll(() => {
    db?.close()
    folder?.cleanup()
  })

  it('ingests all five with no error', () => {
    expect(seeds).toHaveLength(5)
    expect(outcomes).toHaveLength(5)
    for (const outcome of outcomes)
      expect(
        outcome.messages.filter((m) => m.severity === 'error'),
        outcome.uri
      ).toEqual([])
  })

  it('links every rule and glossary entry to an official version, and lists the mismatches', () => {
    const rows = driverOf(db)
      .prepare(
        `SELECT s.uri, a.label, a.kind, a.status, a.version_id, a.diff FROM attestations a JOIN sources s ON s.id = a.source_id WHERE a.kind IN ('rule', 'term')`
      )
      .all() as Array<{ uri: string; label: string; status: string; version_id: number | null; diff: string | null }>
    expect(rows.length).toBe(17 + 41 + 25 + 21 + 29)
    for (const row of rows) {
      expect(row.version_id, `${row.uri} ${row.label}`).not.toBeNull()
      expect(['equal', 'differs', 'partial'], `${row.uri} ${row.label}`).toContain(row.status)
      if (row.status === 'differs') expect(row.diff, `${row.uri} ${row.label}`).toBeTruthy()
    }
  })

  it('keeps Crystal Keep revision dates and ruling authors per entry', () => {
    expect(seed('000')).toMatchObject({ date: '2004-01-15', dating: 'stated', era: { from: '2003-12-01', to: '2003-12-01' }, rules: 17 })
    expect(seed('000').counts).toMatchObject({ equal: 17, differs: 0 })
    const ck = listAttestations(db, seed('000').uri)
    expect(ck.find((a) => a.label === '420.5a')).toMatchObject({ revisionDate: '2003-10-01', status: 'equal', version: { firstDate: '2003-10-01' } })
    expect(ck.filter((a) => a.revisionDate).length).toBe(16)
    const glossary = listAttestations(db, seed('004').uri)
    expect(glossary.find((a) => a.kind === 'ruling')).toMatchObject({
      label: 'G12.12.Ruling.1',
      author: "D'Angelo",
      authoredDate: '2006-01-20',
      key: 'life, life total'
    })
    expect(glossary.find((a) => a.label === 'G12.4a')).toMatchObject({ key: 'last known information', status: 'equal', revisionDate: '2007-05-01' })
    expect(glossary.filter((a) => a.kind === 'note').every((a) => a.version !== null)).toBe(true)
    expect(seed('003').counts).toMatchObject({ equal: 18, differs: 3 })
  })

  it('dates the MTG wiki quotes by their blocks and keeps the Tournament Rules apart', () => {
    expect(seed('001')).toMatchObject({ date: '2024-11-08', rules: 40, terms: 1, others: 1, score: 1 })
    const wiki = listAttestations(db, seed('001').uri)
    expect(wiki.find((a) => a.kind === 'external')).toMatchObject({
      document: 'Tournament Rules',
      label: '2.5',
      asOf: '2021-04-23',
      status: 'external',
      version: null
    })
    expect(wiki.filter((a) => a.kind === 'rule' && a.label === '704.1')).toHaveLength(2)
  })

  it('dates the undated book copy (seed 002) by matching, with its range, score and the rules that disagree', () => {
    expect(seed('002')).toMatchObject({ dating: 'inferred', era: { from: '2006-10-01', to: '2007-02-01' } })
    expect(seed('002').score).toBeGreaterThan(0.9)
    expect(listSources(db, { only: 'dumps' }).find((source) => source.uri === seed('002').uri)).toMatchObject({
      dating: 'inferred',
      bestMatch: { from: '2006-10-01', to: '2007-02-01' },
      disagreeing: ['421.3']
    })
    const book = listAttestations(db, seed('002').uri)
    expect(book[0]).toMatchObject({ key: '419.9a', status: 'partial', fragment: 'tail' })
    expect(book.filter((a) => a.status === 'differs').map((a) => a.label)).toEqual(['421.3'])
    const message = driverOf(db)
      .prepare(`SELECT m.text FROM messages m JOIN sources s ON s.id = m.source_id WHERE s.uri = ? AND m.code = 'reconcile-dated'`)
      .pluck()
      .get(seed('002').uri)
    expect(message).toMatch(/editions of 2006-10-01 to 2007-02-01 best: 23 of 24 entries equal .*disagreeing: 421\.3/)
  })

  it('shows the official text and every attestation of 420.5a', () => {
    const sources = getRuleSources(db, '420.5a')
    const attested = sources.versions.find((version) => version.attestations.length > 0)!
    expect(attested).toMatchObject({ firstDate: '2003-10-01', text: 'A player with 0 or less life loses the game.' })
    expect(attested.attestations.map((a) => [a.source.kind, a.status])).toEqual([
      ['crystal-keep', 'equal'],
      ['book', 'equal']
    ])
  })

  it('reads the sources of a rule in the edition an era or a date names', () => {
    const byEra = getRuleSources(db, '420.5a', { era: '2003' })
    expect(byEra.versions.map((version) => version.firstDate)).toEqual(['2003-10-01'])
    expect(getRuleSources(db, '420.5a', { date: '2004-01-15' }).versions).toEqual(byEra.versions)
    expect(getRuleSources(db, '420.5a').versions.length).toBeGreaterThan(1)
    expect(thrown(() => getRuleSources(db, '420.5a', { era: '2003', date: '2004-01-15' })).code).toBe('E_USAGE')
  })

  it('reads the seeds the same from corpus/ as from ../shared/seeds/', () => {
    for (const path of seeds) {
      const shared = join(projectRoot, '../shared/seeds', path.split('/').at(-1)!)
      if (existsSync(shared)) expect(readFileSync(path).equals(readFileSync(shared)), path).toBe(true)
    }
  })
})
