/**
 * Term keys of a store written before the key folded typography: a build
 * re-keys them, so that the stored keys are the ones `termKey` gives.
 */
import { termKey } from '../vocabulary/term-key.js'
import { driverOf, type Crdb } from './handle.js'
import { markDerivedStale } from './derived-state.js'
import { prepared } from './statements.js'

/**
 * Store every term version and alias under the key `termKey` gives its stored
 * key (a store built when `“as though”` and `"as though"` were two keys), in
 * one transaction. Versions keep their labels, so none joins another (a label
 * change starts a version). A key whose versions would share an edition with
 * those of the folded key (an edition that printed both) is left as it is.
 * Lineage and reconciliation are marked stale when anything moved.
 *
 * @returns the number of keys changed.
 */
export function refoldTermKeys(db: Crdb): number {
  const keys = prepared<[], string>(db, `SELECT DISTINCT key FROM versions WHERE kind = 'term'`).pluck().all()
  const stale = keys.filter((key) => termKey(key) !== key)
  const aliasRows = prepared<[], { alias: string; key: string }>(db, 'SELECT alias, key FROM term_aliases').all()
  const staleAliases = aliasRows.filter((row) => termKey(row.alias) !== row.alias || termKey(row.key) !== row.key)
  if (stale.length === 0 && staleAliases.length === 0) return 0
  const overlaps = prepared<{ key: string; folded: string }, number>(
    db,
    `SELECT EXISTS (SELECT 1 FROM versions a JOIN versions b ON b.kind = 'term' AND b.key = @folded
       AND b.first_date <= a.last_date AND b.last_date >= a.first_date WHERE a.kind = 'term' AND a.key = @key)`
  ).pluck()
  let changed = 0
  driverOf(db)
    .transaction(() => {
      const kept = new Set<string>()
      for (const key of stale) {
        const folded = termKey(key)
        if (overlaps.get({ key, folded }) === 1) {
          kept.add(key)
          continue
        }
        prepared(db, `UPDATE versions SET key = @folded, sort_key = @folded WHERE kind = 'term' AND key = @key`).run({ key, folded })
        changed++
      }
      for (const row of staleAliases) {
        if (kept.has(row.key)) continue
        prepared(db, 'DELETE FROM term_aliases WHERE alias = @alias AND key = @key').run(row)
        prepared(db, 'INSERT OR IGNORE INTO term_aliases (alias, key) VALUES (@alias, @key)').run({ alias: termKey(row.alias), key: termKey(row.key) })
      }
      markDerivedStale(db)
    })
    .immediate()
  return changed
}
