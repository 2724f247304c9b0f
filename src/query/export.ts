/**
 * Whole editions as data: the structured edition ({@link exportEdition}, the
 * JSON export whose schema is published as `crdb/schemas/edition-export.json`),
 * the edition as Markdown with an anchor per rule and term, and as plain text
 * in the Comprehensive Rules' own layout, which crdb's ingest reads back to
 * the same rules. Each is a pure function of the database and the edition;
 * the CLI (`crdb export`) and the server (`/v1/editions/{edition}/export`)
 * write what these return, byte for byte.
 */
import { findExportEdition, listEditionRuleTexts, listEditionTermTexts, listExportRules, listExportTerms, listLineageVersionRows } from '../store/export.js'
import type { Crdb } from '../store/database.js'
import { resolveEdition } from '../store/editions.js'
import { readProjectManifest } from '../vocabulary/corpus-files.js'
import { CrdbError, quoteInput } from '../vocabulary/errors.js'
import type { VersionKind } from '../vocabulary/kinds.js'
import { parentOf, splitRuleNumber } from '../vocabulary/rule-number.js'
import { findSetOfEdition, readSetTable } from '../vocabulary/set-codes.js'

/** The formats an edition is exported in: the structured JSON, Markdown, and the plain text as published. */
export const exportFormats = ['json', 'md', 'txt'] as const

/** One of {@link exportFormats}. */
export type ExportFormat = (typeof exportFormats)[number]

/** A rule of an exported edition. */
export interface ExportedRule {
  /** Its number: `1`, `100`, `100.1`, `704.5j`. */
  number: string
  /** The stable id of its lineage (`1999-04-23_420.5e`), the same across renumberings; `null` before a build computed the ids. */
  id: string | null
  /** The number one level up (`704.5j` -> `704.5` -> `704` -> `7`); `null` for a section. */
  parent: string | null
  /** Its text (for a section or a three-digit rule, its title); paragraphs joined by a line break. */
  text: string
  /** Its examples in order, without their `Example:` prefix. */
  examples: string[]
}

/** A glossary term of an exported edition. */
export interface ExportedTerm {
  /** The term as printed (`Life, Life Total`). */
  term: string
  /** Its key in crdb: the term in lower case (`life, life total`). */
  key: string
  /** The stable id of its lineage (`1999-04-23_term.legend_rule`); `null` before a build computed the ids. */
  id: string | null
  /** Whether the glossary marks it obsolete. */
  obsolete: boolean
  /** Its definition; paragraphs and numbered senses joined by a line break. */
  text: string
}

/** A whole edition as data: the JSON export. */
export interface EditionExport {
  /** What this document is: always `crdb-edition-export`. */
  format: 'crdb-edition-export'
  /** The version of this shape; a change that is not an addition raises it. */
  formatVersion: 1
  /** The edition, named as crdb names editions: its effective date. */
  edition: string
  /** The day it took effect, `YYYY-MM-DD`. */
  effectiveDate: string
  /** The day the next edition took effect; `null` for the newest. */
  validTo: string | null
  /** The phrase that states the date in the document (`effective as of July 11, 2009`). */
  dateStatement: string
  /** The set (or mid-cycle update) the edition came with; `null` when unknown. */
  set: { code: string; name: string } | null
  /** The official source it was read from. */
  source: {
    /** Its file name in the archive of editions (`2009-07-11.txt`). */
    file: string
    /** Where Wizards of the Coast published it; `null` where unknown. */
    url: string | null
    /** The sha256 of its bytes, hex. */
    sha256: string
    /** Its size in bytes and the encoding it was decoded from. */
    bytes: number
    encoding: string
  }
  /** The source stops before its end (no Credits section): rules or terms after the cut are missing. */
  truncated: boolean
  /** How many rules, examples and glossary terms it has. */
  counts: { rules: number; examples: number; terms: number }
  /** Every rule, in document order. */
  rules: ExportedRule[]
  /** Every glossary term, in document order. */
  terms: ExportedTerm[]
}

/** One stretch of editions in which a lineage carried one number (or one term). */
export interface LineageInterval {
  /** The rule number, or the glossary term as printed. */
  name: string
  /** The first edition of the stretch. */
  from: string
  /** Its last edition. */
  to: string
  /** The day the next edition took effect after it (the lineage then carried another name, or ended); `null` while in force. */
  validTo: string | null
}

