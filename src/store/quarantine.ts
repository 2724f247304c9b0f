/**
 * Editions held in quarantine (migration 12): documents `crdb update` fetched
 * that the manifest does not list, held apart from `editions` until a person
 * accepts or rejects one. Nothing the read side asks reads this table but the
 * listing: a held document is never an edition of any query.
 */
import { driverOf, type Crdb } from './handle.js'

/** A held document, without its bytes. */
export interface QuarantinedEdition {
  effectiveDate: string
  sha256: string
  bytes: number
  /** The URL it was fetched from (after redirects). */
  uri: string
  /** The source that had it (`academy-ruins`, `wizards`). */
  source: string
  /** The set the source named (control characters removed), or `null`. */
  set: { code: string; name: string } | null
  rules: number
  terms: number
  /** Why it is held (and, for a date between two stored editions, that it can be accepted only as unverified). */
  reason: string
  /** When it was held (ISO 8601). */
  heldAt: string
}

interface Row {
  effectiveDate: string
  sha256: string
  bytes: number
  uri: string
  source: string
  setCode: string | null
  setName: string | null
  rules: number
  terms: number
  reason: string
  heldAt: string
}

const columns = `effective_date AS effectiveDate, sha256, length(bytes) AS bytes, uri, source, set_code AS setCode, set_name AS setName,
  rule_count AS rules, glossary_count AS terms, reason, held_at AS heldAt`

function toEdition(row: Row): QuarantinedEdition {
  const { setCode, setName, ...rest } = row
  return { ...rest, set: setCode ? { code: setCode, name: setName ?? '' } : null }
}

/** Every held document, oldest first. */
export function listQuarantinedEditions(db: Crdb): QuarantinedEdition[] {
  return driverOf(db).prepare<[], Row>(`SELECT ${columns} FROM quarantined_editions ORDER BY effective_date`).all().map(toEdition)
}

/** The held document dated `effectiveDate` with its bytes, or `undefined`. */
export function findQuarantinedEdition(db: Crdb, effectiveDate: string): (QuarantinedEdition & { content: Uint8Array }) | undefined {
  const row = driverOf(db)
    .prepare<[string], Row & { content: Buffer }>(`SELECT ${columns}, bytes AS content FROM quarantined_editions WHERE effective_date = ?`)
    .get(effectiveDate)
  if (!row) return undefined
  const { content, ...rest } = row
  return { ...toEdition(rest), content: new Uint8Array(content) }
}

/** Hold `edition` (its bytes `content`), in place of any document held for the same date. */
export function holdQuarantinedEdition(db: Crdb, edition: Omit<QuarantinedEdition, 'bytes' | 'heldAt'>, content: Uint8Array): void {
  driverOf(db)
    .prepare(
      `INSERT INTO quarantined_editions (effective_date, bytes, sha256, uri, source, set_code, set_name, rule_count, glossary_count, reason, held_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (effective_date) DO UPDATE SET bytes = excluded.bytes, sha256 = excluded.sha256, uri = excluded.uri, source = excluded.source,
         set_code = excluded.set_code, set_name = excluded.set_name, rule_count = excluded.rule_count, glossary_count = excluded.glossary_count,
         reason = excluded.reason, held_at = excluded.held_at`
    )
    .run(
      edition.effectiveDate,
      Buffer.from(content),
      edition.sha256,
      edition.uri,
      edition.source,
      edition.set?.code ?? null,
      edition.set?.name ?? null,
      edition.rules,
      edition.terms,
      edition.reason,
      new Date().toISOString()
    )
}

/** Let go of the document held for `effectiveDate` (accepted and stored, or rejected). Returns whether one was held. */
export function releaseQuarantinedEdition(db: Crdb, effectiveDate: string): boolean {
  return driverOf(db).prepare('DELETE FROM quarantined_editions WHERE effective_date = ?').run(effectiveDate).changes > 0
}

/** The end of the warning an edition accepted from quarantine is stored with (see {@link describeAcceptedEdition}). */
const acceptedMark = '; accepted from quarantine'

/**
 * The warning (code `unverified`) an edition accepted from quarantine is stored with: where it was fetched and
 * why no sha256 vouches for it. {@link findAcceptedOrigin} reads it back.
 */
export function describeAcceptedEdition(held: Pick<QuarantinedEdition, 'source' | 'uri' | 'reason'>): string {
  return `fetched from ${held.source} ${held.uri}; unverified: ${held.reason}${acceptedMark}`
}

/** Where the source `sourceId` was fetched from when it was accepted from quarantine (its stored warning, read back), else `undefined`. */
export function findAcceptedOrigin(db: Crdb, sourceId: number): { source: string; from: string; warning: string } | undefined {
  const text = driverOf(db)
    .prepare<[number, string], string>(`SELECT text FROM messages WHERE source_id = ? AND code = 'unverified' AND text LIKE '%' || ? ORDER BY id LIMIT 1`)
    .pluck()
    .get(sourceId, acceptedMark)
  const match = text === undefined ? null : /^fetched from (\S+) (\S+); (unverified: [\s\S]*); accepted from quarantine$/.exec(text)
  return match ? { source: match[1], from: match[2], warning: match[3] } : undefined
}
