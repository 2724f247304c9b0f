/**
 * Sources and attestations: every file or page ingested (official editions
 * and secondary dumps) with its kind, date and counts, and what the dumps
 * say about a rule next to the official text.
 */
import type { Crdb } from '../store/database.js'
import { CrdbError, quoteInput } from '../vocabulary/errors.js'
import { parseRuleNumber } from '../vocabulary/rule-number.js'
import { resolveEdition, type EditionMessage } from './editions.js'
import { checkSelector, type EditionSelector } from '../vocabulary/selector.js'
import { listExamples, listRuleVersions } from '../store/rules.js'
import {
  countAttestations,
  findSourceById,
  listAttestationsOfRule,
  listAttestationsOfSource,
  listSourceIdentities,
  listSourceMessageRows,
  listSourceRows,
  listSourcesByUri,
  type Attestation
} from '../store/sources.js'

export type { Attestation } from '../store/sources.js'

/** One ingested source. */
export interface SourceSummary {
  id: number
  uri: string
  /** `official`, or the kind of dump: `crystal-keep`, `mtg-wiki`, `book`. */
  kind: string
  /** `official-text`, `crystal-keep-text`, `mtg-wiki-html`, ... */
  format: string
  sha256: string
  bytes: number
  encoding: string
  title: string | null
  /** The date it states, else the first edition its text matches best; null when neither. */
  date: string | null
  /** How `date` is known. */
  dating: 'stated' | 'inferred' | 'none'
  /** For dumps: the edition in force on the stated date, or the run of editions its text matches best. */
  era: { from: string; to: string } | null
  /** For dumps: the run of editions its text matches best (stated date or not). */
  bestMatch: { from: string; to: string } | null
  /** For dumps: share of its rules and glossary entries equal to the official text of its era. */
  score: number | null
  /** For dumps: the entries (as the dump numbers them) not equal throughout the best-matching run. */
  disagreeing: string[]
  rules: number
  terms: number
  /** For dumps: notes, rulings and quotes of other documents. */
  others: number
  /** For dumps: attestations by status. */
  attestations: { equal: number; differs: number; partial: number; unmatched: number; external: number; pending: number } | null
  messages: { error: number; warning: number; info: number }
}

/** Options for {@link listSources}. */
export interface ListSourcesOptions {
  /** Only official editions, or only dumps. */
  only?: 'official' | 'dumps'
}

/** Every source: official editions by date, then dumps in the order they were ingested. */
export function listSources(db: Crdb, options: ListSourcesOptions = {}): SourceSummary[] {
  const rows = listSourceRows(db)
  const counts = countAttestations(db)
  const bySource = new Map<number, Array<{ kind: string; status: string; n: number }>>()
  for (const row of counts) {
    let list = bySource.get(row.sourceId)
    if (!list) bySource.set(row.sourceId, (list = []))
    list.push(row)
  }
  const summaries: SourceSummary[] = []
  for (const row of rows) {
    const isDump = row.dumpKind !== null
    if (options.only === 'official' && isDump) continue
    if (options.only === 'dumps' && !isDump) continue
    const messages = { error: row.errors, warning: row.warnings, info: row.infos }
    const base = { id: row.id, uri: row.uri, format: row.format, sha256: row.sha256, bytes: row.bytes, encoding: row.encoding, messages }
    if (!isDump) {
      summaries.push({
        ...base,
        kind: 'official',
        title: null,
        date: row.effectiveDate ?? null,
        dating: row.effectiveDate ? 'stated' : 'none',
        era: null,
        bestMatch: null,
        score: null,
        disagreeing: [],
        rules: row.ruleCount ?? 0,
        terms: row.glossaryCount ?? 0,
        others: 0,
        attestations: null
      })
      continue
    }
    const list = bySource.get(row.id) ?? []
    const sum = (test: (entry: { kind: string; status: string }) => boolean): number => list.filter(test).reduce((total, entry) => total + entry.n, 0)
    const inferred = row.inferredFrom ? { from: row.inferredFrom, to: row.inferredTo as string } : null
    const era = row.statedDate ? (row.eraEdition ? { from: row.eraEdition, to: row.eraEdition } : null) : inferred
    summaries.push({
      ...base,
      kind: row.dumpKind as string,
      title: row.title,
      date: row.statedDate ?? inferred?.from ?? null,
      dating: row.statedDate ? 'stated' : inferred ? 'inferred' : 'none',
      era,
      bestMatch: inferred,
      score: row.matchScore,
      disagreeing: row.disagreeing ? JSON.parse(row.disagreeing) : [],
      rules: sum((entry) => entry.kind === 'rule'),
      terms: sum((entry) => entry.kind === 'term'),
      others: sum((entry) => entry.kind !== 'rule' && entry.kind !== 'term'),
      attestations: {
        equal: sum((entry) => entry.status === 'equal'),
        differs: sum((entry) => entry.status === 'differs'),
        partial: sum((entry) => entry.status === 'partial'),
        unmatched: sum((entry) => entry.status === 'unmatched'),
        external: sum((entry) => entry.status === 'external'),
        pending: sum((entry) => entry.status === 'pending')
      }
    })
  }
  return summaries
}