/** The lineage table: every rule and term lineage with the names it carried, edition interval by interval. */
export interface LineageTable {
  /** What this document is: always `crdb-lineage-table`. */
  format: 'crdb-lineage-table'
  /** The version of this shape. */
  formatVersion: 1
  /** Every lineage, by id. */
  lineages: Array<{ id: string; kind: VersionKind; intervals: LineageInterval[] }>
}

/**
 * The effective date of the edition `edition` names: an edition's date or the
 * code of the set it came with (`2009-07-11`, `M10`), as `--edition` reads it.
 *
 * @throws {CrdbError} `E_BAD_DATE` for neither, `E_NOT_FOUND` for an edition not stored.
 */
function resolveExported(db: Crdb, edition: string, caller: string): string {
  if (typeof edition !== 'string') throw new CrdbError('E_USAGE', `${caller}: the edition must be a string such as '2009-07-11' or 'M10'`)
  return resolveEdition(db, { edition }, caller)
}

/**
 * The whole edition `edition` (its date, or the code of the set it came with)
 * as data: its date and set, its source, and every rule and glossary term
 * with its stable lineage id.
 *
 * @throws {CrdbError} `E_BAD_DATE` for an edition that is neither a date nor a set code, `E_NOT_FOUND` for one not stored.
 */
