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
 * `maxEditLength` anyway. Tokens are numbered once (the same token, the
 * same number) and compared by number, so no token is copied out; the
 * search's rows are kept packed, one after the other; a search that runs
 * long walks only the diagonals that can end in the exact edit count.
 */
export function diffWords(before: string, after: string): WordChange[] {
  // Tokens before the first character the texts differ at are the same in both: cut only from a
  // token boundary at or before it (the search would walk the common head first anyway).
  const start = tokenBoundaryBefore(before, commonPrefixLength(before, after))
  const old = tokenize(before, oldTokens, start)
  const current = tokenize(after, newTokens, start)
  numberTokens(old, current)
  // Beyond the search's bound, the tokens between the common head and tail are one replaced by the other.
  const edits = shortestEdit(old, current, maxEditLength) ?? replaceMiddle(old, current)
  // The runs are slices of the texts, cut at the tokens' offsets; the unchanged run resumes at `kept`.
  const [oldAt, newAt] = [old.offsets, current.offsets]
  const changes: WordChange[] = []
  let kept = 0
  for (const [oldStart, oldEnd, newStart, newEnd] of edits) {
    if (kept < oldAt[oldStart]) changes.push({ kind: 'same', text: before.slice(kept, oldAt[oldStart]) })
    if (oldStart < oldEnd) changes.push({ kind: 'removed', text: before.slice(oldAt[oldStart], oldAt[oldEnd]) })
    if (newStart < newEnd) changes.push({ kind: 'added', text: after.slice(newAt[newStart], newAt[newEnd]) })
    kept = oldAt[oldEnd]
  }
  if (kept < before.length) changes.push({ kind: 'same', text: before.slice(kept) })
  return absorbShortSames(changes)
}

/** The one changed stretch between the tokens `a` and `b` have in common at their start and at their end. */
function replaceMiddle(a: Tokens, b: Tokens): Array<[number, number, number, number]> {
  let head = 0
  const [x, y] = [a.ids, b.ids]
  while (head < a.count && head < b.count && x[head] === y[head]) head++
  let tail = 0
  while (tail < a.count - head && tail < b.count - head && x[a.count - 1 - tail] === y[b.count - 1 - tail]) tail++
  return [[head, a.count - tail, head, b.count - tail]]
}

/**
 * `changes` with each unchanged run no longer than the changes on both sides of it taken into them (as
 * diff-match-patch's semantic clean-up does), then each stretch of changes as one removed run and one
 * added run: a rewritten clause reads as the clause struck and the new one inserted, not as confetti of
 * the spaces, `the` and `it` the two happen to share.
 */
function absorbShortSames(changes: WordChange[]): WordChange[] {
  // The changed characters before (removed, added) and after each unchanged run, in one pass each way.
  const sizeBefore = new Array<number>(changes.length)
  const sizeAfter = new Array<number>(changes.length)
  let removed = 0
  let added = 0
  for (let index = 0; index < changes.length; index++) {
    const change = changes[index]
    if (change.kind === 'same') {
      sizeBefore[index] = Math.max(removed, added)
      removed = added = 0
    } else if (change.kind === 'removed') removed += change.text.length
    else added += change.text.length
  }
  removed = added = 0
  for (let index = changes.length - 1; index >= 0; index--) {
    const change = changes[index]
    if (change.kind === 'same') {
      sizeAfter[index] = Math.max(removed, added)
      removed = added = 0
    } else if (change.kind === 'removed') removed += change.text.length
    else added += change.text.length
  }
  // Absorbing a run makes the changes around the next one larger: repeat until nothing moves.
  let absorbed = false
  const absorbable = changes.map((change, index) => {
    const short = change.kind === 'same' && change.text.length <= sizeBefore[index] && change.text.length <= sizeAfter[index]
    absorbed ||= short
    return short
  })
  if (!absorbed) return changes
  const merged: WordChange[] = []
  let removedText = ''
  let addedText = ''
  const flush = (): void => {
    // Whole tokens both runs start or end with stay unchanged (the full stop of a rewritten clause).
    const head = tokenBoundaryBefore(removedText, commonPrefixLength(removedText, addedText) + 1)
    if (head > 0 && head <= addedText.length && isTokenEnd(addedText, head)) {
      pushSame(merged, removedText.slice(0, head))
      removedText = removedText.slice(head)
      addedText = addedText.slice(head)
    }
    const tail = commonSuffixLength(removedText, addedText)
    if (tail > 0) {
      const same = removedText.slice(removedText.length - tail)
      removedText = removedText.slice(0, removedText.length - tail)
      addedText = addedText.slice(0, addedText.length - tail)
      if (removedText) merged.push({ kind: 'removed', text: removedText })
      if (addedText) merged.push({ kind: 'added', text: addedText })
      pushSame(merged, same)
    } else {
      if (removedText) merged.push({ kind: 'removed', text: removedText })
      if (addedText) merged.push({ kind: 'added', text: addedText })
    }
    removedText = addedText = ''
  }
  for (let index = 0; index < changes.length; index++) {
    const change = changes[index]
    if (change.kind === 'same' && !absorbable[index]) {
      flush()
      pushSame(merged, change.text)
    } else {
      if (change.kind !== 'added') removedText += change.text
      if (change.kind !== 'removed') addedText += change.text
    }
  }
  flush()
  return absorbShortSames(merged)
}

