/**
 * Book-style plain copies of the Comprehensive Rules, as hosted by online
 * reading sites: numbered rules in paragraphs, `Example:` paragraphs, maybe a
 * glossary; no date. As saved text and as the reader page.
 *
 *     420.5a A player with 0 or less life loses the game.
 *
 *     Example: ...
 *
 * The hosting site adds its furniture: reader comments and "add a review"
 * lines, text in other languages, counters and close buttons. Each of these
 * is recognized, dropped from the rules and kept in an info message. A copy
 * often starts or stops mid-rule (a page of a longer book): the fragment is
 * kept as an entry whose number reconciliation recovers from its text.
 */
import type { Element } from 'domhandler'
import type { SourceMessage } from '../../src/vocabulary/messages.js'
import { endsSentence, quoted, ruleNumberOf, tidy, toSourceLines, type DumpEntry, type ParsedDump, type SourceLine } from './dump.js'
import { markTruncated } from './shared.js'
import { lineOf, loadPage, pageLines, pageTitle } from './html-lines.js'

const subrulePattern = /^(\d{3}\.\d{1,3}[a-z]?)\.?\s+(\S.*)$/s
const rulePattern = /^(\d{3})\.\s+(\S.*)$/s
const sectionPattern = /^(\d)\.\s+([A-Z][^.]{0,60})$/
const examplePattern = /^Example:\s*/i
const numberedStart = /^(?:\d{3}\.\d{0,3}[a-z]?\.?|\d\.)\s/

/** Phrases of reading sites around a book, in the languages they come in. */
const readerFurniture =
  /\b(add (a )?(review|comment|quote|bookmark)|write a review|all reviews|reviews? \(\d+\)|comments? \(\d+\)|add to (favou?rites|bookshelf|library)|rate this( book)?|share (this|on)|read online|download (the )?(book|fb2|epub|pdf|txt)|next page|previous page|sign in|log in|you can (mark|highlight))\b|добавить (отзыв|цитату|в избранное|комментарий)|отзыв|в избранное|отметить|цитат|скачать|читать онлайн|комментари|страниц[аы]?\s*\d*|avis|commentaire|kommentar|rezension|reseña|comentario/i

/** Parse the saved text of a book-style copy. */
export function parseBookText(text: string, name: string): ParsedDump {
  return parseBookParagraphs(toParagraphs(toSourceLines(text)), name, 'book-text')
}

/**
 * Parse a reader page of a book-style copy: the text container's paragraphs,
 * without the site's navigation, comment and review blocks (kept in messages).
 */
export function parseBookHtml(html: string, name: string): ParsedDump {
  const page = loadPage(html)
  const messages: SourceMessage[] = []
  const root =
    page('.book-text, .book_text, .page_text, .reader-text, #text, article, main, #content, .content').first()[0] ?? page('body')[0] ?? page.root()[0]
  const furnitureClass =
    /comment|review|share|social|rating|bookmark|favou?rite|quote-?tool|menu|breadcrumb|pagination|pager|sidebar|banner|advert|\bads?\b|login|footer|header|popup|modal|toolbar/i
  const lines = pageLines(page, root, {
    bullets: false,
    skip: (element: Element) =>
      /^(nav|header|footer|aside|form)$/i.test(element.name) || furnitureClass.test(`${element.attribs.class ?? ''} ${element.attribs.id ?? ''}`),
    onSkip: (element, text, line) => {
      const what = /comment|review|rating|quote|favou?rite|bookmark/i.test(`${element.attribs.class ?? ''} ${element.attribs.id ?? ''}`)
        ? 'reader-comment'
        : 'page-furniture'
      messages.push({
        line,
        severity: 'info',
        code: what,
        text: `the site's ${what === 'reader-comment' ? 'reader comments and review block' : 'furniture'} <${element.name}> dropped: ${quoted(text, Infinity)}`
      })
    }
  })
  if (!page('p').length) {
    messages.push({
      line: lineOf(root),
      severity: 'warning',
      code: 'unknown-layout',
      text: `${name}: no paragraphs (<p>) in the page; its text was read block by block`
    })
  }
  const parsed = parseBookParagraphs(lines, name, 'book-html')
  parsed.title = pageTitle(page)
  parsed.messages.push(...messages)
  parsed.messages.sort((a, b) => a.line - b.line)
  return parsed
}

