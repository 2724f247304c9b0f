/**
 * The names a question holds: glossary terms and rule titles found as phrases among its words
 * ("... the order in which replacement effects are applied" names the term Replacement Effect;
 * "... trigger the legend rule" the Legend Rule). A long question is mostly filler and card names;
 * the words that stand together as a name of the rules are what it is about.
 */
import type { Crdb } from '../../store/database.js'
import { readNamedVersions } from '../../store/search.js'
import type { SearchCache } from './scope.js'
import { stopWords, tokenize, weakStopWords } from './words.js'

/** A term or titled rule a query names. */
export interface NamedPhrase {
  kind: 'rule' | 'term'
  key: string
  contentId: number
  /** How many of the query's words the name spans. */
  words: number
}

interface NamedEntry {
  kind: 'rule' | 'term'
  key: string
  contentId: number
  stems: string[]
  firstDate: string
  lastDate: string
}

/** Every name, by its first stem, read once per handle. */
function namesOf(db: Crdb, cache: SearchCache): Map<string, NamedEntry[]> {
  let names = cache.extra.get('named') as Map<string, NamedEntry[]> | undefined
  if (names) return names
  names = new Map()
  for (const [kind, key, name, firstDate, lastDate, contentId] of readNamedVersions(db)) {
    // A heading's parts are names each (`Life, Life Total`); what is in parentheses is not said (`Legend (obsolete)`).
    for (const part of name.replace(/\([^)]*\)/g, ' ').split(/\s*[/,;]\s*/)) {
      const stems = tokenize(part)
        .filter((token) => !stopWords.has(token.word) || weakStopWords.has(token.word))
        .map((token) => token.stem)
      if (stems.length === 0) continue
      let list = names.get(stems[0])
      if (!list) names.set(stems[0], (list = []))
      list.push({ kind, key, contentId, stems, firstDate, lastDate })
    }
  }
  cache.extra.set('named', names)
  return names
}

/**
 * The terms and titled rules of the edition of `day` whose names are phrases of `stems` (the query's
 * content words in order): names of two words or more, or of one rare word (`docs`: how many texts
 * hold a stem; a word most texts hold, such as `card` or `damage`, names nothing).
 */
export function findNamedPhrases(db: Crdb, cache: SearchCache, stems: readonly string[], day: string, docs: (stem: string) => number): NamedPhrase[] {
  const names = namesOf(db, cache)
  const found = new Map<string, NamedPhrase>()
  const rare = Math.max(50, cache.textCount / 40)
  for (let at = 0; at < stems.length; at++) {
    for (const entry of names.get(stems[at]) ?? []) {
      if (entry.firstDate > day || entry.lastDate < day) continue
      if (entry.stems.length === 1 && docs(entry.stems[0]) > rare) continue
      if (entry.stems.some((stem, offset) => stems[at + offset] !== stem)) continue
      const id = `${entry.kind}:${entry.key}`
      const known = found.get(id)
      if (!known || known.words < entry.stems.length) found.set(id, { kind: entry.kind, key: entry.key, contentId: entry.contentId, words: entry.stems.length })
    }
  }
  return [...found.values()]
}
