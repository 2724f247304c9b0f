/**
 * `node scripts/write-lineage-weights.js [DB]`: write `corpus/lineage-weights.json`, the word counts lineage
 * matching weighs words by (see ingest/lineage/weights.ts), from a built store (default db/crdb.sqlite): in how
 * many distinct rule texts each word is, words read as matching reads them. Run after `npm run build` (it reads
 * dist/). The counts are kept fixed between runs, so that adding an edition does not change how the editions
 * before it were matched; written again, they change the lineage of a whole build (a build recomputes it).
 */
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openDatabase, driverOf } from '../dist/src/store/database.js'
import { normalizeText, wordsOf } from '../dist/ingest/lineage/text.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const db = openDatabase(process.argv[2] ?? join(root, 'db', 'crdb.sqlite'), { readonly: true })
const texts = driverOf(db)
  .prepare(`SELECT text FROM contents WHERE kind = 'rule' AND id IN (SELECT content_id FROM versions WHERE kind = 'rule')`)
  .pluck()
  .all()
db.close()
const counts = new Map()
for (const text of texts) for (const word of new Set(wordsOf(normalizeText(text)))) counts.set(word, (counts.get(word) ?? 0) + 1)
// The words by count (each list in code point order): one entry per count, which reads fast through the schema.
const byCount = new Map()
for (const [word, count] of [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) byCount.set(count, [...(byCount.get(count) ?? []), word])
const words = Object.fromEntries([...byCount].sort(([a], [b]) => a - b).map(([count, list]) => [String(count), list.join(' ')]))
const about = 'In how many distinct rule texts of the archive each word is: the weights of lineage matching (scripts/write-lineage-weights.js)'
writeFileSync(join(root, 'corpus', 'lineage-weights.json'), JSON.stringify({ about, documents: texts.length, words }) + '\n')
console.log(`wrote corpus/lineage-weights.json: ${counts.size} words of ${texts.length} rule texts`)