/** Append an unchanged run to `changes`, joined to the one it follows. */
function pushSame(changes: WordChange[], text: string): void {
  const last = changes[changes.length - 1]
  if (last?.kind === 'same') last.text += text
  else changes.push({ kind: 'same', text })
}

/** How many trailing characters `a` and `b` share, cut back to a token boundary of both (none unless both keep some text). */
function commonSuffixLength(a: string, b: string): number {
  const length = Math.min(a.length, b.length)
  let size = 0
  while (size < length && a.charCodeAt(a.length - 1 - size) === b.charCodeAt(b.length - 1 - size)) size++
  // Back to where a token starts in both: not inside a word, a run of spaces or a `\r\n`.
  while (size > 0 && !(isTokenEnd(a, a.length - size) && isTokenEnd(b, b.length - size))) size--
  return size === a.length || size === b.length ? 0 : size
}

/** Whether a token of `text` ends at `at` (0 < at <= its length): the characters either side are not joined in one token. */
function isTokenEnd(text: string, at: number): boolean {
  if (at >= text.length) return true
  return tokenBoundaryBefore(text, at + 1) === at
}

/** How many leading characters `a` and `b` share. */
function commonPrefixLength(a: string, b: string): number {
  const length = Math.min(a.length, b.length)
  let at = 0
  while (at < length && a.charCodeAt(at) === b.charCodeAt(at)) at++
  return at
}

/**
 * The last token boundary of `text` at or before `at` - 1 that its first `at` characters alone decide:
 * a boundary lies between two characters unless both belong to a word, both to a run of spaces, or
 * they are `\r\n`.
 */
function tokenBoundaryBefore(text: string, at: number): number {
  let boundary = at - 1
  while (boundary > 0) {
    const left = text.charCodeAt(boundary - 1)
    const right = text.charCodeAt(boundary)
    const joined =
      (isWordCode(left) && isWordCode(right)) ||
      (left === 13 && right === 10) ||
      (left !== 10 && left !== 13 && right !== 10 && right !== 13 && isWhiteSpace(left) && isWhiteSpace(right))
    if (!joined) return boundary
    boundary--
  }
  return 0
}

/** Word and space tokens added or removed beyond which the search stops and the texts' common head and tail frame one replaced middle. */
const maxEditLength = 400

/**
 * A text cut into tokens from some boundary on: token `i` is `text.slice(offsets[i], offsets[i + 1])`, with a
 * hash of it and its number (`ids`: the same number for the same token in both texts of a diff).
 */
interface Tokens {
  text: string
  count: number
  hashes: Int32Array
  offsets: Int32Array
  ids: Int32Array
}

// The two texts of the diff under way, reused (diffWords runs one at a time, to the end).
const oldTokens: Tokens = { text: '', count: 0, hashes: new Int32Array(256), offsets: new Int32Array(257), ids: new Int32Array(257) }
const newTokens: Tokens = { text: '', count: 0, hashes: new Int32Array(256), offsets: new Int32Array(257), ids: new Int32Array(257) }

