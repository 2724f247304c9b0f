/**
 * Is a fetched file the edition expected? Verified when its sha256 is the
 * manifest's. An archive may re-encode a document (Academy Ruins serves UTF-8),
 * so a file whose bytes differ is accepted, unverified and with a warning, only
 * when it states the expected effective date and parses to the manifest's
 * structure (its counts of rules and glossary terms).
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
 * Check `bytes` (from `from`) against the manifest's `edition`.
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
  if (edition.rules === undefined || edition.terms === undefined)
    throw new CrdbError('E_CHECKSUM', `${from}: ${differs}, and the manifest gives no structure to compare; not kept`)
  if (shape.truncated || shape.rules !== edition.rules || shape.terms !== edition.terms) {
    throw new CrdbError(
      'E_CHECKSUM',
      `${from}: ${differs}, and it has ${shape.rules} rules and ${shape.terms} terms${shape.truncated ? ' (truncated)' : ''}, not ${edition.rules} and ${edition.terms}; not kept`
    )
  }
  return {
    verified: false,
    warning: `unverified: its sha256 is not the manifest's (${shape.encoding}, ${bytes.length} bytes, not ${edition.bytes}: re-encoded?); accepted because it states ${shape.effectiveDate} and has the expected ${shape.rules} rules and ${shape.terms} glossary terms`
  }
}

/**
 * Check a document that the manifest does not list (an edition newer than it):
 * it must state a date after `newerThan` and be a whole rules document.
 *
 * @throws {CrdbError} `E_FORMAT` naming the file when it is not.
 */
export function checkNewEdition(bytes: Uint8Array, from: string, newerThan: string): DocumentShape & { warning: string } {
  const shape = readDocumentShape(bytes, from)
  if (shape.effectiveDate <= newerThan) throw new CrdbError('E_FORMAT', `${from}: states ${shape.effectiveDate}, not after ${newerThan}`)
  if (shape.truncated) throw new CrdbError('E_FORMAT', `${from}: the document stops before its end (truncated); not kept`)
  return {
    ...shape,
    warning: `unverified: the manifest does not list the edition of ${shape.effectiveDate} (no sha256 to check it against); accepted because it states that date and parses whole (${shape.rules} rules, ${shape.terms} terms)`
  }
}
