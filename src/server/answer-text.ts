/**
 * The text of an answer, kept beside its Response: the answer cache stores
 * the bytes of every 200 it passes, and reading them back out of a Response
 * (a stream) costs about as much as making a small answer. Routes that build
 * their answer from a string hand it over here; the cache reads the Response
 * only for the others.
 */
import type { Context } from 'hono'

const texts = new WeakMap<Request, string>()

/** Answer `value` as JSON (`Content-Type: application/json`) with `status`, its text kept for {@link readAnswerText}. */
export function answerJson(c: Context, value: unknown, status: 200 = 200): Response {
  const text = JSON.stringify(value)
  texts.set(c.req.raw, text)
  return c.body(text, status, { 'Content-Type': 'application/json' })
}

/** The text the route answered this request with through {@link answerJson}, if it did. */
export function readAnswerText(c: Context): string | undefined {
  return texts.get(c.req.raw)
}
