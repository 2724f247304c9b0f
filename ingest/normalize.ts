/**
 * Stage 4 of the pipeline: parsed documents -> entries ready for the store.
 *
 * An entry is one key (a rule number, or a glossary term) with its content,
 * whitespace tidied and a content hash that decides whether two editions say
 * the same thing.
 */
import { hash } from 'node:crypto'
import type { VersionKind } from '../src/vocabulary/kinds.js'
import { sortKeyOf } from '../src/vocabulary/rule-number.js'
import { termKey } from '../src/vocabulary/term-key.js'
import type { ParsedEdition } from './parse/official-text.js'

/** One key with its content, as the store receives it. */
export interface NormalizedEntry {
  kind: VersionKind
  /** `704.5j`, or the glossary term in lower case. */
  key: string
  /** `704.5j`, or the term as printed. */
  label: string
  sortKey: string
  text: string
  examples: string[]
  /** Names the term is found by, in lower case: its key and each name its heading lists (terms only). */
  aliases: string[]
  obsolete: boolean
  /** Hash of kind, text and examples: equal hashes mean equal content. */
  hash: string
  line: number
}

/** Tidy whitespace: no double spaces, no spaces around line breaks, no stray ends. */
export function normalizeText(text: string): string {
  // Most texts are already tidy: only rewrite what needs it (this runs half a million times a build).
  // Plain searches: a regular expression with an alternative scans more slowly.
  let tidy = text.includes('  ') || text.includes('\t') || text.includes('\u00a0') ? text.replace(/[ \t\u00a0]{2,}|[\t\u00a0]/g, ' ') : text
  if (tidy.includes('\n')) tidy = tidy.replace(/ ?\n ?/g, '\n')
  return tidy.trim()
}

/** Turn a parsed edition into store entries: its rules, then its glossary terms. */
export function normalizeEdition(edition: ParsedEdition): NormalizedEntry[] {
  const entries: NormalizedEntry[] = []
  for (const rule of edition.rules) {
    const text = normalizeText(rule.text)
    const examples = rule.examples.map(normalizeText)
    entries.push({
      kind: 'rule',
      key: rule.number,
      label: rule.number,
      sortKey: sortKeyOf(rule.number),
      text,
      examples,
      aliases: [],
      obsolete: false,
      hash: hashContent('rule', text, examples),
      line: rule.line
    })
  }
  const seenTerms = new Set<string>()
  for (const term of edition.glossary) {
    const key = termKey(term.term)
    if (seenTerms.has(key)) continue // Same heading twice in one glossary: the parser reported it.
    seenTerms.add(key)
    const text = normalizeText(term.definition)
    entries.push({
      kind: 'term',
      key,
      label: term.term,
      sortKey: key,
      text,
      examples: [],
      aliases: [...new Set([key, ...term.aliases.map(termKey)])],
      obsolete: term.obsolete,
      hash: hashContent('term', text, [], term.obsolete),
      line: term.line
    })
  }
  return entries
}

/** The content hash of `entry` as it now reads (after its text was restored). */
export function hashEntry(entry: Pick<NormalizedEntry, 'kind' | 'text' | 'examples' | 'obsolete'>): string {
  return hashContent(entry.kind, entry.text, entry.examples, entry.obsolete)
}

function hashContent(kind: VersionKind, text: string, examples: string[], obsolete = false): string {
  let content = kind + '\u0000' + text
  for (const example of examples) content += '\u0001' + example
  if (obsolete) content += '\u0002obsolete'
  let digest = knownHashes.get(content)
  if (digest === undefined) {
    if (knownHashes.size >= knownHashesLimit) knownHashes.clear()
    knownHashes.set(content, (digest = hash('sha1', content, 'base64url')))
  }
  return digest
}

// Editions repeat most of their contents: a lookup costs a fraction of a hash. Bounded, for long-lived processes.
const knownHashes = new Map<string, string>()
const knownHashesLimit = 50_000
