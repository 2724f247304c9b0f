/**
 * `crdb get`: a rule as it stood on a date, in an edition or in an era; with
 * `--subtree` all its subrules, `--neighbours` the rules around it, `--refs` the
 * rules its text cites.
 *
 * Also the text layout the query commands share: wrapping to the terminal and
 * ANSI styling when colour is on.
 */
import { CrdbError } from '../errors.js'
import { resolveAt } from '../query/at.js'
import type { At } from '../query/editions.js'
import { getNeighbours, getReferences, getRule, getSubtree, type RuleVersion } from '../query/get.js'
import type { CliContext, RegisterCommand } from './context.js'
import { printRuleSources } from './sources.js'

/** The options that say which edition to read. */
export interface AtOptions {
  date?: string
  edition?: string
  era?: string
}

/** Register `crdb get`. */
export const registerGet: RegisterCommand = (program, context) => {
  program
    .command('get')
    .description('print a rule as it stood on a date, in an edition or in an era (default: the newest)')
    .argument('<number>', 'rule number, e.g. 704.5j (or a rule like 704, or a section like 7, with --subtree)')
    .option('--date <YYYY-MM-DD>', 'the rules in force on this day')
    .option('--edition <YYYY-MM-DD>', 'the edition with this effective date')
    .option('--era <year>', 'the rules in force at the end of 2003, 2009 or 2024')
    .option('--subtree', 'the rule with all its subrules (a section: all its rules)')
    .option('--neighbours', 'the rule with the rules just before and after it')
    .option('--refs', 'the rules and sections the rule cites, as they stood then')
    .option('--sources', 'the official text (every version, or the one asked for) and every attestation of it by secondary dumps')
    .action((number: string, options: AtOptions & { subtree?: boolean; neighbours?: boolean; refs?: boolean; sources?: boolean }) => {
      const at = atFromOptions(options)
      const views = (['subtree', 'neighbours', 'refs', 'sources'] as const).filter((name) => options[name])
      if (views.length > 1) throw new CrdbError('E_USAGE', `give one of --subtree, --neighbours, --refs and --sources, not ${views.map((v) => '--' + v).join(' and ')}`)
      const layout = textLayout(context)
      context.withDatabase(true, (db) => {
        if (options.sources) {
          const given = Object.keys(at).length > 0
          printRuleSources(context, db, number, given ? { edition: resolveAt(db, at) } : undefined)
        } else if (options.subtree) {
          const rules = getSubtree(db, number, at)
          context.print(rules, () => {
            const lines = rules.flatMap((rule) => ruleLines(layout, rule))
            lines.push(layout.dim(`${rules.length} rule${rules.length === 1 ? '' : 's'} (${rules[0].number} and its subrules) in the edition of ${rules[0].edition}`))
            return lines.join('\n') + '\n'
          })
        } else if (options.neighbours) {
          const around = getNeighbours(db, number, at)
          context.print(around, () => {
            const lines: string[] = []
            const block = (label: string, rule: RuleVersion | null): void => {
              const head = layout.dim(label.padEnd(9))
              if (rule) lines.push(...layout.paragraph(`${head}${layout.bold(rule.number)} `, 10 + rule.number.length, rule.text, 9))
              else lines.push(`${head}${layout.dim(label === 'previous' ? '(the first rule of the edition)' : '(the last rule of the edition)')}`)
            }
            block('previous', around.previous)
            block('', around.rule)
            block('next', around.next)
            lines.push(layout.dim(`(edition ${around.edition})`))
            return lines.join('\n') + '\n'
          })
        } else if (options.refs) {
          const rule = getRule(db, number, { edition: resolveAt(db, at) })
          const references = getReferences(db, rule.number, { edition: rule.edition })
          context.print(references, () => {
            const lines = layout.paragraph(`${layout.bold(rule.number)} `, rule.number.length + 1, rule.text, 2)
            if (references.length === 0) lines.push(layout.dim(`  cites no rule (edition ${rule.edition})`))
            else lines.push(layout.dim(`  cites ${references.length} rule${references.length === 1 ? '' : 's'} (edition ${rule.edition}):`))
            for (const reference of references) {
              const head = `  ${layout.bold(reference.number)} `
              const text = reference.found ? reference.text! : `not in the edition of ${rule.edition} (cited as "${reference.cited}")`
              lines.push(...layout.paragraph(head, reference.number.length + 3, text, 4, reference.found ? undefined : layout.dim))
            }
            return lines.join('\n') + '\n'
          })
        } else {
          const rule = getRule(db, number, at)
          context.print(rule, () => {
            const lines = ruleLines(layout, rule)
            lines.push(...layout.paragraph('  ', 2, `in force ${rule.validFrom} to ${rule.validTo ?? 'now'} (edition ${rule.edition}); ${rule.source.uri}:${rule.source.line}`, 4, layout.dim))
            return lines.join('\n') + '\n'
          })
        }
      })
    })
}

