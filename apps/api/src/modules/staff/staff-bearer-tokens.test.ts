import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey } from '../../test/accounts.ts';
import { createTestApp, signAccessToken, type TestApp } from '../../test/test-app.ts';
import { cookieOf, editOf, memberOf, staffCalls } from '../../test/staff.ts';

// A bearer token lives 10 minutes and carries its membership in its claims; a staff change must
// end it at once all the same, as it ends the member's cookie sessions (staff-sessions.test.ts).
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

/** The member's access token as the provider would issue it: the claims of their membership. */
async function bearerOf(local: string): Promise<string> {
  const { id, ...identity } = (await call.session(await cookieOf(t, local))).json();
  return `Bearer ${await signAccessToken(t, { ...identity, user_id: Number(id) })}`;
}

const createPaymentRequest = (authorization: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/customer-transactions',
    headers: { authorization, 'idempotency-key': newKey() },
    payload: { amount_to_pay: 25_00, description: 'After hours' },
  });

const ordersBy = async (userId: number) =>
  Number(
    (
      await t.database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('created_by', '=', userId)
        .executeTakeFirstOrThrow()
    ).count,
  );

const REFUSED = {
  code: 'UNAUTHENTICATED',
  message: 'The access token is no longer valid: the membership it was issued for has changed.',
};

describe('a staff change refuses the member’s bearer tokens at once', () => {
  it('a deactivated cashier’s token no longer creates a payment request; active again, it does', async () => {
    const token = await bearerOf('cashier.kingston');
    expect((await createPaymentRequest(token)).statusCode).toBe(201);
    const member = await memberOf(call, admin, 'cashier.kingston');
    expect((await call.patch(member.id, editOf(member, { active: false }), admin)).statusCode).toBe(200);

    const orders = await ordersBy(member.id);
    const refused = await createPaymentRequest(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(REFUSED);
    expect(await ordersBy(member.id)).toBe(orders);

    expect((await call.patch(member.id, editOf(member, { active: true }), admin)).statusCode).toBe(200);
    expect((await createPaymentRequest(token)).statusCode).toBe(201);
  });

  it('a token of the old role is refused once the role changes', async () => {
    const token = await bearerOf('manager.kingston');
    expect((await t.app.inject({ url: '/api/session', headers: { authorization: token } })).statusCode).toBe(
      200,
    );
    const member = await memberOf(call, admin, 'manager.kingston');
    expect((await call.patch(member.id, editOf(member, { role_id: 3 }), admin)).statusCode).toBe(200);
    const refused = await t.app.inject({ url: '/api/session', headers: { authorization: token } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(REFUSED);
  });

  it('a deleted member’s token is refused', async () => {
    const token = await bearerOf('noaccess');
    expect((await t.app.inject({ url: '/api/session', headers: { authorization: token } })).statusCode).toBe(
      200,
    );
    const member = await memberOf(call, admin, 'noaccess');
    expect((await call.remove(member.id, admin)).statusCode).toBe(200);
    const refused = await t.app.inject({ url: '/api/session', headers: { authorization: token } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(REFUSED);
  });
});
