/**
 * `crdb export`, `/v1/editions/{edition}/export` and the library's exports of
 * whole editions, on the archive's database: the JSON export holds to its
 * published schema, the text export read back by crdb's own ingest gives the
 * same rules and terms, the Markdown has one anchor per rule and term, the
 * CLI and the server write the same bytes, and bad input gets one-line errors.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import type { z } from '@hono/zod-openapi'
import { describe, expect, expectTypeOf, inject, it } from 'vitest'
import { runCli } from '../src/cli.js'
import { listEditions } from '../src/query/editions.js'
import {
  type EditionExport,
  exportEdition,
  type LineageTable,
  listLineageTable,
  renderEdition,
  renderEditionMarkdown,
  renderEditionText,
  ruleAnchorOf,
  termAnchorOf
} from '../src/query/export.js'
import { ruleAnchor } from '../src/server/html.js'
import { termSlug } from '../src/server/pages/glossary.js'
import { openDatabase } from '../src/store/database.js'
import { describeEditionExport, describeLineageTable, type editionExportSchema, type lineageTableSchema } from '../src/server/export-schema.js'
import { archiveAvailable, projectRoot, temporaryFolder, thrown, useArchiveApp } from './helpers.js'

// ajv-formats is CommonJS: its function is the module's default, one level down under NodeNext.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default

type Fit<T, S extends z.ZodType> = [T] extends [z.infer<S>]
  ? [z.infer<S>] extends [T]
    ? 'same'
    : 'the schema allows values the type does not'
  : 'the type has values the schema refuses'
// The published schemas accept exactly the library's types (checked by `npm run typecheck`).
expectTypeOf<Fit<EditionExport, typeof editionExportSchema>>().toEqualTypeOf<'same'>()
expectTypeOf<Fit<LineageTable, typeof lineageTableSchema>>().toEqualTypeOf<'same'>()

function readSchema(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(projectRoot, 'docs', 'schemas', name), 'utf8')) as Record<string, unknown>
}

function validatorOf(schema: Record<string, unknown>) {
  const ajv = new Ajv2020({ strict: true, allErrors: true })
  addFormats(ajv)
  return ajv.compile(schema)
}

async function crdb(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const code = await runCli(['--db', inject('archiveDatabase')!, ...args], { out: (text) => (out += text), err: (text) => (err += text) })
  return { code, out, err }
}

/** What the round trip compares: an edition's rules and terms, without the lineage ids (a database of a few editions has its own). */
function contentOf(data: EditionExport) {
  return {
    truncated: data.truncated,
    rules: data.rules.map(({ number, parent, text, examples }) => ({ number, parent, text, examples })),
    terms: data.terms.map(({ term, key, obsolete, text }) => ({ term, key, obsolete, text }))
  }
}

