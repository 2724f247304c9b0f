/**
 * The body of an answer, kept beside its Response: the answer cache stores
 * the bytes of every 200 it passes, and reading them back out of a Response
 * (a stream) costs about as much as making a small answer. Routes that build
 * their answer from a string, and the worker that sends its answers as bytes,
 * hand the body over here; the cache reads the Response only for the others.
 */
import type { Context } from 'hono'

const bodies = new WeakMap<Request, string | Uint8Array<ArrayBuffer>>()

/** Answer 200 with `value` as JSON (`Content-Type: application/json`, as `c.json` says it), its text kept for {@link readAnswerBody}. */
export function answerJson(c: Context, value: unknown): Response {
  const text = JSON.stringify(value)
  bodies.set(c.req.raw, text)
  return c.body(text, 200, { 'Content-Type': 'application/json' })
}

/** Answer the page `text` (HTML) with `status`, its text kept for {@link readAnswerBody}. */
export function answerHtml(c: Context, text: string, status: 200 | 404 = 200): Response {
  bodies.set(c.req.raw, text)
  return c.html(text, status)
}

/**
 * Keep `body`, the whole body of the answer to `request`, for {@link readAnswerBody}: a worker's answer,
 * or a page a middleware rewrote (which must keep what it sends).
 */
export function keepAnswerBody(request: Request, body: string | Uint8Array<ArrayBuffer>): void {
  bodies.set(request, body)
}

/** The body this request was answered with through {@link answerJson} or {@link keepAnswerBody}, if it was. */
export function readAnswerBody(c: Context): string | Uint8Array<ArrayBuffer> | undefined {
  return bodies.get(c.req.raw)
}
