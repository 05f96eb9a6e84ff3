import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from './app-error.ts';

/** Keys are kept at least this long, so a client may retry a money movement for a day. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,255}$/;

export interface IdempotentResult {
  statusCode: number;
  body: unknown;
}

type StoredKey = { request_hash: string; status_code: number | null; response_body: unknown };

/**
 * Runs a money-moving handler at most once per `Idempotency-Key` (Stripe's semantics): a replay
 * with the same body answers the stored status and body; the same key with another body is 409.
 *
 * The key is claimed, the work done and its response stored in one transaction: a crash anywhere
 * leaves neither the money moved nor the key taken, so the client's retry is safe; a second call
 * with the key waits on the first one's row and then replays its answer. Refusals the caller can act
 * on (4xx) move nothing and are stored afterwards, so a replay answers the same.
 */
export async function idempotent(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  run: (trx: Transaction<Database>) => Promise<IdempotentResult>,
): Promise<void> {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REQUIRED',
      400,
      'Send an Idempotency-Key header (8 to 255 letters, digits, "-", "_", ":" or ".") with every money movement.',
    );
  }
  const identity = request.identity!;
  const scope = `${identity.merchant_id}:${identity.id}:${request.method} ${request.url.split('?')[0]}`;
  const requestHash = createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url');
  const newKey = {
    scope,
    key,
    request_hash: requestHash,
    expires_at: new Date(Date.now() + IDEMPOTENCY_TTL_MS),
  };

  let outcome: { ran: IdempotentResult } | { stored: StoredKey };
  try {
    outcome = await db.transaction().execute(async (trx) => {
      const claimed = await insertKey(trx, { ...newKey, status_code: null, response_body: null });
      if (!claimed) {
        const stored = await trx
          .selectFrom('idempotency_keys')
          .select(['request_hash', 'status_code', 'response_body'])
          .where('scope', '=', scope)
          .where('key', '=', key)
          .executeTakeFirstOrThrow();
        return { stored };
      }
      const ran = await run(trx);
      await trx
        .updateTable('idempotency_keys')
        .set({ status_code: ran.statusCode, response_body: JSON.stringify(ran.body) })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .execute();
      return { ran };
    });
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      await insertKey(db, {
        ...newKey,
        status_code: error.statusCode,
        response_body: JSON.stringify(error.body()),
      });
    }
    throw error;
  }

  if ('ran' in outcome) {
    await reply.status(outcome.ran.statusCode).send(outcome.ran.body);
    return;
  }
  const { stored } = outcome;
  if (stored.request_hash !== requestHash) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      409,
      'This Idempotency-Key was already used with a different request.',
    );
  }
  if (stored.status_code === null) {
    // A committed key carries its response (both are written in one transaction); should one ever
    // lack it, the caller hears "in progress, retry" (Stripe's answer), never a second execution.
    throw new AppError(
      'IDEMPOTENCY_IN_PROGRESS',
      409,
      'A request with this Idempotency-Key is still being processed.',
    );
  }
  reply.header('idempotent-replayed', 'true');
  await reply.status(stored.status_code).send(stored.response_body);
}

/** Inserts a key unless its scope already holds it; answers whether this call took it. */
function insertKey(db: Kysely<Database>, row: Insertable<Database['idempotency_keys']>) {
  return db
    .insertInto('idempotency_keys')
    .values(row)
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
}

export async function deleteExpiredIdempotencyKeys(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
