/**
 * The pipeline, stage by stage: read -> decode -> detect the format -> parse ->
 * normalize -> store, then reconcile the secondary dumps with the editions.
 *
 * Sources are read and parsed first, then stored: official editions oldest
 * first, all in one transaction (a savepoint each), then secondary dumps, each
 * in its own: a bad file is rejected with a one-line error and the others go
 * in. A cold build (no edition stored yet) reads each edition's date from the
 * start of its file first, and stores the editions oldest first while the
 * later ones are still parsed (`date-order.ts`), with the same result. A build
 * killed before the editions' transaction commits leaves none of them; the
 * next build stores them again. Dumps are reconciled after the editions are
 * stored, so a dump and its editions can arrive in one build, and every dump is
 * reconciled again when new editions arrive.
 */
import type { Crdb } from '../src/store/database.js'
import { CrdbError } from '../src/vocabulary/errors.js'
import { decodeSource } from './decode.js'
import type { DumpOutcome, IngestOptions, IngestOutcome, IngestReport, SourceInput } from './ingest-report.js'
import { computeLineage, extendLineage, hasStoredOverrides, readLineageOverrides } from './lineage.js'
import { lineageOverridesPath } from '../src/vocabulary/paths.js'
import { normalizeEdition, type NormalizedEntry } from './normalize.js'
import { parseBookHtml, parseBookText } from './parse/book-text.js'
import { parseCrystalKeepHtml, parseCrystalKeepText } from './parse/crystal-keep.js'
import type { ParsedDump, SourceFormat } from './parse/dump.js'
import { prepareTaskBytes, readSourceKind } from './prepare-edition.js'
import { readSource } from './read-source.js'
import { openPreparePool, type PrepareAnswer, type PreparePool, type PrepareTask, unpackEdition } from './prepare-pool.js'
import { parseMtgWikiHtml, parseMtgWikiMarkdown, parseMtgWikiText } from './parse/mtg-wiki.js'
import { parseOfficialText } from './parse/official-text.js'
import { consultNextEditions, rereadDamagedNeighbours, rereadPreviousEditions } from './official-edition.js'
import { reconcileDumps, type ReconcileResult } from './reconcile.js'
import { DamageRestorer, restoreSourceDamage } from './source-damage.js'
import { DateOrderStore } from './date-order.js'
import { storeDump, type DumpInput } from './store-dump.js'
import { countsOf, EditionWriter, optimizeSearchIndex, type EditionInput, type LineLookup, type StoreResult } from './store.js'
import { markDerivedCurrent, readDerivedState, type DerivedState } from '../src/store/derived-state.js'
import { hasUnreconciledDumps, hasVersionsWithoutLineage, hasLinksFromOlderMatcher } from '../src/store/totals.js'
import { withBuildLock } from './unchanged.js'
import { refoldTermKeys } from '../src/store/term-keys.js'
import { findNewestEdition, listEditionDates } from '../src/store/editions.js'
import { sha256Of } from '../src/vocabulary/hash.js'
import { applyFaultLimits, misdateFault, passFaultPoint } from './fault-points.js'
import { explainStoreError } from '../src/store/store-errors.js'

export { listArchive } from './unchanged.js'

/**
 * Ingest source files into the database. Idempotent: a source whose bytes are
 * already stored is reported `unchanged` and not read again.
 */
export function ingestPaths(db: Crdb, paths: string[], options: IngestOptions = {}): IngestReport {
  return ingestSources(
    db,
    paths.map((uri) => ({ uri })),
    options
  )
}

/**
 * Ingest sources (files, or fetched bytes) into the database: official
 * editions first, then secondary dumps, then reconciliation. Idempotent like
 * {@link ingestPaths}; never throws for a bad source.
 */
export function ingestSources(db: Crdb, sources: SourceInput[], options: IngestOptions = {}): IngestReport {
  return withBuildLock(db, options, () => ingestLocked(db, sources, options))
}

