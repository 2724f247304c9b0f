/**
 * MTG wiki pages (mtg.fandom.com and its mirrors), as saved text, as markdown
 * (or the wiki's own markup read as markdown) and as the HTML page.
 *
 * A page mixes its own prose with quotes, each quote introduced by a line that
 * names and dates its source:
 *
 *     From the glossary of the Comprehensive Rules (November 8, 2024—Magic: The Gathering Foundations)
 *     - State-Based Actions
 *     - Game actions that happen automatically whenever certain conditions are met. ...
 *     From the Comprehensive Rules (November 8, 2024—Magic: The Gathering Foundations)
 *     - 704.5a If a player has 0 or less life, that player loses the game.
 *     Example: ...
 *     From the Tournament Rules (April 23, 2021—Strixhaven: School of Mages)
 *     - 2.5 End-of-Match Procedure
 *     In single-elimination rounds, ...
 *
 * Quoted rules and glossary entries become entries dated by their block;
 * quotes of other documents (the Tournament Rules) are kept apart as
 * `external` entries; the page's own prose never enters rule text (each
 * paragraph of it is kept in an info message).
 */
import type { Element } from 'domhandler'
import type { Heading, List, ListItem, Nodes, Root } from 'mdast'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import type { SourceMessage } from '../../src/vocabulary/messages.js'
import { dropped, endsSentence, quoted, readDumpDate, ruleNumberOf, tidy, toSourceLines, type DumpEntry, type ParsedDump, type SourceLine } from './dump.js'
import { markTruncated, stripTrailing } from './shared.js'
import { lineOf, loadPage, pageLines, pageTitle } from './html-lines.js'
import { attributionPattern, looksLikeWikitext } from './mtg-wiki-signs.js'

// The wiki's edit links after a heading, blanks collapsed: `[edit | edit source]`, `[ | ]`.
const editLinksPattern = /^\[ ?(?:edit)? ?\|? ?(?:edit source)? ?\]$/i
const rulePattern = /^(\d{3}\.\d{1,3}[a-z]?\.?|\d{3}\.|\d\.)\s+(\S.*)$/
const externalPattern = /^((?:\d{1,2}|[A-Z])(?:\.\d{1,2}){0,2})\.?\s+(\S.*)$/

/** Parse the saved text of an MTG wiki page. */
export function parseMtgWikiText(text: string, name: string): ParsedDump {
  const lines = toSourceLines(text).map((line) => {
    const heading = headingWithEditLinks(line.text.trim())
    return heading ? { text: heading, line: line.line, role: 'heading' as const } : line
  })
  return parseMtgWikiLines(lines, name, 'mtg-wiki-text')
}

/**
 * The heading of a line that ends with the wiki's edit links (`Rules [edit | edit source]` -> `Rules`), or
 * undefined. Read from the last "[" (the links hold none): one pattern over the whole line, with blanks
 * matched on both sides of its text, took a long line's length squared or worse.
 */
function headingWithEditLinks(line: string): string | undefined {
  const open = line.lastIndexOf('[')
  if (open <= 0 || !line.endsWith(']') || !editLinksPattern.test(line.slice(open).replace(/\s+/g, ' '))) return undefined
  return line.slice(0, open).trimEnd() || undefined
}

/** `text` without the emphasis marks around it (`*From the ...*`, `_..._`). */
function withoutEmphasis(text: string): string {
  return stripTrailing(text.replace(/^[*_]+/, ''), '*_')
}

/**
 * Parse an MTG wiki page as markdown (remark-parse): headings, paragraphs,
 * lists and block quotes. The wiki's own markup (`== Rules ==`, `''From the
 * ...''`, `* 704.1.`, `: Example:`) is read too, after a light rewrite into
 * markdown that keeps every line where it was.
 */
