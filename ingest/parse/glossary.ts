/**
 * The glossary of an official edition: terms, their aliases, obsolete marks and
 * definitions, with the sources' slips repaired (and reported).
 */
import type { SourceMessage } from '../../src/vocabulary/messages.js'
import { examplePattern, squeezeBlanks, toParagraphs, underlinePattern } from './paragraphs.js'

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

/** How the glossary of one edition is read. */
export interface GlossaryOptions {
  /** Hard-wrapped edition: lines are rejoined into paragraphs. */
  wrapped: boolean
  /** The edition lost its quotes and apostrophes to `?` (2008-05-01): `?As Though?` is a heading. */
  damagedQuotes: boolean
}

interface Block {
  /** 0-based index of the block's first line in the document. */
  start: number
  lines: string[]
}

/**
 * Parse the glossary between lines `start` and `end` (0-based, end exclusive).
 *
 * Entries are blocks separated by blank lines: a heading line, then the
 * definition. Blocks that begin indented, or do not begin with a heading,
 * continue the entry before. Repaired slips of the source, each reported:
 * a term glued to its first sense (`Ability1. Text...`), a heading whose quotes
 * were lost (`?As Though?`), a heading with no blank line before it, and a
 * sentence broken over two lines of a one-paragraph-per-line edition.
 */
export function parseGlossary(lines: string[], start: number, end: number, options: GlossaryOptions, messages: SourceMessage[]): ParsedTerm[] {
  const blocks: Block[] = []
  let index = start
  while (index < end) {
    while (index < end && lines[index].trim() === '') index++
    if (index >= end) break
    const blockStart = index
    while (index < end && lines[index].trim() !== '') index++
    const block = lines.slice(blockStart, index)
    if (block.every((line) => underlinePattern.test(line.trim()))) continue
    blocks.push({ start: blockStart, lines: block })
  }

  const layout = options.wrapped ? wrappedLayout(blocks.flatMap((block) => block.lines.slice(1))) : undefined

  // The heading of the next block that has one, for each block (to place a heading that lost its blank line).
  const nextHeadings: Array<string | undefined> = new Array(blocks.length)
  for (let blockIndex = blocks.length - 1, following: string | undefined; blockIndex >= 0; blockIndex--) {
    nextHeadings[blockIndex] = following
    following = readHeading(blocks[blockIndex], options)?.term ?? following
  }

  const terms: ParsedTerm[] = []
  for (const [blockIndex, block] of blocks.entries()) {
    const nextHeading = nextHeadings[blockIndex]
    for (const part of splitMissingBlank(block, nextHeading, options, messages)) {
      const previous = terms.at(-1)
      const heading = readHeading(part, options)
      if (!heading && previous) {
        previous.definition += '\n' + joinGlossaryLines(part.lines, part.start, layout, messages)
        continue
      }
      if (!heading) {
        messages.push({
          line: part.start + 1,
          severity: 'warning',
          code: 'glossary-stray',
          text: `text before the first glossary term is ignored: "${part.lines[0].trim().slice(0, 60)}"`
        })
        continue
      }
      if (heading.repair) messages.push({ line: part.start + 1, rule: heading.term, severity: 'warning', code: heading.repair.code, text: heading.repair.text })
      const obsolete = /\(obsolete\)/i.test(heading.term)
      const term = heading.term.replace(/\s*\(obsolete\)\s*/i, ' ').trim()
      // A heading alone may still be followed by indented definition blocks.
      const definition = joinGlossaryLines(heading.definition, part.start + heading.definitionOffset, layout, messages)
      terms.push({ term, aliases: aliasesOf(term), obsolete, definition, line: part.start + 1 })
    }
  }
  const complete: ParsedTerm[] = []
  for (const entry of terms) {
    if (entry.definition.trim() === '') {
      messages.push({
        line: entry.line,
        rule: entry.term,
        severity: 'error',
        code: 'glossary-empty',
        text: `glossary term "${entry.term}" has no definition and is not stored`
      })
    } else {
      complete.push(entry)
    }
  }
  return complete
}

