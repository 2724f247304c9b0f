/**
 * The project's JSON files in `corpus/`, each read through one zod schema:
 * the manifest of official editions, the lineage overrides and word weights, the vocabulary of
 * the great rewrites and the informal words of search. Both sides read them
 * (the read side the manifest and the informal words, `ingest/` the rest), so
 * the schemas live here, on the read side, where both can import them.
 *
 * A file that does not fit its schema is refused with one line naming the
 * file, the JSON path of the entry and what is wrong
 * (`corpus/manifest.json: editions[3] (2009-07-11.txt): "sha256" must be 64 hex digits`).
 *
 * `zod/mini`: the manifest is read by `crdb get --edition M10`, whose start-up
 * is most of its time; the mini build loads a tenth of the classic one. It is
 * loaded, and the schemas built, when a file is first read: importing zod costs
 * more than the rest of `import 'crdb'`, and most processes read none of these files.
 */
import { maxTextBytes, readBounded } from './bounded-read.js'
import { join } from 'node:path'
import type * as Z from 'zod/mini'
import { parseDate } from './dates.js'
import { CrdbError } from './errors.js'
import { packageRoot } from './paths.js'
import { parseRuleNumber } from './rule-number.js'
import * as z from './zod-mini-on-demand.js'

/** Whether `parse` accepts `text` (the vocabulary's parsers throw on what they refuse). */
function accepts(parse: (text: string) => unknown): (text: string) => boolean {
  return (text) => {
    try {
      parse(text)
      return true
    } catch {
      return false
    }
  }
}

