/**
 * The cases of the parser fuzz test, shared by the test and by scripts that
 * replay one case (to time or profile it): real inputs, seeded mutations, and
 * the read side a case is fed to.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import iconv from 'iconv-lite'
import { decodeSource } from '../ingest/decode.js'
import { detectFormat } from '../ingest/detect-format.js'
import { parseDump } from '../ingest/ingest.js'
import { normalizeEdition } from '../ingest/normalize.js'
import { parseOfficialText } from '../ingest/parse/official-text.js'
import type { SourceMessage } from '../src/vocabulary/messages.js'
import { archiveDir, projectRoot } from './helpers.js'

/** mulberry32: a small seeded generator, so a failing run can be replayed. */
export function generator(state: number): () => number {
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Real inputs: the fixtures' inputs, the corpus dumps, and a few official editions when the archive is there. */
export function samples(): Array<{ name: string; bytes: Buffer }> {
  const found: Array<{ name: string; bytes: Buffer }> = []
  const fixtures = join(projectRoot, 'test', 'fixtures')
  for (const group of ['official-text', 'crystal-keep', 'mtg-wiki', 'book-text']) {
    for (const name of readdirSync(join(fixtures, group))) {
      for (const file of readdirSync(join(fixtures, group, name)).filter((file) => file.startsWith('input'))) {
        found.push({ name: `${group}/${name}/${file}`, bytes: readFileSync(join(fixtures, group, name, file)) })
      }
    }
  }
  const corpus = join(projectRoot, 'corpus')
  for (const file of readdirSync(corpus).filter((file) => /\.(txt|html|md)$/.test(file)))
    found.push({ name: `corpus/${file}`, bytes: readFileSync(join(corpus, file)) })
  for (const edition of ['1999-04-23.txt', '2004-10-01.txt', '2026-01-16.txt']) {
    try {
      found.push({ name: `archive/${edition}`, bytes: readFileSync(join(archiveDir, edition)) })
    } catch {
      // Without the archive the fixtures (which include real editions' pages) suffice.
    }
  }
  return found
}

type Mutation = (bytes: Buffer, random: () => number, other: Buffer) => Buffer

export const at = (random: () => number, length: number): number => Math.floor(random() * Math.max(1, length))

export const mutations: Record<string, Mutation> = {
  cut: (bytes, random) => bytes.subarray(0, at(random, bytes.length)),
  'cut-head': (bytes, random) => bytes.subarray(at(random, bytes.length)),
  splice: (bytes, random, other) => Buffer.concat([bytes.subarray(0, at(random, bytes.length)), other.subarray(at(random, other.length))]),
  'flip-bytes': (bytes, random) => {
    const copy = Buffer.from(bytes)
    const flips = 1 + at(random, 64)
    for (let index = 0; index < flips && copy.length > 0; index++) copy[at(random, copy.length)] ^= 1 << at(random, 8)
    return copy
  },
  'random-bytes': (bytes, random) => {
    const copy = Buffer.from(bytes)
    const start = at(random, copy.length)
    for (let index = start; index < Math.min(copy.length, start + 1 + at(random, 2000)); index++) copy[index] = at(random, 256)
    return copy
  },
  'utf-16le': (bytes) => Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(bytes.toString('utf8'), 'utf16le')]),
  'utf-16be-no-bom': (bytes) => iconv.encode(bytes.toString('utf8'), 'utf16be'),
  'windows-1252': (bytes) => iconv.encode(bytes.toString('utf8'), 'windows1252'),
  'latin1-read-as-utf8': (bytes) => Buffer.from(bytes.toString('latin1'), 'utf8'),
  'mac-line-ends': (bytes) => Buffer.from(bytes.toString('utf8').replace(/\r?\n/g, '\r')),
  'shuffle-lines': (bytes, random) => {
    const lines = bytes.toString('utf8').split('\n')
    for (let index = 0; index < Math.min(50, lines.length); index++) {
      const a = at(random, lines.length)
      const b = at(random, lines.length)
      ;[lines[a], lines[b]] = [lines[b], lines[a]]
    }
    return Buffer.from(lines.join('\n'))
  },
  'repeat-line': (bytes, random) => {
    const lines = bytes.toString('utf8').split('\n')
    const line = lines[at(random, lines.length)]
    lines.splice(at(random, lines.length), 0, ...Array.from({ length: 1 + at(random, 300) }, () => line))
    return Buffer.from(lines.join('\n'))
  },
  'long-line': (bytes, random) => {
    const text = bytes.toString('utf8')
    const where = at(random, text.length)
    return Buffer.from(text.slice(0, where) + '704.5j ' + '('.repeat(at(random, 5000)) + 'x'.repeat(at(random, 200_000)) + text.slice(where))
  },
  'nul-bytes': (bytes, random) => {
    const copy = Buffer.from(bytes)
    for (let index = 0; index < 1 + at(random, 20) && copy.length > 0; index++) copy[at(random, copy.length)] = 0
    return copy
  }
}

/** The whole read side for one source: what it reports, or the CrdbError it is rejected with. */
export function readSide(bytes: Buffer, uri: string): SourceMessage[] {
  const decoded = decodeSource(bytes, uri)
  const format = detectFormat(decoded.text, uri)
  if (format === 'official-text') {
    const parsed = parseOfficialText(decoded.text, uri)
    normalizeEdition(parsed)
    return [...decoded.messages, ...parsed.messages]
  }
  return [...decoded.messages, ...parseDump(format, decoded.text, uri).messages]
}

/** One fuzz case: the mutated bytes, the uri they are read as, and a label that names how to replay it. */
export interface FuzzCase {
  index: number
  uri: string
  label: string
  bytes: Buffer
}

/** The first `count` cases of `seed`, in order (each case draws from the one generator, so case n needs cases 0..n-1 drawn). */
export function* generateFuzzCases(seed: number, count: number, inputs = samples()): Generator<FuzzCase> {
  const random = generator(seed)
  const names = Object.keys(mutations)
  for (let index = 0; index < count; index++) {
    const input = inputs[at(random, inputs.length)]
    const other = inputs[at(random, inputs.length)]
    let bytes = input.bytes
    // Big editions: a window of them, so a run stays within seconds.
    if (bytes.length > 200_000) {
      const start = at(random, bytes.length - 150_000)
      bytes = random() < 0.5 ? bytes.subarray(0, start + 150_000) : bytes.subarray(start, start + 150_000)
    }
    const applied: string[] = []
    for (let count = 0; count < 1 + at(random, 3); count++) {
      const name = names[at(random, names.length)]
      applied.push(name)
      bytes = mutations[name](bytes, random, other.bytes)
    }
    // Mutations compound (a spliced, repeated window can reach megabytes): keep a case under 1 MB.
    if (bytes.length > 1_000_000) bytes = bytes.subarray(0, 1_000_000)
    const uri = `fuzz/${index}-${input.name.replace(/\//g, '_')}`
    yield { index, uri, label: `case ${index} (seed ${seed}): ${input.name} with ${applied.join(', ')}`, bytes }
  }
}
