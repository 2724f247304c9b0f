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
 */
import type { CrdbDatabase } from '../src/store/database.js'
import { CrdbError } from '../src/vocabulary/errors.js'
import type { DecodedSource } from './decode.js'
import type { SourceMessage } from '../src/vocabulary/messages.js'
import type { NormalizedEntry } from './normalize.js'
import type { ParsedEdition } from './parse/official-text.js'

/** An edition ready to store: where it came from, what it says. */
export interface EditionInput {
  uri: string
  format: string
  decoded: DecodedSource
  parsed: ParsedEdition
  entries: NormalizedEntry[]
  messages: SourceMessage[]
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
}

interface VersionRow {
  id: number
  kind: string
  key: string
  content_id: number
  first_date: string
  last_date: string
}

/** Writes editions; keeps a cache of content hashes across the editions of one build. */
export class EditionWriter {
  readonly #db: CrdbDatabase
  #contentIds: Map<string, number> | undefined
  /** The versions in force at the newest edition just written (appends in date order reuse it). */
  #newest: { date: string; versions: Map<string, VersionRow> } | undefined
  readonly #statements

  constructor(db: CrdbDatabase) {
    this.#db = db
    this.#statements = {
      sourceBySha: db.prepare('SELECT id FROM sources WHERE sha256 = ?'),
      editionByDate: db.prepare('SELECT e.id, s.uri FROM editions e JOIN sources s ON s.id = e.source_id WHERE e.effective_date = ?'),
      previousDate: db.prepare('SELECT MAX(effective_date) AS date FROM editions WHERE effective_date < ?'),
      nextDate: db.prepare('SELECT MIN(effective_date) AS date FROM editions WHERE effective_date > ?'),
      versionsAt: db.prepare('SELECT id, kind, key, content_id, first_date, last_date FROM versions WHERE first_date <= @date AND last_date >= @date'),
      insertSource: db.prepare(
        'INSERT INTO sources (uri, sha256, format, encoding, line_ending, bytes, ingested_at) VALUES (?, ?, ?, ?, ?, ?, ?)'
      ),
      insertEdition: db.prepare(
        `INSERT INTO editions (effective_date, source_id, date_statement, date_line, rule_count, example_count, glossary_count, truncated, wrapped)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
      ),
      insertMessage: db.prepare('INSERT INTO messages (source_id, line, rule, severity, code, text) VALUES (?, ?, ?, ?, ?, ?)'),
      insertContent: db.prepare('INSERT INTO contents (hash, kind, text) VALUES (?, ?, ?)'),
      insertExample: db.prepare('INSERT INTO examples (content_id, ordinal, text) VALUES (?, ?, ?)'),
      insertFts: db.prepare('INSERT INTO contents_fts (rowid, text, examples) VALUES (?, ?, ?)'),
      insertVersion: db.prepare(
        `INSERT INTO versions (kind, key, label, sort_key, content_id, first_date, last_date, source_id, line, obsolete)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
      ),
      copyVersion: db.prepare(
        `INSERT INTO versions (kind, key, label, sort_key, content_id, first_date, last_date, source_id, line, obsolete)
         SELECT kind, key, label, sort_key, content_id, @first, last_date, source_id, line, obsolete FROM versions WHERE id = @id`
      ),
      setLastDate: db.prepare('UPDATE versions SET last_date = ? WHERE id = ?'),
      extendMany: db.prepare('UPDATE versions SET last_date = ? WHERE id IN (SELECT value FROM json_each(?))'),
      startEarlier: db.prepare('UPDATE versions SET first_date = ?, source_id = ?, line = ?, label = ? WHERE id = ?'),
      deleteVersion: db.prepare('DELETE FROM versions WHERE id = ?'),
      insertAlias: db.prepare('INSERT OR IGNORE INTO term_aliases (alias, key) VALUES (?, ?)')
    }
  }

  /** True when a source with these bytes is already stored. */
  hasSource(sha256: string): boolean {
    return this.#statements.sourceBySha.get(sha256) !== undefined
  }

  /**
   * Store one edition in one transaction: all of it, or nothing.
   *
   * @throws {CrdbError} `E_DUPLICATE_EDITION` when another source already states this date.
   */
  write(input: EditionInput): StoreResult {
    const run = this.#db.transaction(() => this.#write(input))
    try {
      return run.immediate()
    } catch (error) {
      // The caches may hold rows that were rolled back.
      this.#contentIds = undefined
      this.#newest = undefined
      throw error
    }
  }

  #write(input: EditionInput): StoreResult {
    const s = this.#statements
    const date = input.parsed.effectiveDate
    const existing = s.editionByDate.get(date) as { id: number; uri: string } | undefined
    if (existing) {
      throw new CrdbError('E_DUPLICATE_EDITION', `${input.uri}: an edition dated ${date} is already stored from ${existing.uri}`)
    }
    const { decoded, parsed } = input
    const sourceId = Number(
      s.insertSource.run(input.uri, decoded.sha256, input.format, decoded.encoding, decoded.lineEnding, decoded.bytes, new Date().toISOString()).lastInsertRowid
    )
    const exampleCount = parsed.rules.reduce((count, rule) => count + rule.examples.length, 0)
    const editionId = Number(
      s.insertEdition.run(
        date,
        sourceId,
        parsed.dateStatement,
        parsed.dateLine,
        parsed.rules.length,
        exampleCount,
        parsed.glossary.length,
        parsed.truncated ? 1 : 0,
        parsed.wrapped ? 1 : 0
      ).lastInsertRowid
    )
    for (const message of input.messages) {
      s.insertMessage.run(sourceId, message.line, message.rule ?? null, message.severity, message.code, message.text)
    }

    const previous = (s.previousDate.get(date) as { date: string | null }).date
    const next = (s.nextDate.get(date) as { date: string | null }).date
    const cached = this.#newest
    this.#newest = undefined
    const atPrevious = !previous ? new Map<string, VersionRow>() : next === null && cached?.date === previous ? cached.versions : this.#versionsAt(previous)
    const atNext = next ? this.#versionsAt(next) : new Map<string, VersionRow>()
    const contentIds = this.#loadContentIds()
    const result: StoreResult = { editionId, sourceId, versionsAdded: 0, versionsExtended: 0, contentsAdded: 0 }

    const entryContent = new Map<string, number>()
    for (const entry of input.entries) {
      let contentId = contentIds.get(entry.hash)
      if (contentId === undefined) {
        contentId = Number(s.insertContent.run(entry.hash, entry.kind, entry.text).lastInsertRowid)
        entry.examples.forEach((example, ordinal) => s.insertExample.run(contentId, ordinal, example))
        s.insertFts.run(contentId, entry.text, entry.examples.join('\n'))
        contentIds.set(entry.hash, contentId)
        result.contentsAdded++
      }
      entryContent.set(entry.kind + '\u0000' + entry.key, contentId)
    }

    // 1. Versions that span over the new date: split those the new edition contradicts.
    for (const [slot, version] of atPrevious) {
      if (next === null || version.last_date < next) continue
      if (entryContent.get(slot) === version.content_id) continue
      const copyId = Number(s.copyVersion.run({ first: next, id: version.id }).lastInsertRowid)
      s.setLastDate.run(previous, version.id)
      atNext.set(slot, { ...version, id: copyId, first_date: next })
      atPrevious.set(slot, { ...version, last_date: previous! })
      result.versionsAdded++
    }

    // 2. Attach each entry to its neighbours' versions, or start a new one.
    const extended: number[] = []
    const atDate = new Map<string, VersionRow>()
    for (const entry of input.entries) {
      const slot = entry.kind + '\u0000' + entry.key
      const contentId = entryContent.get(slot)!
      const before = atPrevious.get(slot)
      const after = atNext.get(slot)
      if (entry.kind === 'term') for (const alias of entry.aliases) s.insertAlias.run(alias, entry.key)
      if (before && before.id === after?.id) continue // Spans the new date with the same content.
      const joinsBefore = before !== undefined && before.content_id === contentId
      const joinsAfter = after !== undefined && after.content_id === contentId
      if (joinsBefore && joinsAfter) {
        s.setLastDate.run(after!.last_date, before!.id)
        s.deleteVersion.run(after!.id)
        result.versionsExtended++
      } else if (joinsBefore) {
        extended.push(before!.id)
        atDate.set(slot, { ...before!, last_date: date })
      } else if (joinsAfter) {
        s.startEarlier.run(date, sourceId, entry.line, entry.label, after!.id)
        result.versionsExtended++
      } else {
        const id = Number(
          s.insertVersion.run(entry.kind, entry.key, entry.label, entry.sortKey, contentId, date, date, sourceId, entry.line, entry.obsolete ? 1 : 0).lastInsertRowid
        )
        atDate.set(slot, { id, kind: entry.kind, key: entry.key, content_id: contentId, first_date: date, last_date: date })
        result.versionsAdded++
      }
    }
    if (extended.length > 0) s.extendMany.run(date, JSON.stringify(extended))
    result.versionsExtended += extended.length
    // Appending in date order (the usual build): what is in force now is exactly atDate.
    if (next === null) this.#newest = { date, versions: atDate }
    return result
  }

  #versionsAt(date: string): Map<string, VersionRow> {
    const rows = this.#statements.versionsAt.all({ date }) as VersionRow[]
    return new Map(rows.map((row) => [row.kind + '\u0000' + row.key, row]))
  }

  #loadContentIds(): Map<string, number> {
    if (!this.#contentIds) {
      const rows = this.#db.prepare('SELECT hash, id FROM contents').raw().all() as Array<[string, number]>
      this.#contentIds = new Map(rows)
    }
    return this.#contentIds
  }
}

/**
 * Merge the full-text index into one segment after a build: about 50 ms once,
 * and every later search reads one segment instead of a dozen.
 */
export function optimizeSearchIndex(db: CrdbDatabase): void {
  db.prepare("INSERT INTO contents_fts(contents_fts) VALUES ('optimize')").run()
}
