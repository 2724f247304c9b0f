/**
 * `crdb glossary`: a glossary term as it stood on a date, in an edition or in an
 * era, found by any of its names; or the list of an edition's terms.
 */
import { askedDay } from '../query/gaps.js'
import { CrdbError } from '../vocabulary/errors.js'
import { resolveEdition } from '../query/editions.js'
import { getTerm, listTerms } from '../query/glossary.js'
import type { RegisterCommand } from './context.js'
import type { EditionSelector } from '../vocabulary/selector.js'
import { addSelectorOptions, readSelector } from './selector.js'
import { textLayout } from './render.js'
import { attestationSummary } from './sources.js'
import { listAttestationsOfTerm } from '../store/sources.js'

/** Register `crdb glossary`. */
export const registerGlossary: RegisterCommand = (program, context) => {
  const command = program
    .command('glossary')
    .description('print a glossary term, found by any of its names (default: the newest edition), or list the terms')
    .argument('[term...]', 'the term, any case: life total, "Legend Rule"')
    .option('--list', 'list every term of the edition')
    .option('--sources', 'the term and every attestation of it by secondary dumps')
  addSelectorOptions(command, 'the glossary').action((words: string[], options: EditionSelector & { list?: boolean; sources?: boolean }) => {
    const at = readSelector(options)
    const name = words.join(' ').trim()
    const layout = textLayout(context.io)
    if (options.list) {
      if (name !== '') throw new CrdbError('E_USAGE', 'give a TERM or --list, not both')
      const { terms, edition } = context.withDatabase(true, (db) => {
        const edition = resolveEdition(db, at)
        context.noteEdition(db, edition, askedDay(at))
        return { terms: listTerms(db, { edition }), edition }
      })
      context.print(terms, () => {
        const labels = terms.map((term) => term.term + (term.obsolete && !/obsolete/i.test(term.term) ? ' (obsolete)' : ''))
        return columnsOf(labels, layout.width).join('\n') + '\n' + layout.dim(`${terms.length} terms in the edition of ${edition}`) + '\n'
      })
      return
    }
    if (name === '') throw new CrdbError('E_USAGE', 'give a TERM (e.g. crdb glossary life total) or --list')
    if (options.list && options.sources) throw new CrdbError('E_USAGE', 'give --list or --sources, not both')
    const { term, attestations } = context.withDatabase(true, (db) => {
      const found = getTerm(db, name, at)
      context.noteEdition(db, found.edition, askedDay(at))
      if (options.sources) context.noteDerived(db, 'reconciliation')
      return { term: found, attestations: options.sources ? listAttestationsOfTerm(db, found.key) : undefined }
    })
    if (attestations) {
      context.print(
        { ...term, attestations },
        () =>
          [
            `${layout.bold(term.term)}${term.obsolete ? layout.dim(' (obsolete)') : ''}  ${layout.dim(`(edition ${term.edition}; ${term.source.uri}:${term.source.line})`)}`,
            ...attestations.map((attestation) => '  ' + attestationSummary(attestation, true)),
            `${attestations.length} attestation${attestations.length === 1 ? '' : 's'}`
          ].join('\n') + '\n'
      )
      return
    }
    context.print(term, () => {
      const names = term.aliases.filter((alias) => alias !== term.key && !alias.includes('/'))
      const lines = [
        layout.bold(term.term) + (term.obsolete ? layout.dim(' (obsolete)') : '') + (names.length ? layout.dim(`  also: ${names.join('; ')}`) : '')
      ]
      // A name read rather than found as typed says how, so a wrong reading shows.
      if (term.read) lines.push(layout.dim(`  (read "${term.read.asked}" as ${term.term}: ${term.read.by})`))
      for (const line of term.definition.split('\n')) {
        // A numbered sense hangs after its number.
        const number = /^\d{1,2}\. /.exec(line)?.[0] ?? ''
        lines.push(...layout.paragraph('  ', 2, line, 2 + number.length))
      }
      lines.push(
        ...layout.paragraph(
          '  ',
          2,
          `in force ${term.validFrom} to ${term.validTo ?? 'now'} (edition ${term.edition}); ${term.source.uri}:${term.source.line}`,
          4,
          layout.dim
        )
      )
      return lines.join('\n') + '\n'
    })
  })
}

/** Lay labels out in as many columns as fit `width` (one a line without a width), filled down each column. */
function columnsOf(labels: string[], width: number | undefined): string[] {
  if (width === undefined || labels.length === 0) return labels
  const cell = Math.max(...labels.map((label) => label.length)) + 2
  const columns = Math.max(1, Math.floor((width + 2) / cell))
  const rows = Math.ceil(labels.length / columns)
  const lines: string[] = []
  for (let row = 0; row < rows; row++) {
    let line = ''
    for (let column = 0; column < columns; column++) {
      const label = labels[column * rows + row]
      if (label === undefined) continue
      line += column === columns - 1 || labels[(column + 1) * rows + row] === undefined ? label : label.padEnd(cell)
    }
    lines.push(line)
  }
  return lines
}
