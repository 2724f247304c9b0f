/**
 * The zod schemas of the `/v1` path and query parameters, read through Hono's
 * validator middleware and documented in `/openapi.json` from the same
 * schemas. Each one reads its value with the library's own reader (the edition
 * selector, rule numbers, dates), so that a bad value is refused with the
 * library's code and one-line message naming the parameter, not zod's.
 */
import { z } from '@hono/zod-openapi'
import { CrdbError, type ErrorCode } from '../vocabulary/errors.js'
import { parseDate } from '../vocabulary/dates.js'
import { parseRuleNumber } from '../vocabulary/rule-number.js'
import type { SearchKind, SearchMode } from '../query/search.js'
import { exportFormats } from '../query/export.js'
import { decodeDiffCursor, type DiffCursor } from './diff-cursor.js'
import { readPoint, readSelector, type At } from './selector.js'

/** A value as an error message quotes it: at most 40 characters. */
function clip(value: string): string {
  return value.length > 40 ? value.slice(0, 40) + '…' : value
}

/**
 * The error a failed validation stands for: the first issue's, with the code
 * a reader of ours gave it (`E_USAGE` when none).
 */
export function errorOfIssues(error: z.ZodError): CrdbError {
  const issue = error.issues[0]
  const code = (issue?.code === 'custom' ? (issue.params?.code as ErrorCode | undefined) : undefined) ?? 'E_USAGE'
  return new CrdbError(code, issue?.message ?? 'invalid request')
}

/**
 * A transform that reads a value with one of our readers: the reader's
 * `CrdbError` becomes an issue carrying its code and message.
 */
function readWith<In, Out>(read: (value: In) => Out) {
  return (value: In, context: z.RefinementCtx): Out => {
    try {
      return read(value)
    } catch (error) {
      if (!(error instanceof CrdbError)) throw error
      context.addIssue({ code: 'custom', message: error.message, params: { code: error.code } })
      return z.NEVER
    }
  }
}

/** A query or path parameter given at most once (a repeated one arrives as a list). */
const once = (name: string) => z.string({ error: (issue) => (issue.input === undefined ? `give ${name}=...` : `${name}: give it once`) })

/** `true`/`1` or `false`/`0`; absent or empty: false. */
const boolean = (name: string, description: string) =>
  once(name)
    .optional()
    .transform(
      readWith((value: string | undefined): boolean => {
        if (value === undefined || value === '' || value === 'false' || value === '0') return false
        if (value === 'true' || value === '1') return true
        throw new CrdbError('E_USAGE', `${name}=${clip(value)}: expected true or false`)
      })
    )
    .openapi({ type: 'boolean', description })

/** One of `values`; absent or empty: undefined. */
const oneOf = <const T extends readonly [string, ...string[]]>(name: string, values: T, description: string) =>
  once(name)
    .optional()
    .transform(
      readWith((value: string | undefined): T[number] | undefined => {
        if (value === undefined || value === '') return undefined
        if (!(values as readonly string[]).includes(value)) throw new CrdbError('E_USAGE', `${name}=${clip(value)}: expected ${values.join(' or ')}`)
        return value
      })
    )
    .openapi({ type: 'string', enum: [...values], description })

/** A comma list of some of `values`, in lower case; absent or empty: undefined. */
const listOf = <const T extends readonly string[]>(name: string, values: T, expected: string, description: string) =>
  once(name)
    .optional()
    .transform(
      readWith((value: string | undefined): T[number][] | undefined => {
        if (!value) return undefined
        const parts = [
          ...new Set(
            value
              .split(',')
              .map((part) => part.trim().toLowerCase())
              .filter(Boolean)
          )
        ]
        for (const part of parts) if (!(values as readonly string[]).includes(part)) throw new CrdbError('E_USAGE', `${name}=${clip(part)}: ${expected}`)
        return parts as T[number][]
      })
    )
    .openapi({ type: 'string', description })

/** Optional text; empty counts as absent. */
const optionalText = (name: string, description: string) =>
  once(name)
    .optional()
    .transform((value) => value || undefined)
    .openapi({ type: 'string', description })

/** A day (`YYYY-MM-DD`); absent or empty: undefined. */
const optionalDay = (name: string, description: string) =>
  once(name)
    .optional()
    .transform(
      readWith((value: string | undefined): string | undefined => {
        if (value === undefined || value === '') return undefined
        try {
          return parseDate(value)
        } catch (error) {
          if (error instanceof CrdbError) throw new CrdbError(error.code, `${name}: ${error.message}`)
          throw error
        }
      })
    )
    .openapi({ type: 'string', format: 'date', description })

/** A whole number from `min` to `max`; absent or empty: undefined. */
const wholeNumber = (name: string, min: number, max: number, description: string) =>
  once(name)
    .optional()
    .transform(
      readWith((value: string | undefined): number | undefined => {
        if (value === undefined || value === '') return undefined
        const number = Number(value)
        if (!/^\d+$/.test(value.trim()) || number < min || number > max)
          throw new CrdbError('E_USAGE', `${name}=${clip(value)}: expected a whole number from ${min} to ${max}`)
        return number
      })
    )
    .openapi({ type: 'integer', minimum: min, maximum: max, description })

