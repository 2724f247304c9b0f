/**
 * Names the way people type them: a glossary term or a rule title found from a
 * plural (`mana abilities`), another inflection (`cycle`, `die`, `attacks`), a
 * spelling without its hyphens or spaces (`state based actions`, `first-strike`,
 * `LegendRule`), an abbreviation (`cda`, `etb`, `sbas`, `p/t`), a player's word
 * (`corpus/informal-words.json`: `legendary rule`, `cmc`), a name of another
 * era (`mana value` in 2009 is `converted mana cost`), or a shortened or
 * lengthened name (`summoning sickness`, `etb trigger`, `protection from white`).
 *
 * The readings are tried in that order, after the exact name (which the
 * callers try first, as before); the first reading that finds anything in the
 * edition asked answers. Where one reading finds several things (`source`:
 * Source of an Ability, Source of Damage, Source of Mana), the caller answers
 * {@link AmbiguousNameError} with them. Every form is looked up in maps built
 * once per database handle (and rebuilt when the database changes), not by a
 * scan of the names.
 */
import type { Crdb } from '../store/database.js'
import { listTermVersionSpans, listTitleVersionSpans, type NamedVersion } from '../store/names.js'
import { readGeneration } from '../store/search.js'
import { listAliases } from '../store/terms.js'
import { corpusPath, informalWordsSchema, readCorpusJson } from '../vocabulary/corpus-files.js'
import { readRewriteVocabulary } from '../vocabulary/rewrite-vocabulary.js'
import { CrdbError } from '../vocabulary/errors.js'
import { termKey } from '../vocabulary/term-key.js'

/** How a name that is not printed as asked was read. */
export type NameReading = 'spelling' | 'inflection' | 'informal' | 'abbreviation' | 'era' | 'shortened'

/** A name that was read rather than found as typed: what was asked, and how it was read. */
export interface NameRead {
  /** The name as asked. */
  asked: string
  /**
   * `spelling`: case, spaces, hyphens or punctuation aside (`state based actions`);
   * `inflection`: another form of a word (`mana abilities`, `cycle`, `die`);
   * `informal`: a player's word from the informal-words table (`legendary rule`, `cmc`);
   * `abbreviation`: the initials of a name (`cda`, `etb`, `sbas`);
   * `era`: the name another era gives the same thing (`mana value` in 2009);
   * `shortened`: a name cut short or with words added (`summoning sickness`, `etb trigger`).
   */
  by: NameReading
}

/** What a name was read as: a glossary term (by key) or a rule title (by rule number). */
export interface NameTarget {
  kind: 'term' | 'title'
  /** The term key, or the number of the rule the title heads. */
  key: string
  /** The term or title as the edition prints it. */
  label: string
}

/** A name that names several terms or rules in the edition asked (`source`); carries them. */
export class AmbiguousNameError extends CrdbError {
  /** The candidates, as the edition prints them (`Source of an Ability`, ...). */
  readonly candidates: string[]

  constructor(asked: string, edition: string, candidates: string[]) {
    super(
      'E_AMBIGUOUS',
      `"${asked.trim().slice(0, 80)}" names ${candidates.length} things in the edition of ${edition}: ${candidates.map((name) => `"${name}"`).join(', ')}; ask for one of them`
    )
    this.candidates = candidates
  }
}

/** A stored name (a term key, alias or heading part; a title in lower case) and what it names. */
interface Named {
  kind: 'term' | 'title'
  name: string
}

/** The per-handle maps of every name's forms. */
interface NameIndex {
  generation: string
  /** Term name -> the keys it names. */
  termKeys: Map<string, string[]>
  /** Term key -> its versions. */
  termVersions: Map<string, NamedVersion[]>
  /** Title in lower case -> its versions (one per number and span). */
  titleVersions: Map<string, NamedVersion[]>
  /** Every name by its letters and digits alone (`statebasedactions`). */
  compact: Map<string, Named[]>
  /** Every name by the forms of its words (`manaability` for `mana abilities`). */
  inflected: Map<string, Named[]>
  /** Names of two words or more by their initials (`cda`, `etb`, `pt`). */
  initials: Map<string, Named[]>
  /** Names by their first words, compact (`summoningsickness` for `summoning sickness rule`). */
  beginnings: Map<string, Named[]>
  /** Informal phrase, compact -> the rules' words it means, and the editions it applies to (`from`, `until`). */
  informal: Map<string, Array<{ means: string; from?: string; until?: string }>>
  /** Name, compact -> the names other eras give it (rewrite vocabulary and informal table). */
  eras: Map<string, string[]>
}

