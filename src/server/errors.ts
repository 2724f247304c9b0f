/**
 * Errors as the HTTP API answers them: `{"error": {"code", "message"}}` with the
 * CLI's stable codes, and the status each code means.
 */
import type { ErrorCode } from '../vocabulary/errors.js'

/** Codes that only the server gives (the CLI's codes are {@link ErrorCode}). */
export type HttpErrorCode = ErrorCode | 'E_NO_ROUTE' | 'E_METHOD' | 'E_MEDIA_TYPE' | 'E_INTERNAL' | 'E_BUSY'

/** The JSON body of an error. */
export interface ErrorBody {
  error: { code: HttpErrorCode; message: string }
}

const statuses: Partial<Record<HttpErrorCode, 300 | 400 | 404 | 405 | 413 | 415 | 500 | 503>> = {
  // A number that names several rules: the answer lists them (translation.numbers).
  E_AMBIGUOUS: 300,
  E_NOT_FOUND: 404,
  E_NO_ROUTE: 404,
  E_METHOD: 405,
  E_TOO_LARGE: 413,
  E_MEDIA_TYPE: 415,
  E_DB: 503,
  E_DB_NEWER: 503,
  // A damaged store or a full disk: the server's fault, not the request's; other answers may still be served.
  E_DB_CORRUPT: 503,
  E_DISK_FULL: 503,
  E_IO: 500,
  E_INTERNAL: 500,
  // Too many costly answers in the queue: retry after the answer's Retry-After.
  E_BUSY: 503
}

/** The HTTP status for an error code: 400 for any bad input unless listed otherwise. */
export function statusOf(code: HttpErrorCode): 300 | 400 | 404 | 405 | 413 | 415 | 500 | 503 {
  return statuses[code] ?? 400
}

/** The body of an error answer. */
export function errorBody(code: HttpErrorCode, message: string): ErrorBody {
  return { error: { code, message } }
}
