/**
 * The MCP tools: one entry per tool in {@link tools}, each with the zod schema
 * of its arguments (published as JSON Schema), the zod schema of its structured
 * answer, and the function that answers from the store. The answers are the
 * shapes `/v1` answers (sources as published, never local paths), each rule or
 * term with its {@link Pin}, and lists paged with a `next` offset so that an
 * answer fits a model's context.
 */
import { z } from 'zod'
import { answerSba, describeEra } from '../engine/answers.js'
import { diffProfiles } from '../engine/profile.js'
import { checkStateBasedActions } from '../engine/sba.js'
import { validateState } from '../engine/state.js'
import { flagAnswer } from '../query/answer-flags.js'
import { askedDay } from '../query/gaps.js'
import { citeText } from '../query/cite/resolve.js'
import { diffEditions, type RuleChange } from '../query/diff.js'
import type { TermChange } from '../query/term-diff.js'
import { getRule } from '../query/get.js'
import { getTerm } from '../query/glossary.js'
import { ruleHistory } from '../query/history.js'
import { findTermLineageId } from '../query/lineage.js'
import { resolveRuleName } from '../query/resolve-name.js'
import { maxQueryLength, search, type SearchHit } from '../query/search.js'
import {
  citeReportSchema,
  diffPageSchema,
  glossaryTermSchema,
  ruleAnswerSchema,
  ruleHistorySchema,
  sbaAnswerSchema,
  searchResultSchema
} from '../server/answer-schemas.js'
import { publishSources } from '../server/public-source.js'
import type { ServerState } from '../server/state.js'
import { gameStateSchema } from '../engine/state.js'
import { CrdbError } from '../vocabulary/errors.js'
import { checkSelector, parseSelector, type EditionSelector } from '../vocabulary/selector.js'
import { pinSchema, type Pinner } from './pin.js'

/** What a tool answers from. */
export interface ToolContext {
  state: ServerState
  pin: Pinner
}

/** One tool: its name, words for the model, the schemas of its arguments and answer, and how it answers. */
export interface Tool<Input extends z.ZodType = z.ZodType> {
  name: string
  title: string
  /** What it answers and when to call it, for the model choosing a tool. */
  description: string
  /** Reads the arguments (their published JSON Schema too, unless {@link Tool.published} is given). */
  input: Input
  /** The schema published for the arguments where the library reads a part itself (a game state: the engine's reader). */
  published?: z.ZodType
  /** The schema of the structured answer (an object). */
  output: z.ZodType
  /** The structured answer to `args`; throws a `CrdbError` for a question with no answer. */
  run: (context: ToolContext, args: z.output<Input>) => object
}

/** A tool whose `run` reads its arguments' type from its input schema. */
function defineTool<Input extends z.ZodType>(tool: Tool<Input>): Tool {
  return tool as unknown as Tool
}

/** The longest answer (its JSON, in characters) a page of a list is cut to: well inside a model's context. */
export const maxAnswerCharacters = 60_000

/** The longest text `check_citations` reads (as `POST /v1/cite`, about 1 MB). */
const maxCiteCharacters = 1_000_000

const selectorShape = {
  date: z.string().max(40).optional().describe('the day to read the rules as of (YYYY-MM-DD): the edition in force that day'),
  edition: z.string().max(40).optional().describe("an edition: its effective date (2009-07-11) or its set's code (M10)"),
  era: z.string().max(40).optional().describe('an era preset (2003, 2009, 2024) or a day; give at most one of date, edition and era; none: the newest edition')
}

const limit = (most: number, otherwise: number) =>
  z.int().min(1).max(most).optional().describe(`how many to answer (default ${otherwise}, at most ${most}); the answer's next says how to go on`)
const offset = z.int().min(0).max(1_000_000).optional().describe("how many to skip: give the previous answer's next.offset to go on")

/** Where a list goes on: the offset of its next page, or `null` on the last. */
const nextSchema = z
  .object({ offset: z.int(), note: z.string() })
  .nullable()
  .describe('null on the last page; else call the tool again with the same arguments and this offset')