const indexes = new WeakMap<Crdb, NameIndex>()

/** Words a name is looked up without, at either end. */
const leadingArticle = /^(?:the|a|an)\s+/
const trailingGeneric = /[\s-]+(?:triggers?|triggered abilit(?:y|ies)|abilit(?:y|ies)|rule|effects?)$/
/** Short English words that are never read as initials (`as` is not Aura Swap). */
const commonWords = new Set(
  'a an and any are as at be but by can do for get go has how if in is it its me my new no not now of old on one or our out so the to two up us use was we who why yes you'.split(
    ' '
  )
)
/** A keyword and its parameter: `protection from white`, `affinity for artifacts`, `enchant creature`. */
const parameter = /^(.+?)\s+(?:from|for|with)(?:\s+.*)?$/

/**
 * What `input` names in `edition` by the first reading that finds anything,
 * among terms and/or rule titles (`kinds`); `undefined` when none does. The
 * exact name is not tried here (the callers try it first).
 */
export function readName(
  db: Crdb,
  input: string,
  edition: string,
  kinds: ReadonlyArray<'term' | 'title'>
): { targets: NameTarget[]; read: NameRead } | undefined {
  const index = nameIndexOf(db)
  const asked = termKey(input)
  const name = asked.replace(leadingArticle, '')
  const tiers: Array<[NameReading, () => Named[]]> = [
    ['spelling', () => index.compact.get(compactOf(name)) ?? []],
    ['inflection', () => formsOf(name).flatMap((form) => index.inflected.get(form) ?? [])],
    ['informal', () => meaningsOn(index, name, edition).flatMap((means) => namedBy(index, means))],
    ['abbreviation', () => initialsAsked(name).flatMap((initials) => index.initials.get(initials) ?? [])],
    ['shortened', () => shortenedNames(index, name, edition)]
  ]
  for (const [by, find] of tiers) {
    const found = targetsIn(index, find(), edition, kinds)
    if (found.targets.length > 0) return { targets: found.targets, read: { asked: input.trim(), by: found.era && by === 'spelling' ? 'era' : by } }
  }
  return undefined
}

/** What the informal phrase `name` means in the edition dated `edition` (an entry may apply only from or until a day). */
function meaningsOn(index: NameIndex, name: string, edition: string): string[] {
  return (index.informal.get(compactOf(name)) ?? [])
    .filter((entry) => (entry.from === undefined || edition >= entry.from) && (entry.until === undefined || edition < entry.until))
    .map((entry) => entry.means)
}

/** The names `words` finds by spelling, then inflection (for the rules' words of an informal phrase). */
function namedBy(index: NameIndex, words: string): Named[] {
  const compact = index.compact.get(compactOf(words))
  if (compact) return compact
  return formsOf(termKey(words)).flatMap((form) => index.inflected.get(form) ?? [])
}

/** Names cut short or lengthened: without a generic last word, a keyword without its parameter, a name `name` begins. */
function shortenedNames(index: NameIndex, name: string, edition: string): Named[] {
  const shorter = name.replace(trailingGeneric, '')
  if (shorter !== name && shorter !== '') {
    const named = [
      ...(index.compact.get(compactOf(shorter)) ?? []),
      ...formsOf(shorter).flatMap((form) => index.inflected.get(form) ?? []),
      ...meaningsOn(index, shorter, edition).flatMap((means) => namedBy(index, means)),
      ...initialsAsked(shorter).flatMap((initials) => index.initials.get(initials) ?? [])
    ]
    if (named.length > 0) return named
  }
  const keyword = parameter.exec(name)?.[1]
  if (keyword) {
    const named = index.compact.get(compactOf(keyword))
    if (named) return named
  }
  return index.beginnings.get(compactOf(name)) ?? []
}

/**
 * The targets in `edition` of the names found, each name tried as itself and
 * then (when the edition lacks it) as the names other eras give it.
 */
