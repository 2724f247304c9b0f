/**
 * `crdb diff A B`: what changed between two editions or dates.
 */
import { Option } from 'commander'
import { diffEditions, summarizeDiff, type EditionDiff, type RuleChange } from '../query/diff.js'
import { summarizeTermDiff, type TermChange } from '../query/term-diff.js'
import { parseSelector } from '../vocabulary/selector.js'
import type { Io, RegisterCommand } from './context.js'
import { sideBySide, textLayout } from './render.js'

/** Register `crdb diff`. */
export const registerDiff: RegisterCommand = (program, context) => {
  program
    .command('diff')
    .description(
      'what changed between two editions or dates: added, removed, changed, moved (renumbered), split and merged rules, and glossary terms, word by word'
    )
    .argument('<from>', 'an edition date, any date YYYY-MM-DD (the edition in force then), or a year (its 31 December)')
    .argument('<to>', 'the same, for the other side')
    .option('--section <number>', 'only this section, rule or subrule (7, 704, 704.5)')
    .addOption(new Option('--kind <kind>', 'only rules or only glossary terms (default: both)').choices(['rule', 'term']))
    .addOption(new Option('--format <format>', 'text layout').choices(['unified', 'side-by-side']).default('unified'))
    .addOption(
      new Option('--only <change>', 'only the rules changed this way (the summary still counts every change)').choices([
        'added',
        'removed',
        'changed',
        'moved',
        'moved-changed'
      ])
    )
    .option('--summary', 'print only the summary line')
    .action(
      (
        from: string,
        to: string,
        options: { section?: string; kind?: 'rule' | 'term'; only?: RuleChange['kind']; format: 'unified' | 'side-by-side'; summary?: boolean }
      ) => {
        const whole = context.withDatabase(true, (db) => {
          context.noteDerived(db, 'lineage')
          const diff = diffEditions(db, parseSelector(from), parseSelector(to), { section: options.section, kind: options.kind })
          // Editions not held between the two: a change shown may have come with one of them.
          context.noteSpan(db, diff.from, diff.to)
          return diff
        })
        // As the diff page's `only=`: the changes of one kind, the summary of them all.
        const diff = options.only === undefined ? whole : { ...whole, changes: whole.changes.filter((change) => change.kind === options.only) }
        context.print(diff, () =>
          options.summary ? [...summaryLines(diff), ...sectionLines(diff)].join('\n') + '\n' : renderDiff(diff, options.format, context.io)
        )
      }
    )
}

/** The summary lines of a diff: rules (unless only terms were asked for), then the glossary. */
function summaryLines(diff: EditionDiff): string[] {
  const rules = diff.terms && diff.changes.length === 0 && diff.summary.unchanged === 0 ? [] : [summarizeDiff(diff)]
  return [...rules, ...(diff.terms ? [`${diff.from} -> ${diff.to} ${summarizeTermDiff(diff.terms)}`] : [])]
}

/** How each edition that numbers the section asked otherwise numbers it: `section 704 was numbered 420 in the edition of ...`. */
function sectionLines(diff: EditionDiff): string[] {
  return (diff.sectionNumbering ?? []).map((read) => `section ${read.note}`)
}

/** The text of a diff, unified (one column) or side by side. */
export function renderDiff(diff: EditionDiff, format: 'unified' | 'side-by-side', io: Io): string {
  const s = textLayout(io)
  const lines = [...summaryLines(diff).map((line) => s.bold(line)), ...sectionLines(diff).map((line) => s.dim(line)), '']
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
  if (diff.terms?.changes.length) {
    lines.push(s.bold('Glossary'))
    for (const change of diff.terms.changes) {
      lines.push(s.bold(termHeading(change)))
      if (change.textChanges.length) lines.push(...s.wrap(s.changes(change.textChanges), '    '))
      else if (change.kind === 'added' || change.kind === 'removed') {
        const paint = change.kind === 'added' ? s.added : s.removed
        lines.push(...s.wrap(paint((change.to ?? change.from)!.definition), '    '))
      }
    }
  }
  return lines.join('\n') + '\n'
}

function termHeading(change: TermChange): string {
  const name = (change.to ?? change.from)!.term
  switch (change.kind) {
    case 'added':
      return `+ "${name}"  added`
    case 'removed':
      return `- "${name}"  removed`
    case 'changed':
      return `~ "${name}"  changed${change.typographyOnly ? '  (only typography)' : ''}`
    case 'renamed':
      return `> "${change.from!.term}" -> "${change.to!.term}"  renamed${change.from!.definition === change.to!.definition ? '' : ' and changed'}`
    case 'truncated':
      return `? "${name}"  not in ${change.truncatedEdition} (its glossary is truncated), not removed`
  }
}

function heading(change: RuleChange): string {
  const notes = [
    change.referencesOnly ? 'only cross-references' : '',
    change.typographyOnly ? 'only typography' : '',
    change.examplesOnly ? 'only examples' : ''
  ]
    .filter(Boolean)
    .join(', ')
  const suffix = notes ? `  (${notes})` : ''
  if (change.relation && change.from && change.to) {
    const others = change.also?.length ? ` (${change.relation === 'split' ? 'also into' : 'also from'} ${change.also.join(', ')})` : ''
    return `> ${change.from.number} -> ${change.to.number}  ${change.relation}${others}${suffix}`
  }
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
