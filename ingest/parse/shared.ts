/**
 * What the dump parsers share beyond the shape of their result (`dump.ts`):
 * marking an entry cut short, and trimming in time linear in the text.
 */
import type { SourceMessage } from '../../src/vocabulary/messages.js'
import type { DumpEntry } from './dump.js'

/**
 * `text` without the run of `characters` it ends with. Linear: a pattern like
 * `/[*_]+$/` is tried from every character of a run that does not end the
 * text, which costs a long run its length squared.
 */
export function stripTrailing(text: string, characters: string): string {
  let end = text.length
  while (end > 0 && characters.includes(text[end - 1])) end--
  return text.slice(0, end)
}

/** Mark `entry` cut short (its head survives, unless only its tail does) and say so in a positioned warning `text`. */
export function markTruncated(entry: DumpEntry, messages: SourceMessage[], text: string): void {
  entry.fragment ??= 'head'
  messages.push({ line: entry.line, rule: entry.label, severity: 'warning', code: 'truncated-entry', text })
}
