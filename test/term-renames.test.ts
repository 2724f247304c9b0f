/**
 * Glossary terms the great rewrites renamed: a term removed and one added in
 * the same diff are one term renamed when the rewrite vocabulary
 * (`corpus/rewrite-vocabulary.json`) reads the old name as the new one (State-Based
 * Effects became State-Based Actions in 2009-07-11), whatever their definitions say;
 * the glossary diff says so both ways, and a term's history follows the rename.
 */
import { describe, expect, it } from 'vitest'
import { diffEditions } from '../src/query/diff.js'
import { termHistory } from '../src/query/history.js'
import { diffTerms } from '../src/query/term-diff.js'
import { compileRewrites, readInLaterVocabulary, readProjectRewrites } from '../src/vocabulary/rewrite-vocabulary.js'
import { archiveAvailable, useArchiveDatabase } from './helpers.js'

/** The renames of a glossary diff, as `old -> new`. */
function renamesOf(diff: ReturnType<typeof diffTerms>): string[] {
  return diff.changes.filter((change) => change.kind === 'renamed').map((change) => `${change.from!.term} -> ${change.to!.term}`)
}

describe('reading a name in a later vocabulary', () => {
  const rewrites = [
    ...compileRewrites([
      {
        edition: '2009-07-11',
        name: 'M10',
        replace: [
          { from: 'state-based effects', to: 'state-based actions', why: '' },
          { from: 'removed from the game', to: 'exiled', why: '' }
        ],
        equivalent: [['exile', 'exiled']]
      }
    ]).values()
  ]

  it('applies the rewrites after the older edition, up to the newer, and reads each word as its class', () => {
    expect(readInLaterVocabulary(rewrites, 'state-based effects', '2003-12-01', '2024-11-08')).toBe('state-based actions')
    expect(readInLaterVocabulary(rewrites, 'removed from the game', '2003-12-01', '2024-11-08')).toBe('exile')
    expect(readInLaterVocabulary(rewrites, 'exile', '2024-11-08', '2024-11-08')).toBe('exile')
    // No rewrite between the two: the name as it is.
    expect(readInLaterVocabulary(rewrites, 'state-based effects', '2003-12-01', '2009-05-01')).toBe('state-based effects')
    expect(readInLaterVocabulary(rewrites, 'state-based effects', '2009-07-11', '2024-11-08')).toBe('state-based effects')
  })
})

describe.skipIf(!archiveAvailable())('glossary terms the great rewrites renamed', () => {
  const archive = useArchiveDatabase()

  it('reads a removed and an added term of M10 as one renamed, by the vocabulary, both ways', () => {
    const forward = diffTerms(archive.db, '2009-05-01', '2009-07-11')
    const renames = renamesOf(forward)
    for (const rename of [
      'State-Based Effects -> State-Based Actions',
      'Removed from the Game -> Exile',
      'Comes into Play -> Enters the Battlefield',
      'Leaves Play -> Leaves the Battlefield',
      'End of Turn Step -> End Step',
      'End Phase -> Ending Phase'
    ])
      expect(renames).toContain(rename)
    // Those word overlap found already stay.
    expect(renames).toContain("Controlling Another Player's Turn -> Control Another Player's Turn")
    // Each old name is renamed once, and no renamed term is also counted added or removed.
    const removed = forward.changes.filter((change) => change.kind === 'removed').map((change) => change.from!.key)
    const added = forward.changes.filter((change) => change.kind === 'added').map((change) => change.to!.key)
    expect(removed).not.toContain('state-based effects')
    expect(added).not.toContain('state-based actions')
    expect(forward.summary.renamed).toBe(renames.length)
    // Backward, the same pairs the other way round.
    const backward = renamesOf(diffTerms(archive.db, '2009-07-11', '2009-05-01'))
    expect(backward.sort()).toEqual(renames.map((rename) => rename.split(' -> ').reverse().join(' -> ')).sort())
    // The whole diff carries the same glossary part.
    expect(renamesOf(diffEditions(archive.db, { edition: '2009-05-01' }, { edition: '2009-07-11' }, { countsOnly: true }).terms!).sort()).toEqual(
      [...renames].sort()
    )
  })

  it('follows a renamed term in its history, from either name', () => {
    const history = termHistory(archive.db, 'state-based actions')
    expect(history.names).toEqual(['State-Based Effects', 'State-Based Actions'])
    expect(history.steps[0]).toMatchObject({ term: 'State-Based Effects', validFrom: '1999-04-23' })
    expect(termHistory(archive.db, 'state-based effects').steps).toEqual(history.steps)
    expect(termHistory(archive.db, 'exile').names).toEqual(['Removed from the Game', 'Exile'])
  })

  it('reads the project vocabulary once, oldest rewrite first', () => {
    const rewrites = readProjectRewrites()
    expect(rewrites.map((rewrite) => rewrite.edition)).toEqual(['2009-07-11', '2013-07-13'])
    expect(readProjectRewrites()).toBe(rewrites)
  })
})
