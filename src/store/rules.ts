/**
 * Rule versions: the questions the read side asks about rules, one function
 * each, rows in camelCase.
 */
import type { Crdb } from './database.js'
import { versionsOfEdition } from './edition-scan.js'
import { inForceAt, prepared, validToOf, type VersionRowBase } from './statements.js'

/** A rule version with its content, interval and provenance. */
export interface RuleRow extends VersionRowBase {
  id: number
  sortKey: string
  contentId: number
  /** Its lineage's stable id (`1999-04-23_420.5e`); `null` before the lineage has ids. */
  lineage: string | null
}

/** SQL: the stable id of version `v`'s lineage, NULL before the lineage has ids. */
const lineageIdOf = '(SELECT l.id FROM lineages l WHERE l.root = v.lineage_id)'

const ruleSelect = `SELECT v.id, v.key, v.sort_key AS sortKey, v.content_id AS contentId, c.text, v.first_date AS firstDate,
       v.last_date AS lastDate, ${validToOf('v')} AS validTo, v.line, s.uri, s.sha256, ${lineageIdOf} AS lineage
FROM versions v JOIN contents c ON c.id = v.content_id JOIN sources s ON s.id = v.source_id`

/** A rule version as one lookup reads it: with the edition asked about and its examples. */
export interface RuleLookupRow {
  /** The edition that answered. */
  edition: string
  key: string
  text: string
  firstDate: string
  lastDate: string
  validTo: string | null
  line: number
  uri: string
  sha256: string
  examples: string[]
  /** Its lineage's stable id; `null` before the lineage has ids. */
  lineage: string | null
  /** The number's newest version is of another lineage: the number was given to another rule later (see findRuleOnDay). */
  numberReused?: boolean
}

/** SQL: the examples of content `v.content_id`, in order, as a JSON array. */
const examplesJson = `(SELECT json_group_array(x.text) FROM (SELECT text FROM examples WHERE content_id = v.content_id ORDER BY ordinal) x)`

/** SQL: the edition in force on the day bound to the parameter (the newest that took effect by then). */
const editionByDay = '(SELECT MAX(effective_date) FROM editions WHERE effective_date <= ?)'

/** SQL: `''` when version `v` is of the lineage of its number's newest version, else `'*'`. */
const reusedMark = `CASE WHEN v.lineage_id IS (SELECT n.lineage_id FROM versions n WHERE n.kind = 'rule' AND n.key = v.key ORDER BY n.first_date DESC LIMIT 1) THEN '' ELSE '*' END`

// Each version of a number is in force over one run of editions and a number's runs never overlap, so
// the one in force in the edition of a day is the newest that began by that day, if it lasted until
// that edition (checked in findRuleOnDay). Positional parameters (day, key, day): the hot lookup binds
// them faster than named ones. Its four dates (each `YYYY-MM-DD`, the last NULL while in force) come
// back as one string, and no examples as NULL: each value handed to JavaScript costs as much as a
// step of the lookup. (Covering `v` by `versions_by_key` saved 0.4 us a lookup for 0.7 MB of file: not done.)
// A wording no longer in force ends with `*` when the number's newest version is of another lineage
// (the number went to another rule), so that the one statement also tells getRule to say so.
const ruleOnDay = `SELECT ${editionByDay} || v.first_date || v.last_date || coalesce(${validToOf('v')} || ${reusedMark}, ''), c.text, v.line, s.uri, s.sha256,
       nullif(${examplesJson}, '[]'), ${lineageIdOf}
FROM versions v JOIN contents c ON c.id = v.content_id JOIN sources s ON s.id = v.source_id
WHERE v.kind = 'rule' AND v.key = ? AND v.first_date <= ? ORDER BY v.first_date DESC LIMIT 1`

type DayTuple = [string | null, string, number, string, string, string | null, string | null]

type LookupTuple = [string | null, string, string, string, string, string | null, number, string, string, string, string | null]

function toLookupRow(tuple: LookupTuple): RuleLookupRow | undefined {
  const [edition, key, text, firstDate, lastDate, validTo, line, uri, sha256, examples, lineage] = tuple
  if (edition === null || lastDate < edition) return undefined
  return {
    edition,
    key,
    text,
    firstDate,
    lastDate,
    validTo,
    line,
    uri,
    sha256,
    examples: examples === '[]' ? [] : (JSON.parse(examples) as string[]),
    lineage
  }
}

/**
 * Rule `key` in the edition in force on `day` (a date; `'9999-12-31'` for the newest edition), with
 * its examples, in one statement: the hot lookup. `undefined` when that edition does not have the
 * number, or when no edition took effect by `day` (the caller tells which).
 */
export function findRuleOnDay(db: Crdb, key: string, day: string): RuleLookupRow | undefined {
  const tuple = prepared<[string, string, string], DayTuple>(db, ruleOnDay).raw().get(day, key, day)
  if (!tuple || tuple[0] === null) return undefined
  const [dates, text, line, uri, sha256, examples, lineage] = tuple
  const edition = dates.slice(0, 10)
  const lastDate = dates.slice(20, 30)
  if (lastDate < edition) return undefined
  const validTo = dates.length > 30 ? dates.slice(30, 40) : null
  return {
    edition,
    key,
    text,
    firstDate: dates.slice(10, 20),
    lastDate,
    validTo,
    numberReused: dates.length > 40,
    line,
    uri,
    sha256,
    examples: examples === null ? [] : (JSON.parse(examples) as string[]),
    lineage
  }
}

