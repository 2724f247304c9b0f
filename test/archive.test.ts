/**
 * The whole archive of official editions, 1999-2026: every file ingests, every
 * edition is dated by its own text, and rules read the same as the sources.
 */
import { readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { decodeSource } from '../ingest/decode.js'
import type { IngestReport } from '../ingest/ingest-report.js'
import { driverOf, type Crdb } from '../src/store/database.js'
import { listEditions, type EditionSummary } from '../src/query/editions.js'
import { getRule } from '../src/query/get.js'
import { archiveAvailable, archiveDir, openArchiveDatabase } from './helpers.js'

const available = archiveAvailable()

describe.skipIf(!available)('the whole archive', () => {
  let db: Crdb
  let report: IngestReport
  let editions: EditionSummary[]
  let manifest: { editions: Array<{ file: string; sha256: string }> }

  beforeAll(() => {
    db = openArchiveDatabase()!
    report = inject('archiveReport')!
    editions = listEditions(db)
    manifest = JSON.parse(readFileSync(join(archiveDir, 'manifest.json'), 'utf8'))
  }, 300_000)
  afterAll(() => db?.close())

  it('ingests every file with no rejection', () => {
    const rejected = report.outcomes.filter((o) => o.status === 'rejected')
    expect(rejected).toEqual([])
    expect(report.stored).toBe(manifest.editions.length)
    expect(editions).toHaveLength(manifest.editions.length)
  })

  it('keeps each source with the sha256 of its bytes', () => {
    const stored = new Map(editions.map((e) => [basename(e.source.uri), e.source.sha256]))
    for (const entry of manifest.editions) expect(stored.get(entry.file), entry.file).toBe(entry.sha256)
  })

  it('dates every edition by the date it states, not its file name', () => {
    for (const edition of editions) expect(edition.effectiveDate).toMatch(/^(199\d|20[0-2]\d)-\d{2}-\d{2}$/)
    const misnamed = editions.find((e) => basename(e.source.uri) === '2006-06-01.txt')
    expect(misnamed?.effectiveDate).toBe('2004-06-01')
    expect(misnamed?.dateStatement).toBe('current as of June 1, 2004')
    // Listed in date order, so it sits between the February and October 2004 editions.
    const index = editions.indexOf(misnamed!)
    expect([editions[index - 1].effectiveDate, editions[index + 1].effectiveDate]).toEqual(['2004-02-01', '2004-10-01'])
  })

  // Larger steps the sources really take (the numbered lines grow as much): the archive
  // has no edition between November 1999 and July 2001; the Eighth Edition rules of July
  // 2003 added supertypes and more (646 -> 783 numbered lines); October 2005 added the
  // Two-Headed Giant rules (878 -> 1061); the July 2009 renumbering split rules into
  // more numbered subrules.
  const largerSteps: Record<string, number> = { '2001-07-23': 1.35, '2003-07-01': 1.3, '2005-10-01': 1.3, '2009-07-11': 1.3 }

  it('has rule counts that grow smoothly from edition to edition', () => {
    for (let index = 1; index < editions.length; index++) {
      const ratio = editions[index].rules / editions[index - 1].rules
      expect(ratio, `${editions[index - 1].effectiveDate} -> ${editions[index].effectiveDate}`).toBeGreaterThan(0.95)
      expect(ratio, `${editions[index - 1].effectiveDate} -> ${editions[index].effectiveDate}`).toBeLessThan(largerSteps[editions[index].effectiveDate] ?? 1.15)
    }
    expect(editions[0].rules).toBeGreaterThan(350)
    expect(editions.at(-1)!.rules).toBeGreaterThan(3000)
  })

  it('reports the truncated edition where it stops, and keeps what it has', () => {
    const truncated = editions.filter((e) => e.truncated)
    expect(truncated.map((e) => e.effectiveDate)).toEqual(['2013-02-01'])
    const message = driverOf(db)
      .prepare(
        `SELECT m.line, m.text FROM messages m JOIN editions e ON e.source_id = m.source_id WHERE e.effective_date = '2013-02-01' AND m.code = 'truncated'`
      )
      .get() as { line: number; text: string }
    const lines = decodeSource(readFileSync(join(archiveDir, '2013-02-01.txt')), '2013-02-01.txt')
      .text.trimEnd()
      .split('\n')
    expect(message.line).toBe(lines.length)
    expect(message.text).toMatch(/glossary/)
    expect(truncated[0].rules).toBeGreaterThan(2000)
  })

  it('stores no rule text that runs into the next numbered rule', () => {
    const texts = driverOf(db)
      .prepare(`SELECT c.text, v.key, v.first_date FROM contents c JOIN versions v ON v.content_id = c.id WHERE c.kind = 'rule'`)
      .all() as Array<{
      text: string
      key: string
      first_date: string
    }>
    const offenders = texts.filter((t) => /(^|\n)\d{3}\.\d{1,3}[a-z]?\.?\s+[A-Z]/.test(t.text) || /[.!?"”]\s+\d{3}\.\d{1,3}[a-z]?\.?\s+[A-Z][a-z]/.test(t.text))
    expect(offenders.map((o) => `${o.first_date} ${o.key}: ${o.text.slice(0, 80)}`)).toEqual([])
  })

  it('accounts for every numbered line of every source', () => {
    const unaccounted: string[] = []
    for (const edition of editions) {
      const { text } = decodeSource(readFileSync(edition.source.uri), edition.source.uri)
      const stored = driverOf(db)
        .prepare(
          `SELECT v.key, c.text FROM versions v JOIN contents c ON c.id = v.content_id WHERE v.kind = 'rule' AND v.first_date <= @date AND v.last_date >= @date`
        )
        .all({ date: edition.effectiveDate }) as Array<{ key: string; text: string }>
      const numbers = new Set(stored.map((s) => s.key))
      const allText = stored.map((s) => s.text).join('\n')
      const messageLines = new Set(
        driverOf(db)
          .prepare(`SELECT m.line FROM messages m JOIN editions e ON e.source_id = m.source_id WHERE e.effective_date = ?`)
          .pluck()
          .all(edition.effectiveDate) as number[]
      )
      text.split('\n').forEach((line, index) => {
        const match = /^\s*(\d{3})\.\s?(\d{1,3})([a-z]?)\.?\s+(\S.*)$/.exec(line)
        if (!match) return
        const number = `${match[1]}.${Number(match[2])}${match[3]}`
        if (numbers.has(number) || messageLines.has(index + 1)) return
        // A hard-wrapped cross-reference that starts a line belongs to the rule before it.
        if (allText.includes(line.trim().replace(/\s+/g, ' ').slice(0, 40))) return
        unaccounted.push(`${edition.effectiveDate}:${index + 1} ${line.slice(0, 60)}`)
      })
    }
    expect(unaccounted).toEqual([])
  })

  it('lets no replacement character or mojibake reach the store', () => {
    const bad = /\ufffd|â€|Ã[\u0080-\u00bf]|Â[®©™]|ï»¿/
    for (const table of ['contents', 'examples']) {
      const rows = driverOf(db).prepare(`SELECT text FROM ${table}`).pluck().all() as string[]
      expect(
        rows.filter((text) => bad.test(text)).map((text) => text.slice(0, 80)),
        table
      ).toEqual([])
    }
    const terms = driverOf(db).prepare(`SELECT label FROM versions`).pluck().all() as string[]
    expect(terms.filter((label) => bad.test(label))).toEqual([])
  })

  it('decodes typography and accented card names from every encoding', () => {
    const search = (pattern: string, date: string): string[] =>
      driverOf(db)
        .prepare(
          `SELECT c.text FROM contents c JOIN versions v ON v.content_id = c.id WHERE v.first_date <= @date AND v.last_date >= @date AND c.text LIKE @pattern`
        )
        .pluck()
        .all({ date, pattern }) as string[]
    for (const date of ['2006-07-15', '2013-07-13', '2016-09-30', '2019-01-25', '2022-11-18', '2024-11-08']) {
      expect(search('%Dandân%', date).length, `Dandân in ${date}`).toBeGreaterThan(0)
    }
    expect(search('%Æther%', '2013-07-13').length).toBeGreaterThan(0)
    expect(search('%owner’s graveyard%', '2016-09-30').length).toBeGreaterThan(10) // UTF-16 LE
    expect(search('%owner’s graveyard%', '2014-02-01').length).toBeGreaterThan(10) // Windows-1252
    expect(search('%—%', '2004-02-01').length + search('%–%', '2004-02-01').length).toBeGreaterThan(0) // Mac Roman
  })

  // Texts copied by hand from the source files (hard-wrapped lines joined by one space).
  const exact: Array<[string, string, string, string[]?]> = [
    [
      '420.5e',
      '1999-05-01',
      `If two or more Legends or Legendary permanents with the same name are in play, all except the one with the earliest timestamp are put into in their owners' graveyards. This is called the "Legend rule." In the event of a tie for earliest timestamp, each Legend with the same name is put into its owner's graveyard.`
    ],
    [
      '214.7a',
      '1999-05-01',
      `If a card instruction requires choosing a creature subtype, this may be any noun (even if the creature doesn't exist in Magic), but only one. A word that has some other Magic meaning isn't a valid choice, because that would cause confusion.`,
      [
        `Merfolk or Wizard is acceptable, but not Merfolk Wizard. Words like "opponent" or "swamp" can't be chosen because they have other meanings in the game.`
      ]
    ],
    ['101.4', '2001-08-01', `The player who plays first skips the draw step (see rule 304, "Draw Step") of his or her first turn.`],
    [
      '420.5e',
      '2003-12-01',
      `If two or more permanents with the same name have the subtype Legend or the supertype legendary, all except the one that has been a Legend or legendary permanent with that name the longest are put into their owners' graveyards. This is called "the Legend rule." In the event of a tie, each Legend or legendary permanent with the same name is put into its owner's graveyard. (If two permanents have the same name but only one is a Legend or is legendary, this rule doesn't apply.)`
    ],
    [
      '420.5e',
      '2004-01-15',
      `If two or more permanents with the same name have the subtype Legend or the supertype legendary, all except the one that has been a Legend or legendary permanent with that name the longest are put into their owners' graveyards. This is called "the Legend rule." In the event of a tie, each Legend or legendary permanent with the same name is put into its owner's graveyard. (If two permanents have the same name but only one is a Legend or is legendary, this rule doesn't apply.)`
    ],
    [
      '103.4',
      '2003-12-01',
      `If both players would take an action at the same time, the active player (the player whose turn it is) makes any choices required, then the nonactive player makes any choices required, then the actions happen simultaneously. This rule is often referred to as the "Active Player, Nonactive Player (APNAP) rule."`,
      [
        `A card reads "Each player sacrifices a creature." First, the active player chooses a creature he or she controls. Then the nonactive player chooses a creature he or she controls. Then both creatures are sacrificed simultaneously.`
      ]
    ],
    ['212.7b', '2004-02-01', `When a sorcery spell resolves, the actions stated in its rules text are followed. Then it's put into its owner's graveyard.`],
    [
      '420.5i',
      '2004-06-01',
      `If two or more enchant worlds are in play, all except the one that has been an enchant world in play for the shortest amount of time are put into their owners' graveyards. In the event of a tie for the shortest amount of time, all are put into their owners' graveyards.`
    ],
    [
      '420.5n',
      '2008-02-01',
      `If a permanent has both a +1/+1 counter and a -1/-1 counter on it, N +1/+1 and N -1/-1 counters are removed from it, where N is the smaller of the number of +1/+1 and -1/-1 counters on it.`
    ],
    ['704.5a', '2009-07-11', `If a player has 0 or less life, he or she loses the game.`],
    [
      '704.5k',
      '2009-12-31',
      `If two or more legendary permanents with the same name are on the battlefield, all are put into their owners' graveyards. This is called the "legend rule." If only one of those permanents is legendary, this rule doesn't apply.`
    ],
    [
      '702.26b',
      '2013-05-01',
      `A creature with shadow can't be blocked by creatures without shadow, and a creature without shadow can't be blocked by creatures with shadow. (See rule 509, "Declare Blockers Step.")`
    ],
    [
      '704.5j',
      '2013-07-13',
      `If a player controls two or more planeswalkers that share a planeswalker type, that player chooses one of them, and the rest are put into their owners' graveyards. This is called the "planeswalker uniqueness rule."`
    ],
    [
      '704.5g',
      '2016-09-30',
      `If a creature has toughness greater than 0, and the total damage marked on it is greater than or equal to its toughness, that creature has been dealt lethal damage and is destroyed. Regeneration can replace this event.`
    ],
    [
      '704.5j',
      '2024-11-08',
      `If two or more legendary permanents with the same name are controlled by the same player, that player chooses one of them, and the rest are put into their owners’ graveyards. This is called the “legend rule.”`
    ],
    [
      '101.2',
      '2024-11-08',
      `When a rule or effect allows or directs something to happen, and another effect states that it can’t happen, the “can’t” effect takes precedence.`,
      [
        `If one effect reads “You may play an additional land this turn” and another reads “You can’t play lands this turn,” the effect that precludes you from playing lands wins.`
      ]
    ],
    ['100.1a', '2026-01-16', `A two-player game is a game that begins with only two players.`],
    [
      '702.37a',
      '2009-07-11',
      `Storm is a triggered ability that functions on the stack. "Storm" means "When you cast this spell, put a copy of it onto the stack for each other spell that was cast before it this turn. If the spell has any targets, you may choose new targets for any of the copies."`
    ]
  ]
  it.each(exact)('reads %s as of %s exactly as the source has it', (number, date, text, examples) => {
    const rule = getRule(db, number, { date })
    expect(rule.text).toBe(text)
    if (examples) expect(rule.examples).toEqual(examples)
  })

  it('parses the glossary of every era: aliases, obsolete terms, numbered senses', () => {
    const term = (key: string, date: string) =>
      driverOf(db)
        .prepare(
          `SELECT v.label, v.obsolete, c.text FROM versions v JOIN contents c ON c.id = v.content_id WHERE v.kind = 'term' AND v.key = @key AND v.first_date <= @date AND v.last_date >= @date`
        )
        .get({ key, date }) as { label: string; obsolete: number; text: string } | undefined
    expect(term('legend', '2024-11-08')).toMatchObject({ label: 'Legend', obsolete: 1 })
    expect(term('life, life total', '2024-11-08')?.text).toMatch(/^Each player has an amount of “life,”/)
    expect(term('ability', '2024-11-08')?.text.split('\n')).toEqual([
      '1. Text on an object that explains what that object does or can do.',
      '2. An activated or triggered ability on the stack. This kind of ability is an object.',
      'See rule 113, “Abilities,” and section 6, “Spells, Abilities, and Effects.”'
    ])
    expect(term('legend rule', '2009-10-01')?.text).toBe(
      "A state-based action that causes all legendary permanents with the same name to be put into their owners' graveyards. See rule 704.5k."
    )
    expect(term('activated ability', '1999-05-01')?.text).toBe(
      'An activated ability is written as "activation cost: effect." By paying the activation cost, a player may play such abilities whenever he or she has priority. See rule 403, "Activated Abilities."'
    )
    const counts = editions.map((e) => e.terms)
    expect(Math.min(...counts.filter((_, i) => !editions[i].truncated))).toBeGreaterThan(150)
  })

  // Issue 13: every word of the glossary as printed.
  const termsAt = (date: string) =>
    driverOf(db)
      .prepare(
        `SELECT v.key, v.label, c.text FROM versions v JOIN contents c ON c.id = v.content_id WHERE v.kind = 'term' AND v.first_date <= @date AND v.last_date >= @date`
      )
      .all({ date }) as Array<{ key: string; label: string; text: string }>
  const editionOf = (file: string) => editions.find((e) => basename(e.source.uri) === file)!

  it('splits the terms 2021-06-09 prints glued to their first sense ("Ability1. Text...")', () => {
    const edition = editionOf('2021-06-09.txt')
    expect(edition.terms).toBe(591)
    const terms = termsAt(edition.effectiveDate)
    expect(terms.filter((term) => /\d\./.test(term.label))).toEqual([])
    const keys = new Set(terms.map((term) => term.key))
    for (const key of ['ability', 'ante', 'archenemy', 'draw', 'exile', 'face down', 'face up', 'graveyard', 'hand', 'library', 'loyalty'])
      expect(keys, key).toContain(key)
    expect(terms.find((term) => term.key === 'ability')?.text.split('\n')[0]).toBe('1. Text on an object that explains what that object does or can do.')
    expect(terms.find((term) => term.key === 'abandon')?.text).not.toContain('\n1.')
  })

  it('reads the damaged heading "?As Though?" of 2008-05-01 as a term of its own', () => {
    const edition = editionOf('2008-05-01.txt')
    expect(edition.terms).toBe(393)
    const terms = termsAt(edition.effectiveDate)
    expect(terms.find((term) => term.key === '"as though"')?.label).toBe('"As Though"')
    expect(terms.find((term) => term.key === 'artifact type')?.text).not.toMatch(/as though/i)
  })

  it('keeps the paragraphs of the hard-wrapped glossaries apart, as the one-paragraph-per-line editions do', () => {
    const paragraphs = (file: string) => termsAt(editionOf(file).effectiveDate).reduce((count, term) => count + term.text.split('\n').length, 0)
    const expected: Record<string, number> = {
      '1999-04-23.txt': 258,
      '2001-07-23.txt': 314,
      '2001-09-24.txt': 316,
      '2002-02-20.txt': 323,
      '2003-10-01.txt': 403,
      '2003-12-01.txt': 408,
      '2004-02-01.txt': 411
    }
    for (const [file, count] of Object.entries(expected)) {
      expect(driverOf(db).prepare('SELECT wrapped FROM editions WHERE effective_date = ?').pluck().get(editionOf(file).effectiveDate), file).toBe(1)
      expect(paragraphs(file), file).toBe(count)
    }
    // Paragraphs per term stay close to those of the unwrapped neighbours (2002-10-07, 2003-07-01).
    const perTerm = (file: string) => paragraphs(file) / editionOf(file).terms
    expect(Math.abs(perTerm('2002-02-20.txt') - perTerm('2002-10-07.txt'))).toBeLessThan(0.1)
    expect(Math.abs(perTerm('2003-10-01.txt') - perTerm('2003-07-01.txt'))).toBeLessThan(0.1)
    const ability = termsAt(editionOf('2003-10-01.txt').effectiveDate).find((term) => term.key === 'ability')!
    expect(ability.text.split('\n')[1]).toBe('When an activated ability is played, it goes onto the stack and stays there until it resolves or is countered.')
  })

  it('joins a 1999-11-01 glossary line that only continues a sentence', () => {
    const color = termsAt(editionOf('1999-11-01.txt').effectiveDate).find((term) => term.key === 'color')!
    expect(color.text).toContain('determined by the color(s) of the mana symbols in its mana cost.')
  })

  it('positions every restored U+FFFD at its line and rule', () => {
    const restored = driverOf(db)
      .prepare(
        `SELECT m.line, m.rule, m.severity FROM messages m JOIN editions e ON e.source_id = m.source_id WHERE e.effective_date = ? AND m.code = 'replacement-character' ORDER BY m.line`
      )
      .all(editionOf('2001-07-23.txt').effectiveDate) as Array<{ line: number; rule: string | null; severity: string }>
    expect(restored.length).toBeGreaterThan(90)
    expect(restored.every((message) => message.severity === 'warning')).toBe(true)
    expect(restored.find((message) => message.line === 265)?.rule).toBe('205.1')
    expect(restored.filter((message) => message.line > 200 && message.rule === null)).toEqual([])
  })

  it("keeps each edition's own label for a term", () => {
    const label = (key: string, date: string) => termsAt(date).find((term) => term.key === key)?.label
    expect(label('"as though"', '2007-07-13')).toBe('"As though"')
    expect(label('"as though"', '2007-10-01')).toBe('"As Though"')
    expect(label('put into play', '2007-07-13')).toBe('Put Into Play')
    expect(label('put into play', '2007-10-01')).toBe('Put into Play')
  })

  it('gives a term one key whatever the quotes an edition prints it with', () => {
    // 2005-10-01 prints “As though”, its neighbours "As though"; 2008-05-01 prints ?As Though?.
    const unfolded = driverOf(db).prepare(`SELECT DISTINCT key FROM versions WHERE kind = 'term' AND key GLOB '*[“”‘’?]*'`).pluck().all()
    expect(unfolded).toEqual([])
    const datesOf = (key: string) =>
      editions.filter((edition) => termsAt(edition.effectiveDate).some((term) => term.key === key)).map((edition) => edition.effectiveDate)
    const asThough = datesOf('"as though"')
    expect(asThough).toContain('2005-10-01')
    expect(asThough).toContain('2008-05-01')
    // Every edition from its first to its last has it: no gap where a typography broke the key.
    expect(asThough).toEqual(editions.map((edition) => edition.effectiveDate).filter((date) => date >= asThough[0] && date <= asThough.at(-1)!))
    expect(termsAt('2008-05-01').find((term) => term.key === "attacks and isn't blocked")?.label).toBe("Attacks and Isn't Blocked")
    expect(termsAt('2005-10-01').find((term) => term.key === "attacks and isn't blocked")?.label).toBe('Attacks and Isn’t Blocked')
  })

  it('lets the next edition decide or confirm the repair of each misprinted number', () => {
    const repairs = driverOf(db)
      .prepare(
        `SELECT e.effective_date AS date, m.rule, m.text FROM messages m JOIN editions e ON e.source_id = m.source_id
         WHERE m.code = 'number-slip' AND m.severity = 'warning' ORDER BY e.effective_date, m.line`
      )
      .all() as Array<{ date: string; rule: string; text: string }>
    const dates = editions.map((edition) => edition.effectiveDate)
    for (const repair of repairs) {
      // Each names the edition after its own, and that edition has the text under the number given.
      const next = dates[dates.indexOf(repair.date) + 1]
      expect(repair.text, `${repair.date} ${repair.rule}`).toContain(`the edition of ${next} `)
    }
    const confirmed = repairs.filter((repair) => !repair.text.includes('no number that fits'))
    for (const repair of confirmed) {
      const next = dates[dates.indexOf(repair.date) + 1]
      const words = (date: string) =>
        new Set(
          getRule(db, repair.rule, { edition: date })
            .text.split('\n')[0]
            .toLowerCase()
            .match(/[a-z0-9]+/g)
        )
      const [here, there] = [words(repair.date), words(next)]
      const shared = [...here].filter((word) => there.has(word)).length
      expect((2 * shared) / (here.size + there.size), `${repair.date} ${repair.rule}`).toBeGreaterThanOrEqual(0.6)
    }
    // 2009-10-01 702.30e: the next edition added two kicker rules and numbers it 702.30g.
    expect(repairs.filter((repair) => repair.text.includes('no number that fits')).map((repair) => `${repair.date} ${repair.rule}`)).toEqual([
      '2009-10-01 702.30e'
    ])
    expect(repairs.map((repair) => `${repair.date} ${repair.rule}`)).toContain('2006-05-01 510.2')
  })
})
