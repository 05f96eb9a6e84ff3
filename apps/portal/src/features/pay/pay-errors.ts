import { CLIENT_ERROR_CODES, isApiRequestError } from '@/lib/api-client';
import { isIdempotencyInProgress } from './api/pay-pay-link';

const CLIENT_CODES: ReadonlySet<string> = new Set(Object.values(CLIENT_ERROR_CODES));

/** The server's own words when it answered with the API's error shape, else `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  return isApiRequestError(error) && !CLIENT_CODES.has(error.code) ? error.message : fallback;
}

/** 409 ORDER_NOT_PAYABLE: the link was paid, declined or expired meanwhile; the message says which. */
export function isNotPayable(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 409 && !isIdempotencyInProgress(error);
}

/**
 * A network failure, a server error, an unreadable answer, or a first attempt still being processed
 * after every retry: the payment may or may not have been made, so it may be sent again with the
 * same Idempotency-Key (the server then replays its first answer: at most one payment).
 */
export function isUncertainPayment(error: unknown): boolean {
  if (!isApiRequestError(error) || isIdempotencyInProgress(error)) return true;
  return error.status === 0 || error.status >= 500 || error.code === CLIENT_ERROR_CODES.invalidResponse;
}
