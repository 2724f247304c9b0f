/**
 * parseOfficialText, one fixture folder per case:
 *
 *   test/fixtures/official-text/<case>/input.txt      the decoded text of an edition
 *   test/fixtures/official-text/<case>/expected.json  the parse, written by hand
 *
 * Only the fields an expected.json lists are compared: effectiveDate, dateLine,
 * truncated, wrapped, rules (number, text, examples), glossary (term, aliases,
 * obsolete, definition), termKeys (the keys the store gives the glossary's
 * terms), misprints, and messages (line, code, and severity / rule / text when
 * listed). A case whose expected.json is `{ "error": "E_..." }` must throw a
 * CrdbError with that code and a one-line message naming the input.
 *
 * A case whose expected.json names a `nextEdition` file beside input.txt is
 * read with that edition's rules as evidence for its misprinted numbers.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { normalizeEdition } from '../ingest/normalize.js'
import { parseOfficialText, type NextEdition, type ParsedEdition } from '../ingest/parse/official-text.js'
import { CrdbError } from '../src/vocabulary/errors.js'

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'official-text')

interface ExpectedMessage {
  line: number
  code: string
  severity?: string
  rule?: string
  text?: string
}

interface Expected {
  error?: string
  nextEdition?: string
  misprints?: number
  effectiveDate?: string
  dateLine?: number
  truncated?: boolean
  wrapped?: boolean
  rules?: { number: string; text: string; examples: string[] }[]
  glossary?: { term: string; aliases: string[]; obsolete: boolean; definition: string }[]
  termKeys?: string[]
  messages?: ExpectedMessage[]
}

const cases = readdirSync(fixtures, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()

const byPosition = (a: { line: number; code: string }, b: { line: number; code: string }) => a.line - b.line || a.code.localeCompare(b.code)

describe('parseOfficialText', () => {
  it('has fixtures for every documented case', () => {
    expect(cases).toEqual(expect.arrayContaining(['modern', 'hard-wrapped-2003', 'crystalkeep-1999', 'slips', 'truncated', 'no-date', 'no-rules']))
    // Issue 13: one case per defect of reading.
    expect(cases).toEqual(
      expect.arrayContaining([
        'wrap-joins-2001',
        'wrap-joins-2003-12',
        'glossary-joined-1999',
        'glossary-glued-2021',
        'glossary-damaged-2008',
        'glossary-damaged-names-2008',
        'glossary-curly-quotes-2005',
        'glossary-missing-blank-2021',
        'glossary-paragraphs-2001',
        'misprint-classes',
        'misprint-next-edition'
      ])
    )
  })

  for (const name of cases) {
    const input = readFileSync(join(fixtures, name, 'input.txt'), 'utf8')
    const expected = JSON.parse(readFileSync(join(fixtures, name, 'expected.json'), 'utf8')) as Expected
    const source = `fixtures/official-text/${name}/input.txt`

    describe(name, () => {
      if (expected.error) {
        it(`throws CrdbError ${expected.error} with a one-line message naming the source`, () => {
          let thrown: unknown
          try {
            parseOfficialText(input, source)
          } catch (error) {
            thrown = error
          }
          expect(thrown).toBeInstanceOf(CrdbError)
          const error = thrown as CrdbError
          expect(error.code).toBe(expected.error)
          expect(error.message).toContain(source)
          expect(error.message).not.toContain('\n')
        })
        return
      }

      let parsed: ParsedEdition | undefined
      const nextEdition = (): NextEdition | undefined => {
        if (!expected.nextEdition) return undefined
        const next = parseOfficialText(readFileSync(join(fixtures, name, expected.nextEdition), 'utf8'), expected.nextEdition)
        return { date: next.effectiveDate, rules: next.rules }
      }
      const parse = (): ParsedEdition => (parsed ??= parseOfficialText(input, source, { nextEdition: nextEdition() }))

      for (const field of ['effectiveDate', 'dateLine', 'truncated', 'wrapped', 'misprints'] as const) {
        if (expected[field] === undefined) continue
        it(`${field} is ${JSON.stringify(expected[field])}`, () => {
          expect(parse()[field]).toBe(expected[field])
        })
      }

      if (expected.rules) {
        it('rules: numbers in document order', () => {
          expect(parse().rules.map((rule) => rule.number)).toEqual(expected.rules!.map((rule) => rule.number))
        })
        it('rules: number, text and examples', () => {
          const actual = parse().rules.map(({ number, text, examples }) => ({ number, text, examples }))
          expect(actual).toEqual(expected.rules)
        })
        it('rules: text is clean (no double spaces, no example prefix, no line-edge blanks)', () => {
          for (const rule of parse().rules) {
            for (const paragraph of [rule.text, ...rule.examples].flatMap((text) => text.split('\n'))) {
              expect(paragraph, rule.number).not.toMatch(/ {2}|^\s|\s$/)
            }
            for (const example of rule.examples) expect(example, rule.number).not.toMatch(/^example:/i)
          }
        })
      }

      if (expected.glossary) {
        it('glossary: terms in document order', () => {
          expect(parse().glossary.map((entry) => entry.term)).toEqual(expected.glossary!.map((entry) => entry.term))
        })
        it('glossary: term, obsolete and definition', () => {
          const actual = parse().glossary.map(({ term, obsolete, definition }) => ({ term, obsolete, definition }))
          expect(actual).toEqual(expected.glossary!.map(({ term, obsolete, definition }) => ({ term, obsolete, definition })))
        })
        it('glossary: aliases', () => {
          const actual = parse().glossary.map(({ term, aliases }) => ({ term, aliases }))
          expect(actual).toEqual(expected.glossary!.map(({ term, aliases }) => ({ term, aliases })))
        })
      }

      if (expected.termKeys) {
        it('glossary: the keys the store gives its terms', () => {
          const keys = normalizeEdition(parse())
            .filter((entry) => entry.kind === 'term')
            .map((entry) => entry.key)
          expect(keys).toEqual(expected.termKeys)
        })
      }

      if (expected.messages) {
        it('messages: codes at their lines', () => {
          // Severity and rule are compared for a code only when expected.json states them for it.
          const listed = (code: string, key: 'severity' | 'rule' | 'text') =>
            expected.messages!.some((message) => message.code === code && message[key] !== undefined)
          const actual = parse()
            .messages.map(({ line, code, severity, rule, text }) => ({
              line,
              code,
              ...(listed(code, 'severity') ? { severity } : {}),
              ...(listed(code, 'rule') ? { rule } : {}),
              ...(listed(code, 'text') ? { text } : {})
            }))
            .sort(byPosition)
          expect(actual).toEqual([...expected.messages!].sort(byPosition))
        })
      }
    })
  }
})
