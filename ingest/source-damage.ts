/**
 * Substitution damage: an edition whose quotes and dashes were turned into `?`
 * (2008-05-01 throughout, 2009-05-01 its dashes) or U+FFFD. Each such
 * character is looked up in the neighbouring editions (the one before and the
 * one after, of the same build or already stored), by the words around it, in
 * the same rule or term (or, renumbered, the paragraph sharing most words with
 * it). Where both neighbours print a quote or a dash there and agree, it is
 * restored with the earlier neighbour's character; where they disagree, or one
 * is missing, the text stays as printed. Every damaged paragraph leaves a
 * positioned message (source, line, rule), restored ones with the text as
 * printed, so the damage stays visible as provenance.
 */
import type { Crdb } from '../src/store/database.js'
import { listEditionDates } from '../src/store/editions.js'
import { listExamplesOf, listRuleContentsAt } from '../src/store/rules.js'
import { listTermsAt } from '../src/store/terms.js'
import { hashEntry, type NormalizedEntry } from './normalize.js'
import type { EditionInput } from './store.js'

/** Message codes: a paragraph restored from its neighbours, and one left as printed. */
const sourceDamageCodes = { restored: 'source-damage-restored', kept: 'source-damage' } as const

/** The paragraphs of one entry, by kind and key, as evidence. */
type Evidence = Map<string, string>

/** An edition that may serve as a neighbour: its date and its entries' paragraphs joined. */
interface Neighbour {
  date: string
  byKey: Evidence
  /** Word index over the paragraphs, built when a damaged paragraph has no counterpart under its key. */
  index?: WordIndex
}

/** What restoring one edition found. */
export interface DamageOutcome {
  /** Paragraphs (rule texts, examples, definitions) restored whole. */
  restored: number
  /** Paragraphs with damage left as printed (at least one character the neighbours did not agree on). */
  kept: number
}

