/**
 * The word counts lineage matching weighs words by (`corpus/lineage-weights.json`):
 * in how many distinct rule texts of the archive each word is, counted once
 * (`scripts/write-lineage-weights.js`) and kept fixed. Fixed counts make a pair of
 * editions match the same way whatever else the store holds, so an edition
 * appended later is matched against its neighbour alone and the pairs before it
 * stay as a whole build would find them.
 */
import { existsSync } from 'node:fs'
import { corpusPath, lineageWeightsSchema, readCorpusJson } from '../../src/vocabulary/corpus-files.js'
import type { WordCounts } from './text.js'

/**
 * Read word counts (absent file: undefined, and each pair of editions is weighed by its own texts) through
 * their schema (`lineageWeightsSchema`, `src/vocabulary/corpus-files.ts`).
 *
 * @throws {CrdbError} `E_FORMAT` naming the file and what is wrong.
 */
export function readLineageWeights(path: string = corpusPath('lineage-weights.json')): WordCounts | undefined {
  if (!existsSync(path)) return undefined
  const table = readCorpusJson(path, lineageWeightsSchema, 'lineage word counts')
  const words = new Map<string, number>()
  for (const [count, list] of Object.entries(table.words)) for (const word of list.split(' ')) words.set(word, Number(count))
  return { documents: table.documents, words }
}