/** The open-addressing table {@link numberTokens} numbers tokens in: a slot holds a token (`2 * index + side + 1`) or 0. */
let slots = new Int32Array(1024)

/**
 * Number the tokens of `a` and `b` (their `ids`) so that two tokens have the same number exactly when they are the
 * same text, the number being the token's slot in a hash table: the search compares numbers, each token's
 * characters compared once here instead of at every step of the search that meets it.
 */
function numberTokens(a: Tokens, b: Tokens): void {
  let size = 1024
  while (size < 2 * (a.count + b.count)) size *= 2
  if (slots.length < size) slots = new Int32Array(size)
  else slots.fill(0, 0, size)
  const mask = size - 1
  for (let side = 0; side < 2; side++) {
    const tokens = side === 0 ? a : b
    const { hashes, ids, count } = tokens
    for (let index = 0; index < count; index++) {
      let slot = (hashes[index] ^ (hashes[index] >>> 15)) & mask
      for (;;) {
        const held = slots[slot]
        if (held === 0) {
          slots[slot] = 2 * index + side + 1
          break
        }
        const other = held - 1
        if (sameToken(tokens, index, (other & 1) === 0 ? a : b, other >> 1)) break
        slot = (slot + 1) & mask
      }
      ids[index] = slot
    }
  }
}

/**
 * Cut `text` into `into`'s buffers: a token is a word (Latin letters with their accents, digits,
 * `_`), a run of spaces, a line break (`\n` or `\r\n`), or any other single character (a UTF-16
 * code unit).
 */
function tokenize(text: string, into: Tokens, from: number): Tokens {
  if (into.offsets.length <= text.length) {
    into.hashes = new Int32Array(text.length + 1)
    into.offsets = new Int32Array(text.length + 1)
    into.ids = new Int32Array(text.length + 1)
  }
  const { hashes, offsets } = into
  let count = 0
  let at = from
  while (at < text.length) {
    const code = text.charCodeAt(at)
    let hash = code
    let end = at + 1
    if (isWordCode(code)) {
      while (end < text.length) {
        const next = text.charCodeAt(end)
        if (!isWordCode(next)) break
        hash = (Math.imul(hash, 31) + next) | 0
        end++
      }
    } else if (code !== 10 && code !== 13 && isWhiteSpace(code)) {
      while (end < text.length) {
        const next = text.charCodeAt(end)
        if (next === 10 || next === 13 || !isWhiteSpace(next)) break
        hash = (Math.imul(hash, 31) + next) | 0
        end++
      }
    } else if (code === 13 && text.charCodeAt(end) === 10) {
      hash = (Math.imul(hash, 31) + 10) | 0
      end++
    }
    offsets[count] = at
    hashes[count++] = hash
    at = end
  }
  offsets[count] = text.length
  into.text = text
  into.count = count
  return into
}

/** Whether token `i` of `a` is token `j` of `b`. */
function sameToken(a: Tokens, i: number, b: Tokens, j: number): boolean {
  if (a.hashes[i] !== b.hashes[j]) return false
  const start = a.offsets[i]
  const length = a.offsets[i + 1] - start
  const other = b.offsets[j]
  if (b.offsets[j + 1] - other !== length) return false
  for (let index = 0; index < length; index++) if (a.text.charCodeAt(start + index) !== b.text.charCodeAt(other + index)) return false
  return true
}

/** Whether `code` belongs to a word: `\w`, a soft hyphen, or a Latin letter with an accent. */
function isWordCode(code: number): boolean {
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95
  return (
    code === 0xad ||
    (code >= 0xc0 && code <= 0x2ff && code !== 0xd7 && code !== 0xf7 && code !== 0x2c7 && !(code >= 0x2d8 && code <= 0x2dd)) ||
    (code >= 0x1e00 && code <= 0x1eff)
  )
}

/**
 * Myers' `v`, one row per edit count, kept to walk back; reused by every search. Row `d` holds the `d + 1`
 * diagonals `k = -d, -d + 2, ..., d` one after the other from `d * (d + 1) / 2` on: diagonal `k` at index
 * `(k + d) / 2`, its neighbours `k - 1` and `k + 1` of row `d - 1` at the indexes before and at that.
 */
