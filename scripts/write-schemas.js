/**
 * `npm run schemas`: write the JSON Schemas the package publishes
 * (`docs/schemas/edition-export.schema.json`, `docs/schemas/lineage-table.schema.json`,
 * `docs/schemas/conformance-case.schema.json`) from their zod schemas in src/server/export-schema.ts
 * and src/conformance/case.ts, the one source of both
 * these files and the OpenAPI document. Run after `npm run build` (it reads
 * dist/); test/export.test.ts fails when a file differs from its schema.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describeEditionExport, describeLineageTable } from '../dist/src/server/export-schema.js'
import { describeCaseSchema } from '../dist/src/conformance/case.js'

const folder = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'schemas')
mkdirSync(folder, { recursive: true })
for (const [name, schema] of [
  ['edition-export.schema.json', describeEditionExport()],
  ['lineage-table.schema.json', describeLineageTable()],
  ['conformance-case.schema.json', describeCaseSchema()]
]) {
  writeFileSync(join(folder, name), JSON.stringify(schema, null, 2) + '\n')
  console.log(`wrote docs/schemas/${name}`)
}
