/**
 * The store's hot statements walk an index: EXPLAIN QUERY PLAN of each, on a
 * real (migrated, empty) database file. The store runs no ANALYZE, so the
 * planner's choice does not depend on the data and an empty file shows the
 * plan a built one uses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { driverOf, openDatabase, type Crdb } from '../src/store/database.js'
import { findEditionDated, findEditionInForce, findNewestEdition, listEditionDates } from '../src/store/editions.js'
import { findRuleAt, findRuleBeside, findRuleOnDay, listExamples, listNumbersBeside, listSubtreeAt, listSubtreeOnDay } from '../src/store/rules.js'
import { countVersionsStaying, listContentsOf, listLinksBetween, listRuleTextsOnlyIn, listVersionsOnlyIn } from '../src/store/diff.js'
import { findTermAt, findTermsNamed, listAliasesOf } from '../src/store/terms.js'
import { matchTexts, readAllVersions, readRuleVersions, readVersionsOfContents } from '../src/store/search.js'
import { findLineageIdAt, findLineageRoot, listLineageAliases, listLineageMembers } from '../src/store/lineage-ids.js'
import { listPreparedSql } from '../src/store/statements.js'
import { temporaryFolder } from './helpers.js'

let folder: ReturnType<typeof temporaryFolder>
let db: Crdb

beforeAll(() => {
  folder = temporaryFolder()
  db = openDatabase(join(folder.dir, 'plans.sqlite'))
})

afterAll(() => {
  db?.close()
  folder?.cleanup()
})

// Values for every named parameter the hot statements use; positional ones get `positional`.
const named = {
  key: '704.5j',
  keyEnd: '704.5j~',
  sort: '704.005j',
  sortEnd: '704.005j~',
  edition: '2010-01-01',
  target: '704.005j',
  limit: 2,
  name: 'life',
  low: '704',
  high: '705',
  from: '704.005',
  to: '704.006',
  kind: 'rule',
  other: '2010-07-01',
  earlier: '2009-10-01',
  later: '2010-07-01',
  older: '2009-10-01',
  newer: '2010-07-01',
  ids: '[1,2]',
  keys: '["704.5j"]'
}

/** The plan lines of each statement `ask` prepares through the store. */
function plansOf(ask: () => unknown, positional: unknown[] = []): Array<{ sql: string; plan: string[] }> {
  const before = new Set(listPreparedSql(db))
  ask()
  const fresh = listPreparedSql(db).filter((sql) => !before.has(sql))
  expect(fresh.length, 'the question prepared a statement of its own').toBeGreaterThan(0)
  return fresh.map((sql) => {
    const explain = driverOf(db).prepare(`EXPLAIN QUERY PLAN ${sql}`)
    const rows = (/@\w/.test(sql) ? explain.all(named) : explain.all(...positional)) as Array<{ detail: string }>
    return { sql, plan: rows.map((row) => row.detail) }
  })
}

// A question whose result is a handful of rows may sort them; the walks in document order may not.
const walks = new Set(['subtree', 'rule before', 'rule after', 'nearest numbers'])

