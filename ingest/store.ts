/**
 * Stage 5 of the pipeline: write one edition into the store, in one transaction.
 *
 * Each key's history is a run of versions; a version spans every consecutive
 * edition whose content for that key is the same. Adding an edition E (at any
 * date, not only the newest) touches only the versions around its neighbours
 * P (the edition before) and N (the one after):
 *
 * - a version spanning P..N is split around E when E says something else;
 * - E's content extends the version ending at P, or starts the version at N
 *   earlier, or joins both into one, or becomes a new version.
 *
 * Removing an edition undoes exactly that: versions of E alone go, versions
 * ending at E end at P, versions starting at E start at N, and the versions
 * E had split apart are joined again. The SQL is in `src/store/edition-writes.ts`.
 */
import { driverOf, type Crdb } from '../src/store/handle.js'
import { markDerivedStale } from '../src/store/derived-state.js'
import {
  listContentsFirstUsedAt,
  prepareEditionWrites,
  removeEditionRows,
  removeOrphanAliases,
  renameSearchTexts,
  searchNameOf,
  type EditionWrites,
  type VersionSlot
} from '../src/store/edition-writes.js'
import { CrdbError } from '../src/vocabulary/errors.js'
import type { DecodedSource } from './decode.js'
import type { SourceMessage } from '../src/vocabulary/messages.js'
import type { NormalizedEntry } from './normalize.js'
import type { ParsedEdition } from './parse/official-text.js'

export { optimizeSearchIndex } from '../src/store/edition-writes.js'

/** What the store keeps of a parsed edition besides its entries: its date and shape. */
type EditionFacts = Pick<ParsedEdition, 'effectiveDate' | 'dateStatement' | 'dateLine' | 'truncated' | 'wrapped' | 'misprints'> &
  Partial<Pick<ParsedEdition, 'rules' | 'glossary'>>

/** How many rules, examples and glossary terms an edition has. */
export interface EditionCounts {
  rules: number
  examples: number
  terms: number
}

/**
 * An edition ready to store: where it came from, what it says. A build keeps
 * only this of each edition (not its text or parse tree) until it is stored.
 */
export interface EditionInput {
  uri: string
  format: string
  /** The decoded source; its text is kept only where the next edition may decide a misprint (`parsed.misprints`). */
  decoded: Omit<DecodedSource, 'text'> & { text?: string }
  /** The parsed edition; `rules` and `glossary` may be left out when `counts` is given. */
  parsed: EditionFacts
  /** Counted from `parsed` when absent. */
  counts?: EditionCounts
  entries: NormalizedEntry[]
  messages: SourceMessage[]
}

/** The counts of an edition: given, or counted from its parse. */
export function countsOf(input: Pick<EditionInput, 'parsed' | 'counts'>): EditionCounts {
  if (input.counts) return input.counts
  const rules = input.parsed.rules ?? []
  return { rules: rules.length, examples: rules.reduce((count, rule) => count + rule.examples.length, 0), terms: input.parsed.glossary?.length ?? 0 }
}

/** What storing one edition changed. */
export interface StoreResult {
  editionId: number
  sourceId: number
  /** Versions created (new texts or splits). */
  versionsAdded: number
  /** Versions whose interval grew to cover this edition. */
  versionsExtended: number
  contentsAdded: number
  /** The file of the edition this one replaced (a truncated copy of the same date), if any. */
  replaced?: string
}

/** Options for {@link EditionWriter.write}. */
export interface WriteOptions {
  /** Replace an edition of the same date even when it is complete (`crdb editions --replace`). */
  replace?: boolean
}

/** Where a removed edition's successor read each key, to restate the provenance of versions that now start there. */
export type LineLookup = (date: string, kind: string, key: string) => { line: number; label: string } | undefined

/** Writes editions; keeps a cache of content hashes across the editions of one build. */
export class EditionWriter {
  readonly #db: Crdb
  #contentIds: Map<string, number> | undefined
  /** The versions in force at the newest edition just written (appends in date order reuse it). */
  #newest: { date: string; versions: Map<string, VersionSlot> } | undefined
  /**
   * Inside {@link batch}: the last edition of each version that an edition in
   * date order extended, written once when the batch ends (or before versions
   * are read back) instead of once per edition.
   */
  #pendingLastDates: Map<number, string> | undefined
  /** The glossary aliases stored (`alias NUL key`), loaded at the first term. */
  #aliases: Set<string> | undefined
  readonly #writes: EditionWrites

  constructor(db: Crdb) {
    this.#db = db
    this.#writes = prepareEditionWrites(db)
  }