export function parseMtgWikiMarkdown(text: string, name: string): ParsedDump {
  const markdown = looksLikeWikitext(text) ? wikitextToMarkdown(text) : text
  const tree = unified().use(remarkParse).parse(markdown) as Root
  const lines: SourceLine[] = []
  const messages: SourceMessage[] = []
  let title: string | undefined
  const lineAt = (node: Nodes): number => node.position?.start.line ?? 1

  const paragraphLines = (node: Nodes, prefix: string): void => {
    // A paragraph may hold an example on a line of its own: split there, keep each line's position.
    const text = plainTextOf(node)
    const start = lineAt(node)
    const parts = text.split(/\n(?=Example:)/)
    let offset = 0
    for (const part of parts) {
      // Its lines joined with one blank (split, not /\s*\n\s*/, which is tried from every blank of a long run).
      const flat = part
        .split('\n')
        .map((piece) => piece.trim())
        .filter(Boolean)
        .join(' ')
      if (flat) lines.push({ text: prefix + flat, line: start + offset })
      offset += part.split('\n').length
    }
  }
  const visit = (node: Nodes, prefix = ''): void => {
    switch (node.type) {
      case 'root':
      case 'blockquote':
        for (const child of node.children) visit(child, prefix)
        return
      case 'heading': {
        const text = plainTextOf(node as Heading).trim()
        if ((node as Heading).depth === 1 && title === undefined) title = text
        lines.push({ text, line: lineAt(node), role: 'heading' })
        return
      }
      case 'paragraph':
        paragraphLines(node, prefix)
        return
      case 'list':
        for (const item of (node as List).children) visit(item)
        return
      case 'listItem': {
        const [first, ...rest] = (node as ListItem).children
        if (first) {
          if (first.type === 'paragraph') paragraphLines(first, '- ')
          else visit(first, '- ')
        }
        for (const child of rest) visit(child, '')
        return
      }
      case 'thematicBreak':
      case 'definition':
        return
      case 'html':
      case 'code':
      case 'table':
        if (plainTextOf(node).trim())
          messages.push(dropped(lineAt(node), 'page-furniture', node.type === 'table' ? 'table' : `${node.type} block`, plainTextOf(node)))
        return
      default:
        if ('children' in node || 'value' in node) paragraphLines(node, prefix)
    }
  }
  visit(tree)
  const parsed = parseMtgWikiLines(lines, name, 'mtg-wiki-markdown')
  parsed.title = title
  parsed.messages.push(...messages)
  parsed.messages.sort((a, b) => a.line - b.line)
  return parsed
}

/** The plain text of a markdown node (what a reader sees). */
function plainTextOf(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string')
    return node.type === 'html' || node.type === 'code' || node.type === 'text' || node.type === 'inlineCode' ? node.value : ''
  if (node.type === 'break') return '\n'
  if ('children' in node) return (node.children as Nodes[]).map(plainTextOf).join('')
  return ''
}

/** Rewrite the MediaWiki markup a rules page uses into markdown, line for line. */
function wikitextToMarkdown(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const heading = /^(={2,6})\s*(.*?)\s*\1\s*$/.exec(line)
      if (heading) return `${'#'.repeat(heading[1].length)} ${heading[2]}`
      return line
        .replace(/^\*+\s*/, '- ')
        .replace(/^#+\s*/, '1. ')
        .replace(/^:+\s*/, '')
        .replace(/'''(.*?)'''/g, '**$1**')
        .replace(/''(.*?)''/g, '*$1*')
        .replace(/\[\[(?:[^\]|]*\|)?([^\]]*)\]\]/g, '$1')
        .replace(/\{\{[^}]*\}\}/g, '')
        .replace(/<\/?(?:ref|small|span|div)[^>]*>/g, '')
    })
    .join('\n')
}

/**
 * Parse the HTML of an MTG wiki page: the article body (`.mw-parser-output`),
 * without edit links, tables of contents, navigation boxes and references.
 */
