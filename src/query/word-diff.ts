/**
 * Word-level changes between two texts (via the `diff` library), and the tests
 * for a change that only renumbers cross-references or only changes typography.
 */
import { diffWordsWithSpace } from 'diff'

/** A run of words that stayed, went, or came. */
export interface WordChange {
  kind: 'same' | 'added' | 'removed'
  text: string
}

/** The word-level changes from `before` to `after`. */
export function diffWords(before: string, after: string): WordChange[] {
  // Texts far apart read better as one replaced by the other, and are the word diff's slowest case:
  // give up past a bounded number of edits.
  const parts = editsAtLeast(before, after) > maxEditLength ? undefined : diffWordsWithSpace(before, after, { maxEditLength })
  if (!parts) {
    return [
      { kind: 'removed', text: before },
      { kind: 'added', text: after }
    ]
  }
  return parts.map((part) => ({
    kind: part.added ? 'added' : part.removed ? 'removed' : 'same',
    text: part.value
  }))
}

/** Word and space tokens added or removed beyond which two texts are shown as one replaced by the other. */
const maxEditLength = 60

/** A lower bound of the word edits from one text to the other: the words one has more often than the other. */
function editsAtLeast(a: string, b: string): number {
  const counts = new Map<string, number>()
  for (const word of a.match(/\S+/g) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1)
  for (const word of b.match(/\S+/g) ?? []) counts.set(word, (counts.get(word) ?? 0) - 1)
  let edits = 0
  for (const count of counts.values()) edits += Math.abs(count)
  return edits
}

// Cross-references in every form the rules use: "rule 704.5j", "rules 704.5a and 704.5b", "rules 509.1-3",
// "601.2a-d", "rule 704", "section 7", "see section 101". A rule number with an optional range suffix...
const numberPattern = String.raw`\d{1,3}(?:\.\d{1,3}[a-z]?)?(?:[-–](?:\d{3}\.)?\d{0,3}[a-z]?)?`
// ...after "rule(s)" or "section(s)", with the numbers that continue the list ("704.5a, 704.5b, and 704.5c").
const citedPattern = new RegExp(String.raw`\b(rules?|sections?)( )${numberPattern}(?:(?:, (?:and |or )?| (?:and|or|through) )${numberPattern})*`, 'gi')
// ...and any dotted number elsewhere ("(see 702.19b)").
const dottedPattern = /\b\d{3}\.\d{1,3}[a-z]?(?:[-–](?:\d{3}\.)?\d{0,3}[a-z]?)?(?![\w.])/g

/** A text with its cross-reference numbers masked. */
function maskReferences(text: string): string {
  return text.replace(citedPattern, (_match, word: string) => `${word.toLowerCase().replace(/s$/, '')} #`).replace(dottedPattern, '#')
}

/** True when two different texts are equal once their cross-reference numbers are masked. */
export function differsOnlyInReferences(before: string, after: string): boolean {
  if (before === after) return false
  return maskReferences(before) === maskReferences(after)
}

/** Fold typography that editions switch back and forth: curly quotes, dashes, ellipses, (TM)/(R), `_italic_` markup. */
function foldTypography(text: string): string {
  return text
    .replace(/[’‘]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[—–]/g, '-')
    .replace(/…/g, '...')
    .replace(/™|\(TM\)|\(tm\)/g, '')
    .replace(/®|\(R\)|\(r\)/g, '')
    .replace(/(^|[^\w])_([^_]+)_(?=[^\w]|$)/g, '$1$2') // _italic_ markup
    .replace(/\s+/g, ' ')
}

/** True when two different texts are equal once typography is folded (`it's` against `it’s`). */
export function differsOnlyInTypography(before: string, after: string): boolean {
  if (before === after) return false
  return foldTypography(before) === foldTypography(after)
}