/** The selector the arguments give (at most one of date, edition and era), checked by the library's one reader. */
function selectorOf(args: EditionSelector): EditionSelector {
  const at: EditionSelector = {}
  for (const name of ['date', 'edition', 'era'] as const) if (args[name] !== undefined && args[name].trim() !== '') at[name] = args[name].trim()
  checkSelector(at)
  return at
}

/** A point written as people write one (a day, an era's year, a set code), for argument `name`. */
function pointOf(name: string, value: string): EditionSelector {
  try {
    return parseSelector(value)
  } catch (error) {
    if (error instanceof CrdbError) throw new CrdbError(error.code, `${name}: ${error.message}`)
    throw error
  }
}

/**
 * The page of `items` from `start`, at most `count` long and cut shorter where
 * its JSON would pass {@link maxAnswerCharacters} (one item at least), and
 * where the list goes on.
 */
function pageOf<T>(items: readonly T[], start: number, count: number, what: string): { page: T[]; next: z.output<typeof nextSchema> } {
  const page: T[] = []
  let size = 0
  for (const item of items.slice(start, start + count)) {
    size += JSON.stringify(item).length
    if (page.length > 0 && size > maxAnswerCharacters) break
    page.push(item)
  }
  const end = start + page.length
  return {
    page,
    next: end < items.length ? { offset: end, note: `${what} ${start + 1}-${end} of ${items.length}: give offset ${end} for the next` } : null
  }
}

const getRuleTool = defineTool({
  name: 'get_rule',
  title: 'Get a rule',
  description:
    'The text of one Comprehensive Rules rule as it stood on a day, in an edition or in an era (default: the newest). ' +
    'Give its number (704.5j, 420.5e) or its name (trample, legend rule). A number from another era is followed through ' +
    'renumberings (420.5e in 2024 is 704.5j); numbered_as says whose numbering it is. Asked about a day, it answers only with ' +
    "the text in force that day, or says what happened to the rule. The answer's pinned names the edition, the days the text " +
    'was in force, its number then and now, and its permalink.',
  input: z.strictObject({
    rule: z.string().min(1).max(200).describe('a rule number (704.5j, 420.5e, 100.1) or a rule name (trample, the legend rule)'),
    ...selectorShape,
    numbered_as: z.string().max(40).optional().describe('the day, era or set whose numbering the number comes from (a 2004 text citing 420.5e: 2004-01-15)')
  }),
  output: ruleAnswerSchema.extend({ pinned: pinSchema }),
  run: ({ state, pin }, args) => {
    const at = selectorOf(args)
    const numberedAs = args.numbered_as === undefined ? undefined : pointOf('numbered_as', args.numbered_as)
    const number = resolveRuleName(state.db, args.rule, at).number
    const rule = getRule(state.db, number, at, { numberedAs })
    const answer = flagAnswer(state.db, rule, { edition: rule.edition, asked: askedDay(at) }).answer
    return { ...publishSources(state, answer), pinned: pin.rule(rule) }
  }
})

const hitSchema = searchResultSchema.shape.hits.element.extend({ pinned: pinSchema })

const searchRulesTool = defineTool({
  name: 'search_rules',
  title: 'Search the rules',
  description:
    'Ranked search of one edition of the Comprehensive Rules (rule text, examples and the glossary), as of a day, edition or era ' +
    '(default: the newest). Takes a question in plain words ("can I respond to a spell that has split second"), card names, ' +
    'quotes and old words (mana burn, in play), or a query with AND/OR/NOT and "phrases". Each hit is pinned to its edition.',
  input: z.strictObject({
    query: z.string().min(1).max(maxQueryLength).describe('the question or query'),
    ...selectorShape,
    limit: limit(25, 10),
    offset,
    mode: z.enum(['auto', 'query', 'text']).optional().describe('query: operators apply; text: every mark is text; auto (default): decided by the query')
  }),
  output: searchResultSchema.extend({ hits: z.array(hitSchema), next: nextSchema }),
  run: ({ state, pin }, args) => {
    const at = selectorOf(args)
    const size = args.limit ?? 10
    const start = args.offset ?? 0
    const result = search(state.db, args.query, { at, limit: size, offset: start, mode: args.mode })
    const edition = result.edition ?? ''
    const hits = result.hits.map((hit) => ({ ...hit, pinned: pinHit(pin, hit, edition) }))
    const end = start + hits.length
    const next = end < result.total ? { offset: end, note: `hits ${start + 1}-${end} of ${result.total}: give offset ${end} for the next` } : null
    return { ...result, hits, next }
  }
})

