/**
 * `crdb search`: full-text search over rules, examples and the glossary.
 */
import { Option } from 'commander'
import { CrdbError } from '../vocabulary/errors.js'
import { search, type SearchHit, type SearchKind } from '../query/search.js'
import type { RegisterCommand } from './context.js'
import type { EditionSelector } from '../vocabulary/selector.js'
import { addSelectorOptions, readSelector } from './selector.js'
import { textLayout } from './render.js'

/** Register `crdb search`. */
export const registerSearch: RegisterCommand = (program, context) => {
  const command = program
    .command('search')
    .description('search rule text, examples and glossary definitions (default: the newest edition)')
    .argument('<query...>', 'words (all must match), "phrases", prefix*, AND, OR, NOT, ( ); quote a phrase for the shell: \'"legend rule"\'')
    .option('--all', 'search every version of every edition, grouped by rule or term with their dates')
    .option('--section <number>', 'only rules (and examples) of this section, rule or subrule, e.g. 7, 704, 704.5')
    .addOption(new Option('--kind <kind>', 'only hits of this kind: rule, example or term (repeatable, or comma-separated)').argParser(collectKinds))
    .option('--limit <n>', 'at most this many hits (default 10)', parseLimit)
  addSelectorOptions(command, 'search the rules').action((words: string[], options: EditionSelector & { all?: boolean; section?: string; kind?: SearchKind[]; limit?: number }) => {
      const at = readSelector(options)
      if (options.all && Object.keys(at).length > 0) throw new CrdbError('E_USAGE', 'give --all or one of --date, --edition and --era, not both')
      const query = words.join(' ')
      const result = context.withDatabase(true, (db) =>
        search(db, query, { at, all: options.all, section: options.section, kinds: options.kind, limit: options.limit })
      )
      context.print(result, () => {
        const layout = textLayout(context.io)
        const lines: string[] = []
        for (const hit of result.hits) {
          const label = hit.kind === 'term' ? hit.term! : hit.number!
          lines.push(`${layout.bold(label)}  ${layout.dim(`${hit.kind}  ${rangesText(hit)}`)}`)
          lines.push(...layout.paragraph('  ', 2, hit.snippet, 2, undefined, hit.highlights))
        }
        const scope = result.edition ? `in the edition of ${result.edition}` : 'in every edition'
        if (result.total === 0) lines.push(layout.dim(`no hits for ${query} ${scope} (searched as ${result.expression})`))
        else lines.push(layout.dim(`${result.hits.length < result.total ? `${result.hits.length} of ${result.total}` : result.total} hit${result.total === 1 ? '' : 's'} ${scope}`))
        return lines.join('\n') + '\n'
      })
    })
}

function rangesText(hit: SearchHit): string {
  return hit.ranges.map((range) => `${range.validFrom} to ${range.validTo ?? 'now'}`).join(', ')
}

function collectKinds(value: string, previous: SearchKind[] | undefined): SearchKind[] {
  const kinds = value.split(',').map((kind) => kind.trim().toLowerCase())
  for (const kind of kinds) {
    if (kind !== 'rule' && kind !== 'example' && kind !== 'term') throw new CrdbError('E_USAGE', `--kind ${kind}: expected rule, example or term`)
  }
  return [...(previous ?? []), ...(kinds as SearchKind[])]
}

function parseLimit(value: string): number {
  const limit = Number(value)
  if (!/^\d+$/.test(value.trim()) || limit < 1 || limit > 1000) throw new CrdbError('E_USAGE', `--limit ${value}: expected a whole number from 1 to 1000`)
  return limit
}
