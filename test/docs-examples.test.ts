/**
 * The placeholder rules by which the docs test compares a console example's
 * output, and the GitHub anchors of headings.
 */
import { describe, expect, it } from 'vitest'
import { extractConsoleExamples, headingAnchors, matchesOutput } from './docs-examples.js'

describe('console example outputs', () => {
  it('compares lines exactly, ignoring trailing blanks', () => {
    expect(matchesOutput(['a b', 'c'], 'a b  \nc\n\n')).toBe(true)
    expect(matchesOutput(['a b', 'c'], 'a b\nc\nd\n')).toBe(false)
    expect(matchesOutput(['a b'], 'a  b\n')).toBe(false)
  })

  it('reads a line that is only ... as any number of lines, none included', () => {
    expect(matchesOutput(['first', '...', 'last'], 'first\nlast\n')).toBe(true)
    expect(matchesOutput(['first', '...', 'last'], 'first\n2\n3\nlast\n')).toBe(true)
    expect(matchesOutput(['first', '...', 'last'], 'first\n2\n3\n')).toBe(false)
    expect(matchesOutput(['first', '  ...'], 'first\nmore\n')).toBe(true)
  })

  it('reads ... inside a line as any text and <n> as a number', () => {
    expect(matchesOutput(['built in <n> s; db ... MB'], 'built in 7.1 s; db /tmp/x/crdb.sqlite 19.8 MB')).toBe(true)
    expect(matchesOutput(['27,870 of <n> hits'], '27,870 of 1,234 hits')).toBe(true)
    expect(matchesOutput(['in <n> s'], 'in soon s')).toBe(false)
    expect(matchesOutput(['a (b) [c]?'], 'a (b) [c]?')).toBe(true)
    expect(matchesOutput(['a (b) [c]?'], 'a b c')).toBe(false)
  })
})

describe('console examples', () => {
  it('takes each $ crdb line of a console block with the lines under it', () => {
    const markdown = ['# T', '', '```console', '$ crdb get 1', 'one', '', '$ crdb get 2', 'two', '```', '', '```text', '$ crdb serve', '```', ''].join('\n')
    expect(extractConsoleExamples('x.md', markdown)).toEqual([
      { file: 'x.md', line: 4, command: 'crdb get 1', expected: ['one'] },
      { file: 'x.md', line: 7, command: 'crdb get 2', expected: ['two'] }
    ])
  })

  it('refuses a console example that runs something else than crdb', () => {
    expect(() => extractConsoleExamples('x.md', '```console\n$ rm -rf /\n```\n')).toThrow(/x.md:2: a console example runs crdb/)
  })
})

describe('heading anchors', () => {
  it('follows GitHub: lower case, punctuation dropped, repeats numbered', () => {
    const anchors = headingAnchors('# CLI\n## `crdb get --sources`\n## Which edition: `--date`, `--era`\n## Errors\n## Errors\n')
    expect([...anchors]).toEqual(['cli', 'crdb-get---sources', 'which-edition---date---era', 'errors', 'errors-1'])
  })
})
