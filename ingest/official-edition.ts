/**
 * Reading an official edition into what the store takes, and its misprinted
 * numbers decided by the next edition of the archive (issue 13): where a
 * number breaks the sequence, the number the edition after it gives the same
 * text decides the repair. That edition comes from the same build, or is
 * already stored; an edition stored earlier is read again when the edition
 * after it arrives.
 */
import { readSource } from './read-source.js'
import { basename } from 'node:path'
import type { Crdb } from '../src/store/database.js'
import { listRuleTextsAt } from '../src/store/rules.js'
import { listEditionDates, listEditionMessageRows } from '../src/store/editions.js'
import { sha256Of } from '../src/vocabulary/hash.js'
import { decodeSource, type DecodedSource } from './decode.js'
import { normalizeEdition } from './normalize.js'
import { attributeToEntries, parseOfficialText, type NextEdition } from './parse/official-text.js'
import { restoreSourceDamage } from './source-damage.js'
import type { EditionInput, EditionWriter } from './store.js'

/** Parse and normalize a decoded official edition, its misprints decided by `nextEdition` where it can. */
export function readOfficialEdition(uri: string, decoded: DecodedSource, nextEdition?: NextEdition): EditionInput {
  const parsed = parseOfficialText(decoded.text, uri, { nextEdition })
  const messages = [...attributeToEntries(parsed, decoded.messages), ...parsed.messages]
  const named = /(\d{4}-\d{2}-\d{2})/.exec(basename(uri))
  if (named && named[1] !== parsed.effectiveDate) {
    messages.push({
      line: parsed.dateLine,
      severity: 'info',
      code: 'name-date-mismatch',
      text: `file name says ${named[1]} but the document states ${parsed.effectiveDate} ("${parsed.dateStatement}"); filed under the stated date`
    })
  }
  messages.sort((a, b) => a.line - b.line)
  return { uri, format: 'official-text', decoded, parsed, entries: normalizeEdition(parsed), messages }
}

/** The rules of the stored edition dated `date`, as evidence. */
function storedEdition(db: Crdb, date: string): NextEdition {
  return { date, rules: listRuleTextsAt(db, date).map((row) => ({ number: row.key, text: row.text })) }
}

/**
 * Read again, with the next edition as evidence, each edition of a build whose
 * numbers break the sequence. `ready` is sorted by date; the next edition is
 * the one after it in the build or the first stored after it, whichever is
 * earlier. Newest first, so that the evidence is itself repaired.
 */
export function consultNextEditions(db: Crdb, ready: EditionInput[]): void {
  if (!ready.some((input) => input.parsed.misprints > 0)) return
  const stored = listEditionDates(db)
  for (let index = ready.length - 1; index >= 0; index--) {
    const input = ready[index]
    if (input.parsed.misprints === 0) continue
    const date = input.parsed.effectiveDate
    const inBuild = ready.slice(index + 1).find((other) => other.parsed.effectiveDate > date)
    const inStore = stored.find((other) => other > date)
    if (inBuild && (inStore === undefined || inBuild.parsed.effectiveDate <= inStore)) ready[index] = readWithNextEdition(input, inBuild)
    else if (inStore !== undefined) ready[index] = readAgain(input, storedEdition(db, inStore))
  }
}

/** Edition `input` of a build (it has misprints, so its text was kept) read again with `next`, the next edition of the build, as evidence. */
export function readWithNextEdition(input: EditionInput, next: EditionInput): EditionInput {
  return readAgain(input, { date: next.parsed.effectiveDate, rules: rulesOf(next) })
}

function readAgain(input: EditionInput, next: NextEdition): EditionInput {
  const { text } = input.decoded
  if (text === undefined) throw new Error(`${input.uri}: prepared without its text, which its misprints need`)
  return readOfficialEdition(input.uri, { ...input.decoded, text }, next)
}

/**
 * The rules of an edition of the build, as evidence: its parse, or (a build
 * keeps only entries) its rule entries, whose first paragraphs have the same words.
 */
function rulesOf(input: EditionInput): NextEdition['rules'] {
  return input.parsed.rules ?? input.entries.filter((entry) => entry.kind === 'rule').map((entry) => ({ number: entry.key, text: entry.text }))
}

