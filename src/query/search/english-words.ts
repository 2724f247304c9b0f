/**
 * Whether a word is English (the word list of `an-array-of-english-words`, about 275,000 words):
 * a word of the language is not a typo of a rules word ("wondering" is not "wandering", "cite" is
 * not "ite"), and a card named with one ("Infest") is not corrected either.
 *
 * The list is a sorted JSON array; it is searched as text, by bisection, rather than parsed: building
 * the array and a set of it costs 130 ms, reading the text 6 ms.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

let list: string | undefined
// Named `require` so that knip sees the package used (`require.resolve` of a package is a use of it).
const require = createRequire(import.meta.url)

/** The list's text (`["a","aa",...]`), read once. */
function readList(): string {
  list ??= readFileSync(require.resolve('an-array-of-english-words'), 'utf8')
  return list
}

/** The word of the list that starts at or before offset `at` (the text is `["a","aa",...]`). */
function wordAt(text: string, at: number): { word: string; start: number; end: number } {
  let start = at
  // A word starts after `["` or `,"`.
  while (start > 2 && !(text.charCodeAt(start - 1) === 34 && text.charCodeAt(start - 2) === 44)) start--
  if (start < 2) start = 2
  const end = text.indexOf('"', start)
  return { word: text.slice(start, end), start, end }
}

/** Whether `word` (lower case) is in the English word list. */
export function isEnglishWord(word: string): boolean {
  const text = readList()
  // Bisection over the offsets of word starts: `low` is always one; each step leaves out the word read.
  let low = 2
  let high = text.length - 3
  while (low <= high) {
    const found = wordAt(text, (low + high) >> 1)
    if (found.word === word) return true
    if (found.word < word) low = found.end + 3
    else high = found.start - 1
  }
  return false
}