function ingestLocked(db: Crdb, sources: SourceInput[], options: IngestOptions): IngestReport {
  applyFaultLimits(db)
  // A store written before term keys folded typography gets the keys new editions will use.
  refoldTermKeys(db)
  const writer = new EditionWriter(db)
  const outcomes: IngestOutcome[] = []
  const report = (outcome: IngestOutcome): void => {
    outcomes.push(outcome)
    options.onOutcome?.(outcome)
  }

  const dumps: DumpInput[] = []
  const written: IngestOutcome[] = []
  const storedDates: string[] = []
  const store = (input: EditionInput): void => {
    try {
      written.push(editionOutcome(input, writer.write(input)))
      storedDates.push(input.parsed.effectiveDate)
      passFaultPoint('edition')
    } catch (error) {
      written.push(rejection(input.uri, error))
    }
  }
  let plan = planSources(sources, writer, options.hashes)
  let pool = openPreparePool(plan.tasks.length)
  // Lineage current and complete before: editions appended after the newest only extend it (see refreshLineage).
  let newestBefore: string | undefined
  try {
    // A store without editions (a cold build): with every edition's date read from its start, each is stored while
    // the workers parse the later ones (date-order.ts). Else all are parsed first, then stored.
    const kinds = plan.copies.length === 0 && plan.tasks.length > 1 && listEditionDates(db).length === 0 ? readSourceKinds(plan) : undefined
    let storedInOrder = false
    if (kinds) {
      try {
        // One transaction for all of them (each edition a savepoint): intervals are written once, not per edition.
        writer.batch(() => {
          const inOrder = new DateOrderStore(kinds.dates, (inBuild) => new DamageRestorer(db, inBuild), store)
          prepareInDateOrder(plan, kinds, pool, new SharedStrings(), inOrder)
        })
        storedInOrder = true
      } catch (error) {
        if (!(error instanceof SourceKindMisread)) throw error
        // A source is not what its start said: nothing of this run is stored; build the usual way (with new workers:
        // the old ones may still answer the tasks they were given).
        written.length = 0
        storedDates.length = 0
        plan = planSources(sources, writer, options.hashes)
        pool.close()
        pool = openPreparePool(plan.tasks.length)
      }
    }
    if (storedInOrder) {
      for (const result of plan.results) {
        if (result === undefined) continue
        if ('status' in result) report(result)
        else if (isDumpInput(result)) dumps.push(result)
      }
    } else {
      const ready: EditionInput[] = []
      for (const result of preparePlanned(plan, pool, new SharedStrings())) {
        if ('status' in result) report(result)
        else if (isDumpInput(result)) dumps.push(result)
        else ready.push(result)
      }
      ready.sort((a, b) => a.parsed.effectiveDate.localeCompare(b.parsed.effectiveDate))
      consultNextEditions(db, ready)
      // Before storing: a restored paragraph is stored as its neighbours print it, the damage kept in its message.
      restoreSourceDamage(db, ready)
      newestBefore = ready.length > 0 ? currentLineageThrough(db) : undefined
      // One transaction for all of them (each edition a savepoint): intervals are written once, not per edition.
      writer.batch(() => {
        for (const input of ready) store(input)
      })
    }
  } finally {
    pool.close()
  }
  if (storedDates.length > 0) passFaultPoint('editions')
  // Reported once committed: a line that says "stored" is true even if the process is stopped now.
  for (const outcome of written) report(outcome)
  const reread = [...rereadPreviousEditions(db, writer, storedDates), ...rereadDamagedNeighbours(db, writer, storedDates)]
  const editionsStored = outcomes.filter((outcome) => outcome.status === 'stored').length
  // Only appended: nothing stored or read again on or before the newest edition whose lineage was current.
  const appended = newestBefore !== undefined && [...storedDates, ...reread].every((date) => date > newestBefore) ? newestBefore : undefined
  const derived = refreshLineage(db, options, editionsStored > 0, appended)

  // Secondary dumps, after the editions they are reconciled with.
  const storedDumps: Array<{ input: DumpInput; sourceId: number }> = []
  for (const input of dumps) {
    try {
      storedDumps.push({ input, sourceId: storeDump(db, input).sourceId })
      passFaultPoint('dump')
    } catch (error) {
      report(rejection(input.uri, error))
    }
  }
  // New editions change versions (and their ids): reconcile every dump; else only the new ones.
  let reconciled: ReconcileResult[] = []
  const dumpsStale = derived.reconciliation || hasUnreconciledDumps(db)
  if (editionsStored > 0 || dumpsStale) reconciled = reconcileDumps(db)
  else if (storedDumps.length > 0) reconciled = reconcileDumps(db, { sourceIds: storedDumps.map((dump) => dump.sourceId) })
  markDerivedCurrent(db, 'reconciliation')
  const bySource = new Map(reconciled.map((result) => [result.sourceId, result]))
  for (const { input, sourceId } of storedDumps) report(dumpOutcome(input, sourceId, bySource.get(sourceId)))

  return {
    outcomes,
    stored: outcomes.filter((outcome) => outcome.status === 'stored').length,
    unchanged: outcomes.filter((outcome) => outcome.status === 'unchanged').length,
    rejected: outcomes.filter((outcome) => outcome.status === 'rejected').length,
    reconciled: reconciled.length
  }
}

