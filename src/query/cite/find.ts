/**
 * Finding citations of the Comprehensive Rules in prose and in source code of
 * any language (comments and strings alike). Pure: reads no database.
 *
 * What counts as a citation:
 * - a number after a word that says rule: `CR 704.5j`, `CR704.5j`, `C.R. 704.5j`,
 *   `rule 704.5j`, `Rule 101.4`, `rules 702.19b-c`, `Comprehensive Rules 702.19b`,
 *   `§704`, `§ 704.5j`, `rule 704` (rules and subrules: 100 to 999);
 * - a section, `section 7` or `CR 7` (a one-digit number only after `section` or `CR`:
 *   `rule 7` is not a citation);
 * - a bare number of the CR's own subrule shape, three digits, a period, a number and
 *   a letter (`704.5j`): nothing else is written like that. The CR never uses the
 *   letters l and o, so `100.5l` and `100.5o` are not citations; neither is a bare
 *   number without a letter (`704.5` is as likely a decimal), nor one glued to a
 *   word, a currency sign or another dotted part (`v704.5j`, `$100.5k`, `704.5j.2`);
 * - the numbers that continue a citation: lists (`704.5j and 704.5k`, `rules 704.5a,
 *   704.5b, or 704.5c`) and ranges (`702.19b-c`, `702.21–702.25`, `118.7–8`), each range
 *   expanded (`702.19b-c` cites 702.19b and 702.19c).
 *
 * Not citations: numbers of other documents (`MTR 4.2`, `IPG 2.1`, `JAR`, the Magic
 * Tournament Rules, a U.S.C. section, RFCs...), said just before the number or just after
 * (`section 3 of the MTR`); version numbers, IP addresses, decimals, prices and dates, whose
 * shapes are not a CR number's.
 *
 * A citation followed by a quote carries it: a quoted string right after the number
 * (`704.5j "legend rule"`, `CR 704.5j: “the legend rule”`), or the words after a colon to the
 * end of the line (`// 704.5j: ... the legend rule`), or after a period when they start a sentence
 * (`rule 114.4. A spell or ability on the stack is an illegal target for itself.`, the CR's own layout).
 */

/** A citation found in a text. */
export interface Citation {
  /** Line, from 1. */
  line: number
  /** Column of the citation's first character, from 1, in characters (Unicode code points). */
  column: number
  /** The citation as written (`rules 702.19b-c`). */
  text: string
  /** The numbers it cites, in order, ranges expanded (`702.19b`, `702.19c`). */
  numbers: string[]
  /** Each whole number as written outside a range, with its column: what a fix may rewrite. */
  written: Array<{ number: string; column: number }>
  /** The words quoted next to the number, if any. */
  quote?: string
}

