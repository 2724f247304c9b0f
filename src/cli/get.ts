/**
 * `crdb get`: a rule as it stood on a date, in an edition or in an era; with
 * `--subtree` all its subrules, `--neighbours` the rules around it, `--refs` the
 * rules its text cites.
 *
 * Also the text layout the query commands share: wrapping to the terminal and
 * ANSI styling when colour is on.
 */
import { CrdbError } from '../vocabulary/errors.js'
import { resolveEdition } from '../query/editions.js'
import { type EditionSelector, parseSelector } from '../vocabulary/selector.js'
import { getNeighbours, getReferences, getRule, getSubtree, type RuleVersion } from '../query/get.js'
import { RuleMovedError } from '../query/moved.js'
import { askedDay } from '../query/gaps.js'
import { getLineage } from '../query/lineage.js'
import { resolveRuleName } from '../query/resolve-name.js'
import { looksLikeLineageId } from '../vocabulary/lineage-id.js'
import type { RegisterCommand } from './context.js'
import { addSelectorOptions, readSelector } from './selector.js'
import { textLayout, type TextLayout } from './render.js'

/** Register `crdb get`. */
export const registerGet: RegisterCommand = (program, context) => {
  const command = program
    .command('get')
    .description('print a rule as it stood on a date, in an edition or in an era (default: the newest)')
    .argument(
      '<number>',
      'rule number, e.g. 704.5j (or a rule like 704, or a section like 7, with --subtree; a number of another era is followed to its rule), a stable id (1999-04-23_420.5e), or a name: a keyword or title (trample), a glossary term (legend rule)'
    )
    .option('--subtree', 'the rule with all its subrules (a section: all its rules)')
    .option('--neighbours', 'the rule with the rules just before and after it')
    .option('--refs', 'the rules and sections the rule cites, as they stood then')
    .option('--sources', 'the official text (every version, or the one asked for) and every attestation of it by secondary dumps')
  addSelectorOptions(command)
    .option('--follow', 'kept for old scripts: a number from another edition is now always followed to the rule it became')
    .option('--numbered-as <date>', 'read the number in the numbering of this edition (a date, an era or a set code), even where the edition asked has it too')
    .action(
      async (
        given: string,
        options: EditionSelector & { subtree?: boolean; neighbours?: boolean; refs?: boolean; sources?: boolean; follow?: boolean; numberedAs?: string }
      ) => {
        const at = readSelector(options)
        const numberedAs = options.numberedAs === undefined ? undefined : parseSelector(options.numberedAs)
        // The sources view (and the provenance queries behind it) loads only when asked for: start-up is most of a `crdb get`.
        const printRuleSources = options.sources ? (await import('./sources.js')).printRuleSources : undefined
        const views = (['subtree', 'neighbours', 'refs', 'sources'] as const).filter((name) => options[name])
        if (views.length > 1)
          throw new CrdbError('E_USAGE', `give one of --subtree, --neighbours, --refs and --sources, not ${views.map((v) => '--' + v).join(' and ')}`)
        const layout = textLayout(context.io)
        context.withDatabase(true, (db) => {
          // A stable id (1999-04-23_420.5e) names a rule whatever its number: read as the rule it is in the edition asked.
          if (looksLikeLineageId(given)) {
            const lineage = getLineage(db, given, at)
            if (lineage.kind === 'term') throw new CrdbError('E_USAGE', `${lineage.id} is a glossary term: ask crdb glossary`)
            if (lineage.inForce.length !== 1) {
              const what =
                lineage.inForce.length > 1
                  ? `is ${lineage.inForce.map((rule) => rule.number).join(' and ')}`
                  : lineage.began > lineage.edition
                    ? `is not in force yet: it began on ${lineage.began}`
                    : `is no longer in force: it ended on ${lineage.ended}`
              throw new CrdbError(lineage.inForce.length > 1 ? 'E_AMBIGUOUS' : 'E_NOT_FOUND', `${lineage.id} in the edition of ${lineage.edition} ${what}`)
            }
            given = lineage.inForce[0].number
          }
          // A name (trample, legend rule) is read as the rule it names in the edition asked about.
          const resolved = resolveRuleName(db, given, at)
          let number = resolved.number
          // A name read rather than found as typed says how (on stderr: the answer stays the rule).
          if (resolved.read && !context.json()) context.io.err(`crdb: read "${resolved.read.asked}" as ${resolved.name} (${number}): ${resolved.read.by}\n`)
          // A number from another numbering is read as the rule it named, under its number in the edition asked.
          if (!printRuleSources && (options.subtree || options.neighbours || options.refs)) {
            const found = getRule(db, number, at, { numberedAs })
            if (found.numbering?.kind === 'translated') {
              if (!context.json()) context.io.err(`crdb: ${found.numbering.note}\n`)
              number = found.number
            }
          }
          if (printRuleSources) {
            printRuleSources(context, db, number, Object.keys(at).length > 0 ? at : undefined)
          } else if (options.subtree) {
            const rules = getSubtree(db, number, at)
            context.print(rules, () => {
              const lines = rules.flatMap((rule) => ruleLines(layout, rule))
              lines.push(
                layout.dim(`${rules.length} rule${rules.length === 1 ? '' : 's'} (${rules[0].number} and its subrules) in the edition of ${rules[0].edition}`)
              )
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
            const rule = getRule(db, number, { edition: resolveEdition(db, at) })
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
            let rule: RuleVersion
            try {
              rule = getRule(db, number, at, { numberedAs })
            } catch (error) {
              // A rule no longer in force says where it went (and, with --json, prints that too).
              if (!(error instanceof RuleMovedError)) throw error
              if (!context.json()) throw error
              context.print({ error: { code: error.code, message: error.message }, whereabouts: error.whereabouts }, () => '')
              context.setExitCode(1)
              return
            }
            context.noteEdition(db, rule.edition, askedDay(at))
            context.print(rule, () => {
              const lines = rule.numbering ? layout.paragraph('', 0, rule.numbering.note, 0, layout.dim) : []
              lines.push(...ruleLines(layout, rule))
              lines.push(
                ...layout.paragraph(
                  '  ',
                  2,
                  `in force ${rule.validFrom} to ${rule.validTo ?? 'now'} (edition ${rule.edition}); ${rule.source.uri}:${rule.source.line}`,
                  4,
                  layout.dim
                )
              )
              return lines.join('\n') + '\n'
            })
          }
        })
      }
    )
}

/** A rule as the CLI prints it: number and text, then its examples. */
function ruleLines(layout: TextLayout, rule: RuleVersion): string[] {
  const lines = layout.paragraph(`${layout.bold(rule.number)} `, rule.number.length + 1, rule.text, 2)
  for (const example of rule.examples) lines.push(...layout.paragraph('  Example: ', 11, example, 4))
  return lines
}
