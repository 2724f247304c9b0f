/**
 * The vocabulary table of the great rewrites (`corpus/rewrite-vocabulary.json`):
 * the phrases an edition renamed ("comes into play" -> "enters the battlefield"),
 * read before matching so that a rule reworded only into the new vocabulary
 * still matches itself.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CrdbError } from '../../src/vocabulary/errors.js'
import { packageRoot } from '../../src/vocabulary/paths.js'

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
  return join(packageRoot(), 'corpus', 'rewrite-vocabulary.json')
}

/**
 * Read a vocabulary table (absent file: no rewrites).
 *
 * @throws {CrdbError} `E_FORMAT` naming the file and the bad entry.
 */
export function readRewriteVocabulary(path: string = rewriteVocabularyPath()): Rewrite[] {
  if (!existsSync(path)) return []
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new CrdbError('E_FORMAT', `${path}: not JSON (${(error as Error).message})`)
  }
  const rewrites = (parsed as { rewrites?: unknown })?.rewrites
  if (!Array.isArray(rewrites)) throw new CrdbError('E_FORMAT', `${path}: expected {"rewrites": [...]}`)
  return rewrites.map((entry, index) => {
    const where = `${path}: rewrite ${index + 1}`
    if (typeof entry?.edition !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(entry.edition))
      throw new CrdbError('E_FORMAT', `${where}: needs "edition" as YYYY-MM-DD`)
    const replace = entry.replace ?? []
    if (
      !Array.isArray(replace) ||
      !replace.every((r: unknown) => typeof (r as Rewrite['replace'][0])?.from === 'string' && typeof (r as Rewrite['replace'][0])?.to === 'string')
    ) {
      throw new CrdbError('E_FORMAT', `${where}: "replace" needs entries with "from" and "to"`)
    }
    const equivalent = entry.equivalent ?? []
    if (!Array.isArray(equivalent) || !equivalent.every((group: unknown) => Array.isArray(group) && group.every((word) => typeof word === 'string'))) {
      throw new CrdbError('E_FORMAT', `${where}: "equivalent" needs arrays of words`)
    }
    return { edition: entry.edition, name: String(entry.name ?? entry.edition), replace, equivalent }
  })
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
