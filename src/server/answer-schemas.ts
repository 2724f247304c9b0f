/**
 * The zod schemas of the `/v1` answers: the library's answer types as the API
 * serializes them, named as components of the OpenAPI document. The test of the
 * document checks at the type level that each schema and its library type
 * accept the same values, so that neither drifts from the other.
 */
import { linkBases } from '../vocabulary/kinds.js'
import { z } from '@hono/zod-openapi'
import { sbaActions } from '../engine/actions.js'
import { gameStateSchema, objectSchema } from '../engine/state.js'

/** A day, `YYYY-MM-DD`. */
const day = () => z.string().openapi({ format: 'date', example: '2009-07-11' })
/** A day, or `null` for "still in force". */
const until = () => day().nullable()
const count = () => z.int().min(0)
/**
 * A named schema or `null`: a union rather than `.nullable()`, which the
 * generator writes as `allOf` of the reference and a type, refusing `null`.
 */
const orNull = <S extends z.ZodType>(schema: S) => z.union([schema, z.null()])
const severities = () => z.object({ error: count(), warning: count(), info: count() })

/**
 * Where a text was read from, in place of the path the database was built from (`crdb --json` prints
 * that path as `uri`; see `public-source.ts`).
 */
const publicSource = () => ({
  edition: day().nullable().openapi({ description: 'the official edition the text is (its effective date); null for a secondary dump' }),
  file: z.string().openapi({ description: "its file name in the archive of editions (corpus/manifest.json), or a dump's", example: '2009-07-11.txt' }),
  url: z.string().nullable().openapi({
    description: 'where Wizards of the Coast published it (the manifest URL); null where none is known',
    example: 'http://www.wizards.com:80/magic/comprules/MagicCompRules_20110715.txt'
  })
})

/** `stale`, `truncated` and `notHeld`, present only when they apply (see `AnswerFlags`). */
const flags = {
  stale: z.literal(true).optional().openapi({ description: 'present when derived data the answer depends on is out of date (an interrupted build)' }),
  truncated: z.literal(true).optional().openapi({ description: 'present when the answer comes from a truncated edition' }),
  notHeld: z
    .array(day())
    .optional()
    .openapi({
      description:
        'present when editions not held (known to have existed, not in the store) fall inside the interval the answer covers: between the day asked and the held edition answering, or between two compared editions',
      example: ['2025-06-06']
    })
}

/** How two wordings are linked (`LinkKind`). */
const linkKind = z.enum(['changed', 'moved', 'moved-changed', 'split', 'merge', 'override'])

/** The body of an error: a stable code and a one-line message; `whereabouts` beside it for a rule number that moved. */
export const errorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({
        description:
          'a stable code: E_BAD_NUMBER, E_BAD_DATE, E_BAD_ERA, E_USAGE, E_BAD_QUERY, E_BAD_STATE, E_NOT_FOUND, E_AMBIGUOUS, E_NO_ROUTE, E_METHOD, E_TOO_LARGE, E_MEDIA_TYPE, E_BUSY (503, with Retry-After)'
      }),
      message: z.string()
    }),
    whereabouts: z
      .object({
        number: z.string(),
        edition: day(),
        lastInForce: day(),
        continuesAs: z.array(z.object({ number: z.string(), edition: day(), kind: z.string() })),
        now: z.array(z.string()),
        notHeld: z
          .array(day())
          .optional()
          .openapi({ description: 'editions not held between the last edition that had the number and the next held one: it may have gone with one of them' })
      })
      .optional()
      .openapi({ description: 'for a rule number the edition no longer has: where the rule went' }),
    translation: z
      .object({
        number: z.string(),
        numberedAs: day(),
        edition: day(),
        status: z.enum(['same', 'renumbered', 'split', 'merged', 'not-yet', 'gone']),
        numbers: z.array(z.string()),
        began: z.object({ edition: day(), number: z.string() }).optional(),
        ended: z.object({ edition: day(), number: z.string() }).optional(),
        note: z.string()
      })
      .optional()
      .openapi({ description: 'for a rule number that names several rules in the edition asked (E_AMBIGUOUS, 300): every candidate, in numbers' }),
    candidates: z
      .array(z.string())
      .optional()
      .openapi({ description: 'for a name that names several terms or rules in the edition asked (E_AMBIGUOUS, 300): every candidate (source)' })
  })
  .openapi('Error')

