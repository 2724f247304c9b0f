/**
 * What every source answers, in a leaf of its own: `sources.ts` imports each
 * source, and no source imports `sources.ts` back.
 */

/** Where a source keeps one edition: a file on this machine, or a URL. */
export type Location = { kind: 'file'; path: string } | { kind: 'url'; url: string }
