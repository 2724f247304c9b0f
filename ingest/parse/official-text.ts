/**
 * Stage 3 of the pipeline for official editions: decoded text -> rules,
 * examples and glossary, with positioned messages.
 *
 * Handles every layout published since 1999: the hard-wrapped 70-105 column
 * editions (rejoined into whole paragraphs), the one-paragraph-per-line
 * editions, tables of contents, underlined headings, the glossary with its
 * aliases, obsolete terms and numbered senses, and the sources' own slips
 * (`702. 37a`, `606. 8b`, `119.1d.`, a missing period, double spaces).
 */
import { CrdbError } from '../../src/vocabulary/errors.js'
import { sortKeyOf } from '../../src/vocabulary/rule-number.js'
import type { SourceMessage } from '../../src/vocabulary/messages.js'

/** One numbered rule as it stands in a document. */
export interface ParsedRule {
  /** Canonical number: `7`, `704`, `704.5`, `704.5j`. */
  number: string
  /** The rule's text; for sections and three-digit rules, their title. Paragraphs are joined by `\n`. */
  text: string
  /** Examples in document order, without their `Example:` prefix. */
  examples: string[]
  /** 1-based line where the rule starts. */
  line: number
}

/** One glossary entry as it stands in a document. */
export interface ParsedTerm {
  /** The heading without `(Obsolete)`: `Life, Life Total`. */
  term: string
  /** The names the heading lists: `['Life', 'Life Total']`. */
  aliases: string[]
  obsolete: boolean
  /** Definition paragraphs (numbered senses each on a line) joined by `\n`. */
  definition: string
  line: number
}

/** Everything read from one official edition. */
export interface ParsedEdition {
  /** The effective date the document states, `YYYY-MM-DD`. */
  effectiveDate: string
  /** The phrase (or header) that states it: `effective as of November 8, 2024`. */
  dateStatement: string
  dateLine: number
  rules: ParsedRule[]
  glossary: ParsedTerm[]
  /** True when the document stops before its end (no Credits section). */
  truncated: boolean
  /** True when the document is hard-wrapped and paragraphs were rejoined. */
  wrapped: boolean
  messages: SourceMessage[]
}

const months = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']

