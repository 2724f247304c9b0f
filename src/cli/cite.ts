/**
 * `crdb cite`: check the CR citations in files, a folder or standard input.
 * Each cited number is read in the edition in force on the day it was written
 * (`--as-of`, or per line from `git blame` with `--blame`, else today) and
 * followed to the newest edition. Output for people, `--json`, or SARIF 2.1.0
 * (`--sarif`); `--fix` rewrites moved numbers in place.
 *
 * Exit status: 0 every citation is ok (or there is none), 3 some citation is
 * stale (after `--fix`, one it did not rewrite), 1 the command failed, 2 the
 * command line does not fit.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { maxTextBytes, readBounded } from '../vocabulary/bounded-read.js'
import { type CiteChecker, type CiteFinding, createCiteChecker, type FindingKind, findingKinds } from '../query/cite/resolve.js'
import { findCitations } from '../query/cite/find.js'
import type { WordChange } from '../query/word-diff.js'
import { parseDate } from '../vocabulary/dates.js'
import { CrdbError } from '../vocabulary/errors.js'
import { packageVersion } from '../vocabulary/paths.js'
import { blameDates, decodeFile, displayPath, encodeText, findGitTop, hasGit, listFiles, readTextPieces } from './cite-files.js'
import type { RegisterCommand } from './context.js'

/** The exit status of a check that found stale citations. */
const staleExitCode = 3

/** A finding with the file it is in. */
export type FileFinding = CiteFinding & { file: string }

/** A number `--fix` rewrote. */
export interface CiteFix {
  file: string
  line: number
  column: number
  from: string
  to: string
}

/** What `crdb cite --json` prints. */
export interface CiteRun {
  /** The newest edition, the one "now" means. */
  edition: string
  /** Files read. */
  files: number
  /** Files not read, and why (binary). */
  skipped: Array<{ file: string; reason: string }>
  findings: FileFinding[]
  /** How many findings carry each kind. */
  counts: Record<FindingKind, number>
  /** Findings not ok (after `--fix`, those it did not rewrite). */
  stale: number
  /** What `--fix` rewrote. */
  fixed: CiteFix[]
}

interface CiteOptions {
  asOf?: string
  blame?: boolean
  sarif?: boolean
  fix?: boolean
}

/** Register `crdb cite`. */
export const registerCite: RegisterCommand = (program, context) => {
  program
    .command('cite')
    .description(
      'check the CR citations (CR 704.5j, rules 702.19b-c, section 7...) in files, a folder or standard input: ok, moved, changed since, removed, never existed, ambiguous (exit 3 when any is stale)'
    )
    .argument('<path>', 'a file, a folder (inside a git repository: the files git tracks or would, .gitignore honoured), or - for standard input')
    .option('--as-of <date>', 'the day the text was written: each number is read in the edition in force then (default: today)')
    .option('--blame', "the day each line was written, from git blame's commit date (files in a git repository)")
    .option('--sarif', 'print SARIF 2.1.0 (for code scanning and editors) instead of text')
    .option('--fix', 'rewrite moved numbers in place (only those that are one rule now, not inside a range), keeping encoding and line endings')
    .addHelpText(
      'after',
      '\nExit status: 0 all citations ok, 3 some citation stale (moved, changed since, removed, never existed, ambiguous), 1 the command failed, 2 bad command line.'
    )
    .action((path: string, options: CiteOptions) => {
      if (options.asOf !== undefined && options.blame) throw new CrdbError('E_USAGE', 'give --as-of or --blame, not both')
      if (options.sarif && context.json()) throw new CrdbError('E_USAGE', 'give --json or --sarif, not both')
      if (path === '-' && (options.fix || options.blame)) throw new CrdbError('E_USAGE', `${options.fix ? '--fix' : '--blame'} needs files, not standard input`)
      const asOf = options.asOf === undefined ? undefined : parseDate(options.asOf)
      if (options.blame) {
        if (!hasGit()) throw new CrdbError('E_USAGE', '--blame needs git, which cannot be run here')
        if (findGitTop(path) === undefined) throw new CrdbError('E_USAGE', `--blame needs a git repository: ${path} is not in one`)
      }
      const run = context.withDatabase(true, (db) => checkPath(createCiteChecker(db), path, asOf, options.blame === true))
      if (options.fix) applyFixes(run)
      if (options.sarif) context.io.out(JSON.stringify(toSarif(run), null, 2) + '\n')
      else context.print(run, () => renderRun(run))
      if (run.stale > 0) context.setExitCode(staleExitCode)
    })
}

