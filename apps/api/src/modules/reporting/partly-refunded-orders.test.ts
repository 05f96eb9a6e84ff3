import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_COLUMNS } from '@lynk/contract/reporting';
import { newKey } from '../../test/accounts.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { createConsumer } from '../../world/consumers.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { jamaicaDate } from '../ledger/jamaica-time.ts';
import { payPayLink } from '../orders/pay-service.ts';

let t: TestApp;
let manager: string;

beforeAll(async () => {
  t = await createTestApp();
  manager = (await signIn(t.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: manager, 'x-lynk-csrf': '1', 'idempotency-key': newKey() },
    payload: body as object,
  });

/** An order of `amount` cents the merchant requested and a customer paid: its id and payment. */
async function paidOrder(amount: number) {
  const requested = await post('/api/payment/customer-transactions', { amount_to_pay: amount });
  expect(requested.statusCode).toBe(201);
  const { m_order_id, short_url } = requested.json().data as { m_order_id: string; short_url: string };
  const customer = await createConsumer(t.database.db, t.app.ledger, {
    handle: '@report.customer',
    email: 'report.customer@customers.example',
    displayName: 'Report Customer',
    passwordHash: 'not-used-here',
    balance: 5_000_000n,
    at: new Date(),
  });
  const claim = {
    scope: `consumer:${customer.id}`,
    key: newKey(),
    requestHash: 'h',
    expiresAt: new Date(Date.now() + 3_600_000),
  };
  await payPayLink(t.database.db, t.app.ledger, customer, short_url.split('/pay/')[1]!, claim, new Date());
  const paid = await t.app.inject({
    url: `/api/payment/customer-transactions/${m_order_id}`,
    headers: { cookie: manager },
  });
  return { id: m_order_id, transferId: paid.json().data.transfer_id as string };
}

describe("a partly refunded order in a report's Orders table", () => {
  it('says beside its status how much went back, as the orders table does', async () => {
    const order = await paidOrder(2_000_00);
    const refunded = await post(`/api/payment/${order.id}/partial-refund`, {
      amount_to_refund: 510_58,
      transferID: order.transferId,
      description: '',
      motif: 'WRONG',
    });
    expect(refunded.statusCode).toBe(201);

    const today = jamaicaDate(new Date());
    const exported = await post('/api/reporting/v2/transfers/exports/csv', {
      start: today,
      end: today,
      types: ['Orders'],
    });
    expect(exported.statusCode).toBe(200);
    const [header, ...rows] = parse(
      Buffer.from(exported.json().result.base64File, 'base64').toString('utf8'),
    ) as string[][];
    const row = rows.find((r) => r[header!.indexOf('ID')] === order.id);
    expect(row?.[REPORT_COLUMNS.indexOf('Status')]).toBe('Paid (J$510.58 refunded)');
    // The order's amount stays what was paid; the refund is a row of the Refunds table.
    expect(row?.[REPORT_COLUMNS.indexOf('Amount')]).toBe('2000.00');
  });
});
