import type { FastifyInstance } from 'fastify';
import { newKey } from './accounts.ts';
import { CookieJar } from './test-app.ts';

/** The customer's side of a payment request over HTTP, as the pay page calls it. */

const CSRF = { 'x-lynk-csrf': '1' };

/** A staff member (by session cookie) creates a pay link: its order id and its link's code. */
export async function createPayLink(
  app: FastifyInstance,
  staffCookie: string,
  { amount, description }: { amount: number; description: string },
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/payment/customer-transactions',
    headers: { cookie: staffCookie, ...CSRF, 'idempotency-key': newKey() },
    payload: { amount_to_pay: amount, description },
  });
  if (response.statusCode !== 201) {
    throw new Error(`Creating a pay link answered ${response.statusCode}: ${response.body}`);
  }
  const { m_order_id, short_url } = response.json().data as { m_order_id: string; short_url: string };
  return { id: m_order_id, code: short_url.split('/pay/')[1]! };
}

/** A customer signs in to pay: the answer and the customer's cookie. */
export async function signInCustomer(app: FastifyInstance, credentials: { email: string; password: string }) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/consumer-auth/sign-in',
    headers: CSRF,
    payload: credentials,
  });
  const jar = new CookieJar();
  jar.store(response);
  return { response, cookie: jar.header() };
}

/** The signed-in customer pays the link (with an Idempotency-Key unless `key` is null). */
export function payPayLink(
  app: FastifyInstance,
  code: string,
  cookie: string,
  key: string | null = newKey(),
  headers: Record<string, string> = CSRF,
) {
  return app.inject({
    method: 'POST',
    url: `/api/payment/pay/${code}`,
    headers: { cookie, ...headers, ...(key ? { 'idempotency-key': key } : {}) },
  });
}