/** Check every file `path` names. */
function checkPath(checker: CiteChecker, path: string, asOf: string | undefined, blame: boolean): CiteRun {
  const run: CiteRun = {
    edition: checker.edition,
    files: 0,
    skipped: [],
    findings: [],
    counts: Object.fromEntries(findingKinds.map((kind) => [kind, 0])) as Record<FindingKind, number>,
    stale: 0,
    fixed: []
  }
  const today = new Date().toISOString().slice(0, 10)
  const add = (file: string, findings: CiteFinding[]): void => {
    for (const finding of findings) {
      run.findings.push({ file, ...finding })
      for (const kind of finding.kinds) run.counts[kind]++
      if (!finding.kinds.includes('ok')) run.stale++
    }
  }
  if (path === '-') {
    const decoded = decodeFile(readBounded(0, maxTextBytes, 'standard input'))
    run.files = 1
    if (!decoded) run.skipped.push({ file: '-', reason: 'binary (NUL bytes)' })
    else add('-', checker.check(findCitations(decoded.text), { asOf }))
    return run
  }
  for (const file of listFiles(path)) {
    const shown = displayPath(file)
    const read = readTextPieces(file)
    run.files++
    if (!read) {
      run.skipped.push({ file: shown, reason: 'binary (NUL bytes)' })
      continue
    }
    let dates: Map<number, string> | undefined
    for (const piece of read.pieces) {
      const citations = findCitations(piece.text)
      if (citations.length === 0) continue
      for (const citation of citations) citation.line += piece.firstLine - 1
      // Blame only a file that cites something.
      if (blame && !dates) dates = blameDates(file, today)
      const lineDates = dates ? (line: number) => dates?.get(line) ?? today : undefined
      add(shown, checker.check(citations, { asOf, lineDates }))
    }
  }
  return run
}

/** Rewrite, file by file, each moved number that is one rule now and written outside a range. */
function applyFixes(run: CiteRun): void {
  const byFile = new Map<string, FileFinding[]>()
  for (const finding of run.findings) {
    if (finding.fix === undefined || !finding.fixable || finding.file === '-') continue
    byFile.set(finding.file, [...(byFile.get(finding.file) ?? []), finding])
  }
  for (const [file, findings] of byFile) {
    const decoded = decodeFile(readFileSync(file))
    if (!decoded) continue
    const lines = decoded.text.split('\n')
    // Right to left on each line, so earlier columns stay where they were.
    const ordered = [...findings].sort((a, b) => a.line - b.line || b.column - a.column)
    for (const finding of ordered) {
      const text = lines[finding.line - 1]
      if (text === undefined || finding.fix === undefined) continue
      const at = offsetOfColumn(text, finding.column)
      if (!text.startsWith(finding.number, at)) continue
      lines[finding.line - 1] = text.slice(0, at) + finding.fix + text.slice(at + finding.number.length)
      run.fixed.push({ file, line: finding.line, column: finding.column, from: finding.number, to: finding.fix })
      finding.kinds = finding.kinds.filter((kind) => kind !== 'moved')
      if (finding.kinds.length === 0) {
        finding.kinds = ['ok']
        run.stale--
      }
    }
    writeFileSync(file, encodeText(lines.join('\n'), decoded.encoding))
  }
  run.fixed.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column))
}

/** The UTF-16 offset of a column (from 1, in code points) of `line`. */
function offsetOfColumn(line: string, column: number): number {
  let offset = 0
  for (let seen = 1; seen < column && offset < line.length; seen++) offset += (line.codePointAt(offset) ?? 0) > 0xffff ? 2 : 1
  return offset
}

/** The text report: one line per finding, what `--fix` changed, and a summary. */
function renderRun(run: CiteRun): string {
  const lines: string[] = []
  for (const skipped of run.skipped) lines.push(`${skipped.file}: skipped (${skipped.reason})`)
  for (const finding of run.findings) {
    const fix = finding.fix !== undefined && finding.kinds.includes('moved') ? ` (fix: ${finding.fix})` : ''
    lines.push(`${finding.file}:${finding.line}:${finding.column}: ${finding.kinds.join('+')}: ${finding.message}${fix} [as of ${finding.asOf}]`)
    if (finding.changes) lines.push(`    ${renderChanges(finding.changes)}`)
    if (finding.quote) {
      const said = (matches: boolean | null): string => (matches === null ? 'no rule' : matches ? 'matches' : 'does not match')
      lines.push(`    quote "${finding.quote.text}": ${said(finding.quote.matchesThen)} then, ${said(finding.quote.matchesNow)} now`)
    }
  }
  for (const fixed of run.fixed) lines.push(`${fixed.file}:${fixed.line}:${fixed.column}: fixed ${fixed.from} -> ${fixed.to}`)
  const stale = findingKinds.filter((kind) => kind !== 'ok' && run.counts[kind] > 0).map((kind) => `${run.counts[kind]} ${kind}`)
  lines.push(
    `${run.findings.length} citation${run.findings.length === 1 ? '' : 's'} in ${run.files} file${run.files === 1 ? '' : 's'} (newest edition ${run.edition}): ` +
      `${run.counts.ok} ok${stale.length ? `, ${stale.join(', ')}` : ''}${run.fixed.length ? `; ${run.fixed.length} fixed` : ''}`
  )
  return lines.join('\n') + '\n'
}