const subtreeOnDay = `SELECT ${editionByDay}, v.key, c.text, v.first_date, v.last_date, ${validToOf('v')}, v.line, s.uri, s.sha256, ${examplesJson}, ${lineageIdOf}
FROM versions v JOIN contents c ON c.id = v.content_id JOIN sources s ON s.id = v.source_id
WHERE v.kind = 'rule' AND v.key >= ? AND v.key < ? AND v.sort_key >= ? AND v.sort_key < ?
  AND v.first_date <= ${editionByDay} AND v.last_date >= ${editionByDay}
ORDER BY v.sort_key`

/**
 * Rule `key` and every rule numbered under it (`704.5` -> 704.5, 704.5a, ...) in the edition in force
 * on `day`, in document order, with their examples, in one statement.
 */
export function listSubtreeOnDay(db: Crdb, key: string, sortKey: string, day: string): RuleLookupRow[] {
  const tuples = prepared<[string, string, string, string, string, string, string], LookupTuple>(db, subtreeOnDay)
    .raw()
    .all(day, key, key + '~', sortKey, sortKey + '~', day, day)
  return tuples.map(toLookupRow).filter((row) => row !== undefined)
}

/**
 * Rule `key` in force in `edition`, or `undefined`. The hot lookup: one walk down
 * `versions_by_key` to the newest version that began by `edition` (a key's
 * versions never overlap), rather than every version that began before it.
 */
export function findRuleAt(db: Crdb, key: string, edition: string): RuleRow | undefined {
  return prepared<{ key: string; edition: string }, RuleRow>(
    db,
    `${ruleSelect} WHERE v.kind = 'rule' AND v.key = @key AND ${inForceAt('v')} ORDER BY v.first_date DESC LIMIT 1`
  ).get({ key, edition })
}

/** Rule `key` and every rule numbered under it (`704.5` -> 704.5, 704.5a, ...) in force in `edition`, in document order. */
export function listSubtreeAt(db: Crdb, key: string, sortKey: string, edition: string): RuleRow[] {
  return prepared<{ key: string; keyEnd: string; sort: string; sortEnd: string; edition: string }, RuleRow>(
    db,
    `${ruleSelect}
     WHERE v.kind = 'rule' AND v.key >= @key AND v.key < @keyEnd AND v.sort_key >= @sort AND v.sort_key < @sortEnd AND ${inForceAt('v')}
     ORDER BY v.sort_key`
  ).all({ key, keyEnd: key + '~', sort: sortKey, sortEnd: sortKey + '~', edition })
}

/** The rule just before (`'before'`) or after (`'after'`) document position `sortKey` in `edition`, or `undefined`. */
export function findRuleBeside(db: Crdb, sortKey: string, edition: string, side: 'before' | 'after'): RuleRow | undefined {
  // A walk along `versions_by_sort_key_dates` from the position, skipping the versions of other editions: a
  // number has one or two versions on average, so the nearest rule in force is a few steps away (about
  // 5 us, where ranges of the key index took 180 us: they read every version of the section).
  const order = side === 'before' ? `v.sort_key < @target ORDER BY v.sort_key DESC` : `v.sort_key > @target ORDER BY v.sort_key`
  return prepared<{ edition: string; target: string }, RuleRow>(db, `${ruleSelect} WHERE v.kind = 'rule' AND ${inForceAt('v')} AND ${order} LIMIT 1`).get({
    edition,
    target: sortKey
  })
}

/**
 * The numbers of the rules just before and after document position `sortKey` in `edition` (`null` at either end), in one
 * statement: the two walks of {@link findRuleBeside}, reading only the number (a rule page links its neighbours by number).
 */
export function findNumbersAround(db: Crdb, sortKey: string, edition: string): [string | null, string | null] {
  return prepared<{ edition: string; target: string }, [string | null, string | null]>(
    db,
    `SELECT (SELECT key FROM versions v WHERE kind = 'rule' AND ${inForceAt('v')} AND sort_key < @target ORDER BY sort_key DESC LIMIT 1),
            (SELECT key FROM versions v WHERE kind = 'rule' AND ${inForceAt('v')} AND sort_key > @target ORDER BY sort_key LIMIT 1)`
  )
    .raw()
    .get({ edition, target: sortKey })!
}

/**
 * The number and text of rule `key` and of every rule numbered under it in force in `edition`, in document order: what a
 * rule page lists of its subrules (no examples, provenance or interval, which {@link listSubtreeOnDay} reads for each).
 */