function pinHit(pin: Pinner, hit: SearchHit, edition: string) {
  const interval = { edition, validFrom: hit.validFrom, validTo: hit.validTo }
  if (hit.kind === 'term') return pin.term({ key: hit.key, ...interval }, hit.id)
  return pin.rule({ number: hit.number ?? hit.key, id: hit.id, ...interval })
}

const glossaryTool = defineTool({
  name: 'glossary',
  title: 'Look up a glossary term',
  description:
    "A term of the Comprehensive Rules' glossary as it stood on a day, in an edition or in an era (default: the newest), found by " +
    'any of its names (life total, mana burn, in play, CDA). The answer is pinned to its edition.',
  input: z.strictObject({ term: z.string().min(1).max(200).describe('the term, any of its names'), ...selectorShape }),
  output: glossaryTermSchema.extend({ pinned: pinSchema }),
  run: ({ state, pin }, args) => {
    const at = selectorOf(args)
    const term = getTerm(state.db, args.term, at)
    const answer = flagAnswer(state.db, term, { edition: term.edition, asked: askedDay(at) }).answer
    return { ...publishSources(state, answer), pinned: pin.term(term, findTermLineageId(state.db, term.key, { edition: term.edition })) }
  }
})

const changeKinds = ['added', 'removed', 'changed', 'moved', 'moved-changed'] as const

const diffEditionsTool = defineTool({
  name: 'diff_editions',
  title: 'Compare two editions',
  description:
    'What changed between two editions (or the editions in force on two days, or two eras): rules added, removed, changed word ' +
    'by word, moved (renumbered), split and merged, and glossary terms. Filter by section (704, 7) and kind of change. The ' +
    "changes come a page at a time (next.offset), the rules' then the glossary's; the summary counts them all. Each change " +
    'names its number in both editions.',
  input: z.strictObject({
    from: z.string().min(1).max(40).describe('the older side: a day (2009-07-01), an era (2003) or a set code (M10)'),
    to: z.string().min(1).max(40).describe('the newer side, written the same way'),
    section: z.string().max(40).optional().describe('only this section, rule or subrule (7, 704, 704.5)'),
    kind: z.enum(['rule', 'term']).optional().describe('only rules or only glossary terms (default: both)'),
    only: z.enum(changeKinds).optional().describe('only the rules changed this way (the summary still counts every change)'),
    limit: limit(50, 10),
    offset
  }),
  output: diffPageSchema.extend({ total: z.int().describe("the changes in all: the rules', then the glossary's"), offset: z.int(), next: nextSchema }),
  run: ({ state }, args) => {
    const from = pointOf('from', args.from)
    const to = pointOf('to', args.to)
    const size = args.limit ?? 10
    const start = args.offset ?? 0
    const options = { section: args.section, kind: args.kind }
    // The changes are the rules' (in the diff's order), then the glossary's; a page is a stretch of them.
    let diff: ReturnType<typeof diffEditions>
    let rules: RuleChange[]
    let ruleTotal: number
    if (args.only === undefined) {
      // Only the page's rule changes get their word-level changes.
      diff = diffEditions(state.db, from, to, { ...options, limit: size, offset: start })
      ruleTotal = diff.total ?? diff.changes.length
      rules = diff.changes
    } else {
      diff = diffEditions(state.db, from, to, options)
      const kept = diff.changes.filter((change) => change.kind === args.only)
      ruleTotal = kept.length
      rules = kept.slice(start, start + size)
    }
    // `only` is about rules: the glossary's changes are then left out (its summary stays).
    const termChanges = args.only === undefined ? (diff.terms?.changes ?? []) : []
    const termStart = Math.max(0, start - ruleTotal)
    const terms = termChanges.slice(termStart, termStart + size - rules.length)
    const total = ruleTotal + termChanges.length
    // A page is cut shorter where its JSON would not fit.
    const { page } = pageOf<RuleChange | TermChange>([...rules, ...terms], 0, rules.length + terms.length, 'changes')
    const end = start + page.length
    const next =
      end < total ? { offset: end, note: `changes ${start + 1}-${end} of ${total} (rules, then glossary terms): give offset ${end} for the next` } : null
    const { terms: termDiff, total: _, ...rest } = diff
    const answer = {
      ...rest,
      changes: page.slice(0, Math.min(rules.length, page.length)) as RuleChange[],
      ...(termDiff ? { terms: { summary: termDiff.summary, changes: page.slice(rules.length) as TermChange[] } } : {}),
      total,
      offset: start,
      next
    }
    return flagAnswer(state.db, answer, { needs: 'lineage', span: diff }).answer
  }
})