/**
 * The newest edition when the stored lineage is current and complete (not stale,
 * every version in a lineage, no link from an older matcher); else undefined.
 */
function currentLineageThrough(db: Crdb): string | undefined {
  if (readDerivedState(db).lineage || hasVersionsWithoutLineage(db) || hasLinksFromOlderMatcher(db)) return undefined
  return findNewestEdition(db)
}

/**
 * Lineage is derived from all versions: recompute it whenever versions changed,
 * or, when editions were only appended after `appendedAfter` (the newest edition
 * whose lineage was current), match the new pairs alone. A build stopped between
 * storing editions and deriving from them leaves work undone (the derived state
 * says so): redo it now. Returns the state read first.
 */
function refreshLineage(db: Crdb, options: IngestOptions, editionsChanged: boolean, appendedAfter?: string): DerivedState {
  const derived = readDerivedState(db)
  // Links kept by migration 5 from the older matcher are stale too.
  if (editionsChanged || derived.lineage || hasVersionsWithoutLineage(db) || hasLinksFromOlderMatcher(db)) {
    const overrides = options.lineageOverrides ?? readLineageOverrides(lineageOverridesPath())
    // Appended, and the overrides those links were made with are the file's still: the new pairs alone.
    const appended = editionsChanged && appendedAfter !== undefined && hasStoredOverrides(db, overrides, appendedAfter)
    if (appended) extendLineage(db, appendedAfter, overrides)
    else computeLineage(db, overrides)
    passFaultPoint('lineage')
    optimizeSearchIndex(db, !appended)
    markDerivedCurrent(db, 'lineage')
  }
  return derived
}

/** After editions were removed or replaced: lineage, and every dump reconciled again. */
function refreshAll(db: Crdb, options: IngestOptions): void {
  refreshLineage(db, options, true)
  reconcileDumps(db)
  markDerivedCurrent(db, 'reconciliation')
}

/** What `crdb editions --remove` or `--replace` did. */
export interface EditionChange {
  /** The effective date of the edition removed or replaced. */
  date: string
  /** The file the removed (or replaced) edition had been read from; null when none was stored for that date. */
  removed: string | null
  /** The outcome of storing the replacement (for `--replace`). */
  stored?: IngestOutcome
}

/**
 * Remove the edition dated `date`: its versions are undone (and the versions
 * it had split joined again), its source and messages deleted, the edition
 * before it read again when the removed one had decided its misprinted
 * numbers, then lineage and reconciliation are recomputed.
 *
 * @throws {CrdbError} `E_NOT_FOUND` when no edition has that date, `E_DB_BUSY` when a build holds the database.
 */
