import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createConsumer } from '../world/consumers.ts';
import { payPayLink } from '../modules/orders/pay-service.ts';
import { cookieOf, editOf, newStaff, STAFF_URL } from '../test/staff.ts';
import { isStorableJson, isStorableText, unstorableText } from './storable-text.ts';

describe('isStorableText / isStorableJson', () => {
  it('refuses a NUL and an unpaired surrogate, either half, and takes a pair', () => {
    expect(isStorableText('Two flat whites ☕ 😀')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\ud800b')).toBe(false);
    expect(isStorableText('a\ude00b')).toBe(false);
    expect(isStorableText('\ud83d\ude00')).toBe(true);
  });

  it('looks at every string of a parsed body, keys and nested members too', () => {
    const check = (raw: string) => isStorableJson(raw, JSON.parse(raw));
    expect(check('{"a":["x",{"b":"\\ud83d\\ude00"}],"c":1}')).toBe(true);
    expect(check('{"a":["x",{"b":"\\u0000"}]}')).toBe(false);
    expect(check('{"a\\udfff":1}')).toBe(false);
    // An escaped backslash then `u0000` is the six characters, not a NUL.
    expect(check('{"a":"\\\\u0000"}')).toBe(true);
    const deep = `${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`;
    expect(check(deep)).toBe(false);
  });
});

let t: TestApp;
let manager: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  manager = await cookieOf(t, 'manager.kingston');
  admin = await cookieOf(t, 'admin.kingston');
});
afterAll(async () => {
  await t.close();
});

const REFUSED = unstorableText().body();
const BAD_TEXTS = [
  ['a NUL', 'a\u0000b'],
  ['a lone high surrogate', 'a\ud800b'],
  ['a lone low surrogate', 'a\udc00b'],
] as const;

/** Rows of every table these routes write to. */
async function written() {
  const tables = ['orders', 'refunds', 'batch_payments', 'users', 'memberships', 'audit_log'] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await t.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

function send(method: 'POST' | 'PATCH', url: string, cookie: string, body: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { cookie, 'x-lynk-csrf': '1', 'idempotency-key': newKey() },
    // JSON.stringify writes a NUL as `\u0000` and a lone surrogate as `\ud800`, as any client would.
    payload: body as object,
  });
}

async function expectRefused(method: 'POST' | 'PATCH', url: string, cookie: string, body: unknown) {
  const before = await written();
  const response = await send(method, url, cookie, body);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual(REFUSED);
  expect(await written()).toEqual(before);
}

async function paidOrder(): Promise<{ id: string; transferId: string }> {
  const created = await send('POST', '/api/payment/customer-transactions', manager, {
    amount_to_pay: 10_00,
    description: 'Two flat whites',
  });
  expect(created.statusCode).toBe(201);
  const { m_order_id: id, short_url: url } = created.json().data;
  const customer = await createConsumer(t.database.db, t.app.ledger, {
    handle: `@text.${id}`,
    email: `text.${id}@customers.example`,
    displayName: 'Text Customer',
    passwordHash: 'not-used-here',
    balance: 100_00n,
    at: new Date(),
  });
  const claim = {
    scope: `consumer:${customer.id}`,
    key: newKey(),
    requestHash: 'h',
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  };
  await payPayLink(t.database.db, t.app.ledger, customer, url.split('/pay/')[1], claim, new Date());
  const order = await t.app.inject({
    url: `/api/payment/customer-transactions/${id}`,
    headers: { cookie: manager },
  });
  return { id, transferId: order.json().data.transfer_id };
}

describe.each(BAD_TEXTS)('JSON text with %s: 400 {code, message}, nothing written', (_name, text) => {
  it("in a payment request's description", async () => {
    await expectRefused('POST', '/api/payment/customer-transactions', manager, {
      amount_to_pay: 10_00,
      description: text,
    });
  });

  it("in a partial refund's description", async () => {
    const order = await paidOrder();
    await expectRefused('POST', `/api/payment/${order.id}/partial-refund`, manager, {
      amount_to_refund: 3_00,
      transferID: order.transferId,
      description: text,
      motif: 'WRONG',
    });
    const after = await t.app.inject({
      url: `/api/payment/customer-transactions/${order.id}`,
      headers: { cookie: manager },
    });
    expect(after.json().data.amount_refunded).toBe(0);
  });

  it("in a batch's name or file name (the upload's own body reader)", async () => {
    const upload = (fields: Record<string, string>) =>
      expectRefused('POST', '/api/payment/batch-payments', manager, {
        merchant_id: 1001,
        name: 'March payroll',
        file_name: 'payroll.csv',
        csv: Buffer.from('lynk_id,amount\n@someone,10\n').toString('base64'),
        ...fields,
      });
    await upload({ name: text });
    await upload({ file_name: `${text}.csv` });
  });

  it("in a new staff member's display name", async () => {
    await expectRefused(
      'POST',
      STAFF_URL,
      admin,
      newStaff(`text.${newKey()}@example.com`, 2, { display_name: text }),
    );
  });

  it("in a staff member's new display name", async () => {
    const created = await send('POST', STAFF_URL, admin, newStaff(`text.${newKey()}@example.com`, 2));
    expect(created.statusCode).toBe(201);
    const member = created.json();
    await expectRefused('PATCH', `${STAFF_URL}/${member.id}`, admin, editOf(member, { display_name: text }));
    const after = await t.app.inject({ url: `${STAFF_URL}/${member.id}`, headers: { cookie: admin } });
    expect(after.json().display_name).toBe('New Person');
  });
});

describe('text that is fine', () => {
  it('an emoji written as an escaped surrogate pair is stored as sent', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payment/customer-transactions',
      headers: {
        cookie: manager,
        'x-lynk-csrf': '1',
        'idempotency-key': newKey(),
        'content-type': 'application/json',
      },
      payload: '{"amount_to_pay":1000,"description":"Coffee \\u2615 \\ud83d\\ude00"}',
    });
    expect(created.statusCode).toBe(201);
    const order = await t.app.inject({
      url: `/api/payment/customer-transactions/${created.json().data.m_order_id}`,
      headers: { cookie: manager },
    });
    expect(order.json().data.description).toBe('Coffee ☕ 😀');
  });
});

describe("what Fastify's own JSON parser refused, still refused", () => {
  it.each([
    ['malformed JSON', '{"amount_to_pay":', 'CTP_INVALID_JSON_BODY'],
    ['an empty body', '', 'CTP_EMPTY_JSON_BODY'],
    ['a __proto__ key', '{"amount_to_pay":1000,"__proto__":{"admin":true}}', 'CTP_INVALID_JSON_BODY'],
  ])('%s: 400', async (_name, payload, code) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payment/customer-transactions',
      headers: { cookie: manager, 'x-lynk-csrf': '1', 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(code);
  });
});

describe('addresses', () => {
  // A NUL is refused at the door (plugins/errors.ts); a URL carries bytes, and bytes that are not
  // UTF-8 never decode to a lone surrogate.
  it.each([
    '/api/payment/customer-transactions?sort=a%00b',
    '/api/payment/customer-transactions?sort=%ED%A0%80',
    '/api/payment/customer-transactions?from_utc=%ED%A0%80',
    '/api/payment/customer-transactions/%ED%A0%80',
    '/api/profile/payee-lookup?lynk_id=%40a%ED%A0%80',
  ])('GET %s: 400 {code, message}', async (url) => {
    const response = await t.app.inject({ url, headers: { cookie: manager } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});
