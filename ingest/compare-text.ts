/**
 * Comparing a dump's text with the official text: what "equal after
 * normalization" means, how similar two texts are, and a short summary of
 * what differs.
 *
 * Normalization forgets what copies change without changing the rule:
 * typography (curly or straight quotes, dashes, `--`), Unicode forms, blanks
 * and line breaks, a space left after a hyphen by rejoined lines
 * (`state- based`), and `See Rule 404` against `see rule 404`.
 */
import { diffArrays } from 'diff'

/** A text reduced to what a comparison looks at. */
export function comparable(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201a\u201b\u2032\u0060\u00b4]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .replace(/\s*(?:[\u2013\u2014\u2015\u2212]|--)\s*/g, ' - ')
    .replace(/\u2026/g, '...')
    .replace(/\u00ad/g, '')
    .replace(/([A-Za-z])- +(?=[A-Za-z])/g, '$1-')
    .replace(/\b(See|see|Rule|rule|Rules|rules|Section|section)\s+(?=\d)/g, (_m, word: string) => word.toLowerCase() + ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;:!?)])/g, '$1')
    .replace(/\( /g, '(')
    .trim()
}

/** A rule's text with its examples, as one string to compare. */
export function composeRule(text: string, examples: readonly string[]): string {
  return [text, ...examples.map((example) => `Example: ${example}`)].join('\n')
}

function words(text: string): string[] {
  return text.split(' ').filter(Boolean)
}

/** How alike two comparable texts are, 0..1 (shared words over all words). */
export function similarity(a: string, b: string): number {
  if (a === b) return 1
  const left = words(a)
  const right = words(b)
  if (left.length + right.length === 0) return 1
  let common = 0
  for (const part of diffArrays(left, right)) if (!part.added && !part.removed) common += part.count ?? part.value.length
  return (2 * common) / (left.length + right.length)
}

/**
 * What a dumped text changes against the official one, in a few words:
 * `"does" -> "can"; dump lacks "or less"; dump adds "in play"`.
 */
export function diffSummary(official: string, dumped: string, max = 6): string {
  const parts = diffArrays(words(comparable(official)), words(comparable(dumped)))
  const changes: string[] = []
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]
    if (!part.added && !part.removed) continue
    const text = (value: string[]): string => `"${clip(value.join(' '))}"`
    if (part.removed && parts[index + 1]?.added) {
      changes.push(`${text(part.value)} -> ${text(parts[index + 1].value)}`)
      index++
    } else if (part.removed) {
      changes.push(`dump lacks ${text(part.value)}`)
    } else {
      changes.push(`dump adds ${text(part.value)}`)
    }
  }
  if (changes.length === 0) return 'differs only in typography or spacing'
  return changes.length > max ? `${changes.slice(0, max).join('; ')}; and ${changes.length - max} more` : changes.join('; ')
}

function clip(text: string, max = 60): string {
  return text.length > max ? text.slice(0, max - 1) + '…' : text
}
