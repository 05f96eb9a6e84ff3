import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { cookieOf, demoEmail, editOf, memberOf, staffCalls } from '../../test/staff.ts';

// The app remembers a checked session for 5 seconds (ADR 025): these tests show a staff change
// ends the member's sessions at once all the same.
let t: TestApp;
let call: ReturnType<typeof staffCalls>;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  call = staffCalls(t);
  admin = await cookieOf(t, 'admin.kingston');
});
afterAll(async () => {
  await t.close();
});

describe('a staff change ends the member’s sessions at once', () => {
  it('deactivating a member signs them out at once, and they cannot sign in again', async () => {
    const cashier = await cookieOf(t, 'cashier.kingston');
    expect((await call.session(cashier)).statusCode).toBe(200);
    const member = await memberOf(call, admin, 'cashier.kingston');
    const response = await call.patch(member.id, editOf(member, { active: false }), admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().active).toBe(false);
    expect((await call.session(cashier)).statusCode).toBe(401);
    expect(
      await t.database.db.selectFrom('sessions').select('id_hash').where('user_id', '=', member.id).execute(),
    ).toEqual([]);
    const again = await signIn(t.app, demoEmail('cashier.kingston'), DEMO_PASSWORD);
    expect(again.lastResponse.statusCode).toBe(401);
    expect(again.lastResponse.body).toContain('The email or password is incorrect.');

    // Active again: they can sign in.
    expect((await call.patch(member.id, editOf(member, { active: true }), admin)).statusCode).toBe(200);
    const back = await signIn(t.app, demoEmail('cashier.kingston'), DEMO_PASSWORD);
    expect((await call.session(back.jar.header())).statusCode).toBe(200);
  });

  it('a new role ends the sessions, so the next sign-in carries the new permissions', async () => {
    const manager = await cookieOf(t, 'manager.kingston');
    expect((await call.session(manager)).json().role).toBe('Manager');
    const member = await memberOf(call, admin, 'manager.kingston');
    expect((await call.patch(member.id, editOf(member, { role_id: 3 }), admin)).statusCode).toBe(200);
    expect((await call.session(manager)).statusCode).toBe(401);
    const back = await signIn(t.app, demoEmail('manager.kingston'), DEMO_PASSWORD);
    expect((await call.session(back.jar.header())).json().role).toBe('Cashier');
  });

  it('deleting a member signs them out at once', async () => {
    const other = await cookieOf(t, 'noaccess');
    expect((await call.session(other)).statusCode).toBe(200);
    const member = await memberOf(call, admin, 'noaccess');
    expect((await call.remove(member.id, admin)).statusCode).toBe(200);
    expect((await call.session(other)).statusCode).toBe(401);
  });
});