const traceRows = new Int32Array(((maxEditLength + 1) * (maxEditLength + 2)) / 2)

/**
 * The changed stretches `[oldStart, oldEnd, newStart, newEnd]` of a shortest edit script from `a`
 * to `b`, in order; `undefined` when it needs more than `most` (at most {@link maxEditLength})
 * insertions and deletions.
 */
function shortestEdit(a: Tokens, b: Tokens, most: number): Array<[number, number, number, number]> | undefined {
  // Tokens are compared by number (numberTokens).
  const aIds = a.ids
  const bIds = b.ids
  // The common head is the search's first step anyway. (Not the common tail: searching from the start
  // keeps a text's end in place, as people read an appended sentence.)
  let head = 0
  while (head < a.count && head < b.count && aIds[head] === bIds[head]) head++
  const n = a.count - head
  const m = b.count - head
  if (n + m > most && Math.abs(n - m) > most) return undefined
  if (n === 0 || m === 0) return n + m === 0 ? [] : n + m > most ? undefined : [[head, head + n, head, head + m]]
  // Myers: row d holds, for each diagonal k = x - y of d's parity, the furthest x reached in d edits;
  // step d reads row d - 1 only. Down (an insertion, from diagonal k + 1) where that reached further than
  // diagonal k - 1, else right (a deletion, from k - 1); the edges have one neighbour only.
  const v = traceRows
  // Once the search has gone `bandFrom` edits without ending, the exact edit count (from the tokens' longest
  // common subsequence, bit-parallel) bounds it: a diagonal k at step d needs at least |k - (n - m)| edits more,
  // so those with d + |k - (n - m)| beyond the count cannot lead to the end in it and are not walked. The
  // diagonals kept read only kept diagonals (each neighbour is one step and one diagonal away), so they hold
  // what the full search gives them and the path read back is the same.
  const end = n - m
  let edits = most
  for (let d = 0; d <= edits; d++) {
    const row = (d * (d + 1)) >> 1
    const previous = row - d
    let first = 0
    let last = d
    if (d === bandFrom) {
      edits = n + m - 2 * commonSubsequenceLength(aIds, head, n, bIds, head, m)
      if (edits > most) return undefined
    }
    if (d >= bandFrom) {
      // Kept: -d <= k <= d with |k - end| <= edits - d, k of d's parity (index = (k + d) / 2).
      first = Math.max(0, Math.ceil((end - (edits - d) + d) / 2))
      last = Math.min(d, Math.floor((end + (edits - d) + d) / 2))
    }
    for (let index = first, k = 2 * first - d; index <= last; index++, k += 2) {
      let x: number
      if (index === 0) x = d === 0 ? 0 : v[previous]
      else if (index === d) x = v[previous + index - 1] + 1
      else {
        const left = v[previous + index - 1]
        const up = v[previous + index]
        x = left < up ? up : left + 1
      }
      let y = x - k
      while (x < n && y < m && aIds[head + x] === bIds[head + y]) {
        x++
        y++
      }
      v[row + index] = x
      if (x >= n && y >= m) return walkBack(v, d, n, m, head)
    }
  }
  return undefined
}

/** The step of Myers' search from which it walks only the diagonals that can end in the exact edit count (most diffs end before). */
const bandFrom = 16

/** Bit rows of {@link commonSubsequenceLength}: the running row, and each token's positions in the first text (reused, grown as needed). */
let lcsRow = new Uint32Array(16)
let lcsMasks = new Uint32Array(256)
/** For each token number (a slot of {@link numberTokens}' table), its mask's index in `lcsMasks` plus one, or 0. */
let lcsMaskOf = new Int32Array(1024)

/**
 * The length of the longest common subsequence of `a[aFrom .. aFrom + n)` and `b[bFrom .. bFrom + m)` (token
 * numbers), by the bit-parallel row of Allison and Dix: `n / 32` words a token of `b`, and nothing for a token
 * `a` lacks.
 */
