/**
 * Is a fetched file the edition expected? Only when its sha256 is the
 * manifest's: a copy whose bytes differ (an archive's re-encoding, or a
 * doctored copy with the same date and counts) is refused, and the next source
 * asked. A document the manifest does not list is checked for a plausible date
 * and held in quarantine (see `newer.ts`).
 */
import { CrdbError } from '../../src/vocabulary/errors.js'
import { decodeSource } from '../decode.js'
import { parseOfficialText } from '../parse/official-text.js'
import { sha256Of } from './http.js'
import type { ManifestEdition } from '../../src/vocabulary/corpus-files.js'

/** How a file was found to be the edition. */
export type Verification = { verified: true } | { verified: false; warning: string }

/** What a document says about itself. */
export interface DocumentShape {
  effectiveDate: string
  rules: number
  terms: number
  truncated: boolean
  encoding: string
}

/**
 * Read the stated date and the structure of a document.
 *
 * @throws {CrdbError} `E_DECODE`, `E_NO_DATE`, `E_FORMAT` when it is not an official edition.
 */
export function readDocumentShape(bytes: Uint8Array, name: string): DocumentShape {
  const decoded = decodeSource(bytes, name)
  const parsed = parseOfficialText(decoded.text, name)
  return {
    effectiveDate: parsed.effectiveDate,
    rules: parsed.rules.length,
    terms: parsed.glossary.length,
    truncated: parsed.truncated,
    encoding: decoded.encoding
  }
}

/**
 * Check `bytes` (from `from`) against the manifest's `edition`: only its
 * sha256 vouches for it. A copy whose bytes differ is refused, whatever it
 * states and however it parses: the same date and the same counts of rules
 * and terms are easy to keep in a doctored copy (a rule's wording changed).
 * The message says what the copy is (re-encoded, another date, cut short) to
 * help find a source with the original bytes.
 *
 * @throws {CrdbError} `E_CHECKSUM` naming the file when it is not the edition.
 */
export function verifyEditionBytes(bytes: Uint8Array, edition: ManifestEdition, from: string): Verification {
  const sha256 = sha256Of(bytes)
  if (sha256 === edition.sha256) return { verified: true }
  const differs = `sha256 ${sha256.slice(0, 12)}… is not the manifest's ${edition.sha256.slice(0, 12)}… for ${edition.file} (${bytes.length} bytes, ${edition.bytes} expected)`
  let shape: DocumentShape
  try {
    shape = readDocumentShape(bytes, from)
  } catch (error) {
    if (!(error instanceof CrdbError)) throw error
    throw new CrdbError('E_CHECKSUM', `${from}: ${differs}, and it is not a rules document (${error.code}); not kept`)
  }
  if (shape.effectiveDate !== edition.effectiveDate) throw new CrdbError('E_CHECKSUM', `${from}: ${differs}, and it states ${shape.effectiveDate}; not kept`)
  if (shape.truncated || (edition.rules !== undefined && edition.terms !== undefined && (shape.rules !== edition.rules || shape.terms !== edition.terms))) {
    throw new CrdbError(
      'E_CHECKSUM',
      `${from}: ${differs}, and it has ${shape.rules} rules and ${shape.terms} terms${shape.truncated ? ' (truncated)' : ''}, not ${edition.rules} and ${edition.terms}; not kept`
    )
  }
  throw new CrdbError(
    'E_CHECKSUM',
    `${from}: ${differs}; it states ${shape.effectiveDate} with ${shape.rules} rules and ${shape.terms} terms (${shape.encoding}: re-encoded, or altered), but only the manifest's sha256 vouches for an edition; not kept`
  )
}

/** How a document the manifest does not list relates to the editions held: the reason it is held in quarantine. */
export interface NewEditionShape extends DocumentShape {
  /** Why it is held: not in the manifest, and (for a date between two held editions) that it can be accepted only as unverified. */
  reason: string
}

/** The day after `today` (`YYYY-MM-DD`, UTC): the latest date a real document can state (time zones). */
function dayAfter(today: Date = new Date()): string {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1)).toISOString().slice(0, 10)
}

/**
 * Check a document that the manifest does not list: it must be a whole rules
 * document stating a plausible date, one not held already (`held`: the dates of
 * the manifest, the store and what this run fetched) and not after tomorrow.
 *
 * @throws {CrdbError} `E_IMPLAUSIBLE_DATE` for a date after tomorrow; `E_FORMAT` naming the file when it
 *   is not a whole document, or states a date already held (`... already held`: nothing new).
 */
export function checkNewEdition(bytes: Uint8Array, from: string, held: readonly string[], today: Date = new Date()): NewEditionShape {
  const shape = readDocumentShape(bytes, from)
  const tomorrow = dayAfter(today)
  if (shape.effectiveDate > tomorrow)
    throw new CrdbError('E_IMPLAUSIBLE_DATE', `${from}: states ${shape.effectiveDate}, after tomorrow (${tomorrow}); a doctored or misdated document, not kept`)
  if (held.includes(shape.effectiveDate)) throw new CrdbError('E_FORMAT', `${from}: states ${shape.effectiveDate}, already held`)
  if (shape.truncated) throw new CrdbError('E_FORMAT', `${from}: the document stops before its end (truncated); not kept`)
  const sorted = [...held].sort()
  const before = sorted.filter((date) => date < shape.effectiveDate).at(-1)
  const after = sorted.find((date) => date > shape.effectiveDate)
  const counts = `${shape.rules} rules, ${shape.terms} terms`
  const reason =
    after === undefined
      ? `the manifest does not list the edition of ${shape.effectiveDate} (no sha256 to check it against; ${counts})`
      : `the manifest does not list the edition of ${shape.effectiveDate}, dated between the held editions of ${before ?? '(none)'} and ${after}: it can be accepted only as unverified (${counts})`
  return { ...shape, reason }
}
