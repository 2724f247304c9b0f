/**
 * A bounded memo for the checks lookups repeat: the same few dates and rule
 * numbers come back on every call, and a check that throws is never remembered.
 */

/** `check`, remembering up to `limit` inputs it accepted and what it returned for each. */
export function rememberAccepted(check: (input: string) => string, limit: number): (input: string) => string {
  const accepted = new Map<string, string>()
  return (input) => {
    const known = accepted.get(input)
    if (known !== undefined) return known
    const result = check(input)
    if (accepted.size < limit) accepted.set(input, result)
    return result
  }
}
