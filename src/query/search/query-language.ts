/**
 * The search query language: words, `"phrases"`, `prefix*`, `AND`, `OR`, `NOT`
 * (upper case) and parentheses, read into a tree, and from it into an FTS5
 * expression in which every word and phrase is quoted, so no user text reaches
 * FTS5 (or SQL) unparsed.
 */
import { CrdbError } from '../../vocabulary/errors.js'

/** The longest query read, in characters (a pasted rule is rarely over 1,500). */
export const maxQueryLength = 4000

/** How deep parentheses may nest. */
const maxQueryDepth = 20

type Token = { type: 'word'; text: string; prefix: boolean; quoted: boolean; at: number } | { type: 'AND' | 'OR' | 'NOT' | '(' | ')'; at: number }

/** A query read into a tree: a word or phrase, or an operator over two trees. */
export type QueryNode = { type: 'word'; text: string; prefix: boolean } | { type: 'AND' | 'OR' | 'NOT'; left: QueryNode; right: QueryNode }
type Node = QueryNode

/** A query read: its tree, and whether it is only plain words (no quotes, prefixes, operators or parentheses). */
export interface ParsedQuery {
  tree: QueryNode
  plain: boolean
  /** The words of a plain query in order (empty otherwise). */
  words: string[]
}

/**
 * Read a search query into a safe FTS5 expression: every word and phrase
 * quoted, operators and grouping made explicit.
 *
 * `legend rule` -> `("legend" AND "rule")`; `"legend rule" OR legend*` ->
 * `("legend rule" OR "legend"*)`.
 *
 * @throws {CrdbError} `E_BAD_QUERY`, one line naming the query and what is wrong:
 *   empty, an unclosed quote or parenthesis, an operator without a term on each
 *   side, a bare or misplaced `*`, a phrase with no letter or digit. A bare word
 *   of punctuation only (`-`) is left out, as the index leaves it out.
 */
export function toFtsExpression(query: string): string {
  return emit(parseQuery(query).tree)
}

/**
 * Read `query` into a tree.
 *
 * @throws {CrdbError} `E_BAD_QUERY` as {@link toFtsExpression} says, and for a
 *   query over {@link maxQueryLength} characters or nesting parentheses deeper
 *   than {@link maxQueryDepth}.
 */
export function parseQuery(query: string): ParsedQuery {
  checkQueryLength(query)
  const tokens = tokenize(query)
  if (tokens.length === 0) throw badQuery(query, query.trim() === '' ? 'it is empty: give at least one word' : 'it has no word to search for, only punctuation')
  let index = 0
  let depth = 0
  const peek = (): Token | undefined => tokens[index]
  const describe = (token: Token | undefined): string =>
    token === undefined ? 'the end' : token.type === 'word' ? `"${token.text}"` : `"${token.type}" at column ${token.at + 1}`

  const parseOr = (): Node => {
    let left = parseAnd()
    while (peek()?.type === 'OR') {
      const operator = tokens[index++]
      left = { type: 'OR', left, right: parseOperand(operator, parseAnd) }
    }
    return left
  }
  const parseAnd = (): Node => {
    let left = parseNot()
    for (;;) {
      const next = peek()
      if (next?.type === 'AND') {
        index++
        left = { type: 'AND', left, right: parseOperand(next, parseNot) }
      } else if (next?.type === 'word' || next?.type === '(') {
        left = { type: 'AND', left, right: parseNot() }
      } else return left
    }
  }
  const parseNot = (): Node => {
    let left = parsePrimary()
    while (peek()?.type === 'NOT') {
      const operator = tokens[index++]
      left = { type: 'NOT', left, right: parseOperand(operator, parsePrimary) }
    }
    return left
  }
  const parseOperand = (operator: Token, parse: () => Node): Node => {
    const next = peek()
    if (next === undefined || next.type === ')' || next.type === 'AND' || next.type === 'OR' || next.type === 'NOT') {
      throw badQuery(query, `"${operator.type}" at column ${operator.at + 1} has no term after it`)
    }
    return parse()
  }
  const parsePrimary = (): Node => {
    const token = peek()
    if (token === undefined) throw badQuery(query, 'it ends where a term is expected')
    if (token.type === 'word') {
      index++
      return { type: 'word', text: token.text, prefix: token.prefix }
    }
    if (token.type === '(') {
      index++
      if (++depth > maxQueryDepth) throw badQuery(query, `the parentheses nest more than ${maxQueryDepth} deep (column ${token.at + 1})`)
      if (peek()?.type === ')') throw badQuery(query, `the parentheses at column ${token.at + 1} are empty`)
      const inner = parseOr()
      if (peek()?.type !== ')') throw badQuery(query, `the "(" at column ${token.at + 1} is never closed`)
      index++
      depth--
      return inner
    }
    if (token.type === ')') throw badQuery(query, `the ")" at column ${token.at + 1} closes nothing`)
    throw badQuery(query, `"${token.type}" at column ${token.at + 1} has no term before it`)
  }

  const tree = parseOr()
  if (index < tokens.length) {
    const token = tokens[index]
    throw badQuery(query, token.type === ')' ? `the ")" at column ${token.at + 1} closes nothing` : `unexpected ${describe(token)}`)
  }
  const plain = tokens.every((token) => token.type === 'word' && !token.prefix && !token.quoted)
  return { tree, plain, words: plain ? tokens.map((token) => (token.type === 'word' ? token.text : '')) : [] }
}