export function listSubtreeTextsAt(db: Crdb, key: string, sortKey: string, edition: string): Array<[string, string]> {
  return prepared<[string, string, string, string, string, string], [string, string]>(
    db,
    `SELECT v.key, c.text FROM versions v JOIN contents c ON c.id = v.content_id
     WHERE v.kind = 'rule' AND v.key >= ? AND v.key < ? AND v.sort_key >= ? AND v.sort_key < ? AND v.first_date <= ? AND v.last_date >= ?
     ORDER BY v.sort_key`
  )
    .raw()
    .all(key, key + '~', sortKey, sortKey + '~', edition, edition)
}

/** Up to `limit` rule numbers of `edition` just before (nearest first) or after document position `sortKey`. */
export function listNumbersBeside(db: Crdb, sortKey: string, edition: string, side: 'before' | 'after', limit: number): string[] {
  const sql =
    side === 'before'
      ? `SELECT key FROM versions v WHERE kind = 'rule' AND ${inForceAt('v')} AND sort_key < @target ORDER BY sort_key DESC LIMIT @limit`
      : `SELECT key FROM versions v WHERE kind = 'rule' AND ${inForceAt('v')} AND sort_key > @target ORDER BY sort_key LIMIT @limit`
  return prepared<{ edition: string; target: string; limit: number }, string>(db, sql).pluck().all({ edition, target: sortKey, limit })
}

/** The text of rule `key` in `edition`, or `undefined`. */
export function findRuleTextAt(db: Crdb, key: string, edition: string): string | undefined {
  return prepared<{ key: string; edition: string }, string>(
    db,
    `SELECT c.text FROM versions v JOIN contents c ON c.id = v.content_id WHERE v.kind = 'rule' AND v.key = @key AND ${inForceAt('v')}`
  )
    .pluck()
    .get({ key, edition })
}

/** The texts of rules `first` and `second` (the same number twice for one) in force in `edition`, by number: those it has. */
export function listTwoRuleTextsAt(db: Crdb, first: string, second: string, edition: string): Array<[string, string]> {
  return prepared<[string, string, string, string], [string, string]>(
    db,
    `SELECT v.key, c.text FROM versions v JOIN contents c ON c.id = v.content_id
     WHERE v.kind = 'rule' AND v.key IN (?, ?) AND v.first_date <= ? AND v.last_date >= ?`
  )
    .raw()
    .all(first, second, edition, edition)
}

/** Every rule of `edition` with its text and content id (for its examples), in document order. */
export function listRuleContentsAt(db: Crdb, edition: string): Array<{ key: string; text: string; contentId: number }> {
  return prepared<{ edition: string }, { key: string; text: string; contentId: number }>(
    db,
    `SELECT v.key, c.text, v.content_id AS contentId FROM ${versionsOfEdition(db, edition)} JOIN contents c ON c.id = v.content_id
     WHERE v.kind = 'rule' AND ${inForceAt('v')} ORDER BY v.sort_key`
  ).all({ edition })
}

/** Every rule of `edition` with its text, in document order. */
export function listRuleTextsAt(db: Crdb, edition: string): Array<{ key: string; text: string }> {
  return prepared<{ edition: string }, { key: string; text: string }>(
    db,
    `SELECT v.key, c.text FROM ${versionsOfEdition(db, edition)} JOIN contents c ON c.id = v.content_id
     WHERE v.kind = 'rule' AND ${inForceAt('v')} ORDER BY v.sort_key`
  ).all({ edition })
}

/** The rules of `edition` from document position `from` to `to` (inclusive), at most `limit`. */
export function listRulesBetween(db: Crdb, from: string, to: string, edition: string, limit: number): Array<{ key: string; text: string }> {
  return prepared<{ from: string; to: string; edition: string; limit: number }, { key: string; text: string }>(
    db,
    `SELECT v.key, c.text FROM versions v JOIN contents c ON c.id = v.content_id
     WHERE v.kind = 'rule' AND v.sort_key >= @from AND v.sort_key <= @to AND ${inForceAt('v')}
     ORDER BY v.sort_key LIMIT @limit`
  ).all({ from, to, edition, limit })
}

/** Every version of rule `key`, oldest first. */
export function listRuleVersions(db: Crdb, key: string): RuleRow[] {
  return prepared<[string], RuleRow>(db, `${ruleSelect} WHERE v.kind = 'rule' AND v.key = ? ORDER BY v.first_date`).all(key)
}

/** The examples of content `contentId`, in order. */
export function listExamples(db: Crdb, contentId: number): string[] {
  return prepared<[number], string>(db, 'SELECT text FROM examples WHERE content_id = ? ORDER BY ordinal').pluck().all(contentId)
}

/** The examples of each of `contentIds`, in order, read in one query. */
export function listExamplesOf(db: Crdb, contentIds: Iterable<number>): Map<number, string[]> {
  const examples = new Map<number, string[]>()
  const rows = prepared<[string], { contentId: number; text: string }>(
    db,
    'SELECT content_id AS contentId, text FROM examples WHERE content_id IN (SELECT value FROM json_each(?)) ORDER BY content_id, ordinal'
  ).all(JSON.stringify([...new Set(contentIds)]))
  for (const row of rows) {
    let list = examples.get(row.contentId)
    if (!list) examples.set(row.contentId, (list = []))
    list.push(row.text)
  }
  return examples
}