/** The schemas of the corpus files (built on first use: zod/mini is loaded with them). */
function buildSchemas() {
  /** A `YYYY-MM-DD` string that is a real day. */
  const day = (what: string) => z.string({ error: what }).check(z.refine(accepts(parseDate), what))

  /** A rule number such as `704.5j`. */
  const ruleNumber = z
    .string({ error: 'must be a rule number such as 704.5j' })
    .check(z.refine(accepts(parseRuleNumber), 'must be a rule number such as 704.5j'))

  /** The set (or mid-cycle update) an edition came with: `{ code: 'M10', name: 'Magic 2010' }`. */
  const setSchema = z.object(
    {
      code: z
        .string({ error: 'must be a set code such as M10 or IKO_2' })
        .check(z.regex(/^[A-Za-z0-9]{2,5}(?:_\d)?$/, 'must be a set code such as M10 or IKO_2')),
      name: z.string({ error: 'must be the set name' }),
      basis: z.optional(z.string({ error: 'must be a string' }))
    },
    { error: 'must be an object with "code" and "name"' }
  )

  // Fields in the order they are checked: the first problem is the one reported.
  const manifestEditionSchema = z.object(
    {
      /** The file name in the archive and in the cache. */
      file: z.string({ error: 'must be a plain file name' }).check(z.refine((name) => !/[/\\]|^\.\.?$/.test(name), 'must be a plain file name')),
      sha256: z.string({ error: 'must be 64 hex digits' }).check(z.regex(/^[0-9a-f]{64}$/, 'must be 64 hex digits')),
      /** Where Wizards of the Coast published it; null when no official URL is known. */
      url: z.nullable(z.string({ error: 'must be a URL or null' })),
      /** The set (or mid-cycle update) the edition came with: `{ code: 'M10', name: 'Magic 2010' }`. */
      set: z.optional(setSchema),
      /** The numbered rules and glossary terms crdb parses from the file: the structure a re-encoded copy must have. */
      rules: z.optional(z.int({ error: 'must be a whole number' })),
      terms: z.optional(z.int({ error: 'must be a whole number' })),
      /** The effective date the document states. */
      effectiveDate: day('must be YYYY-MM-DD'),
      /** The date the archive files it under, when it differs from the stated one. */
      fileDate: z.optional(day('must be YYYY-MM-DD')),
      /** Its size. */
      bytes: z.int({ error: 'must be the size in bytes, a whole number' })
    },
    { error: 'must be an object' }
  )

  /** Where a copy of an edition not held exists: its format, the place, the URL. */
  const placeSchema = z.object(
    {
      format: z.literal(['txt', 'docx', 'pdf', 'html'], { error: 'must be txt, docx, pdf or html' }),
      place: z.literal(['wizards', 'wayback', 'academy-ruins', 'mtg-wiki', 'archive'], {
        error: 'must be wizards, wayback, academy-ruins, mtg-wiki or archive'
      }),
      url: z.string({ error: 'must be a URL' }),
      note: z.optional(z.string({ error: 'must be a string' }))
    },
    { error: 'must be an object with "format", "place" and "url"' }
  )

  /** An edition known to have existed (from public inventories) that the archive does not hold. */
  const notHeldSchema = z.object(
    {
      /** The date the sources give it (a file name, an upload day: the stated effective date may differ by days). */
      effectiveDate: day('must be YYYY-MM-DD'),
      set: z.optional(setSchema),
      /** The formats and places it exists in. */
      exists: z.array(placeSchema, { error: 'must be the list of places it exists in' }),
      /** Where each fact of the entry comes from. */
      sources: z.array(z.string({ error: 'must be a citation' }), { error: 'must be the list of sources' }).check(z.minLength(1, 'must cite a source')),
      note: z.optional(z.string({ error: 'must be a string' }))
    },
    { error: 'must be an object' }
  )

  /** The schema of `corpus/manifest.json`: every official edition crdb knows, with the digest that verifies a copy and the set it came with. */
  const manifestSchema = z.object(
    {
      note: z.optional(z.string({ error: 'must be a string' })),
      editions: z.array(manifestEditionSchema, { error: 'must be the list of editions' }),
      notHeldNote: z.optional(z.string({ error: 'must be a string' })),
      /** Editions known to have existed that the archive does not hold: no sha256, so unverified. */
      notHeld: z.optional(z.array(notHeldSchema, { error: 'must be the list of editions not held' }))
    },
    { error: 'must be an object with an "editions" list' }
  )

  /** The schema of `corpus/lineage-overrides.json`: corrections to lineage matching, each a link or a new lineage. */
  const lineageOverrides = z.array(
    z
      .object(
        {
          /** The edition whose rule the correction is about. */
          edition: day('must be YYYY-MM-DD'),
          from: z.optional(ruleNumber),
          to: z.optional(ruleNumber),
          number: z.optional(ruleNumber),
          newLineage: z.optional(z.literal(true, { error: 'must be true' })),
          /** Why the matcher alone gets it wrong. */
          why: z.optional(z.string({ error: 'must be a string' }))
        },
        { error: 'must be an object' }
      )
      .check(
        z.refine(
          (entry) => (entry.from !== undefined && entry.to !== undefined) || (entry.number !== undefined && entry.newLineage === true),
          'needs "from" and "to", or "number" with "newLineage": true'
        )
      ),
    { error: 'must be a JSON array of overrides' }
  )

  /** The schema of `corpus/rewrite-vocabulary.json`: the phrases each great rewrite renamed. */
  const rewriteVocabulary = z.object(
    {
      about: z.optional(z.string({ error: 'must be a string' })),
      rewrites: z.array(
        z.object(
          {
            /** The edition that renamed. */
            edition: day('must be YYYY-MM-DD'),
            name: z.optional(z.string({ error: 'must be a string' })),
            /** Phrases of the older text and what the newer edition says instead, applied in order. */
            replace: z._default(
              z.array(
                z.object(
                  {
                    from: z.string({ error: 'must be the older phrase' }),
                    to: z.string({ error: 'must be the newer phrase' }),
                    why: z._default(z.string({ error: 'must be a string' }), '')
                  },
                  { error: 'must be an object with "from" and "to"' }
                ),
                { error: 'must be a list of replacements' }
              ),
              []
            ),
            /** Words counted as one word on both sides (`play` of a spell and `cast`). */
            equivalent: z._default(
              z.array(z.array(z.string({ error: 'must be a word' }), { error: 'must be a list of words' }), { error: 'must be a list of word lists' }),
              []
            )
          },
          { error: 'must be an object' }
        ),
        { error: 'must be the list of rewrites' }
      )
    },
    { error: 'must be an object with a "rewrites" list' }
  )

  /** The schema of `corpus/informal-words.json`: the words players use and the rules' words for them. */
  const informalWords = z.object(
    {
      about: z.optional(z.string({ error: 'must be a string' })),
      entries: z.array(
        z.object(
          {
            /** The spellings players use (`etb`, `etbs`). */
            informal: z
              .array(z.string({ error: 'must be a spelling' }), { error: 'must be a list of spellings' })
              .check(z.minLength(1, 'must list a spelling')),
            /** The rules' words searched for instead (`enters the battlefield`). */
            means: z.string({ error: 'must be the rules words' }).check(z.minLength(1, 'must be the rules words')),
            note: z.optional(z.string({ error: 'must be a string' })),
            /** It applies in editions from this day on (YYYY-MM-DD): an era's own word. */
            from: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day (YYYY-MM-DD)'))),
            /** ... and before this day. */
            until: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day (YYYY-MM-DD)')))
          },
          { error: 'must be an object' }
        ),
        { error: 'must be the list of entries' }
      )
    },
    { error: 'must be an object with an "entries" list' }
  )

  /** The schema of `corpus/lineage-weights.json`: in how many rule texts of the archive each word is. */
  const lineageWeights = z.object(
    {
      about: z.optional(z.string({ error: 'must be a string' })),
      /** How many distinct rule texts were counted. */
      documents: z.int({ error: 'must be a whole number' }),
      /** The words (as lineage matching reads words) by the number of those texts that have them: `"2": "banding bury"`. */
      words: z.record(
        z.string().check(z.regex(/^[1-9]\d*$/, 'must be a count of texts')),
        z.string({ error: 'must be the words, separated by spaces' }).check(z.regex(/^\S+( \S+)*$/, 'must be the words, separated by spaces')),
        { error: 'must map each count of texts to its words' }
      )
    },
    { error: 'must be an object with "documents" and "words"' }
  )

  return { manifest: manifestSchema, lineageOverrides, rewriteVocabulary, informalWords, lineageWeights }
}

