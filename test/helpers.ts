/**
 * Shared test helpers: temporary databases, the shared archive, and small
 * official-format documents built in the test.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { inject } from 'vitest'
import { openDatabase, type CrdbDatabase } from '../src/store/database.js'
import { CrdbError } from '../src/vocabulary/errors.js'

/** The project root. */
export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** The archive of official editions beside the project (`../shared/corpus/cr`). */
export const archiveDir = process.env.CRDB_ARCHIVE ?? resolve(projectRoot, '../shared/corpus/cr')

/**
 * Whether the archive is present. Where it is absent, tests that need it skip
 * with a message, except in CI, where its absence is a failure.
 */
export function archiveAvailable(): boolean {
  const present = existsSync(join(archiveDir, 'manifest.json'))
  if (!present && process.env.CI) throw new Error(`CI is set but the archive is missing at ${archiveDir}`)
  if (!present) console.warn(`skipping archive tests: no archive at ${archiveDir} (set CRDB_ARCHIVE or put ../shared beside the project)`)
  return present
}

/** A fresh temporary folder, removed by the returned cleanup. */
export function temporaryFolder(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'crdb-test-'))
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Rules and glossary of a small edition built for a test. */
export interface EditionSpec {
  date: string
  rules: Record<string, string>
  examples?: Record<string, string[]>
  glossary?: Record<string, string>
  /** The rule numbers in document order, where the keys' own order will not do (integer-like keys such as `100` and `704` always come first in an object). */
  order?: string[]
}

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** The text of an official-format document (2009+ layout) with these rules. */
export function editionText(spec: EditionSpec): string {
  const [year, month, day] = spec.date.split('-').map(Number)
  const lines = [
    'Magic: The Gathering Comprehensive Rules',
    '',
    `These rules are effective as of ${monthNames[month - 1]} ${day}, ${year}.`,
    '',
    'Introduction',
    '',
    'Contents',
    '',
    '1. Game Concepts',
    '100. General',
    'Glossary',
    'Credits',
    ''
  ]
  for (const [number, text] of spec.order ? spec.order.map((key) => [key, spec.rules[key]] as const) : Object.entries(spec.rules)) {
    lines.push(/^\d{3}$|^\d$/.test(number) ? `${number}. ${text}` : /^\d{3}\.\d+$/.test(number) ? `${number}. ${text}` : `${number} ${text}`, '')
    for (const example of spec.examples?.[number] ?? []) lines.push(`Example: ${example}`, '')
  }
  lines.push('Glossary', '')
  for (const [term, definition] of Object.entries(spec.glossary ?? { Ability: 'Text on an object that explains what that object does or can do.' })) {
    lines.push(term, definition, '')
  }
  lines.push('Credits', '', 'Magic: The Gathering Original Game Design: Richard Garfield', '')
  return lines.join('\r\n')
}

/** Write an edition document into `dir` under `name` and return its path. */
export function writeEdition(dir: string, name: string, spec: EditionSpec): string {
  const path = join(dir, name)
  writeFileSync(path, editionText(spec))
  return path
}

/**
 * Open the database built from the whole archive by the global setup
 * (read-only), or `undefined` where the archive is absent (after
 * {@link archiveAvailable} has warned, or failed in CI).
 */
export function openArchiveDatabase(): CrdbDatabase | undefined {
  const path = inject('archiveDatabase')
  if (!path) return undefined
  return openDatabase(path, { readonly: true })
}

/** The CrdbError that `action` throws (fails the test when it throws nothing, or something else). */
export function thrown(action: () => unknown): CrdbError {
  try {
    action()
  } catch (error) {
    if (error instanceof CrdbError) return error
    throw error
  }
  throw new Error('expected a CrdbError')
}
