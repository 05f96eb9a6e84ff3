import { CLIENT_ERROR_CODES, isApiRequestError } from '@/lib/api-client';

/**
 * The API's own words when it sent its error shape (spec section 8: approve and reject errors are
 * passed through; the export limit's text is the server's too); else the caller's generic failure.
 */
export function apiMessage(error: unknown, fallback: string): string {
  return isApiRequestError(error) && error.code !== CLIENT_ERROR_CODES.http && error.status !== 0
    ? error.message
    : fallback;
}
