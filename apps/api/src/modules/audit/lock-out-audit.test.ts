import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, follow, submitForm, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';

// A lock-out is an attack's trace: the failure that starts it is audited, with who and from where.
let t: TestApp;

beforeAll(async () => {
  // Every sign-in here comes from one address, more a minute than the per-address limit allows.
  t = await createTestApp({ env: { SIGN_IN_ATTEMPTS_PER_ADDRESS: '1000', RATE_LIMIT_PER_MINUTE: '10000' } });
});
afterAll(async () => {
  await t.close();
});

function userOf(email: string) {
  return t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
}

function rowsOf(action: string) {
  return t.database.db
    .selectFrom('audit_log')
    .select(['actor_user_id', 'subject', 'ip', 'at'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();
}

describe('lock-outs are audited once, when they start', () => {
  it('records the wrong password that locks an account, not the tries refused while locked', async () => {
    const email = 'manager.montego@bluemountain.example';
    for (let i = 0; i < 7; i++) {
      await submitForm(t.app, await follow(t.app, '/auth/login?returnTo=%2F'), { email, password: 'wrong' });
    }
    const { id } = await userOf(email);
    const failed = (await rowsOf('auth.login_failed')).filter((row) => row.subject === email);
    const locked = (await rowsOf('auth.login_locked')).filter((row) => row.subject === email);
    expect(locked).toEqual([expect.objectContaining({ actor_user_id: id, ip: expect.any(String) })]);
    // The lock started on the fifth failure, after which the provider stopped checking passwords.
    expect(failed).toHaveLength(5);
    expect(locked[0]!.at.getTime()).toBeGreaterThanOrEqual(failed[4]!.at.getTime());
  });

  it('records the wrong code that locks the second step', async () => {
    const email = 'admin.ochorios@bluemountain.example';
    let flow = await submitForm(t.app, await follow(t.app, '/auth/login?returnTo=%2F'), {
      email,
      password: DEMO_PASSWORD,
    });
    for (let i = 0; i < 6; i++) flow = await submitForm(t.app, flow, { code: '123456' });
    const { id } = await userOf(email);
    const failed = (await rowsOf('auth.second_factor_failed')).filter((row) => row.actor_user_id === id);
    const locked = (await rowsOf('auth.second_factor_locked')).filter((row) => row.actor_user_id === id);
    expect(failed).toHaveLength(5);
    expect(locked).toEqual([expect.objectContaining({ subject: email, ip: expect.any(String) })]);
  });
});
