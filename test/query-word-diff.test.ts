/**
 * The word diff of long rules whose change is one clause: the fixtures in
 * `test/fixtures/word-diff/<case>/` give the two texts (inline, or a rule of two
 * editions of the archive) and the runs the diff must mark; everything else
 * must be unchanged, whatever the rule's length.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { diffEditions } from '../src/query/diff.js'
import { diffWords, type WordChange } from '../src/query/word-diff.js'
import { archiveAvailable, projectRoot, useArchiveDatabase } from './helpers.js'

interface WordDiffCase {
  name: string
  about: string
  before?: string
  after?: string
  archive?: { from: string; to: string; rule: string }
  marks: WordChange[]
}

const folder = join(projectRoot, 'test/fixtures/word-diff')
const cases: WordDiffCase[] = readdirSync(folder).map((name) => {
  const input = JSON.parse(readFileSync(join(folder, name, 'input.json'), 'utf8'))
  const { marks } = JSON.parse(readFileSync(join(folder, name, 'expected.json'), 'utf8'))
  return { name, ...input, marks }
})

/** Check that `changes` rebuild both texts and mark exactly `marks`. */
function expectMarks(changes: WordChange[], before: string, after: string, marks: WordChange[]): void {
  expect(
    changes
      .filter((change) => change.kind !== 'added')
      .map((change) => change.text)
      .join('')
  ).toBe(before)
  expect(
    changes
      .filter((change) => change.kind !== 'removed')
      .map((change) => change.text)
      .join('')
  ).toBe(after)
  expect(changes.filter((change) => change.kind !== 'same')).toEqual(marks)
  // Only the clause is marked: the unchanged text is most of the rule.
  const unchanged = changes.filter((change) => change.kind === 'same').reduce((sum, change) => sum + change.text.length, 0)
  expect(unchanged).toBeGreaterThan(Math.min(before.length, after.length) / 2)
}

describe('word diff of long rules changed in one clause', () => {
  it('has cases, 510.1c 2024-07-30 -> 2024-11-08 among them', () => {
    expect(cases.some((entry) => entry.archive?.rule === '510.1c' && entry.archive.from === '2024-07-30' && entry.archive.to === '2024-11-08')).toBe(true)
    for (const entry of cases) expect(entry.marks.length, entry.name).toBeGreaterThan(0)
  })

  for (const entry of cases.filter((entry) => entry.before !== undefined)) {
    it(`${entry.name}: ${entry.about}`, () => {
      expectMarks(diffWords(entry.before!, entry.after!), entry.before!, entry.after!, entry.marks)
    })
  }

  describe.skipIf(!archiveAvailable())('from the archive', () => {
    const archive = useArchiveDatabase()
    for (const entry of cases.filter((entry) => entry.archive !== undefined)) {
      it(`${entry.name}: ${entry.about}`, () => {
        const { from, to, rule } = entry.archive!
        const change = diffEditions(archive.db, { edition: from }, { edition: to }, { section: rule }).changes.find((item) => item.to?.number === rule)
        expect(change?.kind).toBe('changed')
        expectMarks(change!.textChanges, change!.from!.text, change!.to!.text, entry.marks)
        // The same runs as the diff of the two texts alone.
        expect(diffWords(change!.from!.text, change!.to!.text)).toEqual(change!.textChanges)
      })
    }
  })

  it('finds the shortest edit script when it is long: dozens of edits, one-sided or both', () => {
    const sentence = (index: number): string => `Sentence ${index} of the rule keeps its words where they were. `
    // Twenty short sentences taken out between long ones that stay: one removal each, found past the search's first steps.
    const kept = Array.from({ length: 20 }, (_, index) => sentence(index)).join('Gone. ')
    const trimmed = Array.from({ length: 20 }, (_, index) => sentence(index)).join('')
    expectMarks(
      diffWords(kept, trimmed),
      kept,
      trimmed,
      Array.from({ length: 19 }, () => ({ kind: 'removed', text: 'Gone. ' }))
    )
    // One word replaced in each of forty sentences: eighty edits, each replacement its own pair of runs.
    const before = Array.from({ length: 40 }, (_, index) => `${sentence(index)}It was old. `).join('')
    const after = before.replaceAll('old', 'new')
    expectMarks(
      diffWords(before, after),
      before,
      after,
      Array.from({ length: 40 }, () => [
        { kind: 'removed', text: 'old' },
        { kind: 'added', text: 'new' }
      ]).flat() as WordChange[]
    )
  })

  it('keeps a short change word by word and a full rewrite as one replaced by the other', () => {
    expect(diffWords('Each player draws seven cards.', 'Each player draws eight cards.')).toEqual([
      { kind: 'same', text: 'Each player draws ' },
      { kind: 'removed', text: 'seven' },
      { kind: 'added', text: 'eight' },
      { kind: 'same', text: ' cards.' }
    ])
    const rewritten = diffWords('It deals damage to the player.', 'A token enters tapped under its owner’s control.')
    expect(
      rewritten
        .filter((change) => change.kind === 'same')
        .map((change) => change.text)
        .join('')
    ).toMatch(/^[\s.]*$/)
  })
})
