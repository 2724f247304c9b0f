/**
 * The zod schemas of the bulk exports: the JSON export of a whole edition
 * (`EditionExport`) and the lineage table (`LineageTable`). One source for
 * the OpenAPI document of `/v1/editions/{edition}/export` and for the JSON
 * Schemas the package publishes (`crdb/schemas/edition-export.json`,
 * `crdb/schemas/lineage-table.json`, written by `npm run schemas` into
 * `docs/schemas/`; a test holds the files to these schemas).
 */
import { z } from '@hono/zod-openapi'

const day = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .meta({ format: 'date' })
const lineageId = () => z.string().nullable().describe('the stable id of its lineage, the same across renumberings (null before a build computed the ids)')

/** `ExportedRule`: a rule of an exported edition. */
const exportedRuleSchema = z
  .object({
    number: z.string().describe('its number: 1, 100, 100.1, 704.5j'),
    id: lineageId(),
    parent: z.string().nullable().describe('the number one level up (704.5j -> 704.5 -> 704 -> 7); null for a section'),
    text: z.string().describe('its text (a title for a section or a three-digit rule); paragraphs joined by a line break'),
    examples: z.array(z.string()).describe('its examples in order, without their "Example:" prefix')
  })
  .strict()
  .openapi('ExportedRule')

/** `ExportedTerm`: a glossary term of an exported edition. */
const exportedTermSchema = z
  .object({
    term: z.string().describe('the term as printed'),
    key: z.string().describe("its key in crdb: the term in lower case (what /v1/glossary/{term} and the Markdown export's anchors use)"),
    id: lineageId(),
    obsolete: z.boolean().describe('the glossary marks it obsolete'),
    text: z.string().describe('its definition; paragraphs and numbered senses joined by a line break')
  })
  .strict()
  .openapi('ExportedTerm')

const editionExportDescription = 'A whole edition of the Comprehensive Rules as data (crdb export --format json).'
const lineageTableDescription =
  'Every rule and glossary term lineage of crdb with the names it carried, edition interval by interval (lineage.json of crdb export --all).'

/** `EditionExport`: a whole edition, as `crdb export --format json` writes it. */
export const editionExportSchema = z
  .object({
    format: z.literal('crdb-edition-export'),
    formatVersion: z.literal(1).describe('the version of this shape; a change that is not an addition raises it'),
    edition: day().describe('the edition, named as crdb names editions: its effective date'),
    effectiveDate: day(),
    validTo: day().nullable().describe('the day the next edition took effect; null for the newest'),
    dateStatement: z.string().describe('the phrase of the document that states its date'),
    set: z
      .object({ code: z.string(), name: z.string() })
      .strict()
      .nullable()
      .describe('the set (or mid-cycle update) the edition came with; null when unknown'),
    source: z
      .object({
        file: z.string().describe('its file name in the archive of editions'),
        url: z.string().nullable().describe('where Wizards of the Coast published it; null where unknown'),
        sha256: z
          .string()
          .regex(/^[0-9a-f]{64}$/)
          .describe('the sha256 of its bytes'),
        bytes: z.int().min(0),
        encoding: z.string()
      })
      .strict()
      .describe('the official source the edition was read from'),
    truncated: z.boolean().describe('the source stops before its end (no Credits section): rules or terms after the cut are missing'),
    counts: z.object({ rules: z.int().min(0), examples: z.int().min(0), terms: z.int().min(0) }).strict(),
    rules: z.array(exportedRuleSchema).describe('every rule, in document order'),
    terms: z.array(exportedTermSchema).describe('every glossary term, in document order')
  })
  .strict()
  .openapi('EditionExport', { description: editionExportDescription })

/** `LineageTable`: every lineage with the names it carried (`crdb export --all` writes it as lineage.json). */
export const lineageTableSchema = z
  .object({
    format: z.literal('crdb-lineage-table'),
    formatVersion: z.literal(1),
    lineages: z.array(
      z
        .object({
          id: z.string().describe('the stable lineage id'),
          kind: z.enum(['rule', 'term']),
          intervals: z.array(
            z
              .object({
                name: z.string().describe('the rule number, or the glossary term as printed'),
                from: day().describe('the first edition of the interval'),
                to: day().describe('its last edition'),
                validTo: day().nullable().describe('the day the next edition took effect after it; null while in force')
              })
              .strict()
          )
        })
        .strict()
    )
  })
  .strict()
  .openapi('LineageTable', { description: lineageTableDescription })

/** The JSON Schema (2020-12) the package publishes for the JSON export of an edition. */
export function describeEditionExport(): Record<string, unknown> {
  return publishedSchema(editionExportSchema, 'crdb edition export', editionExportDescription)
}

/** The JSON Schema (2020-12) the package publishes for the lineage table. */
export function describeLineageTable(): Record<string, unknown> {
  return publishedSchema(lineageTableSchema, 'crdb lineage table', lineageTableDescription)
}

function publishedSchema(schema: z.ZodType, title: string, description: string): Record<string, unknown> {
  const generated = z.toJSONSchema(schema, { target: 'draft-2020-12' }) as Record<string, unknown>
  const { $schema, ...rest } = generated
  return { $schema, title, description, ...rest }
}