export function removeEdition(db: Crdb, date: string, options: IngestOptions = {}): EditionChange {
  return withBuildLock(db, options, () => {
    const writer = new EditionWriter(db)
    const removed = writer.remove(date, lineLookup(db))
    // The edition before it may have read a misprinted number by the one removed.
    rereadPreviousEditions(db, writer, [date])
    rereadDamagedNeighbours(db, writer, [date])
    refreshAll(db, options)
    return { date, removed }
  })
}

/**
 * Store the official edition in `path` in place of the edition of its date,
 * complete or not (a build replaces only a truncated one by itself), then
 * recompute lineage and reconciliation.
 *
 * @throws {CrdbError} the source's own error (`E_DECODE`, `E_FORMAT`, `E_NO_DATE`, ...) when it cannot be read
 *   as an official edition, `E_DUPLICATE_EDITION` when these very bytes are already stored.
 */
export function replaceEdition(db: Crdb, path: string, options: IngestOptions = {}): EditionChange {
  return withBuildLock(db, options, () => {
    const writer = new EditionWriter(db)
    const bytes = readSource(path)
    const sha256 = sha256Of(bytes)
    if (writer.hasSource(sha256)) throw new CrdbError('E_DUPLICATE_EDITION', `${path}: these bytes are already stored; nothing to replace`)
    const prepared = prepareOne({ index: 0, uri: path, bytes, sha256 }, new SharedStrings())
    if (isDumpInput(prepared))
      throw new CrdbError('E_FORMAT', `${path}: a secondary dump (${prepared.parsed.format}), not an official edition; --replace takes an edition`)
    const ready = [prepared]
    consultNextEditions(db, ready)
    // Before storing: a restored paragraph is stored as its neighbours print it, the damage kept in its message.
    restoreSourceDamage(db, ready)
    const input = ready[0]
    const date = input.parsed.effectiveDate
    const removed = writer.findEditionUri(date)
    const result = writer.write(input, { replace: true })
    rereadPreviousEditions(db, writer, [date])
    rereadDamagedNeighbours(db, writer, [date])
    refreshAll(db, options)
    return { date, removed, stored: editionOutcome(input, result) }
  })
}

/** Where each key is read in the edition of a date, from its source file when it is still there unchanged. */
function lineLookup(db: Crdb): LineLookup {
  const cache = new Map<string, Map<string, { line: number; label: string }> | undefined>()
  const writer = new EditionWriter(db)
  return (date, kind, key) => {
    if (!cache.has(date)) {
      let lines: Map<string, { line: number; label: string }> | undefined
      const stored = writer.findEditionSource(date)
      try {
        const bytes = stored ? readSource(stored.uri) : undefined
        if (bytes && sha256Of(bytes) === stored!.sha256) {
          const entries = normalizeEdition(parseOfficialText(decodeSource(bytes, stored!.uri).text, stored!.uri))
          lines = new Map(entries.map((entry) => [entry.kind + '\u0000' + entry.key, { line: entry.line, label: entry.label }]))
        }
      } catch {
        // Gone or changed: the versions keep the line they had.
      }
      cache.set(date, lines)
    }
    return cache.get(date)?.get(kind + '\u0000' + key)
  }
}

function editionOutcome(input: EditionInput, result: StoreResult): IngestOutcome {
  return {
    status: 'stored',
    kind: 'edition',
    uri: input.uri,
    effectiveDate: input.parsed.effectiveDate,
    encoding: input.decoded.encoding,
    ...countsOf(input),
    messages: input.messages,
    ...result
  }
}

function isDumpInput(input: EditionInput | DumpInput): input is DumpInput {
  return 'kind' in input.parsed
}

