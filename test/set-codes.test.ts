/**
 * Set codes as edition selectors: the table in the corpus manifest, the pure
 * lookups, and the CLI selecting editions by set code on the archive database.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { runCli } from '../src/cli.js'
import { findSetEdition, looksLikeSetCode, readSetTable, resolveSetCode, suggestSetCodes } from '../src/vocabulary/set-codes.js'
import { archiveAvailable, projectRoot, thrown } from './helpers.js'

const manifest = JSON.parse(readFileSync(join(projectRoot, 'corpus', 'manifest.json'), 'utf8')) as {
  editions: Array<{ effectiveDate: string; set?: { code: string; name: string; basis?: string } }>
}

describe('the set table', () => {
  const table = readSetTable()

  it('gives every edition of the manifest one set code, unique, with a name and a basis', () => {
    expect(table).toHaveLength(manifest.editions.length)
    expect(new Set(table.map((entry) => entry.code.toUpperCase())).size).toBe(table.length)
    for (const edition of manifest.editions) {
      expect(edition.set?.code, edition.effectiveDate).toMatch(/^[A-Z0-9]{2,5}(_\d)?$/)
      expect(edition.set?.name.length, edition.effectiveDate).toBeGreaterThan(2)
      expect(edition.set?.basis, edition.effectiveDate).toBeTruthy()
    }
  })

  it('finds editions by code or name, case-insensitively', () => {
    const dateOf = (input: string) => findSetEdition(table, input)?.effectiveDate
    expect(dateOf('M10')).toBe('2009-07-11')
    expect(dateOf('m10')).toBe('2009-07-11')
    expect(dateOf('  arb ')).toBe('2009-05-01')
    expect(dateOf('iko_2')).toBe('2020-06-01')
    expect(dateOf('6ed')).toBe('1999-04-23')
    expect(dateOf('FDN')).toBe('2024-11-08')
    expect(dateOf('magic 2010')).toBe('2009-07-11')
    expect(dateOf('ZZZ')).toBeUndefined()
  })

  it('tells set codes from years and dates', () => {
    const cases: Array<[string, boolean]> = [
      ['M10', true],
      ['10E', true],
      ['2XM', true],
      ['IKO_2', true],
      ['dom', true],
      ['2009', false],
      ['2009-07-11', false],
      ['yesterday', false],
      ['M', false],
      ['', false]
    ]
    for (const [input, expected] of cases) expect(looksLikeSetCode(input), input).toBe(expected)
  })

  it('suggests near misses, and names the input when nothing is near', () => {
    expect(suggestSetCodes(table, 'M1O')).toContain('M10')
    expect(suggestSetCodes(table, 'ARBB')).toContain('ARB')
    expect(suggestSetCodes(table, 'RBA')).toContain('ARB')
    const error = thrown(() => resolveSetCode(table, 'M1O'))
    expect(error.code).toBe('E_NOT_FOUND')
    expect(error.message).toMatch(/^no edition came with a set coded "M1O" \(did you mean M10(, \w+)*\?\); crdb editions lists the set codes$/)
    expect(thrown(() => resolveSetCode(table, 'QQQQQ')).message).toBe('no edition came with a set coded "QQQQQ"; crdb editions lists the set codes')
  })
})

describe.skipIf(!archiveAvailable())('set codes in the CLI (archive database)', () => {
  const cli = async (...args: string[]) => {
    let stdout = ''
    let stderr = ''
    const code = await runCli(['--db', inject('archiveDatabase')!, ...args], { out: (text) => (stdout += text), err: (text) => (stderr += text) })
    return { code, stdout, stderr }
  }

  it('selects an edition by set code wherever an edition is named', async () => {
    const byCode = await cli('--json', 'get', '704.5j', '--edition', 'm10')
    const byDate = await cli('--json', 'get', '704.5j', '--edition', '2009-07-11')
    expect(byCode.code, byCode.stderr).toBe(0)
    expect(byCode.stdout).toBe(byDate.stdout)
    const diffByCode = await cli('diff', 'ARB', 'M10', '--summary')
    expect(diffByCode.code, diffByCode.stderr).toBe(0)
    expect(diffByCode.stdout).toBe((await cli('diff', '2009-05-01', '2009-07-11', '--summary')).stdout)
    expect(diffByCode.stdout).toMatch(/^2009-05-01 -> 2009-07-11: /)
    const messages = await cli('editions', '--messages', 'iko_2')
    expect(messages.stdout).toBe((await cli('editions', '--messages', '2020-06-01')).stdout)
  })

  it('answers a near miss with "did you mean"', async () => {
    const miss = await cli('get', '704.5j', '--edition', 'M1O')
    expect(miss).toMatchObject({ code: 1, stdout: '' })
    expect(miss.stderr).toMatch(/^crdb: E_NOT_FOUND: no edition came with a set coded "M1O" \(did you mean M10[^)]*\?\); crdb editions lists the set codes\n$/)
    const diff = await cli('diff', 'ARB', 'M1O')
    expect(diff.stderr).toMatch(/did you mean M10/)
  })

  it('lists the set of each edition, and which editions are verified', async () => {
    const editions = await cli('editions')
    expect(editions.stdout).toMatch(/^2009-07-11 +\d+ +\d+ +\d+ +M10 /m)
    expect(editions.stdout).toMatch(/^2020-06-01 +\d+ +\d+ +\d+ +IKO_2 /m)
    const json = JSON.parse((await cli('--json', 'editions')).stdout) as Array<{ effectiveDate: string; set: { code: string } | null }>
    expect(json.every((edition) => edition.set !== null)).toBe(true)
    const sources = await cli('sources', '--official')
    const count = manifest.editions.length
    expect(sources.stdout).toContain(`${count} sources: ${count} official editions (${count} verified, 0 unverified), 0 secondary dumps`)
  })
})
