/**
 * Every name the archive knows, with when it was in force: the keys of glossary
 * terms and the titles of rules (`Trample`, `State-Based Actions`), for reading
 * a name the way people type it.
 */
import type { Crdb } from './database.js'
import { prepared } from './statements.js'

/** A term key or rule title and the editions one version of it spans. */
export interface NamedVersion {
  /** The term key, or the rule number a title is the text of. */
  key: string
  /** The term as printed, or the title. */
  label: string
  firstDate: string
  lastDate: string
}

/** Every version of every glossary term, oldest first. */
export function listTermVersionSpans(db: Crdb): NamedVersion[] {
  return prepared<[], NamedVersion>(
    db,
    `SELECT key, label, first_date AS firstDate, last_date AS lastDate FROM versions WHERE kind = 'term' ORDER BY first_date`
  ).all()
}

/**
 * Every version of every rule title (a rule of a number without a letter whose
 * whole text is a short heading: `702.19` `Trample`), oldest first.
 */
export function listTitleVersionSpans(db: Crdb): NamedVersion[] {
  return prepared<[], NamedVersion>(
    db,
    `SELECT v.key, c.text AS label, v.first_date AS firstDate, v.last_date AS lastDate
     FROM versions v JOIN contents c ON c.id = v.content_id
     WHERE v.kind = 'rule' AND v.key NOT GLOB '*[a-z]*' AND length(c.text) <= 80 AND c.text NOT LIKE '%.%'
     ORDER BY v.first_date`
  ).all()
}
