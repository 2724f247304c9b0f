/**
 * Build the whole archive into one temporary database before the tests, so
 * that every test file reading it shares one build. Where the archive is
 * absent, `archiveDatabase` is null and those tests skip (or fail, in CI).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import type { IngestReport } from '../ingest/ingest-report.js'
import { ingestPaths, listArchive } from '../ingest/ingest.js'
import { driverOf, openDatabase } from '../src/store/database.js'
import { archiveDir } from './helpers.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the database built from the whole archive, or null without the archive. */
    archiveDatabase: string | null
    /** What that build reported. */
    archiveReport: IngestReport | null
  }
}

let folder: string | undefined

export function setup(project: TestProject): void {
  if (!existsSync(join(archiveDir, 'manifest.json'))) {
    project.provide('archiveDatabase', null)
    project.provide('archiveReport', null)
    return
  }
  folder = mkdtempSync(join(tmpdir(), 'crdb-archive-'))
  const path = join(folder, 'crdb.sqlite')
  const db = openDatabase(path)
  const report = ingestPaths(db, listArchive(archiveDir))
  driverOf(db).pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  project.provide('archiveDatabase', path)
  project.provide('archiveReport', report)
}

export function teardown(): void {
  if (folder) rmSync(folder, { recursive: true, force: true })
}
