/**
 * `crdb sources`: every source ingested (official editions and secondary
 * dumps) with its kind, date, counts and messages; the messages or the
 * attestations of one. Also the text of `crdb get NUMBER --sources`.
 */
import { isAbsolute, join, relative } from 'node:path'
import type { Crdb } from '../store/database.js'
import { CrdbError } from '../vocabulary/errors.js'
import { packageRoot } from '../vocabulary/paths.js'
import type { EditionSelector } from '../vocabulary/selector.js'
import { getRuleSources, listAttestations, listSourceMessages, type Attestation, type SourceSummary } from '../query/sources.js'
import { listSourcesVerified, type EditionVerification } from '../query/verification.js'
import type { CliContext, RegisterCommand } from './context.js'

/** A path inside the project, as the user can type it from the working folder. */
export function projectPath(...parts: string[]): string {
  const absolute = join(packageRoot(), ...parts)
  const shown = relative(process.cwd(), absolute)
  return shown && !shown.startsWith('..') && !isAbsolute(shown) ? shown : absolute
}

/** Register `crdb sources`. */
export const registerSources: RegisterCommand = (program, context) => {
  program
    .command('sources')
    .description('list every source (official editions and secondary dumps) with its kind, date, counts and messages')
    .option('--official', 'only the official editions')
    .option('--dumps', 'only the secondary dumps')
    .option('--messages <source>', 'print the messages of one source (id, uri or file name)')
    .option('--attestations <source>', 'print what one dump attests, entry by entry, and how it compares')
    .action((options: { official?: boolean; dumps?: boolean; messages?: string; attestations?: string }) => {
      if (options.official && options.dumps) throw new CrdbError('E_USAGE', 'give --official or --dumps, not both')
      context.withDatabase(true, (db) => {
        if (options.messages) {
          const messages = listSourceMessages(db, options.messages)
          context.print(messages, () => messages.map((m) => `${m.line}: ${m.severity} ${m.code}${m.rule ? ` [${m.rule}]` : ''} ${m.text}\n`).join(''))
          return
        }
        if (options.attestations) {
          context.noteDerived(db, 'reconciliation')
          const attestations = listAttestations(db, options.attestations)
          context.print(attestations, () => attestations.map((a) => attestationLine(a, true)).join('\n') + (attestations.length ? '\n' : ''))
          return
        }
        const sources = listSourcesVerified(db, { only: options.official ? 'official' : options.dumps ? 'dumps' : undefined })
        context.print(sources, () => formatSources(sources))
      })
    })
}

function formatSources(sources: Array<SourceSummary & { verification?: EditionVerification }>): string {
  const header = [
    'id'.padStart(4),
    'kind'.padEnd(12),
    'format'.padEnd(17),
    'date'.padEnd(22),
    'dating'.padEnd(13),
    'rules',
    'terms',
    'other',
    '  equal/differ/partial/unmatched',
    ' messages e/w/i',
    ' source'
  ].join(' ')
  const lines = sources.map((s) => {
    const date = s.kind !== 'official' && s.dating === 'inferred' && s.era ? `${s.era.from}..${s.era.to}` : (s.date ?? '-')
    const dating = s.dating === 'none' ? 'undated' : s.score !== null ? `${s.dating} ${s.score.toFixed(2)}` : s.dating
    const counts = s.attestations ? `${s.attestations.equal}/${s.attestations.differs}/${s.attestations.partial}/${s.attestations.unmatched}` : '-'
    return [
      String(s.id).padStart(4),
      s.kind.padEnd(12),
      s.format.padEnd(17),
      date.padEnd(22),
      dating.padEnd(13),
      String(s.rules).padStart(5),
      String(s.terms).padStart(5),
      String(s.others).padStart(5),
      counts.padStart(32),
      `${s.messages.error}/${s.messages.warning}/${s.messages.info}`.padStart(15),
      ' ' + s.uri + (s.title ? `  "${s.title}"` : '') + (s.verification ? `  ${describeVerification(s.verification)}` : '')
    ].join(' ')
  })
  const dumps = sources.filter((s) => s.kind !== 'official').length
  const verified = sources.filter((s) => s.verification?.verified).length
  return (
    [
      header,
      ...lines,
      `${sources.length} sources: ${sources.length - dumps} official editions (${verified} verified, ${sources.length - dumps - verified} unverified), ${dumps} secondary dumps`
    ].join('\n') + '\n'
  )
}

/** "verified", or why not and where the file came from. */
function describeVerification(v: EditionVerification): string {
  const from = v.origin ? ` from ${v.origin.source} ${v.origin.from}` : ''
  if (v.verified) return `verified${from}`
  return `UNVERIFIED${from}: ${v.expected ? "sha256 differs from the manifest's" : 'not in the manifest'}${v.origin?.warning ? ` (${v.origin.warning.replace(/^unverified: /, '')})` : ''}`
}