/**
 * Group lines into paragraphs: blank lines end one; so does a line that starts
 * a rule or an example (single-spaced copies). A paragraph keeps its line breaks
 * (a glossary entry is a term line, then its definition).
 */
function toParagraphs(lines: SourceLine[]): SourceLine[] {
  const paragraphs: SourceLine[] = []
  let current: SourceLine | undefined
  for (const { text, line } of lines) {
    const trimmed = text.trim()
    if (trimmed === '') {
      current = undefined
      continue
    }
    if (current && !numberedStart.test(trimmed) && !examplePattern.test(trimmed)) {
      current.text += '\n' + trimmed
      continue
    }
    current = { text: trimmed, line }
    paragraphs.push(current)
  }
  return paragraphs
}

/** Classify a paragraph that is no rule: the hosting site's furniture, or undefined. */
function furnitureKind(text: string): 'foreign-text' | 'reader-comment' | 'page-furniture' | undefined {
  const letters = text.match(/\p{L}/gu) ?? []
  if (letters.length === 0) return 'page-furniture'
  const latin = letters.filter((letter) => /[A-Za-z\u00c0-\u024f]/.test(letter)).length
  if (latin / letters.length < 0.5) return text.length < 300 && readerFurniture.test(text) ? 'reader-comment' : 'foreign-text'
  if (text.length < 200 && readerFurniture.test(text) && !numberedStart.test(text)) return 'reader-comment'
  if (/^(page|p\.)\s*\d+(\s*(of|\/)\s*\d+)?$/i.test(text)) return 'page-furniture'
  return undefined
}

