/**
 * Release notes on the archive database: what a feed entry needs per edition,
 * newest first, and the detail `crdb update` prints.
 */
import { describe, expect, it } from 'vitest'
import { diffEditions } from '../src/query/diff.js'
import { listEditions } from '../src/query/editions.js'
import { describeRelease, listReleaseNotes } from '../src/query/release-notes.js'
import { archiveAvailable, openArchiveDatabase } from './helpers.js'

describe.skipIf(!archiveAvailable())('release notes (archive database)', () => {
  it('lists the newest editions first, with their set and the counts against the edition before', () => {
    const db = openArchiveDatabase()!
    try {
      const editions = listEditions(db)
      const notes = listReleaseNotes(db, { limit: 4 })
      expect(notes.map((note) => note.effectiveDate)).toEqual(
        editions
          .map((edition) => edition.effectiveDate)
          .reverse()
          .slice(0, 4)
      )
      expect(notes.every((note, index) => note.previous?.effectiveDate === editions.at(-2 - index)!.effectiveDate && note.summary !== null)).toBe(true)
      expect(describeRelease(db, editions[0].effectiveDate)).toMatchObject({ previous: null, summary: null })
      const m10 = describeRelease(db, '2009-07-11')
      expect(m10).toMatchObject({
        effectiveDate: '2009-07-11',
        set: { code: 'M10', name: 'Magic 2010' },
        previous: { effectiveDate: '2009-05-01', set: { code: 'ARB' } }
      })
      expect(m10.summary).toEqual(diffEditions(db, { edition: '2009-05-01' }, { edition: '2009-07-11' }).summary)
      expect(listReleaseNotes(db, { limit: 2 })).toEqual(notes.slice(0, 2))
    } finally {
      db.close()
    }
  })

  it('names the rules an edition added, removed, changed and moved', () => {
    const db = openArchiveDatabase()!
    try {
      const note = describeRelease(db, '2009-07-11')
      const diff = diffEditions(db, { edition: '2009-05-01' }, { edition: '2009-07-11' })
      expect(note.numbers.added).toHaveLength(diff.summary.added)
      expect(note.numbers.removed).toHaveLength(diff.summary.removed)
      expect(note.numbers.changed).toHaveLength(diff.summary.changed)
      expect(note.numbers.moved).toHaveLength(diff.summary.moved + diff.summary.movedChanged)
      expect(note.numbers.moved).toContainEqual({ from: '420.5e', to: '704.5k', changed: true })
    } finally {
      db.close()
    }
  })
})
