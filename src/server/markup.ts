/**
 * Markup escaped by default: every page, chart and feed the server writes is
 * built with {@link html}, a tagged template, so a string put into it is
 * escaped (`&`, `<`, `>`, both quotes, by hono's `escapeToBuffer`) and only
 * markup made by another template goes in as it is. Valid for HTML, SVG and
 * XML alike. Rendering is synchronous: a template returns its markup at once.
 *
 * It writes what hono's `html` helper writes, byte for byte, but big pages make
 * tens of thousands of template calls (one per rule, citation or word change),
 * and hono's helper pays for what pages never use (promises, callbacks, a
 * `String` object with properties per call, a flattened copy of every list):
 * this one appends to one string and wraps it in a small object.
 */
import { escapeToBuffer } from 'hono/utils/html'

/** Only this module makes {@link Markup}: the key its constructor asks for. */
const templateKey: object = Object.freeze({})

/**
 * Markup made by {@link html}: text in it is escaped, and another template
 * takes it as it is. Only a template can make one (its constructor refuses any
 * other caller), so no text becomes markup unescaped.
 */
export class Markup {
  /** The markup, as text. */
  readonly text: string

  /** @internal Made by {@link html} only. */
  constructor(text: string, key: object) {
    if (key !== templateKey) throw new TypeError('Markup: made by the html template only')
    this.text = text
  }

  /** The markup, as text. */
  toString(): string {
    return this.text
  }
}

/**
 * What a template takes: text (escaped), a number, markup (kept as it is), a
 * list of these (written one after the other), or `false`, `null`,
 * `undefined` and `true`, which write nothing.
 */
export type MarkupValue = string | number | boolean | null | undefined | Markup | readonly MarkupValue[]

/** escapeToBuffer's buffer, reused (rendering is synchronous) and emptied after each use so it holds no page. */
const scratch: [string] = ['']

/** `out` followed by `value` as a template writes it. */
function append(out: string, value: unknown): string {
  if (typeof value === 'string') {
    scratch[0] = out
    escapeToBuffer(value, scratch)
    const written = scratch[0]
    scratch[0] = ''
    return written
  }
  if (value instanceof Markup) return out + value.text
  if (typeof value === 'number') return out + value
  if (value === null || value === undefined || typeof value === 'boolean') return out
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) out = append(out, value[index])
    return out
  }
  // The types allow none of these; a promise would make the page asynchronous, anything else is text.
  if (value instanceof Promise) throw new TypeError('html: a template value was a promise; pages render synchronously')
  return append(out, String(value))
}

/**
 * The tagged template for HTML, SVG and XML: html`<p>${text}</p>` escapes
 * `text` unless it is {@link Markup}.
 */
export function html(strings: TemplateStringsArray, ...values: readonly MarkupValue[]): Markup {
  let out = strings[0]
  for (let index = 0; index < values.length; index++) out = append(out, values[index]) + strings[index + 1]
  return new Markup(out, templateKey)
}

/**
 * `markup` as one flat string: markup kept and written into many pages (the picker's hundred options) is otherwise
 * a tree of the pieces it was appended from, which every page that holds it walks again to send it.
 */
export function flattenMarkup(markup: Markup): Markup {
  return new Markup(Buffer.from(markup.text, 'utf8').toString('utf8'), templateKey)
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
