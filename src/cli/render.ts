/**
 * Text output helpers for the CLI: wrapping to the terminal, colour only on a
 * TTY, and word-level changes (`[-gone-]{+new+}` without colour).
 */
import type { WordChange } from '../query/word-diff.js'
import type { Io } from './context.js'

const ansi = { red: '\u001b[31m', green: '\u001b[32m', bold: '\u001b[1m', dim: '\u001b[2m', strike: '\u001b[9m', underline: '\u001b[4m', reset: '\u001b[0m' }

/** Styling functions that are identities when colour is off. */
export function styles(io: Io) {
  const wrap = (code: string) => (text: string) => (io.color ? code + text + ansi.reset : text)
  return {
    bold: wrap(ansi.bold),
    dim: wrap(ansi.dim),
    added: wrap(ansi.green),
    removed: wrap(ansi.red),
    /** Word changes inline: coloured on a TTY, `[-…-]{+…+}` otherwise. */
    changes: (changes: WordChange[], show: 'both' | 'before' | 'after' = 'both'): string =>
      changes
        .map((change) => {
          if (change.kind === 'same') return change.text
          if (change.kind === 'removed') return show === 'after' ? '' : io.color ? ansi.red + ansi.strike + change.text + ansi.reset : `[-${change.text}-]`
          return show === 'before' ? '' : io.color ? ansi.green + ansi.underline + change.text + ansi.reset : `{+${change.text}+}`
        })
        .join('')
  }
}

/** The visible length of a string, without ANSI codes. */
export function visibleLength(text: string): number {
  return text.replace(/\u001b\[[0-9;]*m/g, '').length
}

/**
 * Wrap text to `width` columns (by words), indenting continuation lines. With no
 * width (not a terminal) lines are left whole.
 */
export function wrapText(text: string, width: number | undefined, indent = ''): string[] {
  const out: string[] = []
  for (const paragraph of text.split('\n')) {
    if (!width || width <= indent.length + 10) {
      out.push(indent + paragraph)
      continue
    }
    let line = ''
    for (const word of paragraph.split(/(?<= )/)) {
      if (line && visibleLength(indent + line + word) > width) {
        out.push(indent + line.trimEnd())
        line = ''
      }
      line += word
    }
    out.push(indent + line.trimEnd())
  }
  return out
}

/** Two columns side by side, each `width` wide, padded with spaces. */
export function sideBySide(left: string[], right: string[], width: number, gutter = ' | '): string[] {
  const rows: string[] = []
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const l = left[index] ?? ''
    rows.push(l + ' '.repeat(Math.max(0, width - visibleLength(l))) + gutter + (right[index] ?? ''))
  }
  return rows
}

/** Read a CLI "when": `2009` (an era: 31 December of that year) or a date `YYYY-MM-DD`. */
export function readWhen(input: string): { date: string } {
  return /^\d{4}$/.test(input.trim()) ? { date: `${input.trim()}-12-31` } : { date: input }
}