/** `SourceDamageNote`: a paragraph an edition printed with `?` for quotes and dashes, restored or kept. */
const sourceDamageSchema = z
  .array(
    z.object({
      edition: day(),
      status: z.enum(['restored', 'kept']),
      note: z.string(),
      printed: z.string(),
      source: z.object({ ...publicSource(), line: z.int() })
    })
  )
  .optional()
  .openapi({
    description: 'paragraphs the edition printed with substitution damage (? for quotes and dashes): restored from its neighbours, or kept as printed'
  })

/** A `RuleNumbering`: how a number asked led to a rule in another numbering. */
const numbering = () =>
  z.object({
    kind: z.enum(['translated', 'reused']),
    asked: z.string(),
    numberedAs: day(),
    otherNumbers: z.array(z.string()).optional(),
    note: z.string()
  })

/** A `SectionNumbering`: a section given as a scope, as an edition that numbers it otherwise numbers it. */
const sectionNumbering = () => z.object({ asked: z.string(), edition: day(), numbers: z.array(z.string()), note: z.string() })

/** `RuleVersion`. */
export const ruleVersionSchema = z
  .object({
    number: z.string(),
    id: z
      .string()
      .optional()
      .openapi({ description: "the rule's stable identity (its lineage id), the same under every number it had: /v1/id/{id}", example: '1999-04-23_420.5e' }),
    text: z.string(),
    examples: z.array(z.string()),
    edition: day(),
    validFrom: day(),
    validTo: until(),
    lastEdition: day(),
    source: z.object({ ...publicSource(), sha256: z.string(), line: z.int() }),
    numbering: numbering().optional().openapi({
      description: 'how the number asked led to this rule: followed from another numbering (translated), or a number that later named another rule (reused)'
    }),
    sourceDamage: sourceDamageSchema
  })
  .openapi('RuleVersion')

/** `RuleNeighbours`. */
export const ruleNeighboursSchema = z
  .object({ edition: day(), rule: ruleVersionSchema, previous: orNull(ruleVersionSchema), next: orNull(ruleVersionSchema) })
  .openapi('RuleNeighbours')

/** `RuleReference`. */
export const ruleReferenceSchema = z.object({ number: z.string(), found: z.boolean(), text: z.string().optional(), cited: z.string() }).openapi('RuleReference')

/** `Attestation`. */
export const attestationSchema = z
  .object({
    id: z.int(),
    source: z.object({
      id: z.int(),
      ...publicSource(),
      kind: z.string(),
      format: z.string(),
      date: day().nullable(),
      dating: z.enum(['stated', 'inferred', 'none']),
      inferred: z.object({ from: day(), to: day() }).nullable()
    }),
    line: z.int(),
    kind: z.enum(['rule', 'term', 'note', 'ruling', 'external']),
    label: z.string(),
    key: z.string().nullable(),
    term: z.string().nullable(),
    document: z.string().nullable(),
    text: z.string(),
    examples: z.array(z.string()),
    fragment: z.enum(['head', 'tail']).nullable(),
    asOf: z.string().nullable(),
    revisionDate: z.string().nullable(),
    author: z.string().nullable(),
    authoredDate: z.string().nullable(),
    status: z.enum(['pending', 'equal', 'differs', 'partial', 'unmatched', 'external']),
    similarity: z.number().nullable(),
    diff: z.string().nullable(),
    remarks: z.string().nullable(),
    version: z.object({ id: z.int(), firstDate: day(), lastDate: day() }).nullable()
  })
  .openapi('Attestation')

/** `RuleSources`. */
export const ruleSourcesSchema = z
  .object({
    number: z.string(),
    versions: z.array(
      z.object({
        id: z.int(),
        text: z.string(),
        examples: z.array(z.string()),
        firstDate: day(),
        lastDate: day(),
        validTo: until(),
        source: z.object({ ...publicSource(), line: z.int() }),
        attestations: z.array(attestationSchema)
      })
    ),
    unlinked: z.array(attestationSchema)
  })
  .openapi('RuleSources')

/** `GET /v1/rules/{number}`: the rule, with what `include` asked for and its flags. */
export const ruleAnswerSchema = ruleVersionSchema
  .extend({
    subtree: z.array(ruleVersionSchema).optional(),
    subtreePage: z
      .object({
        total: count().openapi({ description: 'the rules of the whole subtree' }),
        next: z.string().nullable().openapi({ description: 'the cursor of the next page; null on the last' })
      })
      .optional()
      .openapi({ description: 'with limit or cursor: the subtree is one page of it' }),
    neighbours: ruleNeighboursSchema.optional(),
    refs: z.array(ruleReferenceSchema).optional(),
    sources: ruleSourcesSchema.optional(),
    ...flags
  })
  .openapi('RuleAnswer')