// `100.1.`, `100.1a`, `702. 37a` (slip), `119.1d.` (slip), `100.1 Text` (missing period).
const subrulePattern = /^(\d{3})\.( ?)(\d{1,3})([a-z]?)(\.?)(?=\s)\s+(.*)$/
// `305.3.After` (slip: no space after the number)
const gluedPattern = /^(\d{3})\.(\d{1,3})([a-z]?)\.(?=[A-Z"“])(.*)$/
// `306.b If` (slip: the subrule number is missing; the rule before tells it)
const letterOnlyPattern = /^(\d{3})\.([a-z])\s+(.*)$/
// `100. General`
const rulePattern = /^(\d{3})\.\s+(\S.*)$/
// `1. Game Concepts`
const sectionPattern = /^(\d)\.\s+(\S.*)$/
const examplePattern = /^example:\s*/i
const underlinePattern = /^[-=_*~]{3,}$/

/**
 * Parse the text of an official Comprehensive Rules edition.
 *
 * @throws {CrdbError} `E_NO_DATE` when the document states no effective date,
 *   `E_FORMAT` when it has no numbered rules at all.
 */
export function parseOfficialText(text: string, name: string): ParsedEdition {
  const lines = text.split('\n')
  const messages: SourceMessage[] = []
  const { date, statement, line: dateLine } = findEffectiveDate(lines, name)

  const firstSubrule = lines.findIndex((line) => /^\s*100\.1[.a-z]?\s/.test(line))
  if (firstSubrule < 0) throw new CrdbError('E_FORMAT', `${name}: no numbered rules found (no rule 100.1)`)
  let bodyStart = firstSubrule
  for (let index = firstSubrule - 1; index >= 0 && index > firstSubrule - 40; index--) {
    if (/^\s*1\.\s+\S/.test(lines[index])) {
      bodyStart = index
      break
    }
  }

  let glossaryStart = -1
  for (let index = lines.length - 1; index > bodyStart; index--) {
    if (lines[index].trim() === 'Glossary') {
      glossaryStart = index
      break
    }
  }
  let glossaryEnd = -1
  if (glossaryStart >= 0) {
    glossaryEnd = lines.findIndex((line, index) => index > glossaryStart && /^(Credits|Index)$/.test(line.trim()))
  }
  const truncated = glossaryStart < 0 || glossaryEnd < 0
  const bodyEnd = glossaryStart >= 0 ? glossaryStart : lines.length
  const wrapped = isHardWrapped(lines)

  const rules = parseRules(lines, bodyStart, bodyEnd, wrapped, messages)
  const glossary = glossaryStart >= 0 ? parseGlossary(lines, glossaryStart + 1, glossaryEnd < 0 ? lines.length : glossaryEnd, wrapped, messages) : []

  if (truncated) {
    const last = lastNonBlankLine(lines)
    const where = glossaryStart < 0 ? `in the rules (after rule ${rules.at(-1)?.number ?? 'none'})` : `in the glossary (after "${glossary.at(-1)?.term ?? 'none'}")`
    messages.push({
      line: last + 1,
      severity: 'error',
      code: 'truncated',
      text: `document is truncated: it stops at line ${last + 1} ${where} without the ${glossaryStart < 0 ? 'Glossary and ' : ''}Credits section`
    })
  }
  return { effectiveDate: date, dateStatement: statement, dateLine, rules, glossary, truncated, wrapped, messages }
}

function findEffectiveDate(lines: string[], name: string): { date: string; statement: string; line: number } {
  const head = lines.slice(0, 120)
  for (let index = 0; index < head.length; index++) {
    // The sentence may be wrapped over two lines in the oldest editions.
    const window = (head[index] + ' ' + (head[index + 1] ?? '')).replace(/\s+/g, ' ')
    const match = /(?:current|effective) as of ([A-Z][a-z]+) (\d{1,2}), (\d{4})/.exec(window)
    if (match && match.index < head[index].length) {
      const month = months.indexOf(match[1].toLowerCase()) + 1
      if (month > 0) return { date: isoDate(Number(match[3]), month, Number(match[2]), name), statement: match[0], line: index + 1 }
    }
    const header = /COMPREHENSIVE RULES\s+(\d{2})\/(\d{2})\/(\d{2})\b/i.exec(head[index])
    if (header) {
      const year = Number(header[3]) + (Number(header[3]) < 90 ? 2000 : 1900)
      return { date: isoDate(year, Number(header[1]), Number(header[2]), name), statement: header[0].replace(/\s+/g, ' '), line: index + 1 }
    }
  }
  throw new CrdbError('E_NO_DATE', `${name}: states no effective date (no "current as of" or "effective as of" sentence)`)
}

function isoDate(year: number, month: number, day: number, name: string): string {
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new CrdbError('E_NO_DATE', `${name}: states an impossible date ${year}-${month}-${day}`)
  }
  return date.toISOString().slice(0, 10)
}

/** Hard-wrapped editions keep every line short; the others put a paragraph on one long line. */
function isHardWrapped(lines: string[]): boolean {
  let long = 0
  let nonBlank = 0
  for (const line of lines) {
    if (line.trim() === '') continue
    nonBlank++
    if (line.length > 130) long++
  }
  return nonBlank > 0 && long / nonBlank < 0.005
}

interface Paragraph {
  text: string
  line: number
  indent: number
}

/**
 * Group lines into paragraphs. Unwrapped documents have one paragraph per
 * line; wrapped ones continue a paragraph until a blank line, a deeper indent,
 * or a line that `startsParagraph` claims.
 */
function toParagraphs(
  lines: string[],
  start: number,
  end: number,
  wrapped: boolean,
  startsParagraph: (trimmed: string, previous: Paragraph | undefined, previousLine: string) => boolean,
  onParagraph?: (paragraph: Paragraph) => void
): Paragraph[] {
  const paragraphs: Paragraph[] = []
  let current: Paragraph | undefined
  let previousLine = ''
  for (let index = start; index < end; index++) {
    const raw = lines[index]
    const trimmed = raw.trim().replace(/[ \t]{2,}/g, ' ')
    if (trimmed === '' || underlinePattern.test(trimmed)) {
      current = undefined
      previousLine = ''
      continue
    }
    const indent = raw.length - raw.trimStart().length
    const continues =
      wrapped &&
      current !== undefined &&
      !(indent > current.indent + 2 && indent > previousIndent(lines[index - 1])) &&
      !startsParagraph(trimmed, current, previousLine)
    if (continues) {
      current!.text = /[A-Za-z]-$/.test(current!.text) ? current!.text + trimmed : current!.text + ' ' + trimmed
    } else {
      current = { text: trimmed, line: index + 1, indent }
      paragraphs.push(current)
      onParagraph?.(current)
    }
    previousLine = trimmed
  }
  return paragraphs
}

function previousIndent(line: string | undefined): number {
  return line === undefined ? 0 : line.length - line.trimStart().length
}

interface NumberedLine {
  number: string
  text: string
  slip?: string
  /** True when the number had to be guessed, not just read through a typo. */
  guessed?: boolean
}

/**
 * Recognise a numbered rule at the start of a paragraph. `previous` is the
 * number of the rule before, used to restore a subrule number the source lost.
 */
function readNumber(trimmed: string, previous?: string): NumberedLine | undefined {
  const glued = gluedPattern.exec(trimmed)
  if (glued) {
    const number = `${glued[1]}.${Number(glued[2])}${glued[3]}`
    return { number, text: glued[4], slip: `no space after the number "${number}."` }
  }
  const letterOnly = letterOnlyPattern.exec(trimmed)
  if (letterOnly) {
    const before = previous ? /^(\d{3})\.(\d{1,3})[a-z]?$/.exec(previous) : null
    if (before && before[1] === letterOnly[1]) {
      const number = `${before[1]}.${before[2]}${letterOnly[2]}`
      return { number, text: letterOnly[3], slip: `number "${letterOnly[1]}.${letterOnly[2]}" lacks its subrule; read as ${number} after ${previous}`, guessed: true }
    }
  }
  const sub = subrulePattern.exec(trimmed)
  if (sub) {
    const [, rule, space, subrule, letter, period, text] = sub
    const number = `${rule}.${Number(subrule)}${letter}`
    let slip: string | undefined
    if (space) slip = `space inside the number "${rule}. ${subrule}${letter}"`
    else if (letter && period) slip = `stray period after "${number}"`
    else if (!letter && !period) slip = `missing period after "${number}"`
    return { number, text, slip }
  }
  const rule = rulePattern.exec(trimmed)
  if (rule) return { number: rule[1], text: rule[2] }
  const section = sectionPattern.exec(trimmed)
  if (section) return { number: section[1], text: section[2] }
  return undefined
}

function parseRules(lines: string[], start: number, end: number, wrapped: boolean, messages: SourceMessage[]): ParsedRule[] {
  const rules: ParsedRule[] = []
  const seen = new Set<string>()
  let lastKey = ''

  // In wrapped text a cross-reference can land at the start of a line ("see rule\n420.5d.");
  // a number starts a rule only if it comes later in document order than the last rule
  // begun so far and the line before ended a sentence.
  let lastKeyWhileGrouping = ''
  const paragraphs = toParagraphs(
    lines,
    start,
    end,
    wrapped,
    (trimmed, _previous, previousLine) => {
      if (examplePattern.test(trimmed)) return true
      const numbered = readNumber(trimmed)
      return numbered !== undefined && sortKeyOf(numbered.number) > lastKeyWhileGrouping && /[.:;)"”’]$/.test(previousLine)
    },
    (paragraph) => {
      const numbered = readNumber(paragraph.text)
      if (numbered && sortKeyOf(numbered.number) > lastKeyWhileGrouping) lastKeyWhileGrouping = sortKeyOf(numbered.number)
    }
  )

  // The sort key of the next numbered paragraph after each one, to spot a misprint that
  // jumps ahead (432.2b between 423.2a and 423.3) before it inflates the order.
  const nextKeys: Array<string | undefined> = new Array(paragraphs.length)
  let following: string | undefined
  for (let index = paragraphs.length - 1; index >= 0; index--) {
    nextKeys[index] = following
    const numbered = readNumber(paragraphs[index].text)
    if (numbered) following = sortKeyOf(numbered.number)
  }

  for (const [index, paragraph] of paragraphs.entries()) {
    const current = rules.at(-1)
    const numbered = readNumber(paragraph.text, current?.number)
    if (numbered) {
      let key = sortKeyOf(numbered.number)
      if (wrapped && key <= lastKey && current) {
        // A cross-reference that begins a paragraph of its own: keep it with the rule.
        current.text += '\n' + paragraph.text
        continue
      }
      if (numbered.slip) {
        messages.push({ line: paragraph.line, rule: numbered.number, severity: numbered.guessed ? 'warning' : 'info', code: 'number-slip', text: numbered.slip })
      }
      const next = nextKeys[index]
      const jumpsAhead = next !== undefined && key > next && lastKey < next
      if (seen.has(numbered.number) || key <= lastKey || jumpsAhead) {
        // A typo in the source (432.2b for 423.2b, 501.2 for 510.2, a letter repeated):
        // read it as the number that follows the rule before, when the digits say so.
        const repaired = current ? repairNumber(numbered.number, current.number, seen) : undefined
        if (repaired && repaired !== numbered.number) {
          messages.push({ line: paragraph.line, rule: repaired, severity: 'warning', code: 'number-slip', text: `number "${numbered.number}" read as ${repaired}, the rule after ${current!.number}` })
          numbered.number = repaired
          key = sortKeyOf(repaired)
        }
      }
      if (seen.has(numbered.number)) {
        messages.push({
          line: paragraph.line,
          rule: numbered.number,
          severity: 'error',
          code: 'duplicate-number',
          text: `rule ${numbered.number} appears again; this second text is not stored`
        })
        continue
      }
      if (key <= lastKey) {
        messages.push({
          line: paragraph.line,
          rule: numbered.number,
          severity: 'warning',
          code: 'out-of-order',
          text: `rule ${numbered.number} comes after rule ${current?.number ?? 'none'}`
        })
      } else {
        lastKey = key
      }
      seen.add(numbered.number)
      rules.push({ number: numbered.number, text: numbered.text, examples: [], line: paragraph.line })
      continue
    }
    if (!current) continue // Headings of the document before the first rule.
    if (/^[a-z]$/.test(paragraph.text)) {
      messages.push({ line: paragraph.line, rule: current.number, severity: 'warning', code: 'stray-text', text: `stray "${paragraph.text}" on a line of its own after rule ${current.number} is dropped` })
      continue
    }
    if (examplePattern.test(paragraph.text)) {
      current.examples.push(paragraph.text.replace(examplePattern, ''))
      continue
    }
    current.text += '\n' + paragraph.text
  }
  return rules
}

const subruleLetters = 'abcdefghijkmnpqrstuvwxyz' // The CR skips l and o.

/**
 * The number a misprinted one stands for, given the rule before it: the next
 * letter, the next subrule, or the first lettered subrule, when the misprint has
 * the same characters (a transposition), repeats the number before, or differs
 * only in its subrule number.
 */
function repairNumber(printed: string, previous: string, seen: Set<string>): string | undefined {
  const match = /^(\d{3})\.(\d{1,3})([a-z]?)$/.exec(previous)
  if (!match) return undefined
  const [, rule, subrule, letter] = match
  const candidates: string[] = []
  if (letter) {
    const next = subruleLetters[subruleLetters.indexOf(letter) + 1]
    if (next) candidates.push(`${rule}.${subrule}${next}`)
  } else {
    candidates.push(`${rule}.${subrule}a`)
  }
  candidates.push(`${rule}.${Number(subrule) + 1}`)
  const sorted = (text: string): string => [...text].sort().join('')
  for (const candidate of candidates) {
    if (seen.has(candidate)) continue
    if (sorted(candidate) === sorted(printed)) return candidate
    if (printed === previous && candidate.startsWith(`${rule}.${subrule}`) && candidate !== `${rule}.${subrule}`) return candidate
    // Only the subrule number is wrong (306.1c for 306.3c, 502.35b for 502.36b).
    const a = /^(\d{3})\.\d{1,3}([a-z])$/.exec(candidate)
    const b = /^(\d{3})\.\d{1,3}([a-z])$/.exec(printed)
    if (a && b && a[1] === b[1] && a[2] === b[2]) return candidate
  }
  return undefined
}

function parseGlossary(lines: string[], start: number, end: number, wrapped: boolean, messages: SourceMessage[]): ParsedTerm[] {
  // Entries are blocks separated by blank lines: a heading line, then the definition.
  // Blocks that begin indented, or do not begin with a heading, continue the entry before.
  const terms: ParsedTerm[] = []
  let index = start
  while (index < end) {
    while (index < end && lines[index].trim() === '') index++
    if (index >= end) break
    const blockStart = index
    while (index < end && lines[index].trim() !== '') index++
    const block = lines.slice(blockStart, index)
    if (block.every((line) => underlinePattern.test(line.trim()))) continue

    const first = block[0]
    const isHeading = !/^\s/.test(first) && looksLikeTerm(first.trim())
    const previous = terms.at(-1)
    if (!isHeading && previous) {
      previous.definition += '\n' + joinGlossaryLines(block, wrapped)
      continue
    }
    if (!isHeading) {
      messages.push({ line: blockStart + 1, severity: 'warning', code: 'glossary-stray', text: `text before the first glossary term is ignored: "${first.trim().slice(0, 60)}"` })
      continue
    }
    const heading = first.trim().replace(/\s+/g, ' ')
    const obsolete = /\(obsolete\)/i.test(heading)
    const term = heading.replace(/\s*\(obsolete\)\s*/i, ' ').trim()
    // A heading alone may still be followed by indented definition blocks.
    const definition = joinGlossaryLines(block.slice(1), wrapped)
    terms.push({ term, aliases: aliasesOf(term), obsolete, definition, line: blockStart + 1 })
  }
  const complete: ParsedTerm[] = []
  for (const entry of terms) {
    if (entry.definition.trim() === '') {
      messages.push({ line: entry.line, rule: entry.term, severity: 'error', code: 'glossary-empty', text: `glossary term "${entry.term}" has no definition and is not stored` })
    } else {
      complete.push(entry)
    }
  }
  return complete
}

function looksLikeTerm(line: string): boolean {
  return line.length <= 80 && !/[.:;]$/.test(line) && /^[A-Z0-9"“'{(\[]/.test(line) && !examplePattern.test(line)
}

function joinGlossaryLines(block: string[], wrapped: boolean): string {
  if (!wrapped) return block.map((line) => line.trim().replace(/[ \t]{2,}/g, ' ')).filter(Boolean).join('\n')
  const paragraphs = toParagraphs(block, 0, block.length, true, (trimmed) => examplePattern.test(trimmed) || /^\d\.\s/.test(trimmed))
  return paragraphs.map((paragraph) => paragraph.text).join('\n')
}

/** The names a heading lists: `Life, Life Total` -> `['Life', 'Life Total']`; a plain heading names itself. */
function aliasesOf(term: string): string[] {
  return term.split(/,\s*/).map((part) => part.trim()).filter(Boolean)
}

function lastNonBlankLine(lines: string[]): number {
  for (let index = lines.length - 1; index >= 0; index--) if (lines[index].trim() !== '') return index
  return 0
}
