/**
 * The kinds of things the store holds, named once for the write and read sides.
 */

/** What a version's key names: a rule number, or a glossary term. */
export type VersionKind = 'rule' | 'term'

/**
 * How a version continues another in the next edition that changed it: the same
 * number with a new text (`changed`), the same text under a new number (`moved`),
 * a similar text under a new number (`moved-changed`), one of several rules an old
 * rule became (`split`), one of several old rules that became one (`merge`), or as
 * the override file says (`override`).
 */
export type LinkKind = 'changed' | 'moved' | 'moved-changed' | 'split' | 'merge' | 'override'

/**
 * What made a lineage link: the same text (`same-text`), shared words (`words`), structure (`structure`: the
 * parent stayed or moved with it, its neighbours or children went beside it), a restructure (`restructure`: a
 * rule matched against several at once, folded into a neighbour or become a rule with subrules), or the
 * override file (`override`).
 */
export type LinkBasis = 'same-text' | 'words' | 'structure' | 'restructure' | 'override'

/** Every {@link LinkBasis}, in the order above. */
export const linkBases: readonly LinkBasis[] = ['same-text', 'words', 'structure', 'restructure', 'override']
