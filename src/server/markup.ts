/**
 * Markup escaped by default: every page, chart and feed the server writes is
 * built with {@link html}, hono's tagged template, so a string put into it is
 * escaped (`&`, `<`, `>`, both quotes) and only markup made by another
 * template goes in as it is. Valid for HTML, SVG and XML alike. Rendering
 * stays synchronous: values are never promises, so a template returns its
 * markup at once rather than a promise of it.
 */
import { html as honoHtml } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'

/** Markup made by {@link html}: text in it is escaped, and another template takes it as it is. */
export type Markup = HtmlEscapedString

/**
 * What a template takes: text (escaped), a number, markup (kept as it is), a
 * list of these (written one after the other), or `false`, `null`,
 * `undefined` and `true`, which write nothing.
 */
export type MarkupValue = string | number | boolean | null | undefined | Markup | readonly MarkupValue[]

/**
 * The tagged template for HTML, SVG and XML: html`<p>${text}</p>` escapes
 * `text` unless it is {@link Markup}.
 */
export function html(strings: TemplateStringsArray, ...values: readonly MarkupValue[]): Markup {
  const markup = honoHtml(strings, ...values)
  // Only a promise among the values makes hono's template asynchronous, and the types allow none.
  if (markup instanceof Promise) throw new TypeError('html: a template value was a promise; pages render synchronously')
  return markup
}

/** `items` with `separator` between each two, to put in a template (a list's `join` would give text, escaped again). */
export function joinMarkup(items: readonly MarkupValue[], separator: MarkupValue): MarkupValue[] {
  const joined: MarkupValue[] = []
  for (const item of items) {
    if (joined.length) joined.push(separator)
    joined.push(item)
  }
  return joined
}