/** Codes of the messages a misprinted number leaves: an edition with one may read differently once its next edition is known. */
const misprintCodes = new Set(['number-slip', 'duplicate-number', 'out-of-order'])

/**
 * After editions were stored or removed, read again each stored edition whose
 * next edition is now another and which reported misprinted numbers, from its
 * file when it is still there unchanged; it is stored again when the next
 * edition changes how it reads (numbers or messages). `changedDates` are the
 * dates stored, replaced or removed. Returns the dates stored again.
 */
export function rereadPreviousEditions(db: Crdb, writer: EditionWriter, changedDates: string[]): string[] {
  const dates = listEditionDates(db)
  const built = new Set(changedDates)
  const reread: string[] = []
  for (const date of changedDates) {
    // The stored edition at or after the change is the previous edition's next one now (none after the newest).
    let at = dates.findIndex((stored) => stored >= date)
    if (at === -1) at = dates.length
    const previous = dates[at - 1]
    const next = dates[at] as string | undefined
    if (previous === undefined || built.has(previous) || reread.includes(previous)) continue
    const stored = listEditionMessageRows(db, previous)
    if (!stored.some((message) => misprintCodes.has(message.code) && message.severity !== 'info')) continue
    const input = readStoredAgain(db, writer, previous, next)
    if (!input || sameMessages(input, stored)) continue
    writer.write(input, { replace: true })
    reread.push(previous)
  }
  return reread
}

/** Codes of the messages source damage leaves: an edition with one may read differently once its neighbours change. */
const damageCodes = new Set(['source-damage', 'source-damage-restored', 'damaged-quotes'])

/**
 * After editions were stored or removed, read again each stored edition beside
 * a change whose text had source damage, from its file when it is still there
 * unchanged, and restore it from its neighbours as they are now; it is stored
 * again when that changes how it reads. `changedDates` are the dates stored,
 * replaced or removed. Returns the dates stored again.
 */
export function rereadDamagedNeighbours(db: Crdb, writer: EditionWriter, changedDates: string[]): string[] {
  const dates = listEditionDates(db)
  const changed = new Set(changedDates)
  const beside = new Set<string>()
  for (const date of changedDates) {
    let at = dates.findIndex((stored) => stored >= date)
    if (at === -1) at = dates.length
    const previous = dates[at - 1] as string | undefined
    const next = (dates[at] === date ? dates[at + 1] : dates[at]) as string | undefined
    for (const neighbour of [previous, next]) if (neighbour !== undefined && !changed.has(neighbour)) beside.add(neighbour)
  }
  const reread: string[] = []
  for (const date of [...beside].sort()) {
    const stored = listEditionMessageRows(db, date)
    if (!stored.some((message) => damageCodes.has(message.code))) continue
    const input = readStoredAgain(
      db,
      writer,
      date,
      dates.find((other) => other > date)
    )
    if (!input) continue
    restoreSourceDamage(db, [input])
    if (sameMessages(input, stored)) continue
    writer.write(input, { replace: true })
    reread.push(date)
  }
  return reread
}

/**
 * The stored edition of `date` read again from its file, with `next` (the stored edition after it, if any) to
 * decide its misprints; `undefined` when the file is gone or its bytes changed (it keeps the reading it had).
 */
function readStoredAgain(db: Crdb, writer: EditionWriter, date: string, next: string | undefined): EditionInput | undefined {
  const source = writer.findEditionSource(date)!
  let bytes: Uint8Array
  try {
    bytes = readSource(source.uri)
  } catch {
    return undefined
  }
  if (sha256Of(bytes) !== source.sha256) return undefined
  return readOfficialEdition(source.uri, decodeSource(bytes, source.uri), next === undefined ? undefined : storedEdition(db, next))
}

/** Whether an edition read again reports the same messages, on the same lines, as it did when stored. */
function sameMessages(input: EditionInput, stored: Array<{ text: string; line: number }>): boolean {
  return (
    input.messages.length === stored.length &&
    input.messages.every((message, index) => message.text === stored[index].text && message.line === stored[index].line)
  )
}
