/**
 * `crdb diff A B`: what changed between two editions or dates.
 */
import { Option } from 'commander'
import { diffEditions, summarizeDiff, type EditionDiff, type RuleChange } from '../query/diff.js'
import { parseSelector } from '../vocabulary/selector.js'
import type { Io, RegisterCommand } from './context.js'
import { sideBySide, textLayout } from './render.js'

/** Register `crdb diff`. */
export const registerDiff: RegisterCommand = (program, context) => {
  program
    .command('diff')
    .description('what changed between two editions or dates: added, removed, changed, moved (renumbered) rules, word by word')
    .argument('<from>', 'an edition date, any date YYYY-MM-DD (the edition in force then), or a year (its 31 December)')
    .argument('<to>', 'the same, for the other side')
    .option('--section <number>', 'only this section, rule or subrule (7, 704, 704.5)')
    .addOption(new Option('--format <format>', 'text layout').choices(['unified', 'side-by-side']).default('unified'))
    .option('--summary', 'print only the summary line')
    .action((from: string, to: string, options: { section?: string; format: 'unified' | 'side-by-side'; summary?: boolean }) => {
      const diff = context.withDatabase(true, (db) => (context.noteDerived(db, 'lineage'), diffEditions(db, parseSelector(from), parseSelector(to), { section: options.section })))
      context.print(diff, () => (options.summary ? summarizeDiff(diff) + '\n' : renderDiff(diff, options.format, context.io)))
    })
}

/** The text of a diff, unified (one column) or side by side. */
export function renderDiff(diff: EditionDiff, format: 'unified' | 'side-by-side', io: Io): string {
  const s = textLayout(io)
  const lines = [s.bold(summarizeDiff(diff)), '']
  for (const change of diff.changes) {
    lines.push(s.bold(heading(change)))
    if (format === 'side-by-side' && change.from && change.to) {
      const width = Math.max(30, Math.floor(((io.columns ?? 160) - 7) / 2))
      const left = s.wrap(change.textChanges.length ? s.changes(change.textChanges, 'before') : change.from.text, '    ', width)
      const right = s.wrap(change.textChanges.length ? s.changes(change.textChanges, 'after') : change.to.text, '    ', width)
      lines.push(...sideBySide(left, right, width + 4))
    } else if (change.from && change.to) {
      lines.push(...s.wrap(change.textChanges.length ? s.changes(change.textChanges) : change.to.text, '    '))
    } else {
      const side = (change.to ?? change.from)!
      const paint = change.to ? s.added : s.removed
      lines.push(...s.wrap(paint(side.text), '    '))
      for (const example of side.examples) lines.push(...s.wrap(paint(`Example: ${example}`), '      '))
    }
    for (const example of change.exampleChanges) {
      if (!change.from || !change.to) break
      lines.push(...s.wrap(`Example ${example.ordinal + 1} ${example.kind}: ${s.changes(example.changes)}`, '      '))
    }
  }
  return lines.join('\n') + '\n'
}

function heading(change: RuleChange): string {
  const notes = [change.referencesOnly ? 'only cross-references' : '', change.typographyOnly ? 'only typography' : '', change.examplesOnly ? 'only examples' : '']
    .filter(Boolean)
    .join(', ')
  const suffix = notes ? `  (${notes})` : ''
  switch (change.kind) {
    case 'added':
      return `+ ${change.to!.number}  added`
    case 'removed':
      return `- ${change.from!.number}  removed`
    case 'changed':
      return `~ ${change.to!.number}  changed${suffix}`
    case 'moved':
      return `> ${change.from!.number} -> ${change.to!.number}  moved${suffix}`
    case 'moved-changed':
      return `> ${change.from!.number} -> ${change.to!.number}  moved and changed${suffix}`
  }
}