/** The edition selector's parameters, documented one by one. */
const selectorShape = {
  date: once('date').optional().openapi({ format: 'date', description: 'the edition in force on this day (YYYY-MM-DD)' }),
  edition: once('edition').optional().openapi({ description: 'the edition with this effective date (YYYY-MM-DD), or the set code it came with (M10)' }),
  era: once('era').optional().openapi({ description: 'an era preset (2003, 2009, 2024: the rules in force on 31 December) or a day' })
}

/**
 * A query of the edition selector (`date`, `edition`, `era`: at most one) and
 * `shape`'s parameters; the selector is read by the library's one reader and
 * given as `at`.
 */
function withSelector<S extends z.ZodRawShape>(shape: S) {
  return z.object({ ...selectorShape, ...shape }).transform((query, context) => ({
    ...query,
    at: readWith(() => readSelector((name) => (query as Record<string, string | undefined>)[name]))(undefined, context) as At
  }))
}

/** The selector alone. */
export const selectorQuery = withSelector({})

/** The longest name a rule route reads (a title or a glossary term; the longest the CR prints is under 60 characters). */
const maxRuleName = 120

/**
 * A rule number or a name in the path, as `crdb get` reads it: input with a digit is a rule number
 * (read by the library's reader), words are a rule's title or a glossary term, read by the route.
 */
const ruleNumberOrName = once('number')
  .check((context) => {
    const value = context.value
    const problem = (message: string, code: ErrorCode): void => {
      context.issues.push({ code: 'custom', message, input: value, params: { code } })
    }
    if (/\d/.test(value) || value.trim() === '') {
      try {
        parseRuleNumber(value)
      } catch (error) {
        if (!(error instanceof CrdbError)) throw error
        problem(error.message, error.code)
      }
    } else if (value.length > maxRuleName) problem(`"${clip(value)}" is not a rule number, and longer than a name (${maxRuleName} characters)`, 'E_BAD_NUMBER')
  })
  .openapi({
    description: 'a rule number (704.5j, 704, 7), or a name as crdb get reads it: a rule title (trample) or a glossary term (legend rule)',
    example: '704.5j'
  })

/** `{number}` of the rule routes: a rule number or a name (see {@link ruleNumberOrName}). */
export const ruleParams = z.object({ number: ruleNumberOrName })

/** `{term}` of `/v1/glossary/{term}`. */
export const termParams = z.object({ term: once('term').openapi({ description: 'the term, by any of its names, any case', example: 'legend rule' }) })

/** `{id}` of `/v1/id/{id}`: a lineage's stable id (read by the library, which says what is wrong with a bad one). */
export const lineageParams = z.object({ id: once('id').openapi({ description: 'a lineage id', example: '1999-04-23_420.5e' }) })

/** `{id}` of `/v1/checks/{id}`. */
export const checkParams = z.object({ id: once('id').openapi({ description: 'a check id', example: 'legend-rule' }) })

/** What `include` adds to a rule. */
const ruleIncludes = ['subtree', 'neighbours', 'refs', 'sources'] as const

/** `numbered_as`: the edition whose numbering a rule number comes from (a date, an era or a set code, as `crdb get --numbered-as`). */
const numberedAs = once('numbered_as')
  .optional()
  .transform(readWith((value: string | undefined): At | undefined => (value ? readPoint(value) : undefined)))
  .openapi({
    type: 'string',
    description: "read the number in this edition's numbering (a date, an era or a set code), even where the edition asked has the same number",
    example: '2003'
  })

/** The query of `GET /v1/rules/{number}`. */
export const ruleQuery = withSelector({
  include: listOf('include', ruleIncludes, `expected a comma list of ${ruleIncludes.join(', ')}`, 'comma list of subtree, neighbours, refs, sources'),
  numbered_as: numberedAs,
  limit: wholeNumber(
    'limit',
    1,
    1000,
    'with include=subtree: at most this many rules of the subtree (default: all of them; with cursor: 100); the answer then says subtreePage'
  ),
  cursor: once('cursor')
    .optional()
    .transform(readWith((value: string | undefined): string | undefined => (value ? parseRuleNumber(value) : undefined)))
    .openapi({
      type: 'string',
      description: "with include=subtree: the rules after this one (the page before's subtreePage.next; the Link header's rel=next)",
      example: '702.19c'
    })
}).check((context) => {
  const { include, limit, cursor } = context.value
  if ((limit !== undefined || cursor !== undefined) && !include?.includes('subtree'))
    context.issues.push({
      code: 'custom',
      message: `${limit !== undefined ? 'limit' : 'cursor'} pages a subtree: give include=subtree with it`,
      input: context.value,
      params: { code: 'E_USAGE' }
    })
})

/** The query of `GET /v1/rules/{number}/history`. */
export const historyQuery = withSelector({
  direction: oneOf('direction', ['both', 'forward', 'backward'], 'both (default), forward from the oldest wording of the number, or backward')
})

