/**
 * Glossary terms: the questions the read side asks about terms and their names.
 */
import type { Crdb } from './database.js'
import { inForceAt, prepared, validToOf, type VersionRowBase } from './statements.js'

/** A term version with its definition, interval and provenance. */
export interface TermRow extends VersionRowBase {
  /** The term as printed. */
  label: string
  obsolete: boolean
}

const termSelect = `SELECT v.key, v.label, v.obsolete, c.text, v.first_date AS firstDate, v.last_date AS lastDate,
       ${validToOf('v')} AS validTo, v.line, s.uri, s.sha256
FROM versions v JOIN contents c ON c.id = v.content_id JOIN sources s ON s.id = v.source_id`

/** A term version as stored: `obsolete` is 0 or 1. */
type StoredTermRow = Omit<TermRow, 'obsolete'> & { obsolete: number }

function toTermRows(rows: StoredTermRow[]): TermRow[] {
  return rows.map((row) => ({ ...row, obsolete: row.obsolete === 1 }))
}

/** Every term of `edition`, in document order. */
export function listTermsAt(db: Crdb, edition: string): TermRow[] {
  return toTermRows(
    prepared<{ edition: string }, StoredTermRow>(db, `${termSelect} WHERE v.kind = 'term' AND ${inForceAt('v')} ORDER BY v.sort_key`).all({ edition })
  )
}

/** The terms of `edition` that `name` names (as key or alias), the term of that exact key first. */
export function findTermsNamed(db: Crdb, name: string, edition: string): TermRow[] {
  return toTermRows(
    prepared<{ edition: string; name: string }, StoredTermRow>(
      db,
      `${termSelect}
       WHERE v.kind = 'term' AND ${inForceAt('v')} AND v.key IN (SELECT key FROM term_aliases WHERE alias = @name UNION SELECT @name)
       ORDER BY v.key = @name DESC, v.key`
    ).all({ edition, name })
  )
}

/** Term `key` in force in `edition`, or `undefined`. */
export function findTermAt(db: Crdb, key: string, edition: string): TermRow | undefined {
  return toTermRows(
    prepared<{ key: string; edition: string }, StoredTermRow>(db, `${termSelect} WHERE v.kind = 'term' AND v.key = @key AND ${inForceAt('v')}`).all({
      key,
      edition
    })
  )[0]
}

/** The keys and labels of the terms of `edition`. */
export function listTermNamesAt(db: Crdb, edition: string): Array<{ key: string; label: string }> {
  return prepared<{ edition: string }, { key: string; label: string }>(db, `SELECT key, label FROM versions v WHERE kind = 'term' AND ${inForceAt('v')}`).all({
    edition
  })
}

/** Every alias of every term ever stored, by key then alias. */
export function listAliases(db: Crdb): Array<{ alias: string; key: string }> {
  return prepared<[], { alias: string; key: string }>(db, 'SELECT alias, key FROM term_aliases ORDER BY key, alias').all()
}

/** The aliases stored for term `key`. */
export function listAliasesOf(db: Crdb, key: string): string[] {
  return prepared<[string], string>(db, 'SELECT alias FROM term_aliases WHERE key = ? ORDER BY alias').pluck().all(key)
}
