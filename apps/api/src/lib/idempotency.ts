import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/transaction.ts';
import { AppError } from './app-error.ts';
import {
  deleteKeysExpiredBy,
  findKey,
  insertKey,
  releaseSavepoint,
  rollbackToSavepoint,
  savepoint,
  storeResponse,
  type StoredKey,
} from './idempotency-repository.ts';

/** Keys are kept at least this long, so a client may retry a money movement for a day. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,255}$/;
const WORK = 'idempotent_work';

export interface IdempotentResult {
  statusCode: number;
  body: unknown;
}

/**
 * Runs a money-moving handler at most once per `Idempotency-Key` (Stripe's semantics): a replay
 * with the same body answers the stored status and body; the same key with another body is 409.
 *
 * The key is claimed, the work done and its answer stored in one transaction: a crash anywhere
 * leaves neither the money moved nor the key taken, so the client's retry is safe; a second call
 * with the key waits on the first one's row and then replays its answer. A refusal the caller can
 * act on (4xx) undoes the work (back to a savepoint) and is stored in that same transaction, so a
 * concurrent call with the key replays the refusal too — never runs the work a second time.
 */
export async function idempotent(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  run: (trx: Transaction<Database>) => Promise<IdempotentResult>,
): Promise<void> {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
    throw new AppError('IDEMPOTENCY_KEY_REQUIRED', 400, PRODUCT_MESSAGES.idempotencyKeyRequired);
  }
  const identity = request.identity!;
  const scope = `${identity.merchant_id}:${identity.id}:${request.method} ${request.url.split('?')[0]}`;
  const requestHash = createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url');
  const claim = {
    scope,
    key,
    request_hash: requestHash,
    expires_at: new Date(Date.now() + IDEMPOTENCY_TTL_MS),
    status_code: null,
    response_body: null,
  };

  const outcome = await db
    .transaction()
    .execute(
      async (trx): Promise<{ ran: IdempotentResult } | { refused: AppError } | { stored: StoredKey }> => {
        if (!(await insertKey(trx, claim))) return { stored: await findKey(trx, scope, key) };
        await savepoint(trx, WORK);
        try {
          const ran = await run(trx);
          await releaseSavepoint(trx, WORK);
          await storeResponse(trx, scope, key, ran.statusCode, ran.body);
          return { ran };
        } catch (error) {
          // Anything else (a bug, a lost connection) rolls everything back, the key included.
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          await rollbackToSavepoint(trx, WORK);
          await storeResponse(trx, scope, key, error.statusCode, error.body());
          return { refused: error };
        }
      },
    );

  if ('refused' in outcome) throw outcome.refused;
  if ('ran' in outcome) {
    await reply.status(outcome.ran.statusCode).send(outcome.ran.body);
    return;
  }
  const { stored } = outcome;
  if (stored.request_hash !== requestHash) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 409, PRODUCT_MESSAGES.idempotencyKeyReused);
  }
  if (stored.status_code === null) {
    // A committed key carries its response (both are written in one transaction); should one ever
    // lack it, the caller hears "in progress, retry" (Stripe's answer), never a second execution.
    throw new AppError('IDEMPOTENCY_IN_PROGRESS', 409, PRODUCT_MESSAGES.idempotencyInProgress);
  }
  reply.header('idempotent-replayed', 'true');
  await reply.status(stored.status_code).send(stored.response_body);
}

export function deleteExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  return deleteKeysExpiredBy(db, now);
}
