import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchAccounts } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEFAULT_LIMITS, readLimit, setLimit } from './limits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('limits of a main wallet', () => {
  it('are the standard ones until the merchant has its own, which then count', async () => {
    const { wallet } = await branchAccounts(t, 1003);
    await t.database.db.deleteFrom('account_limits').where('account_id', '=', wallet).execute();
    const now = new Date();
    for (const type of ['TOP', 'ACH_CASHOUT', 'MBATCH'] as const) {
      expect((await readLimit(t.database.db, wallet, type, now)).limit).toBe(Number(DEFAULT_LIMITS[type]));
    }

    await setLimit(t.database.db, wallet, 'ACH_CASHOUT', 12_345_00n);
    const own = await readLimit(t.database.db, wallet, 'ACH_CASHOUT', now);
    expect(own.limit).toBe(12_345_00);
    expect(own.remaining).toBe(Math.max(0, 12_345_00 - own.used));
    expect((await readLimit(t.database.db, wallet, 'TOP', now)).limit).toBe(Number(DEFAULT_LIMITS.TOP));
  });
});

describe('giving a limit back', () => {
  it('returns what a transfer counted, and fails loudly when the same amount is returned twice', async () => {
    const { wallet } = await branchAccounts(t, 1002);
    const db = t.database.db;
    // A day of its own, so this transfer is all the period has counted.
    const at = new Date('2020-03-02T15:00:00Z');
    const count = (amount: bigint) =>
      t.app.ledger.post({
        merchantId: 1002,
        limit: {
          accountId: wallet,
          type: 'ACH_CASHOUT',
          periodStart: '2020-03-02',
          amount,
          defaultCap: DEFAULT_LIMITS.ACH_CASHOUT,
        },
      });
    expect(await count(500_00n)).toMatchObject({ outcome: 'accepted' });
    expect((await readLimit(db, wallet, 'ACH_CASHOUT', at)).used).toBe(500_00);
    expect(await count(-500_00n)).toMatchObject({ outcome: 'accepted' });
    expect((await readLimit(db, wallet, 'ACH_CASHOUT', at)).used).toBe(0);
    // A second release of the same transfer is a bug: it must not pass silently (clamped at zero).
    await expect(count(-500_00n)).rejects.toThrow(/exceeds what was counted/);
    expect((await readLimit(db, wallet, 'ACH_CASHOUT', at)).used).toBe(0);
  });
});
