/**
 * Word-level changes between two texts, and the tests for a change that only
 * renumbers cross-references or only changes typography.
 */

/** A run of words that stayed, went, or came. */
export interface WordChange {
  kind: 'same' | 'added' | 'removed'
  text: string
}

/**
 * The word-level changes from `before` to `after`: the texts split into words,
 * runs of spaces, line breaks and single other characters, compared by Myers'
 * shortest edit script. Written here rather than taken from `diff` (or
 * `fast-myers-diff`): a diff of two editions compares thousands of pairs, and
 * both spent most of its time here, allocating per step for edits bounded by
 * {@link maxEditLength} anyway.
 */
export function diffWords(before: string, after: string): WordChange[] {
  const old = before.match(tokenPattern) ?? []
  const current = after.match(tokenPattern) ?? []
  const edits = shortestEdit(old, current, maxEditLength)
  // Texts far apart read better as one replaced by the other.
  if (!edits) {
    return [
      { kind: 'removed', text: before },
      { kind: 'added', text: after }
    ]
  }
  // Each token's offset in its text: the runs are slices of the texts.
  const offsetsOf = (tokens: string[]): number[] => {
    const offsets = [0]
    for (const token of tokens) offsets.push(offsets[offsets.length - 1] + token.length)
    return offsets
  }
  const [oldAt, newAt] = [offsetsOf(old), offsetsOf(current)]
  const changes: WordChange[] = []
  const add = (kind: WordChange['kind'], from: number, to: number): void => {
    if (from < to) changes.push({ kind, text: kind === 'added' ? after.slice(newAt[from], newAt[to]) : before.slice(oldAt[from], oldAt[to]) })
  }
  let kept = 0
  for (const [oldStart, oldEnd, newStart, newEnd] of edits) {
    add('same', kept, oldStart)
    add('removed', oldStart, oldEnd)
    add('added', newStart, newEnd)
    kept = oldEnd
  }
  add('same', kept, old.length)
  return changes
}

/** Word and space tokens added or removed beyond which two texts are shown as one replaced by the other. */
const maxEditLength = 60

/** A word (Latin letters with their accents, digits), a run of spaces, a line break, or any other single character. */
const tokenPattern = /[\w\u00AD\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02C6\u02C8-\u02D7\u02DE-\u02FF\u1E00-\u1EFF]+|[^\S\r\n]+|\r?\n|[\s\S]/g

/**
 * The changed stretches `[oldStart, oldEnd, newStart, newEnd]` of a shortest edit script from `a`
 * to `b`, in order; `undefined` when it needs more than `most` insertions and deletions.
 */
function shortestEdit(a: readonly string[], b: readonly string[], most: number): Array<[number, number, number, number]> | undefined {
  // The common head is the search's first step anyway. (Not the common tail: searching from the start
  // keeps a text's end in place, as people read an appended sentence.)
  let head = 0
  while (head < a.length && head < b.length && a[head] === b[head]) head++
  const n = a.length - head
  const m = b.length - head
  if (n + m > most && Math.abs(n - m) > most) return undefined
  if (n === 0 || m === 0) return n + m === 0 ? [] : n + m > most ? undefined : [[head, head + n, head, head + m]]
  // Myers: v[k] is the furthest x reached on diagonal k = x - y; one copy of v per edit count, to walk back.
  const offset = most + 1
  const v = new Int32Array(2 * most + 3)
  const trace: Int32Array[] = []
  for (let d = 0; d <= most; d++) {
    trace.push(v.slice())
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
      let y = x - k
      while (x < n && y < m && a[head + x] === b[head + y]) {
        x++
        y++
      }
      v[offset + k] = x
      if (x >= n && y >= m) return walkBack(trace, offset, n, m, head)
    }
  }
  return undefined
}

/** The changed stretches of the path Myers' search found, read back from its copies of `v`. */
function walkBack(trace: Int32Array[], offset: number, n: number, m: number, head: number): Array<[number, number, number, number]> {
  const moves: Array<[number, number, boolean]> = [] // [x, y, deleted] of each edit, last first
  let x = n
  let y = m
  for (let d = trace.length - 1; d > 0; d--) {
    const v = trace[d]
    const k = x - y
    const down = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1])
    const previousX = down ? v[offset + k + 1] : v[offset + k - 1]
    const previousY = previousX - (down ? k + 1 : k - 1)
    moves.push(down ? [previousX, previousY, false] : [previousX, previousY, true])
    x = previousX
    y = previousY
  }
  const stretches: Array<[number, number, number, number]> = []
  for (let index = moves.length - 1; index >= 0; index--) {
    const [moveX, moveY, deleted] = moves[index]
    const last = stretches[stretches.length - 1]
    // An edit that starts where the last stretch ends (in both texts) extends it.
    if (last && last[1] === head + moveX && last[3] === head + moveY) {
      if (deleted) last[1]++
      else last[3]++
    } else stretches.push([head + moveX, head + moveX + (deleted ? 1 : 0), head + moveY, head + moveY + (deleted ? 0 : 1)])
  }
  return stretches
}

// Cross-references in every form the rules use: "rule 704.5j", "rules 704.5a and 704.5b", "rules 509.1-3",
// "601.2a-d", "rule 704", "section 7", "see section 101". A rule number with an optional range suffix...
const numberPattern = String.raw`\d{1,3}(?:\.\d{1,3}[a-z]?)?(?:[-–](?:\d{3}\.)?\d{0,3}[a-z]?)?`
// ...after "rule(s)" or "section(s)", with the numbers that continue the list ("704.5a, 704.5b, and 704.5c").
const citedPattern = new RegExp(String.raw`\b(rules?|sections?)( )${numberPattern}(?:(?:, (?:and |or )?| (?:and|or|through) )${numberPattern})*`, 'gi')
// ...and any dotted number elsewhere ("(see 702.19b)").
const dottedPattern = /\b\d{3}\.\d{1,3}[a-z]?(?:[-–](?:\d{3}\.)?\d{0,3}[a-z]?)?(?![\w.])/g

/** A text with its cross-reference numbers masked. */
function maskReferences(text: string): string {
  return text.replace(citedPattern, (_match, word: string) => `${word.toLowerCase().replace(/s$/, '')} #`).replace(dottedPattern, '#')
}

/** True when two different texts are equal once their cross-reference numbers are masked. */
export function differsOnlyInReferences(before: string, after: string): boolean {
  if (before === after) return false
  return maskReferences(before) === maskReferences(after)
}

/** Fold typography that editions switch back and forth: curly quotes, dashes, ellipses, (TM)/(R), `_italic_` markup. */
function foldTypography(text: string): string {
  const folded = text.replace(typographyPattern, (found) => typographyFolds[found] ?? '').replace(/\s+/g, ' ')
  return folded.includes('_') ? folded.replace(/(^|[^\w])_([^_]+)_(?=[^\w]|$)/g, '$1$2') : folded // _italic_ markup
}

// Each typographic character or mark, in one pass.
const typographyPattern = /[’‘“”—–…™®]|\((?:TM|tm|R|r)\)/g
const typographyFolds: Record<string, string> = { '’': "'", '‘': "'", '“': '"', '”': '"', '—': '-', '–': '-', '…': '...', '™': '', '®': '' }

/** True when two different texts are equal once typography is folded (`it's` against `it’s`). */
export function differsOnlyInTypography(before: string, after: string): boolean {
  if (before === after) return false
  return foldTypography(before) === foldTypography(after)
}
