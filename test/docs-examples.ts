/**
 * Reading the documentation as data: the `console` examples of README.md and
 * docs/ (each `$ crdb ...` command with the output printed under it), the
 * placeholder rules their outputs are compared by, and every relative link
 * and `#anchor`. `test/docs.test.ts` runs and checks them; CONTRIBUTING.md
 * describes the rules for writers.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import GithubSlugger from 'github-slugger'
import type { Heading, Link, Nodes, Root } from 'mdast'
import remarkParse from 'remark-parse'
import { unified } from 'unified'

/** One command of a `console` block and the output written under it. */
export interface ConsoleExample {
  /** The Markdown file, relative to the project root. */
  file: string
  /** The line of the `$ crdb` command in that file. */
  line: number
  /** The command as written after `$ ` (it starts with `crdb`). */
  command: string
  /** The lines of output written under it, up to the next command or the end of the block. */
  expected: string[]
}

/** A relative link (or a bare `#anchor`) of a Markdown file. */
export interface DocLink {
  file: string
  line: number
  url: string
}

/** README.md, CONTRIBUTING.md, CHANGELOG.md and every Markdown file under docs/ but the generated, git-ignored docs/reference/, relative to `root`. */
export function listDocFiles(root: string): string[] {
  const files = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md'].filter((name) => existsSync(join(root, name)))
  const walk = (dir: string): void => {
    if (!existsSync(join(root, dir))) return
    for (const name of readdirSync(join(root, dir)).sort()) {
      const path = join(dir, name)
      if (path === join('docs', 'reference')) continue
      if (statSync(join(root, path)).isDirectory()) walk(path)
      else if (name.endsWith('.md')) files.push(path)
    }
  }
  walk('docs')
  return files
}

function parse(markdown: string): Root {
  return unified().use(remarkParse).parse(markdown) as Root
}

function visit(node: Nodes, each: (node: Nodes) => void): void {
  each(node)
  if ('children' in node) for (const child of node.children) visit(child, each)
}

function textOf(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value
  if ('children' in node) return node.children.map((child) => textOf(child)).join('')
  return ''
}

/**
 * The `$ crdb` commands of the ` ```console ` blocks of `markdown` with the
 * output under each. A block's lines before its first `$ ` line are not
 * examples; a `$ ` line that does not run crdb is an error of the docs.
 */
export function extractConsoleExamples(file: string, markdown: string): ConsoleExample[] {
  const examples: ConsoleExample[] = []
  visit(parse(markdown), (node) => {
    if (node.type !== 'code' || node.lang !== 'console') return
    const firstLine = (node.position?.start.line ?? 0) + 1
    let current: ConsoleExample | undefined
    node.value.split('\n').forEach((text, index) => {
      if (text.startsWith('$ ')) {
        const command = text.slice(2).trim()
        if (!/^crdb(\s|$)/.test(command)) throw new Error(`${file}:${firstLine + index}: a console example runs crdb, not "${command}"`)
        current = { file, line: firstLine + index, command, expected: [] }
        examples.push(current)
      } else if (current) current.expected.push(text)
    })
  })
  for (const example of examples) {
    while (example.expected.length > 0 && example.expected.at(-1)?.trim() === '') example.expected.pop()
  }
  return examples
}

/**
 * A line of expected output as a regular expression: `...` stands for any
 * text, `<n>` for a number (`7.1`, `27,870`); everything else is literal.
 */
function linePattern(expected: string): RegExp {
  const parts = expected
    .trimEnd()
    .split(/(\.\.\.|<n>)/)
    .map((part) => (part === '...' ? '.*' : part === '<n>' ? '\\d[\\d,.]*' : part.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')))
  return new RegExp(`^${parts.join('')}$`)
}

/**
 * Whether `actual` output is what `expected` says, by the placeholder rules: a
 * line that is only `...` stands for any number of lines (none included),
 * `...` inside a line for any text, `<n>` for a number. Trailing blanks are
 * ignored, and so are blank lines at the end.
 */
export function matchesOutput(expected: string[], actual: string): boolean {
  const lines = actual.split('\n').map((line) => line.trimEnd())
  while (lines.length > 0 && lines.at(-1) === '') lines.pop()
  const patterns = expected.map((line) => (line.trim() === '...' ? null : linePattern(line)))
  const failed = new Set<string>()
  const match = (i: number, j: number): boolean => {
    if (i === patterns.length) return j === lines.length
    const key = `${i},${j}`
    if (failed.has(key)) return false
    const pattern = patterns[i]
    const ok = pattern === null ? match(i + 1, j) || (j < lines.length && match(i, j + 1)) : j < lines.length && pattern.test(lines[j]) && match(i + 1, j + 1)
    if (!ok) failed.add(key)
    return ok
  }
  return match(0, 0)
}

/** Every link of `markdown` that is relative (no scheme), with its line. */
export function extractRelativeLinks(file: string, markdown: string): DocLink[] {
  const links: DocLink[] = []
  visit(parse(markdown), (node) => {
    if (node.type !== 'link' && node.type !== 'image') return
    const url = (node as Link).url
    if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return
    links.push({ file, line: node.position?.start.line ?? 0, url })
  })
  return links
}

/** The anchors GitHub gives the headings of `markdown` (its slug rules, repeats numbered `-1`, `-2`). */
export function headingAnchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger()
  const anchors = new Set<string>()
  visit(parse(markdown), (node) => {
    if (node.type === 'heading') anchors.add(slugger.slug(textOf(node as Heading)))
  })
  return anchors
}

/**
 * What is wrong with a relative link of a file under `root`: a target that
 * does not exist, or an `#anchor` that no heading of the target Markdown
 * file gives; `undefined` when it is right.
 */
export function checkLink(root: string, link: DocLink): string | undefined {
  const [path, anchor] = link.url.split('#', 2)
  const target = path === '' ? join(root, link.file) : resolve(dirname(join(root, link.file)), decodeURIComponent(path))
  const shown = relative(root, target)
  if (!existsSync(target)) return `${link.file}:${link.line}: ${link.url}: no such file ${shown}`
  if (anchor === undefined) return undefined
  if (!target.endsWith('.md')) return `${link.file}:${link.line}: ${link.url}: an anchor into a file that is not Markdown`
  if (!headingAnchors(readFileSync(target, 'utf8')).has(anchor))
    return `${link.file}:${link.line}: ${link.url}: no heading of ${shown} has the anchor #${anchor}`
  return undefined
}
