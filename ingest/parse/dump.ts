/**
 * What every parser of a secondary dump returns: the entries it read (rules,
 * glossary entries, notes, rulings, outside quotes), each with its line, and
 * positioned messages for what it dropped or could not read.
 *
 * A secondary dump is text someone else published that quotes the
 * Comprehensive Rules: a Crystal Keep rulings search, an MTG wiki page, a
 * book-style copy on a reading site. Its parsers never throw for a page they
 * half understand: they keep what they can read and say what they could not.
 */
import { parseRuleNumber } from '../../src/vocabulary/rule-number.js'
import type { SourceMessage } from '../../src/vocabulary/messages.js'

/** The site or shape a dump comes from. */
export type DumpKind = 'crystal-keep' | 'mtg-wiki' | 'book'

/** A format crdb reads: the official text, or a dump as saved text or as its page. */
export type SourceFormat =
  | 'official-text'
  | 'crystal-keep-text'
  | 'crystal-keep-html'
  | 'mtg-wiki-text'
  | 'mtg-wiki-markdown'
  | 'mtg-wiki-html'
  | 'book-text'
  | 'book-html'

/** What an entry of a dump is. */
export type AttestationKind = 'rule' | 'term' | 'note' | 'ruling' | 'external'

/** One entry read from a dump. */
export interface DumpEntry {
  kind: AttestationKind
  /** The entry's number as the dump prints it: `420.5a`, `G12.4a`, `G12.12.Ruling.1`, `2.5`; a term's name for wiki glossaries; `''` for a fragment. */
  label: string
  /** The rule number in canonical form (rules), or the number the note/ruling belongs to. */
  number?: string
  /** The glossary term as printed (terms, and the notes and rulings of a term), without `(Obsolete)`. */
  term?: string
  /** For outside quotes: the document quoted, e.g. `Tournament Rules`. */
  document?: string
  /** The text without its examples; paragraphs joined by `\n`. */
  text: string
  examples: string[]
  /** 1-based line in the decoded source. */
  line: number
  /** The date the dump gives this quote (`YYYY-MM-DD`), when it dates quotes one by one or by block. */
  asOf?: string
  /** Crystal Keep's `[CompRules 2003/10/01]`: when this text was last revised. */
  revisionDate?: string
  /** A ruling's author and date: `[D'Angelo 2006/01/20]`. */
  author?: string
  authoredDate?: string
  /** Only part of the entry survives: its `head` (cut at the end) or its `tail` (cut at the start). */
  fragment?: 'head' | 'tail'
}

/** Everything read from one dump. */
export interface ParsedDump {
  kind: DumpKind
  format: Exclude<SourceFormat, 'official-text'>
  /** The page's title, when it has one. */
  title?: string
  /** The date the dump states for itself, `YYYY-MM-DD`; undefined when it states none. */
  statedDate?: string
  dateStatement?: string
  dateLine?: number
  entries: DumpEntry[]
  messages: SourceMessage[]
}

/** A line of text with the 1-based line of the source it came from. */
export interface SourceLine {
  text: string
  line: number
  /** Set where the page's markup says so: a heading. */
  role?: 'heading'
}

/** Split decoded text into numbered lines. */
export function toSourceLines(text: string): SourceLine[] {
  return text.split('\n').map((line, index) => ({ text: line, line: index + 1 }))
}

const monthNames = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/**
 * Read a date as dumps write it: `January 15, 2004`, `January 15,2004`,
 * `Oct 23, 2009`, `Sept. 5 2009`, `15 January 2004`, `2004/01/15`, `2004-01-15`,
 * `00/12/14` (Crystal Keep's two-digit years). Returns `YYYY-MM-DD`, or
 * undefined when the text is not a real day.
 */
export function readDumpDate(input: string): string | undefined {
  const text = input.trim()
  let year: number | undefined
  let month: number | undefined
  let day: number | undefined
  let match = /^([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?\s*,?\s*(\d{4})\b/.exec(text)
  if (match) {
    month = monthNames.indexOf(match[1].slice(0, 3).toLowerCase()) + 1
    day = Number(match[2])
    year = Number(match[3])
  } else if ((match = /^(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})\b/.exec(text))) {
    day = Number(match[1])
    month = monthNames.indexOf(match[2].slice(0, 3).toLowerCase()) + 1
    year = Number(match[3])
  } else if ((match = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(text))) {
    year = Number(match[1])
    month = Number(match[2])
    day = Number(match[3])
  } else if ((match = /^(\d{2})\/(\d{2})\/(\d{2})$/.exec(text))) {
    year = Number(match[1]) + (Number(match[1]) < 90 ? 2000 : 1900)
    month = Number(match[2])
    day = Number(match[3])
  }
  if (year === undefined || !month || !day) return undefined
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined
  return date.toISOString().slice(0, 10)
}

/** The canonical rule number of a label (`420.5a.`, `704.1`), or undefined when it is not one. */
export function ruleNumberOf(label: string): string | undefined {
  if (!/^\d{1,3}(\.\d{1,3}[a-z]?)?\.?$/.test(label)) return undefined
  try {
    return parseRuleNumber(label)
  } catch {
    return undefined
  }
}

/** Collapse runs of blanks; trim. */
export function tidy(text: string): string {
  return text
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .trim()
}

/** Split `Text. Example: one. Example: two.` into the text and its examples. */
export function splitExamples(text: string): { text: string; examples: string[] } {
  // A run of blanks is tried from its start only (`(?<!\s)`): from every blank of it, a long run costs its length squared.
  const parts = text.split(/(?:^|(?<!\s)\s+)Example:\s*/)
  return { text: tidy(parts[0]), examples: parts.slice(1).map(tidy).filter(Boolean) }
}

/** True when a text ends like a finished sentence (or a title, which has no period). */
export function endsSentence(text: string): boolean {
  return /[.:;!?)"”’'\]]$/.test(text.trim())
}

/** Quote a text in a message, shortened to `max` characters. */
export function quoted(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return `"${flat.length > max ? flat.slice(0, max - 1) + '…' : flat}"`
}

/** A message about something the parser dropped on purpose, keeping its text. */
export function dropped(line: number, code: string, what: string, text: string): SourceMessage {
  return { line, severity: 'info', code, text: `${what} dropped: ${quoted(text, Infinity)}` }
}