/**
 * Refuse a query over {@link maxQueryLength} characters, whichever way it is read.
 *
 * @throws {CrdbError} `E_BAD_QUERY`, naming the query and its length.
 */
export function checkQueryLength(query: string): void {
  if (query.length > maxQueryLength) {
    throw badQuery(query, `it is ${query.length} characters long; the limit is ${maxQueryLength} (search for a passage of the text)`)
  }
}

function emit(node: Node): string {
  if (node.type === 'word') return `"${node.text.replace(/"/g, '""')}"${node.prefix ? '*' : ''}`
  return `(${emit(node.left)} ${node.type} ${emit(node.right)})`
}

/**
 * The FTS5 expression of a tree with chains of one operator written flat
 * (`("a" AND "b" AND "c")`): the same meaning as {@link toFtsExpression}'s, but a
 * pasted paragraph does not nest a hundred deep in FTS5's parser.
 */
export function emitFlat(node: QueryNode): string {
  if (node.type === 'word') return emit(node)
  if (node.type === 'NOT') return `(${emitFlat(node.left)} NOT ${emitFlat(node.right)})`
  const operands: QueryNode[] = []
  const collect = (child: QueryNode): void => {
    if (child.type === node.type) {
      collect(child.left)
      collect(child.right)
    } else operands.push(child)
  }
  collect(node)
  return `(${operands.map(emitFlat).join(` ${node.type} `)})`
}

/** The words and phrases a hit is found by: every one not under a `NOT`'s right side. */
export function positiveTerms(node: QueryNode): Array<{ text: string; prefix: boolean }> {
  if (node.type === 'word') return [{ text: node.text, prefix: node.prefix }]
  if (node.type === 'NOT') return positiveTerms(node.left)
  return [...positiveTerms(node.left), ...positiveTerms(node.right)]
}

/** Space as the query language reads it: white space, and control characters (a NUL would end FTS5's string). */
const space = /[\s\p{Cc}]/u
const spaces = /[\s\p{Cc}]+/gu
/** The end of a bare word. */
const wordEnd = /[\s\p{Cc}()"]/u

function tokenize(query: string): Token[] {
  const tokens: Token[] = []
  let position = 0
  while (position < query.length) {
    const character = query[position]
    if (space.test(character)) {
      position++
    } else if (character === '(' || character === ')') {
      tokens.push({ type: character, at: position })
      position++
    } else if (character === '"') {
      const end = query.indexOf('"', position + 1)
      if (end < 0) throw badQuery(query, `the quote at column ${position + 1} is never closed`)
      const text = query
        .slice(position + 1, end)
        .replace(spaces, ' ')
        .trim()
      let after = end + 1
      const prefix = query[after] === '*'
      if (prefix) after++
      if (text === '') throw badQuery(query, `the quotes at column ${position + 1} hold no words`)
      if (!/[\p{L}\p{N}]/u.test(text)) throw badQuery(query, `"${text}" at column ${position + 1} has no letter or digit to search for`)
      if (after < query.length && !/[\s\p{Cc}()]/u.test(query[after])) {
        throw badQuery(query, `a phrase must be followed by a space or parenthesis (column ${after + 1})`)
      }
      tokens.push({ type: 'word', text, prefix, quoted: true, at: position })
      position = after
    } else {
      let end = position
      while (end < query.length && !wordEnd.test(query[end])) end++
      const raw = query.slice(position, end)
      if (raw === 'AND' || raw === 'OR' || raw === 'NOT') {
        tokens.push({ type: raw, at: position })
      } else {
        const prefix = raw.endsWith('*')
        const text = prefix ? raw.slice(0, -1) : raw
        if (text === '' || /^\*+$/.test(text)) throw badQuery(query, `the "*" at column ${position + 1} needs a word before it (as in legend*)`)
        if (text.includes('*')) throw badQuery(query, `"${raw}" at column ${position + 1}: "*" may only end a word (as in legend*)`)
        // Punctuation alone ("-", "—") is not a word: it is left out, as the index leaves it out.
        if (/[\p{L}\p{N}]/u.test(text)) tokens.push({ type: 'word', text, prefix, quoted: false, at: position })
        else if (prefix) throw badQuery(query, `"${raw}" at column ${position + 1} has no letter or digit before its "*"`)
      }
      position = end
    }
  }
  return tokens
}

/** The `E_BAD_QUERY` error for `query`, quoting at most 80 of its characters. */
function badQuery(query: string, problem: string): CrdbError {
  const shown = query.length > 80 ? JSON.stringify(query.slice(0, 80)).slice(0, -1) + '…"' : JSON.stringify(query)
  return new CrdbError('E_BAD_QUERY', `search query ${shown}: ${problem}`)
}
