/**
 * The reference engine checked against a peer: state-based-action tests of XMage
 * (magefree/mage, Mage.Tests), each translated into a board state
 * (test/fixtures/engine/peer/*.json names the source test) with the outcome the
 * peer asserts under today's rules and what the 2003 and 2009 rules make of the
 * same board, each event citing the rule that decides it.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkStateBasedActions } from '../src/engine/sba.js'
import { validateState } from '../src/engine/state.js'
import { getRule } from '../src/query/get.js'
import { archiveAvailable, projectRoot, usePresetEras } from './helpers.js'

const available = archiveAvailable()
const folder = join(projectRoot, 'test/fixtures/engine/peer')

interface PeerFixture {
  source: { repository: string; file: string; test: string }
  description: string
  state: unknown
  expected: Record<string, { edition: string; events: string[]; battlefield: string[]; lost: string[]; notes: string[] }>
}

const fixtures = readdirSync(folder)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => [name.replace(/\.json$/, ''), JSON.parse(readFileSync(join(folder, name), 'utf8')) as PeerFixture] as const)

describe('the peer fixtures', () => {
  it('are at least twenty, each naming its source test', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(20)
    for (const [name, fixture] of fixtures) {
      expect(fixture.source.repository, name).toBe('magefree/mage')
      expect(fixture.source.file, name).toMatch(/^Mage\.Tests\/src\/test\/java\/org\/mage\/test\/.+Test\.java$/)
      expect(fixture.source.test, name).toMatch(/^\w+$/)
      expect(Object.keys(fixture.expected).sort(), name).toEqual(['2003', '2009', '2024'])
    }
  })
})

describe.skipIf(!available)('state-based actions against the peer, by era', () => {
  const archive = usePresetEras()
  const { eras } = archive

  describe.each(fixtures)('%s', (name, fixture) => {
    const state = validateState(fixture.state, name)

    it.each(['2003', '2009', '2024'])('under the %s rules', (era) => {
      const want = fixture.expected[era]
      const result = checkStateBasedActions(state, eras[era])
      expect(result.edition).toBe(want.edition)
      const events = result.events.map((e) => `${e.pass} ${e.action} ${e.subject.id} ${e.checks.map((check, i) => `${check}=${e.rules[i].number}`).join(',')}`)
      expect(events).toEqual(want.events)
      expect(result.state.permanents.filter((o) => (o.zone ?? 'battlefield') === 'battlefield').map((o) => o.id)).toEqual(want.battlefield)
      expect(result.state.players.filter((p) => p.lost).map((p) => p.id)).toEqual(want.lost)
      expect(result.notes.map((note) => note.replace(/ is not in force in the edition of .*$/, ' is not in force'))).toEqual(want.notes)
      // The deciding rules are the texts of that edition.
      for (const event of result.events)
        for (const rule of event.rules) expect(rule.text).toBe(getRule(archive.db, rule.number, { edition: want.edition }).text)
    })
  })
})