// A `?` (or U+FFFD) as damage prints it: a quote or a dash between or beside words, a dash between numbers.
const suspectPattern = /[A-Za-z0-9.,)]\?[A-Za-z0-9(]|(^|[\s(])[?\ufffd]\S|[A-Za-z.,][?\ufffd]($|[\s).,;:])|\s[?\ufffd]\s|\ufffd/
const marks = /[?\ufffd]/g
const mark = /[?\ufffd]/
// The characters each side of a damaged one that place it in a neighbour: a long context first, a short one
// where the neighbour reworded nearby (both neighbours must still agree on what stood there).
const contexts = [24, 12]

/**
 * Restore the damaged characters of the editions in `ready` (sorted by date)
 * from their neighbours, in place: entries get the restored text (and hash),
 * messages say what was restored or kept. Returns per edition date what was done.
 */
export function restoreSourceDamage(db: Crdb, ready: EditionInput[]): Map<string, DamageOutcome> {
  const outcomes = new Map<string, DamageOutcome>()
  const damaged = ready.filter(hasSourceDamage)
  if (damaged.length === 0) return outcomes
  const stored = listEditionDates(db)
  const fromBuild = new Map(ready.map((input) => [input.parsed.effectiveDate, input]))
  const restorer = new DamageRestorer(db, (date) => fromBuild.get(date))
  const dates = [...new Set([...stored, ...fromBuild.keys()])].sort()
  for (const input of damaged) {
    const date = input.parsed.effectiveDate
    const at = dates.indexOf(date)
    outcomes.set(date, restorer.restore(input, dates[at - 1], dates[at + 1]))
  }
  return outcomes
}

/** Whether an edition has a paragraph that looks damaged (so {@link DamageRestorer.restore} has work). */
export function hasSourceDamage(input: Pick<EditionInput, 'entries'>): boolean {
  return input.entries.some((entry) => paragraphsOf(entry).some(looksDamaged))
}

/**
 * Restores editions one after another, in date order, from their neighbours: an edition of the build (found by
 * `inBuild`) or else a stored one. A neighbour's paragraphs are read when first asked for and kept: an edition
 * restored before it is read as another's neighbour serves restored, one read before it is restored serves as
 * printed. So a build that stores editions as they are parsed restores them as one that restores them all first.
 */
export class DamageRestorer {
  readonly #db: Crdb
  readonly #inBuild: (date: string) => Pick<EditionInput, 'entries'> | undefined
  readonly #neighbours = new Map<string, Neighbour>()

  constructor(db: Crdb, inBuild: (date: string) => Pick<EditionInput, 'entries'> | undefined) {
    this.#db = db
    this.#inBuild = inBuild
  }

  /** Restore `input` (see {@link hasSourceDamage}) from the editions dated `before` and `after` it, when there are. */
  restore(input: Pick<EditionInput, 'entries' | 'messages'>, before: string | undefined, after: string | undefined): DamageOutcome {
    return restoreEdition(input, this.#neighbourAt(before), this.#neighbourAt(after))
  }

  #neighbourAt(date: string | undefined): Neighbour | undefined {
    if (date === undefined) return undefined
    let neighbour = this.#neighbours.get(date)
    if (!neighbour) {
      const input = this.#inBuild(date)
      neighbour = { date, byKey: input ? evidenceOf(input.entries) : storedEvidence(this.#db, date) }
      this.#neighbours.set(date, neighbour)
    }
    return neighbour
  }
}

/**
 * Restore one edition's damaged paragraphs from `before` and `after` (either may
 * be missing: then nothing is restored, and the damage is reported as kept).
 */
function restoreEdition(input: Pick<EditionInput, 'entries' | 'messages'>, before: Neighbour | undefined, after: Neighbour | undefined): DamageOutcome {
  const outcome: DamageOutcome = { restored: 0, kept: 0 }
  for (const entry of input.entries) {
    const paragraphs = paragraphsOf(entry)
    if (!paragraphs.some((text) => mark.test(text))) continue
    let changed = false
    const repaired = paragraphs.map((text) => {
      if (!mark.test(text)) return text
      const result = restoreParagraph(text, counterpart(before, entry, text), counterpart(after, entry, text))
      if (result.suspects === 0) return text
      const name = entry.kind === 'rule' ? entry.key : entry.label
      if (result.restored > 0 && result.kept === 0) {
        outcome.restored++
        changed = true
        input.messages.push({
          line: entry.line,
          rule: name,
          severity: 'info',
          code: sourceDamageCodes.restored,
          text: `${plural(result.restored, 'character')} printed as "?" restored from the editions of ${before!.date} and ${after!.date}, which agree; printed: ${JSON.stringify(text)}`
        })
        return result.text
      }
      outcome.kept++
      if (result.restored > 0) changed = true
      const why =
        !before || !after
          ? `no edition ${before ? 'after' : 'before'} it to restore from`
          : result.unplaced === result.kept
            ? `the edition of ${before.date} or ${after.date} lacks the text there`
            : `the editions of ${before.date} and ${after.date} do not agree there`
      input.messages.push({
        line: entry.line,
        rule: name,
        severity: 'warning',
        code: sourceDamageCodes.kept,
        text: `${plural(result.kept, 'character')} printed as "?" where another stood (a quote or a dash, most often), left as printed (${why})${result.restored > 0 ? `; ${result.restored} more restored from ${before!.date} and ${after!.date}` : ''}; printed: ${JSON.stringify(text)}`
      })
      return result.text
    })
    if (changed) {
      entry.text = repaired[0]
      entry.examples = repaired.slice(1)
      entry.hash = hashEntry(entry)
    }
  }
  input.messages.sort((a, b) => a.line - b.line)
  return outcome
}

/** Whether `text` has a character that looks damaged; most paragraphs have no `?` at all, which is quicker to see. */
function looksDamaged(text: string): boolean {
  return (text.includes('?') || text.includes('\ufffd')) && suspectPattern.test(text)
}

/** The paragraphs of an entry: its text, then its examples. */
function paragraphsOf(entry: Pick<NormalizedEntry, 'text' | 'examples'>): string[] {
  return [entry.text, ...entry.examples]
}

function evidenceKey(kind: string, key: string): string {
  return `${kind}\u0000${key}`
}

function evidenceOf(entries: NormalizedEntry[]): Evidence {
  return new Map(entries.map((entry) => [evidenceKey(entry.kind, entry.key), paragraphsOf(entry).join('\n')]))
}

/** A stored edition's rules (with their examples) and terms, as evidence. */
function storedEvidence(db: Crdb, date: string): Evidence {
  const evidence: Evidence = new Map()
  const rules = listRuleContentsAt(db, date)
  const examples = listExamplesOf(
    db,
    rules.map((rule) => rule.contentId)
  )
  for (const rule of rules) evidence.set(evidenceKey('rule', rule.key), [rule.text, ...(examples.get(rule.contentId) ?? [])].join('\n'))
  for (const term of listTermsAt(db, date)) evidence.set(evidenceKey('term', term.key), term.text)
  return evidence
}

/** The neighbour's paragraphs for `entry`: under its key, or (renumbered) those sharing most words with `text`. */
function counterpart(neighbour: Neighbour | undefined, entry: NormalizedEntry, text: string): string | undefined {
  if (!neighbour) return undefined
  const same = neighbour.byKey.get(evidenceKey(entry.kind, entry.key))
  if (same !== undefined && similar(same, text)) return same
  neighbour.index ??= indexWords(neighbour.byKey)
  return neighbour.index.closest(text)
}

/** Whether `evidence` holds `text` in most of its words (the same rule, edited or not). */
function similar(evidence: string, text: string): boolean {
  const words = new Set(wordsOf(evidence))
  const own = wordsOf(text)
  return own.filter((word) => words.has(word)).length >= 0.6 * own.length
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[a-z]{3,}/g) ?? []
}

/** The paragraphs of an edition by their words, to find the one a damaged paragraph was renumbered from. */
interface WordIndex {
  closest(text: string): string | undefined
}

function indexWords(evidence: Evidence): WordIndex {
  const texts = [...evidence.values()]
  const postings = new Map<string, number[]>()
  for (const [id, text] of texts.entries()) {
    for (const word of new Set(wordsOf(text))) {
      let list = postings.get(word)
      if (!list) postings.set(word, (list = []))
      list.push(id)
    }
  }
  return {
    closest(text) {
      const own = [...new Set(wordsOf(text))]
      const shared = new Map<number, number>()
      for (const word of own) {
        const list = postings.get(word)
        // A word most paragraphs have tells none apart.
        if (!list || list.length > texts.length / 4) continue
        for (const id of list) shared.set(id, (shared.get(id) ?? 0) + 1)
      }
      let best: number | undefined
      let most = 0
      for (const [id, count] of shared) if (count > most) [best, most] = [id, count]
      return best !== undefined && similar(texts[best], text) ? texts[best] : undefined
    }
  }
}

/** What restoring one paragraph did: the text, and how many suspect characters were restored or kept. */
interface ParagraphRepair {
  text: string
  suspects: number
  restored: number
  kept: number
  /** Of those kept: how many a neighbour lacks (a text new or gone in the damaged edition). */
  unplaced: number
}

/**
 * Restore each `?` (or U+FFFD) of `text` that both neighbours print as the same
 * quote or dash at the same place (found by the characters around it, numbers
 * read as any number, other damaged characters as any stand-in). A `?` a
 * neighbour prints as `?` is a question mark; one neither can place counts as
 * damage only where it looks like it.
 */
export function restoreParagraph(text: string, before: string | undefined, after: string | undefined): ParagraphRepair {
  const repair: ParagraphRepair = { text, suspects: 0, restored: 0, kept: 0, unplaced: 0 }
  const positions = [...text.matchAll(marks)].map((match) => match.index)
  const replacements = new Map<number, string>()
  // Italics markup (`_Magic_`) is not printed by every edition: it is no evidence either way.
  const plainBefore = before?.replaceAll('_', '')
  const plainAfter = after?.replaceAll('_', '')
  for (const at of positions) {
    const earlier = plainBefore === undefined ? undefined : standInAt(text, at, plainBefore)
    const later = plainAfter === undefined ? undefined : standInAt(text, at, plainAfter)
    if (earlier === '?' || later === '?') continue // A question mark, as the neighbour prints it.
    if (text[at] === '?' && inAddress(text, at)) continue // `main.asp?x=oracle`
    const looksDamaged = text[at] === '\ufffd' || suspectPattern.test(text.slice(Math.max(0, at - 1), at + 2))
    if (earlier !== undefined && later !== undefined && fold(earlier) === fold(later)) {
      replacements.set(at, earlier)
      repair.suspects++
      repair.restored++
    } else if (looksDamaged || earlier !== undefined || later !== undefined) {
      repair.suspects++
      repair.kept++
      if (earlier === undefined || later === undefined) repair.unplaced++
    }
  }
  if (replacements.size === 0) return repair
  let restored = ''
  let from = 0
  for (const at of positions) {
    const replacement = replacements.get(at)
    if (replacement === undefined) continue
    restored += text.slice(from, at) + replacement
    from = at + 1
  }
  repair.text = tidySpaces(restored + text.slice(from))
  return repair
}

/** Whether the `?` at `at` is part of a web address (a query string), not damage. */
function inAddress(text: string, at: number): boolean {
  const start = text.lastIndexOf(' ', at) + 1
  const word = text.slice(start, at)
  return /^(?:https?:|www\.)|\/|\.(?:asp|aspx|php|html?)$/i.test(word)
}

/**
 * The stand-in `evidence` (without italics markup) prints where `text` has a damaged character at `at`, when the
 * words around it say.
 */
function standInAt(text: string, at: number, evidence: string): string | undefined {
  for (const context of contexts) {
    const found = standInWithin(text, at, evidence, context)
    if (found !== undefined) return found
  }
  return undefined
}

function standInWithin(text: string, at: number, evidence: string, context: number): string | undefined {
  const left = text.slice(Math.max(0, at - context), at)
  const right = text.slice(at + 1, at + 1 + context)
  const pieces = [...piecesOf(left), { kind: 'stand-in', capture: true } as const, ...piecesOf(right)]
  // Every match holds each literal piece as it is: a neighbour without the longest has none.
  let longest = ''
  for (const piece of pieces) if (piece.kind === 'literal' && piece.text.length > longest.length) longest = piece.text
  if (!evidence.includes(longest)) return undefined
  let found: string | undefined
  for (const stood of matchAllPieces(pieces, evidence)) {
    if (found !== undefined && fold(found) !== fold(stood)) return undefined // Two places, two answers.
    found ??= stood
  }
  return found
}

/**
 * A piece of the pattern a damaged character's contexts make: a literal, spaces (any number, none included),
 * a number (any), or a stand-in: what a damaged character may have been, a quote, or a dash with the spaces
 * around it, or a trademark sign (`Oracle?`, `DCI?`) as the neighbours print it (™ ® (TM) (R)); or a real `?`.
 */
type Piece = { kind: 'literal'; text: string } | { kind: 'spaces' } | { kind: 'number' } | { kind: 'stand-in'; capture: boolean }

/** A context as pieces: spaces loose, numbers any number, damaged characters any stand-in. */
function piecesOf(context: string): Piece[] {
  const pieces: Piece[] = []
  for (const part of context.replaceAll('_', '').split(/(\s+|\d+|[?\ufffd])/)) {
    if (part === '') continue
    if (/^\s+$/.test(part)) pieces.push({ kind: 'spaces' })
    else if (/^\d+$/.test(part)) pieces.push({ kind: 'number' })
    else if (part === '?' || part === '\ufffd') pieces.push({ kind: 'stand-in', capture: false })
    else pieces.push({ kind: 'literal', text: part })
  }
  return pieces
}

const space = /\s/
const dashes = '\u2013\u2014\u2015-'
const quotes = `"'\u2018\u2019\u201c\u201d\`\u2122\u00ae`

/**
 * What each match of `pieces` in `evidence` captured (its capturing stand-in), leftmost first, each search going
 * on after the last match, as a global regular expression's matches: the pieces match as
 * `\s*`, `\d+`, `(\s*(?:--|[–—―-])\s*|["'‘’“”\`™®]|\((?:[Tt][Mm]|[Rr])\)|\?)` and the literal would,
 * trying longer runs and the alternatives in that order first. Matched by hand, not by a regular expression
 * made for each damaged character: V8 compiled one in about 45 µs, most of restoring an edition.
 */
function* matchAllPieces(pieces: readonly Piece[], evidence: string): Generator<string> {
  let captured = ''
  const spacesAt = (at: number): number => {
    let end = at
    while (end < evidence.length && space.test(evidence[end])) end++
    return end - at
  }
  // The end of a match of pieces[index..] from `at`, or -1; the first that succeeds in the regular expression's order.
  const matchFrom = (index: number, at: number): number => {
    if (index === pieces.length) return at
    const piece = pieces[index]
    switch (piece.kind) {
      case 'literal':
        return evidence.startsWith(piece.text, at) ? matchFrom(index + 1, at + piece.text.length) : -1
      case 'spaces':
        for (let run = spacesAt(at); run >= 0; run--) {
          const end = matchFrom(index + 1, at + run)
          if (end >= 0) return end
        }
        return -1
      case 'number': {
        let run = 0
        while (at + run < evidence.length && evidence.charCodeAt(at + run) >= 48 && evidence.charCodeAt(at + run) <= 57) run++
        for (; run >= 1; run--) {
          const end = matchFrom(index + 1, at + run)
          if (end >= 0) return end
        }
        return -1
      }
      case 'stand-in': {
        const rest = (after: number): number => {
          const end = matchFrom(index + 1, after)
          if (end >= 0 && piece.capture) captured = evidence.slice(at, after)
          return end
        }
        // A dash, with any spaces either side.
        for (let before = spacesAt(at); before >= 0; before--) {
          const dash = at + before
          const lengths = evidence.startsWith('--', dash) ? [2, 1] : dashes.includes(evidence[dash] ?? '\u0000') ? [1] : []
          for (const length of lengths) {
            for (let after = spacesAt(dash + length); after >= 0; after--) {
              const end = rest(dash + length + after)
              if (end >= 0) return end
            }
          }
        }
        const next = evidence[at]
        if (next !== undefined && quotes.includes(next)) return rest(at + 1)
        if (next === '(') {
          const sign = /^\((?:[Tt][Mm]|[Rr])\)/.exec(evidence.slice(at, at + 4))
          if (sign) return rest(at + sign[0].length)
        }
        if (next === '?') return rest(at + 1)
        return -1
      }
    }
  }
  const first = pieces[0]
  for (let start = 0; start < evidence.length; ) {
    // A match that starts with a literal starts where the literal is.
    if (first?.kind === 'literal') {
      start = evidence.indexOf(first.text, start)
      if (start < 0) return
    }
    const end = matchFrom(0, start)
    if (end < 0) {
      start++
      continue
    }
    yield captured
    start = end
  }
}

/** A stand-in reduced to what it is: a quote (single or double) or a dash. */
function fold(standIn: string): string {
  const trimmed = standIn.trim()
  if (/^(?:--|[\u2013\u2014\u2015-])$/.test(trimmed)) return '-'
  if (/^[\u2018\u2019'`]$/.test(trimmed)) return "'"
  if (/^[\u201c\u201d"]$/.test(trimmed)) return '"'
  if (/^(?:\u2122|\(tm\))$/i.test(trimmed)) return '\u2122'
  if (/^(?:\u00ae|\(r\))$/i.test(trimmed)) return '\u00ae'
  return trimmed
}

function tidySpaces(text: string): string {
  return text.replace(/ {2,}/g, ' ')
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