function targetsIn(index: NameIndex, named: Named[], edition: string, kinds: ReadonlyArray<'term' | 'title'>): { targets: NameTarget[]; era: boolean } {
  const targets = new Map<string, NameTarget>()
  let era = false
  const seen = new Set<string>()
  for (const { kind, name } of named) {
    if (!kinds.includes(kind) || seen.has(kind + '\u0000' + name)) continue
    seen.add(kind + '\u0000' + name)
    let found = targetsNamed(index, kind, name, edition)
    if (found.length === 0) {
      // The same thing under the name of the edition asked: mana value in 2009 is converted mana cost.
      for (const other of index.eras.get(compactOf(name)) ?? []) {
        found = [...(index.compact.get(compactOf(other)) ?? []), ...formsOf(other).flatMap((form) => index.inflected.get(form) ?? [])]
          .filter((n) => kinds.includes(n.kind))
          .flatMap((n) => targetsNamed(index, n.kind, n.name, edition))
        if (found.length > 0) {
          era = true
          break
        }
      }
    }
    for (const target of found) targets.set(target.kind + '\u0000' + target.key, target)
  }
  return { targets: [...targets.values()], era }
}

/** What the stored name `name` names in `edition`. */
function targetsNamed(index: NameIndex, kind: 'term' | 'title', name: string, edition: string): NameTarget[] {
  if (kind === 'title') {
    return (index.titleVersions.get(name) ?? []).filter((v) => inForce(v, edition)).map((v) => ({ kind, key: v.key, label: v.label }))
  }
  const targets: NameTarget[] = []
  for (const key of index.termKeys.get(name) ?? []) {
    const version = index.termVersions.get(key)?.find((v) => inForce(v, edition))
    if (version) targets.push({ kind, key, label: version.label })
  }
  // A name shared by several terms finds the one of that exact key (as the exact lookup does).
  return targets.length > 1 && targets.some((t) => t.key === name) ? targets.filter((t) => t.key === name) : targets
}

function inForce(version: NamedVersion, edition: string): boolean {
  return version.firstDate <= edition && version.lastDate >= edition
}

/** A name by its letters and digits alone: `State-Based Actions` -> `statebasedactions`, `P/T` -> `pt`. */
function compactOf(name: string): string {
  return termKey(name).replace(/[^\p{L}\p{N}]+/gu, '')
}

/** The words of a name: `characteristic-defining abilities` -> characteristic, defining, abilities. */
function wordsOf(name: string): string[] {
  return termKey(name)
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
}

/** Every compact form of a name with each word in any of its forms (at most 64). */
function formsOf(name: string): string[] {
  let forms = ['']
  for (const word of wordsOf(name)) {
    const variants = variantsOf(word)
    forms = forms.flatMap((form) => variants.map((variant) => form + variant)).slice(0, 64)
  }
  return forms[0] === '' ? [] : forms
}

/**
 * The forms a word may be another form of: itself, and without an ending of a
 * plural, a third person, a past or a participle (`abilities` -> ability,
 * `dies` -> die, `dying` -> die, `cycling` -> cycle, `tapped` -> tap). Two words
 * are forms of each other when their forms meet.
 */
function variantsOf(word: string): string[] {
  const variants = new Set([word])
  const add = (variant: string): void => {
    if (variant.length >= 3) variants.add(variant)
  }
  const stemmed = (base: string): void => {
    add(base)
    add(base + 'e')
    if (/([^aeiouls])\1$/.test(base)) add(base.slice(0, -1))
  }
  if (word.endsWith('ies')) {
    add(word.slice(0, -3) + 'y')
    add(word.slice(0, -3) + 'ie')
  } else if (word.endsWith('es')) {
    add(word.slice(0, -2))
    add(word.slice(0, -1))
  } else if (word.endsWith('s') && !word.endsWith('ss')) add(word.slice(0, -1))
  if (word.endsWith('ying')) add(word.slice(0, -4) + 'ie')
  if (word.endsWith('ing')) stemmed(word.slice(0, -3))
  if (word.endsWith('ied')) add(word.slice(0, -3) + 'y')
  else if (word.endsWith('ed')) stemmed(word.slice(0, -2))
  return [...variants]
}

/**
 * The initials a single typed word may stand for: `cda`, `sbas` -> sbas and sba;
 * typed with slashes, the initials of a name whose words slashes separate
 * (`p/t` -> Power/Toughness, not Planeswalker Type).
 */
