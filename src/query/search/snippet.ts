/**
 * Snippets: the passage of a text around the words a search found, with the
 * offsets of those words.
 */
/** How many words a snippet shows. */
const snippetWords = 24

/** A passage of a text, `…` where it is cut, `\n` read as a space, and where the found words are. */
export interface Snippet {
  snippet: string
  highlights: Array<[number, number]>
}

/**
 * The snippet of `text` around the words found in it: `spans` holds where its words are
 * (`[start, end)` of each, one after the other, as `wordSpans` gives them), `hit` whether each is found.
 */
export function snippetOf(text: string, spans: ArrayLike<number>, hit: readonly boolean[]): Snippet {
  const words = spans.length >> 1
  const startOf = (index: number): number => spans[2 * index]
  const endOf = (index: number): number => spans[2 * index + 1]
  // The window of snippetWords words holding the most found words (the first such).
  let start = 0
  if (words > snippetWords) {
    let count = 0
    for (let index = 0; index < snippetWords; index++) if (hit[index]) count++
    let best = count
    for (let index = snippetWords; index < words; index++) {
      if (hit[index]) count++
      if (hit[index - snippetWords]) count--
      if (count > best) {
        best = count
        start = index - snippetWords + 1
      }
    }
    // Start a few words before the first found word, when the window allows it.
    const first = hit.indexOf(true, start)
    if (first > start + 6) start = Math.min(first - 6, words - snippetWords)
  }
  // Drop whole sentences before the first found word (start where its sentence starts),
  // unless what is left is a few words with one found word ("See rule 704.5j.").
  const first = hit.indexOf(true, start)
  if (first > start) {
    for (let index = first; index > start; index--) {
      if (/[.!?]/.test(text.slice(endOf(index - 1), startOf(index)))) {
        const left = Math.min(words, index + snippetWords) - index
        const found = hit.slice(index, index + snippetWords).filter(Boolean).length
        if (found >= 2 || left >= 12) start = index
        break
      }
    }
  }
  const end = Math.min(words, start + snippetWords)
  if (words === 0) return { snippet: text.replace(/\n/g, ' '), highlights: [] }
  const from = start === 0 ? 0 : startOf(start)
  const to = end === words ? text.length : endOf(end - 1)
  const prefix = from > 0 ? '…' : ''
  const snippet = prefix + text.slice(from, to).replace(/\n/g, ' ') + (to < text.length ? '…' : '')
  const highlights: Array<[number, number]> = []
  for (let index = start; index < end; index++) {
    if (!hit[index]) continue
    const span: [number, number] = [startOf(index) - from + prefix.length, endOf(index) - from + prefix.length]
    const last = highlights[highlights.length - 1]
    // Join marks separated only by spaces ("legend rule" as one highlight).
    if (last && /^ *$/.test(snippet.slice(last[1], span[0]))) last[1] = span[1]
    else highlights.push(span)
  }
  return { snippet, highlights }
}
