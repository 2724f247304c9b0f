/**
 * Calendar dates as crdb uses them: `YYYY-MM-DD`, checked to be real days.
 */
import { CrdbError, quoteInput } from './errors.js'
import { rememberAccepted } from './remember.js'

/**
 * Check a `YYYY-MM-DD` date.
 *
 * @throws {CrdbError} `E_BAD_DATE` when it is not one, or not a real day.
 */
export const parseDate: (input: string) => string = rememberAccepted(checkDate, 10_000)

function checkDate(input: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.trim())
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
    const date = new Date(Date.UTC(year, month - 1, day))
    if (date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day) return match[0]
    throw new CrdbError('E_BAD_DATE', `${quoteInput(input)} is not a real day`)
  }
  throw new CrdbError('E_BAD_DATE', `${quoteInput(input)} is not a date (expected YYYY-MM-DD)`)
}