const hot: Array<[string, () => unknown, unknown[]?]> = [
  ['rule at an edition', () => findRuleAt(db, '704.5j', '2010-01-01')],
  ['rule on a day, in one statement', () => findRuleOnDay(db, '704.5j', '2010-01-01'), ['2010-01-01', '704.5j', '2010-01-01']],
  [
    'subtree on a day, in one statement',
    () => listSubtreeOnDay(db, '704.5', '704.005', '2010-01-01'),
    ['2010-01-01', '704.5', '704.5~', '704.005', '704.005~', '2010-01-01', '2010-01-01']
  ],
  ['versions only in an earlier edition (diff)', () => listVersionsOnlyIn(db, 'rule', '2009-10-01', '2010-07-01')],
  ['versions only in a later edition (diff)', () => listVersionsOnlyIn(db, 'term', '2010-07-01', '2009-10-01')],
  ['rule versions with their texts only in an earlier edition (diff)', () => listRuleTextsOnlyIn(db, '2009-10-01', '2010-07-01')],
  ['rule versions with their texts only in a later edition (diff)', () => listRuleTextsOnlyIn(db, '2010-07-01', '2009-10-01')],
  ['versions in both editions (diff)', () => countVersionsStaying(db, 'rule', '2009-10-01', '2010-07-01')],
  ['lineage links between editions (diff)', () => listLinksBetween(db, '2009-10-01', '2010-07-01')],
  ['texts of changed rules (diff)', () => listContentsOf(db, [1, 2]), ['[1,2]']],
  ['examples of a rule', () => listExamples(db, 1), [1]],
  ['subtree', () => listSubtreeAt(db, '704.5', '704.005', '2010-01-01')],
  ['rule before', () => findRuleBeside(db, '704.005j', '2010-01-01', 'before')],
  ['rule after', () => findRuleBeside(db, '704.005j', '2010-01-01', 'after')],
  ['nearest numbers', () => listNumbersBeside(db, '704.005j', '2010-01-01', 'after', 2)],
  ['term at an edition', () => findTermAt(db, 'life', '2010-01-01')],
  ['term by name', () => findTermsNamed(db, 'life', '2010-01-01')],
  ['aliases of a term', () => listAliasesOf(db, 'life'), ['life']],
  ['edition dated', () => findEditionDated(db, '2010-01-01'), ['2010-01-01']],
  ['edition in force', () => findEditionInForce(db, '2010-01-01'), ['2010-01-01']],
  ['newest edition', () => findNewestEdition(db)],
  ['edition dates', () => listEditionDates(db)],
  ['versions in a search scope (search)', () => readAllVersions(db, { from: '2010-01-01', to: '2010-01-01' })],
  ['versions of candidate texts (search)', () => readVersionsOfContents(db, [1, 2], { from: '2010-01-01', to: '2010-01-01' })],
  ['rules named by number (search)', () => readRuleVersions(db, ['704.5j'], { from: '2010-01-01', to: '2010-01-01' })],
  ['texts holding a word (search)', () => matchTexts(db, '"player"'), ['"player"']],
  ['lineage of an id', () => findLineageRoot(db, '1999-04-23_420.5e'), ['1999-04-23_420.5e']],
  ['aliases of an old id', () => listLineageAliases(db, '2009-07-11_704.5k'), ['2009-07-11_704.5k']],
  ['versions of a lineage', () => listLineageMembers(db, 1), [1]],
  ['lineage id of a rule at an edition', () => findLineageIdAt(db, 'rule', '704.5j', '2010-01-01')]
]

describe('hot statements', () => {
  for (const [question, ask, positional] of hot) {
    it(`${question}: searches an index, never scans versions${walks.has(question) ? ' or sorts them' : ''}`, () => {
      for (const { sql, plan } of plansOf(ask, positional)) {
        const text = plan.join('\n')
        expect(text, sql).not.toMatch(/\bSCAN (v|versions)\b/)
        if (walks.has(question)) expect(text, sql).not.toMatch(/TEMP B-TREE FOR ORDER BY/)
        if (/\bversions\b/.test(sql)) expect(text, sql).toMatch(/SEARCH (v|versions) USING (COVERING )?INDEX versions_by_/)
        // A full-text match is answered by the index (FTS5's match plan, `:M`), never by reading every text.
        if (/\bMATCH\b/.test(sql)) expect(text, sql).toMatch(/SCAN contents_fts VIRTUAL TABLE INDEX \d+:M/)
        if (/\bterm_aliases\b/.test(sql)) expect(text, sql).toMatch(/SEARCH term_aliases USING (COVERING |PRIMARY KEY|INDEX)/)
        if (/\beditions\b/.test(sql) && !/\bversions\b/.test(sql))
          expect(text, sql).toMatch(/SEARCH editions USING (COVERING )?INDEX|SCAN editions USING COVERING INDEX/)
      }
    })
  }
})