const ruleHistoryTool = defineTool({
  name: 'rule_history',
  title: 'The history of a rule',
  description:
    'Every wording of a rule from its first edition to its last, followed through renumberings (420.5e -> 704.5k -> 704.5j), ' +
    'splits and merges, with the word-level change at each step and the editions that carry each wording. Give a number or ' +
    'a name, and optionally the day or edition whose numbering it is in. Steps come a page at a time, oldest first.',
  input: z.strictObject({
    rule: z.string().min(1).max(200).describe('a rule number or name'),
    ...selectorShape,
    direction: z.enum(['both', 'forward', 'backward']).optional().describe('both (default): back and forward from the wording asked'),
    limit: limit(50, 20),
    offset
  }),
  output: ruleHistorySchema.extend({
    total: z.int(),
    offset: z.int(),
    next: nextSchema,
    pinned: pinSchema,
    notHeld: z
      .array(z.string())
      .optional()
      .describe(
        "every edition not held that the history's steps cross, whatever the page: a change may have come with one of them (each step's change.gap, and the last step's ended.gap, says where)"
      )
  }),
  run: ({ state, pin }, args) => {
    const at = selectorOf(args)
    const number = resolveRuleName(state.db, args.rule, at).number
    const history = ruleHistory(state.db, number, { at: Object.keys(at).length > 0 ? at : undefined, direction: args.direction })
    const published = flagAnswer(state.db, publishSources(state, history), { needs: 'lineage' }).answer
    const start = args.offset ?? 0
    const { page, next } = pageOf(published.steps, start, args.limit ?? 20, 'steps')
    const last = history.steps[history.steps.length - 1]
    const pinned = pin.rule({
      number: last.number,
      id: history.id,
      edition: last.editions[last.editions.length - 1],
      validFrom: last.validFrom,
      validTo: last.validTo
    })
    // Every page names the gaps of the whole history: a step crossing one may be on another page.
    const notHeld = [...new Set(history.steps.flatMap((step) => [...(step.change?.notHeld ?? []), ...(step.ended?.notHeld ?? [])]))].sort()
    return { ...published, steps: page, total: history.steps.length, offset: start, next, pinned, ...(notHeld.length ? { notHeld } : {}) }
  }
})

const checkCitationsTool = defineTool({
  name: 'check_citations',
  title: 'Check rule citations in a text',
  description:
    'Find every Comprehensive Rules citation in a text (prose or source code: "CR 704.5j", "rule 420.5e", "702.19b-c") and say, ' +
    'for the day the text was written, whether each is still right: ok, moved (with the number to write instead), changed ' +
    'since, removed, never existed, or ambiguous; quotes next to a number are compared with the rule.',
  input: z.strictObject({
    text: z.string().max(maxCiteCharacters).describe('the text to check'),
    as_of: z.string().max(40).optional().describe('the day the text was written (YYYY-MM-DD; default: today)'),
    limit: limit(200, 50),
    offset
  }),
  output: citeReportSchema.extend({ total: z.int(), offset: z.int(), next: nextSchema }),
  run: ({ state }, args) => {
    const report = citeText(state.db, args.text, { asOf: args.as_of })
    const start = args.offset ?? 0
    const { page, next } = pageOf(report.findings, start, args.limit ?? 50, 'findings')
    return { ...report, findings: page, total: report.findings.length, offset: start, next }
  }
})

