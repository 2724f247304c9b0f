/**
 * Word-level changes between two texts (via the `diff` library), and the test
 * for a change that only renumbers cross-references.
 */
import { diffWordsWithSpace } from 'diff'

/** A run of words that stayed, went, or came. */
export interface WordChange {
  kind: 'same' | 'added' | 'removed'
  text: string
}

/** The word-level changes from `before` to `after`. */
export function diffWords(before: string, after: string): WordChange[] {
  return diffWordsWithSpace(before, after).map((part) => ({
    kind: part.added ? 'added' : part.removed ? 'removed' : 'same',
    text: part.value
  }))
}

// Rule numbers inside a text: 704.5j, 420.5, 702.19b, and three-digit rules after "rule(s)".
const referencePattern = /\b\d{3}\.\d{1,3}[a-z]?\b|(?<=\brules? )\d{3}\b|(?<=\bsection )\d\b/g

/** True when two different texts are equal once their cross-reference numbers are masked. */
export function differsOnlyInReferences(before: string, after: string): boolean {
  if (before === after) return false
  return before.replace(referencePattern, '#') === after.replace(referencePattern, '#')
}

/** Fold typography that editions switch back and forth: curly quotes, dashes, ellipses, (TM)/(R). */
function foldTypography(text: string): string {
  return text
    .replace(/[’‘]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[—–]/g, '-')
    .replace(/…/g, '...')
    .replace(/™|\(TM\)|\(tm\)/g, '')
    .replace(/®|\(R\)|\(r\)/g, '')
    .replace(/\s+/g, ' ')
}

/** True when two different texts are equal once typography is folded (`it's` against `it’s`). */
export function differsOnlyInTypography(before: string, after: string): boolean {
  if (before === after) return false
  return foldTypography(before) === foldTypography(after)
}