function commonSubsequenceLength(a: Int32Array, aFrom: number, n: number, b: Int32Array, bFrom: number, m: number): number {
  const words = (n + 31) >>> 5
  if (lcsRow.length < words) lcsRow = new Uint32Array(words)
  if (lcsMaskOf.length < slots.length) lcsMaskOf = new Int32Array(slots.length)
  // Each distinct token of `a`, the bits of its positions.
  let masks = 0
  for (let i = 0; i < n; i++) {
    const id = a[aFrom + i]
    let mask = lcsMaskOf[id]
    if (mask === 0) {
      if ((masks + 1) * words > lcsMasks.length) {
        const grown = new Uint32Array(Math.max(2 * lcsMasks.length, (masks + 1) * words))
        grown.set(lcsMasks.subarray(0, masks * words))
        lcsMasks = grown
      }
      lcsMasks.fill(0, masks * words, (masks + 1) * words)
      mask = lcsMaskOf[id] = ++masks
    }
    lcsMasks[(mask - 1) * words + (i >>> 5)] |= 1 << (i & 31)
  }
  const row = lcsRow
  row.fill(0xffffffff, 0, words)
  for (let j = 0; j < m; j++) {
    const mask = lcsMaskOf[b[bFrom + j]]
    if (mask === 0) continue
    const at = (mask - 1) * words
    // row = (row + (row & match)) | (row & ~match), the sum carried from word to word.
    let carry = 0
    for (let w = 0; w < words; w++) {
      const value = row[w]
      const match = lcsMasks[at + w]
      const sum = value + ((value & match) >>> 0) + carry
      carry = sum > 0xffffffff ? 1 : 0
      row[w] = sum | (value & ~match)
    }
  }
  for (let i = 0; i < n; i++) lcsMaskOf[a[aFrom + i]] = 0
  // Each 0 bit of the row is a token of the subsequence (bits past `n` stay 1).
  let length = 0
  for (let w = 0; w < words; w++) length += 32 - bitCount(row[w])
  return length
}

/** The number of 1 bits of a 32-bit word. */
function bitCount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555)
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333)
  return Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
}

/** The edits of the path being read back, last first: the point each starts from, and whether it deletes (reused). */
const movesX = new Int32Array(maxEditLength + 1)
const movesY = new Int32Array(maxEditLength + 1)
const movesDeleting = new Uint8Array(maxEditLength + 1)