const switchValue = z.union([z.string(), z.number(), z.boolean(), z.null()])
const switchRule = z.object({ number: z.string(), text: z.string(), check: z.string().optional() }).nullable()
const groups = ['start', 'turn', 'mana', 'combat', 'abilities', 'state-based', 'multiplayer', 'commander', 'designations', 'zones'] as const

const eraProfileTool = defineTool({
  name: 'era_profile',
  title: 'What an engine should do in an era',
  description:
    'The rules of an era for a game engine: the edition in force, what the era does (mana burn, combat damage on the stack, ' +
    'the legend rule, deathtouch...) and every switch an engine branches on, each with its value, the edition since which it ' +
    'has held, and the rule that decides it.',
  input: z.strictObject({
    era: z.string().min(1).max(40).describe('an era preset (2003, 2009, 2024), a day (2005-06-01) or a set code (M10)'),
    group: z.enum(groups).optional().describe('only the switches of this part of the game')
  }),
  output: z.object({
    era: z.string().nullable(),
    edition: z.string(),
    validTo: z.string().nullable(),
    summary: z.string().nullable(),
    semantics: z.record(z.string(), z.unknown()),
    switches: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        group: z.enum(groups),
        description: z.string(),
        value: switchValue,
        rule: switchRule,
        since: z.string()
      })
    )
  }),
  run: ({ state }, args) => {
    const rules = state.eraRules(pointOf('era', args.era))
    const switches = rules.profile().switches.filter((entry) => args.group === undefined || entry.group === args.group)
    return { ...describeEra(rules), switches }
  }
})

const eraSide = z.object({ edition: z.string(), value: switchValue, rule: switchRule, since: z.string() })

const eraDiffTool = defineTool({
  name: 'era_diff',
  title: 'How two eras differ for an engine',
  description: 'The engine switches whose values differ between two eras (or days), each with the rule that decides it on both sides.',
  input: z.strictObject({
    from: z.string().min(1).max(40).describe('an era preset, a day or a set code'),
    to: z.string().min(1).max(40).describe('another')
  }),
  output: z.object({
    from: z.object({ era: z.string().nullable(), edition: z.string() }),
    to: z.object({ era: z.string().nullable(), edition: z.string() }),
    differences: z.array(z.object({ id: z.string(), title: z.string(), group: z.enum(groups), from: eraSide, to: eraSide }))
  }),
  run: ({ state }, args) => {
    const a = state.eraRules(pointOf('from', args.from))
    const b = state.eraRules(pointOf('to', args.to))
    return { from: { era: a.era, edition: a.edition }, to: { era: b.era, edition: b.edition }, differences: diffProfiles(a.profile(), b.profile()) }
  }
})

const sbaTool = defineTool({
  name: 'run_state_based_actions',
  title: 'Perform state-based actions',
  description:
    "Perform an era's state-based actions on a game state (players, objects) until nothing more happens, as crdb's reference " +
    'engine does: the new state and each event (which object went where, who lost) with the rule it cites in that era.',
  // The engine's reader checks the state, with its own messages naming the path of each problem.
  input: z.strictObject({ state: z.unknown(), ...selectorShape }),
  published: z.strictObject({ state: gameStateSchema.describe('the game state: { players: [...], objects: [...] }'), ...selectorShape }),
  output: sbaAnswerSchema,
  run: ({ state }, args) => {
    const rules = state.eraRules(selectorOf(args))
    return answerSba(rules, checkStateBasedActions(validateState(args.state, 'state'), rules))
  }
})

/** Every tool, in the order they are listed. */
export const tools: readonly Tool[] = [
  getRuleTool,
  searchRulesTool,
  glossaryTool,
  diffEditionsTool,
  ruleHistoryTool,
  checkCitationsTool,
  eraProfileTool,
  eraDiffTool,
  sbaTool
]
