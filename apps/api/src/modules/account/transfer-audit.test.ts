import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSoundLedger } from '../../test/ledger.ts';
import { branchAccounts, postTransfer } from '../../test/accounts.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { advanceBankTransfer } from '../../world/bank-rail.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';

let t: TestApp;
let admin: string;
let kingston: Awaited<ReturnType<typeof branchAccounts>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, 'admin.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
  kingston = await branchAccounts(t, 1001);
});
afterAll(async () => {
  await t.close();
});

describe('the audit trail', () => {
  const auditOf = (subject: string) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'organization_id', 'action', 'details'])
      .where('subject', '=', subject)
      .orderBy('id')
      .execute();

  it('records who moved how much for which branch, and what the bank did with it', async () => {
    const actor = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin.kingston@bluemountain.example')
      .executeTakeFirstOrThrow();
    const body = {
      transfer_type: 'CASH_OUT',
      account_type: 'BANK_ACCOUNT',
      account_id: kingston.failingBank,
      amount: 4_321,
    };
    const created = (await postTransfer(t.app, admin, kingston.wallet, body)).json().data;
    await advanceBankTransfer(t.database.db, t.app.ledger, created.transfer_id, new Date());
    await advanceBankTransfer(t.database.db, t.app.ledger, created.transfer_id, new Date());

    expect(await auditOf(created.transfer_id)).toEqual([
      {
        actor_user_id: actor.id,
        organization_id: 'org_1001',
        action: 'transfer.created',
        details: { direction: 'CASH_OUT', account_type: 'BANK_ACCOUNT', amount: 4_321, status: 'SCHEDULED' },
      },
      { actor_user_id: null, organization_id: 'org_1001', action: 'transfer.failed', details: {} },
    ]);
  });

  it('records nothing for a refused transfer', async () => {
    const before = await t.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await postTransfer(t.app, admin, kingston.wallet, {
      transfer_type: 'CASH_OUT',
      account_type: 'CBDC',
      account_id: kingston.cbdc,
      amount: 10 ** 13,
    });
    expect(refused.statusCode).toBe(422);
    const after = await t.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('the ledger after all of the above', () => {
  it('balances every entry, keeps every balance equal to its postings and no wallet below zero', async () => {
    await expectSoundLedger(t.database.db);
  });
});