// Findings of one number on one day share their changes: render them once.
const renderedChanges = new WeakMap<WordChange[], string>()

/** A word diff on one line, `[-removed-]{+added+}`, the unchanged runs cut short. */
function renderChanges(changes: WordChange[]): string {
  let rendered = renderedChanges.get(changes)
  if (rendered === undefined) renderedChanges.set(changes, (rendered = renderChangesOnce(changes)))
  return rendered
}

function renderChangesOnce(changes: WordChange[]): string {
  const out = changes
    .map((change) => {
      if (change.kind === 'added') return `{+${change.text}+}`
      if (change.kind === 'removed') return `[-${change.text}-]`
      const text = change.text.replace(/\s+/g, ' ')
      return text.length > 40 ? `${text.slice(0, 18)}…${text.slice(-18)}` : text
    })
    .join('')
  return out.length > 400 ? `${out.slice(0, 399)}…` : out
}

const kindText: Record<FindingKind, { name: string; text: string; level: 'none' | 'note' | 'warning' | 'error' }> = {
  ok: { name: 'CitationOk', text: 'The cited rule is the same rule, with the same words, in the newest edition.', level: 'none' },
  moved: { name: 'CitationMoved', text: 'The cited rule has another number in the newest edition.', level: 'warning' },
  'changed-since': { name: 'CitationChangedSince', text: "The cited rule's words changed after the citation was written.", level: 'note' },
  removed: { name: 'CitationRemoved', text: 'The cited rule is no longer in force.', level: 'warning' },
  'never-existed': { name: 'CitationNeverExisted', text: 'No rule had the cited number when the citation was written.', level: 'error' },
  ambiguous: { name: 'CitationAmbiguous', text: 'The cited rule became several rules.', level: 'warning' }
}

/** The run as a SARIF 2.1.0 log: one run of the tool `crdb`, a rule per finding kind, a result per finding. */
function toSarif(run: CiteRun): object {
  const uriOf = (file: string): string => (file === '-' ? 'stdin' : encodeURI(file.replaceAll('\\', '/')))
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'crdb',
            version: packageVersion(),
            rules: findingKinds.map((kind) => ({
              id: kind,
              name: kindText[kind].name,
              shortDescription: { text: kindText[kind].text },
              defaultConfiguration: { level: kindText[kind].level }
            }))
          }
        },
        columnKind: 'unicodeCodePoints',
        results: run.findings.map((finding) => {
          const kind = finding.kinds.find((k) => k !== 'ok') ?? 'ok'
          const region = { startLine: finding.line, startColumn: finding.column, endColumn: finding.column + [...finding.number].length }
          const location = { physicalLocation: { artifactLocation: { uri: uriOf(finding.file) }, region } }
          return {
            ruleId: kind,
            ruleIndex: findingKinds.indexOf(kind),
            kind: kind === 'ok' ? 'pass' : 'fail',
            level: kindText[kind].level,
            message: { text: `${finding.message} (as of ${finding.asOf}, edition ${finding.edition})` },
            locations: [location],
            ...(finding.fix !== undefined && finding.fixable && finding.kinds.includes('moved')
              ? {
                  fixes: [
                    {
                      description: { text: `Write ${finding.fix} for ${finding.number}` },
                      artifactChanges: [
                        {
                          artifactLocation: location.physicalLocation.artifactLocation,
                          replacements: [{ deletedRegion: region, insertedContent: { text: finding.fix } }]
                        }
                      ]
                    }
                  ]
                }
              : {}),
            properties: { kinds: finding.kinds, number: finding.number, citation: finding.citation, ...(finding.quote ? { quote: finding.quote } : {}) }
          }
        })
      }
    ]
  }
}