// Other documents, named just before a number: not the CR.
const otherDocumentBefore =
  /(?:\b(?:MTR|IPG|AIPG|JAR|MIPG|Magic Tournament Rules|Tournament Rules|Infraction Procedure Guide|Judging at Regular|U\.\s?S\.\s?C\.?|USC|C\.?F\.?R\.?|RFC|PEP|ISO|ECMA|IEEE|DIN|Floor Rules|[Vv]ersion|[Vv]er\.?|[Vv]|Article|Art\.|Act|Stat\.|Policy|Terms)\b[\s.:#]*(?:(?:[Ss]ection|[Rr]ule|§§?|[Pp]art)\s*)?)$/
// ... or just after it.
const otherDocumentAfter =
  /^\s*(?:of|in|from)\s+(?:the\s+)?(?:MTR|IPG|AIPG|JAR|Magic Tournament Rules|Tournament Rules|Infraction Procedure Guide|Judging at Regular|Floor Rules|U\.\s?S\.\s?C|Constitution|Act|Code|RFC|policy|terms|license|licence|contract|agreement)\b/i

// The prefilter: a keyword before a number, or a bare CR-shaped number. Group 1 is the keyword,
// group 2 the number after it, group 3 a bare number. Lookbehind keeps `v704.5j`, `2024.11` and
// `$100.5k` out; lookahead keeps `704.5.1`, `192.168.1.1` and `704.5jx` out.
const head =
  /(?<![\w.$€£¥])(?:(CR|C\.R\.|[Cc]omprehensive [Rr]ules?|COMPREHENSIVE RULES?|[Rr]ules?|RULES?|[Ss]ections?|SECTIONS?|§§?)[ \t]*[#:]?[ \t]*(?:\(\s*)?([1-9]\d{2}(?:\.\d{1,3}[a-kmnp-z]?)?|[1-9])(?!\w|\.\d)|([1-9]\d{2}\.\d{1,3}[a-kmnp-z])(?!\w|\.\d))/g

// What continues a citation: a range end, or a separator and another number.
const rangeEnd = /(?:[ \t]?[-–—][ \t]?|[ \t]+(?:through|to)[ \t]+)([1-9]\d{2}\.\d{1,3}[a-kmnp-z]?|[1-9]\d{2}|\d{1,3}[a-kmnp-z]?|[a-kmnp-z])(?!\w|\.\d)/y
const separator = /(?:[ \t]*,[ \t]*(?:and[ \t]+|or[ \t]+)?|[ \t]+(?:and|or|&)[ \t]+|[ \t]*\/[ \t]*)/y
const nextNumber = /([1-9]\d{2}\.\d{1,3}[a-kmnp-z]?|[1-9]\d{2})(?!\w|\.\d)/y
const nextSection = /([1-9])(?!\w|\.\d)/y
// A quote right after the citation: a quoted string (`704.5j "legend rule"`, `702.84, “Cascade.”`) ...
const quotedAfter = /\)?(?:[ \t]*[:(—–,-][ \t]*|[ \t]+)(?:"([^"\n]{3,300})"|“([^”\n]{3,300})”)/y
// ... or the words after a colon, or after a period when they start a sentence (the CR's own `114.4. A spell ...`).
const colonAfter = /\)?(?::[ \t]+|\.[ \t]+(?=[A-Z]))([^\n]{3,300})/y
const nextCitation = /[,;]?\s*(?:(?:CR|[Rr]ules?|[Ss]ections?|§§?)\s*)?[1-9]\d{2}\.\d[\s\S]*$/

/** Longest range expanded; a longer one cites its two ends. */
const maxRange = 60
const letters = 'abcdefghijkmnpqrstuvwxyz'

/**
 * The CR citations in `text`, in order (see the module's comment for what counts).
 * One pass of one regular expression over the whole text; lines and columns are
 * counted only where a citation is found.
 */
export function findCitations(text: string): Citation[] {
  const citations: Citation[] = []
  const lines = new LineIndex(text)
  head.lastIndex = 0
  for (let match = head.exec(text); match; match = head.exec(text)) {
    const keyword = match[1]
    const first = match[2] ?? match[3]
    const start = match.index
    const lineStart = lines.startOf(start)
    // The keyword is read with what comes before it: `Tournament Rules 3.1`, `MTR rule 4`.
    const before = text.slice(Math.max(lineStart, start - 40), start + (keyword?.length ?? 0))
    // `rule 7` is no citation: a one-digit number is a section only after `section` or `CR`.
    if (/^\d$/.test(first) && !/^(?:CR|C\.R\.|[Ss]ection|SECTION)/.test(keyword ?? '')) continue
    if (otherDocumentBefore.test(before)) continue
    const isSection = /^\d$/.test(first)
    const numbers: string[] = []
    const written: Citation['written'] = []
    let position = start + match[0].length
    let item = first
    let itemAt = position - first.length
    for (;;) {
      rangeEnd.lastIndex = position
      const range = rangeEnd.exec(text)
      const to = range ? rangeEndOf(item, range[1]) : undefined
      const expanded = to !== undefined ? expandRange(item, to) : undefined
      if (expanded) {
        numbers.push(...expanded)
        position = rangeEnd.lastIndex
      } else {
        numbers.push(item)
        written.push({ number: item, column: itemAt })
      }
      separator.lastIndex = position
      const gap = separator.exec(text)
      if (!gap) break
      const next = isSection ? nextSection : nextNumber
      next.lastIndex = separator.lastIndex
      const more = next.exec(text)
      if (!more) break
      item = more[1]
      itemAt = next.lastIndex - item.length
      position = next.lastIndex
    }
    if (otherDocumentAfter.test(text.slice(position, position + 60))) continue
    head.lastIndex = position
    const citation: Citation = {
      line: lines.lineOf(start),
      column: lines.columnOf(start),
      text: text.slice(start, position),
      numbers: [...new Set(numbers)],
      written: written.map((entry) => ({ number: entry.number, column: lines.columnOf(entry.column) }))
    }
    const quote = findQuote(text, position)
    if (quote !== undefined) citation.quote = quote
    citations.push(citation)
  }
  return citations
}

/** The quote right after a citation ending at `position`, if any. */
function findQuote(text: string, position: number): string | undefined {
  quotedAfter.lastIndex = position
  const quoted = quotedAfter.exec(text)
  if (quoted) return (quoted[1] ?? quoted[2]).trim()
  colonAfter.lastIndex = position
  const colon = colonAfter.exec(text)
  if (!colon) return undefined
  // The words to the end of the line, without what closes a comment or a string.
  const words = colon[1]
    .replace(/\r$/, '')
    // The quote ends where another citation starts.
    .replace(nextCitation, '')
    .replace(/\s*(?:\*\/|-->|"""|''')\s*$/, '')
    .replace(/["'`]?[,;)]*\s*$/, '')
    .trim()
  return /[A-Za-z]{2,}.*\s.*[A-Za-z]{2,}/.test(words) ? words : undefined
}

/** The full number a range from `from` ends at, read from how its end `end` is written. */
function rangeEndOf(from: string, end: string): string | undefined {
  const match = /^(\d{3})(?:\.(\d{1,3})([a-z])?)?$/.exec(from)
  if (!match) return undefined
  const [, rule, subrule, letter] = match
  if (/^\d{3}\.\d/.test(end)) return end // 702.21–702.25
  if (/^\d{3}$/.test(end)) return subrule === undefined ? end : undefined // 212–215
  if (/^[a-z]$/.test(end)) return letter !== undefined ? `${rule}.${subrule}${end}` : undefined // 702.19b-c
  return subrule !== undefined ? `${rule}.${end}` : undefined // 118.7–8
}

/**
 * The numbers from `from` to `to` of the same level, in order (the two ends alone for one too long);
 * `undefined` when they do not make a range (`704.5 to 2 players` is no range: 704.2 comes before).
 */
function expandRange(from: string, to: string): string[] | undefined {
  const a = /^(\d{3})(?:\.(\d{1,3})([a-z])?)?$/.exec(from)
  const b = /^(\d{3})(?:\.(\d{1,3})([a-z])?)?$/.exec(to)
  if (!a || !b) return undefined
  const out: string[] = []
  const ends = [from, to]
  if (a[3] !== undefined && b[3] !== undefined && a[1] === b[1] && a[2] === b[2]) {
    const [i, j] = [letters.indexOf(a[3]), letters.indexOf(b[3])]
    if (j - i >= maxRange) return ends
    for (let k = i; k <= j; k++) out.push(`${a[1]}.${a[2]}${letters[k]}`)
  } else if (a[2] !== undefined && b[2] !== undefined && a[3] === undefined && b[3] === undefined && a[1] === b[1]) {
    if (Number(b[2]) - Number(a[2]) >= maxRange) return ends
    for (let k = Number(a[2]); k <= Number(b[2]); k++) out.push(`${a[1]}.${k}`)
  } else if (a[2] === undefined && b[2] === undefined) {
    if (Number(b[1]) - Number(a[1]) >= maxRange) return ends
    for (let k = Number(a[1]); k <= Number(b[1]); k++) out.push(String(k))
  }
  return out.length >= 2 ? out : undefined
}

/** Line and column of an offset, from the line starts found as far as asked. */
class LineIndex {
  private readonly starts = [0]
  private scanned = 0

  constructor(private readonly text: string) {}

  /** The line (from 1) of offset `at`. */
  lineOf(at: number): number {
    this.scanTo(at)
    // Offsets come in increasing order: search from the end.
    let line = this.starts.length - 1
    while (this.starts[line] > at) line--
    return line + 1
  }

  /** The offset the line of `at` starts at. */
  startOf(at: number): number {
    return this.starts[this.lineOf(at) - 1]
  }

  /** The column (from 1, in code points) of offset `at`. */
  columnOf(at: number): number {
    const start = this.startOf(at)
    let column = at - start + 1
    // Astral characters are two UTF-16 units but one character.
    for (let i = start; i < at; i++) {
      const code = this.text.charCodeAt(i)
      if (code >= 0xd800 && code <= 0xdbff) column--
    }
    return column
  }

  private scanTo(at: number): void {
    while (this.scanned <= at) {
      const next = this.text.indexOf('\n', this.scanned)
      if (next === -1) {
        this.scanned = this.text.length + 1
        break
      }
      this.starts.push(next + 1)
      this.scanned = next + 1
    }
  }
}
