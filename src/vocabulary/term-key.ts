/**
 * Glossary term keys: how a term is stored and looked up.
 */

/** The key of a glossary term: lower case, single spaces, no `(Obsolete)`. */
export function termKey(term: string): string {
  return term
    .replace(/\(obsolete\)/i, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
}
