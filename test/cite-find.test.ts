/**
 * The citation finder against its fixtures: each folder of test/fixtures/cite holds an
 * input text beside the citations expected in it (one folder per citation form and per
 * false positive).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findCitations } from '../src/query/cite/find.js'
import { projectRoot } from './helpers.js'

const fixtures = join(projectRoot, 'test/fixtures/cite')
const cases = readdirSync(fixtures, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

describe('findCitations', () => {
  it('has a fixture for every form and every false positive', () => {
    expect(cases.filter((name) => name.startsWith('fp-')).length).toBeGreaterThanOrEqual(8)
    expect(cases.filter((name) => !name.startsWith('fp-')).length).toBeGreaterThanOrEqual(12)
  })

  it.each(cases)('%s', (name) => {
    const input = readFileSync(join(fixtures, name, 'input.txt'), 'utf8')
    const expected = JSON.parse(readFileSync(join(fixtures, name, 'expected.json'), 'utf8'))
    expect(findCitations(input)).toEqual(expected)
    // A false-positive case holds no citation at all.
    if (name.startsWith('fp-')) expect(expected).toEqual([])
  })

  it('finds a citation whatever comes around it: the raw span is the text at its line and column', () => {
    for (const name of cases) {
      const input = readFileSync(join(fixtures, name, 'input.txt'), 'utf8')
      const lines = input.split('\n')
      for (const citation of findCitations(input)) {
        const line = [...lines[citation.line - 1]]
        expect(line.slice(citation.column - 1, citation.column - 1 + [...citation.text].length).join('')).toBe(citation.text)
        for (const written of citation.written)
          expect(
            line
              .slice(written.column - 1)
              .join('')
              .startsWith(written.number)
          ).toBe(true)
      }
    }
  })
})
