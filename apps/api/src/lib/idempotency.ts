import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from './app-error.ts';

/** Keys are kept at least this long, so a client may retry a money movement for a day. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,255}$/;

export interface IdempotentResult {
  statusCode: number;
  body: unknown;
}

/**
 * Runs a money-moving handler at most once per `Idempotency-Key` (Stripe's semantics): a replay
 * with the same body answers the stored status and body; the same key with another body is 409.
 * Errors the caller can act on (4xx) are stored like successes; an unexpected failure frees the
 * key so the client can retry.
 */
export async function idempotent(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<IdempotentResult>,
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
  const requestHash = createHash('sha256').update(JSON.stringify(request.body ?? null)).digest('base64url');

  const claimed = await db
    .insertInto('idempotency_keys')
    .values({
      scope,
      key,
      request_hash: requestHash,
      status_code: null,
      response_body: null,
      expires_at: new Date(Date.now() + IDEMPOTENCY_TTL_MS),
    })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();

  if (!claimed) {
    const stored = await db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'status_code', 'response_body'])
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    if (stored.request_hash !== requestHash) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 409, 'This Idempotency-Key was already used with a different request.');
    }
    if (stored.status_code === null) {
      throw new AppError('IDEMPOTENCY_IN_PROGRESS', 409, 'A request with this Idempotency-Key is still being processed.');
    }
    reply.header('idempotent-replayed', 'true');
    await reply.status(stored.status_code).send(stored.response_body);
    return;
  }

  let result: IdempotentResult;
  try {
    result = await run();
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      const body = { code: error.code, message: error.message, ...(error.details === undefined ? {} : { details: error.details }) };
      await store(db, scope, key, { statusCode: error.statusCode, body });
    } else {
      await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).execute();
    }
    throw error;
  }
  await store(db, scope, key, result);
  await reply.status(result.statusCode).send(result.body);
}

async function store(db: Kysely<Database>, scope: string, key: string, result: IdempotentResult) {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: result.statusCode, response_body: JSON.stringify(result.body) })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .execute();
}

export async function deleteExpiredIdempotencyKeys(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
