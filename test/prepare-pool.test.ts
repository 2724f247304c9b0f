/**
 * packEdition / unpackEdition: what a prepare worker sends the build thread.
 * Every official-text fixture is prepared, packed, cloned across a real
 * MessageChannel, and unpacked: the entries come back equal, field for field,
 * except the text and examples of a content the same worker sent before.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { prepareBytes } from '../ingest/prepare-edition.js'
import { packEdition, type PackedEdition, unpackEdition } from '../ingest/prepare-pool.js'
import type { EditionInput } from '../ingest/store.js'
import { CrdbError } from '../src/vocabulary/errors.js'
import { sha256Of } from '../src/vocabulary/hash.js'

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
