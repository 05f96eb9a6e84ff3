import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signAccessToken, signIn, testClock, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { runExport } from '../reporting/index.ts';
import { purgeExpired } from './jobs.ts';

const clock = testClock();
let t: TestApp;
let cookie = '';
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  cookie = (await signIn(t.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
});
afterAll(async () => {
  await t.close();
});

const rowsOf = async (table: 'background_exports' | 'background_export_chunks') =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('"Export all" files', () => {
  it('are kept 7 days, then purged with their chunks', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/reporting/v2/exports/all',
      headers: { 'x-lynk-csrf': '1', cookie },
      payload: { source: 'orders' },
    });
    const id = started.json().result.id as string;
    expect(await runExport({ db: t.database.db, now: clock.now, pageRows: 10 }, id)).toBe('READY');
    expect(await rowsOf('background_export_chunks')).toBeGreaterThan(1);

    clock.advance(7 * DAY - 60_000);
    // The clock moved past the session's life: a bearer token of the same user reads it now.
    const user = await t.database.db
      .selectFrom('users')
      .select(['id', 'auth_id'])
      .where('email', '=', 'manager.kingston@bluemountain.example')
      .executeTakeFirstOrThrow();
    const bearer = `Bearer ${await signAccessToken(t, {
      user_id: user.id,
      authID: user.auth_id,
      role: 'Manager',
      role_id: 2,
      displayName: 'Tanya Williams',
      email: 'manager.kingston@bluemountain.example',
      org_id: 'org_1001',
      merchant_id: 1001,
      permissions: ['read:orders'],
    })}`;
    const download = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/reporting/v2/exports/all/${id}/csv`,
        headers: { authorization: bearer },
      });
    expect((await purgeExpired(t.database.db, clock.now())).exports).toBe(0);
    expect((await download()).statusCode).toBe(200);

    clock.advance(2 * 60_000);
    // Past its time it is no longer offered, even before the purge comes by.
    expect((await download()).statusCode).toBe(404);
    expect((await purgeExpired(t.database.db, clock.now())).exports).toBe(1);
    expect(await rowsOf('background_exports')).toBe(0);
    expect(await rowsOf('background_export_chunks')).toBe(0);
  });
});