type Schemas = ReturnType<typeof buildSchemas>

/** The corpus manifest (`corpus/manifest.json`). */
export type Manifest = Z.infer<Schemas['manifest']>

/** One official edition as the corpus manifest lists it. */
export type ManifestEdition = Manifest['editions'][number]

/** An edition known to have existed that the archive does not hold, as the corpus manifest lists it. */
export type ManifestEditionNotHeld = NonNullable<Manifest['notHeld']>[number]

/** A schema of {@link readCorpusJson}: which corpus file's shape a file must have. */
export type CorpusSchema = keyof Schemas

/** The schema of `corpus/lineage-overrides.json`: corrections to lineage matching, each a link or a new lineage. */
export const lineageOverridesSchema = 'lineageOverrides' satisfies CorpusSchema

/** The schema of `corpus/rewrite-vocabulary.json`: the phrases each great rewrite renamed. */
export const rewriteVocabularySchema = 'rewriteVocabulary' satisfies CorpusSchema

/** The schema of `corpus/lineage-weights.json`: the document frequencies of words that lineage matching weighs words by. */
export const lineageWeightsSchema = 'lineageWeights' satisfies CorpusSchema

/** The schema of `corpus/informal-words.json`: the words players use and the rules' words for them. */
export const informalWordsSchema = 'informalWords' satisfies CorpusSchema

let schemas: Schemas | undefined

/** The schemas, built on first use. */
function loadSchemas(): Schemas {
  schemas ??= buildSchemas()
  return schemas
}

/** A JSON path: `editions[3].set.code`. */
function jsonPath(path: readonly PropertyKey[]): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`)).join('')
}

/** One line for a problem: the entry (up to its last list index) as a JSON path, then the field in it and what is wrong. */
function describeIssue(data: unknown, issue: Z.core.$ZodIssue): string {
  let cut = issue.path.length
  while (cut > 0 && typeof issue.path[cut - 1] !== 'number') cut--
  const entryPath = issue.path.slice(0, cut)
  const field = jsonPath(issue.path.slice(cut)).replace(/^\./, '')
  let entry: unknown = data
  for (const key of entryPath) entry = (entry as Record<PropertyKey, unknown>)?.[key]
  const file = (entry as { file?: unknown } | undefined)?.file
  const named = typeof file === 'string' && field !== 'file' ? ` (${file})` : ''
  const where = entryPath.length ? `${jsonPath(entryPath)}${named}: ` : ''
  return `${where}${field ? `"${field}" ` : ''}${issue.message}`
}

/**
 * Read the JSON file `path` (a `what`, for messages) through `schema`.
 *
 * @throws {CrdbError} `E_IO` when it cannot be read, `E_TOO_LARGE` over 64 MB; `E_FORMAT` when it is not JSON or does not fit the schema, naming
 * the file, the JSON path and what is wrong (the first problem, fields in the order of the schema).
 */
export function readCorpusJson<Schema extends CorpusSchema>(path: string, schema: Schema, what: string): Z.output<Schemas[Schema]> {
  // Bounded: a manifest given on the command line may be anything (`--manifest /dev/zero`).
  const text = readBounded(path, maxTextBytes, path, what).toString('utf8')
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new CrdbError('E_FORMAT', `${path}: ${what} is not JSON (${(error as Error).message})`)
  }
  const result = loadSchemas()[schema].safeParse(data)
  if (result.success) return result.data as Z.output<Schemas[Schema]>
  throw new CrdbError('E_FORMAT', `${path}: ${describeIssue(data, result.error.issues[0])}`)
}

/** The path of a file of the project's `corpus/` folder. */
export function corpusPath(
  name: 'manifest.json' | 'lineage-overrides.json' | 'rewrite-vocabulary.json' | 'informal-words.json' | 'lineage-weights.json'
): string {
  return join(packageRoot(), 'corpus', name)
}

/**
 * Read and check a manifest of editions (the project's, `corpus/manifest.json`, by default): the one reader of
 * manifests, for `crdb fetch` and `crdb update` as for the set codes and the verification of stored editions.
 *
 * @throws {CrdbError} `E_IO` when it cannot be read, `E_FORMAT` naming the file and entry when it is not one.
 */
export function readManifest(path: string = corpusPath('manifest.json')): Manifest {
  return readCorpusJson(path, 'manifest', 'manifest')
}

let projectManifest: Manifest | null | undefined

/**
 * The project's manifest, read once; `null` when it cannot be read or is not one (the set codes and verification
 * then know no edition, and dates keep working).
 */
export function readProjectManifest(): Manifest | null {
  if (projectManifest !== undefined) return projectManifest
  try {
    projectManifest = readManifest()
  } catch {
    projectManifest = null
  }
  return projectManifest
}
