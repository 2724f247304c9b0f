/**
 * The suite on disk: `index.json` (the case ids, in order, and what the suite
 * was made from), `case.schema.json`, and one file per case under `cases/`
 * (`cases/CHECK/EDITION/BOARD.json`). The same cases give the same bytes.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { CrdbError } from '../vocabulary/errors.js'
import { conformanceCaseSchema, describeCaseSchema, type ConformanceCase } from './case.js'
import type { SuiteNote } from './generate.js'

/** What `index.json` holds. */
export interface SuiteIndex {
  /** The format of the suite folder. */
  format: 'crdb-conformance/1'
  /** How many cases. */
  count: number
  /** The checks the cases are about, with how many cases each. */
  checks: Record<string, number>
  /** The boards not asked in a range of editions, and why (see `listSuiteNotes`). */
  notes: SuiteNote[]
  /** The case ids, in order; a case's file is `cases/ID.json`. */
  cases: string[]
}

const json = (value: unknown): string => JSON.stringify(value, null, 2) + '\n'

/** Where the file of case `id` is, in the suite folder `dir`. */
const fileOf = (dir: string, id: string): string => join(dir, 'cases', ...id.split('/')) + '.json'

/**
 * Write `cases` into the folder `dir`: index (with `notes`), schema and one file per case.
 *
 * @throws {CrdbError} `E_IO` when a file cannot be written.
 */
export function writeSuite(dir: string, cases: readonly ConformanceCase[], notes: readonly SuiteNote[] = []): SuiteIndex {
  const checks: Record<string, number> = {}
  for (const item of cases) checks[item.check] = (checks[item.check] ?? 0) + 1
  const index: SuiteIndex = { format: 'crdb-conformance/1', count: cases.length, checks, notes: [...notes], cases: cases.map((item) => item.id) }
  try {
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'case.schema.json'), json(describeCaseSchema()))
    for (const item of cases) {
      const file = fileOf(dir, item.id)
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, json(item))
    }
    writeFileSync(join(dir, 'index.json'), json(index))
  } catch (error) {
    throw new CrdbError('E_IO', `${dir}: cannot write the suite (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
  return index
}

/**
 * Read the suite in the folder `dir` (written by {@link writeSuite}).
 *
 * @throws {CrdbError} `E_IO` for a missing file, `E_FORMAT` for a file that is not a case.
 */
export function readSuite(dir: string): ConformanceCase[] {
  const read = (file: string): unknown => {
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch (error) {
      throw new CrdbError('E_IO', `${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
    }
    try {
      return JSON.parse(text)
    } catch (error) {
      throw new CrdbError('E_FORMAT', `${file}: not JSON (${(error as Error).message})`)
    }
  }
  const index = read(join(dir, 'index.json')) as Partial<SuiteIndex>
  if (index?.format !== 'crdb-conformance/1' || !Array.isArray(index.cases))
    throw new CrdbError('E_FORMAT', `${join(dir, 'index.json')}: not the index of a crdb conformance suite`)
  return index.cases.map((id) => {
    const file = fileOf(dir, String(id))
    const parsed = conformanceCaseSchema.safeParse(read(file))
    if (!parsed.success)
      throw new CrdbError('E_FORMAT', `${file}: not a conformance case (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message})`)
    return parsed.data
  })
}
