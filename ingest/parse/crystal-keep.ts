/**
 * Crystal Keep rulings dumps (crystalkeep.com's Comprehensive Rules search),
 * as saved text and as the HTML page.
 *
 * The text reads:
 *
 *     This search based on the January 15, 2004 release of the Rulings.
 *     420 - State-Based Effects
 *     - 420.5a - A player with 0 or less life loses the game. [CompRules 2003/10/01]
 *     G12.12 - Life, Life Total
 *     - G12.12a - Life total is a sort of score. ... [CompRules 2003/10/01]
 *     - G12.12.Ruling.1 - There is no upper limit on your life total. [D'Angelo 2006/01/20]
 *     - Note - Also see Rule 215, "Life."
 *     This search based on the January 15, 2004 release of the Rulings.
 *
 * Entries may wrap over several lines, with `Example:` paragraphs; the
 * bracket at the end dates the text: `[CompRules 2003/10/01]` is the revision
 * of the Comprehensive Rules that text comes from, `[D'Angelo 2006/01/20]` the
 * author and date of a ruling. Glossary entries are numbered `G<letter>.<n>`
 * (G12 is L) and split into lettered paragraphs.
 *
 * The page has the same lines: a release paragraph, headings, and a `<ul>` of
 * `<li>` entries, inside a layout table of `|` separated links.
 */
import type { Element } from 'domhandler'
import type { SourceMessage } from '../../src/vocabulary/messages.js'
import {
  dropped,
  endsSentence,
  quoted,
  readDumpDate,
  ruleNumberOf,
  splitExamples,
  tidy,
  toSourceLines,
  type DumpEntry,
  type ParsedDump,
  type SourceLine
} from './dump.js'
import { markTruncated } from './shared.js'
import { lineOf, loadPage, pageLines, pageTitle } from './html-lines.js'

