/**
 * Reconciliation: link each attestation of a secondary dump to the official
 * version it quotes, and date the dumps that state no date.
 *
 * A dump never changes official text. Its era is the edition in force on the
 * date it states (per quote, for wiki blocks that date their quotes), or the
 * run of editions its text matches best when it states none. Each rule or
 * glossary entry is then linked to the version of the same number (or term)
 * in that era whose text is equal after normalization; failing that, to an
 * equal version of another era (with a remark), or to the closest version
 * with the differences recorded. Notes and rulings are linked to the version
 * of the entry they belong to.
 *
 * Reconciliation runs after every ingest that stores anything, over every
 * dump when official editions were added (version ids change as editions
 * split and join versions), and is idempotent.
 */
import { driverOf, type Crdb } from '../src/store/handle.js'
import { prepareReconciliation, type AttestationRow, type OfficialVersionRow, type ReconciliationStatements } from '../src/store/reconciliation.js'
import { comparable, composeRule, diffSummary, similarity } from './compare-text.js'
import { dateByMatching, type DatingResult } from './date-by-matching.js'
import { passFaultPoint } from './fault-points.js'
import type { SourceMessage } from '../src/vocabulary/messages.js'
import { termKey } from '../src/vocabulary/term-key.js'

/** How an attestation relates to the official text. */
export type AttestationStatus = 'pending' | 'equal' | 'differs' | 'partial' | 'unmatched' | 'external'

/** What reconciling one dump found. */
export interface ReconcileResult {
  sourceId: number
  uri: string
  /** The date the dump states, or null. */
  statedDate: string | null
  /** The edition(s) it was reconciled against: one edition for a stated date, the inferred run otherwise. */
  era: { from: string; to: string } | null
  /** The best-matching run of editions (for every dump, stated date or not). */
  inferred: DatingResult | null
  /** Share of its rules and glossary entries equal to the official text of its era, 0..1 (null: nothing to compare). */
  score: number | null
  counts: Record<AttestationStatus, number>
  messages: SourceMessage[]
}

/** Options for {@link reconcileDumps}. */
export interface ReconcileOptions {
  /** Only these sources (default: every dump). */
  sourceIds?: number[]
}

interface OfficialVersion extends Omit<OfficialVersionRow, 'examples'> {
  examples: string[]
  /** Comparable text: a rule with its examples, a definition. */
  comparable: string
}

interface Link {
  key: string | null
  versionId: number | null
  status: AttestationStatus
  similarity: number | null
  diff: string | null
  remarks: string[]
  /** Equal to the official text of its own era. */
  eraEqual: boolean
}

/** Official text, loaded lazily and cached for one reconciliation run. */
class OfficialIndex {
  readonly editions: string[]
  readonly #versions = new Map<string, OfficialVersion[]>()
  readonly #inForce = new Map<string, OfficialVersion[]>()
  readonly #store: ReconciliationStatements

  constructor(store: ReconciliationStatements) {
    this.#store = store
    this.editions = store.editionDates()
  }

