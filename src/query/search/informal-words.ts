/**
 * The table of informal words players use and the rules' words for them
 * (`corpus/informal-words.json`), matched against a query by word stems.
 */
import { corpusPath, informalWordsSchema, readCorpusJson } from '../../vocabulary/corpus-files.js'
import { stopWords, tokenize } from './words.js'

/** An informal phrase read, by stems, with what it means. */
export interface InformalPhrase {
  phrase: string
  stems: string[]
  means: string
  /** The stems of the rules' words, stop words left out. */
  meansStems: string[]
  meansWords: string[]
}

let table: InformalPhrase[] | undefined

/** The table, read once: every spelling of every entry, longest first. */
export function informalPhrases(): InformalPhrase[] {
  if (table) return table
  const file = readCorpusJson(corpusPath('informal-words.json'), informalWordsSchema, 'informal words')
  const phrases: InformalPhrase[] = []
  for (const entry of file.entries) {
    const means = tokenize(entry.means).filter((token) => !stopWords.has(token.word))
    for (const spelling of entry.informal) {
      const stems = tokenize(spelling).map((token) => token.stem)
      if (stems.length === 0) continue
      phrases.push({ phrase: spelling, stems, means: entry.means, meansStems: means.map((token) => token.stem), meansWords: means.map((token) => token.word) })
    }
  }
  phrases.sort((a, b) => b.stems.length - a.stems.length)
  return (table = phrases)
}
