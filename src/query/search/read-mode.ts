/**
 * Whether a search query is written as a query (its quotes, parentheses, `*`
 * and upper-case AND, OR, NOT are operators) or as text (a question or a
 * pasted passage: those marks are only punctuation and words).
 *
 * The rule, in `auto` mode (docs/search.md "Query or text"):
 * 1. A query with none of the marks (`"`, `(`, `)`, a word ending in `*`,
 *    AND, OR or NOT in capitals) is plain words: text.
 * 2. With marks, it is text when it reads as prose: a sentence ends in it
 *    (`.`, `?`, `!` before a space or its end, or any `?` or `!`), a comma,
 *    semicolon or colon is followed by a space, it has more than a dozen
 *    words, or its quotes or parentheses are unbalanced.
 * 3. Otherwise it is a query, unless it does not parse as one (`AND OR NOT`,
 *    `legend**`): then it is text too, so no punctuation is ever an error.
 *
 * `query` mode forces the syntax (a query that does not parse is then an
 * `E_BAD_QUERY`), `text` mode forces text.
 */
import { CrdbError } from '../../vocabulary/errors.js'
import { parseQuery } from './query-language.js'

/** How {@link search} reads a query: decide by the rule above, or force the query syntax or text. */
export type SearchMode = 'auto' | 'query' | 'text'

/** The modes, in the order they are documented. */
const searchModes: readonly SearchMode[] = ['auto', 'query', 'text']

/** How a query is read, and why (a phrase that completes "read as text: it ..."). */
export interface QueryReading {
  as: 'query' | 'text'
  /** Why, completing "it ...": `has sentence punctuation`, `has more than 12 words`, `has no operator`. */
  why: string
  /** Whether it holds any mark of the query syntax (read as text, they were only punctuation). */
  marked: boolean
}

/** More words than this make text of a query with marks. */
const mostQueryWords = 12

/** A mark of the query syntax: a quote, a parenthesis, a word ending in `*`, or an operator in capitals. */
const syntaxMark = /["()]|[\p{L}\p{N}]\*|(?<![\p{L}\p{N}])(?:AND|OR|NOT)(?![\p{L}\p{N}])/u

/** The end of a sentence: `.`, `?`, `!` or `…` (perhaps inside a closing quote or parenthesis) before a space or the end; any `?` or `!`. */
const sentenceEnd = /[.…](?=["')\]]*(?:\s|$))|[?!]/u

/** Clause punctuation: a comma, semicolon or colon before a space. */
const clauseBreak = /[,;:](?=\s)/

/**
 * Read `query` in `mode` (default `auto`): as a query or as text, by the rule
 * of the module comment. Does not throw: a query that does not parse, read in
 * `query` mode, is refused by the parser afterwards.
 *
 * @throws {CrdbError} `E_USAGE` for a mode that is not auto, query or text.
 */
export function readQueryMode(query: string, mode: SearchMode = 'auto'): QueryReading {
  if (!searchModes.includes(mode)) throw new CrdbError('E_USAGE', `search: mode ${JSON.stringify(mode)} is not one of ${searchModes.join(', ')}`)
  const marked = syntaxMark.test(query)
  if (mode === 'query') return { as: 'query', why: 'asked for as a query', marked }
  if (mode === 'text') return { as: 'text', why: 'asked for as text', marked }
  if (!marked) return { as: 'text', why: 'has no operator', marked }
  const prose = whyProse(query)
  if (prose) return { as: 'text', why: prose, marked }
  try {
    parseQuery(query)
  } catch (error) {
    if (!(error instanceof CrdbError)) throw error
    // The parser's problem, without its "search query "...": " lead.
    const problem = error.message.replace(/^search query (?:"(?:[^"\\]|\\.)*"|\S+): /, '')
    return { as: 'text', why: `does not parse as a query (${problem})`, marked }
  }
  return { as: 'query', why: 'written as a query', marked }
}

/** Why a query with marks reads as prose, or `undefined`. */
function whyProse(query: string): string | undefined {
  if (sentenceEnd.test(query)) return 'has sentence punctuation'
  if (clauseBreak.test(query)) return 'has commas or colons between words'
  const words = query.split(/[\s()"]+/).filter((word) => /[\p{L}\p{N}]/u.test(word) && !/^(?:AND|OR|NOT)$/.test(word))
  if (words.length > mostQueryWords) return `has more than ${mostQueryWords} words`
  if ((query.match(/"/g)?.length ?? 0) % 2 === 1) return 'has an unclosed quote'
  let depth = 0
  for (const character of query) {
    if (character === '(') depth++
    else if (character === ')' && --depth < 0) break
  }
  if (depth !== 0) return 'has unbalanced parentheses'
  return undefined
}
