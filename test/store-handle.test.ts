/**
 * The store's handle (`Crdb`): what a library user gets from openDatabase, that
 * the driver stays inside the store, and that loading and opening the store
 * leave the process environment alone. The environment and file-name cases run
 * the compiled library in a child process, as a user's program would.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import * as library from '../src/index.js'
import { openRules } from '../src/engine/rules.js'
import { driverOf, isCrdb, limitPageCache, openDatabase, type Crdb } from '../src/store/database.js'
import { projectRoot, temporaryFolder } from './helpers.js'

const libraryUrl = pathToFileURL(join(projectRoot, 'dist', 'src', 'index.js')).href

/** Run an ES module script against the compiled library in a child process; its stdout parsed as JSON. */
function runScript(script: string, options: { cwd: string; env?: Record<string, string> }): unknown {
  const env: Record<string, string | undefined> = { ...process.env, ...options.env }
  if (!options.env?.SQLITE_USE_URI) delete env.SQLITE_USE_URI
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: options.cwd, encoding: 'utf8', env })
  expect(result.stderr).toBe('')
  expect(result.status).toBe(0)
  return JSON.parse(result.stdout)
}

describe('the Crdb handle', () => {
  let folder: ReturnType<typeof temporaryFolder>
  let db: Crdb | undefined
  beforeEach(() => {
    folder = temporaryFolder()
  })
  afterEach(() => {
    if (db?.open) db.close()
    folder.cleanup()
  })

  it('importing crdb and opening a database (new, then read-only) leave process.env unchanged', () => {
    const script = `
      const before = JSON.stringify(process.env)
      const crdb = await import(${JSON.stringify(libraryUrl)})
      const afterImport = JSON.stringify(process.env)
      crdb.openDatabase('new.sqlite').close()
      const db = crdb.openDatabase('new.sqlite', { readonly: true })
      const editions = crdb.listEditions(db).length
      db.close()
      console.log(JSON.stringify({ importUnchanged: afterImport === before, openUnchanged: JSON.stringify(process.env) === before, editions }))`
    expect(runScript(script, { cwd: folder.dir })).toEqual({ importUnchanged: true, openUnchanged: true, editions: 0 })
  })

  it('a database name that looks like a SQLite URI is a plain file name, even where SQLite reads URIs', () => {
    const name = 'file:u.sqlite?mode=memory'
    for (const useUri of ['0', '1']) {
      const script = `
        const crdb = await import(${JSON.stringify(libraryUrl)})
        const db = crdb.openDatabase(${JSON.stringify(name)})
        const path = db.path
        db.close()
        console.log(JSON.stringify({ path }))`
      expect(runScript(script, { cwd: folder.dir, env: { SQLITE_USE_URI: useUri } })).toEqual({ path: name })
      expect(existsSync(join(folder.dir, name)), `SQLITE_USE_URI=${useUri}`).toBe(true)
    }
    expect(readdirSync(folder.dir).filter((file) => file.startsWith('u.sqlite'))).toEqual([])
  })

  it('keeps at most the page cache it is limited to (the answer worker: 2 MB, not 16)', () => {
    const db = openDatabase(join(folder.dir, 'cache.sqlite'))
    try {
      expect(driverOf(db).pragma('cache_size', { simple: true })).toBe(-32768)
      limitPageCache(db, 2048)
      expect(driverOf(db).pragma('cache_size', { simple: true })).toBe(-2048)
    } finally {
      db.close()
    }
  })

  it('says where it was opened from and whether read-only, and closes', () => {
    const path = join(folder.dir, 'crdb.sqlite')
    openDatabase(path).close()
    db = openDatabase(path, { readonly: true })
    expect({ path: db.path, readonly: db.readonly, open: db.open }).toEqual({ path, readonly: true, open: true })
    expect(library.listEditions(db)).toEqual([])
    db.close()
    expect(db.open).toBe(false)
    const writable = openDatabase(path)
    expect(writable.readonly).toBe(false)
    writable.close()
  })

  it('the library exports no way to the driver, and the store refuses what openDatabase did not make', () => {
    expect(Object.keys(library).filter((name) => /driver|isCrdb/i.test(name))).toEqual([])
    const forged = { path: 'x.sqlite', readonly: true, open: true, close: () => {} } as unknown as Crdb
    expect(isCrdb(forged)).toBe(false)
    expect(() => driverOf(forged)).toThrow(TypeError)
    expect(() => library.listEditions(forged)).toThrow(/not a crdb database: open one with openDatabase\(\)/)
    db = openDatabase(join(folder.dir, 'crdb.sqlite'))
    expect(isCrdb(db)).toBe(true)
    // The engine tells a handle from its options object by the same check.
    expect(() => openRules(db as Crdb)).toThrow(/no editions/)
  })

  it('a handle the compiled library opened is one to the sources too (two copies of crdb in one process)', async () => {
    const compiled = (await import(libraryUrl)) as typeof library
    const path = join(folder.dir, 'crdb.sqlite')
    db = compiled.openDatabase(path)
    expect(isCrdb(db)).toBe(true)
    expect(driverOf(db).pragma('user_version', { simple: true })).toBe(compiled.schemaVersion)
    expect(library.listEditions(db)).toEqual([])
  })
})
