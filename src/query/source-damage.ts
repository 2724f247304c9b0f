/**
 * Source damage on the read side: the notes an answer carries where the
 * edition it reads printed quotes and dashes as `?` (restored from the
 * neighbouring editions, or kept as printed), and whether a change between two
 * wordings is only that damage arriving or leaving.
 */
import type { Crdb } from '../store/database.js'
import { rememberPerContent } from '../store/per-content.js'
import { listSourceDamageAt, listSourceDamageOf, listSourceDamagePairs, type SourceDamageRow } from '../store/source-damage.js'
import type { SourceDamageNote } from '../vocabulary/rule-version.js'

/** The note of one stored damage message: its text split into what was done and the paragraph as printed. */
function noteOf(row: SourceDamageRow): SourceDamageNote {
  const at = row.text.indexOf('; printed: ')
  let printed = ''
  try {
    printed = at < 0 ? '' : (JSON.parse(row.text.slice(at + '; printed: '.length)) as string)
  } catch {
    printed = row.text.slice(at + '; printed: '.length)
  }
  return {
    edition: row.edition,
    status: row.code === 'source-damage-restored' ? 'restored' : 'kept',
    note: `source damage: ${at < 0 ? row.text : row.text.slice(0, at)}`,
    printed,
    source: { uri: row.uri, line: row.line }
  }
}

/** The source damage of rule `key` in the edition dated `edition` (empty for an undamaged one). */
export function readSourceDamageAt(db: Crdb, key: string, edition: string): SourceDamageNote[] {
  // Most rules of most editions have none: those are known without asking.
  if (!readDamagedEditions(db).get(key)?.includes(edition)) return []
  return listSourceDamageAt(db, key, edition).map(noteOf)
}

/** The editions whose source damage is noted on each rule number (about 1,300 pairs in all), read once per content of the file. */
export const readDamagedEditions: (db: Crdb) => ReadonlyMap<string, readonly string[]> = rememberPerContent((db) => {
  const editions = new Map<string, string[]>()
  for (const [rule, edition] of listSourceDamagePairs(db)) {
    let list = editions.get(rule)
    if (!list) editions.set(rule, (list = []))
    list.push(edition)
  }
  return editions
})

/** The source damage of the rules `keys` in every edition, by rule number. */
export function readSourceDamageOf(db: Crdb, keys: readonly string[]): Map<string, SourceDamageNote[]> {
  const notes = new Map<string, SourceDamageNote[]>()
  for (const row of listSourceDamageOf(db, keys)) {
    let list = notes.get(row.rule)
    if (!list) notes.set(row.rule, (list = []))
    list.push(noteOf(row))
  }
  return notes
}

// What a `?` may stand for, as the ingest restores it: a quote, a dash (with its spaces), a trademark sign.
const standIn = `(?:\\s*(?:--|[\\u2013\\u2014\\u2015-])\\s*|["'\\u2018\\u2019\\u201c\\u201d\`\\u2122\\u00ae]|\\((?:[Tt][Mm]|[Rr])\\))`

/** The letters and digits of `text`, without the trademark signs written `(TM)` or `(R)`: what source damage leaves as it was. */
function lettersOf(text: string): string {
  return text.replace(/\((?:[Tt][Mm]|[Rr])\)/g, '').replace(/[^\p{L}\p{N}]/gu, '')
}

/**
 * True when `damaged`, whose `?` (or U+FFFD) stood for quotes, dashes or
 * trademark signs, reads as `sound` once each of them is read as any of those
 * (italics markup and spacing aside): the change between them is the damage.
 */
export function differsOnlyByDamage(damaged: string, sound: string): boolean {
  if (!/[?\ufffd]/.test(damaged) || damaged === sound) return false
  // Damage stands only for punctuation and trademark signs: texts whose letters and digits differ differ in more.
  if (lettersOf(damaged) !== lettersOf(sound)) return false
  let pattern = ''
  for (const part of damaged.replaceAll('_', '').split(/(\s+|[?\ufffd])/)) {
    if (part === '') continue
    if (/^\s+$/.test(part)) pattern += '\\s*'
    else if (part === '?' || part === '\ufffd') pattern += `(?:${standIn}|\\?)`
    else pattern += part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  }
  return new RegExp(`^\\s*${pattern}\\s*$`).test(sound.replaceAll('_', ''))
}