export function exportEdition(db: Crdb, edition: string): EditionExport {
  const date = resolveExported(db, edition, 'exportEdition')
  const row = findExportEdition(db, date)
  if (!row) throw new CrdbError('E_NOT_FOUND', `no edition dated ${date}`)
  const manifest = readProjectManifest()?.editions.find((entry) => entry.effectiveDate === date)
  const set = findSetOfEdition(readSetTable(), date)
  const rules = listExportRules(db, date).map(
    (rule): ExportedRule => ({
      number: rule.key,
      id: rule.lineage,
      parent: parentOf(rule.key) ?? null,
      text: rule.text,
      examples: JSON.parse(rule.examples) as string[]
    })
  )
  const terms = listExportTerms(db, date).map(
    (term): ExportedTerm => ({ term: term.label, key: term.key, id: term.lineage, obsolete: term.obsolete === 1, text: term.text })
  )
  return {
    format: 'crdb-edition-export',
    formatVersion: 1,
    edition: date,
    effectiveDate: date,
    validTo: row.validTo,
    dateStatement: row.dateStatement,
    set: set ? { code: set.code, name: set.name } : null,
    source: {
      file: manifest?.file ?? (row.uri.split(/[/\\]/).pop() || row.uri),
      url: manifest?.url ?? (/^https?:\/\//i.test(row.uri) ? row.uri : null),
      sha256: row.sha256,
      bytes: row.bytes,
      encoding: row.encoding
    },
    truncated: row.truncated === 1,
    counts: { rules: rules.length, examples: rules.reduce((total, rule) => total + rule.examples.length, 0), terms: terms.length },
    rules,
    terms
  }
}

/** What a page of a whole edition shows: {@link readEditionText}'s answer. */
export interface EditionText {
  /** Every rule in document order, with its examples. */
  rules: Array<Pick<ExportedRule, 'number' | 'text' | 'examples'>>
  /** Every glossary term in document order. */
  terms: Array<Pick<ExportedTerm, 'term' | 'key' | 'text'>>
}

/**
 * The rules (with their examples) and glossary terms of the edition dated `edition` (a stored edition's date), as
 * {@link exportEdition} has them, without what a page of the whole edition does not show (ids, parents, the source).
 */
export function readEditionText(db: Crdb, edition: string): EditionText {
  return {
    rules: listEditionRuleTexts(db, edition).map(([number, text, examples]) => ({
      number,
      text,
      examples: examples === '[]' ? [] : (JSON.parse(examples) as string[])
    })),
    terms: listEditionTermTexts(db, edition).map(([key, term, text]) => ({ term, key, text }))
  }
}

/** The JSON export of edition `edition` as a file holds it: {@link exportEdition}'s answer, indented, with a final line break. */
export function renderEditionJson(db: Crdb, edition: string): string {
  return JSON.stringify(exportEdition(db, edition), null, 2) + '\n'
}

/** The anchor of rule `number` in the Markdown export (`r704.5j`), as on the server's whole-edition page. */
export function ruleAnchorOf(number: string): string {
  return `r${number}`
}

/** The anchor of glossary term `key` in the Markdown export (`term-legend-rule`), as on the server's whole-edition page. */
export function termAnchorOf(key: string): string {
  return `term-${key
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()}`
}

/**
 * Edition `edition` as Markdown: a title and what the edition is, a table of
 * contents, a heading per section and three-digit rule, a paragraph per
 * subrule, its examples quoted, then the glossary. Every rule and term has an
 * anchor of its own (`<a id="r704.5j">`, `<a id="term-legend-rule">`).
 *
 * @throws {CrdbError} as {@link exportEdition}.
 */
export function renderEditionMarkdown(db: Crdb, edition: string): string {
  const data = exportEdition(db, edition)
  const out: string[] = []
  const set = data.set ? ` (${data.set.name}, ${data.set.code})` : ''
  out.push(`# Magic: The Gathering Comprehensive Rules, edition of ${data.edition}`, '')
  out.push(
    `The edition that took effect on ${data.effectiveDate}${set}; ${data.validTo ? `in force until ${data.validTo}` : 'the newest edition stored'}.` +
      ` ${data.counts.rules} rules, ${data.counts.examples} examples and ${data.counts.terms} glossary terms.`,
    ''
  )
  out.push(`Source: ${escapeMarkdown(data.source.file)}${data.source.url ? ` (${data.source.url})` : ''}, sha256 \`${data.source.sha256}\`.`, '')
  if (data.truncated) out.push('The source is truncated: it stops before its end, and the rules or terms after the cut are missing.', '')
  out.push('## Contents', '')
  for (const rule of data.rules) {
    const depth = depthOf(rule.number)
    if (depth > 1) continue
    out.push(`${'  '.repeat(depth)}- [${printedNumber(rule.number)} ${escapeMarkdown(firstLine(rule.text))}](#${ruleAnchorOf(rule.number)})`)
  }
  if (data.terms.length > 0) out.push('- [Glossary](#glossary)')
  out.push('')
  for (const rule of data.rules) {
    const depth = depthOf(rule.number)
    const anchor = `<a id="${ruleAnchorOf(rule.number)}"></a>`
    const [first, ...rest] = rule.text.split('\n')
    if (depth <= 1) out.push(`${'#'.repeat(depth + 2)} ${anchor}${printedNumber(rule.number)} ${escapeMarkdown(first)}`, '')
    else out.push(`${anchor}**${printedNumber(rule.number)}** ${escapeMarkdown(first)}`, '')
    for (const paragraph of rest) out.push(escapeMarkdown(paragraph), '')
    for (const example of rule.examples) out.push(`> *Example:* ${escapeMarkdown(example)}`, '')
  }
  if (data.terms.length > 0) {
    out.push('## <a id="glossary"></a>Glossary', '')
    const used = new Set<string>()
    for (const term of data.terms) {
      let anchor = termAnchorOf(term.key)
      // Two keys with one slug (they differ in punctuation only): the later one is numbered, so that anchors stay unique.
      for (let count = 2; used.has(anchor); count++) anchor = `${termAnchorOf(term.key)}-${count}`
      used.add(anchor)
      out.push(`<a id="${anchor}"></a>**${escapeMarkdown(term.term)}**${term.obsolete ? ' (Obsolete)' : ''}`, '')
      for (const paragraph of term.text.split('\n')) out.push(escapeMarkdown(paragraph), '')
    }
  }
  return out.join('\n')
}

/**
 * Edition `edition` as plain text in the Comprehensive Rules' own layout (that
 * of the editions since 2009: one paragraph per line): the title, the sentence
 * that states the effective date, the contents, the rules with their examples,
 * the glossary and the Credits heading (none for a truncated edition, which
 * stopped before it). crdb's ingest reads it back to the same rules and terms.
 * The introduction and the credits are not stored, so not written.
 *
 * @throws {CrdbError} as {@link exportEdition}.
 */
export function renderEditionText(db: Crdb, edition: string): string {
  const data = exportEdition(db, edition)
  const out: string[] = ['Magic: The Gathering Comprehensive Rules', '']
  // The sentence as the document states it; the oldest edition states its date in a header line instead.
  if (/^(?:current|effective) as of /.test(data.dateStatement)) out.push(`These rules are ${data.dateStatement}.`, '')
  else if (/^COMPREHENSIVE RULES /i.test(data.dateStatement)) out.push(data.dateStatement, '')
  else out.push(`These rules are effective as of ${longDate(data.effectiveDate)}.`, '')
  out.push('Contents', '')
  for (const rule of data.rules) {
    const depth = depthOf(rule.number)
    if (depth === 0 && out.at(-1) !== '') out.push('')
    if (depth <= 1) out.push(`${printedNumber(rule.number)} ${firstLine(rule.text)}`)
  }
  if (data.terms.length > 0) out.push('', 'Glossary')
  if (!data.truncated) out.push('', 'Credits')
  out.push('')
  for (const rule of data.rules) {
    const [first, ...rest] = rule.text.split('\n')
    out.push(`${printedNumber(rule.number)} ${first}`, '')
    for (const paragraph of rest) out.push(paragraph, '')
    for (const example of rule.examples) out.push(`Example: ${example}`, '')
  }
  if (data.terms.length > 0 || !data.truncated) out.push('Glossary', '')
  for (const term of data.terms) out.push(`${term.term}${term.obsolete ? ' (Obsolete)' : ''}`, ...term.text.split('\n'), '')
  if (!data.truncated) out.push('Credits', '')
  return out.join('\n')
}

/**
 * Edition `edition` in `format`: {@link renderEditionJson}, {@link renderEditionMarkdown} or {@link renderEditionText}.
 *
 * @throws {CrdbError} `E_USAGE` for a format that is none of json, md and txt; else as {@link exportEdition}.
 */
export function renderEdition(db: Crdb, edition: string, format: string): string {
  const checked = checkExportFormat(format)
  if (checked === 'json') return renderEditionJson(db, edition)
  if (checked === 'md') return renderEditionMarkdown(db, edition)
  return renderEditionText(db, edition)
}

/**
 * `format` when it is one of {@link exportFormats}.
 *
 * @throws {CrdbError} `E_USAGE` otherwise, naming it.
 */
export function checkExportFormat(format: string): ExportFormat {
  if ((exportFormats as readonly string[]).includes(format)) return format as ExportFormat
  throw new CrdbError('E_USAGE', `format ${quoteInput(String(format))}: expected json, md or txt`)
}

/** The file name an export of edition `edition` (an effective date) in `format` is written to: `2009-07-11.json`. */
export function exportFileName(edition: string, format: ExportFormat): string {
  return `${edition}.${format}`
}

/**
 * The lineage table: every rule and glossary term lineage by stable id, with
 * the number (or term) it carried over each run of editions.
 */
export function listLineageTable(db: Crdb): LineageTable {
  const lineages: LineageTable['lineages'] = []
  for (const row of listLineageVersionRows(db)) {
    let lineage = lineages.at(-1)
    if (lineage?.id !== row.id) lineages.push((lineage = { id: row.id, kind: row.kind, intervals: [] }))
    const last = lineage.intervals.at(-1)
    // A new text under the same name in the next edition continues the interval: the table follows names, not wordings.
    if (last && last.name === row.label && last.validTo === row.firstDate) {
      last.to = row.lastDate
      last.validTo = row.validTo
    } else lineage.intervals.push({ name: row.label, from: row.firstDate, to: row.lastDate, validTo: row.validTo })
  }
  return { format: 'crdb-lineage-table', formatVersion: 1, lineages }
}

/** The lineage table as a file holds it: indented JSON with a final line break. */
export function renderLineageTable(db: Crdb): string {
  return JSON.stringify(listLineageTable(db), null, 2) + '\n'
}

/** 0 for a section, 1 for a three-digit rule, 2 for a subrule. */
function depthOf(number: string): number {
  const parts = splitRuleNumber(number)
  if (!parts || parts.rule === undefined) return 0
  return parts.subrule === undefined ? 1 : 2
}

/** The number as the document prints it: `1.`, `100.`, `100.1.`, `100.1a`. */
function printedNumber(number: string): string {
  return /[a-z]$/.test(number) ? number : `${number}.`
}

function firstLine(text: string): string {
  const end = text.indexOf('\n')
  return end < 0 ? text : text.slice(0, end)
}

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** `2009-07-11` -> `July 11, 2009`. */
function longDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number)
  return `${months[month - 1]} ${day}, ${year}`
}

/** Text as Markdown shows it literally: its markup characters escaped, and a line start that would read as a list, heading or quote. */
function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]<>|]/g, '\\$&')
    .replace(/^(\s*)(#|\+|-|(\d+)\.(?=\s))/, (_match, space: string, mark: string, digits?: string) =>
      digits === undefined ? `${space}\\${mark}` : `${space}${digits}\\.`
    )
}
