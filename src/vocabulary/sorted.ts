/**
 * Binary searches over ascending lists of strings (edition dates, most often).
 */

/** The index of the first item of ascending `sorted` not less than `value` (`sorted.length` if none). */
export function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >> 1
    if (sorted[middle] < value) low = middle + 1
    else high = middle
  }
  return low
}

/** The index of the first item of ascending `sorted` greater than `value` (`sorted.length` if none). */
export function upperBound(sorted: readonly string[], value: string): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >> 1
    if (sorted[middle] <= value) low = middle + 1
    else high = middle
  }
  return low
}
