/**
 * The corpus JSON files, each read through its one schema
 * (`src/vocabulary/corpus-files.ts`): the project's own files fit, and a bad
 * file (test/fixtures/corpus-files/) is refused with one line naming the file,
 * the JSON path of the entry and what is wrong, with a stable code.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readLineageOverrides } from '../ingest/lineage.js'
import { readRewriteVocabulary } from '../src/vocabulary/rewrite-vocabulary.js'
import { informalPhrases } from '../src/query/search/informal-words.js'
import { verifyStoredEdition } from '../src/query/verification.js'
import {
  corpusPath,
  informalWordsSchema,
  lineageOverridesSchema,
  readCorpusJson,
  readManifest,
  rewriteVocabularySchema
} from '../src/vocabulary/corpus-files.js'
import { readSetTable } from '../src/vocabulary/set-codes.js'
import { readLineageWeights } from '../ingest/lineage/weights.js'
import { projectRoot, thrown } from './helpers.js'

const fixtures = join(projectRoot, 'test/fixtures/corpus-files')

/** The informal words of a file (the project reads only its own, `informalPhrases()`). */
const readInformalWords = (path: string): unknown => readCorpusJson(path, informalWordsSchema, 'informal words')

describe('the corpus files', () => {
  it("the project's five files fit their schemas", () => {
    const manifest = readManifest()
    expect(manifest.editions.length).toBeGreaterThan(100)
    expect(manifest.editions.find((edition) => edition.effectiveDate === '2009-07-11')?.set).toMatchObject({ code: 'M10' })
    expect(readCorpusJson(corpusPath('lineage-overrides.json'), lineageOverridesSchema, 'lineage overrides').length).toBeGreaterThan(0)
    expect(readCorpusJson(corpusPath('rewrite-vocabulary.json'), rewriteVocabularySchema, 'rewrite vocabulary').rewrites.length).toBeGreaterThan(0)
    expect(readCorpusJson(corpusPath('informal-words.json'), informalWordsSchema, 'informal words').entries.length).toBeGreaterThan(0)
    const weights = readLineageWeights()!
    expect(weights.documents).toBeGreaterThan(10_000)
    // Counted over distinct rule texts: a word is in at most all of them, and a keyword's name in few.
    expect(Math.max(...weights.words.values())).toBeLessThanOrEqual(weights.documents)
    expect(weights.words.get('banding')).toBeLessThan(weights.words.get('creature')!)
    expect(readLineageOverrides(corpusPath('lineage-overrides.json'))[0]).toMatchObject({ edition: '2001-07-23', from: '420.5a', to: '420.5a' })
    expect(informalPhrases().some((phrase) => phrase.phrase === 'etb' && phrase.means === 'enters the battlefield')).toBe(true)
  })

  it('the set codes and the verification of editions read the one manifest', () => {
    const manifest = readManifest()
    const withSets = manifest.editions.filter((edition) => edition.set)
    expect(readSetTable()).toEqual(withSets.map((edition) => ({ code: edition.set!.code, name: edition.set!.name, effectiveDate: edition.effectiveDate })))
    const edition = manifest.editions[0]
    expect(verifyStoredEdition(edition.effectiveDate, '/nowhere/edition.txt', edition.sha256)).toMatchObject({ verified: true, expected: edition.sha256 })
  })

  const refused: Array<[string, (path: string) => unknown, string, string]> = [
    ['manifest-path-in-file.json', readManifest, 'E_FORMAT', 'editions[0]: "file" must be a plain file name'],
    ['manifest-short-digest.json', readManifest, 'E_FORMAT', 'editions[1] (2020-06-01.txt): "sha256" must be 64 hex digits'],
    ['manifest-bad-set.json', readManifest, 'E_FORMAT', 'editions[0] (2020-01-01.txt): "set.code" must be a set code such as M10 or IKO_2'],
    ['manifest-not-a-day.json', readManifest, 'E_FORMAT', 'editions[0] (2020-02-30.txt): "effectiveDate" must be YYYY-MM-DD'],
    ['manifest-no-editions.json', readManifest, 'E_FORMAT', '"editions" must be the list of editions'],
    ['manifest-not-json.json', readManifest, 'E_FORMAT', 'manifest is not JSON'],
    ['no-such-file.json', readManifest, 'E_IO', 'cannot read manifest (ENOENT)'],
    ['overrides-half-link.json', readLineageOverrides, 'E_FORMAT', '[1]: needs "from" and "to", or "number" with "newLineage": true'],
    ['overrides-bad-number.json', readLineageOverrides, 'E_FORMAT', '[0]: "number" must be a rule number such as 704.5j'],
    ['overrides-not-a-list.json', readLineageOverrides, 'E_FORMAT', 'must be a JSON array of overrides'],
    ['vocabulary-bad-edition.json', readRewriteVocabulary, 'E_FORMAT', 'rewrites[0]: "edition" must be YYYY-MM-DD'],
    ['vocabulary-replace-without-to.json', readRewriteVocabulary, 'E_FORMAT', 'rewrites[0].replace[1]: "to" must be the newer phrase'],
    ['informal-no-spelling.json', readInformalWords, 'E_FORMAT', 'entries[1]: "informal" must list a spelling'],
    ['informal-means-a-list.json', readInformalWords, 'E_FORMAT', 'entries[0]: "means" must be the rules words'],
    ['weights-count-not-a-number.json', readLineageWeights, 'E_FORMAT', '"words.one" must map each count of texts to its words']
  ]
  it.each(refused)('refuses %s with one line naming the file, the JSON path and what is wrong', (name, read, code, what) => {
    const path = join(fixtures, name)
    const error = thrown(() => read(path))
    expect(error.code).toBe(code)
    expect(error.message.startsWith(`${path}: ${what}`), error.message).toBe(true)
    expect(error.message).not.toContain('\n')
  })
})
