/**
 * Search on questions as people ask them (issue 23): the real-question set is sound (sources, dates,
 * the split made once, every answer in the edition it was asked under), crdb's ranking never falls
 * below a plain BM25 on any class of it, and the ways people write that used to go wrong: names
 * taken for typos, English words "corrected", rules without their headings, each era's own words,
 * sections named in words.
 */
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { answers, keyOfHit, measureRealQuestions, plainBm25, readRealQuestions } from './bench/real-questions.js'
import { readRelevanceQueries } from './bench/relevance.js'
import { getRule } from '../src/query/get.js'
import { getTerm } from '../src/query/glossary.js'
import { search } from '../src/query/search.js'
import { isEnglishWord } from '../src/query/search/english-words.js'
import { maxCorrectedWords } from '../src/query/search/plan.js'
import { driverOf } from '../src/store/database.js'
import { archiveAvailable, useArchiveDatabase } from './helpers.js'

describe('the real-question set', () => {
  const questions = readRealQuestions()

  it('holds at least 150 questions, each with its source, day, class and answers', () => {
    expect(questions.length).toBeGreaterThanOrEqual(150)
    for (const question of questions) {
      expect(question.source, question.query).toMatch(/^(https?:\/\/\S+|code-corpus:\d+)$/)
      expect(question.asked, question.query).toMatch(/^(19|20)\d\d-\d\d-\d\d$/)
      expect(['long', 'old-era', 'name', 'typo', 'citation']).toContain(question.class)
      expect(question.answers.length, question.query).toBeGreaterThan(0)
      for (const answer of question.answers) expect(answer).toMatch(/^(\d{1,3}(\.\d+[a-z]?)?|term:.+)$/)
    }
    const classes = new Set(questions.map((question) => question.class))
    expect(classes.size).toBe(5)
  })

  it('was split once, by the hash of each question: odd first byte held out', () => {
    for (const question of questions) {
      const first = createHash('sha256').update(question.query.trim()).digest()[0]
      expect(question.split, question.query).toBe(first % 2 === 1 ? 'held-out' : 'tune')
    }
    const heldOut = questions.filter((question) => question.split === 'held-out').length
    expect(heldOut).toBeGreaterThan(questions.length / 3)
    expect(heldOut).toBeLessThan((2 * questions.length) / 3)
  })

  it('counts a rule for its lettered subrules and the reverse, never a section for its rules', () => {
    expect(answers('702.19', ['702.19b'])).toBe(true)
    expect(answers('702.19c', ['702.19'])).toBe(true)
    expect(answers('702.19c', ['702.19b'])).toBe(true)
    expect(answers('702', ['702.19b'])).toBe(false)
    expect(answers('702.1', ['702.19'])).toBe(false)
    expect(answers('term:trample', ['702.19', 'term:trample'])).toBe(true)
  })
})