/** The changed stretches of the path Myers' search found in `edits` edits, read back from its rows of `v`. */
function walkBack(v: Int32Array, edits: number, n: number, m: number, head: number): Array<[number, number, number, number]> {
  let x = n
  let y = m
  for (let d = edits; d > 0; d--) {
    // Row d - 1: the values step d chose from (diagonal k at (k + d) / 2 of row d; k + 1 there, k - 1 before, in row d - 1).
    const row = ((d - 1) * d) >> 1
    const k = x - y
    const index = (k + d) >> 1
    const down = k === -d || (k !== d && v[row + index - 1] < v[row + index])
    const previousX = down ? v[row + index] : v[row + index - 1]
    const previousY = previousX - (down ? k + 1 : k - 1)
    movesX[d] = previousX
    movesY[d] = previousY
    movesDeleting[d] = down ? 0 : 1
    x = previousX
    y = previousY
  }
  const stretches: Array<[number, number, number, number]> = []
  for (let d = 1; d <= edits; d++) {
    const moveX = movesX[d]
    const moveY = movesY[d]
    const deleted = movesDeleting[d] === 1
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
  // Where the texts first differ lies in a citation in one of them, or masking cannot make them equal
  // (the common text before it masks alike): a quote changed, say, settles it without masking.
  const at = commonPrefixLength(before, after)
  if (at < before.length && at < after.length && !isCitationCode(before.charCodeAt(at)) && !isCitationCode(after.charCodeAt(at))) return false
  return maskReferences(before) === maskReferences(after)
}

/** Whether `code` can be part of a citation {@link maskReferences} masks: a letter, digit, space, `.`, `,`, `-` or `–`. */
function isCitationCode(code: number): boolean {
  const lower = code | 32
  return (lower >= 97 && lower <= 122) || (code >= 48 && code <= 57) || code === 32 || code === 46 || code === 44 || code === 45 || code === 0x2013
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
  // `_italic_` markup depends on the characters around it: only then fold whole texts.
  if (before.includes('_') || after.includes('_')) return foldTypography(before) === foldTypography(after)
  return foldsEqual(before, after)
}

/**
 * Whether `foldTypography` gives `a` and `b` the same text (neither holding `_`), walked side by side
 * without building the folded texts: a diff tests thousands of pairs, most of them equal but for quotes.
 */
function foldsEqual(a: string, b: string): boolean {
  // The texts fold alike up to where they first differ: start both from the last plain letter before it.
  let start = commonPrefixLength(a, b)
  while (start > 0 && !isPlainLetter(a.charCodeAt(start - 1))) start--
  const x = new FoldedReader(a, start)
  const y = new FoldedReader(b, start)
  for (;;) {
    x.skipCommon(y)
    const code = x.next()
    if (code !== y.next()) return false
    if (code < 0) return true
  }
}

/** Reads a text's characters as `foldTypography` would leave them, one UTF-16 code at a time; -1 at the end. */
class FoldedReader {
  /** Dots still to give for an ellipsis. */
  private dots = 0
  /** Whether the last code given was a space standing for a run of white space. */
  private spaced = false

  /** Read `text` from `at`, which follows a plain letter (or is 0). */
  constructor(
    private readonly text: string,
    private at: number
  ) {}

  /**
   * Step this reader and `other` over the characters they have in common from where each stands, while
   * both are in the same state: the same characters fold alike then. Not over `(`, which may open a
   * trademark mark that reads ahead, nor over an ellipsis.
   */
  skipCommon(other: FoldedReader): void {
    if (this.dots > 0 || other.dots > 0 || this.spaced !== other.spaced) return
    const [a, b] = [this.text, other.text]
    let [i, j] = [this.at, other.at]
    let spaced = this.spaced
    while (i < a.length && j < b.length) {
      const code = a.charCodeAt(i)
      if (code !== b.charCodeAt(j) || code === 40 || code === 0x2026) break
      if (isWhiteSpace(code)) spaced = true
      else if (code !== 0x2122 && code !== 0x00ae) spaced = false
      i++
      j++
    }
    this.at = i
    other.at = j
    this.spaced = other.spaced = spaced
  }

  next(): number {
    if (this.dots > 0) {
      this.dots--
      return 46 // '.'
    }
    const text = this.text
    for (;;) {
      if (this.at >= text.length) return -1
      const code = text.charCodeAt(this.at)
      if (isWhiteSpace(code)) {
        this.at++
        if (this.spaced) continue
        this.spaced = true
        return 32
      }
      // Marks that fold to nothing join the white space around them: `a (TM) b` is `a b`.
      if (code === 0x2122 || code === 0x00ae) {
        this.at++
        continue
      }
      if (code === 40 /* ( */) {
        const mark = trademarkAt(text, this.at)
        if (mark > 0) {
          this.at += mark
          continue
        }
      }
      this.at++
      this.spaced = false
      switch (code) {
        case 0x2019:
        case 0x2018:
          return 39 // '
        case 0x201c:
        case 0x201d:
          return 34 // "
        case 0x2014:
        case 0x2013:
          return 45 // -
        case 0x2026:
          this.dots = 2
          return 46
        default:
          return code
      }
    }
  }
}

/** An ASCII letter or digit no trademark mark holds: folding reads the text after it as after a text's start. */
function isPlainLetter(code: number): boolean {
  if (code >= 48 && code <= 57) return true
  const lower = code | 32
  return lower >= 97 && lower <= 122 && lower !== 116 && lower !== 109 && lower !== 114 // t, m, r
}

/** The length of `(TM)`, `(tm)`, `(R)` or `(r)` at `at` in `text`, else 0. */
function trademarkAt(text: string, at: number): number {
  const next = text.charCodeAt(at + 1)
  if ((next === 82 || next === 114) && text.charCodeAt(at + 2) === 41) return 3
  if (next === 84 && text.charCodeAt(at + 2) === 77 && text.charCodeAt(at + 3) === 41) return 4
  if (next === 116 && text.charCodeAt(at + 2) === 109 && text.charCodeAt(at + 3) === 41) return 4
  return 0
}

/** Whether `code` is white space as a regular expression's `\s` means it. */
function isWhiteSpace(code: number): boolean {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13)
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  )
}
