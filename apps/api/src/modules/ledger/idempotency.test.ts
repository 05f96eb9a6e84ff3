import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { deleteExpiredIdempotencyKeys, idempotencyClaim, IDEMPOTENCY_TTL_MS } from './idempotency.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let keys = 0;
function request(key: string | null = `unit-key-${++keys}`, body: unknown = { amount: 100 }) {
  return {
    headers: key === null ? {} : { 'idempotency-key': key },
    identity: { merchant_id: 1001, id: '2' },
    method: 'POST',
    url: '/api/account/v1/accounts/1/transfers?ignored=1',
    body,
  } as unknown as FastifyRequest;
}

/** A ledger request that moves nothing but claims the key and stores an answer. */
const keyedRequest = (claim: ReturnType<typeof idempotencyClaim>, n: number) =>
  t.app.ledger.post({
    merchantId: 1001,
    idempotency: claim,
    response: { statusCode: 201, body: { n } },
  });

describe('an idempotency key', () => {
  it('is scoped to the merchant, the user and the route, with a hash of the body', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const claim = idempotencyClaim(request('same-key-1'), { now });
    expect(claim.scope).toBe('1001:2:POST /api/account/v1/accounts/1/transfers');
    expect(claim.expiresAt.getTime() - now.getTime()).toBe(IDEMPOTENCY_TTL_MS);
    expect(idempotencyClaim(request('same-key-1'), { now }).requestHash).toBe(claim.requestHash);
    expect(idempotencyClaim(request('same-key-1', { amount: 999 }), { now }).requestHash).not.toBe(
      claim.requestHash,
    );
  });

  it('is required and well-formed: else 400 IDEMPOTENCY_KEY_REQUIRED', () => {
    for (const bad of [null, 'short', 'has spaces in it', 'x'.repeat(256)]) {
      expect(() => idempotencyClaim(request(bad), { now: new Date() })).toThrow(
        expect.objectContaining({ statusCode: 400, code: 'IDEMPOTENCY_KEY_REQUIRED' }),
      );
    }
  });

  it('refuses a body nested too deeply to hash (400, not a 500 from an overflowing stack)', () => {
    // The pay route takes no body, so nothing but this hash reads one: JSON.parse takes 5,000
    // levels that JSON.stringify cannot write back.
    const nested = JSON.parse('['.repeat(5_000) + ']'.repeat(5_000));
    expect(() => idempotencyClaim(request(undefined, nested), { now: new Date() })).toThrow(
      expect.objectContaining({ statusCode: 400, code: 'BAD_REQUEST' }),
    );
  });

  it('is kept for a day: the purge removes only keys past their 24 hours', async () => {
    const young = idempotencyClaim(request(), { now: new Date() });
    const old = idempotencyClaim(request(), { now: new Date() });
    await keyedRequest(young, 1);
    await keyedRequest(old, 2);
    await t.database.db
      .updateTable('idempotency_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('key', '=', old.key)
      .execute();

    // 23 hours on, the young key is still there and still replays.
    const purged = await deleteExpiredIdempotencyKeys(t.database.db, new Date(Date.now() + 23 * 3600_000));
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await keyedRequest(young, 99)).toEqual({
      outcome: 'replayed',
      sameRequest: true,
      statusCode: 201,
      body: { n: 1 },
    });
    // The old key is gone: the same key runs afresh.
    expect(await keyedRequest(old, 3)).toMatchObject({ outcome: 'accepted', body: { n: 3 } });
  });
});
