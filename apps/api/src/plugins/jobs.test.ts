import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, branchAccounts, postTransfer } from '../test/accounts.ts';
import { createTestApp, signIn, type TestApp } from '../test/test-app.ts';
import { DEMO_PASSWORD } from '../world/demo-seed.ts';
import { PURGE_EXPIRED_CRON, PURGE_EXPIRED_JOB } from '../modules/maintenance/jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: true, env: { BANK_RAIL_STEP_SECONDS: '0' } });
});
afterAll(async () => {
  await t.close();
});

describe('background jobs', () => {
  it('starts pg-boss and schedules the expired-session purge', async () => {
    expect(t.app.boss).not.toBeNull();
    const schedules = await t.app.boss!.getSchedules();
    expect(schedules).toContainEqual(
      expect.objectContaining({ name: PURGE_EXPIRED_JOB, cron: PURGE_EXPIRED_CRON }),
    );
  });

  it('runs a purge job sent to the queue', async () => {
    const id = await t.app.boss!.send(PURGE_EXPIRED_JOB, {});
    expect(id).toBeTruthy();
    await expect
      .poll(async () => (await t.app.boss!.getJobById(PURGE_EXPIRED_JOB, id!))?.state, {
        timeout: 20_000,
        interval: 250,
      })
      .toBe('completed');
  });

  it('drives a bank transfer through the rail to FAILED and returns the money', async () => {
    const { jar } = await signIn(t.app, 'admin.ochorios@bluemountain.example', DEMO_PASSWORD);
    const accounts = await branchAccounts(t, 1003);
    const before = await balanceOf(t, accounts.wallet);
    const created = await postTransfer(t.app, jar.header(), accounts.wallet, {
      transfer_type: 'CASH_OUT',
      account_type: 'BANK_ACCOUNT',
      account_id: accounts.failingBank,
      amount: 12_345,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.transfer_id;
    await expect
      .poll(
        async () =>
          (
            await t.database.db
              .selectFrom('transfers')
              .select('status')
              .where('id', '=', id)
              .executeTakeFirstOrThrow()
          ).status,
        { timeout: 30_000, interval: 250 },
      )
      .toBe('FAILED');
    expect(await balanceOf(t, accounts.wallet)).toBe(before);
  });
});