/** `WordChange`. */
const wordChangeSchema = z.object({ kind: z.enum(['same', 'added', 'removed']), text: z.string() }).openapi('WordChange')

/** `RuleHistory`, with its flags. */
export const ruleHistorySchema = z
  .object({
    number: z.string(),
    id: z.string().optional().openapi({ description: "the stable id of the rule's lineage", example: '1999-04-23_420.5e' }),
    numbering: numbering().optional().openapi({
      description: 'how the number asked led to the wording the history starts from, when the edition asked numbers that rule otherwise (translated)'
    }),
    steps: z.array(
      z.object({
        number: z.string(),
        text: z.string(),
        examples: z.array(z.string()),
        validFrom: day(),
        validTo: until(),
        editions: z.array(day()),
        change: z
          .object({
            kind: linkKind,
            fromNumber: z.string(),
            score: z.number().optional(),
            reason: z.string().optional(),
            basis: z.enum(linkBases).optional(),
            referencesOnly: z.boolean(),
            typographyOnly: z.boolean(),
            textChanges: z.array(wordChangeSchema),
            examplesChanged: z.boolean(),
            sourceDamage: z.literal(true).optional().openapi({ description: 'the change is source damage arriving or leaving: typography only' }),
            notHeld: z.array(day()).optional().openapi({
              description:
                'editions not held between the last edition of the wording before and the first of this one: the change may have come with one of them'
            }),
            gap: z.string().optional().openapi({ example: 'changed between the editions of 2025-04-04 and 2025-07-25 (2025-06-06 not held)' })
          })
          .optional(),
        source: z.object({ ...publicSource(), line: z.int() }),
        ended: z
          .object({ notHeld: z.array(day()), gap: z.string() })
          .optional()
          .openapi({
            description:
              'on the last wording of a rule that ended where editions not held fall between its last edition and the next held one: it may have ended with one of them'
          }),
        sourceDamage: sourceDamageSchema
      })
    ),
    numbers: z.array(z.string()),
    continuesAs: z
      .array(z.object({ number: z.string(), edition: day(), kind: linkKind }))
      .optional()
      .openapi({
        description: 'where the rule went when its last wording ended in other rules (a merge, parts of a split); absent when it goes on or was removed'
      }),
    stale: flags.stale
  })
  .openapi('RuleHistory')

/** `GlossaryEntry`. */
export const glossaryEntrySchema = z
  .object({ term: z.string(), key: z.string(), aliases: z.array(z.string()), obsolete: z.boolean(), validFrom: day(), validTo: until() })
  .openapi('GlossaryEntry')

/** `GlossaryTerm`, with its flag. */
export const glossaryTermSchema = z
  .object({
    term: z.string(),
    key: z.string(),
    aliases: z.array(z.string()),
    obsolete: z.boolean(),
    definition: z.string(),
    senses: z.array(z.string()),
    references: z.array(z.string()),
    edition: day(),
    validFrom: day(),
    validTo: until(),
    lastEdition: day(),
    source: z.object({ ...publicSource(), sha256: z.string(), line: z.int() }),
    read: z
      .object({ asked: z.string(), by: z.enum(['spelling', 'inflection', 'informal', 'abbreviation', 'era', 'shortened']) })
      .optional()
      .openapi({ description: 'how a name the edition does not print as asked was read (mana abilities: inflection; cda: abbreviation)' }),
    truncated: flags.truncated,
    notHeld: flags.notHeld
  })
  .openapi('GlossaryTerm')

const highlights = () => z.array(z.tuple([z.int(), z.int()])).openapi({ description: '[start, end) offsets of the found words in the snippet' })

