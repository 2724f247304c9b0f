/**
 * How a history is shown, the same in the pages and the CLI: each step's kind
 * in words (reworded, renumbered, split, merged), and which steps are minor
 * (the text changed only in cross-reference numbers or typography, under the
 * same number), folded into one line so that the changes of substance stand out.
 */
import { isReworded, type HistoryStep, type RuleHistory, type TermHistoryStep } from './history.js'

/** Why a step is minor: only cross-references, or only typography. */
type MinorKind = 'references' | 'typography'

/**
 * Why the step is minor, or `undefined` for a step of substance: a reworded
 * rule (same number, no split or merge) whose text changed only in its
 * cross-reference numbers or its typography; a glossary definition changed only
 * in typography (and not back after a gap). A first wording, a renumbering, a
 * split or a merge always counts.
 */
function minorKindOf(step: HistoryStep | TermHistoryStep): MinorKind | undefined {
  const change = step.change
  if (change?.kind !== 'changed') return undefined
  // A definition back after editions that lack it says so: never folded.
  if ('missingBefore' in step && step.missingBefore) return undefined
  if ('referencesOnly' in change && change.referencesOnly) return 'references'
  return change.typographyOnly ? 'typography' : undefined
}

/** A history's steps split into those of substance and the minor ones, each with its place (0-based) in the history. */
export interface FoldedSteps<Step> {
  /** The first step and every step of substance, oldest first. */
  shown: Array<{ step: Step; index: number }>
  /** The minor steps, oldest first. */
  folded: Array<{ step: Step; index: number; minor: MinorKind }>
  /** How many minor steps changed only cross-references, and only typography. */
  counts: Record<MinorKind, number>
}

/** Split `steps` into those of substance and the minor ones ({@link minorKindOf}). */
export function foldMinorSteps<Step extends HistoryStep | TermHistoryStep>(steps: readonly Step[]): FoldedSteps<Step> {
  const folded: FoldedSteps<Step> = { shown: [], folded: [], counts: { references: 0, typography: 0 } }
  for (const [index, step] of steps.entries()) {
    const minor = minorKindOf(step)
    if (minor) {
      folded.folded.push({ step, index, minor })
      folded.counts[minor]++
    } else {
      folded.shown.push({ step, index })
    }
  }
  return folded
}

/** The folded steps in words: `15 reference-only and 6 typography-only changes`. */
export function describeFolded(counts: Record<MinorKind, number>): string {
  const parts = [
    counts.references > 0 ? `${counts.references} reference-only` : '',
    counts.typography > 0 ? `${counts.typography} typography-only` : ''
  ].filter(Boolean)
  const total = counts.references + counts.typography
  return `${parts.join(' and ')} change${total === 1 ? '' : 's'}`
}

/**
 * How a wording came from the one before, in words: `first seen`, `reworded`,
 * `renumbered from 420.5e`, `renumbered from 420.5e and reworded`, `split from
 * 409.1`, `merged from 419 with other rules`, with a note for a minor or examples-only change,
 * and where editions not held fall between the two wordings, `; changed between the editions of A and B (X not held)`.
 */
export function describeHistoryStep(step: HistoryStep): string {
  const described = describeChange(step)
  // Editions not held between the two wordings: the step may not belong to the edition it is shown in.
  return step.change?.gap ? `${described}; ${step.change.gap}` : described
}

/**
 * How a history ends, when there is something to say: where its last wording went when it ended in other
 * rules (`then merged into 604.5 (2009-07-11)`, `then split into 607.2k and 607.3 (2009-07-11)`), and when it
 * ended across editions not held (`ended between the editions of 2024-07-30 and 2024-11-08 (2024-09-17 not
 * held)`); `undefined` otherwise.
 */
export function describeEnd(history: Pick<RuleHistory, 'continuesAs' | 'steps'>): string | undefined {
  const parts: string[] = []
  const to = history.continuesAs
  if (to?.length) {
    const numbers = to.map((rule) => rule.number)
    const listed = numbers.length === 1 ? numbers[0] : `${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`
    const editions = [...new Set(to.map((rule) => rule.edition))].join(', ')
    const how = to.some((rule) => rule.kind === 'split') ? 'split into' : to.some((rule) => rule.kind === 'merge') ? 'merged into' : 'continued as'
    parts.push(`then ${how} ${listed} (${editions})`)
  }
  const ended = history.steps.at(-1)?.ended
  if (ended) parts.push(ended.gap)
  return parts.length ? parts.join('; ') : undefined
}

/** The source damage of a step, one line per damaged edition and paragraph: `2008-05-01: source damage: 6 characters ...`. */
export function describeSourceDamage(step: HistoryStep): string[] {
  return (step.sourceDamage ?? []).map((note) => `${note.edition}: ${note.note}`)
}

/** {@link describeHistoryStep} without the note on editions not held. */
function describeChange(step: HistoryStep): string {
  const change = step.change
  if (!change) return 'first seen'
  const from = change.fromNumber
  const renumbered = from !== step.number
  const wording = change.referencesOnly
    ? 'only cross-references'
    : change.typographyOnly
      ? change.sourceDamage
        ? 'only typography (source damage)'
        : 'only typography'
      : isReworded(change)
        ? 'reworded'
        : change.examplesChanged
          ? 'only examples'
          : ''
  const sameNumber = wording === 'reworded' || wording === '' ? 'reworded' : `${wording} changed`
  if (change.kind === 'changed') return sameNumber
  // A link the override file sets: the same words as any other step, saying who linked it.
  if (change.kind === 'override' && !renumbered) return `${sameNumber} (linked by hand)`
  const how =
    change.kind === 'moved' || change.kind === 'moved-changed'
      ? `renumbered from ${from}`
      : change.kind === 'split'
        ? // A split whose part keeps the old number: the rest went to new numbers.
          renumbered
          ? `split from ${from}`
          : `split (part of ${from} went to other rules)`
        : change.kind === 'merge'
          ? renumbered
            ? `merged from ${from} with other rules`
            : `merged with other rules into ${from}`
          : `renumbered from ${from}`
  const described = wording === '' ? how : wording === 'reworded' ? `${how} and reworded` : `${how}, ${wording} changed`
  return change.kind === 'override' ? `${described} (linked by hand)` : described
}
