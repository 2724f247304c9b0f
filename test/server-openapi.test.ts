/**
 * The OpenAPI document of `/v1`, generated from the routes' zod schemas: well
 * formed (every schema valid JSON Schema 2020-12, every answer and body typed,
 * none a bare object), and each answer schema accepting exactly the values of
 * the library type it stands for (checked by the type checker:
 * `npm run typecheck`). That the route tests' answers conform to it is checked
 * by `openapi-conformance.ts` in the route tests.
 */
import type { CiteReport } from '../src/query/cite/resolve.js'
import type { Lineage } from '../src/query/lineage.js'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { z } from '@hono/zod-openapi'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { CheckAnswer, CheckRun } from '../src/engine/rules.js'
import type { SbaResult } from '../src/engine/sba.js'
import type { EraChecksAnswer } from '../src/engine/answers.js'
import type { GameState } from '../src/engine/state.js'
import type { EditionDiff } from '../src/query/diff.js'
import type { EditionSummary } from '../src/query/editions.js'
import type { EraListing } from '../src/query/eras.js'
import type { RuleNeighbours, RuleReference, RuleVersion } from '../src/query/get.js'
import type { GlossaryEntry, GlossaryTerm } from '../src/query/glossary.js'
import type { RuleHistory } from '../src/query/history.js'
import type { SearchResult } from '../src/query/search.js'
import type { Attestation, RuleSources, SourceSummary } from '../src/query/sources.js'
import type { TermDiff } from '../src/query/term-diff.js'
import type { EditionVerification } from '../src/query/verification.js'
import type { Whereabouts } from '../src/query/moved.js'
import type { ErrorBody } from '../src/server/errors.js'
import type { Published } from '../src/server/public-source.js'
import type * as schemas from '../src/server/answer-schemas.js'
import { openApiDocument } from '../src/server/openapi.js'
import { findLooseSchemas, type OpenApiDocument } from './openapi-conformance.js'

const document = JSON.parse(JSON.stringify(openApiDocument)) as OpenApiDocument

describe('the OpenAPI document', () => {
  it('types every answer and body, with no bare object anywhere', () => {
    expect(findLooseSchemas(document)).toEqual([])
    // The check finds what it is for: the hand-written document had bare objects.
    const loose = structuredClone(document)
    loose.paths['/v1/eras'].get.responses['200'].content!['application/json'].schema = { type: 'object' }
    loose.components.schemas.RuleVersion = { type: 'array' }
    expect(findLooseSchemas(loose).some((problem) => problem.startsWith('GET /v1/eras 200: an object with no properties'))).toBe(true)
    expect(findLooseSchemas(loose).some((problem) => problem.includes('RuleVersion: an array of anything'))).toBe(true)
  })

  it('is OpenAPI 3.1 whose every schema is valid JSON Schema 2020-12', () => {
    expect(document.openapi).toBe('3.1.0')
    const ajv = new Ajv2020({ strict: false })
    const schemas: Array<[string, unknown]> = Object.entries(document.components.schemas)
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        expect(Object.keys(operation.responses), `${method} ${path}`).toContain('200')
        for (const parameter of operation.parameters ?? []) schemas.push([`${method} ${path} ${parameter.name}`, parameter.schema])
        for (const [status, response] of Object.entries(operation.responses))
          if (response.content) schemas.push([`${method} ${path} ${status}`, response.content['application/json'].schema])
      }
    }
    for (const [where, schema] of schemas) expect(ajv.validateSchema(schema as object), `${where}: ${ajv.errorsText()}`).toBe(true)
    // Every path parameter is declared, and required.
    for (const [path, methods] of Object.entries(document.paths))
      for (const name of path.match(/\{(\w+)\}/g) ?? [])
        for (const operation of Object.values(methods))
          expect(operation.parameters?.find((parameter) => `{${parameter.name}}` === name && parameter.in === 'path')?.required, `${path} ${name}`).toBe(true)
  })
})

/**
 * Whether the library type `T` and the schema's type accept the same values: each
 * assignable to the other (so a field added, removed or retyped on either side
 * fails `npm run typecheck`).
 */
type Fit<T, S extends z.ZodType> = [T] extends [z.infer<S>]
  ? [z.infer<S>] extends [T]
    ? [Exclude<keyof z.infer<S>, keyof T> | Exclude<keyof T, keyof z.infer<S>>] extends [never]
      ? 'same'
      : 'the schema and the type name different fields'
    : 'the schema allows values the type does not'
  : 'the type has values the schema refuses'

