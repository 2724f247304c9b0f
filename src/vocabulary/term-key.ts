/**
 * Glossary term keys: how a term is stored and looked up.
 */

/**
 * The key of a glossary term: lower case, single spaces, no `(Obsolete)`, and
 * typographic variants folded, so that one term keeps one key whatever an
 * edition's typography: curly quotes and apostrophes read as straight ones
 * (2005-10-01 prints `“As though”` where its neighbours print `"As though"`),
 * dashes as a hyphen, a no-break space as a space.
 */
export function termKey(term: string): string {
  return term
    .replace(/\(obsolete\)/i, '')
    .replace(/[“”„‟″]/g, '"')
    .replace(/[‘’‚‛′]/g, "'")
    .replace(/[‐‑‒–—―−]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
}
