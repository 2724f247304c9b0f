/**
 * Stage 2½ of the pipeline: which format is a decoded source in? The official
 * text, or a secondary dump (Crystal Keep, MTG wiki, book-style copy) as saved
 * text, markdown or HTML page. Decided from the text itself (and a server's
 * content type, for fetched pages), never from the file name alone.
 */
import { CrdbError } from '../src/vocabulary/errors.js'
import type { SourceFormat } from './parse/dump.js'
import { stripTrailing } from './parse/shared.js'
import { attributionPattern, looksLikeWikitext } from './parse/mtg-wiki-signs.js'

/** Extra hints for {@link detectFormat}. */
export interface DetectOptions {
  /** The HTTP `Content-Type` of a fetched page. */
  contentType?: string
}

const crystalKeepMarkers = [/This search based on the\s+.{1,60}?\s+release of the Rulings/i, /\[CompRules \d{4}\/\d{1,2}\/\d{1,2}\]/]
// Line starts take blanks within their line only ([^\S\n]*): a \s* there runs over every blank line after it,
// tried from each of them, and a text of many blank lines costs their number squared.
const crystalKeepEntry = /^[^\S\n]*(?:<li[^>]*>\s*)?(?:-\s*)?(?:G\d{1,2}\.\d{1,3}[a-z]?|\d{3}\.\d{1,3}[a-z]?)\s+-\s+\S/m
const wikiAttribution = /^[^\w\n]*From the (?:glossary of the )?Comprehensive Rules \(/m
const wikiPageMarkers = /mw-parser-output|mw-content-text|wgPageName|fandom|MediaWiki/i
const wikiBullet = /^[-*•] (?:\d{3}\.\d{1,3}[a-z]?\.?|\d{3}\.) [A-Z]/m
const bookRule = /^[^\S\n]*\d{3}\.(?:\d{1,3}[a-z]?\.?)?\s+[A-Z“"]/gm
const officialDate = /(?:current|effective) as of [A-Z][a-z]+ \d{1,2}, \d{4}|COMPREHENSIVE RULES\s+\d{2}\/\d{2}\/\d{2}/i

/**
 * The format of a decoded source.
 *
 * @throws {CrdbError} `E_FORMAT` naming the source when it is none crdb reads.
 */
export function detectFormat(text: string, uri: string, options: DetectOptions = {}): SourceFormat {
  const head = text.slice(0, 50000)
  const html = /html/i.test(options.contentType ?? '') || /^\s*(?:<!doctype html|<html|<head|<body|<\?xml[^>]*>\s*<html)/i.test(head)
  const markdownType =
    /markdown|x-wiki|wikitext|mediawiki/i.test(options.contentType ?? '') ||
    /\.(md|markdown|wiki|mediawiki)$/i.test(uri.replace(/[?#].*$/, '')) ||
    /[?&]action=raw\b/.test(uri)

  if (html) {
    const visible = head.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/gi, ' ')
    if (crystalKeepMarkers.some((marker) => marker.test(visible))) return 'crystal-keep-html'
    if (wikiPageMarkers.test(head) || /From the (?:glossary of the )?Comprehensive Rules \(/.test(visible)) return 'mtg-wiki-html'
    const numbered = visible.match(/(?:^|>|\n)\s*\d{3}\.(?:\d{1,3}[a-z]?\.?)?\s+[A-Z“"]/g) ?? []
    if (numbered.length >= 2) return 'book-html'
    throw new CrdbError(
      'E_FORMAT',
      `${uri}: a page of an unknown shape (not a Crystal Keep rulings search, an MTG wiki page, or a book-style copy with numbered rules in paragraphs)`
    )
  }
  if (crystalKeepMarkers[0].test(head) || (crystalKeepMarkers[1].test(head) && crystalKeepEntry.test(head))) return 'crystal-keep-text'
  const lines = head.split('\n')
  const markdown = markdownType || /^#{1,6}\s/m.test(head) || looksLikeWikitext(head) || /^[^\S\n]*[*_]From the /m.test(head)
  const wiki =
    lines.some((line) => attributionPattern.test(stripTrailing(line.trim().replace(/^[#>*_'\s]+/, ''), "*_'"))) ||
    wikiAttribution.test(head) ||
    // A wiki page that quotes rules as list items without saying where from, or saved with its "[ | ]" edit links.
    wikiBullet.test(head) ||
    /^\S.{0,60}\[ ?(?:edit)? ?\| ?(?:edit source)? ?\]\s*$/m.test(head)
  if (wiki) return markdown ? 'mtg-wiki-markdown' : 'mtg-wiki-text'
  const numbered = (head.match(bookRule) ?? []).length
  const hasTitle = /comprehensive\s+rules/i.test(text.slice(0, 20000))
  if (hasTitle) {
    // The official document names itself, dates itself and ends with its glossary and credits;
    // a book copy that borrows the title but states no date is read as a book.
    const official = officialDate.test(head) || /^[^\S\n]*(Glossary|Credits)[^\S\n]*$/m.test(text) || numbered < 5
    if (official) return 'official-text'
  }
  if (numbered >= 2) return 'book-text'
  if (hasTitle) return 'official-text'
  throw new CrdbError(
    'E_FORMAT',
    `${uri}: unknown format (not an official Comprehensive Rules edition, a Crystal Keep rulings dump, an MTG wiki page, or a book-style copy with numbered rules)`
  )
}