// The answer schemas match the library types: checked when the type checker reads this file (`npm run typecheck`).
expectTypeOf<Fit<Published<RuleVersion>, typeof schemas.ruleVersionSchema>>().toEqualTypeOf<'same'>()
expectTypeOf<Fit<Published<RuleNeighbours>, typeof schemas.ruleNeighboursSchema>>().toEqualTypeOf<'same'>()
expectTypeOf<Fit<RuleReference, typeof schemas.ruleReferenceSchema>>().toEqualTypeOf<'same'>()
expectTypeOf<Fit<Published<Attestation>, typeof schemas.attestationSchema>>().toEqualTypeOf<'same'>()
expectTypeOf<Fit<Published<RuleSources>, typeof schemas.ruleSourcesSchema>>().toEqualTypeOf<'same'>()
expectTypeOf<
  Fit<
    Published<
      RuleVersion & {
        subtree?: RuleVersion[]
        subtreePage?: { total: number; next: string | null }
        neighbours?: RuleNeighbours
        refs?: RuleReference[]
        sources?: RuleSources
        stale?: true
        truncated?: true
        notHeld?: string[]
      }
    >,
    typeof schemas.ruleAnswerSchema
  >
>().toEqualTypeOf<'same'>()
expectTypeOf<Fit<Published<RuleHistory & { stale?: true }>, typeof schemas.ruleHistorySchema>>().toEqualTypeOf<'same'>()
expectTypeOf<Fit<GlossaryEntry, typeof schemas.glossaryEntrySchema>>().toEqualTypeOf<'same'>()
expectTypeOf<Fit<Published<GlossaryTerm & { truncated?: true; notHeld?: string[] }>, typeof schemas.glossaryTermSchema>>().toEqualTypeOf<'same'>()
expectTypeOf<Fit<SearchResult, typeof schemas.searchResultSchema>>().toEqualTypeOf<'same'>()
expectTypeOf<Fit<CiteReport, typeof schemas.citeReportSchema>>().toEqualTypeOf<'same'>()
expectTypeOf<Fit<Published<Lineage & { stale?: true }>, typeof schemas.lineageSchema>>().toEqualTypeOf<'same'>()
expectTypeOf<Fit<TermDiff, typeof schemas.termDiffSchema>>().toEqualTypeOf<'same'>()
// `total` is there with `limit` only: the page's schema.
expectTypeOf<Fit<Omit<EditionDiff, 'total'> & { stale?: true; notHeld?: string[] }, typeof schemas.editionDiffSchema>>().toEqualTypeOf<'same'>()
expectTypeOf<
  Fit<Omit<EditionDiff, 'total'> & { total: number; next: string | null; stale?: true; notHeld?: string[] }, typeof schemas.diffPageSchema>
>().toEqualTypeOf<'same'>()
expectTypeOf<
  Fit<
    Pick<EditionDiff, 'from' | 'to' | 'section' | 'sectionNumbering' | 'summary'> & { terms?: Pick<TermDiff, 'summary'>; stale?: true; notHeld?: string[] },
    typeof schemas.diffSummarySchema
  >
>().toEqualTypeOf<'same'>()
expectTypeOf<Fit<Published<EditionSummary>, typeof schemas.editionSummarySchema>>().toEqualTypeOf<'same'>()
expectTypeOf<Fit<EraListing, typeof schemas.eraListingSchema>>().toEqualTypeOf<'same'>()
expectTypeOf<Fit<Published<SourceSummary & { verification?: EditionVerification }>, typeof schemas.sourceSummarySchema>>().toEqualTypeOf<'same'>()
expectTypeOf<Fit<Published<CheckAnswer>, typeof schemas.checkAnswerSchema>>().toEqualTypeOf<'same'>()
expectTypeOf<Fit<CheckRun, typeof schemas.checkRunSchema>>().toEqualTypeOf<'same'>()
expectTypeOf<Fit<Published<CheckAnswer & { history?: CheckRun[] }>, typeof schemas.checkWithHistorySchema>>().toEqualTypeOf<'same'>()
expectTypeOf<Fit<Published<EraChecksAnswer>, typeof schemas.eraChecksSchema>>().toEqualTypeOf<'same'>()
expectTypeOf<Fit<GameState, typeof schemas.gameStateComponent>>().toEqualTypeOf<'same'>()
expectTypeOf<Fit<SbaResult & { era: string | null }, typeof schemas.sbaAnswerSchema>>().toEqualTypeOf<'same'>()
expectTypeOf<ErrorBody & { whereabouts?: Whereabouts }>().toExtend<z.infer<typeof schemas.errorSchema>>()
