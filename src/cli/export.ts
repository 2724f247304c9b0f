/**
 * `crdb export`: a whole edition as JSON, Markdown or the text as published,
 * on standard output or in a file; `--all`: every edition and the lineage
 * table, a file each, in a folder.
 */
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { listEditions, resolveEdition } from '../query/editions.js'
import { checkExportFormat, exportFileName, type ExportFormat, renderEdition, renderLineageTable } from '../query/export.js'
import { CrdbError } from '../vocabulary/errors.js'
import type { RegisterCommand } from './context.js'

/** The file of the lineage table in the folder `crdb export --all` writes. */
const lineageFile = 'lineage.json'

/** Register `crdb export`. */
export const registerExport: RegisterCommand = (program, context) => {
  program
    .command('export')
    .description('write a whole edition as JSON (see docs/schemas/edition-export.schema.json), Markdown or the text as published; --all: every edition')
    .argument('[edition]', 'the edition: its date (2009-07-11) or the code of the set it came with (M10)')
    .option('--format <format>', 'json, md (Markdown with an anchor per rule and term) or txt (the text as published)', 'json')
    .option('--out <path>', 'write to this file instead of standard output (with --all: into this folder)')
    .option('--all', `every edition, a file each (2009-07-11.json), and the lineage table (${lineageFile}), into the folder --out names`)
    .action((edition: string | undefined, options: { format: string; out?: string; all?: boolean }) => {
      const format = readFormat(options.format)
      if (options.all) {
        if (edition !== undefined) throw new CrdbError('E_USAGE', `give an EDITION or --all, not both`)
        if (options.out === undefined) throw new CrdbError('E_USAGE', '--all writes a file per edition: give the folder with --out DIR')
        const folder = options.out
        const written = context.withDatabase(true, (db) => {
          makeFolder(folder)
          const files: string[] = []
          for (const { effectiveDate } of listEditions(db)) {
            const name = exportFileName(effectiveDate, format)
            writeAtomically(join(folder, name), renderEdition(db, effectiveDate, format))
            files.push(name)
          }
          writeAtomically(join(folder, lineageFile), renderLineageTable(db))
          return { folder, format, editions: files.length, files: [...files, lineageFile] }
        })
        context.print(written, () => `wrote ${written.editions} editions (${format}) and ${lineageFile} to ${folder}\n`)
        return
      }
      if (edition === undefined) throw new CrdbError('E_USAGE', 'give an EDITION (crdb export 2009-07-11) or --all --out DIR')
      const text = context.withDatabase(true, (db) => {
        const date = resolveEdition(db, { edition })
        context.noteEdition(db, date)
        return renderEdition(db, date, format)
      })
      if (options.out === undefined) context.io.out(text)
      else writeAtomically(options.out, text)
    })
}

/**
 * The format `--format` names.
 *
 * @throws {CrdbError} `E_USAGE` naming the flag's value.
 */
function readFormat(value: string): ExportFormat {
  try {
    return checkExportFormat(value)
  } catch (error) {
    if (error instanceof CrdbError) throw new CrdbError(error.code, `--${error.message}`)
    throw error
  }
}

/**
 * Create `folder` (and its parents) unless it is there.
 *
 * @throws {CrdbError} `E_IO` when it cannot be created, or is a file.
 */
function makeFolder(folder: string): void {
  try {
    mkdirSync(folder, { recursive: true })
    if (!statSync(folder).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' })
  } catch (error) {
    throw new CrdbError('E_IO', `${folder}: cannot write the export there (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
}

/**
 * Write `text` to `path` through a file beside it, renamed into place: an
 * export stopped midway leaves no half-written file under the final name.
 *
 * @throws {CrdbError} `E_IO` when it cannot be written.
 */
function writeAtomically(path: string, text: string): void {
  const partial = `${path}.partial-${process.pid}`
  try {
    writeFileSync(partial, text)
    renameSync(partial, path)
  } catch (error) {
    rmSync(partial, { force: true })
    throw new CrdbError('E_IO', `${path}: cannot write the export (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
}