  #row(row: OfficialVersionRow): OfficialVersion {
    const examples = JSON.parse(row.examples ?? '[]') as string[]
    return {
      id: row.id,
      kind: row.kind,
      key: row.key,
      label: row.label,
      firstDate: row.firstDate,
      lastDate: row.lastDate,
      text: row.text,
      examples,
      comparable: comparable(row.kind === 'rule' ? composeRule(row.text, examples) : row.text)
    }
  }

  versionsOf(kind: 'rule' | 'term', key: string): OfficialVersion[] {
    const slot = kind + '\u0000' + key
    let versions = this.#versions.get(slot)
    if (!versions) {
      versions = this.#store.versionsOf(kind, key).map((row) => this.#row(row))
      this.#versions.set(slot, versions)
    }
    return versions
  }

  inForce(kind: 'rule' | 'term', edition: string): OfficialVersion[] {
    const slot = kind + '\u0000' + edition
    let versions = this.#inForce.get(slot)
    if (!versions) {
      versions = this.#store.versionsInForce(kind, edition).map((row) => this.#row(row))
      this.#inForce.set(slot, versions)
    }
    return versions
  }

  /** The edition in force on `date`: the newest dated on or before it. */
  editionAt(date: string): string | undefined {
    let found: string | undefined
    for (const edition of this.editions) {
      if (edition > date) break
      found = edition
    }
    return found
  }

  /** The glossary key a dump's heading names (`Legend (Obsolete)` -> `legend`), preferring one in force in `era`. */
  resolveTerm(name: string, era: Era | undefined): string | undefined {
    const candidates = new Set<string>()
    const full = termKey(name)
    candidates.add(full)
    const bare = termKey(name.replace(/\s*\([^)]*\)\s*/g, ' '))
    candidates.add(bare)
    for (const alias of [full, bare]) for (const key of this.#store.termKeysOfAlias(alias)) candidates.add(key)
    for (const key of this.#store.qualifiedTermKeys(bare)) candidates.add(key)
    let fallback: string | undefined
    for (const key of candidates) {
      const versions = this.versionsOf('term', key)
      if (versions.length === 0) continue
      if (!era || versions.some((version) => overlaps(version, era))) return key
      fallback ??= key
    }
    return fallback
  }
}

interface Era {
  from: string
  to: string
}

function overlaps(version: OfficialVersion, era: Era): boolean {
  return version.firstDate <= era.to && version.lastDate >= era.from
}

function span(version: OfficialVersion): string {
  return version.firstDate === version.lastDate ? `the edition of ${version.firstDate}` : `the editions of ${version.firstDate} to ${version.lastDate}`
}

function eraText(era: Era): string {
  return era.from === era.to ? `the edition of ${era.from}` : `the editions of ${era.from} to ${era.to}`
}

/** How a dumped text compares with one official version. */
function compare(row: AttestationRow, text: string, version: OfficialVersion): 'equal' | 'partial' | undefined {
  if (text === version.comparable) return 'equal'
  // Crystal Keep splits a glossary definition into lettered paragraphs, each a part of the official
  // text, and moves its "See rule ..." sentences into notes (which are compared on their own).
  if (isLetteredParagraph(row) && text.length > 0) {
    if (version.comparable.includes(text)) return 'equal'
    const bare = withoutSeeAlso(text)
    if (bare && withoutSeeAlso(version.comparable).includes(bare)) return 'equal'
  }
  if (row.fragment === 'head' && text.length > 0 && version.comparable.startsWith(text)) return 'partial'
  if (row.fragment === 'tail' && text.length > 0 && version.comparable.endsWith(text)) return 'partial'
  return undefined
}

/** A Crystal Keep glossary paragraph (`G12.4a`): a part of an official definition. */
function isLetteredParagraph(row: AttestationRow): boolean {
  return row.kind === 'term' && /^G\d/.test(row.label)
}

