/**
 * "Cite this": a rule's or term's number, edition and permalink as one line of
 * plain text in the page, ready to paste.
 */
import type { GlossaryTerm } from '../../query/glossary.js'
import type { RuleVersion } from '../../query/get.js'
import { href, ruleHref } from '../html.js'
import { html, type Markup } from '../markup.js'

/** A citation: what it names, and the line to paste. */
export interface Citation {
  /** What the citation is of, for the heading: `rule` or `term`. */
  kind: 'rule' | 'term'
  /** The line to paste: `CR 704.5j (edition of 2024-11-08): https://…/id/1999-04-23_420.5e?edition=2024-11-08`. */
  text: string
}

/**
 * The citation of `rule` as it stands in its edition: its number, its edition
 * (and set), and its permalink on `origin` (the public base URL, or `''` or the
 * base path for a root-relative one; never a request's host) (the stable `/id/...` link, pinned to
 * the edition; the rule's page when the database has no lineage ids).
 */
export function citeRule(rule: RuleVersion, origin: string, set: string | undefined): Citation {
  const link = rule.id ? href(`/id/${rule.id}`, { edition: rule.edition }) : ruleHref(rule.number, rule.edition)
  return { kind: 'rule', text: `Comprehensive Rules ${rule.number} (edition of ${rule.edition}${set ? `, ${set}` : ''}): ${origin}${link}` }
}

/** The citation of glossary term `term` in its edition: its name, edition (and set) and permalink (`id`'s page, else `page`). */
export function citeTerm(term: GlossaryTerm, id: string | null, page: string, origin: string, set: string | undefined): Citation {
  const link = id ? href(`/id/${id}`, { edition: term.edition }) : page
  return {
    kind: 'term',
    text: `Comprehensive Rules, Glossary, "${term.term}" (edition of ${term.edition}${set ? `, ${set}` : ''}): ${origin}${link}`
  }
}

/**
 * The citation as a section of the page: plain text that one click selects
 * whole (CSS `user-select: all`), so no script is needed to copy it (pages carry
 * no script at all).
 */
export function renderCitation(citation: Citation): Markup {
  return html`<section class="citation" aria-labelledby="cite-heading">
<h2 id="cite-heading">Cite this ${citation.kind === 'rule' ? 'rule' : 'term'}</h2>
<p><code id="citation-text">${citation.text}</code></p>
<p class="meta">One click selects the whole line, ready to copy.</p>
</section>`
}