/**
 * The `At` that `--date`, `--edition` and `--era` give.
 *
 * @throws {CrdbError} `E_USAGE` when more than one is given.
 */
export function atFromOptions(options: AtOptions): At {
  const given = (['date', 'edition', 'era'] as const).filter((name) => options[name] !== undefined)
  if (given.length > 1) throw new CrdbError('E_USAGE', `give one of --date, --edition and --era, not ${given.map((g) => '--' + g).join(' and ')}`)
  const at: At = {}
  if (options.date !== undefined) at.date = options.date
  if (options.edition !== undefined) at.edition = options.edition
  if (options.era !== undefined) at.era = options.era
  return at
}

/** A rule as the CLI prints it: number and text, then its examples. */
function ruleLines(layout: TextLayout, rule: RuleVersion): string[] {
  const lines = layout.paragraph(`${layout.bold(rule.number)} `, rule.number.length + 1, rule.text, 2)
  for (const example of rule.examples) lines.push(...layout.paragraph('  Example: ', 11, example, 4))
  return lines
}

/** Text layout for one command: the terminal width and whether to colour. */
export interface TextLayout {
  /** Columns to wrap at; `undefined` when not a terminal (lines are not wrapped). */
  width?: number
  color: boolean
  bold: (text: string) => string
  dim: (text: string) => string
  /**
   * Lay out `text` after `head` (whose visible width is `headWidth`), wrapping at
   * the width with continuation lines indented by `indent`; each `\n` starts a new
   * line at that indent. `highlights` (`[start, end)` offsets into `text`) are
   * marked when colour is on; `style` styles the whole text.
   */
  paragraph: (head: string, headWidth: number, text: string, indent: number, style?: (text: string) => string, highlights?: Array<[number, number]>) => string[]
}

const ansi = { bold: '\u001b[1m', dim: '\u001b[2m', highlight: '\u001b[1;33m', reset: '\u001b[0m' }

/** The layout the context's terminal asks for. */
export function textLayout(context: CliContext): TextLayout {
  const color = context.io.color === true
  const columns = context.io.columns
  const width = columns !== undefined && columns > 0 ? Math.max(40, columns) : undefined
  const wrapStyle = (code: string) => (text: string): string => (color && text !== '' ? code + text + ansi.reset : text)
  const bold = wrapStyle(ansi.bold)
  const dim = wrapStyle(ansi.dim)
  const highlight = wrapStyle(ansi.highlight)
  return {
    width,
    color,
    bold,
    dim,
    paragraph: (head, headWidth, text, indent, style, highlights = []) => {
      const lines: string[] = []
      const render = (start: number, end: number): string => {
        // Style the slice [start, end) of text, marking the highlights inside it.
        let out = ''
        let position = start
        for (const [from, to] of highlights) {
          if (to <= position || from >= end) continue
          const a = Math.max(from, position)
          const b = Math.min(to, end)
          if (a > position) out += style ? style(text.slice(position, a)) : text.slice(position, a)
          out += highlight(text.slice(a, b))
          position = b
        }
        if (position < end) out += style ? style(text.slice(position, end)) : text.slice(position, end)
        return out
      }
      let first = true
      let offset = 0
      for (const line of text.split('\n')) {
        const lineStart = offset
        offset += line.length + 1
        const prefixWidth = first ? headWidth : indent
        const prefix = first ? head : ' '.repeat(indent)
        first = false
        if (width === undefined) {
          lines.push(prefix + render(lineStart, lineStart + line.length))
          continue
        }
        for (const [start, end] of breakLine(line, width - prefixWidth, width - indent)) {
          lines.push((lines.length === 0 || start === 0 ? prefix : ' '.repeat(indent)) + render(lineStart + start, lineStart + end))
        }
      }
      if (lines.length === 0) lines.push(head)
      return lines
    }
  }
}

/**
 * Break one line of text at spaces into pieces no wider than `firstWidth` (the
 * first) and `width` (the others); a word longer than that is cut. Returns
 * `[start, end)` offsets, spaces at the breaks left out.
 */
export function breakLine(line: string, firstWidth: number, width: number): Array<[number, number]> {
  const pieces: Array<[number, number]> = []
  let start = 0
  while (start < line.length) {
    const room = Math.max(10, pieces.length === 0 ? firstWidth : width)
    if (line.length - start <= room) {
      pieces.push([start, line.length])
      break
    }
    let end = line.lastIndexOf(' ', start + room)
    if (end <= start) end = start + room // one long word: cut it
    pieces.push([start, end])
    start = end
    while (line[start] === ' ') start++
  }
  if (pieces.length === 0) pieces.push([0, 0])
  return pieces
}
