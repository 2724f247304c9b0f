/**
 * Headers every answer carries: `X-Content-Type-Options: nosniff` (a browser
 * takes an answer as its declared type only, never guesses HTML in a JSON
 * answer or a feed), and a Content-Security-Policy that allows what the pages
 * need and nothing else. Pages are server-rendered HTML with one stylesheet
 * (`/style.css`), no script, no inline style, no image, no font, forms that
 * post to the server itself: so no inline anything, and no other origin.
 */
import type { MiddlewareHandler } from 'hono'

/** The policy of every answer (a JSON or XML answer opened in a browser gets it too). */
export const contentSecurityPolicy = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

/** The middleware that sets the headers on every answer. */
export const secureHeaders: MiddlewareHandler = async (c, next) => {
  await next()
  c.res.headers.set('X-Content-Type-Options', 'nosniff')
  c.res.headers.set('Content-Security-Policy', contentSecurityPolicy)
}