function dumpOutcome(input: DumpInput, sourceId: number, result: ReconcileResult | undefined): DumpOutcome {
  const entries = input.parsed.entries
  const dating = input.parsed.statedDate ? 'stated' : result?.era ? 'inferred' : 'none'
  return {
    status: 'stored',
    kind: 'dump',
    uri: input.uri,
    format: input.parsed.format,
    encoding: input.decoded.encoding,
    sourceId,
    date: input.parsed.statedDate ?? result?.era?.from ?? null,
    dating,
    era: result?.era ?? null,
    score: result?.score ?? null,
    rules: entries.filter((entry) => entry.kind === 'rule').length,
    terms: entries.filter((entry) => entry.kind === 'term').length,
    others: entries.filter((entry) => entry.kind !== 'rule' && entry.kind !== 'term').length,
    counts: result?.counts ?? { pending: entries.length, equal: 0, differs: 0, partial: 0, unmatched: 0, external: 0 },
    messages: [...input.messages, ...(result?.messages ?? [])].sort((a, b) => a.line - b.line)
  }
}

/** The parser of each secondary dump format, one entry per format. */
const dumpParsers: Record<Exclude<SourceFormat, 'official-text'>, (text: string, uri: string) => ParsedDump> = {
  'crystal-keep-text': parseCrystalKeepText,
  'crystal-keep-html': parseCrystalKeepHtml,
  'mtg-wiki-text': parseMtgWikiText,
  'mtg-wiki-markdown': parseMtgWikiMarkdown,
  'mtg-wiki-html': parseMtgWikiHtml,
  'book-text': parseBookText,
  'book-html': parseBookHtml
}

/** Parse a secondary dump in the format detected. */
export function parseDump(format: Exclude<SourceFormat, 'official-text'>, text: string, uri: string): ParsedDump {
  return dumpParsers[format](text, uri)
}

/**
 * The sources of a build: for each, by its place in the list, an outcome when its bytes are stored already
 * (or cannot be read), else a task to prepare; a second copy of the same bytes waits for the first.
 */
interface SourcePlan {
  results: Array<IngestOutcome | EditionInput | DumpInput | undefined>
  tasks: PrepareTask[]
  copies: PrepareTask[]
  firstOf: Map<string, number>
}

function planSources(sources: SourceInput[], writer: EditionWriter, hashes?: ReadonlyMap<string, string>): SourcePlan {
  const results: SourcePlan['results'] = new Array(sources.length)
  const tasks: PrepareTask[] = []
  // Same bytes twice in one run: the later copy waits for the first (unchanged if it went in, else tried itself).
  const firstOf = new Map<string, number>()
  const copies: PrepareTask[] = []
  sources.forEach((source, index) => {
    try {
      // Hash before decoding: a re-run with nothing new reads each file once and stops there. The bytes of a
      // file are not kept meanwhile: it is read again when prepared, so a build holds one or two at a time.
      const sha256 = source.bytes ? sha256Of(source.bytes) : (hashes?.get(source.uri) ?? sha256Of(readSource(source.uri)))
      if (writer.hasSource(sha256)) results[index] = { status: 'unchanged', uri: source.uri, sha256 }
      else {
        const task: PrepareTask = { index, uri: source.uri, bytes: source.bytes, sha256, contentType: source.contentType }
        if (firstOf.has(sha256)) copies.push(task)
        else {
          firstOf.set(sha256, index)
          tasks.push(task)
        }
      }
    } catch (error) {
      results[index] = rejection(source.uri, error)
    }
  })
  return { results, tasks, copies, firstOf }
}

/**
 * Decode, detect, parse and normalize each planned task (on the `pool`'s
 * worker threads too, when there is one: see `prepare-pool.ts`). Results come
 * in the order of the sources: an outcome for a source unchanged or rejected,
 * else what to store.
 */
function preparePlanned(plan: SourcePlan, pool: PreparePool, texts: SharedStrings): Array<IngestOutcome | EditionInput | DumpInput> {
  const { results, tasks } = plan
  const dumpsFound: PrepareTask[] = []
  const byIndex = new Map(tasks.map((task) => [task.index, task]))
  const left = pool.run(
    tasks,
    (answer) => {
      const task = byIndex.get(answer.index)!
      const prepared = preparedFrom(answer, task, texts)
      if (prepared === 'dump')
        dumpsFound.push(task) // Parsed here, where the dump parsers are.
      else results[answer.index] = prepared
    },
    (task) => {
      results[task.index] = prepareTask(task, texts)
    }
  )
  for (const task of [...left, ...dumpsFound]) results[task.index] = prepareTask(task, texts)
  for (const task of plan.copies) {
    const first = results[plan.firstOf.get(task.sha256)!]!
    results[task.index] = 'status' in first ? prepareTask(task, texts) : { status: 'unchanged', uri: task.uri, sha256: task.sha256 }
  }
  return results as Array<IngestOutcome | EditionInput | DumpInput>
}