/** `SearchResult`. */
export const searchResultSchema = z
  .object({
    query: z.string(),
    expression: z.string(),
    mode: z.enum(['ranked', 'boolean']),
    readAs: z.enum(['query', 'text']).openapi({ description: 'query: its operators applied; text: they were read as words and punctuation' }),
    note: z.string().optional().openapi({ description: 'why quotes or operators were read as text, or that the query has no word' }),
    fallback: z.string().optional().openapi({ description: 'the exact query found nothing: the hits are the ranked search of its words' }),
    searchedFor: z.string(),
    corrections: z.array(z.object({ from: z.string(), to: z.string() })),
    expansions: z.array(z.object({ informal: z.string(), means: z.string() })),
    unknown: z.array(z.string()),
    names: z.array(z.string()).openapi({ description: 'names the query holds, as written (a card, a person): not corrected, weighed little' }),
    edition: day().nullable(),
    range: z.object({ from: day(), to: day() }).optional(),
    total: count(),
    offset: count().optional().openapi({ description: 'the offset asked for (present only then): the hits are those from offset + 1 of total' }),
    hits: z.array(
      z.object({
        kind: z.enum(['rule', 'example', 'term']),
        key: z.string(),
        number: z.string().optional(),
        term: z.string().optional(),
        obsolete: z.literal(true).optional(),
        snippet: z.string(),
        highlights: highlights(),
        rank: z.number(),
        validFrom: day(),
        validTo: until(),
        ranges: z.array(z.object({ validFrom: day(), validTo: until() })),
        versions: z.array(z.object({ snippet: z.string(), highlights: highlights(), validFrom: day(), validTo: until() })),
        byName: z.literal(true).optional(),
        id: z.string().optional().openapi({ description: "the stable id of the rule's (or term's) lineage" })
      })
    ),
    rule: z
      .object({ asked: z.string(), number: z.string(), edition: day(), note: z.string().optional() })
      .optional()
      .openapi({ description: 'the query was a rule number: the rule it names in the edition searched, first among the hits' }),
    sectionNumbering: sectionNumbering().optional().openapi({
      description:
        "the section asked is another numbering's: the section(s) searched, as the edition searched numbers them (704 asked of 2003 is 420), with a plain line; absent over several editions"
    })
  })
  .openapi('SearchResult')

const sectionNumberingList = () =>
  z
    .array(sectionNumbering())
    .optional()
    .openapi({ description: 'a section neither edition has, as each numbers it (704 from 2002-10-07 to 2003-12-01 is 420 in both), with a plain line each' })

const diffSide = () => z.object({ number: z.string(), text: z.string(), examples: z.array(z.string()), validFrom: day() })
const termSide = () => z.object({ term: z.string(), key: z.string(), definition: z.string(), validFrom: day() })

const diffSummary = () =>
  z.object({
    added: count(),
    removed: count(),
    changed: count(),
    moved: count(),
    movedChanged: count(),
    referencesOnly: count(),
    examplesOnly: count(),
    typographyOnly: count(),
    split: count(),
    merge: count(),
    unchanged: count()
  })
const termDiffSummary = () => z.object({ added: count(), removed: count(), changed: count(), renamed: count(), truncated: count(), unchanged: count() })

/** `TermDiff`. */
export const termDiffSchema = z
  .object({
    summary: termDiffSummary(),
    changes: z.array(
      z.object({
        kind: z.enum(['added', 'removed', 'changed', 'renamed', 'truncated']),
        from: termSide().optional(),
        to: termSide().optional(),
        typographyOnly: z.boolean(),
        textChanges: z.array(wordChangeSchema),
        truncatedEdition: day().optional()
      })
    )
  })
  .openapi('TermDiff')

/** `EditionDiff`, with its flag. */
export const editionDiffSchema = z
  .object({
    from: day(),
    to: day(),
    section: z.string().optional(),
    sectionNumbering: sectionNumberingList(),
    summary: diffSummary(),
    changes: z.array(
      z.object({
        kind: z.enum(['added', 'removed', 'changed', 'moved', 'moved-changed']),
        relation: z.enum(['split', 'merge']).optional(),
        also: z.array(z.string()).optional(),
        from: diffSide().optional(),
        to: diffSide().optional(),
        evidence: z
          .array(
            z.object({ from: z.string(), to: z.string(), edition: day(), kind: z.string(), score: z.number(), reason: z.string(), basis: z.enum(linkBases) })
          )
          .optional(),
        referencesOnly: z.boolean(),
        typographyOnly: z.boolean(),
        sourceDamage: z.literal(true).optional().openapi({ description: 'the typography that changed is source damage arriving or leaving' }),
        examplesOnly: z.boolean(),
        textChanges: z.array(wordChangeSchema),
        exampleChanges: z.array(z.object({ ordinal: z.int().min(0), kind: z.enum(['added', 'removed', 'changed']), changes: z.array(wordChangeSchema) })),
        id: z.string().optional().openapi({ description: "the stable id of the rule's lineage (as the newer side has it)" })
      })
    ),
    terms: termDiffSchema.optional(),
    stale: flags.stale,
    notHeld: flags.notHeld
  })
  .openapi('EditionDiff')

