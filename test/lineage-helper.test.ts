/**
 * A whole lineage computation with a helper (the build's worker, matching pairs of editions from the last backwards
 * while the build thread matches from the first): the same links, with their scores and reasons, the same lineages
 * and ids as one thread alone, wherever the two meet and when the helper fails. The helper here runs
 * `matchClaimedPairs` on a handle of its own in this thread, at the moments a worker could; the built CLI's build
 * (a real worker) is compared with a build on one thread in `prepare-pool.test.ts`. On a copy of the archive.
 */
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { type ClaimedLinks, computeLineage, type LineageHelper, type LineageTask, matchClaimedPairs, readLineageOverrides } from '../ingest/lineage.js'
import { driverOf, openDatabase } from '../src/store/database.js'
import { listEditionDates } from '../src/store/editions.js'
import { lineageOverridesPath } from '../src/vocabulary/paths.js'
import { archiveAvailable, useArchiveDatabase, temporaryFolder } from './helpers.js'
import { canonicalContent } from './store-snapshot.js'

describe.skipIf(!archiveAvailable())('lineage matched with a helper', () => {
  const archive = useArchiveDatabase()
  const folder = temporaryFolder()
  afterAll(() => folder.cleanup())
  const overrides = readLineageOverrides(lineageOverridesPath())
  let copies = 0

  /** The lineage tables after a whole computation on a copy of the archive, with the helper `helperOf` makes. */
  function lineageWith(helperOf?: (path: string) => LineageHelper): Record<string, string[]> {
    const path = join(folder.dir, `copy-${++copies}.sqlite`)
    driverOf(archive.db).exec(`VACUUM INTO '${path}'`)
    const db = openDatabase(path)
    let links: string[]
    try {
      computeLineage(db, overrides, undefined, undefined, helperOf?.(path))
      // Every link by the versions it joins, with its score, reason and basis.
      links = driverOf(db)
        .prepare(
          `SELECT f.key || ' ' || f.first_date || ' -> ' || t.key || ' ' || t.first_date || ': ' || l.kind || ' ' || l.similarity || ' ' ||
                  l.score || ' ' || l.basis || ' ' || l.reason
           FROM lineage_links l JOIN versions f ON f.id = l.from_version JOIN versions t ON t.id = l.to_version ORDER BY 1`
        )
        .pluck()
        .all() as string[]
    } finally {
      db.close()
    }
    const { lineageIds, versions } = canonicalContent(path)
    return { links, lineageIds, versions }
  }

  /** A helper matching on its own read-only handle of `path`: `claimFirst` runs before it (on the task's claims). */
  function helperOn(path: string, options: { claimFirst?: (claims: Int32Array) => () => void; fail?: boolean } = {}): LineageHelper {
    return {
      start(task: LineageTask) {
        const release = options.claimFirst?.(task.claims)
        const db = openDatabase(path, { readonly: true })
        let matched: ClaimedLinks
        try {
          matched = options.fail ? [] : matchClaimedPairs(db, task)
        } finally {
          db.close()
        }
        release?.()
        return () => matched
      }
    }
  }

  let alone: Record<string, string[]>
  it('one thread alone links the editions (the reference)', () => {
    alone = lineageWith()
    expect(alone.links.length).toBeGreaterThan(10_000)
    expect(alone.lineageIds.length).toBeGreaterThan(1_000)
  }, 60_000)

  it('the same when the helper matches every pair', () => {
    let matched = 0
    const after = lineageWith((path) => {
      const helper = helperOn(path)
      return {
        start(task) {
          const wait = helper.start(task)
          return () => {
            const links = wait()
            matched = links.length
            return links
          }
        }
      }
    })
    expect(matched).toBe(listEditionDates(archive.db).length - 1)
    expect(after).toEqual(alone)
  }, 60_000)

  it('the same when the two meet in the middle: the helper matches the later half, this thread the earlier', () => {
    let matched: number[] = []
    const after = lineageWith((path) => {
      // The earlier half held back while the helper claims: it stops there, and this thread then claims it.
      const helper = helperOn(path, {
        claimFirst: (claims) => {
          const middle = Math.floor(claims.length / 2)
          for (let index = 1; index <= middle; index++) claims[index] = 1
          return () => {
            for (let index = 1; index <= middle; index++) claims[index] = 0
          }
        }
      })
      return {
        start(task) {
          const wait = helper.start(task)
          return () => {
            const links = wait()
            matched = links.map(([index]) => index)
            return links
          }
        }
      }
    })
    expect(matched.length).toBeGreaterThan(40)
    expect(Math.min(...matched)).toBe(Math.floor(listEditionDates(archive.db).length / 2) + 1)
    expect(after).toEqual(alone)
  }, 60_000)

  it('the same when the helper claims pairs and fails: this thread matches them', () => {
    const after = lineageWith((path) =>
      helperOn(path, {
        fail: true,
        claimFirst: (claims) => {
          for (let index = Math.floor(claims.length / 2); index < claims.length; index++) claims[index] = 1
          return () => {}
        }
      })
    )
    expect(after).toEqual(alone)
  }, 60_000)
})