/** A worker's answer to a task to prepare: the edition, the rejection, or 'dump' (the dump parsers are on this thread). */
function preparedFrom(answer: PrepareAnswer, task: PrepareTask, texts: SharedStrings): EditionInput | IngestOutcome | 'dump' {
  if ('error' in answer) {
    const { code, message } = answer.error
    return rejection(task.uri, code ? new CrdbError(code, message) : new Error(message))
  }
  return 'dump' in answer.prepared ? 'dump' : texts.share(unpackEdition(answer.prepared))
}

/** The planned sources read to be official editions, by the dates they state (oldest first), and the dumps. */
interface SourceKinds {
  dates: string[]
  editions: PrepareTask[]
  dumps: PrepareTask[]
}

/**
 * What each planned source is, read from its start (`readSourceKind`): the editions in the order of the dates
 * they state, and the dumps. Undefined when a source's start says neither, or two editions state one date (the
 * store decides between them as it stores them): the build then parses every source before it stores any.
 */
function readSourceKinds(plan: SourcePlan): SourceKinds | undefined {
  const editions: Array<{ task: PrepareTask; date: string }> = []
  const dumps: PrepareTask[] = []
  for (const task of plan.tasks) {
    const kind = readSourceKind(task)
    if (!kind) return undefined
    if ('date' in kind) editions.push({ task, date: misdateFault(task.uri) ?? kind.date })
    else dumps.push(task)
  }
  editions.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  if (editions.some((edition, place) => place > 0 && editions[place - 1].date === edition.date)) return undefined
  return { dates: editions.map((edition) => edition.date), editions: editions.map((edition) => edition.task), dumps }
}

/** A source read whole is not what its start said (another date, or an edition where a dump was read, or the reverse). */
class SourceKindMisread extends Error {}

/**
 * Prepare the editions, oldest first, on the pool's workers and on this thread, storing each (`inOrder`) as soon
 * as it can be stored, then whatever is left; then the dumps, here. Outcomes go to `plan.results`.
 *
 * @throws {SourceKindMisread} when a source is not what its start said.
 */
function prepareInDateOrder(plan: SourcePlan, kinds: SourceKinds, pool: PreparePool, texts: SharedStrings, inOrder: DateOrderStore): void {
  const { results } = plan
  const placeOf = new Map(kinds.editions.map((task, place) => [task.index, place]))
  const receive = (task: PrepareTask, outcome: EditionInput | DumpInput | IngestOutcome | 'dump'): void => {
    const place = placeOf.get(task.index)!
    if (outcome !== 'dump' && 'status' in outcome) {
      results[task.index] = outcome
      inOrder.add(place, null)
      return
    }
    if (outcome === 'dump' || isDumpInput(outcome)) throw new SourceKindMisread(`${task.uri}: a dump, read as an edition`)
    const date = outcome.parsed.effectiveDate
    if (date !== kinds.dates[place]) throw new SourceKindMisread(`${task.uri}: states ${date}, read as ${kinds.dates[place]}`)
    inOrder.add(place, outcome)
  }
  const byIndex = new Map(kinds.editions.map((task) => [task.index, task]))
  const left = pool.run(
    kinds.editions,
    (answer) => {
      const task = byIndex.get(answer.index)!
      receive(task, preparedFrom(answer, task, texts))
    },
    (task) => receive(task, prepareTask(task, texts)),
    () => inOrder.storeNext()
  )
  // Left by a worker that stopped answering: prepared here.
  for (const task of left) {
    receive(task, prepareTask(task, texts))
    while (inOrder.storeNext());
  }
  while (inOrder.storeNext());
  if (!inOrder.done) throw new Error('editions were left unstored')
  for (const task of kinds.dumps) {
    const outcome = prepareTask(task, texts)
    if (!('status' in outcome) && !isDumpInput(outcome)) throw new SourceKindMisread(`${task.uri}: an edition, read as a dump`)
    results[task.index] = outcome
  }
}

