/**
 * A small cache of the heaviest pages (a whole edition, a diff of two
 * editions): rendered once per URL and database content, the least recently
 * used dropped first. Everything else renders on each request.
 */
import type { MiddlewareHandler } from 'hono'

/** Cache the 200 HTML answers of the routes it wraps: at most `entries` pages, per content `tag`. */
export function cachePages(tag: () => string, entries: number): MiddlewareHandler {
  const pages = new Map<string, string>()
  let cachedFor = ''
  return async (c, next) => {
    const current = tag()
    if (current !== cachedFor) {
      pages.clear()
      cachedFor = current
    }
    const key = c.req.url.slice(c.req.url.indexOf('/', 8))
    const hit = pages.get(key)
    if (hit !== undefined) {
      pages.delete(key)
      pages.set(key, hit)
      return c.html(hit)
    }
    await next()
    if (c.res.status !== 200 || !c.res.headers.get('content-type')?.startsWith('text/html')) return
    const body = await c.res.clone().text()
    pages.set(key, body)
    if (pages.size > entries) pages.delete(pages.keys().next().value!)
  }
}
