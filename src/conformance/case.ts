/**
 * The conformance suite's two documents: a case (one JSON file of the suite,
 * one line on an engine's standard input) and an engine's answer (one line on
 * its standard output). One zod schema gives the types, the validation and the
 * JSON Schema published with the suite (`case.schema.json`).
 */
import * as z from 'zod'
import { sbaActions } from '../engine/actions.js'
import { gameStateSchema } from '../engine/state.js'

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')

/** What a state-based action does, as the cases name it. */
const actionSchema = z.enum(sbaActions).describe('What happens to the subject.')

/** One event a case expects. */
const expectedEventSchema = z.strictObject({
  action: actionSchema,
  subject: z.string().describe('The id of the player, team or object it happens to.'),
  check: z.string().describe('The catalog check whose rule makes it happen (crdb check ID).'),
  rule: z.string().describe('The number of that rule in the case’s edition; the engine’s event must cite it.')
})

/** What a case expects some parts of the state to be once nothing more happens. */
const afterSchema = z.strictObject({
  players: z
    .record(
      z.string(),
      z.strictObject({
        lost: z.boolean().optional().describe('Has lost the game (absent in a state: false).'),
        speed: z.number().int().nullable().optional().describe('Speed (absent in a state: null).')
      })
    )
    .optional(),
  objects: z
    .record(
      z.string(),
      z.strictObject({
        zone: z.string().nullable().optional().describe('Its zone (absent in a state: battlefield); null: it ceased to exist (not in the state).'),
        counters: z.record(z.string(), z.number().int()).optional().describe('Its counters by kind (kinds at 0 left out).'),
        attachedTo: z.string().nullable().optional().describe('What it is attached to; null: nothing.'),
        protector: z.string().nullable().optional().describe('A battle’s protector.'),
        sector: z.string().nullable().optional().describe('A creature’s sector.')
      })
    )
    .optional()
})

const boundarySchema = z
  .strictObject({
    change: day.describe('The edition in which the rule appeared, ended, changed meaning or number.'),
    side: z.enum(['before', 'after']).describe('before: the edition just before that change; after: the edition of the change.'),
    what: z.string().describe('What changed, in words.')
  })
  .nullable()
  .describe('The boundary the case sits on; null for the first and newest editions and for scenarios.')

const sourceSchema = z
  .strictObject({
    table: z.string().describe('Where the expectation is written (a file of crdb).'),
    from: day.describe('First edition of the range the expectation covers.'),
    to: day.nullable().describe('Last edition of that range (null: still in force).'),
    rule: z.string().nullable().describe('The rule the range is written from (null: no such rule in the range).'),
    quote: z.string().describe('A short quote of that rule, or why nothing happens.')
  })
  .describe('The source of the expectation: a hand-written entry, never crdb’s engine.')

/** The schema of a board case: the state-based actions on one board. */
const boardCaseSchema = z
  .strictObject({
    kind: z.literal('board').optional().describe('board (the default): a board whose state-based actions are checked.'),
    id: z.string().describe('Stable id: check/edition/board, or scenario/name.'),
    check: z.string().describe('The catalog check the case is about (or "scenario" for an interaction).'),
    edition: day.describe('The effective date of the edition whose rules the engine must apply.'),
    boundary: boundarySchema,
    description: z.string().describe('What the board shows, in words.'),
    board: gameStateSchema.describe('The game state, in crdb’s board format (docs/engine.md), before state-based actions are checked.'),
    choices: z
      .array(z.strictObject({ kind: z.string(), player: z.string(), answer: z.union([z.string(), z.boolean()]) }))
      .describe(
        'The answers to the choices the rules leave to players (kind as in crdb: legend-rule, planeswalker-uniqueness, protector, sector, commander-to-command-zone).'
      ),
    expect: z.strictObject({
      events: z.array(expectedEventSchema).describe('Every event the check loop performs (in any order); empty: nothing happens.'),
      after: afterSchema.describe('Parts of the state once nothing more happens.')
    }),
    source: sourceSchema
  })
  .describe('A board case: this board, under this edition’s rules, must end like this.')

const switchValue = z.union([z.string(), z.number(), z.boolean(), z.null()])

/** The schema of a switch case: the value of one era switch in one edition. */
const switchCaseSchema = z
  .strictObject({
    kind: z.literal('switch'),
    id: z.string().describe('Stable id: switch/NAME/edition.'),
    check: z.string().describe('The switch the case is about (its name in crdb era --profile).'),
    edition: day.describe('The effective date of the edition whose rules the engine must apply.'),
    boundary: boundarySchema,
    description: z.string().describe('The question, in words.'),
    question: z.strictObject({ switch: z.string().describe('The switch.'), edition: day.describe('The edition.') }),
    expect: z.strictObject({
      value: switchValue.describe('The switch’s value in that edition (the words of crdb era --profile).'),
      rule: z.string().nullable().describe('The rule that decides it, which the engine must cite (null: no rule says it; the citation is not judged).')
    }),
    source: sourceSchema
  })
  .describe('A switch case: under this edition’s rules, this era switch has this value.')

/** The schema of a conformance case. */
export const conformanceCaseSchema = z
  .union([boardCaseSchema, switchCaseSchema])
  .describe('One case of crdb’s era conformance suite: a board that must end as expected, or an era switch that must have the expected value.')

/** A conformance case. */
export type ConformanceCase = z.infer<typeof conformanceCaseSchema>
/** A board case. */
export type BoardCase = z.infer<typeof boardCaseSchema>
/** A switch case. */
export type SwitchCase = z.infer<typeof switchCaseSchema>
/** An event a case expects. */
export type ExpectedEvent = z.infer<typeof expectedEventSchema>
/** The parts of the final state a case expects. */
export type ExpectedAfter = z.infer<typeof afterSchema>

/** What an engine receives: a case without its expectation and source. */
export type ConformanceQuestion = ConformanceCase extends infer C ? (C extends unknown ? Omit<C, 'expect' | 'source'> : never) : never

/** The schema of an engine's answer to one case. */
export const engineAnswerSchema = z
  .object({
    id: z.string().describe('The case id.'),
    events: z
      .array(
        z.object({
          action: z.string(),
          subject: z.string(),
          rule: z.string().optional().describe('The rule number it cites.'),
          rules: z.array(z.string()).optional().describe('Or several rule numbers (one event performed by several checks).')
        })
      )
      .optional()
      .describe('What the engine did; absent or empty: nothing happened.'),
    state: z.record(z.string(), z.unknown()).optional().describe('The state once nothing more happens (board format); absent: the board unchanged.'),
    value: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional().describe('A switch case: the switch’s value.'),
    rule: z.string().nullable().optional().describe('A switch case: the number of the rule that decides it.'),
    error: z.string().optional().describe('The engine could not play the case (unsupported feature, bad input).')
  })
  .describe('An engine’s answer to one case: one JSON line on its standard output.')

/** An engine's answer to one case. */
export type EngineAnswer = z.infer<typeof engineAnswerSchema>

/** The JSON Schema of a case, as published with the suite. */
export function describeCaseSchema(): Record<string, unknown> {
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', ...z.toJSONSchema(conformanceCaseSchema, { io: 'input', unrepresentable: 'any' }) }
}
