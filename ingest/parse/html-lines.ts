/**
 * Pages as lines: the HTML of a saved or fetched page turned into the lines a
 * reader sees (one per paragraph, heading, list item or preformatted line),
 * each with the line of the HTML source it starts on. The parsers of each
 * site read these lines the way they read the site's saved text.
 */
import * as cheerio from 'cheerio'
import type { AnyNode, Element } from 'domhandler'
import type { SourceLine } from './dump.js'
import { cleanRemoteName, stripControlCharacters } from '../../src/vocabulary/terminal-text.js'

/** A loaded page, with source positions. */
export type Page = cheerio.CheerioAPI

/** Load HTML keeping the source line of every node. */
export function loadPage(html: string): Page {
  return cheerio.load(html, { sourceCodeLocationInfo: true } as cheerio.CheerioOptions)
}

const blockTags = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'center',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'html',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul'
])
const ignoredTags = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg', 'iframe', 'object', 'button', 'select', 'input', 'textarea'])

/** Options for {@link pageLines}. */
export interface PageLinesOptions {
  /** Elements to leave out; each one's text is handed to `onSkip` (so nothing is lost silently). */
  skip?: (element: Element) => boolean
  onSkip?: (element: Element, text: string, line: number) => void
  /** Prefix list items with `- ` (how pages with bullets read when saved as text). Default true. */
  bullets?: boolean
  /** Read a table row as one line: given its cells' texts, the line (or undefined to read the row as usual). */
  row?: (cells: string[]) => string | undefined
}

/** The line of the source a node starts on (1 when unknown). */
export function lineOf(node: AnyNode | undefined): number {
  return (node as { sourceCodeLocation?: { startLine: number } } | undefined)?.sourceCodeLocation?.startLine ?? 1
}

/**
 * The visible lines of `root` (default: the whole document), in document order.
 * Block elements break lines; `<br>` breaks lines; `<pre>` keeps its own.
 */
export function pageLines(page: Page, root?: AnyNode, options: PageLinesOptions = {}): SourceLine[] {
  const lines: SourceLine[] = []
  const bullets = options.bullets ?? true
  let buffer = ''
  // Whether the buffer is blank, kept as it grows: trimming the whole buffer at every append took a block of many
  // inline elements its length squared.
  let blank = true
  let bufferLine = 0
  let heading = false

  const flush = (): void => {
    // A character reference (`&#27;`) brings control characters a text file could not hold: stored without them.
    const text = stripControlCharacters(buffer)
      .replace(/[ \t\r\n\u00a0]+/g, ' ')
      .trim()
    if (text !== '' && text !== '-') lines.push(heading ? { text, line: bufferLine, role: 'heading' } : { text, line: bufferLine })
    buffer = ''
    blank = true
    bufferLine = 0
  }
  const append = (text: string, line: number): void => {
    if (blank && text.trim() !== '') {
      bufferLine = line
      blank = false
    }
    buffer += text
  }

  const walk = (node: AnyNode, inPre: boolean): void => {
    if (node.type === 'text') {
      const data = (node as unknown as { data: string }).data
      if (!inPre) {
        // The text starts on the line of its first visible character.
        const leading = /^\s*/.exec(data)![0]
        append(data, lineOf(node) + (leading.match(/\n/g)?.length ?? 0))
        return
      }
      // Preformatted: each source line is a line.
      const start = lineOf(node)
      data.split('\n').forEach((part, index) => {
        if (index > 0) flush()
        append(part, start + index)
        if (blank) bufferLine = 0
      })
      return
    }
    if (node.type !== 'tag' && node.type !== 'root') return
    const element = node as Element
    const name = node.type === 'root' ? 'body' : element.name.toLowerCase()
    if (ignoredTags.has(name)) return
    if (node.type === 'tag' && options.skip?.(element)) {
      flush()
      const text = pageLines(page, element, { bullets: false })
        .map((line) => line.text)
        .join(' ')
      if (text) options.onSkip?.(element, text, lineOf(element))
      return
    }
    if (name === 'br') {
      flush()
      return
    }
    if (name === 'tr' && options.row) {
      const cells = page(element)
        .children('td, th')
        .toArray()
        .map((cell) => cleanRemoteName(page(cell).text()))
      const text = options.row(cells)
      if (text !== undefined) {
        flush()
        lines.push({ text, line: lineOf(element) })
        return
      }
    }
    const block = blockTags.has(name)
    if (block) flush()
    if (name === 'li' && bullets) {
      buffer = '- '
      blank = false
      bufferLine = lineOf(element)
    }
    const isHeading = /^h[1-6]$/.test(name)
    if (isHeading) heading = true
    for (const child of element.children ?? []) walk(child, inPre || name === 'pre')
    if (block || name === 'li') flush()
    if (isHeading) heading = false
  }

  const start = root ?? (page.root()[0] as AnyNode)
  walk(start, false)
  flush()
  // A bullet whose text sits on a later source line starts where its text does.
  return lines.map((line) => ({ ...line, text: line.text.replace(/^- {2,}/, '- '), line: line.line || 1 }))
}

/** The page title: the first `<h1>`, else `<title>` without the site's suffix. */
export function pageTitle(page: Page): string | undefined {
  const h1 = cleanRemoteName(page('h1').first().text())
  if (h1) return h1
  const title = cleanRemoteName(page('title').first().text())
  return title ? title.split(/\s+[|–—-]\s+/)[0] : undefined
}
