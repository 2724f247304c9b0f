import { readFileSync, readdirSync } from 'node:fs'
import { decodeSource } from '../ingest/decode.js'
const dir = '../shared/corpus/cr'
for (const f of readdirSync(dir).filter(f => f.endsWith('.txt')).sort()) {
  const d = decodeSource(readFileSync(`${dir}/${f}`), f)
  const counts: Record<string, number> = {}
  for (const c of d.text) if (c.charCodeAt(0) > 127) counts[c] = (counts[c] ?? 0) + 1
  const ctx = [...d.text.matchAll(/\S{0,8}[^\x00-\x7f’“”—–™®©•]\S{0,8}/g)].slice(0, 6).map(m => m[0])
  console.log(f, d.encoding, JSON.stringify(counts), ctx.join(' | '))
}
