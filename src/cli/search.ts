/**
 * `crdb search`: full-text search over rules, examples and the glossary.
 */
import { Option } from 'commander'
import { CrdbError, quoteInput } from '../vocabulary/errors.js'
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
    .argument(
      '<query...>',
      'words, a question or a pasted passage (ranked; typos corrected), or a short query with "phrases", prefix*, AND, OR, NOT, ( ) (exact, unless it reads as a sentence); quote a phrase for the shell: \'"legend rule"\''
    )
    .option('--exact', 'read the query syntax ("phrases", prefix*, AND, OR, NOT, ( )) even in a sentence; a query that does not parse is an error')
    .option('--text', 'read quotes, parentheses, * and AND/OR/NOT as plain text, never as the query syntax')
    .option('--all', 'search every version of every edition: each matching wording with its own dates, grouped by rule or term')
    .option('--from <YYYY-MM-DD>', 'search every version in force from this day (with --to: until that day)')
    .option('--to <YYYY-MM-DD>', 'search every version in force until this day')
    .option('--section <number>', 'only rules (and examples) of this section, rule or subrule, e.g. 7, 704, 704.5')
    .addOption(new Option('--kind <kind>', 'only hits of this kind: rule, example or term (repeatable, or comma-separated)').argParser(collectKinds))
    .option('--limit <n>', 'at most this many hits (default 10)', parseLimit)
    .option('--offset <n>', 'leave out the first n hits: the next page starts at --offset plus the hits shown', parseOffset)
  addSelectorOptions(command, 'search the rules').action(
    (
      words: string[],
      options: EditionSelector & {
        all?: boolean
        from?: string
        to?: string
        section?: string
        kind?: SearchKind[]
        limit?: number
        offset?: number
        exact?: boolean
        text?: boolean
      }
    ) => {
      const at = readSelector(options)
      const range = options.from !== undefined || options.to !== undefined
      if ((options.all || range) && Object.keys(at).length > 0)
        throw new CrdbError('E_USAGE', 'give --all or one of --date, --edition and --era, not both (nor --from/--to with them)')
      if (options.all && range) throw new CrdbError('E_USAGE', 'give --all or --from/--to, not both')
      if (options.exact && options.text) throw new CrdbError('E_USAGE', 'give --exact or --text, not both')
      const query = words.join(' ')
      const mode = options.exact ? 'query' : options.text ? 'text' : 'auto'
      // On the command line a search without a word is a slip (an empty argument, a bare `-`): say so, rather than print no hits.
      if (mode !== 'query' && !/[\p{L}\p{N}]/u.test(query))
        throw new CrdbError('E_USAGE', `search query ${JSON.stringify(query.slice(0, 80))}: it has no word to search for: give at least one word`)
      const result = context.withDatabase(true, (db) =>
        search(db, query, {
          at,
          all: options.all,
          from: options.from,
          to: options.to,
          section: options.section,
          kinds: options.kind,
          limit: options.limit,
          offset: options.offset,
          mode
        })
      )
      context.print(result, () => {
        const layout = textLayout(context.io)
        const lines: string[] = []
        if (result.rule?.note) lines.push(layout.dim(result.rule.note))
        if (result.sectionNumbering) lines.push(layout.dim(`section ${result.sectionNumbering.note}`))
        if (result.fallback) lines.push(layout.dim(result.fallback))
        if (result.note) lines.push(layout.dim(result.note))
        if (result.corrections.length > 0)
          lines.push(
            layout.dim(`showing results for ${result.corrections.map((c) => c.to).join(' ')} (not ${result.corrections.map((c) => c.from).join(' ')})`)
          )
        for (const expansion of result.expansions)
          lines.push(layout.dim(`${expansion.informal}: searched as ${expansion.means} (informal words: corpus/informal-words.json)`))
        if (result.names.length > 0) lines.push(layout.dim(`read as names, weighed little: ${result.names.join('; ')}`))
        if (result.unknown.length > 0) lines.push(layout.dim(`not in the rules, left out: ${result.unknown.join(' ')}`))
        const several = result.edition === null
        for (const hit of result.hits) {
          const label = hit.kind === 'term' ? hit.term! : hit.number!
          if (several && hit.versions.length > 1) {
            lines.push(`${layout.bold(label)}  ${layout.dim(`${hit.kind}  ${hit.versions.length} wordings`)}`)
            for (const version of hit.versions) {
              lines.push(layout.dim(`  ${version.validFrom} to ${version.validTo ?? 'now'}`))
              lines.push(...layout.paragraph('    ', 4, version.snippet, 4, undefined, version.highlights))
            }
            continue
          }
          lines.push(`${layout.bold(label)}  ${layout.dim(`${hit.kind}  ${rangesText(hit)}`)}`)
          lines.push(...layout.paragraph('  ', 2, hit.snippet, 2, undefined, hit.highlights))
        }
        const scope = result.edition
          ? `in the edition of ${result.edition}`
          : result.range
            ? `in the editions of ${result.range.from} to ${result.range.to}`
            : 'in every edition'
        if (result.total === 0) lines.push(layout.dim(`no hits for ${query} ${scope} (searched as ${result.expression || result.searchedFor})`))
        else if (result.offset !== undefined) {
          const shown = result.hits.length === 0 ? 'none' : `${result.offset + 1} to ${result.offset + result.hits.length}`
          const next = result.offset + result.hits.length < result.total ? ` (next: --offset ${result.offset + result.hits.length})` : ''
          lines.push(layout.dim(`hits ${shown} of ${result.total} ${scope}${next}`))
        } else
          lines.push(
            layout.dim(
              `${result.hits.length < result.total ? `${result.hits.length} of ${result.total}` : result.total} hit${result.total === 1 ? '' : 's'} ${scope}`
            )
          )
        return lines.join('\n') + '\n'
      })
    }
  )
}

function rangesText(hit: SearchHit): string {
  return hit.ranges.map((range) => `${range.validFrom} to ${range.validTo ?? 'now'}`).join(', ')
}

function collectKinds(value: string, previous: SearchKind[] | undefined): SearchKind[] {
  const kinds = value.split(',').map((kind) => kind.trim().toLowerCase())
  for (const kind of kinds) {
    if (kind !== 'rule' && kind !== 'example' && kind !== 'term') throw new CrdbError('E_USAGE', `--kind ${quoteInput(kind)}: expected rule, example or term`)
  }
  return [...(previous ?? []), ...(kinds as SearchKind[])]
}

function parseOffset(value: string): number {
  const offset = Number(value)
  if (!/^\d+$/.test(value.trim()) || offset > 10_000) throw new CrdbError('E_USAGE', `--offset ${quoteInput(value)}: expected a whole number from 0 to 10000`)
  return offset
}

function parseLimit(value: string): number {
  const limit = Number(value)
  if (!/^\d+$/.test(value.trim()) || limit < 1 || limit > 1000)
    throw new CrdbError('E_USAGE', `--limit ${quoteInput(value)}: expected a whole number from 1 to 1000`)
  return limit
}
