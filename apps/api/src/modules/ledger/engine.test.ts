import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, branchAccounts } from '../../test/accounts.ts';
import { expectSoundLedger, walletDebit, type DebitOptions } from '../../test/ledger.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { callPostBatch } from './engine-repository.ts';
import type { PostingRequest } from './engine-types.ts';
import { setLimit } from './limits.ts';

// The engine decides a whole batch in one statement: these tests hand it batches directly.
let t: TestApp;
let wallet: number;
let bank: number;
let settlement: number;
let keys = 0;

beforeAll(async () => {
  t = await createTestApp();
  ({ wallet, bank } = await branchAccounts(t, 1003));
  settlement = await t.app.ledger.internalAccount('bankSettlement', 1003);
});
afterAll(async () => {
  await expectSoundLedger(t.database.db);
  await t.close();
});

/** A cash-out of `amount` cents from Ocho Rios' wallet (a negative amount pays back in). */
const debit = (amount: bigint, options: DebitOptions = {}) =>
  walletDebit({ merchantId: 1003, wallet, bank, settlement }, amount, options);

describe('one batch', () => {
  it('decides its requests in arrival order against the running balance: a refusal aborts nothing', async () => {
    const balance = await balanceOf(t, wallet);
    const outcomes = await callPostBatch(t.database.db, [
      debit(balance - 10n),
      debit(20n),
      debit(10n),
      debit(1n),
    ]);
    expect(outcomes.map((o) => o.outcome)).toEqual(['accepted', 'refused', 'accepted', 'refused']);
    expect(outcomes[1]).toMatchObject({ code: 'INSUFFICIENT_FUNDS', statusCode: 422 });
    expect(await balanceOf(t, wallet)).toBe(0n);
    // Put the money back for the other tests.
    const refill = debit(-balance);
    await callPostBatch(t.database.db, [refill]);
    expect(await balanceOf(t, wallet)).toBe(balance);
  });

  it('counts a limit as it goes, and tells a refused request what remains of it', async () => {
    await t.database.db.deleteFrom('account_limits').where('account_id', '=', wallet).execute();
    const outcomes = await callPostBatch(t.database.db, [
      debit(900_00n, { cap: 1_000_00n }),
      debit(200_00n, { cap: 1_000_00n }),
      debit(100_00n, { cap: 1_000_00n }),
      debit(1n, { cap: 1_000_00n }),
    ]);
    expect(outcomes.map((o) => o.outcome)).toEqual(['accepted', 'refused', 'accepted', 'refused']);
    expect(outcomes[1]).toMatchObject({
      code: 'DAILY_LIMIT_EXCEEDED',
      body: { code: 'DAILY_LIMIT_EXCEEDED', message: 'J$100.00 left today.', details: { remaining: 100_00 } },
    });
    expect(outcomes[3]).toMatchObject({ body: { message: 'J$0.00 left today.', details: { remaining: 0 } } });
    // The merchant's own limit wins over the standard one.
    await setLimit(t.database.db, wallet, 'ACH_CASHOUT', 1_234_567_89n);
    const [own] = await callPostBatch(t.database.db, [debit(1_234_567_89n, { cap: 1_000_00n })]);
    expect(own).toMatchObject({ body: { message: 'J$1,233,567.89 left today.' } });
    await t.database.db.deleteFrom('account_limits').where('account_id', '=', wallet).execute();
  });

  it('answers a key used twice in it once: the second replays the first, or is told the body differs', async () => {
    const key = `batch-key-${++keys}`;
    const before = await balanceOf(t, wallet);
    const outcomes = await callPostBatch(t.database.db, [
      debit(5n, { key }),
      debit(5n, { key }),
      debit(6n, { key }),
    ]);
    expect(outcomes).toEqual([
      expect.objectContaining({ outcome: 'accepted', statusCode: 201, body: { amount: 5 } }),
      { outcome: 'replayed', sameRequest: true, statusCode: 201, body: { amount: 5 } },
      { outcome: 'replayed', sameRequest: false, statusCode: 201, body: { amount: 5 } },
    ]);
    expect(await balanceOf(t, wallet)).toBe(before - 5n);
    // And in a later batch, from what was stored.
    expect(await callPostBatch(t.database.db, [debit(5n, { key })])).toEqual([
      { outcome: 'replayed', sameRequest: true, statusCode: 201, body: { amount: 5 } },
    ]);
  });

  it('stores a refusal under its key, so a retry gets the refusal, not a second try', async () => {
    const key = `refused-key-${++keys}`;
    const balance = await balanceOf(t, wallet);
    const [refused] = await callPostBatch(t.database.db, [debit(balance + 1n, { key })]);
    expect(refused).toMatchObject({ outcome: 'refused', code: 'INSUFFICIENT_FUNDS' });
    expect(await callPostBatch(t.database.db, [debit(balance + 1n, { key })])).toEqual([
      {
        outcome: 'replayed',
        sameRequest: true,
        statusCode: 422,
        body: { code: 'INSUFFICIENT_FUNDS', message: 'Not enough.' },
      },
    ]);
  });

  it('rolls back whole when one request breaks a ledger rule: nothing half-done, no key kept', async () => {
    const before = await balanceOf(t, wallet);
    const key = `rolled-back-${++keys}`;
    const unbalanced: PostingRequest = {
      ...debit(3n),
      entry: {
        ...debit(3n).entry!,
        postings: [
          { accountId: wallet, currency: 'JMD', amount: -3n },
          { accountId: settlement, currency: 'JMD', amount: 2n },
        ],
      },
    };
    const wrongCurrency = debit(4n, { account: (await branchAccounts(t, 1001)).cbdc! });
    for (const bad of [unbalanced, wrongCurrency]) {
      await expect(callPostBatch(t.database.db, [debit(7n, { key }), bad])).rejects.toThrow(
        /do not balance|no account/,
      );
    }
    expect(await balanceOf(t, wallet)).toBe(before);
    expect(await callPostBatch(t.database.db, [debit(7n, { key })])).toMatchObject([{ outcome: 'accepted' }]);
  });
});

describe('the writer', () => {
  it('posts a batch with a bad request again one by one: only the bad one fails', async () => {
    const before = await balanceOf(t, wallet);
    const missingAccount = debit(9n, { account: 987_654 });
    const posted = await Promise.allSettled([
      t.app.ledger.post(debit(1n)),
      t.app.ledger.post(missingAccount),
      t.app.ledger.post(debit(2n)),
    ]);
    expect(posted.map((p) => p.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await balanceOf(t, wallet)).toBe(before - 3n);
  });

  it('lets a request whose key is in flight wait for the first, then answers it as a replay', async () => {
    const key = `in-flight-${++keys}`;
    const before = await balanceOf(t, wallet);
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, () => t.app.ledger.post(debit(11n, { key }))),
    );
    expect(outcomes.filter((o) => o.outcome === 'accepted')).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'replayed' && o.sameRequest)).toHaveLength(29);
    expect(await balanceOf(t, wallet)).toBe(before - 11n);
  });
});
