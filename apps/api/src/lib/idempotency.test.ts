import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { recordAudit } from '../modules/audit/service.ts';
import { AppError } from './app-error.ts';
import { deleteExpiredIdempotencyKeys, idempotent, IDEMPOTENCY_TTL_MS } from './idempotency.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let keys = 0;
function call(key = `unit-key-${++keys}`, body: unknown = { amount: 100 }) {
  const request = {
    headers: { 'idempotency-key': key },
    identity: { merchant_id: 1001, id: '2' },
    method: 'POST',
    url: '/api/account/v1/accounts/1/transfers',
    body,
  } as unknown as FastifyRequest;
  const sent: { status?: number; body?: unknown; replayed?: boolean } = {};
  const reply = {
    header(name: string, value: string) {
      if (name === 'idempotent-replayed') sent.replayed = value === 'true';
      return reply;
    },
    status(code: number) {
      sent.status = code;
      return reply;
    },
    send(payload: unknown) {
      sent.body = payload;
      return Promise.resolve(reply);
    },
  } as unknown as FastifyReply;
  return { key, request, reply, sent };
}

async function auditRows(subject: string) {
  return t.database.db.selectFrom('audit_log').select('id').where('subject', '=', subject).execute();
}

async function storedKey(key: string) {
  return t.database.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
}

describe('idempotent', () => {
  it('keeps nothing of a request that fails unexpectedly, so its retry runs once and for real', async () => {
    const first = call();
    const work = (subject: string) => async (trx: Transaction<Database>) => {
      await recordAudit(trx, { actorUserId: null, organizationId: 'org_1001', action: 'test.work', subject });
      return { statusCode: 201, body: { subject } };
    };
    await expect(
      idempotent(t.database.db, first.request, first.reply, async (trx) => {
        await work('crash-1')(trx);
        throw new Error('the process died here');
      }),
    ).rejects.toThrow('the process died here');
    expect(await auditRows('crash-1')).toHaveLength(0);
    expect(await storedKey(first.key)).toBeUndefined();

    const retry = call(first.key);
    await idempotent(t.database.db, retry.request, retry.reply, work('crash-1'));
    expect(retry.sent).toMatchObject({ status: 201, body: { subject: 'crash-1' } });
    expect(await auditRows('crash-1')).toHaveLength(1);

    const replay = call(first.key);
    let ranAgain = false;
    await idempotent(t.database.db, replay.request, replay.reply, async () => {
      ranAgain = true;
      return { statusCode: 201, body: {} };
    });
    expect(ranAgain).toBe(false);
    expect(replay.sent).toMatchObject({ status: 201, body: { subject: 'crash-1' }, replayed: true });
  });

  it('remembers a refusal without keeping what the refused work wrote', async () => {
    const first = call();
    await expect(
      idempotent(t.database.db, first.request, first.reply, async (trx) => {
        await recordAudit(trx, {
          actorUserId: null,
          organizationId: 'org_1001',
          action: 'test.work',
          subject: 'refused-1',
        });
        throw new AppError('INSUFFICIENT_FUNDS', 422, 'Not enough money.');
      }),
    ).rejects.toMatchObject({ statusCode: 422 });
    expect(await auditRows('refused-1')).toHaveLength(0);

    const replay = call(first.key);
    await idempotent(t.database.db, replay.request, replay.reply, () => {
      throw new Error('must not run again');
    });
    expect(replay.sent).toMatchObject({
      status: 422,
      body: { code: 'INSUFFICIENT_FUNDS', message: 'Not enough money.' },
      replayed: true,
    });
  });

  it('refuses the same key with another body (409) and a missing or malformed key (400)', async () => {
    const first = call();
    await idempotent(t.database.db, first.request, first.reply, async () => ({ statusCode: 201, body: {} }));
    const other = call(first.key, { amount: 999 });
    await expect(
      idempotent(t.database.db, other.request, other.reply, async () => ({ statusCode: 201, body: {} })),
    ).rejects.toMatchObject({ statusCode: 409, code: 'IDEMPOTENCY_KEY_REUSED' });
    for (const bad of ['short', 'has spaces in it', 'x'.repeat(256)]) {
      const malformed = call(bad);
      await expect(
        idempotent(t.database.db, malformed.request, malformed.reply, async () => ({
          statusCode: 201,
          body: {},
        })),
      ).rejects.toMatchObject({ statusCode: 400, code: 'IDEMPOTENCY_KEY_REQUIRED' });
    }
  });

  it('keeps a key for a day: the purge removes only keys past their 24 hours', async () => {
    const young = call();
    await idempotent(t.database.db, young.request, young.reply, async () => ({
      statusCode: 201,
      body: { n: 1 },
    }));
    const stored = await storedKey(young.key);
    expect(stored!.expires_at.getTime() - Date.now()).toBeGreaterThan(IDEMPOTENCY_TTL_MS - 60_000);

    const old = call();
    await idempotent(t.database.db, old.request, old.reply, async () => ({
      statusCode: 201,
      body: { n: 2 },
    }));
    await t.database.db
      .updateTable('idempotency_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('key', '=', old.key)
      .execute();

    // 23 hours on, the young key is still there and still replays.
    const purged = await deleteExpiredIdempotencyKeys(
      t.database.db,
      new Date(Date.now() + 23 * 60 * 60 * 1000),
    );
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await storedKey(old.key)).toBeUndefined();
    const replay = call(young.key);
    await idempotent(t.database.db, replay.request, replay.reply, () => {
      throw new Error('must not run again');
    });
    expect(replay.sent).toMatchObject({ status: 201, body: { n: 1 }, replayed: true });
  });
});
