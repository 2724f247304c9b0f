/**
 * The vocabulary table of the great rewrites (`corpus/rewrite-vocabulary.json`):
 * the phrases an edition renamed ("comes into play" -> "enters the battlefield").
 * Lineage matching reads older texts through it, so that a rule reworded only into
 * the new vocabulary still matches itself; the glossary diff reads term names
 * through it (a term the rewrite renamed is renamed, not removed and added); names
 * and search read each era's words with it.
 */
import { existsSync } from 'node:fs'
import { corpusPath, readCorpusJson, rewriteVocabularySchema } from './corpus-files.js'

/** One rewrite: what the edition dated `edition` renamed. */
export interface Rewrite {
  edition: string
  name: string
  /** Phrases of the older text and what the newer edition says instead, applied in order. */
  replace: Array<{ from: string; to: string; why: string }>
  /** Words counted as one word on both sides (`play` of a spell and `cast`). */
  equivalent: string[][]
}

/** A rewrite made ready to apply: one function for the older text, one word map for both sides. */
export interface CompiledRewrite {
  edition: string
  /** Rewrites an older text into the newer vocabulary (lower case in, lower case out). */
  apply: (text: string) => string
  /** Words that stand for a class of equivalent words, to their representative. */
  equivalents: Map<string, string>
}

/** The project's vocabulary table. */
export function rewriteVocabularyPath(): string {
  return corpusPath('rewrite-vocabulary.json')
}

/**
 * Read a vocabulary table (absent file: no rewrites) through its schema (`rewriteVocabularySchema`,
 * `src/vocabulary/corpus-files.ts`).
 *
 * @throws {CrdbError} `E_FORMAT` naming the file, the JSON path of the bad entry and what is wrong.
 */
export function readRewriteVocabulary(path: string = rewriteVocabularyPath()): Rewrite[] {
  if (!existsSync(path)) return []
  return readCorpusJson(path, rewriteVocabularySchema, 'rewrite vocabulary').rewrites.map((rewrite) => ({ ...rewrite, name: rewrite.name ?? rewrite.edition }))
}

/** Compile rewrites into functions, by edition date. */
export function compileRewrites(rewrites: Rewrite[]): Map<string, CompiledRewrite> {
  const compiled = new Map<string, CompiledRewrite>()
  for (const rewrite of rewrites) {
    const steps = rewrite.replace.map(({ from, to }) => ({
      pattern: new RegExp(`(?<![a-z-])${from.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![a-z-])`, 'g'),
      to: to.toLowerCase()
    }))
    const equivalents = new Map<string, string>()
    for (const group of rewrite.equivalent) for (const word of group) equivalents.set(word.toLowerCase(), group[0].toLowerCase())
    compiled.set(rewrite.edition, {
      edition: rewrite.edition,
      apply: (text) => steps.reduce((result, step) => result.replace(step.pattern, step.to), text),
      equivalents
    })
  }
  return compiled
}

let projectRewrites: CompiledRewrite[] | undefined

/** The project's rewrites (`corpus/rewrite-vocabulary.json`), compiled, oldest first: read once per process. */
export function readProjectRewrites(): CompiledRewrite[] {
  projectRewrites ??= [...compileRewrites(readRewriteVocabulary()).values()].sort((a, b) => (a.edition < b.edition ? -1 : a.edition > b.edition ? 1 : 0))
  return projectRewrites
}

/**
 * `name` (lower case) of the edition dated `earlier` as the vocabulary of the edition dated `later` says it: each
 * rewrite dated after `earlier` up to `later` applied in order, then each word as its class of equivalent words
 * (`state-based effects` of 2003 is `state-based actions` in 2024; `removed from the game` is `exile`). A name of
 * `later` read the same way (`earlier` = `later`) compares with it.
 */
export function readInLaterVocabulary(rewrites: readonly CompiledRewrite[], name: string, earlier: string, later: string): string {
  let read = name
  const between = rewrites.filter((rewrite) => rewrite.edition > earlier && rewrite.edition <= later)
  for (const rewrite of between) read = rewrite.apply(read)
  const upTo = rewrites.filter((rewrite) => rewrite.edition <= later)
  return read
    .split(' ')
    .map((word) => upTo.reduce((each, rewrite) => rewrite.equivalents.get(each) ?? each, word))
    .join(' ')
}