/** The query of `GET /v1/sources`. */
export const sourcesQuery = z.object({ only: oneOf('only', ['official', 'dumps'], 'only official editions or only dumps') })

/** The query of `GET /v1/search`. */
export const searchQuery = withSelector({
  q: z
    .string({ error: (issue) => (issue.input === undefined ? 'give a query: q=...' : 'q: give it once') })
    .openapi({ description: 'words, a question, or a query with "phrases", prefix*, AND, OR, NOT, ( ) (see mode)', example: 'legend rule' }),
  all: boolean('all', 'search every version of every edition'),
  from: optionalDay('from', 'search every version in force at some time from this day (YYYY-MM-DD; with to, until that day; without it, until now)'),
  to: optionalDay('to', 'search every version in force at some time until this day (YYYY-MM-DD)'),
  offset: wholeNumber(
    'offset',
    0,
    10_000,
    'leave out the first offset hits: a page of limit hits from offset + 1 (the answer then says offset; total counts every hit; the Link header names the next and previous pages)'
  ),
  mode: oneOf(
    'mode',
    ['auto', 'query', 'text'] as const satisfies readonly SearchMode[],
    'auto (default): the query syntax applies unless the query reads as a sentence; query: it always applies (crdb search --exact); text: never (--text)'
  ),
  section: optionalText('section', 'only rules of this section, rule or subrule'),
  kind: listOf(
    'kind',
    ['rule', 'example', 'term'] as const satisfies readonly SearchKind[],
    'expected rule, example or term',
    'comma list of rule, example, term'
  ),
  limit: wholeNumber('limit', 1, 1000, 'at most this many hits (1 to 1000, default 10)')
}).check((context) => {
  const { all, from, to, at } = context.value
  const scopes = [Object.keys(at).length > 0 && 'one of date, edition and era', all && 'all=true', (from ?? to) !== undefined && 'from/to'].filter(Boolean)
  if (scopes.length > 1)
    context.issues.push({
      code: 'custom',
      message: `give ${scopes.join(' or ')}, not ${scopes.length > 2 ? 'several' : 'both'}: one edition, every edition or the editions of a range of days`,
      input: context.value,
      params: { code: 'E_USAGE' }
    })
})

/** One side of a diff: an edition, any day, or an era's year; required, and not empty. */
const diffPoint = (name: string, description: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'give from=... and to=... (an edition, a date or an era)' : `${name}: give it once`) })
    .transform(
      readWith((value: string): At => {
        if (value === '') throw new CrdbError('E_USAGE', 'give from=... and to=... (an edition, a date or an era)')
        return readPoint(value)
      })
    )
    .openapi({ type: 'string', description, example: '2009-07-11' })

/** The query of `GET /v1/diff`. */
export const diffQuery = z
  .object({
    from: diffPoint('from', 'an edition or any date (YYYY-MM-DD), or an era year'),
    to: diffPoint('to', 'the same, for the other side'),
    section: optionalText('section', 'only this section, rule or subrule'),
    summary: boolean('summary', 'only the counts, without the changes'),
    limit: once('limit')
      .optional()
      .transform(
        readWith((value: string | undefined): number | undefined => {
          if (value === undefined || value === '') return undefined
          const limit = Number(value)
          if (!/^\d+$/.test(value.trim()) || limit < 1 || limit > 1000)
            throw new CrdbError('E_USAGE', `limit=${clip(value)}: expected a whole number from 1 to 1000`)
          return limit
        })
      )
      .openapi({
        type: 'integer',
        minimum: 1,
        maximum: 1000,
        description:
          'page the changes: at most this many (1 to 1000), with total and next in the answer; without it, every change (the answer is as before paging)'
      }),
    cursor: once('cursor')
      .optional()
      .transform(readWith((value: string | undefined): DiffCursor | undefined => (value ? decodeDiffCursor(value) : undefined)))
      .openapi({ type: 'string', description: "the next page: the answer's next, with the same from, to, section and limit" })
  })
  .check((context) => {
    if (context.value.cursor && context.value.limit === undefined)
      context.issues.push({ code: 'custom', message: 'cursor=...: give limit=... with it', input: context.value, params: { code: 'E_USAGE' } })
  })

/** `{edition}` of `/v1/editions/{edition}/export`: an edition's date or its set's code, read by the library's resolver. */
export const exportParams = z.object({
  edition: once('edition').openapi({
    description: 'the edition: its effective date (YYYY-MM-DD), or the code of the set it came with (M10)',
    example: '2009-07-11'
  })
})

/** The query of `GET /v1/editions/{edition}/export`. */
export const exportQuery = z.object({
  format: oneOf(
    'format',
    exportFormats,
    'json (default: the structured edition, see EditionExport), md (Markdown with an anchor per rule and term) or txt (the text as published)'
  )
})

/** The query of `GET /v1/checks/{id}`. */
export const checkQuery = withSelector({ history: boolean('history', 'also every run of editions in which it was in force') })
