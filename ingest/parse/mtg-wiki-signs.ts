/**
 * The signs of an MTG wiki page that format detection reads, apart from the
 * page parser (which loads markdown and HTML libraries detection does not need).
 */

/** `From the Comprehensive Rules (November 8, 2024—Magic: The Gathering Foundations)` and its kin. */
export const attributionPattern =
  /^From the (glossary of the )?((?:Magic(?: The Gathering)? )?[A-Z][A-Za-z:' ]*?(?:Rules|Guide|Procedures?|Policy|Document))\s*\((.+)\)\s*:?$/

/** True when text is MediaWiki markup rather than markdown. */
export function looksLikeWikitext(text: string): boolean {
  return /^={2,6}[^=\n]+={2,6}\s*$/m.test(text) || /^''[^'\n]/m.test(text)
}
