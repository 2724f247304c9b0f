/**
 * Sources and attestations: every file or page ingested (official editions
 * and secondary dumps) with its kind, date and counts, and what the dumps
 * say about a rule next to the official text.
 */
import type { CrdbDatabase } from '../store/database.js'
import { CrdbError } from '../vocabulary/errors.js'
import { parseRuleNumber } from '../vocabulary/rule-number.js'
import { resolveEdition, type EditionMessage } from './editions.js'
import type { EditionSelector } from '../vocabulary/selector.js'
import { prepared } from '../store/statements.js'

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
export function listSources(db: CrdbDatabase, options: ListSourcesOptions = {}): SourceSummary[] {
  const rows = prepared(
    db,
    `SELECT s.id, s.uri, s.format, s.sha256, s.bytes, s.encoding,
            e.effective_date, e.rule_count, e.glossary_count,
            d.kind AS dump_kind, d.title, d.stated_date, d.era_edition, d.inferred_from, d.inferred_to, d.match_score, d.disagreeing,
            (SELECT COUNT(*) FROM messages m WHERE m.source_id = s.id AND m.severity = 'error') AS errors,
            (SELECT COUNT(*) FROM messages m WHERE m.source_id = s.id AND m.severity = 'warning') AS warnings,
            (SELECT COUNT(*) FROM messages m WHERE m.source_id = s.id AND m.severity = 'info') AS infos
     FROM sources s LEFT JOIN editions e ON e.source_id = s.id LEFT JOIN dumps d ON d.source_id = s.id
     ORDER BY d.id IS NOT NULL, e.effective_date, s.id`
  ).all() as Array<Record<string, any>>
  const counts = prepared(
    db,
    `SELECT source_id, kind, status, COUNT(*) AS n FROM attestations GROUP BY source_id, kind, status`
  ).all() as Array<{ source_id: number; kind: string; status: string; n: number }>
  const bySource = new Map<number, Array<{ kind: string; status: string; n: number }>>()
  for (const row of counts) {
    let list = bySource.get(row.source_id)
    if (!list) bySource.set(row.source_id, (list = []))
    list.push(row)
  }
  const summaries: SourceSummary[] = []
  for (const row of rows) {
    const isDump = row.dump_kind !== null
    if (options.only === 'official' && isDump) continue
    if (options.only === 'dumps' && !isDump) continue
    const messages = { error: row.errors, warning: row.warnings, info: row.infos }
    const base = { id: row.id, uri: row.uri, format: row.format, sha256: row.sha256, bytes: row.bytes, encoding: row.encoding, messages }
    if (!isDump) {
      summaries.push({
        ...base,
        kind: 'official',
        title: null,
        date: row.effective_date ?? null,
        dating: row.effective_date ? 'stated' : 'none',
        era: null,
        bestMatch: null,
        score: null,
        disagreeing: [],
        rules: row.rule_count ?? 0,
        terms: row.glossary_count ?? 0,
        others: 0,
        attestations: null
      })
      continue
    }
    const list = bySource.get(row.id) ?? []
    const sum = (test: (entry: { kind: string; status: string }) => boolean): number => list.filter(test).reduce((total, entry) => total + entry.n, 0)
    const inferred = row.inferred_from ? { from: row.inferred_from as string, to: row.inferred_to as string } : null
    const era = row.stated_date ? (row.era_edition ? { from: row.era_edition as string, to: row.era_edition as string } : null) : inferred
    summaries.push({
      ...base,
      kind: row.dump_kind,
      title: row.title,
      date: row.stated_date ?? inferred?.from ?? null,
      dating: row.stated_date ? 'stated' : inferred ? 'inferred' : 'none',
      era,
      bestMatch: inferred,
      score: row.match_score,
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
export function resolveSource(db: CrdbDatabase, name: string): { id: number; uri: string } {
  if (/^\d+$/.test(name)) {
    const row = prepared(db, 'SELECT id, uri FROM sources WHERE id = ?').get(Number(name)) as { id: number; uri: string } | undefined
    if (row) return row
  }
  const exact = prepared(db, 'SELECT id, uri FROM sources WHERE uri = ?').all(name) as Array<{ id: number; uri: string }>
  if (exact.length === 1) return exact[0]
  const tail = (prepared(db, 'SELECT id, uri FROM sources').all() as Array<{ id: number; uri: string }>).filter(
    (row) => row.uri.endsWith('/' + name) || row.uri.endsWith(name)
  )
  if (tail.length === 1) return tail[0]
  if (tail.length > 1) throw new CrdbError('E_NOT_FOUND', `"${name}" names ${tail.length} sources (${tail.slice(0, 3).map((row) => row.id).join(', ')}, ...); give its id`)
  throw new CrdbError('E_NOT_FOUND', `no source "${name}" (give an id or a uri from crdb sources)`)
}

/** The messages of one source, in line order. */
export function listSourceMessages(db: CrdbDatabase, name: string): EditionMessage[] {
  const { id } = resolveSource(db, name)
  return prepared(db, 'SELECT line, rule, severity, code, text FROM messages WHERE source_id = ? ORDER BY line, id').all(id) as EditionMessage[]
}

/** What a dump says about a rule or glossary term, and how it compares. */
export interface Attestation {
  id: number
  source: {
    id: number
    uri: string
    kind: string
    format: string
    /** The date the dump states, else the first edition of the run its text matches best. */
    date: string | null
    dating: 'stated' | 'inferred' | 'none'
    /** For an undated dump: the run of editions its text matches best. */
    inferred: { from: string; to: string } | null
  }
  line: number
  kind: 'rule' | 'term' | 'note' | 'ruling' | 'external'
  /** As the dump numbers it. */
  label: string
  /** The official key it attests (rule number or lower-case term), or null. */
  key: string | null
  term: string | null
  document: string | null
  text: string
  examples: string[]
  fragment: 'head' | 'tail' | null
  asOf: string | null
  revisionDate: string | null
  author: string | null
  authoredDate: string | null
  status: 'pending' | 'equal' | 'differs' | 'partial' | 'unmatched' | 'external'
  similarity: number | null
  diff: string | null
  remarks: string | null
  /** The official version it is linked to: the interval of editions with that text. */
  version: { id: number; firstDate: string; lastDate: string } | null
}

const attestationColumns = `a.id, a.line, a.kind, a.label, a.key, a.term, a.document, a.text, a.examples, a.fragment, a.as_of, a.revision_date,
  a.author, a.authored_date, a.status, a.similarity, a.diff, a.remarks, a.version_id, v.first_date, v.last_date,
  s.id AS source_id, s.uri, s.format, d.kind AS dump_kind, d.stated_date, d.inferred_from, d.inferred_to`

function toAttestation(row: Record<string, any>): Attestation {
  return {
    id: row.id,
    source: {
      id: row.source_id,
      uri: row.uri,
      kind: row.dump_kind,
      format: row.format,
      date: row.stated_date ?? row.inferred_from ?? null,
      dating: row.stated_date ? 'stated' : row.inferred_from ? 'inferred' : 'none',
      inferred: row.inferred_from ? { from: row.inferred_from, to: row.inferred_to } : null
    },
    line: row.line,
    kind: row.kind,
    label: row.label,
    key: row.key,
    term: row.term,
    document: row.document,
    text: row.text,
    examples: JSON.parse(row.examples),
    fragment: row.fragment,
    asOf: row.as_of,
    revisionDate: row.revision_date,
    author: row.author,
    authoredDate: row.authored_date,
    status: row.status,
    similarity: row.similarity,
    diff: row.diff,
    remarks: row.remarks,
    version: row.version_id !== null && row.first_date ? { id: row.version_id, firstDate: row.first_date, lastDate: row.last_date } : null
  }
}

/** Every attestation read from one dump, in its order. */
export function listAttestations(db: CrdbDatabase, name: string): Attestation[] {
  const { id } = resolveSource(db, name)
  const rows = prepared(
    db,
    `SELECT ${attestationColumns} FROM attestations a JOIN sources s ON s.id = a.source_id JOIN dumps d ON d.source_id = s.id
     LEFT JOIN versions v ON v.id = a.version_id WHERE a.source_id = ? ORDER BY a.ordinal`
  ).all(id) as Array<Record<string, any>>
  return rows.map(toAttestation)
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
export function getRuleSources(db: CrdbDatabase, number: string, at?: EditionSelector): RuleSources {
  const key = parseRuleNumber(number)
  const edition = at && (at.date !== undefined || at.edition !== undefined) ? resolveEdition(db, at) : undefined
  const versions = (
    prepared(
      db,
      `SELECT v.id, v.content_id, c.text, v.first_date, v.last_date, v.line, s.uri,
              (SELECT MIN(e.effective_date) FROM editions e WHERE e.effective_date > v.last_date) AS valid_to
       FROM versions v JOIN contents c ON c.id = v.content_id JOIN sources s ON s.id = v.source_id
       WHERE v.kind = 'rule' AND v.key = ? ORDER BY v.first_date`
    ).all(key) as Array<Record<string, any>>
  ).filter((row) => edition === undefined || (row.first_date <= edition && row.last_date >= edition))
  const attestations = (
    prepared(
      db,
      `SELECT ${attestationColumns} FROM attestations a JOIN sources s ON s.id = a.source_id JOIN dumps d ON d.source_id = s.id
       LEFT JOIN versions v ON v.id = a.version_id
       WHERE (a.key = @key AND a.kind IN ('rule', 'note', 'ruling')) OR a.version_id IN (SELECT id FROM versions WHERE kind = 'rule' AND key = @key)
       ORDER BY s.id, a.ordinal`
    ).all({ key }) as Array<Record<string, any>>
  ).map(toAttestation)
  if (versions.length === 0 && attestations.length === 0) {
    throw new CrdbError('E_NOT_FOUND', `rule ${key} is in no ${edition ? `edition of ${edition}` : 'stored edition'} and no dump quotes it`)
  }
  const shown = new Set(versions.map((row) => row.id))
  const examples = prepared(db, 'SELECT text FROM examples WHERE content_id = ? ORDER BY ordinal').pluck()
  return {
    number: key,
    versions: versions.map((row) => ({
      id: row.id,
      text: row.text,
      examples: examples.all(row.content_id) as string[],
      firstDate: row.first_date,
      lastDate: row.last_date,
      validTo: row.valid_to,
      source: { uri: row.uri, line: row.line },
      attestations: attestations.filter((attestation) => attestation.version?.id === row.id)
    })),
    unlinked: attestations.filter((attestation) => !attestation.version || !shown.has(attestation.version.id))
  }
}
