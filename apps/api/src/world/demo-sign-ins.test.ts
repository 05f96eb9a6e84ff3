import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../scripts/prepare.ts';
import { hashPassword } from '../modules/identity/passwords.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_CUSTOMER } from './demo-consumers.ts';
import { DEMO_USERS } from './demo-seed.ts';
import { findDemoSignIn } from './demo-sign-ins.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// Finding 6 of the second security review: a production start seeded the demo users, and the
// README's password and authenticator key signed in as Super Administrator.
describe('a production start on a database with the demo’s sign-ins (ADR 041)', () => {
  it('refuses to start while one of the README’s users opens with the README’s password', async () => {
    await expect(prepareDatabase(t.database.db, { demo: false, now: new Date() })).rejects.toThrow(
      /Refusing to start in production: superadmin@bluemountain\.example signs in with the demo’s published password/,
    );
  });

  it('starts once every one of them has a password of its own', async () => {
    const own = await hashPassword('a password nobody published');
    await t.database.db
      .updateTable('users')
      .set({ password_hash: own })
      .where(
        'email',
        'in',
        DEMO_USERS.map((u) => u.email),
      )
      .execute();
    expect(await findDemoSignIn(t.database.db)).toBe(DEMO_CUSTOMER.email);
    await t.database.db.updateTable('consumers').set({ password_hash: own }).execute();
    await expect(prepareDatabase(t.database.db, { demo: false, now: new Date() })).resolves.toBeUndefined();
  });
});
