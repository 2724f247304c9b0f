/**
 * The engine's rules on a handle kept open while another connection stores an
 * edition (a server, or an MCP session, left running across `crdb build`): checks
 * resolve in the editions stored now, as on a handle opened after the build.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ingestPaths } from '../ingest/ingest.js'
import { checkHistory, openRules, resolveCheck } from '../src/engine/rules.js'
import { openDatabase } from '../src/store/database.js'
import { useFreshDatabase, writeEdition } from './helpers.js'

const order = ['1', '100', '100.1', '7', '704', '704.1', '704.5', '704.5a', '704.5b']
const sba = {
  '1': 'Game Concepts',
  '100': 'General',
  '100.1': 'These Magic rules apply to any Magic game.',
  '7': 'Additional Rules',
  '704': 'State-Based Actions',
  '704.1': 'State-based actions are game actions that happen automatically whenever certain conditions are met.',
  '704.5': 'The state-based actions are as follows:'
}

/** The end of a synchronous run: a read-only handle reads each run of code in one snapshot (see `src/store/statements.ts`). */
const nextRun = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

describe('engine rules on a handle kept across another connection’s build', () => {
  const fresh = useFreshDatabase()

  it('resolve checks in the edition stored after the handle first read the rules', async () => {
    const first = writeEdition(fresh.dir, '2010-01-01.txt', {
      date: '2010-01-01',
      order: order.slice(0, -1),
      rules: { ...sba, '704.5a': 'If a player has 0 or less life, that player loses the game.' }
    })
    // The next edition puts a new rule first: the life rule is 704.5b from then on.
    const second = writeEdition(fresh.dir, '2011-01-01.txt', {
      date: '2011-01-01',
      order,
      rules: {
        ...sba,
        '704.5a':
          'If a player attempted to draw a card from a library with no cards in it since the last time state-based actions were checked, that player loses the game.',
        '704.5b': 'If a player has 0 or less life, that player loses the game.'
      }
    })
    expect(ingestPaths(fresh.db, [first]).outcomes).toMatchObject([{ status: 'stored' }])
    const reader = openDatabase(join(fresh.dir, 'crdb.sqlite'), { readonly: true })
    try {
      expect(resolveCheck(reader, 'player-zero-life', '2010-01-01')).toMatchObject({ inForce: true, number: '704.5a' })
      expect(checkHistory(reader, 'player-zero-life').map((run) => [run.firstEdition, run.lastEdition])).toEqual([['2010-01-01', '2010-01-01']])
      await nextRun()

      expect(ingestPaths(fresh.db, [second]).outcomes).toMatchObject([{ status: 'stored' }])
      await nextRun()
      expect(resolveCheck(reader, 'player-zero-life', '2011-01-01')).toMatchObject({ inForce: true, number: '704.5b' })
      expect(checkHistory(reader, 'player-zero-life').map((run) => [run.firstEdition, run.lastEdition, run.numbers])).toEqual([
        ['2010-01-01', '2011-01-01', ['704.5a', '704.5b']]
      ])
      expect(openRules(reader).check('player-zero-life')).toMatchObject({ inForce: true, number: '704.5b' })
    } finally {
      reader.close()
    }
  })
})