/** Prepare one source in this thread: an edition or a dump to store, or its rejection. */
function prepareTask(task: PrepareTask, texts: SharedStrings): IngestOutcome | EditionInput | DumpInput {
  try {
    return prepareOne(task, texts)
  } catch (error) {
    return rejection(task.uri, error)
  }
}

/**
 * Prepare one source in this thread.
 *
 * @throws {CrdbError} the source's error when it cannot be read.
 */
function prepareOne(task: PrepareTask, texts: SharedStrings): EditionInput | DumpInput {
  const prepared = prepareTaskBytes(task)
  if (!('dump' in prepared)) return texts.share(prepared)
  const { dump: format, decoded } = prepared
  const parsed = parseDump(format, decoded.text, task.uri)
  if (!parsed.entries.some((entry) => entry.kind === 'rule' || entry.kind === 'term')) {
    const reason = parsed.messages.find((message) => message.code === 'no-entries')
    throw new CrdbError('E_FORMAT', reason?.text ?? `${task.uri}: no rules or glossary entries found in this ${format} source`)
  }
  return { uri: task.uri, decoded, parsed, messages: [...decoded.messages, ...parsed.messages].sort((a, b) => a.line - b.line) }
}

/**
 * Editions repeat most of what they say: while a build holds them all, keep one
 * copy of each text (by hash), examples, aliases, key, label and sort key.
 */
class SharedStrings {
  readonly #contents = new Map<string, NormalizedEntry>()
  readonly #strings = new Map<string, string>()
  readonly #lists = new Map<string, string[]>()

  /** `input`, its entries now pointing at the shared copies. */
  share(input: EditionInput): EditionInput {
    for (const entry of input.entries) {
      const first = this.#contents.get(entry.hash)
      // Most contents keep their number from one edition to the next: take the first entry's copies when equal.
      entry.key = first !== undefined && entry.key === first.key ? first.key : this.#string(entry.key)
      entry.label = first !== undefined && entry.label === first.label ? first.label : this.#string(entry.label)
      entry.sortKey = first !== undefined && entry.sortKey === first.sortKey ? first.sortKey : this.#string(entry.sortKey)
      entry.aliases = first !== undefined && sameStrings(entry.aliases, first.aliases) ? first.aliases : this.#list(entry.aliases)
      if (!first) {
        // A worker leaves out only what it sent before, and every answer comes through here.
        if (entry.text === undefined) throw new Error(`${input.uri}: content ${entry.hash} arrived without its text`)
        // A copy: restoring source damage rewrites an entry's text and hash, and an edition shared after that
        // (a cold build stores editions while it parses the later ones) must get the content as printed.
        this.#contents.set(entry.hash, { ...entry })
      } else {
        entry.hash = first.hash
        entry.text = first.text
        entry.examples = first.examples
      }
    }
    return input
  }

  #string(value: string): string {
    const known = this.#strings.get(value)
    if (known !== undefined) return known
    this.#strings.set(value, value)
    return value
  }

  #list(values: string[]): string[] {
    if (values.length === 0) return values
    const key = values.join('\u0000')
    const known = this.#lists.get(key)
    if (known) return known
    this.#lists.set(key, values)
    return values
  }
}

function sameStrings(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index])
}

function rejection(uri: string, error: unknown): IngestOutcome {
  // The store failing (a full disk, a damaged file) is no fault of this source: the build stops, its transaction undone.
  if (explainStoreError(error, uri) !== error) throw error
  if (error instanceof CrdbError) return { status: 'rejected', uri, code: error.code, error: error.message }
  return { status: 'rejected', uri, code: 'E_INTERNAL', error: `${uri}: ${(error as Error).message}` }
}
