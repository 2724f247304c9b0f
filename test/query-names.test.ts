/**
 * Names the way people type them: every entry of the names fixture (glossary
 * terms and rules as bots, trackers and players named them, each in the
 * edition of its day) found by `getTerm` / `resolveRuleName`, nine in ten at
 * least; and the ways of reading a name one by one.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Crdb } from '../src/store/database.js'
import { getTerm } from '../src/query/glossary.js'
import { resolveRuleName } from '../src/query/resolve-name.js'
import type { EditionSelector } from '../src/vocabulary/selector.js'
import { archiveAvailable, openArchiveDatabase, projectRoot } from './helpers.js'

interface NameEntry {
  name: string
  command: 'glossary' | 'get'
  date?: string
  era?: string
  expect: string
  source: string
}

const fixture = JSON.parse(readFileSync(resolve(projectRoot, 'test/fixtures/names/names.json'), 'utf8')) as { entries: NameEntry[] }

/** What `crdb glossary NAME` / `crdb get NAME` answer for an entry: a term key or a rule number, or the error's code. */
function answerOf(db: Crdb, entry: NameEntry): string {
  const at: EditionSelector = entry.era ? { era: entry.era } : entry.date ? { date: entry.date } : {}
  try {
    return entry.command === 'glossary' ? getTerm(db, entry.name, at).key : resolveRuleName(db, entry.name, at).number
  } catch (error) {
    return `error: ${(error as Error).message}`
  }
}

describe('the names fixture', () => {
  it('has at least 110 sourced entries, each with a date or era where it was dated', () => {
    expect(fixture.entries.length).toBeGreaterThanOrEqual(110)
    for (const entry of fixture.entries) {
      expect(entry.name.trim(), JSON.stringify(entry)).not.toBe('')
      expect(['glossary', 'get'], entry.name).toContain(entry.command)
      expect(entry.source, entry.name).toMatch(/^(https:\/\/|code-corpus:\d+$)/)
    }
  })
})

describe.skipIf(!archiveAvailable())('names the way people type them, on the whole archive', () => {
  let db: Crdb

  beforeAll(() => {
    db = openArchiveDatabase()!
  })
  afterAll(() => db?.close())

  it('finds the intended term or rule for at least 9 names in 10 (and prints the misses)', () => {
    const misses: string[] = []
    for (const entry of fixture.entries) {
      const answer = answerOf(db, entry)
      if (answer !== entry.expect)
        misses.push(
          `  ${entry.command} "${entry.name}" ${entry.era ? `--era ${entry.era}` : entry.date ? `--date ${entry.date}` : ''}: ${answer} (want ${entry.expect})`
        )
    }
    const found = fixture.entries.length - misses.length
    console.log(
      `names: ${found} of ${fixture.entries.length} found (${((100 * found) / fixture.entries.length).toFixed(1)}%)${misses.length ? `; misses:\n${misses.join('\n')}` : ''}`
    )
    expect(found / fixture.entries.length).toBeGreaterThanOrEqual(0.9)
  })
})