  /** True when a source with these bytes is already stored. */
  hasSource(sha256: string): boolean {
    return this.#writes.hasSource(sha256)
  }

  /** The file the edition dated `date` was read from, or null when none is stored. */
  findEditionUri(date: string): string | null {
    return this.#writes.findEdition(date)?.uri ?? null
  }

  /** The file and bytes' hash of the edition dated `date`, if one is stored. */
  findEditionSource(date: string): { uri: string; sha256: string } | undefined {
    return this.#writes.findEdition(date)
  }

  /**
   * Write several editions (calls of {@link write}) in one transaction: each
   * edition is still all or nothing (a savepoint: a rejected one leaves the
   * others), and the batch is committed whole, so an interrupted batch leaves
   * the store as it was before it. Versions that each edition extends get
   * their final interval once, at the end, instead of an update per edition.
   */
  batch<T>(action: () => T): T {
    return this.#transaction(() => {
      this.#pendingLastDates = new Map()
      try {
        const result = action()
        this.#flushLastDates()
        return result
      } finally {
        this.#pendingLastDates = undefined
      }
    })
  }

  /**
   * Store one edition in one transaction: all of it, or nothing. A complete
   * edition replaces a truncated one of the same date; never the reverse.
   *
   * @throws {CrdbError} `E_DUPLICATE_EDITION` when another source already states this date.
   */
  write(input: EditionInput, options: WriteOptions = {}): StoreResult {
    return this.#transaction(() => {
      const date = input.parsed.effectiveDate
      const existing = this.#writes.findEdition(date)
      let replaced: string | undefined
      if (existing) {
        if (!options.replace && !(existing.truncated && !input.parsed.truncated)) {
          const why = existing.truncated
            ? `(truncated; this copy is truncated too, so it does not replace it)`
            : input.parsed.truncated
              ? `(complete; a truncated copy never replaces it)`
              : '(use crdb editions --replace FILE to replace it)'
          throw new CrdbError('E_DUPLICATE_EDITION', `${input.uri}: an edition dated ${date} is already stored from ${existing.uri} ${why}`)
        }
        this.#remove(date)
        replaced = existing.uri
      }
      const result = this.#write(input)
      markDerivedStale(this.#db)
      return replaced ? { ...result, replaced } : result
    })
  }

  /**
   * Remove the edition dated `date` in one transaction: its versions, its
   * source and messages, and the texts no other edition has.
   *
   * @returns the file it had been read from.
   * @throws {CrdbError} `E_NOT_FOUND` when no edition has that date.
   */
  remove(date: string, lineOf?: LineLookup): string {
    return this.#transaction(() => {
      const uri = this.#remove(date, lineOf)
      markDerivedStale(this.#db)
      return uri
    })
  }

  #transaction<T>(action: () => T): T {
    try {
      return driverOf(this.#db).transaction(action).immediate()
    } catch (error) {
      // The caches may hold rows that were rolled back (pending last dates are added only once an edition is written).
      this.#contentIds = undefined
      this.#newest = undefined
      this.#aliases = undefined
      throw error
    }
  }

  #remove(date: string, lineOf?: LineLookup): string {
    const w = this.#writes
    const edition = w.findEdition(date)
    if (!edition) throw new CrdbError('E_NOT_FOUND', `no edition dated ${date} is stored`)
    this.#flushLastDates()
    this.#newest = undefined
    this.#contentIds = undefined
    const previous = w.previousEditionDate(date)
    const next = w.nextEditionDate(date)
    const atNext = next ? this.#versionsAt(next) : new Map<string, VersionSlot>()
    const atPrevious = previous ? this.#versionsAt(previous) : new Map<string, VersionSlot>()
    const nextSource = next ? w.findEdition(next)!.sourceId : undefined
    const versions = w.versionsAt(date)
    // The texts this edition named in the search index: renamed below as the next edition that has them names them.
    const named = listContentsFirstUsedAt(this.#db, [...new Set(versions.map((version) => version.contentId))], date)
    // A section heading under a chapter that moved between P and N stays two versions, as a build without E makes it.
    const moved = movedChapters(atPrevious, new Map([...atNext].map(([slot, version]) => [slot, version.contentId])))
    for (const version of versions) {
      const slot = version.kind + '\u0000' + version.key
      const startsHere = version.firstDate === date
      const endsHere = version.lastDate === date
      if (!startsHere && !endsHere) continue // Spans P..N: stays.
      if (startsHere && endsHere) {
        w.deleteVersion(version.id)
      } else if (endsHere) {
        // Ends at E: ends at P, and joins the version E had split off at N.
        const after = atNext.get(slot)
        if (after && after.firstDate === next && after.contentId === version.contentId && !moved.has(chapterOf(slot))) {
          w.setLastDate(version.id, after.lastDate)
          w.deleteVersion(after.id)
        } else {
          w.setLastDate(version.id, previous!)
        }
      } else {
        // Starts at E and goes on: joins the version ending at P, else starts at N.
        const before = atPrevious.get(slot)
        if (before && before.lastDate === previous && before.contentId === version.contentId && !moved.has(chapterOf(slot))) {
          w.setLastDate(before.id, version.lastDate)
          w.deleteVersion(version.id)
        } else {
          const found = lineOf?.(next!, version.kind, version.key)
          w.restartVersion(version.id, next!, nextSource!, found?.line, found?.label)
        }
      }
    }
    removeEditionRows(this.#db, edition.id, edition.sourceId)
    renameSearchTexts(this.#db, named)
    removeOrphanAliases(this.#db)
    this.#aliases = undefined
    return edition.uri
  }

  #write(input: EditionInput): StoreResult {
    const w = this.#writes
    const date = input.parsed.effectiveDate
    const { decoded, parsed } = input
    const counts = countsOf(input)
    const sourceId = w.insertSource({
      uri: input.uri,
      sha256: decoded.sha256,
      format: input.format,
      encoding: decoded.encoding,
      lineEnding: decoded.lineEnding,
      bytes: decoded.bytes
    })
    const editionId = w.insertEdition({
      effectiveDate: date,
      sourceId,
      dateStatement: parsed.dateStatement,
      dateLine: parsed.dateLine,
      ruleCount: counts.rules,
      exampleCount: counts.examples,
      glossaryCount: counts.terms,
      truncated: parsed.truncated,
      wrapped: parsed.wrapped
    })
    for (const message of input.messages) w.insertMessage(sourceId, message)

    const previous = w.previousEditionDate(date)
    const next = w.nextEditionDate(date)
    const cached = this.#newest
    this.#newest = undefined
    // Only an edition appended after the newest one can leave extensions pending: others read versions back.
    const appending = next === null && cached?.date === previous
    if (!appending) this.#flushLastDates()
    const atPrevious = !previous ? new Map<string, VersionSlot>() : next === null && cached?.date === previous ? cached.versions : this.#versionsAt(previous)
    const atNext = next ? this.#versionsAt(next) : new Map<string, VersionSlot>()
    const contentIds = (this.#contentIds ??= w.contentIdsByHash())
    const result: StoreResult = { editionId, sourceId, versionsAdded: 0, versionsExtended: 0, contentsAdded: 0 }

    const entryContent = new Map<string, number>()
    const entryLabel = new Map<string, string>()
    // Each entry's slot, made once (a quarter of a million keys a build: half the writer's time went to them).
    const slots = input.entries.map((entry) => entry.kind + '\u0000' + entry.key)
    for (const [index, entry] of input.entries.entries()) {
      const slot = slots[index]
      let contentId = contentIds.get(entry.hash)
      if (contentId === undefined) {
        contentId = w.insertContent(entry.hash, entry.kind, entry.text, entry.examples, searchNameOf(entry))
        contentIds.set(entry.hash, contentId)
        result.contentsAdded++
      }
      entryContent.set(slot, contentId)
      entryLabel.set(slot, entry.label)
    }

    // 1. Versions that span over the new date: split those the new edition contradicts.
    for (const [slot, version] of atPrevious) {
      if (next === null || version.lastDate < next) continue
      if (entryContent.get(slot) === version.contentId && entryLabel.get(slot) === version.label) continue
      const copyId = w.copyVersion(version.id, next)
      w.setLastDate(version.id, previous!)
      atNext.set(slot, { ...version, id: copyId, firstDate: next })
      atPrevious.set(slot, { ...version, lastDate: previous! })
      result.versionsAdded++
    }

    // 2. Attach each entry to its neighbours' versions, or start a new one.
    // A section heading goes with its chapter: under a chapter that moved (2009: 3 Turn Structure became 5),
    // the same words ("300 General") are another section, so its version does not run on.
    const movedBefore = movedChapters(atPrevious, entryContent)
    const movedAfter = movedChapters(atNext, entryContent)
    const extended: number[] = []
    const atDate = new Map<string, VersionSlot>()
    for (const [index, entry] of input.entries.entries()) {
      const slot = slots[index]
      const contentId = entryContent.get(slot)!
      const before = atPrevious.get(slot)
      const after = atNext.get(slot)
      if (entry.kind === 'term') for (const alias of entry.aliases) this.#insertAlias(alias, entry.key)
      if (before && before.id === after?.id) continue // Spans the new date with the same content.
      // A version is one text under one label: a term printed with other capitals starts a new one.
      const joinsBefore = before !== undefined && before.contentId === contentId && before.label === entry.label && !movedBefore.has(chapterOf(slot))
      const joinsAfter = after !== undefined && after.contentId === contentId && after.label === entry.label && !movedAfter.has(chapterOf(slot))
      if (joinsBefore && joinsAfter) {
        w.setLastDate(before!.id, after!.lastDate)
        w.deleteVersion(after!.id)
        result.versionsExtended++
      } else if (joinsBefore) {
        extended.push(before!.id)
        const { id, kind, key, label, firstDate } = before!
        atDate.set(slot, { id, kind, key, contentId, label, firstDate, lastDate: date })
      } else if (joinsAfter) {
        w.startVersionEarlier(after!.id, date, sourceId, entry.line, entry.label)
        result.versionsExtended++
      } else {
        const id = w.insertVersion({
          kind: entry.kind,
          key: entry.key,
          label: entry.label,
          sortKey: entry.sortKey,
          contentId,
          firstDate: date,
          lastDate: date,
          sourceId,
          line: entry.line,
          obsolete: entry.obsolete
        })
        atDate.set(slot, { id, kind: entry.kind, key: entry.key, contentId, label: entry.label, firstDate: date, lastDate: date })
        result.versionsAdded++
      }
    }
    if (this.#pendingLastDates && appending) for (const id of extended) this.#pendingLastDates.set(id, date)
    else if (extended.length > 0) w.extendVersions(extended, date)
    result.versionsExtended += extended.length
    // Appending in date order (the usual build): what is in force now is exactly atDate.
    if (next === null) this.#newest = { date, versions: atDate }
    return result
  }

  /** Write the last dates a batch has kept pending, one statement per date. */
  #flushLastDates(): void {
    const pending = this.#pendingLastDates
    if (!pending || pending.size === 0) return
    const byDate = new Map<string, number[]>()
    for (const [id, lastDate] of pending) {
      let ids = byDate.get(lastDate)
      if (!ids) byDate.set(lastDate, (ids = []))
      ids.push(id)
    }
    for (const [lastDate, ids] of byDate) this.#writes.extendVersions(ids, lastDate)
    pending.clear()
  }

  #insertAlias(alias: string, key: string): void {
    const aliases = (this.#aliases ??= this.#writes.aliases())
    const pair = alias + '\u0000' + key
    if (aliases.has(pair)) return
    this.#writes.insertAlias(alias, key)
    aliases.add(pair)
  }

  #versionsAt(date: string): Map<string, VersionSlot> {
    return new Map(this.#writes.versionsAt(date).map((row) => [row.kind + '\u0000' + row.key, row]))
  }
}

/** The chapter slot a section heading's slot hangs under (`rule 300` -> `rule 3`), or '' for any other slot. */
function chapterOf(slot: string): string {
  return /^rule\u0000\d{3}$/.test(slot) ? slot.slice(0, -2) : ''
}

// The slots of the ten chapters' headings (`rule 0` to `rule 9`).
const chapterSlots = Array.from({ length: 10 }, (_, digit) => `rule\u0000${digit}`)

/**
 * The chapters (as slots) that moved between a neighbouring edition (`other`) and this one (`here`): the
 * chapter's heading in the neighbour now heads another chapter, and its own number heads something else.
 */
function movedChapters(other: Map<string, VersionSlot>, here: Map<string, number>): Set<string> {
  const moved = new Set<string>()
  // The ten chapter slots, looked up (not every slot of the edition tested: this runs twice an edition).
  const chapters: Array<[string, number]> = []
  const otherChapters: VersionSlot[] = []
  for (const slot of chapterSlots) {
    const contentId = here.get(slot)
    if (contentId !== undefined) chapters.push([slot, contentId])
    const version = other.get(slot)
    if (version !== undefined) otherChapters.push(version)
  }
  for (const [slot, contentId] of chapters) {
    const was = other.get(slot)?.contentId
    // Either way round: the neighbour's chapter heads another chapter here, or this one headed another there
    // (so that a build, a removal and a re-read of either neighbour decide alike).
    if (was !== undefined && was !== contentId && (chapters.some(([, id]) => id === was) || otherChapters.some((version) => version.contentId === contentId)))
      moved.add(slot)
  }
  return moved
}