export function parseMtgWikiHtml(html: string, name: string): ParsedDump {
  const page = loadPage(html)
  const messages: SourceMessage[] = []
  const body = page('.mw-parser-output').first()[0] ?? page('#mw-content-text').first()[0] ?? page('main, article').first()[0] ?? page('body')[0]
  if (!page('.mw-parser-output, #mw-content-text').length) {
    messages.push({
      line: lineOf(body),
      severity: 'warning',
      code: 'unknown-layout',
      text: `${name}: no wiki article body (.mw-parser-output) in the page; read from its ${body ? `<${(body as Element).name}>` : 'text'}`
    })
  }
  const silent = /\b(mw-editsection|reference|mw-cite-backlink)\b/
  const furniture =
    /\b(toc|navbox|printfooter|catlinks|mw-references-wrap|references|infobox|portable-infobox|noprint|mw-jump-link|page-footer|global-navigation)\b/
  const lines = pageLines(page, body, {
    skip: (element) => {
      const cls = `${element.attribs.class ?? ''} ${element.attribs.id ?? ''}`
      return silent.test(cls) || furniture.test(cls) || element.name === 'nav' || element.name === 'footer'
    },
    onSkip: (element, text, line) => {
      const cls = `${element.attribs.class ?? ''} ${element.attribs.id ?? ''}`
      if (!silent.test(cls))
        messages.push(dropped(line, 'page-furniture', `<${element.name}${element.attribs.class ? ` class="${element.attribs.class}"` : ''}>`, text))
    }
  })
  const parsed = parseMtgWikiLines(lines, name, 'mtg-wiki-html')
  parsed.title = page('#firstHeading, .page-header__title').first().text().trim() || pageTitle(page)
  parsed.messages.push(...messages)
  parsed.messages.sort((a, b) => a.line - b.line)
  return parsed
}

interface Block {
  kind: 'rules' | 'glossary' | 'external'
  document: string
  date?: string
  line: number
}

