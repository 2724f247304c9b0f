/**
 * The body of an answer, kept beside its Response: the answer cache stores
 * the bytes of every 200 it passes, and reading them back out of a Response
 * (a stream) costs about as much as making a small answer. Routes that build
 * their answer from a string, and the worker that sends its answers as bytes,
 * hand the body over here; the cache reads the Response only for the others.
 */
import type { Context } from 'hono'

const bodies = new WeakMap<Request, string | Uint8Array<ArrayBuffer>>()

// Answers are encoded once, here: a Response made from a string copies it to make it well-formed (2-5 ms for a whole
// edition or diff) and encodes it again when sent, and the answer cache keeps these same bytes.
const encoder = new TextEncoder()

/** Answer 200 with `value` as JSON (`Content-Type: application/json`, as `c.json` says it), its text kept for {@link readAnswerBody}. */
export function answerJson(c: Context, value: unknown): Response {
  const body = encoder.encode(JSON.stringify(value))
  bodies.set(c.req.raw, body)
  return c.body(body, 200, { 'Content-Type': 'application/json' })
}

/** Answer the page `text` (HTML) with `status`, its text kept for {@link readAnswerBody}. */
export function answerHtml(c: Context, text: string, status: 200 | 404 = 200): Response {
  const body = encoder.encode(text)
  bodies.set(c.req.raw, body)
  return c.body(body, status, { 'Content-Type': 'text/html; charset=UTF-8' })
}

/**
 * Keep `body`, the whole body of the answer to `request`, for {@link readAnswerBody}: a worker's answer,
 * or a page a middleware rewrote (which must keep what it sends).
 */
export function keepAnswerBody(request: Request, body: string | Uint8Array<ArrayBuffer>): void {
  bodies.set(request, body)
}

/** The body `request` was answered with through {@link answerJson}, {@link answerHtml} or {@link keepAnswerBody}, if it was. */
export function readAnswerBody(request: Request): string | Uint8Array<ArrayBuffer> | undefined {
  return bodies.get(request)
}

/**
 * The bytes of the body `request` was answered with, when its route or the worker kept it ({@link readAnswerBody}),
 * encoded once; `undefined` when none was kept (then the answer's `Response` holds it).
 */
export function readAnswerBytes(request: Request): Uint8Array<ArrayBuffer> | undefined {
  const kept = bodies.get(request)
  return typeof kept === 'string' ? encoder.encode(kept) : kept
}
