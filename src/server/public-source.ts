/**
 * Sources as the server shows them: the edition a text was read from and its
 * official source (the archive's file name and the URL Wizards of the Coast
 * published it at, from `corpus/manifest.json`), never the path the database
 * was built from on this machine (`../shared/corpus/cr/2009-07-11.txt`). The
 * library and the CLI keep the path (`uri`): they run where the files are.
 */
import type { EditionSummary } from '../query/editions.js'
import { readProjectManifest } from '../vocabulary/corpus-files.js'
import { href } from './html.js'
import { html, type Markup } from './markup.js'
import type { ServerState } from './state.js'

/** What the server says of a source in place of its path. */
export interface PublicSource {
  /** The official edition the text is (its effective date); `null` for a secondary dump. */
  edition: string | null
  /** Its file name in the archive of editions (`2009-07-11.txt`), or a dump's file name. */
  file: string
  /** Where it was published (the manifest's URL); `null` where none is known. */
  url: string | null
}

/**
 * `T` as the server answers it: every object with a `uri` (a source) has
 * {@link PublicSource}'s fields in its place.
 */
export type Published<T> = T extends readonly (infer E)[]
  ? Published<E>[]
  : T extends object
    ? 'uri' extends keyof T
      ? Omit<{ [K in keyof T]: Published<T[K]> }, 'uri'> & PublicSource
      : { [K in keyof T]: Published<T[K]> }
    : T

/** The editions' sources by path, per list of editions (a new list when the database changes). */
const editionsByUri = new WeakMap<readonly EditionSummary[], Map<string, string>>()
let manifestEntries: Map<string, { file: string; url: string | null }> | undefined

/** The edition and official source of the source read from `uri`. */
export function publicSourceOf(state: ServerState, uri: string): PublicSource {
  const editions = state.editions()
  let byUri = editionsByUri.get(editions)
  if (!byUri) {
    byUri = new Map(editions.map((edition) => [edition.source.uri, edition.effectiveDate]))
    editionsByUri.set(editions, byUri)
  }
  manifestEntries ??= new Map((readProjectManifest()?.editions ?? []).map((entry) => [entry.effectiveDate, { file: entry.file, url: entry.url }]))
  const edition = byUri.get(uri) ?? null
  const listed = edition === null ? undefined : manifestEntries.get(edition)
  const web = /^https?:\/\//i.test(uri) ? uri : null
  return { edition, file: listed?.file ?? (uri.split(/[/\\]/).pop() || uri), url: listed?.url ?? web }
}

/**
 * `answer` with every source's path replaced by its edition and official
 * source ({@link Published}): what `/v1` answers where `crdb --json` prints the path.
 */
export function publishSources<T>(state: ServerState, answer: T): Published<T> {
  return publish(state, answer) as Published<T>
}

function publish(state: ServerState, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => publish(state, item))
  if (typeof value !== 'object' || value === null) return value
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'uri' && typeof inner === 'string') Object.assign(out, publicSourceOf(state, inner))
    else out[key] = publish(state, inner)
  }
  return out
}

/**
 * "Source: ..." of a page: the edition (linked to the whole edition), the file
 * and line, and the official copy as published, linked, where its URL is known.
 */
export function renderSource(state: ServerState, source: { uri: string; line: number }): Markup {
  const shown = publicSourceOf(state, source.uri)
  const edition = shown.edition && html`the edition of <a href="${href('/cr', { edition: shown.edition })}">${shown.edition}</a>, `
  const published = shown.url
    ? html` (published as <a href="${shown.url}" rel="external">${shown.url.split('/').pop() || shown.url}</a>)`
    : shown.edition && ' (no published URL known)'
  return html`Source: ${edition}${shown.file} line ${source.line}${published}`
}