/** A comparable text without its cross-reference sentences (`See rule 212.6, "Lands."`). */
function withoutSeeAlso(text: string): string {
  return text
    .replace(/(?:^|\s)\(?See (?:also )?rules? [\dG][\w.]*(?:(?:,|,? and) (?:rules? )?[\dG][\w.]*)*(?:, "[^"]*")?\.?\)?(?=\s|$)/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The run of sentences of an official text most like a dumped paragraph (what a lettered paragraph quotes). */
function bestWindow(text: string, official: string): string {
  const sentences = official.split(/(?<=[.!?:]"?\)?)\s+(?=[A-Z"(])/)
  const size = Math.max(1, text.split(/(?<=[.!?:]"?\)?)\s+(?=[A-Z"(])/).length)
  let best = official
  let score = -1
  for (let length = Math.max(1, size - 1); length <= Math.min(sentences.length, size + 1); length++) {
    for (let start = 0; start + length <= sentences.length; start++) {
      const candidate = sentences.slice(start, start + length).join(' ')
      const value = similarity(text, candidate)
      if (value > score) {
        best = candidate
        score = value
      }
    }
  }
  return best
}

function dumpedText(row: AttestationRow): string {
  const examples = JSON.parse(row.examples) as string[]
  return comparable(row.kind === 'rule' ? composeRule(row.text, examples) : row.text)
}

/** The closest version of a list to a text, with its similarity. */
function closest(text: string, versions: OfficialVersion[], lettered: boolean): { version: OfficialVersion; similarity: number } | undefined {
  let best: { version: OfficialVersion; similarity: number } | undefined
  for (const version of versions) {
    const score = lettered ? similarity(text, bestWindow(text, version.comparable)) : similarity(text, version.comparable)
    if (!best || score > best.similarity) best = { version, similarity: score }
  }
  return best
}

/** Link one rule or glossary entry. */
function linkEntry(row: AttestationRow, key: string | undefined, era: Era | undefined, index: OfficialIndex): Link {
  const kind = row.kind === 'term' ? 'term' : 'rule'
  const text = dumpedText(row)
  const link: Link = { key: key ?? null, versionId: null, status: 'unmatched', similarity: null, diff: null, remarks: [], eraEqual: false }

  if (!key) {
    // A fragment without its number: find the rule it is the tail (or head) of.
    if (row.fragment && era && text.length >= 20) {
      for (const edition of index.editions.filter((date) => date >= era.from && date <= era.to).reverse()) {
        const found = index.inForce(kind, edition).find((version) => compare(row, text, version) !== undefined)
        if (found) {
          return {
            ...link,
            key: found.key,
            versionId: found.id,
            status: 'partial',
            similarity: text.length / found.comparable.length,
            remarks: [`number recovered from its text: the ${row.fragment === 'tail' ? 'end' : 'start'} of rule ${found.key}`],
            eraEqual: false
          }
        }
      }
    }
    link.remarks.push(
      row.kind === 'term' ? `no official glossary term "${row.term ?? row.label}"` : 'no number, and no official rule of its era ends with this text'
    )
    return link
  }

  const versions = index.versionsOf(kind, key)
  const inEra = era ? versions.filter((version) => overlaps(version, era)) : versions
  for (const version of inEra) {
    const result = compare(row, text, version)
    if (result)
      return {
        ...link,
        versionId: version.id,
        status: result,
        similarity: result === 'equal' ? 1 : text.length / version.comparable.length,
        eraEqual: result === 'equal'
      }
  }
  const elsewhere = versions.find((version) => compare(row, text, version) === 'equal')
  if (elsewhere && era) {
    link.remarks.push(
      `equal to the text of ${span(elsewhere)}; ${inEra.length ? `${eraText(era)} reads otherwise` : `${kind} ${key} is not in ${eraText(era)}`}`
    )
    return { ...link, versionId: elsewhere.id, status: 'equal', similarity: 1 }
  }
  const lettered = isLetteredParagraph(row)
  const best = closest(text, inEra.length ? inEra : versions, lettered)
  if (best) {
    if (!inEra.length && era) link.remarks.push(`${kind} ${key} is not in ${eraText(era)}; compared with the text of ${span(best.version)}`)
    const official = lettered ? bestWindow(text, best.version.comparable) : best.version.comparable
    return { ...link, versionId: best.version.id, status: 'differs', similarity: round(best.similarity), diff: diffSummary(official, text) }
  }
  // No version with this key: the same text under another number?
  if (era && text.length >= 20) {
    for (const edition of index.editions.filter((date) => date >= era.from && date <= era.to).reverse()) {
      const found = index.inForce(kind, edition).find((version) => version.comparable === text)
      if (found) {
        return {
          ...link,
          versionId: found.id,
          status: 'differs',
          similarity: 1,
          diff: `numbered ${key} in the dump, ${found.key} in the official text`,
          remarks: []
        }
      }
    }
  }
  link.remarks.push(`no official ${kind === 'term' ? `glossary term "${row.term ?? key}"` : `rule ${key}`}${era ? ` in or around ${eraText(era)}` : ''}`)
  return link
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000
}

/** The cross-references of a note (`Also see Rule 412.4, Rule 413.2f`) the official text lacks. */
function missingReferences(note: string, official: OfficialVersion): { refs: number; missing: string[] } {
  const missing: string[] = []
  let refs = 0
  const text = official.comparable
  for (const match of note.matchAll(/\b[Rr]ules?\s+(G?\d+(?:\.\d+[a-z]?)?)(?:,\s*"([^"]+?)[.,]?")?/g)) {
    refs++
    const [, number, title] = match
    const found = /^G/.test(number)
      ? title
        ? text.toLowerCase().includes(title.toLowerCase())
        : false
      : new RegExp(`\\b${number.replace('.', '\\.')}(?![0-9a-z])`).test(text)
    if (!found) missing.push(title && /^G/.test(number) ? `${number} "${title}"` : number)
  }
  return { refs, missing }
}

/**
 * Reconcile dumps with the official editions stored: link attestations, date
 * undated dumps, score each dump, and replace its reconciliation messages.
 */
export function reconcileDumps(db: Crdb, options: ReconcileOptions = {}): ReconcileResult[] {
  const store = prepareReconciliation(db)
  const index = new OfficialIndex(store)
  const dumps = store.dumps()
  const wanted = options.sourceIds ? new Set(options.sourceIds) : undefined
  const results: ReconcileResult[] = []

  for (const dump of dumps) {
    if (wanted && !wanted.has(dump.sourceId)) continue
    const rows = store.attestationsOf(dump.sourceId)
    const result = reconcileOne(dump, rows, index)
    driverOf(db)
      .transaction(() => {
        for (const [row, link] of result.links) {
          store.linkAttestation(row.id, { ...link, remarks: link.remarks.length ? link.remarks.join('; ') : null })
        }
        store.dateDump(dump.id, {
          eraEdition: result.statedEra ?? (result.era ? result.era.to : null),
          inferredFrom: result.inferred?.from ?? null,
          inferredTo: result.inferred?.to ?? null,
          matchScore: result.score,
          disagreeing: result.inferred ? JSON.stringify(result.inferred.disagreeing) : null
        })
        store.replaceReconcileMessages(dump.sourceId, result.messages)
      })
      .immediate()
    passFaultPoint('reconcile')
    results.push({
      sourceId: dump.sourceId,
      uri: dump.uri,
      statedDate: dump.statedDate,
      era: result.era ?? null,
      inferred: result.inferred ?? null,
      score: result.score,
      counts: result.counts,
      messages: result.messages
    })
  }
  return results
}

function reconcileOne(
  dump: { statedDate: string | null; uri: string },
  rows: AttestationRow[],
  index: OfficialIndex
): {
  links: Array<[AttestationRow, Link]>
  era: Era | undefined
  statedEra: string | undefined
  inferred: DatingResult | undefined
  score: number | null
  counts: Record<AttestationStatus, number>
  messages: SourceMessage[]
} {
  const messages: SourceMessage[] = []
  const counts: Record<AttestationStatus, number> = { pending: 0, equal: 0, differs: 0, partial: 0, unmatched: 0, external: 0 }
  if (index.editions.length === 0) {
    messages.push({
      line: 1,
      severity: 'warning',
      code: 'reconcile-no-editions',
      text: 'no official editions are stored yet; this dump is reconciled when they are built'
    })
    const links = pendingLinks(rows)
    for (const [, link] of links) counts[link.status]++
    return { links, era: undefined, statedEra: undefined, inferred: undefined, score: null, counts, messages }
  }

  // 1. Keys, and what each comparable entry is equal to in any era (for dating).
  const keyOf = (row: AttestationRow, era: Era | undefined): string | undefined => {
    if (row.kind === 'rule') return row.key ?? undefined
    if (row.term) return index.resolveTerm(row.term, era)
    return row.key ?? undefined
  }
  const comparableRows = rows.filter((row) => (row.kind === 'rule' || row.kind === 'term') && !row.fragment)
  const datingItems = comparableRows.flatMap((row) => {
    const key = keyOf(row, undefined)
    if (!key) return [{ label: row.label || `line ${row.line}`, equalVersions: [] }]
    const text = dumpedText(row)
    const versions = index.versionsOf(row.kind === 'term' ? 'term' : 'rule', key)
    return [{ label: row.label, equalVersions: versions.filter((version) => compare(row, text, version) === 'equal') }]
  })
  const inferred = dateByMatching(datingItems, index.editions)

  // 2. The dump's era.
  const { era, statedEra } = findDumpEra(dump, inferred, index, messages)

  // 3. Link each entry; notes and rulings follow the entry they belong to.
  const links: Array<[AttestationRow, Link]> = []
  const ownerLinks = new Map<string, Link>()
  let eraEqual = 0
  for (const row of rows) {
    const rowEra = row.asOf ? ((edition) => (edition ? { from: edition, to: edition } : era))(index.editionAt(row.asOf)) : era
    if (row.kind === 'external') {
      links.push([row, { key: null, versionId: null, status: 'external', similarity: null, diff: null, remarks: [], eraEqual: false }])
      continue
    }
    if (row.kind === 'rule' || row.kind === 'term') {
      const key = keyOf(row, rowEra)
      const link = linkEntry(row, key, rowEra, index)
      if (row.revisionDate && link.versionId !== null && row.kind === 'rule') {
        // Crystal Keep restamps texts it re-checks, so a later date is normal; an earlier one is not.
        const first = firstPublished(index, key ?? link.key!, link.versionId)
        if (first && row.revisionDate < first)
          link.remarks.push(`the dump dates this text ${row.revisionDate}, before the official text first read so (the edition of ${first})`)
        if (dump.statedDate && row.revisionDate > dump.statedDate)
          link.remarks.push(`the dump dates this text ${row.revisionDate}, after its own date ${dump.statedDate}`)
      }
      if (link.eraEqual) eraEqual++
      if (link.key) ownerLinks.set(row.kind + '\u0000' + link.key, link)
      links.push([row, link])
      continue
    }
    // Notes and rulings.
    const link = linkFollower(row, rowEra, index, ownerLinks)
    links.push([row, link])
  }
  for (const [, link] of links) counts[link.status]++

  const compared = comparableRows.length
  const score = dump.statedDate || !inferred ? (compared ? round(eraEqual / compared) : null) : round(inferred.score)
  messages.push(summarize(rows, links, counts, era))
  return { links, era, statedEra, inferred, score, counts, messages }
}

/** Links for a dump read before any edition: each entry waits (outside quotes excepted). */
function pendingLinks(rows: AttestationRow[]): Array<[AttestationRow, Link]> {
  return rows.map((row): [AttestationRow, Link] => [
    row,
    { key: row.key, versionId: null, status: row.kind === 'external' ? 'external' : 'pending', similarity: null, diff: null, remarks: [], eraEqual: false }
  ])
}

/** The era a dump is compared against: the edition in force on its stated date, else the run its text matches best. */
function findDumpEra(
  dump: { statedDate: string | null },
  inferred: DatingResult | undefined,
  index: OfficialIndex,
  messages: SourceMessage[]
): { era: Era | undefined; statedEra: string | undefined } {
  let era: Era | undefined
  let statedEra: string | undefined
  if (dump.statedDate) {
    statedEra = index.editionAt(dump.statedDate)
    if (statedEra) era = { from: statedEra, to: statedEra }
    else
      messages.push({
        line: 1,
        severity: 'warning',
        code: 'reconcile-era',
        text: `states ${dump.statedDate}, before the oldest stored edition (${index.editions[0]}); compared with every edition`
      })
    if (statedEra && inferred && (statedEra < inferred.from || statedEra > inferred.to) && inferred.score > 0) {
      messages.push({
        line: 1,
        severity: 'info',
        code: 'reconcile-era',
        text: `states ${dump.statedDate} (the edition of ${statedEra} was in force), but its text matches ${eraText(inferred)} best (${inferred.matched} of ${inferred.total} equal)`
      })
    }
  } else if (inferred) {
    era = { from: inferred.from, to: inferred.to }
    messages.push({
      line: 1,
      severity: 'info',
      code: 'reconcile-dated',
      text:
        `states no date; its text matches ${eraText(inferred)} best: ${inferred.matched} of ${inferred.total} entries equal (score ${inferred.score.toFixed(2)})` +
        (inferred.disagreeing.length ? `; disagreeing: ${inferred.disagreeing.join(', ')}` : '') +
        (inferred.ties.length ? `; as good: ${inferred.ties.map((tie) => `${tie.from}..${tie.to}`).join(', ')}` : '')
    })
  } else {
    messages.push({
      line: 1,
      severity: 'warning',
      code: 'reconcile-undated',
      text: 'states no date, and no official edition has any of its text; it stays undated'
    })
  }

  return { era, statedEra }
}

/** The link of a note or ruling: to the version of the entry it follows, and for a note, whether its references still hold. */
function linkFollower(row: AttestationRow, rowEra: Era | undefined, index: OfficialIndex, ownerLinks: Map<string, Link>): Link {
  const key = row.term ? index.resolveTerm(row.term, rowEra) : (row.key ?? undefined)
  const owner = key ? ownerLinks.get((row.term ? 'term' : 'rule') + '\u0000' + key) : undefined
  const link: Link = { key: key ?? null, versionId: owner?.versionId ?? null, status: 'external', similarity: null, diff: null, remarks: [], eraEqual: false }
  if (!owner?.versionId && key) {
    const versions = index.versionsOf(row.term ? 'term' : 'rule', key)
    const version = rowEra ? versions.find((candidate) => overlaps(candidate, rowEra)) : versions.at(-1)
    link.versionId = version?.id ?? null
  }
  if (row.kind === 'note') {
    const version =
      link.versionId !== null ? index.versionsOf(row.term ? 'term' : 'rule', key!).find((candidate) => candidate.id === link.versionId) : undefined
    if (!version) {
      link.status = 'unmatched'
      link.remarks.push('the entry this note belongs to has no official version')
    } else {
      const { refs, missing } = missingReferences(row.text, version)
      if (refs === 0) link.status = 'external'
      else if (missing.length === 0) link.status = 'equal'
      else {
        link.status = 'differs'
        link.diff = `the official text does not refer to ${missing.join(', ')}`
      }
    }
  }
  return link
}

/** The one-line summary of a reconciled dump. */
function summarize(
  rows: AttestationRow[],
  links: Array<[AttestationRow, Link]>,
  counts: Record<AttestationStatus, number>,
  era: Era | undefined
): SourceMessage {
  const unmatched = links.filter(([, link]) => link.status === 'unmatched').map(([row]) => row.label || `line ${row.line}`)
  const differs = links.filter(([row, link]) => link.status === 'differs' && (row.kind === 'rule' || row.kind === 'term')).map(([row]) => row.label)
  return {
    line: 1,
    severity: unmatched.length ? 'warning' : 'info',
    code: 'reconcile-summary',
    text:
      `${rows.length} entries: ${counts.equal} equal, ${counts.differs} differ, ${counts.partial} partial, ${counts.unmatched} unmatched, ${counts.external} outside the rules text` +
      (era ? ` (against ${eraText(era)})` : '') +
      (differs.length ? `; differ: ${differs.join(', ')}` : '') +
      (unmatched.length ? `; unmatched: ${unmatched.join(', ')}` : '')
  }
}

/** The first edition of the run of versions, ending at `versionId`, whose texts are equal after normalization. */
function firstPublished(index: OfficialIndex, key: string, versionId: number): string | undefined {
  const versions = index.versionsOf('rule', key)
  const at = versions.findIndex((version) => version.id === versionId)
  if (at < 0) return undefined
  let first = at
  while (first > 0 && versions[first - 1].comparable === versions[at].comparable) first--
  return versions[first].firstDate
}