/** The shared reader of book paragraphs (saved text, or the blocks of the page). */
function parseBookParagraphs(paragraphs: SourceLine[], name: string, format: 'book-text' | 'book-html'): ParsedDump {
  const messages: SourceMessage[] = []
  const entries: DumpEntry[] = []
  const seen = new Set<string>()
  let current: DumpEntry | undefined
  let inGlossary = false
  let pendingTerm: SourceLine | undefined
  // A term line with no definition after it: not stored, so said here.
  const warnUndefinedTerm = (term: SourceLine): void => {
    messages.push({
      line: term.line,
      severity: 'warning',
      code: 'truncated-entry',
      text: `glossary term "${term.text}" has no definition; the term is kept here only`
    })
  }

  for (const { text: raw, line } of paragraphs) {
    // Wrapped lines are one paragraph; a word hyphenated at a line end is one word.
    const text = tidy(raw.replace(/([A-Za-z])-\n(?=[a-z])/g, '$1').replace(/\n/g, ' '))
    if (text === '') continue
    const furniture = furnitureKind(text)
    if (furniture) {
      const what = {
        'foreign-text': 'text in another language',
        'reader-comment': "the reading site's reader-comment line",
        'page-furniture': 'page furniture'
      }[furniture]
      messages.push({ line, severity: 'info', code: furniture, text: `${what} dropped: ${quoted(text, Infinity)}` })
      continue
    }
    if (/^glossary$/i.test(text)) {
      inGlossary = true
      current = undefined
      messages.push({ line, severity: 'info', code: 'prose', text: 'heading "Glossary", kept out of rule text' })
      continue
    }
    if (inGlossary) {
      const [first, ...rest] = raw
        .split('\n')
        .map((part) => part.trim())
        .filter(Boolean)
      if (rest.length > 0 && isTermLike(first)) {
        current = { kind: 'term', label: first, term: first, text: tidy(rest.join('\n')), examples: [], line }
        entries.push(current)
      } else if (isTermLike(text)) {
        if (pendingTerm) warnUndefinedTerm(pendingTerm)
        pendingTerm = { text, line }
      } else if (pendingTerm) {
        current = { kind: 'term', label: pendingTerm.text, term: pendingTerm.text, text, examples: [], line: pendingTerm.line }
        entries.push(current)
        pendingTerm = undefined
      } else if (current?.kind === 'term') {
        current.text += '\n' + text
      } else {
        messages.push({ line, severity: 'warning', code: 'unrecognized', text: `glossary text with no term before it; kept here: ${quoted(text, Infinity)}` })
      }
      continue
    }
    const numbered = readNumbered(text)
    if (numbered) {
      if (seen.has(numbered.number)) {
        messages.push({ line, rule: numbered.number, severity: 'info', code: 'repeated', text: `rule ${numbered.number} appears again; both copies are kept` })
      }
      seen.add(numbered.number)
      current = { kind: 'rule', label: numbered.number, number: numbered.number, text: numbered.text, examples: [], line }
      entries.push(current)
      continue
    }
    if (examplePattern.test(text)) {
      if (current?.kind === 'rule') {
        current.examples.push(text.replace(examplePattern, ''))
      } else {
        messages.push({ line, severity: 'warning', code: 'orphan-entry', text: `example with no rule before it; kept here: ${quoted(text, Infinity)}` })
      }
      continue
    }
    if (!current) {
      if (/^[a-z0-9,;:)'’”"-]/.test(text)) {
        // The copy starts mid-rule: keep the tail of that rule; reconciliation finds its number.
        current = { kind: 'rule', label: '', text, examples: [], line, fragment: 'tail' }
        entries.push(current)
        messages.push({
          line,
          severity: 'warning',
          code: 'truncated-entry',
          text: `the copy starts mid-rule ("${text.slice(0, 40)}…"); the fragment is kept and matched by its text`
        })
      } else {
        messages.push({ line, severity: 'info', code: 'prose', text: `text before the first rule, kept out of rule text: ${quoted(text, Infinity)}` })
      }
      continue
    }
    if (!endsSentence(text) && text.length <= 80) {
      messages.push({ line, severity: 'info', code: 'prose', text: `heading, kept out of rule text: ${quoted(text, Infinity)}` })
      continue
    }
    current.text += '\n' + text
    messages.push({
      line,
      rule: current.label || undefined,
      severity: 'info',
      code: 'continuation',
      text: `unnumbered paragraph read as part of ${current.label ? `rule ${current.label}` : 'the fragment before it'}`
    })
  }

  if (pendingTerm) warnUndefinedTerm(pendingTerm)
  const last = entries.at(-1)
  if (last && last.kind === 'rule' && last.number && /\./.test(last.number)) {
    const tail = last.examples.at(-1) ?? last.text
    if (!endsSentence(tail)) markTruncated(last, messages, `the copy stops mid-rule in ${last.label} ("…${tail.slice(-40)}"); what it has is kept`)
  }
  if (!entries.some((entry) => entry.number !== undefined || entry.kind === 'term')) {
    messages.push({ line: 1, severity: 'error', code: 'no-entries', text: `${name}: no numbered rules ("420.5a A player ...") found` })
  }
  messages.sort((a, b) => a.line - b.line)
  return { kind: 'book', format, entries, messages }
}

function readNumbered(text: string): { number: string; text: string } | undefined {
  const sub = subrulePattern.exec(text)
  if (sub) {
    const number = ruleNumberOf(sub[1])
    if (number) return { number, text: sub[2] }
  }
  const rule = rulePattern.exec(text)
  if (rule) return { number: rule[1], text: rule[2] }
  const section = sectionPattern.exec(text)
  if (section) return { number: section[1], text: section[2] }
  return undefined
}

function isTermLike(text: string): boolean {
  return text.length <= 60 && !/[.:;]$/.test(text) && /^[A-Z0-9"“'{([]/.test(text)
}