/** The shared reader of wiki lines (saved text, markdown or page). */
function parseMtgWikiLines(lines: SourceLine[], name: string, format: 'mtg-wiki-text' | 'mtg-wiki-markdown' | 'mtg-wiki-html'): ParsedDump {
  const messages: SourceMessage[] = []
  const entries: DumpEntry[] = []
  const seen = new Map<string, number>()
  let block: Block | undefined
  let current: DumpEntry | undefined
  let term: DumpEntry | undefined
  let statedDate: string | undefined
  let dateStatement: string | undefined
  let dateLine: number | undefined
  let warnedUnattributed = false

  const prose = (line: number, text: string, what = 'page prose'): void => {
    messages.push({ line, severity: 'info', code: 'prose', text: `${what}, kept out of rule text: ${quoted(text, Infinity)}` })
  }
  const endBlock = (): void => {
    block = undefined
    current = undefined
    term = undefined
  }

  for (const { text: raw, line, role } of lines) {
    const text = raw.trim()
    if (text === '') continue
    if (role === 'heading') {
      endBlock()
      prose(line, text, 'heading')
      continue
    }
    const attribution = attributionPattern.exec(withoutEmphasis(text))
    if (attribution) {
      const [, glossary, document, when] = attribution
      const date = readDumpDate(when.split(/\s*[—–]\s*|\s+-\s+|-(?=[A-Z])/)[0])
      const isCr = /comprehensive rules/i.test(document)
      block = { kind: isCr ? (glossary ? 'glossary' : 'rules') : 'external', document: document.replace(/^Magic(?: The Gathering)? /, ''), date, line }
      current = undefined
      term = undefined
      messages.push({
        line,
        severity: 'info',
        code: 'attribution',
        text: `quotes ${glossary ? 'the glossary of ' : ''}the ${block.document}${date ? ` as of ${date}` : ''}: ${quoted(text, Infinity)}`
      })
      if (!date)
        messages.push({ line, severity: 'warning', code: 'bad-date', text: `quote attribution "${text}" has no date crdb can read; its entries are undated` })
      if (isCr && date) {
        if (statedDate === undefined) {
          statedDate = date
          dateStatement = withoutEmphasis(text)
          dateLine = line
        } else if (date !== statedDate) {
          messages.push({
            line,
            severity: 'info',
            code: 'date-conflict',
            text: `this block quotes the rules of ${date}, an earlier block those of ${statedDate}; each entry keeps its block's date`
          })
        }
      }
      continue
    }
    const bullet = /^[-*•]\s+(.*)$/.exec(text)
    if (bullet) {
      const body = bullet[1].trim()
      if (!block) {
        if (rulePattern.test(body)) {
          if (!warnedUnattributed) {
            warnedUnattributed = true
            messages.push({
              line,
              severity: 'warning',
              code: 'no-attribution',
              text: `rules quoted without a "From the Comprehensive Rules (<date>)" line; they are undated and dated by matching`
            })
          }
          block = { kind: 'rules', document: 'Comprehensive Rules', line }
        } else {
          prose(line, body, 'page list item')
          continue
        }
      }
      if (block.kind === 'rules') {
        const rule = rulePattern.exec(body)
        if (!rule) {
          if (/^Example:/i.test(body) && current) {
            current.examples.push(tidy(body.replace(/^Example:\s*/i, '')))
          } else {
            messages.push({
              line,
              severity: 'warning',
              code: 'unnumbered',
              text: `unnumbered item in a quote of the rules is not stored as a rule: ${quoted(body, Infinity)}`
            })
          }
          continue
        }
        const number = ruleNumberOf(rule[1])
        if (!number) {
          messages.push({ line, severity: 'warning', code: 'unrecognized', text: `"${rule[1]}" is not a rule number; kept here: ${quoted(body, Infinity)}` })
          continue
        }
        if (seen.has(number)) {
          messages.push({
            line,
            rule: number,
            severity: 'info',
            code: 'repeated',
            text: `rule ${number} is quoted again (first at line ${seen.get(number)}); both quotes are kept`
          })
        } else {
          seen.set(number, line)
        }
        current = { kind: 'rule', label: number, number, text: tidy(rule[2]), examples: [], line, asOf: block.date }
        entries.push(current)
        continue
      }
      if (block.kind === 'glossary') {
        // A term is a short heading; each sentence item after it is a paragraph of its definition.
        const isTerm = body.length <= 60 && !/[.:;!?”"]$/.test(body) && (term === undefined || term.text !== '')
        if (isTerm) {
          term = { kind: 'term', label: body, term: body, text: '', examples: [], line, asOf: block.date }
          entries.push(term)
        } else if (term) {
          term.text = term.text ? `${term.text}\n${tidy(body)}` : tidy(body)
        } else {
          messages.push({ line, severity: 'warning', code: 'orphan-entry', text: `glossary text with no term before it: ${quoted(body, Infinity)}` })
        }
        continue
      }
      // Another document's numbered section: its title, then its text.
      const section = externalPattern.exec(body)
      current = {
        kind: 'external',
        label: section ? section[1] : '',
        document: block.document,
        text: tidy(section ? section[2] : body),
        examples: [],
        line,
        asOf: block.date
      }
      entries.push(current)
      continue
    }
    // A paragraph.
    if (/^Example:/i.test(text) && current && block?.kind === 'rules') {
      current.examples.push(tidy(text.replace(/^Example:\s*/i, '')))
      continue
    }
    if (block?.kind === 'external' && current) {
      current.text += '\n' + tidy(text)
      continue
    }
    if (block?.kind === 'glossary' && term && term.text === '') {
      term.text = tidy(text)
      continue
    }
    endBlock()
    prose(line, text)
  }

  for (const entry of entries) {
    if (entry.kind === 'term' && entry.text === '') {
      markTruncated(entry, messages, `glossary term "${entry.label}" has no definition; the term is kept`)
      continue
    }
    const isTitle = entry.kind === 'rule' && /^\d{1,3}$/.test(entry.number!)
    const last = entry.examples.at(-1) ?? entry.text
    if (entry.kind !== 'external' && !isTitle && !endsSentence(last))
      markTruncated(entry, messages, `entry ${entry.label} stops mid-sentence ("…${last.slice(-40)}"); what it has is kept`)
  }
  if (!entries.some((entry) => entry.kind === 'rule' || entry.kind === 'term')) {
    messages.push({
      line: 1,
      severity: 'error',
      code: 'no-entries',
      text: `${name}: no quotes of the Comprehensive Rules ("From the Comprehensive Rules (<date>)" followed by rules) found`
    })
  }
  messages.sort((a, b) => a.line - b.line)
  return { kind: 'mtg-wiki', format, statedDate, dateStatement, dateLine, entries, messages }
}