describe.skipIf(!archiveAvailable())('real questions on the whole archive', () => {
  const archive = useArchiveDatabase()

  it('has every answer in the edition in force on the day it was asked, under that number', () => {
    const wrong: string[] = []
    for (const question of readRealQuestions()) {
      for (const answer of question.answers) {
        try {
          if (answer.startsWith('term:')) {
            const term = getTerm(archive.db, answer.slice(5), { date: question.asked })
            if (term.key !== answer.slice(5)) wrong.push(`${answer} on ${question.asked} is ${term.key}`)
          } else {
            const rule = getRule(archive.db, answer, { date: question.asked })
            if (rule.number !== answer || rule.numbering?.kind === 'translated') wrong.push(`${answer} on ${question.asked} is ${rule.number}`)
          }
        } catch (error) {
          wrong.push(`${answer} on ${question.asked}: ${(error as Error).message}`)
        }
      }
    }
    expect(wrong).toEqual([])
  })

  it('never ranks below a plain BM25 over the same texts on any class of question', () => {
    const questions = readRealQuestions()
    const crdb = (query: string, asked: string): string[] => search(archive.db, query, { at: { date: asked }, limit: 10 }).hits.map(keyOfHit)
    const ours = measureRealQuestions(crdb, questions)
    const base = measureRealQuestions(plainBm25(driverOf(archive.db)), questions)
    for (const [type, figures] of Object.entries(ours.byClass)) {
      expect(figures.recallAt5, `${type}: crdb ${figures.recallAt5}, bm25 ${base.byClass[type].recallAt5}`).toBeGreaterThanOrEqual(base.byClass[type].recallAt5)
    }
    expect(ours.mrrAt10).toBeGreaterThan(base.mrrAt10)
  })

  it('reads names as names: neither corrected into rules words nor listed as unknown words', () => {
    const maniac = search(archive.db, 'Can Laboratory Maniac win if I draw from an empty library?')
    expect(maniac.names).toEqual(['Laboratory Maniac'])
    expect(maniac.corrections).toEqual([])
    expect(maniac.unknown).toEqual([])
    const honda = search(archive.db, 'Does E. Honda, Sumo Champion get around a Ruby Medallion?')
    expect(honda.names).toEqual(['E. Honda, Sumo Champion', 'Ruby Medallion'])
    expect(honda.corrections).toEqual([])
    // Inside a sentence a capitalised word the rules do not hold is a name; a capitalised rules word is not.
    const infest = search(archive.db, 'If I cast Infest, do my creatures with Trample die?')
    expect(infest.names).toEqual(['Infest'])
    expect(infest.searchedFor).toContain('trample')
    expect(search(archive.db, 'what does [[Blaze]] do with X').names).toEqual(['Blaze'])
    // The pronoun I ends a name.
    expect(search(archive.db, 'I control Call the Bloodline and I discard Malevolent Whispers').names).toEqual(['Call the Bloodline', 'Malevolent Whispers'])
  })

  it('corrects a typo to the word meant, and leaves English words and small words alone', () => {
    const protection = search(archive.db, 'protecton from red')
    expect(protection.corrections).toEqual([{ from: 'protecton', to: 'protection' }])
    expect(protection.hits.slice(0, 5).map(keyOfHit)).toContain('702.16')
    expect(search(archive.db, 'I was wondering if you could cite the rule for regeneration').corrections).toEqual([])
    expect(search(archive.db, 'you dont haev to mulligan').corrections).toEqual([])
    const legend = search(archive.db, 'legandary rule', { at: { era: '2024' } })
    expect(legend.corrections).toEqual([{ from: 'legandary', to: 'legendary' }])
    expect(legend.hits.slice(0, 2).map(keyOfHit)).toEqual(['term:legend rule', '704.5j'])
  })

  it(`tries to correct only the first ${maxCorrectedWords} words of a query the rules do not hold, which no real question reaches`, () => {
    // Each costs a scan of the index's words: a pasted page of them would hold the search for hundreds of milliseconds.
    const filler = Array.from({ length: maxCorrectedWords }, (_, index) => `zqxw${String.fromCharCode(97 + index)}`)
    const late = search(archive.db, `${filler.join(' ')} protecton from red`)
    expect(late.corrections.map((correction) => correction.from)).not.toContain('protecton')
    expect(late.unknown).toContain('protecton')
    // A word asked again is tried once, so it counts once.
    const early = search(archive.db, `protecton ${filler.join(' ')} protecton from red`)
    expect(early.corrections).toContainEqual({ from: 'protecton', to: 'protection' })
    // Fewer words to correct than the bound in every question asked: the bound changes none of their answers.
    const judged = readRelevanceQueries()
    for (const { query } of [...readRealQuestions(), ...judged]) {
      const result = search(archive.db, query)
      expect(result.corrections.length + result.unknown.length, query).toBeLessThan(maxCorrectedWords)
    }
  })

  it('lets a rule inherit its headings: the SBA for poison is 704.5c', () => {
    const poison = search(archive.db, 'the SBA for poison', { at: { era: '2024' } })
    expect(poison.hits.slice(0, 5).map(keyOfHit)).toContain('704.5c')
  })

  it('reads each edition in its own era’s words, and says so', () => {
    const old = search(archive.db, 'a creature enters the battlefield', { at: { date: '2005-06-01' } })
    expect(old.expansions).toContainEqual({ informal: 'enters the battlefield', means: 'comes into play' })
    expect(old.hits.slice(0, 5).some((hit) => /comes? into play/i.test(hit.snippet))).toBe(true)
    const now = search(archive.db, 'a creature comes into play', { at: { era: '2024' } })
    expect(now.expansions).toContainEqual({ informal: 'comes into play', means: 'enters the battlefield' })
    const stack = search(archive.db, 'damage going on the stack', { at: { date: '2002-03-29' } })
    expect(stack.hits.slice(0, 3).map(keyOfHit)).toContain('310.2')
  })

  it('ranks a keyword’s or a variant’s rules low for a question that never names it', () => {
    // A question about replacement effects that names no keyword: the keyword rules that mention
    // replacement effects (701.21a, 702.74a) used to fill its top three.
    const question = readRealQuestions('tune').find((each) => each.query.startsWith('So I skimmed a bit through the Comprehensive Rules'))!
    const unnamed = search(archive.db, question.query, { at: { date: question.asked } })
    expect(unnamed.hits.slice(0, 3).filter((hit) => /^70[12]\.\d+/.test(hit.key))).toEqual([])
    expect(unnamed.hits.slice(0, 3).map((hit) => hit.key)).toContain('614.7')
    // A keyword's glossary term is about the keyword too: +1/+1 counters are not graft's or modular's.
    const counters = search(archive.db, 'what happens when a creature has +1/+1 and -1/-1 counters', { at: { era: '2024' } })
    const keywordTerms = ['graft', 'modular', 'support', 'unleash', 'reinforce']
    expect(counters.hits.slice(0, 5).filter((hit) => hit.kind === 'term' && keywordTerms.includes(hit.key))).toEqual([])
    // Named, they rank as before.
    const named = search(archive.db, 'How does mutate work with replacement effects', { at: { era: '2024' } })
    expect(named.hits[0].key).toMatch(/^702\.140/)
    const commander = search(archive.db, 'in commander can my commander deal damage', { at: { era: '2024' } })
    // The variant's rules, or rules that say they apply in a Commander game (704.6c, commander damage), in the top three.
    expect(commander.hits.slice(0, 3).some((hit) => hit.key.startsWith('903') || /Commander game/.test(hit.snippet))).toBe(true)
    expect(commander.hits.slice(0, 5).some((hit) => hit.key.startsWith('903'))).toBe(true)
  })

  it('raises the rules other rules cite, for a long question', () => {
    // 601.2c (targets are chosen as a spell is cast) and 614.12 (replacement effects on entering) are
    // cited by many rules; the copy rules (706.x) a long question's words also match, by few.
    for (const [start, answer] of [
      ['I control an Indomitable Archangel, a Neurok Replica', '601.2c'],
      ['What’s the interaction between Vesuva and Blood Moon', '614.12']
    ]) {
      const question = readRealQuestions('tune').find((each) => each.query.replace(/'/g, '’').startsWith(start))!
      const hits = search(archive.db, question.query, { at: { date: question.asked } }).hits
      expect(hits.slice(0, 5).map(keyOfHit), start).toContain(answer)
    }
  })

  it('reads irregular verbs in every form, and "no" as 0', () => {
    // The rules say a token "has left the battlefield"; no stemmer joins left and leaves.
    const token = search(archive.db, 'what happens to a token when it leaves the battlefield', { at: { era: '2024' } })
    expect(token.searchedFor).toContain('(leaves OR left)')
    expect(token.hits.slice(0, 3).map(keyOfHit)).toContain('111.8')
    // "No loyalty" is the rules' "loyalty 0".
    const loyalty = search(archive.db, 'what happens when a planeswalker has no loyalty', { at: { era: '2024' } })
    expect(loyalty.hits.slice(0, 5).map(keyOfHit)).toContain('704.5i')
  })

  it('reads how players say who plays first and what changes zones', () => {
    const first = search(archive.db, 'who decides who plays first', { at: { era: '2024' } })
    expect(first.expansions).toContainEqual({ informal: 'plays first', means: 'takes the first turn' })
    const counters = search(archive.db, 'do counters stay on a permanent that changes zones', { at: { era: '2024' } })
    expect(counters.expansions).toContainEqual({ informal: 'changes zones', means: 'moves from one zone to another' })
    expect(counters.hits.slice(0, 5).some((hit) => answers(keyOfHit(hit), ['122.2', '400.7']))).toBe(true)
  })

  it('takes a section named in words for the section, not for the word seven', () => {
    const section = search(archive.db, 'section 7 of the rules', { at: { era: '2024' } })
    expect(section.hits[0].key).toBe('7')
    expect(section.searchedFor).not.toMatch(/seven/)
  })
})

describe('the English word list', () => {
  it('finds its words by bisection, and not what is not a word', () => {
    for (const word of ['a', 'aa', 'infest', 'wondering', 'protector', 'zyzzyvas']) expect(isEnglishWord(word), word).toBe(true)
    for (const word of ['', 'protecton', 'legandary', 'deathtuch', 'zzzzzz', 'aaaa']) expect(isEnglishWord(word), word).toBe(false)
  })
})
