import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { inTransaction, type Db } from '../../db/transaction.ts';
import type { EngineOutcome, PostingRequest } from './engine-types.ts';
import { AppError } from '../../lib/app-error.ts';
import { claimKey, deleteKeysExpiredBy, findKey, storeAnswer } from './idempotency-repository.ts';

/** Keys are kept at least this long, so a client may retry a money movement for a day. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,255}$/;

/**
 * The `Idempotency-Key` of a money-moving request (Stripe's semantics), for the ledger engine to
 * claim in the same transaction as the money moves (ADR 008, 020): scoped to the merchant, the
 * user and the route, with a hash of the body so the same key with another body is refused.
 */
export function idempotencyClaim(
  request: FastifyRequest,
  options: { now: Date; owner?: string },
): NonNullable<PostingRequest['idempotency']> {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
    throw new AppError('IDEMPOTENCY_KEY_REQUIRED', 400, PRODUCT_MESSAGES.idempotencyKeyRequired);
  }
  const { now } = options;
  // A staff member's keys are theirs within their merchant; a customer's are their own.
  const owner = options.owner ?? `${request.identity!.merchant_id}:${request.identity!.id}`;
  return {
    scope: `${owner}:${request.method} ${request.url.split('?')[0]}`,
    key,
    requestHash: createHash('sha256').update(bodyText(request.body)).digest('base64url'),
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
  };
}

/**
 * The body as the hash reads it. JSON.parse takes nesting thousands deep that JSON.stringify
 * overflows the stack on; a route without a body in its contract (paying a link) gets here with
 * whatever was sent.
 */
function bodyText(body: unknown): string {
  try {
    return JSON.stringify(body ?? null);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new AppError('BAD_REQUEST', 400, 'The request body is nested too deeply.');
  }
}

/**
 * Sends the engine's answer: the stored status and body, first time or replay alike (a replay
 * says so in `Idempotent-Replayed`). The same key with another body is 409.
 */
export async function sendEngineAnswer(reply: FastifyReply, outcome: EngineOutcome): Promise<void> {
  if (outcome.outcome === 'stale') throw new Error('A client request cannot be a rail transition');
  if (outcome.outcome === 'replayed') {
    if (!outcome.sameRequest) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 409, PRODUCT_MESSAGES.idempotencyKeyReused);
    }
    if (outcome.statusCode === null) {
      // A committed key carries its answer (both are written in one statement); should one ever
      // lack it, the caller hears "in progress, retry" (Stripe's answer), never a second execution.
      throw new AppError('IDEMPOTENCY_IN_PROGRESS', 409, PRODUCT_MESSAGES.idempotencyInProgress);
    }
    reply.header('idempotent-replayed', 'true');
  }
  if (outcome.statusCode === null) throw new Error('The engine accepted a client request without an answer');
  await reply.status(outcome.statusCode).send(outcome.body);
}

export function deleteExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  return deleteKeysExpiredBy(db, now);
}

/**
 * The same semantics for a creation that moves no money (a payment request): the key is claimed,
 * the work done and its answer stored in one transaction, so a retry replays the answer and two
 * concurrent calls with one key create one thing (the second waits on the first's claim).
 */
export async function withIdempotency<T>(
  db: Db,
  claim: NonNullable<PostingRequest['idempotency']>,
  work: (trx: Db) => Promise<{ statusCode: number; body: T }>,
): Promise<EngineOutcome> {
  return inTransaction(db, async (trx) => {
    if (!(await claimKey(trx, claim))) {
      const stored = await storedAnswer(trx, claim);
      if (!stored) throw new Error('A claimed idempotency key vanished');
      return stored;
    }
    const answer = await work(trx);
    await storeAnswer(trx, claim.scope, claim.key, answer.statusCode, answer.body);
    return { outcome: 'accepted', transferId: null, entryId: null, ...answer };
  });
}

/**
 * The answer already given under this key, as a replay; null when the key is new. A service whose
 * own checks would refuse a retry (the order is paid now, by this very request) asks this first,
 * so a retry gets the first answer rather than a refusal caused by its own success.
 */
export async function storedAnswer(
  db: Db,
  claim: NonNullable<PostingRequest['idempotency']>,
): Promise<EngineOutcome | null> {
  const stored = await findKey(db, claim.scope, claim.key);
  if (!stored) return null;
  return {
    outcome: 'replayed',
    sameRequest: stored.request_hash === claim.requestHash,
    statusCode: stored.status_code,
    body: stored.response_body,
  };
}
