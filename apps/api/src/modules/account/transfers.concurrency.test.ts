import { sql } from 'kysely';
import { expectSoundLedger } from '../../test/ledger.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, branchAccounts, newKey, postTransfer } from '../../test/accounts.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';

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
    await expectSoundLedger(t.database.db);
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

describe('one Idempotency-Key sent several times at once, the first call refused', () => {
  it('answers every call with that one refusal: the others replay it and never run the transfer', async () => {
    const { jar } = await signIn(t.app, 'admin.ochorios@bluemountain.example', DEMO_PASSWORD);
    const accounts = await branchAccounts(t, 1003);
    const db = t.database.db;
    const before = await balanceOf(t, accounts.wallet);
    const body = {
      transfer_type: 'CASH_OUT',
      account_type: 'BANK_ACCOUNT',
      account_id: accounts.bank,
      amount: 1_000_00,
    };
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    // The calls waiting on the key race the end of the first call's transaction; a few rounds
    // make sure a refusal stored any later than the claim's own transaction would be caught.
    for (let round = 0; round < 3; round++) {
      const key = newKey();
      const send = () => postTransfer(t.app, jar.header(), accounts.wallet, body, key);
      // Another transaction empties the wallet and holds its row: the first call claims the key
      // and waits on that row; the other calls wait on the key. The wallet is empty for the first.
      let first!: ReturnType<typeof send>;
      let others!: ReturnType<typeof send>[];
      await db.transaction().execute(async (trx) => {
        await sql`update accounts set balance = 0 where id = ${accounts.wallet}`.execute(trx);
        first = send();
        await pause(1000);
        others = Array.from({ length: 6 }, send);
        await pause(1000);
      });
      const refused = await first;
      // The money is back before the other calls could run the transfer a second time.
      await sql`update accounts set balance = ${before.toString()}::bigint where id = ${accounts.wallet}`.execute(
        db,
      );
      const replies = await Promise.all(others);

      expect(refused.statusCode).toBe(422);
      expect(refused.json().code).toBe('INSUFFICIENT_FUNDS');
      expect(replies.map((r) => [r.statusCode, r.json(), r.headers['idempotent-replayed']])).toEqual(
        Array(6).fill([422, refused.json(), 'true']),
      );
      expect(await balanceOf(t, accounts.wallet)).toBe(before);
    }
  });
});