/** `GET /v1/diff?limit=...`: one page of a diff's changes, with how many there are and the cursor of the next page; `terms` on the first page only. */
export const diffPageSchema = editionDiffSchema
  .extend({
    total: count().openapi({ description: 'how many changes the diff has in all' }),
    next: z.string().nullable().openapi({ description: 'the cursor of the next page (give it as cursor=, with the same limit), or null on the last page' })
  })
  .openapi('EditionDiffPage', { description: "one page of a diff's changes (limit=...); the glossary's changes (terms) come with the first page only" })

/** `GET /v1/diff?summary=true`: the counts of a diff, without the changes. */
export const diffSummarySchema = z
  .object({
    from: day(),
    to: day(),
    section: z.string().optional(),
    sectionNumbering: sectionNumberingList(),
    summary: diffSummary(),
    terms: z.object({ summary: termDiffSummary() }).optional(),
    stale: flags.stale,
    notHeld: flags.notHeld
  })
  .openapi('DiffSummary')

/** `EditionSummary`. */
export const editionSummarySchema = z
  .object({
    effectiveDate: day(),
    set: z.object({ code: z.string(), name: z.string() }).nullable(),
    validTo: until(),
    source: z.object({ ...publicSource(), sha256: z.string(), encoding: z.string(), lineEnding: z.string(), bytes: count() }),
    dateStatement: z.string(),
    rules: count(),
    examples: count(),
    terms: count(),
    truncated: z.boolean(),
    messages: severities()
  })
  .openapi('EditionSummary')

/** `EraListing`. */
export const eraListingSchema = z
  .object({
    presets: z.array(z.object({ name: z.string(), date: day(), summary: z.string(), edition: day(), validTo: until() })),
    editions: z.array(z.object({ edition: day(), validTo: until(), presets: z.array(z.string()) }))
  })
  .openapi('EraListing')

/** `SourceSummary`, with the `EditionVerification` of an official edition. */
export const sourceSummarySchema = z
  .object({
    id: z.int(),
    ...publicSource(),
    kind: z.string(),
    format: z.string(),
    sha256: z.string(),
    bytes: count(),
    encoding: z.string(),
    title: z.string().nullable(),
    date: day().nullable(),
    dating: z.enum(['stated', 'inferred', 'none']),
    era: z.object({ from: day(), to: day() }).nullable(),
    bestMatch: z.object({ from: day(), to: day() }).nullable(),
    score: z.number().nullable(),
    disagreeing: z.array(z.string()),
    rules: count(),
    terms: count(),
    others: count(),
    attestations: z.object({ equal: count(), differs: count(), partial: count(), unmatched: count(), external: count(), pending: count() }).nullable(),
    messages: severities(),
    verification: z
      .object({
        verified: z.boolean(),
        expected: z.string().nullable(),
        origin: z.object({ source: z.string(), from: z.string(), warning: z.string().optional() }).nullable()
      })
      .optional()
  })
  .openapi('SourceSummary')

const checkCategory = () => z.enum(['sba', 'variant', 'loop', 'switch'])

/** `CheckRule`: a check in force, with its rule. */
const checkRuleSchema = ruleVersionSchema
  .extend({
    id: z.string(),
    title: z.string(),
    category: checkCategory(),
    inForce: z.literal(true),
    anchor: z.object({ region: z.enum(['sba', 'declared-sba', 'anywhere']), patterns: z.array(z.string()) }),
    since: z.object({ edition: day(), numbers: z.array(z.string()) }),
    lineageId: z.string().nullable().openapi({ description: "the stable id of the rule's lineage", example: '1999-04-23_420.5e' })
  })
  .openapi('CheckRule')

/** `CheckNotInForce`. */
const checkNotInForceSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    category: checkCategory(),
    inForce: z.literal(false),
    edition: day(),
    message: z.string(),
    before: z.object({ firstEdition: day(), lastEdition: day(), number: z.string(), endedOn: day() }).nullable(),
    after: z.object({ firstEdition: day(), number: z.string() }).nullable()
  })
  .openapi('CheckNotInForce')

/** `CheckAnswer`. */
export const checkAnswerSchema = z.union([checkRuleSchema, checkNotInForceSchema])

