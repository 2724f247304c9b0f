/**
 * Lines -> paragraphs, shared by the rules and the glossary of official editions:
 * hard-wrapped lines are rejoined, reading first-line indents and the blanks the
 * source leaves at the end of a wrapped line.
 */

/** `Example:` at the start of a paragraph. */
export const examplePattern = /^example:\s*/i
/** A line of a heading underline. */
export const underlinePattern = /^[-=_*~]{3,}$/

/** A paragraph of a document: its text, first line and indent. */
export interface Paragraph {
  text: string
  line: number
  indent: number
}

/**
 * Group lines into paragraphs. Unwrapped documents have one paragraph per
 * line; wrapped ones continue a paragraph until a blank line, a deeper indent,
 * or a line that `startsParagraph` claims.
 */
export function toParagraphs(
  lines: string[],
  start: number,
  end: number,
  wrapped: boolean,
  startsParagraph: (trimmed: string, previous: Paragraph | undefined, previousLine: string) => boolean,
  onParagraph?: (paragraph: Paragraph) => void,
  /** Where continuation lines sit flush at one indent, any line indented this far starts a paragraph. */
  paragraphIndent = Infinity
): Paragraph[] {
  const paragraphs: Paragraph[] = []
  let current: Paragraph | undefined
  let previousLine = ''
  for (let index = start; index < end; index++) {
    const raw = lines[index]
    const trimmed = squeezeBlanks(raw.trim())
    if (trimmed === '' || underlinePattern.test(trimmed)) {
      current = undefined
      previousLine = ''
      continue
    }
    const indent = raw.length - raw.trimStart().length
    // A line indented deeper than the line before starts a paragraph (a first-line indent),
    // even inside a paragraph that itself began indented.
    const continues =
      wrapped &&
      current !== undefined &&
      !(index > start && indent > previousIndent(lines[index - 1]) + 2) &&
      indent < paragraphIndent &&
      !startsParagraph(trimmed, current, previousLine)
    if (continues) {
      current!.text = joinWrapped(current!.text, lines[index - 1], trimmed)
    } else {
      current = { text: trimmed, line: index + 1, indent }
      paragraphs.push(current)
      onParagraph?.(current)
    }
    previousLine = trimmed
  }
  return paragraphs
}

/**
 * Join a wrapped line to the paragraph so far. At a line-final hyphen or dash the
 * source's trailing blank is the evidence: `power- ` + `and` keeps the space,
 * `"at end of turn"-` + `triggered` and `occurs—` + `unless` join without one.
 */
function joinWrapped(text: string, previousRaw: string, trimmed: string): string {
  if (/[-‐–—]$/.test(text)) return /[ \t]$/.test(previousRaw) ? text + ' ' + trimmed : text + trimmed
  return text + ' ' + trimmed
}

function previousIndent(line: string | undefined): number {
  return line === undefined ? 0 : line.length - line.trimStart().length
}

/**
 * Runs of spaces and tabs as one space. Two blanks in a row need a double space or a tab: most lines have
 * neither, and a plain search for them is much faster than the replacement's scan.
 */
export function squeezeBlanks(text: string): string {
  return text.includes('  ') || text.includes('\t') ? text.replace(/[ \t]{2,}/g, ' ') : text
}
