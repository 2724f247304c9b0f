import { readFileSync, readdirSync } from 'node:fs'
import { decodeSource } from '../ingest/decode.js'
import { parseOfficialText } from '../ingest/parse/official-text.js'
const dir = '../shared/corpus/cr'
const t0 = performance.now()
for (const f of readdirSync(dir).filter(f => f.endsWith('.txt')).sort()) {
  try {
    const d = decodeSource(readFileSync(`${dir}/${f}`), f)
    const p = parseOfficialText(d.text, f)
    const ex = p.rules.reduce((n, r) => n + r.examples.length, 0)
    const codes: Record<string, number> = {}
    for (const m of [...d.messages, ...p.messages]) codes[m.code] = (codes[m.code] ?? 0) + 1
    console.log(f, p.effectiveDate, d.encoding, d.lineEnding, p.wrapped ? 'W' : '-', 'rules', p.rules.length, 'ex', ex, 'gl', p.glossary.length, JSON.stringify(codes))
  } catch (e) { console.log(f, 'ERROR', (e as Error).message) }
}
console.log('ms', performance.now() - t0)