// Bounded (a release date is a few words) so a long line is not searched once per character.
const releasePattern = /This search based on the\s+(.{1,60}?)\s+release of the Rulings\.?/i
const glossaryHeadingPattern = /^(G\d{1,2}\.\d{1,3})\s+-\s+(.+)$/
const ruleHeadingPattern = /^(?:([A-Za-z][A-Za-z ]{0,40}?)\s+-\s+)?(\d{3})(\d{3})?\s+-\s+(.+)$/
const sectionHeadingPattern = /^(\d)\s+-\s+(\S.*)$/
const entryPattern = /^-\s+(\S+?)\s+-\s*(.*)$/
// Starts at its "[" (a leading \s* is tried from every blank of a long run) and names are short.
const bracketPattern = /\[([A-Za-z][A-Za-z' .-]{0,60}?)\s+(\d{2,4}\/\d{1,2}\/\d{1,2})\]\s*$/
const furniturePattern = /^[\s|]*\|[\s|]*$/

/** Parse the saved text of a Crystal Keep rulings search. */
export function parseCrystalKeepText(text: string, name: string): ParsedDump {
  return parseCrystalKeepLines(toSourceLines(text), name, 'crystal-keep-text')
}

/**
 * Parse the HTML page of a Crystal Keep rulings search. Entries are read from
 * its `<li>` items; a page without them (an unknown layout) is read from its
 * table rows and text, with a warning.
 */
export function parseCrystalKeepHtml(html: string, name: string): ParsedDump {
  const page = loadPage(html)
  const messages: SourceMessage[] = []
  const isFurniture = (element: Element): boolean =>
    /^(nav|header|footer)$/i.test(element.name) || /\b(nav|menu|frame|footer|banner)\b/i.test(`${element.attribs.class ?? ''} ${element.attribs.id ?? ''}`)
  const onSkip = (_element: Element, text: string, line: number): void => {
    if (text.replace(/[|\s]/g, '') !== '') messages.push(dropped(line, 'page-furniture', 'navigation', text))
  }
  const body = page('body')[0] ?? page.root()[0]
  const hasList = page('li')
    .toArray()
    .some((li) => /^\s*(?:G?\d+\.\d+[a-z]?|\d{3}\.\d+[a-z]?|Note|\S+\.Ruling\.\d+)\s+-\s/.test(page(li).text()))
  let lines: SourceLine[]
  if (hasList) {
    lines = pageLines(page, body, { skip: isFurniture, onSkip })
  } else {
    // Unknown layout: rows of cells (number | text) or bare paragraphs. Read each row as an entry.
    lines = pageLines(page, body, {
      skip: isFurniture,
      onSkip,
      row: (cells) =>
        cells.length >= 2 && /^(?:G?\d+\.\d+[a-z]?|Note|\S+\.Ruling\.\d+)$/.test(cells[0]) ? `- ${cells[0]} - ${cells.slice(1).join(' ')}` : undefined
    })
    messages.push({
      line: lineOf(page('table').first()[0] ?? body),
      severity: 'warning',
      code: 'unknown-layout',
      text: `${name}: no rulings list (<ul> of "- 420.5a - ..." entries) in the page; entries were read from its rows and text`
    })
  }
  const parsed = parseCrystalKeepLines(lines, name, 'crystal-keep-html')
  parsed.title = pageTitle(page)
  parsed.messages.push(...messages)
  parsed.messages.sort((a, b) => a.line - b.line)
  return parsed
}

interface OpenEntry {
  entry: DumpEntry
  parts: string[]
}

/** The shared reader of Crystal Keep lines (saved text, or the lines of the page). */
function parseCrystalKeepLines(lines: SourceLine[], name: string, format: 'crystal-keep-text' | 'crystal-keep-html'): ParsedDump {
  const messages: SourceMessage[] = []
  const entries: DumpEntry[] = []
  let statedDate: string | undefined
  let dateStatement: string | undefined
  let dateLine: number | undefined
  let furniture = 0
  let firstFurniture = 0
  let open: OpenEntry | undefined
  // The glossary heading or rule the following entries belong to.
  let heading: { label: string; term?: string; number?: string; line: number; entries: number } | undefined
  // The rule or glossary term that notes belong to: the last one read.
  let owner: { number?: string; term?: string } | undefined

  const close = (atEnd: boolean): void => {
    if (!open) return
    const { entry, parts } = open
    open = undefined
    let text = tidy(parts.join('\n').replace(/\n(?!Example:)/g, ' '))
    const bracket = bracketPattern.exec(text)
    if (bracket) {
      text = text.slice(0, bracket.index).trim()
      const date = readDumpDate(bracket[2])
      if (!date) {
        messages.push({
          line: entry.line,
          rule: entry.label,
          severity: 'warning',
          code: 'bad-date',
          text: `"[${bracket[1]} ${bracket[2]}]" is not a real day; the date is not stored`
        })
      } else if (/^comp\s*rules$/i.test(bracket[1])) {
        entry.revisionDate = date
      } else {
        entry.author = bracket[1].trim()
        entry.authoredDate = date
      }
    }
    const { text: body, examples } = entry.kind === 'rule' || entry.kind === 'term' ? splitExamples(text) : { text, examples: [] }
    entry.text = body
    entry.examples = examples
    if (!bracket && entry.kind !== 'note') {
      const last = examples.at(-1) ?? body
      if (!endsSentence(last) || body === '')
        markTruncated(
          entry,
          messages,
          `entry ${entry.label} stops ${body === '' ? 'before its text' : `mid-sentence ("…${last.slice(-40)}")`}${atEnd ? ' at the end of the dump' : ''}; what it has is kept`
        )
    }
    entries.push(entry)
  }

  for (const { text: raw, line, role } of lines) {
    const trimmed = raw.trim()
    if (trimmed === '') continue
    if (furniturePattern.test(trimmed)) {
      furniture++
      firstFurniture ||= line
      continue
    }
    const release = releasePattern.exec(trimmed)
    if (release) {
      close(false)
      const date = readDumpDate(release[1])
      if (!date) {
        messages.push({ line, severity: 'warning', code: 'bad-date', text: `release date "${release[1]}" is not a date crdb can read` })
      } else if (statedDate === undefined) {
        statedDate = date
        dateStatement = release[0].replace(/\s+/g, ' ')
        dateLine = line
      } else if (date !== statedDate) {
        messages.push({
          line,
          severity: 'warning',
          code: 'date-conflict',
          text: `the footer states the ${release[1]} release, the header ${statedDate}; the header's date is kept`
        })
      }
      const rest = trimmed.replace(release[0], '').trim()
      if (rest) messages.push({ line, severity: 'warning', code: 'unrecognized', text: `text beside the release line is not read: ${quoted(rest, Infinity)}` })
      continue
    }
    const entry = entryPattern.exec(trimmed)
    if (entry) {
      close(false)
      const [, label, text] = entry
      const created = newEntry(label, text, line, heading, owner, messages)
      if (created) {
        open = { entry: created, parts: [text] }
        if (bracketPattern.test(text)) close(false)
        if (heading) heading.entries++
        if (created.kind === 'rule' || created.kind === 'term') owner = { number: created.number, term: created.term }
      } else {
        messages.push({
          line,
          severity: 'warning',
          code: 'unrecognized-entry',
          text: `entry "${label}" is not a rule, glossary entry, note or ruling; kept here: ${quoted(trimmed, Infinity)}`
        })
      }
      continue
    }
    const glossaryHeading = glossaryHeadingPattern.exec(trimmed)
    if (glossaryHeading) {
      close(false)
      checkEmptyHeading(heading, messages)
      heading = { label: glossaryHeading[1], term: termOf(glossaryHeading[2]), line, entries: 0 }
      owner = { term: heading.term }
      continue
    }
    // A heading is short and is no sentence; inside an entry, it must start with its number.
    const titleLike = trimmed.length <= 100 && !/[.,;:]$/.test(trimmed)
    const ruleHeading = titleLike ? ruleHeadingPattern.exec(trimmed) : null
    const section = titleLike ? sectionHeadingPattern.exec(trimmed) : null
    if ((ruleHeading || section) && !(open && !/^\d/.test(trimmed))) {
      close(false)
      checkEmptyHeading(heading, messages)
      if (section) {
        entries.push({ kind: 'rule', label: section[1], number: section[1], text: tidy(section[2]), examples: [], line })
        heading = undefined
        owner = { number: section[1] }
        continue
      }
      const [, prefix, number, doubled, title] = ruleHeading!
      if (doubled && doubled !== number) {
        messages.push({ line, severity: 'warning', code: 'unrecognized', text: `heading "${trimmed}" has no rule number crdb can read; kept here` })
        continue
      }
      if (doubled) messages.push({ line, rule: number, severity: 'info', code: 'number-slip', text: `number "${number}${doubled}" read as ${number}` })
      if (prefix) messages.push({ line, rule: number, severity: 'info', code: 'category', text: `heading category "${prefix}" is the site's, not the rules'` })
      entries.push({ kind: 'rule', label: number, number, text: tidy(title), examples: [], line })
      heading = { label: number, number, line, entries: 0 }
      owner = { number }
      continue
    }
    if (open) {
      open.parts.push(trimmed)
      // The bracket that dates an entry ends it.
      if (bracketPattern.test(trimmed)) close(false)
      continue
    }
    if (role === 'heading')
      messages.push({ line, severity: 'info', code: 'heading', text: `page heading, kept out of rule text: ${quoted(trimmed, Infinity)}` })
    else messages.push({ line, severity: 'warning', code: 'unrecognized', text: `line is not a heading or entry; kept here: ${quoted(trimmed, Infinity)}` })
  }
  close(true)
  checkEmptyHeading(heading, messages)

  if (furniture > 0) {
    messages.push({
      line: firstFurniture,
      severity: 'info',
      code: 'page-furniture',
      text: `${furniture} line${furniture === 1 ? '' : 's'} of "|" page borders dropped`
    })
  }
  if (statedDate === undefined) {
    messages.push({
      line: 1,
      severity: 'warning',
      code: 'no-date',
      text: `${name}: no "This search based on the <date> release of the Rulings" header; the dump is dated by matching its text against the official editions`
    })
  }
  if (entries.length === 0) {
    messages.push({ line: 1, severity: 'error', code: 'no-entries', text: `${name}: no rulings entries ("- 420.5a - text [CompRules 2003/10/01]") found` })
  }
  messages.sort((a, b) => a.line - b.line)
  return { kind: 'crystal-keep', format, statedDate, dateStatement, dateLine, entries, messages }
}

/** The term as the heading prints it (`Legend (Obsolete)`, `LIFO (Informal)`); reconciliation reads its key. */
function termOf(heading: string): string {
  return tidy(heading)
}

function checkEmptyHeading(heading: { label: string; term?: string; line: number; entries: number } | undefined, messages: SourceMessage[]): void {
  if (heading?.term !== undefined && heading.entries === 0) {
    messages.push({
      line: heading.line,
      rule: heading.label,
      severity: 'warning',
      code: 'truncated-entry',
      text: `glossary entry ${heading.label} "${heading.term}" has a heading but no text; the heading is kept in this message only`
    })
  }
}

function newEntry(
  label: string,
  text: string,
  line: number,
  heading: { label: string; term?: string; number?: string } | undefined,
  owner: { number?: string; term?: string } | undefined,
  messages: SourceMessage[]
): DumpEntry | undefined {
  const base = { text, examples: [], line }
  if (/^note$/i.test(label)) {
    if (!owner) messages.push({ line, severity: 'warning', code: 'orphan-entry', text: 'note follows no rule or glossary entry' })
    return { kind: 'note', label: 'Note', number: owner?.number, term: owner?.term, ...base }
  }
  const ruling = /^(.+?)\.Ruling\.(\d+)\.?$/i.exec(label)
  if (ruling) {
    const owner = ruling[1]
    if (/^G/i.test(owner)) {
      const term = heading && heading.label === owner ? heading.term : undefined
      if (!term) messages.push({ line, rule: label, severity: 'warning', code: 'orphan-entry', text: `ruling ${label} follows no glossary heading ${owner}` })
      return { kind: 'ruling', label, term, ...base }
    }
    return { kind: 'ruling', label, number: ruleNumberOf(owner), ...base }
  }
  const glossary = /^(G\d{1,2}\.\d{1,3})([a-z]?)$/.exec(label)
  if (glossary) {
    const term = heading && heading.label === glossary[1] ? heading.term : undefined
    if (!term)
      messages.push({
        line,
        rule: label,
        severity: 'warning',
        code: 'orphan-entry',
        text: `glossary entry ${label} follows no heading ${glossary[1]}; its term is unknown`
      })
    return { kind: 'term', label, term, ...base }
  }
  const number = ruleNumberOf(label)
  if (number && /\./.test(number)) {
    if (/\.$/.test(label) && /[a-z]\.$/.test(label))
      messages.push({ line, rule: number, severity: 'info', code: 'number-slip', text: `stray period after "${number}"` })
    return { kind: 'rule', label: number, number, ...base }
  }
  return undefined
}
