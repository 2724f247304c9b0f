/**
 * Statements that read a whole edition walk the index that reaches its versions through fewer entries
 * (`versionsOfEdition`): on the archive's database, an old edition by its versions' first dates and a recent one by
 * their last dates, and every such statement answers, for every edition, the rows a plain statement (the planner's
 * own walk in document order) answers, in the same order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { driverOf, type Crdb } from '../src/store/database.js'
import { versionsOfEdition } from '../src/store/edition-scan.js'
import { listEditionRuleTexts, listExportRules } from '../src/store/export.js'
import { listBlameRows } from '../src/store/history.js'
import { listRuleContentsAt, listRuleTextsAt } from '../src/store/rules.js'
import { archiveAvailable, openArchiveDatabase } from './helpers.js'

describe.skipIf(!archiveAvailable())('reading a whole edition', () => {
  let db: Crdb
  let editions: string[]
  beforeAll(() => {
    db = openArchiveDatabase()!
    editions = driverOf(db).prepare('SELECT effective_date FROM editions ORDER BY effective_date').pluck().all() as string[]
  })
  afterAll(() => db?.close())

  /** What `sql` answers at `edition` without an index chosen (its `FROM versions v` as written). */
  const plain = (sql: string, edition: string): unknown[] => driverOf(db).prepare(sql).raw().all({ edition })

  it('walks the versions begun by an old edition, and those not ended before a recent one', () => {
    expect(versionsOfEdition(db, editions[0])).toBe('versions v INDEXED BY versions_by_first_date')
    expect(versionsOfEdition(db, editions.at(-1)!, 'w')).toBe('versions w INDEXED BY versions_by_last_date')
    // In between, one and then the other: the choice turns once along the archive.
    const choices = editions.map((edition) => versionsOfEdition(db, edition))
    const turn = choices.indexOf('versions v INDEXED BY versions_by_last_date')
    expect(turn).toBeGreaterThan(0)
    expect(choices.slice(turn).every((choice) => choice.endsWith('versions_by_last_date'))).toBe(true)
  })

  it('answers every edition as the planner’s own walk does, row for row', () => {
    const rulesSql = `SELECT v.key, c.text FROM versions v JOIN contents c ON c.id = v.content_id
      WHERE v.kind = 'rule' AND v.first_date <= @edition AND v.last_date >= @edition ORDER BY v.sort_key`
    const examplesOf = `SELECT json_group_array(text) FROM (SELECT text FROM examples WHERE content_id = v.content_id ORDER BY ordinal)`
    for (const edition of editions) {
      const expected = plain(rulesSql, edition) as Array<[string, string]>
      expect(expected.length, edition).toBeGreaterThan(0)
      expect(listRuleTextsAt(db, edition).map((row) => [row.key, row.text])).toEqual(expected)
      expect(listRuleContentsAt(db, edition).map((row) => [row.key, row.text])).toEqual(expected)
      expect(listBlameRows(db, edition).map((row) => [row.key, row.text])).toEqual(expected)
      const withExamples = plain(rulesSql.replace('c.text FROM', `c.text, (${examplesOf}) FROM`), edition) as Array<[string, string, string]>
      expect(listEditionRuleTexts(db, edition)).toEqual(withExamples)
      expect(listExportRules(db, edition).map((row) => [row.key, row.text, row.examples])).toEqual(withExamples)
    }
  })
})
