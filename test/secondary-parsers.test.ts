/**
 * The parsers of secondary dumps, one fixture folder per case:
 *
 *   test/fixtures/<site>/<case>/input.{txt,md,wiki,html}   a saved page or its text
 *   test/fixtures/<site>/<case>/expected.json              the parse, written by hand
 *
 * where <site> is crystal-keep, mtg-wiki or book-text. The parser is chosen by
 * the site and the input's extension; the format detector must choose the same.
 *
 * expected.json lists: format, statedDate (null: none), title (when the page
 * has one), every entry with every field it has (kind, label, number, term,
 * document, text, examples, revisionDate, author, authoredDate, asOf,
 * fragment; line when listed), and every message (line and code; severity
 * when listed). Each case is also checked to lose nothing: every word of the
 * input is in an entry, the date statement or a message, except the words
 * `mayVanish` lists (edit links and the like).
 */
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as cheerio from 'cheerio'
import { describe, expect, it } from 'vitest'
import { detectFormat } from '../ingest/detect-format.js'
import { parseBookHtml, parseBookText } from '../ingest/parse/book-text.js'
import { parseCrystalKeepHtml, parseCrystalKeepText } from '../ingest/parse/crystal-keep.js'
import type { DumpEntry, ParsedDump } from '../ingest/parse/dump.js'
import { parseMtgWikiHtml, parseMtgWikiMarkdown, parseMtgWikiText } from '../ingest/parse/mtg-wiki.js'

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures')

type Parser = (text: string, name: string) => ParsedDump
const parsers: Record<string, Record<string, Parser>> = {
  'crystal-keep': { '.txt': parseCrystalKeepText, '.html': parseCrystalKeepHtml },
  'mtg-wiki': { '.txt': parseMtgWikiText, '.md': parseMtgWikiMarkdown, '.wiki': parseMtgWikiMarkdown, '.html': parseMtgWikiHtml },
  'book-text': { '.txt': parseBookText, '.html': parseBookHtml }
}

interface Expected {
  format: string
  statedDate: string | null
  title?: string
  entries: Array<Partial<DumpEntry>>
  messages: Array<{ line: number; code: string; severity?: string }>
  mayVanish?: string[]
}

const entryFields = ['kind', 'label', 'number', 'term', 'document', 'text', 'examples', 'revisionDate', 'author', 'authoredDate', 'asOf', 'fragment'] as const

function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter((word) => !/^\d+$/.test(word) || word.length > 3)
}

for (const site of Object.keys(parsers)) {
  const folder = join(fixtures, site)
  const cases = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()

  describe(`${site} parsers`, () => {
    it('have fixtures for each form and for malformed pages', () => {
      const forms = new Set(cases.map((name) => extname(readdirSync(join(folder, name)).find((file) => file.startsWith('input.'))!)))
      expect([...forms].sort()).toEqual(expect.arrayContaining(Object.keys(parsers[site]).filter((ext) => ext !== '.wiki')))
      expect(cases.some((name) => name.includes('truncated'))).toBe(true)
      expect(cases.some((name) => name.includes('unknown-layout'))).toBe(true)
      if (site !== 'book-text') expect(cases.some((name) => name.includes('missing-header'))).toBe(true)
    })

    for (const name of cases) {
      const inputFile = readdirSync(join(folder, name)).find((file) => file.startsWith('input.'))!
      const input = readFileSync(join(folder, name, inputFile), 'utf8')
      const expected = JSON.parse(readFileSync(join(folder, name, 'expected.json'), 'utf8')) as Expected
      const source = `fixtures/${site}/${name}/${inputFile}`
      const parse = parsers[site][extname(inputFile)]
      let parsed: ParsedDump | undefined
      const result = (): ParsedDump => (parsed ??= parse(input, source))

      describe(name, () => {
        it(`is detected as ${expected.format} and parsed as such`, () => {
          expect(detectFormat(input, source)).toBe(expected.format)
          expect(result().format).toBe(expected.format)
        })

        it(`states ${expected.statedDate ?? 'no date'}${expected.title ? ` and is titled "${expected.title}"` : ''}`, () => {
          expect(result().statedDate ?? null).toBe(expected.statedDate)
          if (expected.title !== undefined) expect(result().title).toBe(expected.title)
        })

        it('reads every entry with its fields', () => {
          const actual = result().entries.map((entry, index) => {
            const picked: Record<string, unknown> = {}
            for (const field of entryFields)
              if (entry[field] !== undefined && !(field === 'examples' && entry.examples.length === 0)) picked[field] = entry[field]
            if (expected.entries[index]?.line !== undefined) picked.line = entry.line
            return picked
          })
          expect(actual).toEqual(expected.entries)
        })

        it('reports each problem at its line', () => {
          // Severity is compared where expected.json states it.
          const order = (a: { line: number; code: string }, b: { line: number; code: string }) => a.line - b.line || a.code.localeCompare(b.code)
          const wanted = [...expected.messages].sort(order)
          const actual = result()
            .messages.map(({ line, code, severity }) => ({ line, code, severity }))
            .sort(order)
            .map((message, index) => (wanted[index]?.severity !== undefined ? message : { line: message.line, code: message.code }))
          expect(actual).toEqual(wanted)
          for (const message of result().messages) expect(message.text).not.toContain('\n')
        })

        it('loses nothing: every word of the input is in an entry or a message', () => {
          // A page's visible text: its tags are word breaks, its entities are characters.
          const visible = inputFile.endsWith('.html')
            ? cheerio.load(input.replace(/<(head|script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ')).text()
            : input
          // What an entry keeps as fields rather than words: its Example: prefixes, its [CompRules date] bracket.
          const markers = result().entries.map((entry) => `${entry.examples.length ? 'Example' : ''} ${entry.revisionDate ? 'CompRules' : ''}`)
          const kept = new Set(
            words(
              [JSON.stringify(result().entries), ...markers, result().dateStatement ?? '', result().title ?? '', ...result().messages.map((m) => m.text)].join(
                ' '
              )
            )
          )
          const lost = [...new Set(words(visible))].filter((word) => !kept.has(word) && !(expected.mayVanish ?? []).includes(word))
          expect(lost).toEqual([])
        })
      })
    }
  })
}
