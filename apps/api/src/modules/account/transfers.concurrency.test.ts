import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, branchAccounts, newKey, postTransfer } from '../../test/accounts.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { ledgerInvariants } from '../ledger/repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('200 simultaneous transfers from one wallet', () => {
  it('lets exactly the affordable ones through and ends on the exact balance', async () => {
    const { jar } = await signIn(t.app, 'admin.kingston@bluemountain.example', DEMO_PASSWORD);
    const accounts = await branchAccounts(t, 1001);
    const amount = 1_000_00; // J$1,000 each
    // Leave the wallet with room for exactly 37 of them.
    const start = await balanceOf(t, accounts.wallet);
    const affordable = 37n;
    const excess = start - affordable * BigInt(amount);
    await postTransfer(t.app, jar.header(), accounts.wallet, {
      transfer_type: 'CASH_OUT',
      account_type: 'CBDC',
      account_id: accounts.cbdc,
      amount: Number(excess),
    });
    expect(await balanceOf(t, accounts.wallet)).toBe(affordable * BigInt(amount));

    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        postTransfer(t.app, jar.header(), accounts.wallet, {
          transfer_type: 'CASH_OUT',
          account_type: 'CBDC',
          account_id: accounts.cbdc,
          amount,
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(Number(affordable));
    expect(statuses.filter((s) => s === 422)).toHaveLength(200 - Number(affordable));
    expect(await balanceOf(t, accounts.wallet)).toBe(0n);
    expect(await ledgerInvariants(t.database.db)).toMatchObject({
      unbalancedEntries: 0,
      balancesNotMatchingPostings: 0,
      negativeWallets: 0,
    });
  });
});

describe('one Idempotency-Key sent many times at once', () => {
  it('moves the money once: every call answers the one transfer, all but the first as replays', async () => {
    const { jar } = await signIn(t.app, 'admin.montego@bluemountain.example', DEMO_PASSWORD);
    const accounts = await branchAccounts(t, 1002);
    const before = await balanceOf(t, accounts.wallet);
    const transfersBefore = await t.database.db
      .selectFrom('transfers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('wallet_account_id', '=', accounts.wallet)
      .executeTakeFirstOrThrow();
    const key = newKey();
    const body = {
      transfer_type: 'CASH_OUT',
      account_type: 'CBDC',
      account_id: accounts.cbdc,
      amount: 2_500_00,
    };

    const responses = await Promise.all(
      Array.from({ length: 30 }, () => postTransfer(t.app, jar.header(), accounts.wallet, body, key)),
    );
    // The calls that find the key taken wait for the first one's transaction, then replay its answer.
    expect(responses.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
    const ids = new Set(responses.map((r) => r.json().data.transfer_id));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^\d+$/);
    expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(29);
    expect(await balanceOf(t, accounts.wallet)).toBe(before - 2_500_00n);
    const transfersAfter = await t.database.db
      .selectFrom('transfers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('wallet_account_id', '=', accounts.wallet)
      .executeTakeFirstOrThrow();
    expect(Number(transfersAfter.n)).toBe(Number(transfersBefore.n) + 1);
  });
});