/** One attestation on a line (and its text on the next ones when `withText`). */
function attestationLine(a: Attestation, withText: boolean): string {
  const where = `${a.source.uri}:${a.line}`
  const what =
    a.kind === 'term'
      ? `${a.label}${a.term && a.term !== a.label ? ` (${a.term})` : ''}`
      : a.kind === 'external'
        ? `${a.document ?? 'outside document'} ${a.label}`
        : a.label || '(fragment)'
  const dates = [
    a.asOf ? `quoted as of ${a.asOf}` : '',
    a.revisionDate ? `revised ${a.revisionDate}` : '',
    a.author ? `${a.author} ${a.authoredDate ?? ''}`.trim() : ''
  ].filter(Boolean)
  const linked = a.version ? ` -> ${a.key} of ${a.version.firstDate}..${a.version.lastDate}` : a.key ? ` -> ${a.key}` : ''
  const lines = [`${a.status.padEnd(9)} ${a.kind.padEnd(8)} ${what}${linked}  ${where}${dates.length ? `  (${dates.join(', ')})` : ''}`]
  if (a.diff) lines.push(`          differs: ${a.diff}`)
  if (a.remarks) lines.push(`          note: ${a.remarks}`)
  if (withText) {
    lines.push(`          ${a.text.replace(/\n/g, '\n          ')}`)
    for (const example of a.examples) lines.push(`          Example: ${example}`)
  }
  return lines.join('\n')
}

/** Print `crdb get NUMBER --sources`: the official text, version by version, and every attestation of it. */
export function printRuleSources(context: CliContext, db: Crdb, number: string, at?: EditionSelector): void {
  context.noteDerived(db, 'reconciliation')
  const result = getRuleSources(db, number, at)
  context.print(result, () => {
    const lines: string[] = []
    for (const version of result.versions) {
      lines.push(`${result.number} ${version.text}`)
      for (const example of version.examples) lines.push(`  Example: ${example}`)
      lines.push(
        `  official: in force ${version.firstDate} to ${version.validTo ?? 'now'} (last edition ${version.lastDate}); ${version.source.uri}:${version.source.line}`
      )
      for (const attestation of version.attestations) lines.push('  ' + attestationSummary(attestation))
      if (version.attestations.length === 0) lines.push('  no dump attests this text')
      lines.push('')
    }
    if (result.unlinked.length) {
      lines.push(`attestations of ${result.number} linked to ${result.versions.length ? 'no version shown above' : 'no official version'}:`)
      for (const attestation of result.unlinked) lines.push('  ' + attestationSummary(attestation, true))
      lines.push('')
    }
    const count = result.versions.reduce((total, version) => total + version.attestations.length, 0) + result.unlinked.length
    lines.push(`${result.versions.length} official version${result.versions.length === 1 ? '' : 's'}, ${count} attestation${count === 1 ? '' : 's'}`)
    return lines.join('\n') + '\n'
  })
}

/** One attestation as `get --sources` and `glossary --sources` print it: status, dump, date, where. */
export function attestationSummary(a: Attestation, withText = false): string {
  const kind = { 'crystal-keep': 'Crystal Keep rulings', 'mtg-wiki': 'MTG wiki page', book: 'book copy' }[a.source.kind] ?? a.source.kind
  const date =
    a.source.dating === 'stated'
      ? `of ${a.source.date}`
      : a.source.inferred
        ? `dated by matching to ${a.source.inferred.from === a.source.inferred.to ? a.source.inferred.from : `${a.source.inferred.from}..${a.source.inferred.to}`}`
        : 'undated'
  const details = [
    a.kind !== 'rule' ? a.kind : '',
    a.asOf ? `quoted as of ${a.asOf}` : '',
    a.revisionDate ? `revised ${a.revisionDate}` : '',
    a.author ? `by ${a.author} ${a.authoredDate ?? ''}`.trim() : '',
    a.fragment ? `only its ${a.fragment === 'head' ? 'start' : 'end'} survives` : ''
  ].filter(Boolean)
  const lines = [`${a.status.padEnd(9)} ${kind} ${date}${details.length ? ` (${details.join(', ')})` : ''}; ${a.source.uri}:${a.line}`]
  if (a.diff) lines.push(`            differs: ${a.diff}`)
  if (a.remarks) lines.push(`            note: ${a.remarks}`)
  if (withText || a.status === 'differs' || a.kind !== 'rule') lines.push(`            "${a.text.replace(/\n/g, ' ')}"`)
  return lines.join('\n')
}
