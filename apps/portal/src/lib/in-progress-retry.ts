import { isApiRequestError } from '@/lib/api-client';

/** The server's 409 while a request with the same Idempotency-Key is still being processed. */
const IDEMPOTENCY_IN_PROGRESS = 'IDEMPOTENCY_IN_PROGRESS';

/** How long to wait before asking again, and how many times at most, while the key is in progress. */
export const IN_PROGRESS_RETRY = { delayMs: 1000, maxRetries: 5 } as const;

export function isIdempotencyInProgress(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 409 && error.code === IDEMPOTENCY_IN_PROGRESS;
}

/**
 * The retry policy of money-moving mutations sent with an Idempotency-Key, as the transfer's (docs/decisions/014): a
 * 409 `IDEMPOTENCY_IN_PROGRESS` means the first request with this key is still being processed, so
 * the same request, same key, goes again after a second, up to five times. Nothing else is retried.
 */
export function shouldRetryInProgress(failureCount: number, error: unknown): boolean {
  return isIdempotencyInProgress(error) && failureCount < IN_PROGRESS_RETRY.maxRetries;
}
