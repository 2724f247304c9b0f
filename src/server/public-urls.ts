/**
 * The URLs the server writes into its answers. No answer ever names the host
 * a request was made to (a request's `Host` header, or the host of an
 * absolute-form request line, is whatever the client says it is, and answers
 * are cached and shared): pages link with root-relative paths, feeds and
 * citations with the configured public base URL, or root-relative paths when
 * none is configured (Atom allows IRI references; a feed reader resolves them
 * against the feed's own address). Behind a reverse proxy that serves the
 * server under a prefix (`--base-path /crdb`), every link the pages, headers
 * and feeds carry starts with it, and requests are served with or without it.
 */
import type { MiddlewareHandler } from 'hono'
import { keepAnswerBody, readAnswerBody } from './answer-text.js'
import { CrdbError, quoteInput } from '../vocabulary/errors.js'

/** Where the server is reached from outside. */
export interface PublicUrls {
  /** The path prefix every link carries (`/crdb`), or `''`. */
  basePath: string
  /**
   * What a link written as text is made of: the base URL's origin and the
   * base path (`https://rules.example.org/crdb`), or the base path alone
   * (root-relative) when no base URL is configured.
   */
  linkBase: string
}

/** A base path: segments of URL-safe characters, no trailing slash. */
const basePathPattern = /^(?:\/[A-Za-z0-9._~!$&'()*+,;=:@-]+)+$/

/**
 * Read `--base-url` and `--base-path`. A base URL is an absolute `http:` or
 * `https:` URL without query, fragment or credentials; a path in it is the
 * base path, unless `basePath` is given too (then the two must agree).
 *
 * @throws {CrdbError} `E_USAGE` naming the option and what is wrong.
 */
export function readPublicUrls(baseUrl: string | undefined, basePath: string | undefined): PublicUrls {
  let path = basePath === undefined ? undefined : readBasePath(basePath)
  let origin = ''
  if (baseUrl !== undefined) {
    let url: URL
    try {
      url = new URL(baseUrl)
    } catch {
      throw new CrdbError('E_USAGE', `--base-url ${quoteInput(baseUrl)}: not an absolute URL (expected https://host/ or https://host/prefix)`)
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new CrdbError('E_USAGE', `--base-url ${quoteInput(baseUrl)}: expected an http: or https: URL`)
    if (url.search || url.hash || url.username || url.password || baseUrl.includes('?') || baseUrl.includes('#'))
      throw new CrdbError('E_USAGE', `--base-url ${quoteInput(baseUrl)}: give a scheme, host and path only (no query, fragment or credentials)`)
    origin = url.origin
    const own = url.pathname.replace(/\/+$/, '')
    if (own) {
      const ownPath = readBasePath(own, '--base-url')
      if (path !== undefined && path !== ownPath)
        throw new CrdbError('E_USAGE', `--base-url ${quoteInput(baseUrl)} and --base-path ${quoteInput(basePath!)}: the URL's path must be the base path`)
      path = ownPath
    }
  }
  const prefix = path ?? ''
  return { basePath: prefix, linkBase: origin + prefix }
}

/** The first segments of the server's own paths: a base path starting with one would make its requests ambiguous. */
const ownSegments = new Set([
  'v1',
  'cr',
  'rules',
  'history',
  'id',
  'diff',
  'glossary',
  'search',
  'eras',
  'cite',
  'changes',
  'feed.xml',
  'healthz',
  'openapi.json',
  'style.css',
  'mcp'
])

function readBasePath(value: string, option = '--base-path'): string {
  const path = value.replace(/\/+$/, '')
  if (path === '') return ''
  if (!basePathPattern.test(path) || /(?:^|\/)\.\.?(?:\/|$)/.test(path))
    throw new CrdbError('E_USAGE', `${option} ${quoteInput(value)}: expected a path such as /crdb (segments of letters, digits and - . _ ~)`)
  const first = path.split('/')[1]!
  if (ownSegments.has(first)) throw new CrdbError('E_USAGE', `${option} ${quoteInput(value)}: /${first} is one of crdb's own paths; choose another prefix`)
  return path
}

/**
 * `path` (a request's path, possibly with its query) without `basePath` in
 * front: a proxy may pass the prefix on or strip it, and both are served.
 */
export function stripBasePath(path: string, basePath: string): string {
  if (!basePath || !path.startsWith(basePath)) return path
  const rest = path.slice(basePath.length)
  if (rest === '') return '/'
  if (rest[0] === '/') return rest
  if (rest[0] === '?') return '/' + rest
  return path
}

/** An HTML attribute holding a URL that starts at the root (`href="/rules/..."`, not `href="//host"`). */
const rootLinkAttribute = /(\s(?:href|src|action|formaction)=")\/(?!\/)/g
/** An RFC 8288 link target at the root (`</v1/search?offset=10>`). */
const rootLinkTarget = /<\/(?!\/)/g

const decoder = new TextDecoder()

/**
 * The middleware that puts `basePath` in front of every root-relative link an
 * answer carries: `href`, `src` and `action` attributes of HTML pages,
 * `Location` and `Link` headers. Pages write root-relative links, and a
 * template escapes `"` in text, so `href="/` in a page is always an attribute.
 * Feeds and citations write {@link PublicUrls.linkBase} themselves.
 */
export function prefixLinks(basePath: string): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (!basePath) return
    const location = c.res.headers.get('location')
    if (location?.startsWith('/') && !location.startsWith('//')) c.res.headers.set('location', basePath + location)
    const link = c.res.headers.get('link')
    if (link) c.res.headers.set('link', link.replace(rootLinkTarget, `<${basePath}/`))
    if (!c.res.headers.get('content-type')?.startsWith('text/html')) return
    const kept = readAnswerBody(c.req.raw)
    const page = typeof kept === 'string' ? kept : kept ? decoder.decode(kept) : await c.res.text()
    const headers = new Headers(c.res.headers)
    headers.delete('content-length')
    const status = c.res.status
    const prefixed = page.replace(rootLinkAttribute, `$1${basePath}/`)
    // The answer cache keeps what is sent: the page with its links prefixed.
    keepAnswerBody(c.req.raw, prefixed)
    c.res = undefined
    c.res = new Response(prefixed, { status, headers })
  }
}
