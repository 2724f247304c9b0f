/**
 * packEdition / unpackEdition: what a prepare worker sends the build thread.
 * Every official-text fixture is prepared, packed, cloned across a real
 * MessageChannel, and unpacked: the entries come back equal, field for field,
 * except the text and examples of a content the same worker sent before. And a
 * build through the pool (the built CLI: workers and the build thread sharing
 * the sources) stores what a build on one thread stores.
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads'
import { afterAll, describe, expect, it } from 'vitest'
import { ingestPaths } from '../ingest/ingest.js'
import { prepareBytes } from '../ingest/prepare-edition.js'
import { packEdition, type PackedEdition, unpackEdition } from '../ingest/prepare-pool.js'
import type { EditionInput } from '../ingest/store.js'
import { CrdbError } from '../src/vocabulary/errors.js'
import { openDatabase } from '../src/store/database.js'
import { sha256Of } from '../src/vocabulary/hash.js'
import { archiveAvailable, archiveDir, projectRoot, temporaryFolder } from './helpers.js'
import { canonicalContent } from './store-snapshot.js'

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'official-text')

/** `packed` as the other end of a message port receives it. */
function sendAcross(packed: PackedEdition): PackedEdition {
  const { port1, port2 } = new MessageChannel()
  try {
    port1.postMessage(packed)
    return receiveMessageOnPort(port2)!.message as PackedEdition
  } finally {
    port1.close()
  }
}

/** What the build thread should get for `input`: entries of contents in `sent` without text and examples. */
function expectedOf(input: EditionInput, sent: Set<string>): EditionInput {
  return {
    ...input,
    entries: input.entries.map((entry) => {
      if (!sent.has(entry.hash)) {
        sent.add(entry.hash)
        return entry
      }
      return { ...entry, text: undefined, examples: undefined } as unknown as EditionInput['entries'][number]
    })
  }
}

describe('packEdition and unpackEdition', () => {
  it('bring every fixture edition back equal, leaving out only the texts sent before', () => {
    const sent = new Set<string>()
    const expectedSent = new Set<string>()
    let editions = 0
    for (const name of readdirSync(fixtures).sort()) {
      const path = join(fixtures, name, 'input.txt')
      const bytes = readFileSync(path)
      let input: ReturnType<typeof prepareBytes>
      try {
        input = prepareBytes(path, bytes, sha256Of(bytes))
      } catch (error) {
        if (error instanceof CrdbError) continue // A fixture of a bad edition (no date...): nothing to send.
        throw error
      }
      if ('dump' in input) continue
      // The same edition twice: the second time, every text was sent before.
      for (let round = 0; round < 2; round++) {
        const expected = expectedOf(input, expectedSent)
        expect(unpackEdition(sendAcross(packEdition(input, sent)))).toEqual(expected)
      }
      editions++
    }
    expect(editions).toBeGreaterThan(5)
  })

  it('keep empty strings, empty lists and labels and sort keys of their own', () => {
    const input = {
      uri: 'edge.txt',
      format: 'official-text',
      decoded: { encoding: 'utf-8', lineEnding: 'lf', sha256: 'x', bytes: 1, messages: [] },
      parsed: { effectiveDate: '2000-01-01', dateStatement: '', dateLine: 1, truncated: false, wrapped: false, misprints: 0 },
      counts: { rules: 1, examples: 0, terms: 2 },
      messages: [],
      entries: [
        { kind: 'term', key: '', label: '(Obsolete)', sortKey: '', text: '', examples: [''], aliases: [''], obsolete: true, hash: 'a', line: 1 },
        { kind: 'rule', key: '100.1', label: '100.1', sortKey: 'not the usual', text: 'x', examples: [], aliases: [], obsolete: false, hash: 'b', line: 2 },
        { kind: 'term', key: 'k', label: '', sortKey: '', text: 't', examples: ['', 'e'], aliases: ['a', '', 'b'], obsolete: false, hash: 'c', line: 3 }
      ]
    } satisfies EditionInput
    expect(unpackEdition(sendAcross(packEdition(input, new Set())))).toEqual(input)
  })
})

describe.runIf(archiveAvailable())('a build through the prepare pool', () => {
  const folder = temporaryFolder()
  afterAll(() => folder.cleanup())

  it('stores what a build on one thread stores', () => {
    // Every ninth edition: twelve sources, more than the pool's minimum, of every layout from 1999 to today.
    const archive = join(folder.dir, 'archive')
    mkdirSync(archive)
    const names = readdirSync(archiveDir)
      .filter((name) => name.endsWith('.txt'))
      .sort()
      .filter((_, index) => index % 9 === 0)
    expect(names.length).toBeGreaterThanOrEqual(12)
    for (const name of names) copyFileSync(join(archiveDir, name), join(archive, name))
    // Under the test runner the worker's script is TypeScript, not built: this build prepares every source on this thread.
    const alone = join(folder.dir, 'alone.sqlite')
    const db = openDatabase(alone)
    try {
      ingestPaths(
        db,
        names.map((name) => join(archive, name))
      )
    } finally {
      db.close()
    }
    const pooled = join(folder.dir, 'pooled.sqlite')
    const result = spawnSync(process.execPath, [join(projectRoot, 'bin', 'crdb.js'), '--db', pooled, 'build', '--archive', archive, '--no-corpus'], {
      encoding: 'utf8'
    })
    expect(result.status, result.stderr).toBe(0)
    expect(result.stdout).toMatch(new RegExp(`${names.length} stored, 0 unchanged, 0 rejected`))
    const expected = canonicalContent(alone)
    const actual = canonicalContent(pooled)
    for (const table of Object.keys(expected)) expect(actual[table], table).toEqual(expected[table])
  }, 120_000)
})
