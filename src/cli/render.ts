/**
 * The CLI's one rendering module: wrapping to the terminal, bold and colour
 * only on a TTY (never with `NO_COLOR`), and word-level changes
 * (`[-gone-]{+new+}` without colour).
 */
import type { WordChange } from '../query/word-diff.js'
import type { Io } from './context.js'

const ansi = {
  red: '\u001b[31m',
  green: '\u001b[32m',
  bold: '\u001b[1m',
  dim: '\u001b[2m',
  highlight: '\u001b[1;33m',
  strike: '\u001b[9m',
  underline: '\u001b[4m',
  reset: '\u001b[0m'
}

/** The visible length of a string, without ANSI codes. */
function visibleLength(text: string): number {
  return text.replace(/\u001b\[[0-9;]*m/g, '').length
}

/**
 * Wrap text to `width` columns (by words), indenting every line. With no
 * width (not a terminal) lines are left whole.
 */
function wrapText(text: string, width: number | undefined, indent = ''): string[] {
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

/** Text layout for one command: the terminal width and whether to colour. */
export interface TextLayout {
  /** Columns to wrap at; `undefined` when not a terminal (lines are not wrapped). */
  width?: number
  color: boolean
  bold: (text: string) => string
  dim: (text: string) => string
  added: (text: string) => string
  removed: (text: string) => string
  /** Word changes inline: coloured on a TTY, `[-…-]{+…+}` otherwise; `show` keeps one side only. */
  changes: (changes: WordChange[], show?: 'both' | 'before' | 'after') => string
  /** Wrap `text` (which may hold ANSI codes) at the width, every line indented by `indent`. */
  wrap: (text: string, indent?: string, width?: number) => string[]
  /**
   * Lay out `text` after `head` (whose visible width is `headWidth`), wrapping at
   * the width with continuation lines indented by `indent`; each `\n` starts a new
   * line at that indent. `highlights` (`[start, end)` offsets into `text`) are
   * marked when colour is on; `style` styles the whole text.
   */
  paragraph: (head: string, headWidth: number, text: string, indent: number, style?: (text: string) => string, highlights?: Array<[number, number]>) => string[]
}

/** The layout the terminal of `io` asks for. */
export function textLayout(io: Io): TextLayout {
  const color = io.color === true
  const columns = io.columns
  const width = columns !== undefined && columns > 0 ? Math.max(40, columns) : undefined
  const wrapStyle =
    (code: string) =>
    (text: string): string =>
      color && text !== '' ? code + text + ansi.reset : text
  const bold = wrapStyle(ansi.bold)
  const dim = wrapStyle(ansi.dim)
  const highlight = wrapStyle(ansi.highlight)
  const added = wrapStyle(ansi.green)
  const removed = wrapStyle(ansi.red)
  return {
    width,
    color,
    bold,
    dim,
    added,
    removed,
    changes: (changes, show = 'both') =>
      changes
        .map((change) => {
          if (change.kind === 'same') return change.text
          if (change.kind === 'removed') return show === 'after' ? '' : color ? ansi.red + ansi.strike + change.text + ansi.reset : `[-${change.text}-]`
          return show === 'before' ? '' : color ? ansi.green + ansi.underline + change.text + ansi.reset : `{+${change.text}+}`
        })
        .join(''),
    wrap: (text, indent = '', wrapWidth = columns) => wrapText(text, wrapWidth, indent),
    paragraph: (head, headWidth, text, indent, style, highlights = []) => {
      const lines: string[] = []
      const render = (start: number, end: number): string => {
        // Style the slice [start, end) of text, marking the highlights inside it.
        let out = ''
        let position = start
        for (const [from, to] of highlights) {
          if (to <= position || from >= end) continue
          const a = Math.max(from, position)
          const b = Math.min(to, end)
          if (a > position) out += style ? style(text.slice(position, a)) : text.slice(position, a)
          out += highlight(text.slice(a, b))
          position = b
        }
        if (position < end) out += style ? style(text.slice(position, end)) : text.slice(position, end)
        return out
      }
      let first = true
      let offset = 0
      for (const line of text.split('\n')) {
        const lineStart = offset
        offset += line.length + 1
        const prefixWidth = first ? headWidth : indent
        const prefix = first ? head : ' '.repeat(indent)
        first = false
        if (width === undefined) {
          lines.push(prefix + render(lineStart, lineStart + line.length))
          continue
        }
        for (const [start, end] of breakLine(line, width - prefixWidth, width - indent)) {
          lines.push((lines.length === 0 || start === 0 ? prefix : ' '.repeat(indent)) + render(lineStart + start, lineStart + end))
        }
      }
      if (lines.length === 0) lines.push(head)
      return lines
    }
  }
}

/**
 * Break one line of text at spaces into pieces no wider than `firstWidth` (the
 * first) and `width` (the others); a word longer than that is cut. Returns
 * `[start, end)` offsets, spaces at the breaks left out.
 */
export function breakLine(line: string, firstWidth: number, width: number): Array<[number, number]> {
  const pieces: Array<[number, number]> = []
  let start = 0
  while (start < line.length) {
    const room = Math.max(10, pieces.length === 0 ? firstWidth : width)
    if (line.length - start <= room) {
      pieces.push([start, line.length])
      break
    }
    let end = line.lastIndexOf(' ', start + room)
    if (end <= start) end = start + room // one long word: cut it
    pieces.push([start, end])
    start = end
    while (line[start] === ' ') start++
  }
  if (pieces.length === 0) pieces.push([0, 0])
  return pieces
}
