/**
 * The words players use and the rules' words for them, matched against a query by word stems:
 * the informal-words table (`corpus/informal-words.json`: `etb` -> enters the battlefield), and
 * each era's own words from the table of the great rewrites (`corpus/rewrite-vocabulary.json`):
 * in an edition before a rewrite, its new words are read with the old ones too ("enters the
 * battlefield" -> comes into play), and from it on, the old words with the new ones.
 */
import { corpusPath, informalWordsSchema, readCorpusJson } from '../../vocabulary/corpus-files.js'
import { readRewriteVocabulary } from '../../vocabulary/rewrite-vocabulary.js'
import { stopWords, tokenize, weakStopWords } from './words.js'

/** An informal phrase read, by stems, with what it means. */
export interface InformalPhrase {
  phrase: string
  stems: string[]
  means: string
  /** The stems of the rules' words, stop words left out. */
  meansStems: string[]
  meansWords: string[]
  /** It applies in editions from this day (YYYY-MM-DD) on, and before `until`. */
  from?: string
  until?: string
}

let table: InformalPhrase[] | undefined

/** Read one spelling and what it means into a phrase (none for a spelling without words). */
function phraseOf(spelling: string, means: string, from?: string, until?: string): InformalPhrase | undefined {
  const stems = tokenize(spelling).map((token) => token.stem)
  if (stems.length === 0) return undefined
  const meant = tokenize(means).filter((token) => !stopWords.has(token.word) || weakStopWords.has(token.word))
  if (meant.length === 0) return undefined
  return {
    phrase: spelling,
    stems,
    means,
    meansStems: meant.map((token) => token.stem),
    meansWords: meant.map((token) => token.word),
    ...(from === undefined ? {} : { from }),
    ...(until === undefined ? {} : { until })
  }
}

/** The table, read once: every spelling of every entry, and both ways of each rewrite, longest first. */
export function informalPhrases(): InformalPhrase[] {
  if (table) return table
  const phrases: InformalPhrase[] = []
  const add = (phrase: InformalPhrase | undefined): void => {
    if (phrase) phrases.push(phrase)
  }
  const file = readCorpusJson(corpusPath('informal-words.json'), informalWordsSchema, 'informal words')
  for (const entry of file.entries) for (const spelling of entry.informal) add(phraseOf(spelling, entry.means, entry.from, entry.until))
  const rewrites = readRewriteVocabulary()
  for (const rewrite of rewrites) {
    for (const { from: older, to: newer } of rewrite.replace) {
      if (newer.trim() === '') continue
      add(phraseOf(newer, older, undefined, rewrite.edition))
      add(phraseOf(older, newer, rewrite.edition))
    }
  }
  phrases.sort((a, b) => b.stems.length - a.stems.length)
  return (table = phrases)
}

/** Whether a phrase applies in the edition of `day` (every phrase does in a search of several editions). */
export function appliesOn(phrase: InformalPhrase, day: string | undefined): boolean {
  if (day === undefined) return true
  return (phrase.from === undefined || day >= phrase.from) && (phrase.until === undefined || day < phrase.until)
}