interface Heading {
  /** The heading as printed, or as repaired. */
  term: string
  /** The definition lines that follow it (the glued first sense among them). */
  definition: string[]
  /** Offset of the first definition line from the block's first line. */
  definitionOffset: number
  repair?: { code: string; text: string }
}

// `Ability1. Text on an object...`: the heading printed glued to its first sense.
const gluedSensePattern = /^([A-Z][A-Za-z ,'’/-]*[a-z)])1\.\s+(\S.*)$/
// `?As Though?`: a quoted heading whose quotes became `?`.
const damagedQuotePattern = /^\?([A-Z][^?]*)\?$/

/** The heading a block starts with, if it starts with one. */
function readHeading(block: Block, options: GlossaryOptions): Heading | undefined {
  const first = block.lines[0]
  if (/^\s/.test(first)) return undefined
  const trimmed = first.trim().replace(/\s+/g, ' ')
  const glued = gluedSensePattern.exec(trimmed)
  if (glued && block.lines.slice(1).some((line) => /^\s*2\.\s/.test(line))) {
    return {
      term: glued[1],
      definition: [`1. ${glued[2]}`, ...block.lines.slice(1)],
      definitionOffset: 0,
      repair: { code: 'glossary-glued-sense', text: `term "${glued[1]}" is printed glued to its first sense ("${glued[1]}1."); read as the term, then sense 1` }
    }
  }
  if (!looksLikeTerm(trimmed) && !(options.damagedQuotes && damagedQuotePattern.test(trimmed))) return undefined
  if (options.damagedQuotes && trimmed.includes('?')) {
    // The key must be the one its neighbours give the term (`Attacks and Isn?t Blocked`).
    const term = restoreQuotes(trimmed)
    if (term !== trimmed) {
      return {
        term,
        definition: block.lines.slice(1),
        definitionOffset: 1,
        repair: { code: 'glossary-damaged-term', text: `term "${trimmed}" has its apostrophes and quotes printed as "?"; read as ${term}` }
      }
    }
  }
  return { term: trimmed, definition: block.lines.slice(1), definitionOffset: 1 }
}

/** A heading with its quotes restored: `?` inside a word was an apostrophe, at a word's edge a quote. */
function restoreQuotes(heading: string): string {
  return heading
    .replace(/(?<=[A-Za-z])\?(?=[A-Za-z])/g, "'")
    .replace(/(?<=^|[\s(])\?(?=\S)/g, '"')
    .replace(/(?<=\S)\?(?=$|[\s,)])/g, '"')
}

function looksLikeTerm(line: string): boolean {
  return line.length <= 80 && !/[.:;]$/.test(line) && /^[A-Z0-9"“'{([]/.test(line) && !examplePattern.test(line)
}

/** Letters and spaces in lower case: the order glossary headings follow. */
function alphabetical(term: string): string {
  return term
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, '')
    .trim()
}

/**
 * In a one-paragraph-per-line edition, a block may hold two entries when the
 * source lost the blank line between them (`Adventurer Card` ... `Affinity`).
 * A line there is a heading when it looks like one, follows a line that ends a
 * sentence, is followed by a definition, and falls alphabetically between the
 * heading before it and the next block's heading.
 */
function splitMissingBlank(block: Block, nextHeading: string | undefined, options: GlossaryOptions, messages: SourceMessage[]): Block[] {
  const heading = readHeading(block, options)
  if (options.wrapped || !heading || nextHeading === undefined || block.lines.length < 4) return [block]
  const parts: Block[] = []
  let partStart = 0
  let before = alphabetical(heading.term)
  for (let offset = 2; offset < block.lines.length - 1; offset++) {
    const line = block.lines[offset].trim()
    const candidate = alphabetical(line)
    if (
      /^\s/.test(block.lines[offset]) ||
      !looksLikeTerm(line) ||
      line.length > 40 ||
      !/[.)"”’]$/.test(block.lines[offset - 1].trim()) ||
      !/^[A-Z]/.test(block.lines[offset + 1].trim()) ||
      !(candidate > before && candidate < alphabetical(nextHeading))
    )
      continue
    messages.push({
      line: block.start + offset + 1,
      rule: line,
      severity: 'warning',
      code: 'glossary-missing-blank',
      text: `glossary term "${line}" follows the entry before without a blank line; read as a term of its own`
    })
    parts.push({ start: block.start + partStart, lines: block.lines.slice(partStart, offset) })
    partStart = offset
    before = candidate
  }
  parts.push({ start: block.start + partStart, lines: block.lines.slice(partStart) })
  return parts
}

/** How a hard-wrapped glossary lays out its definitions. */
interface WrappedLayout {
  /** The median length of its longer lines: how wide they run. */
  width: number
  /** The indent most definition lines have: continuation lines sit there. */
  base: number
}

function wrappedLayout(lines: string[]): WrappedLayout {
  const lengths = lines
    .map((line) => line.trimEnd().length)
    .filter((length) => length > 40)
    .sort((a, b) => a - b)
  const indents = new Map<number, number>()
  for (const line of lines) {
    if (line.trim() === '') continue
    const indent = line.length - line.trimStart().length
    indents.set(indent, (indents.get(indent) ?? 0) + 1)
  }
  const base = [...indents].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0
  return { width: lengths[Math.floor(lengths.length / 2)] ?? 0, base }
}

/**
 * The paragraphs of a definition. Wrapped editions (`layout` given) are
 * rejoined. Where continuation lines sit flush left (2001-2004), every line
 * indented past them starts a paragraph, and so does a flush line after a line
 * that ends a sentence with room left for its first word: the source lost that
 * paragraph's indent (2001-07-23 "Comes into Play"), which is reported. In the
 * others each line is a paragraph, except a line that merely continues a
 * sentence (`...of the mana` / `symbols in its mana cost.`), which is joined
 * and reported.
 */
function joinGlossaryLines(block: string[], start: number, layout: WrappedLayout | undefined, messages: SourceMessage[]): string {
  if (layout !== undefined) {
    const flush = layout.base === 0
    const paragraphs = toParagraphs(
      block,
      0,
      block.length,
      true,
      (trimmed, _previous, previousLine) => {
        if (examplePattern.test(trimmed) || /^\d\.\s/.test(trimmed)) return true
        const room = previousLine.length + 1 + trimmed.split(' ')[0].length < layout.width * 0.9
        return flush && room && /[.:)"”]$/.test(previousLine) && /^["“]?[A-Z]/.test(trimmed)
      },
      (paragraph) => {
        const index = paragraph.line - 1
        if (
          index > 0 &&
          paragraph.indent === 0 &&
          flush &&
          block[index - 1].trim() !== '' &&
          !examplePattern.test(paragraph.text) &&
          !/^\d\.\s/.test(paragraph.text)
        ) {
          messages.push({
            line: start + index + 1,
            severity: 'info',
            code: 'paragraph-unindented',
            text: `a paragraph starts without its indent after a short line that ends a sentence ("...${block[index - 1].trim().slice(-20)}")`
          })
        }
      },
      flush ? 3 : Infinity
    )
    return paragraphs.map((paragraph) => paragraph.text).join('\n')
  }
  const paragraphs: string[] = []
  block.forEach((line, offset) => {
    const trimmed = squeezeBlanks(line.trim())
    if (!trimmed) return
    const previous = paragraphs.at(-1)
    if (previous !== undefined && !/^\s/.test(line) && /^[a-z]/.test(trimmed) && /[a-z,]$/.test(previous)) {
      paragraphs[paragraphs.length - 1] = previous + ' ' + trimmed
      messages.push({
        line: start + offset + 1,
        severity: 'info',
        code: 'glossary-line-joined',
        text: `line breaks a sentence ("...${previous.slice(-20)}" / "${trimmed.slice(0, 20)}..."); joined to the line before`
      })
      return
    }
    paragraphs.push(trimmed)
  })
  return paragraphs.join('\n')
}

/** The names a heading lists: `Life, Life Total` -> `['Life', 'Life Total']`; a plain heading names itself. */
function aliasesOf(term: string): string[] {
  return term
    .split(/,\s*/)
    .map((part) => part.trim())
    .filter(Boolean)
}