describe.skipIf(!archiveAvailable())('exports of whole editions', () => {
  const archive = useArchiveApp()

  it('the published schemas are the zod schemas, and every edition exported as JSON holds to its schema', () => {
    expect(readSchema('edition-export.schema.json'), 'docs/schemas is out of date: run npm run schemas').toEqual(describeEditionExport())
    expect(readSchema('lineage-table.schema.json'), 'docs/schemas is out of date: run npm run schemas').toEqual(describeLineageTable())
    // The package ships them, under its own names.
    const require = createRequire(import.meta.url)
    expect(require.resolve('crdb/schemas/edition-export.json')).toBe(join(projectRoot, 'docs', 'schemas', 'edition-export.schema.json'))
    expect(require.resolve('crdb/schemas/lineage-table.json')).toBe(join(projectRoot, 'docs', 'schemas', 'lineage-table.schema.json'))
    const packed = spawnSync('npm', ['pack', '--dry-run', '--ignore-scripts', '--json'], { cwd: projectRoot, encoding: 'utf8' })
    const packedFiles = (JSON.parse(packed.stdout) as Array<{ files: Array<{ path: string }> }>)[0].files.map((file) => file.path)
    expect(packedFiles).toEqual(expect.arrayContaining(['docs/schemas/edition-export.schema.json', 'docs/schemas/lineage-table.schema.json']))
    const validate = validatorOf(readSchema('edition-export.schema.json'))
    const editions = listEditions(archive.db)
    expect(editions.length).toBeGreaterThanOrEqual(108)
    for (const edition of editions) {
      const data = exportEdition(archive.db, edition.effectiveDate)
      expect(validate(data), `${edition.effectiveDate}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true)
      expect(data.counts, edition.effectiveDate).toEqual({ rules: edition.rules, examples: edition.examples, terms: edition.terms })
      expect(data.rules.every((rule) => rule.id !== null) && data.terms.every((term) => term.id !== null), edition.effectiveDate).toBe(true)
    }
    // The edition of M10 by its set code, with what it is and where it came from.
    const m10 = exportEdition(archive.db, 'M10')
    expect(m10).toMatchObject({ edition: '2009-07-11', set: { code: 'M10' }, source: { file: '2009-07-11.txt' }, truncated: false })
    expect(m10.source.sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(m10.rules.find((rule) => rule.number === '704.5a')).toMatchObject({ parent: '704.5' })
    // The legend rule of 2009 keeps the id of its lineage since 1999 (420.5e then).
    expect(m10.rules.find((rule) => rule.id === '1999-04-23_420.5e')).toMatchObject({
      number: expect.stringMatching(/^704\.5/),
      text: expect.stringMatching(/legend/i)
    })
    // The schema refuses what is not an export: a rule without its text, an unknown field.
    const broken = structuredClone(m10) as unknown as { rules: Array<Record<string, unknown>>; extra?: number }
    delete broken.rules[3].text
    expect(validate(broken)).toBe(false)
    expect(validate({ ...m10, extra: 1 })).toBe(false)
  })

  it('every edition exported as text (crdb export --all --format txt) and built again by crdb build --archive has the same rules, examples and terms', async () => {
    const folder = temporaryFolder()
    try {
      const exported = join(folder.dir, 'txt')
      expect(await crdb('export', '--all', '--format', 'txt', '--out', exported)).toMatchObject({ code: 0, err: '' })
      const rebuilt = join(folder.dir, 'rebuilt.sqlite')
      let log = ''
      const code = await runCli(['--db', rebuilt, 'build', '--archive', exported], { out: (text) => (log += text), err: (text) => (log += text) })
      expect(code, log).toBe(0)
      const fresh = openDatabase(rebuilt, { readonly: true })
      try {
        const editions = listEditions(archive.db)
        expect(listEditions(fresh).map((edition) => [edition.effectiveDate, edition.truncated])).toEqual(
          editions.map((edition) => [edition.effectiveDate, edition.truncated])
        )
        // The oldest edition (its date in a header line), one with damaged quotes, a truncated one and the newest among them.
        expect(editions.some((edition) => edition.truncated)).toBe(true)
        for (const { effectiveDate } of editions) {
          const before = exportEdition(archive.db, effectiveDate)
          const after = exportEdition(fresh, effectiveDate)
          expect(after.rules.length, effectiveDate).toBe(before.rules.length)
          expect(contentOf(after), effectiveDate).toEqual(contentOf(before))
          expect(after.dateStatement, effectiveDate).toBe(before.dateStatement)
        }
      } finally {
        fresh.close()
      }
    } finally {
      folder.cleanup()
    }
  }, 300_000)

  it('the Markdown export has one anchor per rule and per term, each unique, and its contents link to them', () => {
    for (const date of ['1999-04-23', '2009-07-11', listEditions(archive.db).at(-1)!.effectiveDate]) {
      const markdown = renderEditionMarkdown(archive.db, date)
      const data = exportEdition(archive.db, date)
      const anchors = [...markdown.matchAll(/<a id="([^"]+)"><\/a>/g)].map((match) => match[1])
      expect(new Set(anchors).size, date).toBe(anchors.length)
      expect(anchors.filter((anchor) => anchor.startsWith('r'))).toEqual(data.rules.map((rule) => `r${rule.number}`))
      expect(anchors.filter((anchor) => anchor.startsWith('term-')).length).toBe(data.terms.length)
      expect(anchors).toContain('glossary')
      const links = [...markdown.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1])
      expect(links.length).toBeGreaterThan(50)
      expect(links.filter((link) => !anchors.includes(link))).toEqual([])
    }
    // The anchors of the server's whole-edition page (/cr), so that one link works on both.
    const terms = exportEdition(archive.db, '2009-07-11').terms
    expect(terms.map((term) => termAnchorOf(term.key))).toEqual(terms.map((term) => `term-${termSlug(term.key)}`))
    expect(ruleAnchorOf('704.5j')).toBe(ruleAnchor('704.5j'))
    expect(renderEditionMarkdown(archive.db, '2009-07-11')).toContain('<a id="r704.5j"></a>**704.5j** If two or more')
  })

  it('crdb export writes what the library renders, on standard output or in a file; --all writes every edition and the lineage table', async () => {
    const text = await crdb('export', '2009-07-11', '--format', 'txt')
    expect(text).toMatchObject({ code: 0, err: '' })
    expect(text.out).toBe(renderEditionText(archive.db, '2009-07-11'))
    expect((await crdb('export', 'M10')).out).toBe(renderEdition(archive.db, '2009-07-11', 'json'))
    const folder = temporaryFolder()
    try {
      const file = join(folder.dir, 'm10.md')
      expect(await crdb('export', 'M10', '--format', 'md', '--out', file)).toEqual({ code: 0, out: '', err: '' })
      expect(readFileSync(file, 'utf8')).toBe(renderEditionMarkdown(archive.db, '2009-07-11'))

      const all = join(folder.dir, 'all')
      const written = await crdb('--json', 'export', '--all', '--out', all)
      expect(written.code).toBe(0)
      const editions = listEditions(archive.db)
      const files = readdirSync(all).sort()
      expect(files).toEqual([...editions.map((edition) => `${edition.effectiveDate}.json`), 'lineage.json'].sort())
      expect(JSON.parse(written.out)).toMatchObject({ editions: editions.length, format: 'json' })
      expect(readFileSync(join(all, '2003-10-01.json'), 'utf8')).toBe(renderEdition(archive.db, '2003-10-01', 'json'))
      const lineage = JSON.parse(readFileSync(join(all, 'lineage.json'), 'utf8')) as LineageTable
      const validate = validatorOf(readSchema('lineage-table.schema.json'))
      expect(validate(lineage), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true)
      expect(lineage).toEqual(listLineageTable(archive.db))
      // The legend rule's lineage carried 420.5e, then (after 2009's renumbering) 704.5 numbers.
      const legend = lineage.lineages.find((entry) => entry.id === '1999-04-23_420.5e')
      expect(legend?.kind).toBe('rule')
      expect(legend?.intervals[0]).toMatchObject({ name: '420.5e', from: '1999-04-23' })
      expect(legend?.intervals.map((interval) => interval.name)).toContain('704.5j')
      expect(legend?.intervals.at(-1)?.validTo === null || legend!.intervals.length > 1).toBe(true)
      // Every edition's every rule and term is in the table, in force in that edition under its name.
      const ids = new Set(lineage.lineages.map((entry) => entry.id))
      const m10 = exportEdition(archive.db, '2009-07-11')
      expect([...m10.rules, ...m10.terms].filter((entry) => !ids.has(entry.id!))).toEqual([])
    } finally {
      folder.cleanup()
    }
  }, 120_000)

  it('GET /v1/editions/{edition}/export answers the same bytes as crdb export, with its media type and file name', async () => {
    for (const [format, type] of [
      ['json', 'application/json'],
      ['md', 'text/markdown'],
      ['txt', 'text/plain']
    ] as const) {
      const response = await archive.app.request(`/v1/editions/M10/export?format=${format}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe(`${type}; charset=utf-8`)
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="2009-07-11.${format}"`)
      const cli = await crdb('export', '2009-07-11', '--format', format)
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(cli.out))).toBe(true)
    }
    // JSON by default.
    const answer = await archive.app.request('/v1/editions/1999-04-23/export')
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(((await answer.json()) as EditionExport).edition).toBe('1999-04-23')
    const document = (await (await archive.app.request('/openapi.json')).json()) as { paths: Record<string, unknown> }
    expect(Object.keys(document.paths)).toContain('/v1/editions/{edition}/export')
  })

  it('bad input gets a one-line error with a stable code: an unknown edition, a bad format, --all without --out', async () => {
    const cases: Array<[string[], number, string]> = [
      [['export', '2009-07-12'], 1, 'E_NOT_FOUND'],
      [['export', 'ZZZ9'], 1, 'E_NOT_FOUND'],
      [['export', '2009-13-40'], 1, 'E_BAD_DATE'],
      [['export', '2009-07-11', '--format', 'pdf'], 2, 'E_USAGE'],
      [['export', '--all'], 2, 'E_USAGE'],
      [['export', '2009-07-11', '--all', '--out', 'x'], 2, 'E_USAGE'],
      [['export'], 2, 'E_USAGE']
    ]
    for (const [args, code, error] of cases) {
      const result = await crdb(...args)
      expect(result.code, args.join(' ')).toBe(code)
      expect(result.out, args.join(' ')).toBe('')
      expect(result.err, args.join(' ')).toMatch(new RegExp(`^crdb: ${error}: [^\\n]+\\n$`))
    }
    expect((await crdb('export', '2009-07-11', '--format', 'pdf')).err).toBe('crdb: E_USAGE: --format "pdf": expected json, md or txt\n')
    for (const [path, status, code] of [
      ['/v1/editions/2009-07-12/export', 404, 'E_NOT_FOUND'],
      ['/v1/editions/2009-13-40/export', 400, 'E_BAD_DATE'],
      ['/v1/editions/2009-07-11/export?format=pdf', 400, 'E_USAGE']
    ] as const) {
      const response = await archive.app.request(path)
      expect(response.status, path).toBe(status)
      const body = (await response.json()) as { error: { code: string; message: string } }
      expect(body.error.code, path).toBe(code)
      expect(body.error.message).not.toContain('\n')
    }
    expect(thrown(() => exportEdition(archive.db, '2009-07-12')).code).toBe('E_NOT_FOUND')
    expect(thrown(() => renderEdition(archive.db, '2009-07-11', 'pdf')).message).toBe('format "pdf": expected json, md or txt')
    expect(thrown(() => exportEdition(archive.db, { edition: '2009-07-11' } as unknown as string)).code).toBe('E_USAGE')
  })
})
