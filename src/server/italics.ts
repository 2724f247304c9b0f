/**
 * The CR's italics: the text files write them `_Magic_`. Pages show them as
 * `<em>`, underscores dropped, through escaped templates only; an underscore
 * inside a word (`UTR_MTG.asp`) is no italic mark.
 */
import { html, type MarkupValue } from './markup.js'

/** An italic stretch of a text: its opening underscore at `start`, its closing one at `end - 1`. */
export interface ItalicSpan {
  start: number
  end: number
}

// An underscore after no word character, then text without underscores or line breaks, then an underscore before none.
const italicPattern = /(?<![\p{L}\p{N}_])_([^_\n]{1,200})_(?![\p{L}\p{N}_])/gu

/** Where `text` has italics, in order. */
export function findItalics(text: string): ItalicSpan[] {
  if (!text.includes('_')) return []
  const spans: ItalicSpan[] = []
  for (const match of text.matchAll(italicPattern)) {
    // Not a stretch that only holds spaces or starts or ends with one: `a _ b _ c` is no italic.
    if (/^\s|\s$/.test(match[1])) continue
    spans.push({ start: match.index, end: match.index + match[0].length })
  }
  return spans
}

/**
 * `text.slice(from, to)` as template values: the parts inside an italic span of
 * `spans` (of the whole `text`) in `<em>`, the underscores that mark them left out.
 * `plain` writes the rest (line breaks as `<br>`, say).
 */
export function renderItalics(
  text: string,
  from: number,
  to: number,
  spans: readonly ItalicSpan[],
  plain: (part: string) => MarkupValue = (part) => part
): MarkupValue[] {
  const parts: MarkupValue[] = []
  let at = from
  for (const span of spans) {
    if (span.end <= at) continue
    if (span.start >= to) break
    // Plain text before the span, then the span's inside that lies in [at, to) without its underscores.
    if (span.start > at) parts.push(plain(text.slice(at, span.start)))
    const inner = text.slice(Math.max(at, span.start + 1), Math.min(to, span.end - 1))
    if (inner) parts.push(html`<em>${plain(inner)}</em>`)
    at = Math.min(to, span.end)
  }
  if (at < to) parts.push(plain(text.slice(at, to)))
  return parts
}

/** The whole of `text`, its italics as `<em>`. */
export function renderWithItalics(text: string): MarkupValue[] {
  return renderItalics(text, 0, text.length, findItalics(text))
}