/** `CheckRun`. */
export const checkRunSchema = z.object({ firstEdition: day(), lastEdition: day(), endedOn: until(), numbers: z.array(z.string()) }).openapi('CheckRun')

/** `GET /v1/checks/{id}`: the check, with its runs when `history` was asked for. */
export const checkWithHistorySchema = z
  .union([
    checkRuleSchema.extend({ history: z.array(checkRunSchema).optional() }),
    checkNotInForceSchema.extend({ history: z.array(checkRunSchema).optional() })
  ])
  .openapi('CheckAnswer')

/** `EraChecksAnswer`. */
export const eraChecksSchema = z
  .object({ era: z.string().nullable(), edition: day(), validTo: until(), checks: z.array(checkAnswerSchema) })
  .openapi('EraChecks')

/** `GameState`: what `POST /v1/sba` takes, and the state it answers. */
// zod's own `meta` rather than `.openapi()`: the engine's schemas may be built before @hono/zod-openapi adds that method.
export const gameStateComponent = gameStateSchema.meta({ id: 'GameState' })

/** `Citation`. */
const citationSchema = z.object({ check: z.string(), number: z.string(), text: z.string() }).openapi('Citation')

/** What `answerSba` returns: the era, the new state and the events with their citations. */
export const sbaAnswerSchema = z
  .object({
    era: z.string().nullable(),
    state: gameStateComponent,
    events: z.array(
      z.object({
        pass: z.int().min(1),
        action: z.enum(sbaActions),
        subject: z.object({ kind: z.enum(['object', 'player', 'team']), id: z.string(), name: z.string().optional() }),
        detail: z.string().optional(),
        checks: z.array(z.string()),
        rules: z.array(citationSchema),
        lastKnown: objectSchema.optional()
      })
    ),
    passes: z.int().min(1),
    edition: day(),
    loop: z.array(citationSchema),
    notes: z.array(z.string()),
    gameOver: z.object({ winners: z.array(z.string()) }).nullable()
  })
  .openapi('SbaAnswer')

/** `CiteReport`: the citations of a text, each cited number checked. */
export const citeReportSchema = z
  .object({
    edition: day(),
    findings: z.array(
      z.object({
        line: z.int().min(1),
        column: z.int().min(1),
        citation: z.string(),
        number: z.string(),
        asOf: day(),
        edition: day(),
        kinds: z.array(z.enum(['ok', 'moved', 'changed-since', 'removed', 'never-existed', 'ambiguous'])),
        textThen: z.string().optional(),
        now: z.array(z.object({ number: z.string(), text: z.string() })),
        changes: z.array(wordChangeSchema).optional(),
        removed: z
          .object({
            lastInForce: day(),
            endedOn: until(),
            lastText: z.string(),
            continuesAs: z.array(z.object({ number: z.string(), edition: day(), kind: z.string() }))
          })
          .optional(),
        nearest: z.array(z.string()).optional(),
        fix: z.string().optional(),
        fixable: z.boolean(),
        quote: z.object({ text: z.string(), matchesThen: z.boolean().nullable(), matchesNow: z.boolean().nullable() }).optional(),
        message: z.string()
      })
    )
  })
  .openapi('CiteReport')

/** The body of `POST /v1/cite`. */
export const citeRequestSchema = z
  .object({
    text: z.string().openapi({ description: 'the text to check: prose or source code of any language', example: '// CR 420.5e: the legend rule' }),
    asOf: z.string().optional().openapi({ format: 'date', description: 'the day the text was written (YYYY-MM-DD; default: today)', example: '2008-01-01' })
  })
  .strict()
  .openapi('CiteRequest')

const lineageCommon = {
  id: z.string(),
  asked: z.string(),
  aliases: z.array(z.object({ alias: z.string(), lineages: z.array(z.string()) })),
  alternatives: z.array(z.string()),
  edition: day(),
  began: day(),
  ended: until(),
  versions: z.array(z.object({ label: z.string(), validFrom: day(), validTo: until(), lastEdition: day(), textKey: z.string() })),
  stale: flags.stale
}

/** `Lineage`: a rule or term by its stable id, with its whole life and what is in force in the edition asked. */
export const lineageSchema = z
  .union([
    z.object({ kind: z.literal('rule'), ...lineageCommon, inForce: z.array(ruleVersionSchema) }),
    z.object({ kind: z.literal('term'), ...lineageCommon, inForce: z.array(glossaryTermSchema) })
  ])
  .openapi('Lineage')
