/**
 * A build or removal leaves no free pages in a new database file: it is created with
 * `auto_vacuum = INCREMENTAL` and a build gives back what it freed (the search
 * index rebuilt by its migration, rewritten lineage), without rewriting the file.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { projectRoot, temporaryFolder, writeEdition } from './helpers.js'

const folder = temporaryFolder()
afterAll(() => folder.cleanup())

describe('database size', () => {
  it('a new file gives back the pages that removing an edition freed', () => {
    const archive = join(folder.dir, 'archive')
    mkdirSync(archive)
    const rules: Record<string, string> = { '100': 'General', '100.1': 'These rules apply to any game.', '704.5j': 'The legend rule, first wording.' }
    // The second edition rewords many long rules, so removing it frees many pages.
    const reworded: Record<string, string> = { ...rules }
    for (let number = 1; number <= 400; number++)
      reworded[`100.${number + 1}`] = `Rule ${number} of the second edition: ${'a long sentence about the game. '.repeat(20)}`
    writeEdition(archive, '2020-01-01.txt', { date: '2020-01-01', rules })
    writeEdition(archive, '2021-01-01.txt', { date: '2021-01-01', rules: reworded, order: Object.keys(reworded) })
    const path = join(folder.dir, 'size.sqlite')
    const crdb = (...args: string[]): void => {
      const result = spawnSync(process.execPath, [join(projectRoot, 'bin', 'crdb.js'), '--db', path, ...args], { encoding: 'utf8' })
      expect(result.status, result.stderr).toBe(0)
    }
    crdb('build', '--archive', archive)
    crdb('editions', '--remove', '2021-01-01')
    const db = new Database(path, { readonly: true })
    try {
      expect(db.pragma('auto_vacuum', { simple: true })).toBe(2)
      expect(db.pragma('freelist_count', { simple: true })).toBe(0)
      expect(db.prepare('SELECT COUNT(*) FROM editions').pluck().get()).toBe(1)
    } finally {
      db.close()
    }
  })
})