function initialsAsked(name: string): string[] {
  if (/\s/.test(name)) return []
  if (/^\p{L}(?:\/\p{L})+$/u.test(name)) return [name]
  const letters = compactOf(name)
  if (commonWords.has(letters)) return []
  if (!/^\p{L}{2,7}$/u.test(letters)) return []
  return letters.length > 2 && letters.endsWith('s') ? [letters, letters.slice(0, -1)] : [letters]
}

/**
 * The initials of a name of two words or more (`enters the battlefield` -> etb,
 * `power/toughness` -> pt), and for words slashes separate also with them (`p/t`).
 */
function initialsOf(name: string): string[] {
  const words = termKey(name)
    .split(/[\s/,-]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word !== '')
  if (words.length < 2) return []
  const initials = words.map((word) => word[0]).join('')
  return /^[^\s/]+(?:\/[^\s/]+)+$/.test(termKey(name)) ? [initials, words.map((word) => word[0]).join('/')] : [initials]
}

/** The maps of `db`, built on first use and again when the database changes. */
function nameIndexOf(db: Crdb): NameIndex {
  const generation = readGeneration(db)
  const cached = indexes.get(db)
  if (cached && cached.generation === generation) return cached
  const index = buildNameIndex(db, generation)
  indexes.set(db, index)
  return index
}

function buildNameIndex(db: Crdb, generation: string): NameIndex {
  const push = <K, V>(map: Map<K, V[]>, key: K, value: V): void => {
    const list = map.get(key)
    if (list) list.push(value)
    else map.set(key, [value])
  }
  const termVersions = new Map<string, NamedVersion[]>()
  for (const version of listTermVersionSpans(db)) push(termVersions, version.key, version)
  const termKeys = new Map<string, string[]>()
  const addTermName = (name: string, key: string): void => {
    if (name !== '' && !termKeys.get(name)?.includes(key)) push(termKeys, name, key)
  }
  for (const key of termVersions.keys()) {
    addTermName(key, key)
    // Older headings list their names with a slash or a comma (`Life/Life Total`).
    for (const part of key.split(/\s*[/,]\s*/)) addTermName(part, key)
  }
  for (const { alias, key } of listAliases(db)) if (termVersions.has(key)) addTermName(alias, key)
  const titleVersions = new Map<string, NamedVersion[]>()
  for (const version of listTitleVersionSpans(db)) push(titleVersions, termKey(version.label), version)

  const compact = new Map<string, Named[]>()
  const inflected = new Map<string, Named[]>()
  const initials = new Map<string, Named[]>()
  const beginnings = new Map<string, Named[]>()
  const index = (named: Named): void => {
    push(compact, compactOf(named.name), named)
    for (const form of new Set(formsOf(named.name))) push(inflected, form, named)
    for (const letters of initialsOf(named.name)) push(initials, letters, named)
    const words = wordsOf(named.name)
    for (let count = 1; count < words.length; count++) push(beginnings, words.slice(0, count).join(''), named)
  }
  for (const name of termKeys.keys()) index({ kind: 'term', name })
  for (const name of titleVersions.keys()) index({ kind: 'title', name })

  const informal = new Map<string, Array<{ means: string; from?: string; until?: string }>>()
  const eras = new Map<string, string[]>()
  // The table search reads (search/informal-words.ts), read as it is written: a name is matched whole, not by stems.
  for (const entry of readCorpusJson(corpusPath('informal-words.json'), informalWordsSchema, 'informal words').entries) {
    for (const spelling of entry.informal) {
      push(informal, compactOf(spelling), { means: entry.means, from: entry.from, until: entry.until })
      // An entry of some editions only names another era's word (`mv`: converted mana cost before 2021).
      if (entry.from === undefined && entry.until === undefined) push(eras, compactOf(spelling), entry.means)
    }
  }
  for (const rewrite of readRewriteVocabulary()) {
    for (const { from, to } of rewrite.replace) {
      if (from === '' || to === '') continue
      push(eras, compactOf(from), to)
      push(eras, compactOf(to), from)
    }
  }
  return { generation, termKeys, termVersions, titleVersions, compact, inflected, initials, beginnings, informal, eras }
}