/**
 * The source a user names: its id, its uri, or the end of its uri (a file name).
 *
 * @throws {CrdbError} `E_NOT_FOUND` when none or several match.
 */
export function resolveSource(db: Crdb, name: string): { id: number; uri: string } {
  if (/^\d+$/.test(name)) {
    const row = findSourceById(db, Number(name))
    if (row) return row
  }
  const exact = listSourcesByUri(db, name)
  if (exact.length === 1) return exact[0]
  const tail = listSourceIdentities(db).filter((row) => row.uri.endsWith('/' + name) || row.uri.endsWith(name))
  if (tail.length === 1) return tail[0]
  if (tail.length > 1)
    throw new CrdbError(
      'E_NOT_FOUND',
      `"${name}" names ${tail.length} sources (${tail
        .slice(0, 3)
        .map((row) => row.id)
        .join(', ')}, ...); give its id`
    )
  throw new CrdbError('E_NOT_FOUND', `no source ${quoteInput(name)} (give an id or a uri from crdb sources)`)
}

/** The messages of one source, in line order. */
export function listSourceMessages(db: Crdb, name: string): EditionMessage[] {
  const { id } = resolveSource(db, name)
  return listSourceMessageRows(db, id)
}

/** Every attestation read from one dump, in its order. */
export function listAttestations(db: Crdb, name: string): Attestation[] {
  const { id } = resolveSource(db, name)
  return listAttestationsOfSource(db, id)
}

/** An official version of a rule with the attestations linked to it. */
export interface AttestedVersion {
  id: number
  text: string
  examples: string[]
  firstDate: string
  lastDate: string
  /** The day a different text (or none) took over; null while in force. */
  validTo: string | null
  source: { uri: string; line: number }
  attestations: Attestation[]
}

/** A rule's official versions and every attestation of it. */
export interface RuleSources {
  number: string
  /** The versions asked about: all of them, or the one in force `at`. */
  versions: AttestedVersion[]
  /** Attestations of this number linked to no version shown (unmatched, or linked elsewhere). */
  unlinked: Attestation[]
}

/**
 * The official text of rule `number` and every attestation of it. Without
 * `at`, every version of the rule, oldest first; with it, the version in force
 * then (and attestations of other versions are listed as unlinked).
 *
 * @throws {CrdbError} `E_BAD_NUMBER`, `E_BAD_DATE`, or `E_NOT_FOUND` when no edition has the rule and no dump quotes it.
 */
export function getRuleSources(db: Crdb, number: string, at?: EditionSelector): RuleSources {
  const key = parseRuleNumber(number)
  const edition = at !== undefined && checkSelector(at, 'getRuleSources').by !== 'newest' ? resolveEdition(db, at, 'getRuleSources') : undefined
  const versions = listRuleVersions(db, key).filter((row) => edition === undefined || (row.firstDate <= edition && row.lastDate >= edition))
  const attestations = listAttestationsOfRule(db, key)
  if (versions.length === 0 && attestations.length === 0) {
    throw new CrdbError('E_NOT_FOUND', `rule ${key} is in no ${edition ? `edition of ${edition}` : 'stored edition'} and no dump quotes it`)
  }
  const shown = new Set(versions.map((row) => row.id))
  return {
    number: key,
    versions: versions.map((row) => ({
      id: row.id,
      text: row.text,
      examples: listExamples(db, row.contentId),
      firstDate: row.firstDate,
      lastDate: row.lastDate,
      validTo: row.validTo,
      source: { uri: row.uri, line: row.line },
      attestations: attestations.filter((attestation) => attestation.version?.id === row.id)
    })),
    unlinked: attestations.filter((attestation) => !attestation.version || !shown.has(attestation.version.id))
  }
}
